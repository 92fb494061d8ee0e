import type { TOrderStatus } from '@livecart/contract/constants';
import type { TOrderHistoryEntry } from '@livecart/contract/sellerOrders';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { OrderStatusTag } from '../dashboard/OrderStatusTag';

const DOT_COLORS: Record<TOrderStatus, string> = {
  new: 'blue',
  payed: 'green',
  shipped: 'green',
  canceled: 'red',
  expired: 'gray',
};

/** The status changes of an order, oldest first: to what, when (Paris time), by whom, and why. */
export function OrderHistory({ history }: { history: TOrderHistoryEntry[] }) {
  const { t } = useTranslation();
  const entries = [...history].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return (
    <Timeline
      data-testid="order-history"
      items={entries.map((h, i) => ({
        key: `${h.created_at}-${i}`,
        color: DOT_COLORS[h.status],
        content: (
          <div data-testid="order-history-entry">
            <OrderStatusTag status={h.status} />
            <Typography.Text>{formatDateTime(h.created_at)}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {h.by ? t('orders.by', { name: h.by }) : t('orders.system')}
            </Typography.Text>
            {h.note && <div>{h.note}</div>}
          </div>
        ),
      }))}
    />
  );
}
