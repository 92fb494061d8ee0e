import type { TOrderStatus } from '@livecart/contract/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TOrderStatus, string> = {
  new: 'blue',
  payed: 'green',
  shipped: 'cyan',
  canceled: 'red',
  expired: 'default',
};

/** An order status with its display label of SPEC §4 (payed → paid, canceled → Refunded). */
export function OrderStatusTag({ status, testId }: { status: TOrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid={testId}>
      {t(`orderStatus.${status}`)}
    </Tag>
  );
}
