import {
  ClockCircleOutlined,
  DeleteOutlined,
  DownOutlined,
  MinusOutlined,
  PictureOutlined,
  RightOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { TLiveCart, TLiveCartLine } from '@livecart/contract/orders';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Avatar, Button, Input, List, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { useLiveEvents } from '../../lib/liveEvents';
import {
  LIVE_CARTS_DEFAULTS,
  orderKeys,
  useExpireCart,
  useLiveCarts,
  useMinusCartLine,
  useRemoveCartLine,
} from './api';
import { type CountdownState, clockOffset, countdownState } from './countdown';
import { variantText } from './variant';

/**
 * The current time, re-rendering every second while mounted. Read at each render, so fresh data
 * is never counted against a clock up to a second old (a 1-minute cart would show 01:01).
 */
function useNow(): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, []);
  return Date.now();
}

function Countdown({ state }: { state: CountdownState }) {
  const { t } = useTranslation();
  if (state.kind === 'none') {
    return <Tag data-testid="cart-countdown">{t('liveCarts.noTimer')}</Tag>;
  }
  if (state.kind === 'expired') {
    return (
      <Tag color="red" data-testid="cart-countdown">
        {t('liveCarts.expired')}
      </Tag>
    );
  }
  return (
    <Tag color="blue" icon={<ClockCircleOutlined />} data-testid="cart-countdown">
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{state.text}</span>
    </Tag>
  );
}

/** /liveorders: the seller's open carts with their countdown, updated live. */
export default function LiveCartsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const list = useListParams(LIVE_CARTS_DEFAULTS);
  const { params } = list;
  const carts = useLiveCarts(params);
  const expire = useExpireCart();
  const minus = useMinusCartLine();
  const remove = useRemoveCartLine();
  const [expanded, setExpanded] = useState<number[]>([]);

  const refetch = useCallback(() => qc.invalidateQueries({ queryKey: orderKeys.liveCarts() }), [qc]);
  useLiveEvents((e) => {
    if (e.type === 'cart' || e.type === 'cart_closed') void refetch();
  });

  // the countdown runs on the server's clock: the browser's, corrected by the answer's serverTime
  const now = useNow() + clockOffset(carts.data?.serverTime, carts.dataUpdatedAt);
  const items = carts.data?.items ?? [];

  // a countdown reaching 0: fetch again (once per cart) to see the cart leave
  const due = useRef(new Set<number>());
  const reached = items.some(
    (c) => c.expires_at && Date.parse(c.expires_at) <= now && !due.current.has(c.id),
  );
  useEffect(() => {
    if (!reached) return;
    for (const c of items) if (c.expires_at && Date.parse(c.expires_at) <= now) due.current.add(c.id);
    void refetch();
  }, [reached, items, now, refetch]);

  const confirmExpire = useCallback(
    (cart: TLiveCart) =>
      modal.confirm({
        title: t('liveCarts.expireTitle'),
        content: t('liveCarts.expireText', { number: cart.order_number }),
        okText: t('liveCarts.expireConfirm'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
        cancelText: t('liveCarts.cancel'),
        onOk: () => expire.mutateAsync(cart.id).then(() => toast('success', t('liveCarts.expiredDone'))),
      }),
    [modal, t, expire],
  );

  const expireButton = useCallback(
    (c: TLiveCart) => (
      <Tooltip title={t('liveCarts.expireNow')}>
        <Button
          type="text"
          danger
          icon={<StopOutlined />}
          aria-label={t('liveCarts.expireNow')}
          onClick={() => confirmExpire(c)}
          data-testid="cart-expire"
        />
      </Tooltip>
    ),
    [t, confirmExpire],
  );

  const columns = useMemo<ColumnsType<TLiveCart>>(() => {
    return [
      {
        key: 'order_number',
        title: t('liveCarts.order'),
        sorter: true,
        render: (_: unknown, c) => <strong data-testid="cart-number">{c.order_number}</strong>,
      },
      {
        key: 'created_at',
        title: t('liveCarts.date'),
        sorter: true,
        render: (_: unknown, c) => (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.created_at)}</span>
        ),
      },
      {
        key: 'shopper',
        title: t('liveCarts.shopper'),
        render: (_: unknown, c) => c.shopper ?? '—',
      },
      {
        key: 'products',
        title: t('liveCarts.products'),
        render: (_: unknown, c) => (
          <Space orientation="vertical" size={2}>
            {c.products.map((l) => (
              <Space key={l.id} size={6}>
                <Avatar shape="square" size={28} src={l.photo ?? undefined} icon={<PictureOutlined />} />
                <span>
                  {l.name}
                  {variantText(l) && <Typography.Text type="secondary"> {variantText(l)}</Typography.Text>} ×
                  {l.quantity}
                </span>
              </Space>
            ))}
          </Space>
        ),
      },
      {
        key: 'total_amount',
        title: t('liveCarts.total'),
        align: 'right',
        sorter: true,
        render: (_: unknown, c) => (
          <span style={{ whiteSpace: 'nowrap' }} data-testid="cart-total">
            {formatEuros(c.total_amount)}
          </span>
        ),
      },
      {
        key: 'expires_at',
        title: t('liveCarts.countdown'),
        // wide enough for the title and its sort arrows, in both languages
        width: 170,
        sorter: true,
        render: (_: unknown, c) => <Countdown state={countdownState(c.expires_at, now)} />,
      },
      {
        key: 'actions',
        title: t('liveCarts.actions'),
        fixed: 'right',
        render: (_: unknown, c) => expireButton(c),
      },
    ];
  }, [t, expireButton, now]);

  const lineActions = (l: TLiveCartLine) => [
    <Tooltip key="minus" title={t('liveCarts.minus')}>
      <Button
        size="small"
        icon={<MinusOutlined />}
        aria-label={t('liveCarts.minus')}
        loading={minus.isPending && minus.variables === l.id}
        onClick={() => minus.mutate(l.id)}
        data-testid="line-minus"
      />
    </Tooltip>,
    <Tooltip key="remove" title={t('liveCarts.remove')}>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('liveCarts.remove')}
        onClick={() =>
          modal.confirm({
            title: t('liveCarts.removeTitle'),
            content: t('liveCarts.removeText', { name: l.name }),
            okText: t('liveCarts.remove'),
            okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
            cancelText: t('liveCarts.cancel'),
            onOk: () => remove.mutateAsync(l.id),
          })
        }
        data-testid="line-remove"
      />
    </Tooltip>,
  ];

  const lines = (cart: TLiveCart) => (
    <List<TLiveCartLine>
      size="small"
      dataSource={cart.products}
      data-testid={`cart-lines-${cart.order_number}`}
      renderItem={(l) => (
        <List.Item data-testid={`cart-line-${l.id}`} actions={lineActions(l)}>
          <List.Item.Meta
            avatar={<Avatar shape="square" size={40} src={l.photo ?? undefined} icon={<PictureOutlined />} />}
            title={l.name}
            description={variantText(l) || undefined}
          />
          <Space size={16}>
            <span data-testid="line-quantity">×{l.quantity}</span>
            <span>{formatEuros(l.price)}</span>
          </Space>
        </List.Item>
      )}
    />
  );

  // a phone's cart: everything the table's columns show, the countdown and actions in view
  const card = (c: TLiveCart) => (
    <>
      <div className="list-card-head">
        <strong data-testid="cart-number">{c.order_number}</strong>
        <Countdown state={countdownState(c.expires_at, now)} />
      </div>
      <div className="list-card-head">
        <span>{c.shopper ?? '—'}</span>
        <Typography.Text type="secondary">{formatDateTime(c.created_at)}</Typography.Text>
      </div>
      <ul className="list-card-lines" data-testid={`cart-lines-${c.order_number}`}>
        {c.products.map((l) => (
          <li key={l.id} className="list-card-head" data-testid={`cart-line-${l.id}`}>
            <span>
              {l.name}
              {variantText(l) && <Typography.Text type="secondary"> {variantText(l)}</Typography.Text>}{' '}
              <span data-testid="line-quantity">×{l.quantity}</span>
            </span>
            <Space size={4}>{lineActions(l)}</Space>
          </li>
        ))}
      </ul>
      <div className="list-card-foot">
        <strong data-testid="cart-total">{formatEuros(c.total_amount)}</strong>
        {expireButton(c)}
      </div>
    </>
  );

  return (
    <div data-testid="live-carts-page">
      <Typography.Title level={1}>{t('liveCarts.title')}</Typography.Title>
      <div className="list-toolbar">
        <Input.Search
          key={params.query}
          defaultValue={params.query}
          allowClear
          placeholder={t('liveCarts.search')}
          onSearch={list.setQuery}
          style={{ maxWidth: 320 }}
          data-testid="list-search"
        />
      </div>
      {carts.isPending && <FullScreenLoader />}
      <DataTable<TLiveCart>
        list={list}
        data={carts.data}
        loading={carts.isFetching && !carts.data}
        columns={columns}
        rowKey="id"
        rowTestId={(c) => `cart-row-${c.order_number}`}
        phoneCard={card}
        emptyText={t('liveCarts.empty')}
        testId="live-carts-table"
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, c) =>
            setExpanded((keys) => (open ? [...keys, c.id] : keys.filter((k) => k !== c.id))),
          expandedRowRender: lines,
          rowExpandable: (c) => c.products.length > 0,
          expandIcon: ({ expanded: open, onExpand, record }) => (
            <Button
              type="text"
              size="small"
              icon={open ? <DownOutlined /> : <RightOutlined />}
              aria-label={t(open ? 'liveCarts.collapse' : 'liveCarts.expand')}
              aria-expanded={open}
              onClick={(e) => onExpand(record, e)}
              data-testid={`cart-expand-${record.order_number}`}
            />
          ),
        }}
      />
    </div>
  );
}
