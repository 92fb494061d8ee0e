import { Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPercent } from '../../app/format';
import { useIsPhone } from '../../app/useIsPhone';
import { sellerName, type TPercentChange, type TSellerRow, usePercentHistory } from './api';

/** The changes of a seller's percent, newest first: when, the new and the former percent, by whom. */
export function PercentHistoryTable({ email, testId }: { email: string | null; testId: string }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const history = usePercentHistory(email);
  // on a phone: when and by whom in one column, the new and former percent in the other
  const phoneColumns: ColumnsType<TPercentChange> = [
    {
      key: 'changed_at',
      title: t('sellers.historyDate'),
      render: (_v, c) => (
        <>
          <div>{formatDateTime(c.changed_at)}</div>
          <Typography.Text type="secondary">{c.changed_by?.name ?? '—'}</Typography.Text>
        </>
      ),
    },
    {
      key: 'percent',
      title: t('sellers.historyPercent'),
      align: 'right',
      render: (_v, c) => (
        <>
          <div>{formatPercent(c.percent)}</div>
          <Typography.Text type="secondary">
            {t('common.pair', {
              label: t('sellers.historyPrevious'),
              value: formatPercent(c.previous) || '—',
            })}
          </Typography.Text>
        </>
      ),
    },
  ];
  const columns: ColumnsType<TPercentChange> = [
    {
      key: 'changed_at',
      title: t('sellers.historyDate'),
      render: (_v, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.changed_at)}</span>,
    },
    {
      key: 'percent',
      title: t('sellers.historyPercent'),
      align: 'right',
      render: (_v, c) => formatPercent(c.percent),
    },
    {
      key: 'previous',
      title: t('sellers.historyPrevious'),
      align: 'right',
      render: (_v, c) => formatPercent(c.previous) || '—',
    },
    { key: 'changed_by', title: t('sellers.historyBy'), render: (_v, c) => c.changed_by?.name ?? '—' },
  ];
  return (
    <Table<TPercentChange>
      rowKey={(c) => `${c.changed_at}-${c.percent}`}
      size="small"
      columns={phone ? phoneColumns : columns}
      dataSource={history.data ?? []}
      loading={history.isPending && !!email}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('sellers.historyEmpty') }}
      data-testid={testId}
    />
  );
}

/** The percent history modal (SPEC §2). */
export function PercentHistoryModal({ seller, onClose }: { seller: TSellerRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  return (
    <Modal
      open={!!seller}
      title={seller ? t('sellers.historyTitle', { seller: sellerName(seller) }) : ''}
      footer={null}
      onCancel={onClose}
      width={phone ? '100%' : 640}
      destroyOnHidden
      data-testid="percent-history-modal"
    >
      <PercentHistoryTable email={seller?.email ?? null} testId="percent-history" />
    </Modal>
  );
}
