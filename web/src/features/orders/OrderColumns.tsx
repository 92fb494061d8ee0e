import { FilePdfOutlined, HistoryOutlined } from '@ant-design/icons';
import type { TSellerOrder, TSellerOrderLine } from '@livecart/contract/sellerOrders';
import { Button, Popover, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEuros } from '../../app/format';
import { OrderStatusTag } from '../dashboard/OrderStatusTag';
import { paymentLabel } from '../payments/labels';
import { OrderHistory } from './OrderHistory';
import { variantText } from './variant';

/** `mollie:card` → `Mollie · Carte bancaire`. */
export function orderPaymentLabel(t: TFunction, o: Pick<TSellerOrder, 'payment_name' | 'payment_provider'>) {
  if (!o.payment_name) return '';
  const [provider, method] = o.payment_name.split(':');
  return paymentLabel(t, provider || o.payment_provider, method) || o.payment_name;
}

export interface OrderActions {
  onOpen: (order: TSellerOrder) => void;
  onDownload: (order: TSellerOrder) => void;
}

function OrderNumber({ order, onOpen }: { order: TSellerOrder; onOpen: OrderActions['onOpen'] }) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      onClick={() => onOpen(order)}
      aria-label={t('orders.open', { number: order.order_number })}
      data-testid={`order-row-${order.order_number}`}
    >
      {order.order_number}
    </Button>
  );
}

function Lines({ lines }: { lines: TSellerOrderLine[] }) {
  return (
    <ul className="list-card-lines">
      {lines.map((l) => (
        <li key={l.id}>
          {l.name}
          {variantText(l) && <Typography.Text type="secondary"> {variantText(l)}</Typography.Text>} ×
          {l.quantity}
        </li>
      ))}
    </ul>
  );
}

function HistoryButton({ order }: { order: TSellerOrder }) {
  const { t } = useTranslation();
  return (
    <Popover trigger="click" title={t('orders.history')} content={<OrderHistory history={order.history} />}>
      <Button
        size="small"
        type="text"
        icon={<HistoryOutlined />}
        // the name starts with the count the button shows, as a screen reader user hears it
        aria-label={t('orders.showHistory', { number: order.order_number, count: order.history.length })}
        data-testid={`order-history-${order.order_number}`}
      >
        {order.history.length}
      </Button>
    </Popover>
  );
}

function PdfButton({ order, onDownload }: { order: TSellerOrder; onDownload: OrderActions['onDownload'] }) {
  const { t } = useTranslation();
  if (order.invoice_url) {
    return (
      <Button
        size="small"
        type="text"
        icon={<FilePdfOutlined />}
        href={order.invoice_url}
        download
        aria-label={t('orders.downloadInvoice', { number: order.invoice_number ?? order.order_number })}
        data-testid={`order-invoice-${order.order_number}`}
      />
    );
  }
  return (
    <Button
      size="small"
      type="text"
      icon={<FilePdfOutlined />}
      onClick={() => onDownload(order)}
      aria-label={t('orders.downloadPdf', { number: order.order_number })}
      data-testid={`order-pdf-${order.order_number}`}
    />
  );
}

/** The Orders table's columns of SPEC §3, sortable where the API sorts; admin adds the seller. */
export function useOrderColumns(isAdmin: boolean, actions: OrderActions): ColumnsType<TSellerOrder> {
  const { t } = useTranslation();
  const { onOpen, onDownload } = actions;
  return useMemo(() => {
    const cols: ColumnsType<TSellerOrder> = [
      {
        key: 'order_number',
        title: t('orders.order'),
        sorter: true,
        render: (_: unknown, o) => <OrderNumber order={o} onOpen={onOpen} />,
      },
      {
        key: 'status',
        title: t('orders.status'),
        sorter: true,
        render: (_: unknown, o) => (
          <OrderStatusTag status={o.status} testId={`order-status-${o.order_number}`} />
        ),
      },
      {
        key: 'created_at',
        title: t('orders.date'),
        sorter: true,
        render: (_: unknown, o) => (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.created_at)}</span>
        ),
      },
      {
        key: 'buyer_first_name',
        title: t('orders.shopper'),
        sorter: true,
        render: (_: unknown, o) => o.buyer ?? o.buyer_email ?? '—',
      },
      {
        key: 'country_iso',
        title: t('orders.country'),
        sorter: true,
        render: (_: unknown, o) => o.country_iso ?? '—',
      },
      {
        key: 'shipping_name',
        title: t('orders.shipping'),
        sorter: true,
        render: (_: unknown, o) => o.shipping_name ?? '—',
      },
      {
        key: 'payment_name',
        title: t('orders.payment'),
        sorter: true,
        render: (_: unknown, o) => orderPaymentLabel(t, o) || '—',
      },
      {
        key: 'products',
        title: t('orders.products'),
        render: (_: unknown, o) => <Lines lines={o.items} />,
      },
      {
        key: 'history',
        title: t('orders.history'),
        render: (_: unknown, o) => <HistoryButton order={o} />,
      },
      {
        key: 'pdf',
        title: t('orders.pdf'),
        render: (_: unknown, o) => <PdfButton order={o} onDownload={onDownload} />,
      },
      {
        key: 'order_amount',
        title: t('orders.total'),
        sorter: true,
        align: 'right',
        // the total stays in view whatever the width, the other columns scroll under it
        fixed: 'right',
        render: (_: unknown, o) => (
          <span style={{ whiteSpace: 'nowrap' }} data-testid={`order-total-${o.order_number}`}>
            {formatEuros(o.order_amount)}
          </span>
        ),
      },
    ];
    if (isAdmin) {
      cols.splice(4, 0, {
        key: 'seller',
        title: t('orders.seller'),
        render: (_: unknown, o) => <span data-testid="order-seller">{o.seller_name ?? '—'}</span>,
      });
    }
    return cols;
  }, [t, isAdmin, onOpen, onDownload]);
}

/** One order on a phone: number, status, shopper, articles, total and its actions. */
export function OrderCard({
  order,
  isAdmin,
  actions,
}: {
  order: TSellerOrder;
  isAdmin: boolean;
  actions: OrderActions;
}) {
  const { t } = useTranslation();
  const articles = order.items.reduce((n, l) => n + l.quantity, 0);
  return (
    <>
      <div className="list-card-head">
        <OrderNumber order={order} onOpen={actions.onOpen} />
        <OrderStatusTag status={order.status} testId={`order-status-${order.order_number}`} />
      </div>
      <div className="list-card-head">
        <strong>{order.buyer ?? order.buyer_email ?? '—'}</strong>
        <Typography.Text type="secondary">{formatDateTime(order.created_at)}</Typography.Text>
      </div>
      {isAdmin && (
        <Typography.Text type="secondary" data-testid="order-seller">
          {order.seller_name ?? '—'}
        </Typography.Text>
      )}
      <Lines lines={order.items} />
      <div className="list-card-foot">
        <span>
          {t('orders.articles', { count: articles })} ·{' '}
          <strong data-testid={`order-total-${order.order_number}`}>{formatEuros(order.order_amount)}</strong>
        </span>
        <span>
          <HistoryButton order={order} />
          <PdfButton order={order} onDownload={actions.onDownload} />
        </span>
      </div>
    </>
  );
}
