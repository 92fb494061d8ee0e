import { PaperClipOutlined } from '@ant-design/icons';
import type { TSupportMessage } from '@livecart/contract/support';
import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/format';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { SUPPORT_DEFAULTS, useSupportRequests } from './api';
import { type SupportFilter, SupportFilters } from './SupportFilters';
import { SupportRequestDrawer } from './SupportRequestDrawer';
import { SupportStatusTag, SupportTypeTag } from './Tags';

/** Who wrote: the name, then the company and e-mail. */
function Author({ item }: { item: TSupportMessage }) {
  const a = item.author;
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return (
    <div>
      <div>{name || a.email || '—'}</div>
      <Typography.Text type="secondary">
        {[a.company_name, a.email].filter(Boolean).join(' · ')}
      </Typography.Text>
    </div>
  );
}

/**
 * /support for admin: the team's inbox of every seller's help request and every contact and demo
 * form, newest first, with filters (status, source, days) and a search; a request opens in a
 * drawer (`?id=` in the address, so the notification's link and a reload open it too) to read it,
 * answer it by e-mail and close or reopen it.
 */
export function SupportInboxPage() {
  const { t } = useTranslation();
  const list = useListParams(SUPPORT_DEFAULTS);
  const requests = useSupportRequests(list.params);
  const [search, setSearch] = useSearchParams();
  const opened = Number(search.get('id')) || null;
  const openRequest = (id: number | null) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('id', String(id));
      else next.delete('id');
      return next;
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: openRequest only writes the address
  const columns = useMemo<ColumnsType<TSupportMessage>>(() => {
    const openRow = (r: TSupportMessage) => ({
      onClick: () => openRequest(r.id),
      style: { cursor: 'pointer' },
    });
    return [
      {
        key: 'created_at',
        dataIndex: 'created_at',
        title: t('support.date'),
        sorter: true,
        render: (v: string) => formatDateTime(v),
        onCell: openRow,
      },
      {
        key: 'subject',
        title: t('support.subject'),
        sorter: true,
        render: (_: unknown, r) => (
          <Button
            type="link"
            size="small"
            className="support-subject-link"
            onClick={(e) => {
              e.stopPropagation();
              openRequest(r.id);
            }}
            data-testid={`support-open-${r.id}`}
          >
            {r.subject}
            {r.attachment && <PaperClipOutlined aria-label={t('support.attachment')} />}
          </Button>
        ),
      },
      {
        key: 'from',
        title: t('support.from'),
        render: (_: unknown, r) => <Author item={r} />,
        onCell: openRow,
      },
      {
        key: 'type',
        dataIndex: 'type',
        title: t('support.typeLabel'),
        sorter: true,
        render: (_: unknown, r) => <SupportTypeTag type={r.type} />,
        onCell: openRow,
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('support.statusLabel'),
        sorter: true,
        render: (_: unknown, r) => <SupportStatusTag status={r.status} testId={`support-status-${r.id}`} />,
        onCell: openRow,
      },
      {
        key: 'replies_count',
        dataIndex: 'replies_count',
        title: t('support.repliesCount'),
        align: 'right',
        onCell: openRow,
      },
    ];
  }, [t]);

  return (
    <div data-testid="support-inbox-page">
      <Typography.Title level={1}>{t('support.inboxTitle')}</Typography.Title>
      {requests.isPending && <FullScreenLoader />}
      <DataTable<TSupportMessage>
        list={list}
        data={requests.data}
        loading={requests.isFetching}
        columns={columns}
        rowKey="id"
        size="middle"
        searchable
        testId="support-table"
        rowTestId={(r) => `support-row-${r.id}`}
        emptyText={t('support.empty')}
        phoneCard={(r) => (
          <>
            <div className="list-card-head">
              <Button
                type="link"
                className="support-subject-link"
                onClick={() => openRequest(r.id)}
                data-testid={`support-open-${r.id}`}
              >
                {r.subject}
                {r.attachment && <PaperClipOutlined aria-label={t('support.attachment')} />}
              </Button>
              <SupportStatusTag status={r.status} testId={`support-status-${r.id}`} />
            </div>
            <Author item={r} />
            <div className="list-card-foot">
              <SupportTypeTag type={r.type} />
              <Typography.Text type="secondary">{formatDateTime(r.created_at)}</Typography.Text>
            </div>
          </>
        )}
        filters={
          <SupportFilters
            value={list.params.filter as SupportFilter}
            onApply={(f) => list.setFilter({ ...f })}
            onReset={list.reset}
          />
        }
      />
      <SupportRequestDrawer id={opened} onClose={() => openRequest(null)} />
    </div>
  );
}
