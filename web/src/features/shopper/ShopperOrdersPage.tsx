import { ORDER_STATUSES, type TOrderStatus } from '@livecart/contract/constants';
import { invoiceUrl } from '@livecart/contract/payments';
import type { TShopperItemsStatuses } from '@livecart/contract/shopperOrders';
import { Button, Form, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate, formatEuros } from '../../app/format';
import { useLocalePath } from '../../app/useLocale';
import { DataTable } from '../../components/DataTable';
import { type DayRange, DayRangeInput, FiltersBar } from '../../components/FiltersBar';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useListParams } from '../../components/useListParams';
import { OrderStatusTag } from '../dashboard/OrderStatusTag';
import { checkoutPath, SHOPPER_ORDERS_DEFAULTS, type TShopperOrder, useShopperOrders } from './api';

interface Filter {
  status?: TOrderStatus;
  created_at?: DayRange;
}

/** Status and days of creation. */
function ShopperOrdersFilters({
  value,
  onApply,
  onReset,
}: {
  value: Filter;
  onApply: (f: Filter) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FiltersBar<Filter> value={value} onApply={onApply} onReset={onReset} testId="shopper-orders-filters">
      <Form.Item name="status" label={t('shopperOrders.status')}>
        <Select
          allowClear
          style={{ width: 150 }}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) }))}
          data-testid="filter-status"
        />
      </Form.Item>
      <Form.Item name="created_at" label={t('shopperOrders.date')}>
        <DayRangeInput testId="filter-created-at" />
      </Form.Item>
    </FiltersBar>
  );
}

/** The counts per status (SPEC §4 labels new, paid, shipped, refund, waiting); a click filters. */
function StatusSummary({
  counts,
  active,
  onPick,
}: {
  counts: TShopperItemsStatuses;
  active?: TOrderStatus;
  onPick: (s: TOrderStatus | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="shopper-orders-summary">
      {ORDER_STATUSES.map((s) => (
        <Tag.CheckableTag
          key={s}
          checked={active === s}
          onChange={(on) => onPick(on ? s : undefined)}
          data-testid={`shopper-orders-count-${s}`}
        >
          {t(`orderStatus.${s}`)} ({counts[s]})
        </Tag.CheckableTag>
      ))}
      <Tag data-testid="shopper-orders-count-waiting">
        {t('shopperOrders.waiting')} ({counts.waiting})
      </Tag>
    </Space>
  );
}

/**
 * /orders for a shopper: their orders across merchants with status, merchant, articles and total;
 * an unpaid order still on its countdown opens its checkout, a paid one downloads its invoice.
 */
export default function ShopperOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const list = useListParams(SHOPPER_ORDERS_DEFAULTS);
  const orders = useShopperOrders(list.params);
  const filter = list.params.filter as Filter;

  const columns = useMemo<ColumnsType<TShopperOrder>>(
    () => [
      {
        key: 'order_number',
        dataIndex: 'order_number',
        title: t('shopperOrders.order'),
        sorter: true,
        render: (v: string) => <span data-testid={`shopper-order-row-${v}`}>{v}</span>,
      },
      // the status right after the number: on a phone it shows without scrolling
      {
        key: 'status',
        dataIndex: 'status',
        title: t('shopperOrders.status'),
        sorter: true,
        render: (_: unknown, o) => (
          <OrderStatusTag status={o.status} testId={`shopper-order-status-${o.order_number}`} />
        ),
      },
      {
        key: 'created_at',
        dataIndex: 'created_at',
        title: t('shopperOrders.date'),
        sorter: true,
        render: (v: string) => formatDate(v),
      },
      { key: 'merchant', dataIndex: 'merchant', title: t('shopperOrders.merchant') },
      {
        key: 'items',
        title: t('shopperOrders.items'),
        render: (_: unknown, o) => (
          <div>
            {o.items.map((i) => (
              <div key={i.id}>
                {i.quantity} × {i.name}
                {(i.color_label || i.size_label) && (
                  <Typography.Text type="secondary">
                    {' '}
                    ({[i.color_label, i.size_label].filter(Boolean).join(', ')})
                  </Typography.Text>
                )}
              </div>
            ))}
          </div>
        ),
      },
      {
        key: 'order_amount',
        dataIndex: 'total_amount',
        title: t('shopperOrders.total'),
        sorter: true,
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
      {
        key: 'actions',
        title: t('shopperOrders.actions'),
        // Pay stays in view on a phone while the other columns scroll
        fixed: 'right',
        render: (_: unknown, o) => (
          <Space>
            {o.can_pay && (
              <Button
                type="primary"
                size="small"
                onClick={() => navigate(lp(checkoutPath(o)))}
                data-testid={`shopper-order-pay-${o.order_number}`}
              >
                {t('shopperOrders.pay')}
              </Button>
            )}
            {o.invoice_number && (
              <Button
                size="small"
                href={invoiceUrl(o.order_number)}
                download
                title={o.invoice_number}
                data-testid={`shopper-order-invoice-${o.order_number}`}
              >
                {t('shopperOrders.invoice')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [t, navigate, lp],
  );

  return (
    <div data-testid="shopper-orders-page">
      <Typography.Title level={1}>{t('shopperOrders.title')}</Typography.Title>
      {orders.isPending && <FullScreenLoader />}
      {orders.data?.itemsStatuses && (
        <StatusSummary
          counts={orders.data.itemsStatuses}
          active={filter.status}
          onPick={(status) => list.setFilter({ ...filter, status })}
        />
      )}
      <DataTable<TShopperOrder>
        list={list}
        data={orders.data}
        loading={orders.isFetching}
        columns={columns}
        rowKey="order_number"
        testId="shopper-orders-table"
        filters={
          <ShopperOrdersFilters
            value={filter}
            onApply={(f) => list.setFilter({ ...f })}
            onReset={list.reset}
          />
        }
      />
    </div>
  );
}
