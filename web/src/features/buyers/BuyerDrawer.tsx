import type { TBuyerComment, TBuyerDetail, TBuyerOrder, TBuyerWaitingItem } from '@livecart/contract/buyers';
import { App, type ButtonProps, Descriptions, Drawer, Empty, List, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { LocaleLink } from '../../app/useLocale';
import { OrderStatusTag } from '../dashboard/OrderStatusTag';
import { OUTCOME_COLORS } from '../live/CommentFeed';
import { DetailSection } from '../orders/OrderLines';
import { type ShopperRef, useBlockBuyer, useBuyerDetail } from './api';
import { addressText, phoneText, shopperName } from './format';

/** Orders of the shopper: number (to the Orders screen), date, status, total. */
function OrderItem({ o, showSeller }: { o: TBuyerOrder; showSeller: boolean }) {
  const { t } = useTranslation();
  return (
    <List.Item data-testid={`buyer-order-${o.order_number}`}>
      <div style={{ width: '100%' }}>
        <div className="list-card-head">
          <LocaleLink
            to={`/orders?query=${encodeURIComponent(o.order_number)}`}
            data-testid="buyer-order-link"
          >
            {o.order_number}
          </LocaleLink>
          <OrderStatusTag status={o.status} />
        </div>
        <div className="list-card-head">
          <Typography.Text type="secondary">
            {formatDateTime(o.created_at)} · {t('buyers.articles', { count: o.items_count })}
            {showSeller && o.seller_name && ` · ${o.seller_name}`}
          </Typography.Text>
          <span>{formatEuros(o.total_amount)}</span>
        </div>
      </div>
    </List.Item>
  );
}

/** A comment at the seller's lives: text, time, live, outcome, cart. */
function CommentItem({ c }: { c: TBuyerComment }) {
  const { t } = useTranslation();
  return (
    <List.Item data-testid={`buyer-comment-${c.id}`} data-outcome={c.outcome ?? ''}>
      <div style={{ width: '100%' }}>
        <div className="list-card-head">
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>{c.message}</Typography.Text>
          {c.outcome ? (
            <Tag color={OUTCOME_COLORS[c.outcome]}>{t(`live.outcome.${c.outcome}`)}</Tag>
          ) : (
            <Tag color="processing">{t('live.outcome.processing')}</Tag>
          )}
        </div>
        <Typography.Text type="secondary">
          {formatDateTime(c.created_time)} ·{' '}
          <LocaleLink to={`/liveselling/${c.session_id}`}>
            {t('buyers.live', { title: c.session_title })}
          </LocaleLink>
          {c.order_number && ` · ${c.order_number}`}
        </Typography.Text>
      </div>
    </List.Item>
  );
}

function WaitingItem({ w }: { w: TBuyerWaitingItem }) {
  const variant = [w.color, w.size].filter(Boolean).join(', ');
  return (
    <List.Item data-testid={`buyer-waiting-${w.id}`}>
      <div className="list-card-head" style={{ width: '100%' }}>
        <span>
          {w.product_name}
          {variant && <Typography.Text type="secondary"> ({variant})</Typography.Text>} ×{w.quantity}
        </span>
        <Typography.Text type="secondary">{formatDateTime(w.created_at)}</Typography.Text>
      </div>
    </List.Item>
  );
}

/** The block switch of a seller, asking first; the toast says what changed. */
function BlockSwitch({ shopper }: { shopper: TBuyerDetail }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const block = useBlockBuyer();
  const name = shopperName(shopper);
  const ref =
    shopper.buyer_id !== null ? { buyer_id: shopper.buyer_id } : { identity_id: shopper.identity_id ?? 0 };

  const change = (blocked: boolean) =>
    modal.confirm({
      title: blocked ? t('buyers.blockTitle', { name }) : t('buyers.unblockTitle', { name }),
      content: (
        <div data-testid="block-confirm-text">
          {blocked ? t('buyers.blockText') : t('buyers.unblockText')}
        </div>
      ),
      okText: blocked ? t('buyers.blockConfirm') : t('buyers.unblockConfirm'),
      okButtonProps: { danger: blocked, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () =>
        block
          .mutateAsync({ ...ref, blocked })
          .then(() => toast('success', blocked ? t('buyers.blockedDone') : t('buyers.unblockedDone')))
          .catch(() => undefined),
    });

  return (
    <span className="buyer-block">
      <Switch
        checked={shopper.blocked}
        loading={block.isPending}
        onChange={change}
        aria-label={t('buyers.blockSwitch', { name })}
        data-testid="buyer-block-switch"
      />{' '}
      <Typography.Text type={shopper.blocked ? 'danger' : 'secondary'} data-testid="buyer-block-state">
        {shopper.blocked ? t('buyers.blocked') : t('buyers.notBlocked')}
      </Typography.Text>
    </span>
  );
}

/**
 * One shopper (GET buyers/fetch-item): their details as the seller knows them, their orders,
 * their comments at the lives and what they wait for; a seller's block switch.
 */
export function BuyerDrawer({
  shopper,
  isAdmin,
  onClose,
}: {
  shopper: ShopperRef | null;
  /** Admin reads (with the seller), a seller may block. */
  isAdmin: boolean;
  onClose: () => void;
}) {
  const canBlock = !isAdmin;
  const { t } = useTranslation();
  const phone = useIsPhone();
  const detail = useBuyerDetail(shopper);
  const b = detail.data;
  const acrossSellers = b ? b.seller_id === null : false;

  return (
    <Drawer
      open={shopper !== null}
      onClose={onClose}
      size={phone ? '100%' : 'large'}
      title={b ? shopperName(b) : t('buyers.title')}
      loading={detail.isPending && shopper !== null}
    >
      {b && (
        <div data-testid="buyer-detail">
          <Descriptions column={1} size="small" bordered>
            {isAdmin && b.seller_name && !acrossSellers && (
              <Descriptions.Item label={t('buyers.seller')}>{b.seller_name}</Descriptions.Item>
            )}
            {b.buyer_id === null && (
              <Descriptions.Item label={t('buyers.account')}>{t('buyers.noAccount')}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('buyers.phone')}>{phoneText(b) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('buyers.email')}>{b.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('buyers.address')}>{addressText(b) || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('buyers.ordersCount')}>
              <span data-testid="buyer-orders-count">{b.orders_count}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('buyers.totalSpent')}>{formatEuros(b.total_spent)}</Descriptions.Item>
            <Descriptions.Item label={t('buyers.unpaidCarts')}>
              <span data-testid="buyer-unpaid-carts">{b.unpaid_carts}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('buyers.lastOrder')}>
              {formatDateTime(b.last_order_at) || '—'}
            </Descriptions.Item>
            {acrossSellers ? (
              <Descriptions.Item label={t('buyers.blockedBy')}>
                {t('buyers.blockedSellers', { count: b.blocked_sellers ?? 0 })}
              </Descriptions.Item>
            ) : (
              <Descriptions.Item label={t('buyers.block')}>
                {canBlock ? (
                  <BlockSwitch shopper={b} />
                ) : (
                  <span data-testid="buyer-block-state">
                    {b.blocked ? t('buyers.blocked') : t('buyers.notBlocked')}
                  </span>
                )}
              </Descriptions.Item>
            )}
          </Descriptions>
          {b.blocked && canBlock && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('buyers.blockedHint')}
            </Typography.Paragraph>
          )}

          <DetailSection>{t('buyers.orders', { count: b.orders_count })}</DetailSection>
          {b.orders.length ? (
            <List
              size="small"
              dataSource={b.orders}
              rowKey="id"
              renderItem={(o) => <OrderItem o={o} showSeller={acrossSellers} />}
              data-testid="buyer-orders"
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('buyers.noOrders')} />
          )}

          <DetailSection>{t('buyers.comments', { count: b.comments_count })}</DetailSection>
          {b.comments.length ? (
            <List
              size="small"
              dataSource={b.comments}
              rowKey="id"
              renderItem={(c) => <CommentItem c={c} />}
              data-testid="buyer-comments"
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('buyers.noComments')} />
          )}

          <DetailSection>{t('buyers.waiting', { count: b.waiting_count })}</DetailSection>
          {b.waiting.length ? (
            <List
              size="small"
              dataSource={b.waiting}
              rowKey="id"
              renderItem={(w) => <WaitingItem w={w} />}
              data-testid="buyer-waiting"
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('buyers.noWaiting')} />
          )}
        </div>
      )}
    </Drawer>
  );
}
