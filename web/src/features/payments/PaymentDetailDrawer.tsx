import type { TPaymentRow } from '@livecart/contract/payments';
import { Alert, Button, Descriptions, Drawer, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatEuros } from '../../app/format';
import { tDynamic } from '../../app/i18n';
import { OrderStatusTag } from '../dashboard/OrderStatusTag';
import { DetailSection, OrderLinesTable, shipToText } from '../orders/OrderLines';
import { usePaymentDetail } from './api';
import { methodLabel, paymentLabel, providerLabel } from './labels';
import { RefundDue } from './RefundDue';

const ATTEMPT_COLORS: Record<string, string> = {
  paid: 'green',
  open: 'blue',
  pending: 'gold',
  failed: 'red',
  canceled: 'default',
  refunded: 'purple',
};

/** The transaction detail of one order: shopper, address, lines, payment attempts, fee and invoice. */
export function PaymentDetailDrawer({
  orderNumber,
  onClose,
}: {
  orderNumber: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = usePaymentDetail(orderNumber);
  const item = detail.data;

  const attemptColumns = useMemo<ColumnsType<TPaymentRow>>(
    () => [
      {
        key: 'created_at',
        dataIndex: 'created_at',
        title: t('payments.date'),
        render: (v) => formatDateTime(v),
      },
      {
        key: 'provider',
        title: t('payments.method'),
        render: (_: unknown, p) => `${providerLabel(t, p.provider)} · ${methodLabel(t, p.method)}`,
      },
      { key: 'external_id', dataIndex: 'external_id', title: t('payments.reference') },
      {
        key: 'amount',
        dataIndex: 'amount',
        title: t('payments.amount'),
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
      {
        key: 'fee',
        dataIndex: 'fee',
        title: t('payments.fee'),
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('payments.status'),
        render: (v: string) => (
          <Tag color={ATTEMPT_COLORS[v] ?? 'default'}>{tDynamic(t, `payments.attemptStatus.${v}`, v)}</Tag>
        ),
      },
    ],
    [t],
  );

  const order = item?.order;
  return (
    <Drawer
      open={!!orderNumber}
      onClose={onClose}
      size="large"
      title={orderNumber ? t('payments.detailTitle', { orderNumber }) : ''}
      loading={detail.isPending && !!orderNumber}
    >
      {item && order && (
        <div data-testid="payment-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('payments.status')}>
              <OrderStatusTag status={order.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.date')}>{formatDate(order.created_at)}</Descriptions.Item>
            {order.paid_at && (
              <Descriptions.Item label={t('payments.paidAt')}>
                {formatDateTime(order.paid_at)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('payments.shopper')}>
              {[order.shopper, order.shopper_email].filter(Boolean).join(' · ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.address')}>
              {shipToText(order.ship_to) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.shipping')}>{order.shipping_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('payments.method')}>
              {paymentLabel(t, order.provider, order.payment_method) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.subtotal')}>
              {formatEuros(order.subtotal)}
            </Descriptions.Item>
            {order.discount > 0 && (
              <Descriptions.Item label={t('payments.discount')}>
                −{formatEuros(order.discount)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('payments.shippingCost')}>
              {formatEuros(order.shipping)}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.total')}>
              <strong data-testid="payment-detail-total">{formatEuros(order.total_amount)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.paid')}>{formatEuros(order.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('payments.fee')}>
              <span data-testid="payment-detail-fee">{formatEuros(order.fee)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.invoice')}>
              {item.invoice ? (
                <span data-testid="payment-detail-invoice">
                  {item.invoice.number} · {formatDate(item.invoice.created_at)}{' '}
                  <Button
                    type="link"
                    size="small"
                    href={item.invoice.url}
                    download
                    data-testid="payment-invoice-download"
                  >
                    {t('payments.downloadInvoice')}
                  </Button>
                </span>
              ) : (
                t('payments.noInvoice')
              )}
            </Descriptions.Item>
          </Descriptions>

          <DetailSection>{t('payments.lines')}</DetailSection>
          <OrderLinesTable lines={item.lines} testId="payment-detail-lines" />

          <DetailSection>{t('payments.attempts')}</DetailSection>
          {item.payments.map((p) => (
            <RefundDue key={p.id} payment={p} />
          ))}
          {item.payments.length === 0 ? (
            <Alert type="info" title={t('payments.noAttempts')} />
          ) : (
            <Table<TPaymentRow>
              rowKey="id"
              size="small"
              pagination={false}
              columns={attemptColumns}
              dataSource={item.payments}
              scroll={{ x: 'max-content' }}
              data-testid="payment-detail-attempts"
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
