import { BarChartOutlined, DownloadOutlined } from '@ant-design/icons';
import { ORDER_STATUSES, ROLE } from '@livecart/contract/constants';
import type { TBulkActionResult, TBulkRefusal, TSellerOrder } from '@livecart/contract/sellerOrders';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Input, Select, Tabs, Typography } from 'antd';
import { type Key, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { toast } from '../../app/notify';
import { useIsPhone } from '../../app/useIsPhone';
import { LocaleLink, useLocale } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { useSession } from '../auth/api';
import {
  exportUrl,
  findOrderBuyers,
  findOrderLives,
  ORDERS_DEFAULTS,
  useBulkDownloadOrders,
  useBulkRefund,
  useBulkShip,
  useSellerOrderFilters,
  useSellerOrders,
  useSingleDownload,
} from './api';
import { type OrderActions, OrderCard, useOrderColumns } from './OrderColumns';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { type OrdersFilter, OrdersFilters } from './OrdersFilters';
import { ShipOrdersModal } from './ShipOrdersModal';

const TABS = ['all', ...ORDER_STATUSES] as const;

/**
 * Orders a refund pays back: those with a payment still paid (a paid or shipped order's, or one
 * flagged for refund on an open, expired or canceled order), as the server refunds them.
 */
const refundable = (o: TSellerOrder) => o.refundable_amount > 0;

/** The euros to refund: the payments still paid of the checked orders, in cents to add without drift. */
const paidTotal = (orders: TSellerOrder[]) =>
  orders.filter(refundable).reduce((cents, o) => cents + Math.round(o.refundable_amount * 100), 0) / 100;

/**
 * /orders (seller, admin): status tabs with their counts, filters, search and sort in the address,
 * bulk shipping, refunds and PDF download over the checked orders, a CSV export of the filtered
 * list, and the order's detail with its history. Rows become cards on a phone. Filtered on a live,
 * it links that live's report.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modal } = App.useApp();
  const { user } = useSession();
  const isAdmin = user?.role_id === ROLE.admin;
  const list = useListParams(ORDERS_DEFAULTS);
  const orders = useSellerOrders(list.params);
  const ship = useBulkShip();
  const refund = useBulkRefund();
  const bulkDownload = useBulkDownloadOrders();
  const singleDownload = useSingleDownload();
  const [openId, setOpenId] = useState<number | null>(null);
  const [shipping, setShipping] = useState<{ orders: TSellerOrder[]; uncheck: () => void } | null>(null);
  const [refused, setRefused] = useState<TBulkRefusal[]>([]);

  const filter = list.params.filter as OrdersFilter;
  const filters = useSellerOrderFilters({ buyerId: filter.buyer_id, liveSessionId: filter.live_session_id });
  const status = filter.status;
  const items = orders.data?.items ?? [];
  const counts = orders.data?.itemsStatuses;
  const isPhone = useIsPhone();
  const selectTab = (key: string) =>
    list.setFilter({
      ...filter,
      status: key === 'all' ? undefined : (key as (typeof ORDER_STATUSES)[number]),
    });
  const checkedOrders = (keys: Key[]) => items.filter((o) => keys.includes(o.id));

  const onOpen = useCallback((o: TSellerOrder) => setOpenId(o.id), []);
  const onDownload = useCallback(
    (o: TSellerOrder) => singleDownload.mutate({ orderNumber: o.order_number, locale }),
    [singleDownload.mutate, locale],
  );
  const actions = useMemo<OrderActions>(() => ({ onOpen, onDownload }), [onOpen, onDownload]);
  const columns = useOrderColumns(isAdmin, actions);

  const showResult = (r: TBulkActionResult, doneKey: 'orders.shippedDone' | 'orders.refundedDone') => {
    if (r.done.length > 0) toast('success', t(doneKey));
    setRefused(r.refused);
  };

  const confirmRefund = (checked: TSellerOrder[], uncheck: () => void) => {
    const paid = checked.filter(refundable).length;
    const open = checked.filter((o) => o.status === 'new' && !refundable(o)).length;
    modal.confirm({
      title: t('orders.refundTitle'),
      content: (
        <div data-testid="orders-refund-summary">
          {paid > 0 && (
            <p>{t('orders.refundText', { count: paid, amount: formatEuros(paidTotal(checked)) })}</p>
          )}
          {open > 0 && <p>{t('orders.refundOpenCarts', { count: open })}</p>}
          {paid + open === 0 && <p>{t('orders.refundNone')}</p>}
        </div>
      ),
      okText: t('orders.refundConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('orders.cancel'),
      // a refusal of the whole call is shown by the query client's error toast
      onOk: () =>
        refund
          .mutateAsync(checked.map((o) => o.id))
          .then((r) => {
            uncheck();
            showResult(r, 'orders.refundedDone');
          })
          .catch(() => undefined),
    });
  };

  const downloadChecked = (checked: TSellerOrder[]) => {
    // SPEC §4/§5: only new orders are downloaded
    const open = checked.filter((o) => o.status === 'new');
    if (open.length === 0) {
      toast('error', t('errors.select_order_download'));
      return;
    }
    bulkDownload.mutate(
      { ids: open.map((o) => o.id), locale },
      { onSuccess: () => toast('success', t('orders.downloaded')) },
    );
  };

  return (
    <div data-testid="orders-page">
      <Typography.Title level={1}>{t('orders.title')}</Typography.Title>
      {filter.live_session_id != null && (
        // the list is one live's orders: its report is one click away (seller and admin)
        <p>
          <LocaleLink to={`/liveselling/${filter.live_session_id}/report`} data-testid="orders-live-report">
            <BarChartOutlined /> {t('orders.liveReport')}
          </LocaleLink>
        </p>
      )}
      {orders.isPending && <FullScreenLoader />}
      {isPhone ? (
        // on a phone the six tabs do not fit: one labelled choice, counts included, instead of
        // tabs folded into a menu that is not a tab
        <div className="orders-status-select">
          <label htmlFor="orders-status">{t('orders.tabsLabel')}</label>
          <Select
            id="orders-status"
            value={status ?? 'all'}
            onChange={selectTab}
            options={TABS.map((key) => ({
              value: key,
              label: `${t(`orders.tabs.${key}`)} (${counts?.[key] ?? 0})`,
            }))}
            style={{ width: '100%' }}
            data-testid="orders-status-select"
          />
        </div>
      ) : (
        <Tabs
          activeKey={status ?? 'all'}
          onChange={selectTab}
          aria-label={t('orders.tabsLabel')}
          data-testid="orders-tabs"
          items={TABS.map((key) => ({
            key,
            label: (
              <span data-testid={`orders-tab-${key}`}>
                {t(`orders.tabs.${key}`)}{' '}
                <span className="orders-tab-count" data-testid={`orders-tab-count-${key}`}>
                  ({counts?.[key] ?? 0})
                </span>
              </span>
            ),
          }))}
        />
      )}
      {refused.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setRefused([]) }}
          className="form-alert"
          data-testid="orders-refused"
          title={t('orders.refusedTitle', { count: refused.length })}
          description={
            <ul className="list-card-lines">
              {refused.map((r) => (
                <li key={r.id} data-testid={`orders-refused-${r.order_number ?? r.id}`}>
                  <strong>{r.order_number ?? `#${r.id}`}</strong> — {r.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <DataTable<TSellerOrder>
        list={list}
        data={orders.data}
        loading={orders.isFetching || bulkDownload.isPending || refund.isPending}
        columns={columns}
        rowKey="id"
        size="middle"
        testId="orders-table"
        rowTestId={(o) => `order-${o.order_number}`}
        rowLabel={(o) => o.order_number}
        emptyText={t('orders.empty')}
        phoneCard={(o) => <OrderCard order={o} isAdmin={isAdmin} actions={actions} />}
        bulkActions={[
          {
            key: 'ship',
            label: t('orders.bulkShip'),
            testId: 'orders-bulk-ship',
            onRun: (keys, uncheck) => setShipping({ orders: checkedOrders(keys), uncheck }),
          },
          {
            key: 'refund',
            label: t('orders.bulkRefund'),
            danger: true,
            testId: 'orders-bulk-refund',
            onRun: (keys, uncheck) => confirmRefund(checkedOrders(keys), uncheck),
          },
          {
            key: 'download',
            label: t('orders.bulkDownload'),
            testId: 'orders-bulk-download',
            noneMessage: t('errors.select_order_download'),
            onRun: (keys) => downloadChecked(checkedOrders(keys)),
          },
        ]}
        filters={
          <>
            <Input.Search
              key={list.params.query}
              defaultValue={list.params.query}
              allowClear
              placeholder={t('orders.search')}
              aria-label={t('orders.searchLabel')}
              onSearch={list.setQuery}
              style={{ maxWidth: 320 }}
              data-testid="list-search"
            />
            <OrdersFilters
              value={filter}
              data={filters.data}
              isAdmin={isAdmin}
              findBuyers={findOrderBuyers}
              findLives={findOrderLives}
              onApply={(f) => list.setFilter({ ...f, status })}
              onReset={() => list.reset({ status })}
            />
            <Button
              icon={<DownloadOutlined />}
              href={exportUrl(list.params, locale)}
              download
              data-testid="orders-export"
            >
              {t('orders.export')}
            </Button>
          </>
        }
      />
      <ShipOrdersModal
        orders={shipping?.orders ?? null}
        saving={ship.isPending}
        onClose={() => setShipping(null)}
        onSubmit={(shipments) =>
          ship.mutate(
            { ids: (shipping?.orders ?? []).map((o) => o.id), shipments },
            {
              onSuccess: (r) => {
                shipping?.uncheck();
                setShipping(null);
                showResult(r, 'orders.shippedDone');
              },
            },
          )
        }
      />
      <OrderDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
