import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPercent } from '../../app/format';
import { DataTable } from '../../components/DataTable';
import { useListParams } from '../../components/useListParams';
import { type TSellerAuditItem, useSellerAudit } from './api';

const ACTION_COLOR: Record<TSellerAuditItem['action'], string> = {
  login_as_start: 'purple',
  login_as_stop: 'purple',
  request: 'blue',
  percent_changed: 'gold',
  unsubscribed: 'red',
};

/** What one line says beyond its action: the request made, the percent, why a login-as ended. */
function AuditDetail({ item }: { item: TSellerAuditItem }) {
  const { t } = useTranslation();
  const d = item.detail ?? {};
  if (item.action === 'request') {
    return (
      <Space size={4} wrap>
        <Typography.Text code>{item.method}</Typography.Text>
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {item.path}
        </Typography.Text>
      </Space>
    );
  }
  if (item.action === 'percent_changed') {
    const from = formatPercent(d.previous as number | null) || '—';
    return <span>{`${from} → ${formatPercent(d.percent as number)}`}</span>;
  }
  if (item.action === 'login_as_stop' && typeof d.reason === 'string') {
    return (
      <span>
        {t(`sellers.auditReasons.${d.reason as 'back_to_admin' | 'signed_out' | 'seller_unavailable'}`)}
      </span>
    );
  }
  if (item.action === 'unsubscribed' && typeof d.previous_status === 'string') {
    return (
      <span>{t('sellers.auditStatus', { status: t(`myPlan.status.${d.previous_status as 'active'}`) })}</span>
    );
  }
  return null;
}

/** The answer's status of a recorded request: green when it went through, red when refused. */
const statusTag = (code: number | null): ReactNode =>
  code === null ? null : <Tag color={code < 400 ? 'green' : 'red'}>{code}</Tag>;

/** The seller's audit (GET sellers/audit), newest first, paged; its list state lives in the URL. */
export function SellerAudit({ sellerId }: { sellerId: number }) {
  const { t } = useTranslation();
  const list = useListParams({ column: 'created_at', sort: 'DESC' });
  const audit = useSellerAudit(sellerId, list.params);
  const columns: ColumnsType<TSellerAuditItem> = [
    {
      key: 'created_at',
      title: t('sellers.auditDate'),
      render: (_v, i) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.created_at)}</span>,
    },
    {
      key: 'action',
      title: t('sellers.auditAction'),
      render: (_v, i) => <Tag color={ACTION_COLOR[i.action]}>{t(`sellers.auditActions.${i.action}`)}</Tag>,
    },
    { key: 'detail', title: t('sellers.auditWhat'), render: (_v, i) => <AuditDetail item={i} /> },
    { key: 'status', title: t('sellers.auditResult'), render: (_v, i) => statusTag(i.status_code) },
    { key: 'admin', title: t('sellers.auditBy'), render: (_v, i) => i.admin?.name ?? '—' },
  ];
  const card = (i: TSellerAuditItem) => (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space size={4} wrap>
        <Tag color={ACTION_COLOR[i.action]}>{t(`sellers.auditActions.${i.action}`)}</Tag>
        {statusTag(i.status_code)}
      </Space>
      <AuditDetail item={i} />
      <Typography.Text type="secondary">
        {formatDateTime(i.created_at)} · {i.admin?.name ?? '—'}
      </Typography.Text>
    </Space>
  );
  return (
    <DataTable<TSellerAuditItem>
      list={list}
      data={audit.data}
      loading={audit.isFetching}
      columns={columns}
      rowKey="id"
      size="middle"
      testId="seller-audit"
      rowTestId={(i) => `audit-row-${i.id}`}
      emptyText={t('sellers.auditEmpty')}
      phoneCard={card}
    />
  );
}
