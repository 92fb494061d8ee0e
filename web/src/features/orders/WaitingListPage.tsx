import { EditOutlined, PictureOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { TWaitingItem } from '@livecart/contract/orders';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { useLiveEvents } from '../../lib/liveEvents';
import {
  orderKeys,
  useServeWaiting,
  useUpdateConfigQty,
  useWaitingFilters,
  useWaitingItems,
  WAITING_DEFAULTS,
} from './api';
import { variantText } from './variant';
import { type WaitingFilter, WaitingFilters } from './WaitingFilters';
import { WaitingQtyModal } from './WaitingQtyModal';

/** /waiting-list: configurations shoppers wait for, most wanted first, with stock and serve actions. */
export default function WaitingListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useListParams(WAITING_DEFAULTS);
  const waiting = useWaitingItems(list.params);
  const filters = useWaitingFilters();
  const updateQty = useUpdateConfigQty();
  const serve = useServeWaiting();
  const [editing, setEditing] = useState<TWaitingItem | null>(null);

  useLiveEvents((e) => {
    if (e.type === 'waiting' || e.type === 'cart_closed') {
      void qc.invalidateQueries({ queryKey: orderKeys.waitingLists() });
      void qc.invalidateQueries({ queryKey: orderKeys.waitingCount() });
      void qc.invalidateQueries({ queryKey: orderKeys.waitingFilters() });
    }
  });

  const actionsOf = useCallback(
    (w: TWaitingItem) => (
      <Space size={0}>
        <Tooltip title={t('waitingList.changeQty')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('waitingList.changeQty')}
            onClick={() => setEditing(w)}
            data-testid="waiting-qty-button"
          />
        </Tooltip>
        <Tooltip title={t('waitingList.serveNow')}>
          <Button
            type="text"
            icon={<ThunderboltOutlined />}
            aria-label={t('waitingList.serveNow')}
            disabled={w.session_ids.length === 0}
            loading={serve.isPending && serve.variables?.configurationId === w.configuration_id}
            onClick={() =>
              serve.mutate(
                { configurationId: w.configuration_id, sessionIds: w.session_ids },
                { onSuccess: ({ served }) => toast('success', t('waitingList.served', { count: served })) },
              )
            }
            data-testid="waiting-serve-button"
          />
        </Tooltip>
      </Space>
    ),
    [t, serve],
  );

  const columns = useMemo<ColumnsType<TWaitingItem>>(() => {
    return [
      {
        key: 'photo',
        title: t('waitingList.photo'),
        width: 72,
        render: (_: unknown, w) => (
          <Avatar shape="square" size={48} src={w.photo ?? undefined} icon={<PictureOutlined />} />
        ),
      },
      {
        key: 'reference',
        title: t('waitingList.reference'),
        render: (_: unknown, w) => (
          <div style={{ maxWidth: 260 }}>
            <strong data-testid="waiting-reference">{w.reference ?? '—'}</strong>
            <div>
              <Typography.Text type="secondary">{w.name}</Typography.Text>
            </div>
          </div>
        ),
      },
      { key: 'color', title: t('waitingList.color'), render: (_: unknown, w) => w.color ?? '—' },
      { key: 'size', title: t('waitingList.size'), render: (_: unknown, w) => w.size ?? '—' },
      {
        key: 'total_qty',
        title: t('waitingList.totalQty'),
        sorter: true,
        align: 'right',
        render: (_: unknown, w) => <span data-testid="waiting-total-qty">{w.total_qty}</span>,
      },
      {
        key: 'total_price',
        title: t('waitingList.totalPrice'),
        sorter: true,
        align: 'right',
        render: (_: unknown, w) => <span style={{ whiteSpace: 'nowrap' }}>{formatEuros(w.total_price)}</span>,
      },
      {
        key: 'waiting_count',
        title: t('waitingList.shoppers'),
        sorter: true,
        align: 'right',
        render: (_: unknown, w) => <span data-testid="waiting-count">{w.waiting_count}</span>,
      },
      {
        key: 'stock',
        title: t('waitingList.stock'),
        // wide enough for its title beside the pinned actions, in both languages
        width: 130,
        align: 'right',
        render: (_: unknown, w) => <span data-testid="waiting-stock">{w.stock}</span>,
      },
      {
        key: 'created_at',
        title: t('waitingList.since'),
        sorter: true,
        render: (_: unknown, w) => (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(w.created_at)}</span>
        ),
      },
      {
        key: 'actions',
        title: t('waitingList.actions'),
        fixed: 'right',
        render: (_: unknown, w) => actionsOf(w),
      },
    ];
  }, [t, actionsOf]);

  const labelled = (label: string, value: ReactNode) => (
    <span>
      {t('waitingList.labelValue', { label })} {value}
    </span>
  );

  // a phone's waiting item: product, variant, the queue, the stock and the actions in view
  const card = (w: TWaitingItem) => (
    <>
      <div className="list-card-head">
        <Space size={8}>
          <Avatar shape="square" size={40} src={w.photo ?? undefined} icon={<PictureOutlined />} />
          <span>
            <strong data-testid="waiting-reference">{w.reference ?? '—'}</strong>
            <br />
            <Typography.Text type="secondary">
              {[w.name, variantText({ color_label: w.color, size_label: w.size })]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </span>
        </Space>
        {actionsOf(w)}
      </div>
      <div className="list-card-foot">
        {labelled(t('waitingList.shoppers'), <strong data-testid="waiting-count">{w.waiting_count}</strong>)}
        {labelled(t('waitingList.totalQty'), <strong data-testid="waiting-total-qty">{w.total_qty}</strong>)}
        {labelled(t('waitingList.stock'), <strong data-testid="waiting-stock">{w.stock}</strong>)}
        <strong>{formatEuros(w.total_price)}</strong>
      </div>
      <Typography.Text type="secondary">
        {t('waitingList.since')} {formatDateTime(w.created_at)}
      </Typography.Text>
    </>
  );

  const submitQty = (quantity: number) => {
    if (!editing) return;
    updateQty.mutate(
      { productConfigurationId: editing.configuration_id, quantity },
      {
        onSuccess: ({ item }) => {
          toast('success', t('waitingList.qtyUpdated', { count: item?.served ?? 0 }));
          setEditing(null);
        },
      },
    );
  };

  return (
    <div data-testid="waiting-list-page">
      <Typography.Title level={1}>{t('waitingList.title')}</Typography.Title>
      {waiting.isPending && <FullScreenLoader />}
      <div className="list-toolbar">
        <WaitingFilters
          value={list.params.filter as WaitingFilter}
          data={filters.data?.items}
          onApply={(f) => list.setFilter({ ...f })}
          onReset={list.reset}
        />
      </div>
      <DataTable<TWaitingItem>
        list={list}
        data={waiting.data}
        loading={waiting.isFetching}
        columns={columns}
        rowKey="configuration_id"
        rowTestId={(w) => `waiting-row-${w.configuration_id}`}
        phoneCard={card}
        emptyText={t('waitingList.empty')}
        testId="waiting-table"
      />
      <WaitingQtyModal
        item={editing}
        saving={updateQty.isPending}
        onSubmit={submitQty}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
