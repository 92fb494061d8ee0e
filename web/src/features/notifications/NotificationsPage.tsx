import { Badge, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { LocaleLink } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { type TNotice, useNotifications } from './api';

/** /notifications: every notification of the user, newest first. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const list = useListParams({ column: 'created_at', sort: 'DESC' });
  const notices = useNotifications(list.params);
  const columns = useMemo<ColumnsType<TNotice>>(
    () => [
      {
        key: 'title',
        title: t('notifications.subject'),
        render: (_: unknown, n) => (
          <span>
            {!n.read_at && <Badge status="processing" style={{ marginInlineEnd: 8 }} />}
            {n.link ? <LocaleLink to={n.link}>{n.title}</LocaleLink> : n.title}
          </span>
        ),
      },
      { key: 'body', dataIndex: 'body', title: t('notifications.message') },
      {
        key: 'created_at',
        dataIndex: 'created_at',
        title: t('notifications.date'),
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t],
  );
  return (
    <div data-testid="notifications-page">
      <Typography.Title level={1}>{t('notifications.title')}</Typography.Title>
      {notices.isPending && <FullScreenLoader />}
      <DataTable<TNotice>
        list={list}
        data={notices.data}
        loading={notices.isFetching}
        columns={columns}
        rowKey="id"
        testId="notifications-table"
      />
    </div>
  );
}
