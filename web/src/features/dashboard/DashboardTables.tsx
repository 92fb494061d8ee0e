import { Card, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros } from '../../app/format';
import type { TDashboardBuyer, TDashboardOrder } from './api';
import { OrderStatusTag } from './OrderStatusTag';

/** A dashboard card with a short table, all its rows on one page; an empty one says so. */
function DashboardTable<T extends object>({
  title,
  testId,
  rowKey,
  columns,
  items,
}: {
  title: string;
  testId: string;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  items: T[];
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} data-testid={testId}>
      <Table<T>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
      />
    </Card>
  );
}

/** The latest orders; `party` is the shopper column for sellers, the shop column for shoppers. */
export function LatestOrders({ items, party }: { items: TDashboardOrder[]; party: 'buyer' | 'seller' }) {
  const { t } = useTranslation();
  const columns: ColumnsType<TDashboardOrder> = [
    { key: 'order_number', dataIndex: 'order_number', title: t('dashboard.order') },
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t('dashboard.date'),
      render: (v: string) => formatDate(v),
    },
    party === 'buyer'
      ? { key: 'buyer', dataIndex: 'buyer_name', title: t('dashboard.shopper') }
      : { key: 'seller', dataIndex: 'seller_name', title: t('dashboard.shop') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('dashboard.status'),
      render: (s: TDashboardOrder['status']) => <OrderStatusTag status={s} />,
    },
    {
      key: 'total_amount',
      dataIndex: 'total_amount',
      title: t('dashboard.total'),
      align: 'right',
      render: (v: number) => formatEuros(v),
    },
  ];
  return (
    <DashboardTable
      title={t('dashboard.latestOrders')}
      testId="dashboard-orders"
      rowKey="id"
      columns={columns}
      items={items}
    />
  );
}

/** The shoppers who bought most, with their number of orders and what they spent. */
export function LatestBuyers({ items }: { items: TDashboardBuyer[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<TDashboardBuyer> = [
    { key: 'name', dataIndex: 'name', title: t('dashboard.shopper') },
    { key: 'orders_count', dataIndex: 'orders_count', title: t('dashboard.ordersCount'), align: 'right' },
    {
      key: 'total_spent',
      dataIndex: 'total_spent',
      title: t('dashboard.totalSpent'),
      align: 'right',
      render: (v: number) => formatEuros(v),
    },
  ];
  return (
    <DashboardTable
      title={t('dashboard.latestBuyers')}
      testId="dashboard-buyers"
      rowKey="key"
      columns={columns}
      items={items}
    />
  );
}
