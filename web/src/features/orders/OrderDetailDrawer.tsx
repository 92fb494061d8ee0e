import type { TOrderRefund, TSellerOrderDetail } from '@livecart/contract/sellerOrders';
import { Alert, Button, Descriptions, Drawer, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatEuros } from '../../app/format';
import { tDynamic } from '../../app/i18n';
import { useIsPhone } from '../../app/useIsPhone';
import { OrderStatusTag } from '../dashboard/OrderStatusTag';
import { methodLabel, providerLabel } from '../payments/labels';
import { RefundDue } from '../payments/RefundDue';
import { useSellerOrderDetail } from './api';
import { orderPaymentLabel } from './OrderColumns';
import { OrderHistory } from './OrderHistory';
import { DetailSection, OrderLinesTable, shipToText } from './OrderLines';

type TDetail = TSellerOrderDetail['item'];
type TDetailPayment = TDetail['payments'][number];

const REFUND_COLORS: Record<TOrderRefund['status'], string> = {
  pending: 'gold',
  refunded: 'purple',
  failed: 'red',
};

/**
 * The whole order (GET orders/{id}): lines, address, shipping and tracking, payments with their
 * provider references and refunds, invoice, the live and comment it came from, and its history.
 */
export function OrderDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const detail = useSellerOrderDetail(id);
  const o = detail.data;

  const payment = (p: TDetailPayment) => (
    <List.Item data-testid={`order-payment-${p.id}`}>
      <div style={{ width: '100%' }}>
        <div className="list-card-head">
          <span>
            {providerLabel(t, p.provider)} · {methodLabel(t, p.method)}
          </span>
          <Tag>{tDynamic(t, `payments.attemptStatus.${p.status}`, p.status)}</Tag>
        </div>
        <div className="list-card-head">
          <Typography.Text type="secondary">
            {t('orders.reference')} <code data-testid="order-payment-reference">{p.external_id ?? '—'}</code>
          </Typography.Text>
          <span>
            {formatEuros(p.amount)} · {formatDateTime(p.paid_at ?? p.created_at)}
          </span>
        </div>
        {p.refunds.map((r) => (
          <div key={r.id} className="list-card-head" data-testid={`order-refund-${r.id}`}>
            <span>
              {t('orders.refundOf', { amount: formatEuros(r.amount) })}{' '}
              <Tag color={REFUND_COLORS[r.status]}>{t(`orders.refundStatus.${r.status}`)}</Tag>
            </span>
            <Typography.Text type="secondary">
              {r.external_id && <code>{r.external_id}</code>} {formatDateTime(r.created_at)}
              {r.by && ` · ${t('orders.by', { name: r.by })}`}
            </Typography.Text>
          </div>
        ))}
        <RefundDue payment={p} />
      </div>
    </List.Item>
  );

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      // the whole width of a phone, so the lines and payments never reach past its edge
      size={phone ? '100%' : 'large'}
      title={o ? t('orders.detailTitle', { number: o.order_number }) : t('orders.title')}
      loading={detail.isPending && id !== null}
    >
      {o && (
        <div data-testid="order-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('orders.status')}>
              <OrderStatusTag status={o.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.date')}>{formatDateTime(o.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.shopper')}>
              {[o.buyer, o.email ?? o.buyer_email].filter(Boolean).join(' · ') || '—'}
            </Descriptions.Item>
            {o.seller_name && (
              <Descriptions.Item label={t('orders.seller')}>{o.seller_name}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('orders.address')}>
              <span data-testid="order-detail-address">{shipToText(o.ship_to) || '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.shipping')}>{o.shipping_name ?? '—'}</Descriptions.Item>
            {(o.carrier || o.tracking_number) && (
              <Descriptions.Item label={t('orders.tracking')}>
                <span data-testid="order-detail-tracking">
                  {o.carrier}
                  {o.carrier && o.tracking_number && ' · '}
                  {o.tracking_url && o.tracking_number ? (
                    <a href={o.tracking_url} target="_blank" rel="noreferrer">
                      {o.tracking_number}
                    </a>
                  ) : (
                    o.tracking_number
                  )}
                </span>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('orders.payment')}>
              {orderPaymentLabel(t, o) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.subtotal')}>{formatEuros(o.subtotal)}</Descriptions.Item>
            {o.discount > 0 && (
              <Descriptions.Item label={t('orders.discount')}>−{formatEuros(o.discount)}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('orders.shippingCost')}>
              {formatEuros(o.shipping_amount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.total')}>
              <strong data-testid="order-detail-total">{formatEuros(o.order_amount)}</strong>
            </Descriptions.Item>
            {o.refunded_amount > 0 && (
              <Descriptions.Item label={t('orders.refunded')}>
                {formatEuros(o.refunded_amount)}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('orders.invoice')}>
              {o.invoice ? (
                <span data-testid="order-detail-invoice">
                  {o.invoice.number} · {formatDate(o.invoice.created_at)}{' '}
                  <Button type="link" size="small" href={o.invoice.url} download>
                    {t('orders.downloadInvoice', { number: o.invoice.number })}
                  </Button>
                </span>
              ) : (
                t('orders.noInvoice')
              )}
            </Descriptions.Item>
            {o.live_session && (
              <Descriptions.Item label={t('orders.origin')}>
                <span data-testid="order-detail-live">
                  {t('orders.fromLive', { title: o.live_session.title })}
                  {o.live_session.started_at && ` · ${formatDateTime(o.live_session.started_at)}`}
                </span>
              </Descriptions.Item>
            )}
            {o.comment && (
              <Descriptions.Item label={t('orders.comment')}>
                <span data-testid="order-detail-comment">
                  {o.comment.author
                    ? t('orders.commentBy', { author: o.comment.author, text: o.comment.text })
                    : t('orders.commentText', { text: o.comment.text })}{' '}
                  · {formatDateTime(o.comment.created_at)}
                </span>
              </Descriptions.Item>
            )}
          </Descriptions>

          <DetailSection>{t('orders.lines')}</DetailSection>
          <OrderLinesTable lines={o.items} testId="order-detail-lines" />

          <DetailSection>{t('orders.payments')}</DetailSection>
          {o.payments.length === 0 ? (
            <Alert type="info" title={t('orders.noPayments')} />
          ) : (
            <List
              size="small"
              dataSource={o.payments}
              renderItem={payment}
              data-testid="order-detail-payments"
            />
          )}

          <DetailSection>{t('orders.history')}</DetailSection>
          <OrderHistory history={o.history} />
        </div>
      )}
    </Drawer>
  );
}
