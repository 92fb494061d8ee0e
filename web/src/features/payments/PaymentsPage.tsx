import { ROLE } from '@livecart/contract/constants';
import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useLocale } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { useSession } from '../auth/api';
import { OrderStatusTag } from '../dashboard/OrderStatusTag';
import { PAYMENTS_DEFAULTS, type TPaymentRow, useBulkDownload, usePaymentFilters, usePayments } from './api';
import { paymentLabel } from './labels';
import { PaymentDetailDrawer } from './PaymentDetailDrawer';
import { type PaymentsFilter, PaymentsFilters } from './PaymentsFilters';

/**
 * /payments (seller, admin): the orders and what was paid for them, paid ones by default (SPEC §9);
 * a row opens the transaction detail; checked rows download as one zip of PDFs.
 */
export default function PaymentsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useSession();
  const isAdmin = user?.role_id === ROLE.admin;
  const list = useListParams(PAYMENTS_DEFAULTS);
  const payments = usePayments(list.params);
  const filters = usePaymentFilters();
  const bulkDownload = useBulkDownload();
  const [open, setOpen] = useState<string | null>(null);

  const columns = useMemo<ColumnsType<TPaymentRow>>(() => {
    const openRow = (r: TPaymentRow) => ({
      onClick: () => setOpen(r.order_number),
      style: { cursor: 'pointer' },
    });
    const cols: ColumnsType<TPaymentRow> = [
      {
        key: 'order_number',
        title: t('payments.order'),
        sorter: true,
        render: (_: unknown, r) => (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={(e) => {
              e.stopPropagation();
              setOpen(r.order_number);
            }}
            data-testid={`payment-row-${r.order_number}`}
          >
            {r.order_number}
          </Button>
        ),
      },
      {
        key: 'created_at',
        dataIndex: 'created_at',
        title: t('payments.date'),
        sorter: true,
        render: (v: string) => formatDate(v),
        onCell: openRow,
      },
      {
        key: 'shopper',
        title: t('payments.shopper'),
        sorter: true,
        render: (_: unknown, r) => r.shopper ?? r.shopper_email ?? '—',
        onCell: openRow,
      },
      {
        key: 'country',
        dataIndex: 'country_iso',
        title: t('address.country'),
        render: (v: string | null) => v ?? '—',
        onCell: openRow,
      },
      {
        key: 'shipping',
        dataIndex: 'shipping_name',
        title: t('payments.shipping'),
        render: (v: string | null) => v ?? '—',
        onCell: openRow,
      },
      {
        key: 'payment',
        title: t('payments.method'),
        render: (_: unknown, r) => paymentLabel(t, r.provider, r.payment_method) || '—',
        onCell: openRow,
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('payments.status'),
        render: (_: unknown, r) => <OrderStatusTag status={r.status} />,
        onCell: openRow,
      },
      {
        key: 'amount',
        dataIndex: 'amount',
        title: t('payments.amount'),
        align: 'right',
        render: (v: number) => formatEuros(v),
        onCell: openRow,
      },
      {
        key: 'total_amount',
        dataIndex: 'total_amount',
        title: t('payments.total'),
        sorter: true,
        align: 'right',
        // the total stays in view whatever the width, the other columns scroll under it
        fixed: 'right',
        render: (v: number) => formatEuros(v),
        onCell: openRow,
      },
    ];
    if (isAdmin) {
      cols.splice(3, 0, {
        key: 'seller',
        dataIndex: 'seller_name',
        title: t('payments.seller'),
        render: (v: string | null) => v ?? '—',
        onCell: openRow,
      });
    }
    return cols;
  }, [t, isAdmin]);

  return (
    <div data-testid="payments-page">
      <Typography.Title level={1}>{t('payments.title')}</Typography.Title>
      {payments.isPending && <FullScreenLoader />}
      <DataTable<TPaymentRow>
        list={list}
        data={payments.data}
        loading={payments.isFetching || bulkDownload.isPending}
        columns={columns}
        rowKey="id"
        size="middle"
        testId="payments-table"
        bulkActions={[
          {
            key: 'download',
            label: t('payments.bulkDownload'),
            testId: 'payments-bulk-download',
            noneMessage: t('errors.select_order_download'),
            onRun: (keys) =>
              bulkDownload.mutate(
                { ids: keys.map(Number), locale },
                { onSuccess: () => toast('success', t('payments.downloaded')) },
              ),
          },
        ]}
        filters={
          <PaymentsFilters
            value={list.params.filter as PaymentsFilter}
            data={filters.data}
            isAdmin={isAdmin}
            onApply={(f) => list.setFilter({ ...f })}
            onReset={list.reset}
          />
        }
      />
      <PaymentDetailDrawer orderNumber={open} onClose={() => setOpen(null)} />
    </div>
  );
}
