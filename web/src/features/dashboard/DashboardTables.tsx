import { Card, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros } from '../../app/format';
import { useIsPhone } from '../../app/useIsPhone';
import { Text } from '../../components/Typography';
import type { TDashboardBuyer, TDashboardOrder } from './api';
import { OrderStatusTag } from './OrderStatusTag';

/** One row of a dashboard card on a phone: what it is on the left, its amount on the right. */
function PhoneRow({
  main,
  sub,
  amount,
  extra,
}: {
  main: ReactNode;
  sub: ReactNode;
  amount: string;
  extra?: ReactNode;
}) {
  return (
    <li className="dashboard-row" data-testid="dashboard-row">
      <div className="dashboard-row-main">
        <div>{main}</div>
        <Text type="secondary">{sub}</Text>
      </div>
      <div className="dashboard-row-side">
        <strong>{amount}</strong>
        {extra}
      </div>
    </li>
  );
}

/**
 * A dashboard card with a short table, all its rows on one page; an empty one says so. On a phone
 * each row is a line of its own (`phoneRow`), so no column is cut off.
 */
function DashboardTable<T extends object>({
  title,
  testId,
  rowKey,
  columns,
  items,
  phoneRow,
}: {
  title: string;
  testId: string;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  items: T[];
  phoneRow: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />;
  if (phone) {
    return (
      <Card title={title} data-testid={testId} size="small">
        {items.length === 0 ? (
          empty
        ) : (
          <ul className="dashboard-rows">
            {items.map((item) => (
              <Fragment key={String(item[rowKey])}>{phoneRow(item)}</Fragment>
            ))}
          </ul>
        )}
      </Card>
    );
  }
  return (
    <Card title={title} data-testid={testId}>
      <Table<T>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
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
      phoneRow={(o) => (
        <PhoneRow
          main={o.order_number}
          sub={[formatDate(o.created_at), party === 'buyer' ? o.buyer_name : o.seller_name]
            .filter(Boolean)
            .join(' · ')}
          amount={formatEuros(o.total_amount)}
          extra={<OrderStatusTag status={o.status} />}
        />
      )}
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
      phoneRow={(b) => (
        <PhoneRow
          main={b.name}
          sub={t('dashboard.ordersCountText', { count: b.orders_count })}
          amount={formatEuros(b.total_spent)}
        />
      )}
    />
  );
}
