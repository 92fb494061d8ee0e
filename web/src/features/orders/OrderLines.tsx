import { formatPhone } from '@livecart/contract/address';
import type { TShipTo } from '@livecart/contract/payments';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { variantText } from './variant';

/*
 * The parts of an order's detail that the Orders drawer and the Payments transaction drawer show
 * alike: the delivery address on one line, the order's lines, a section title.
 */

/** An order line as both details read it. */
export interface OrderLineRow {
  id: number;
  name: string;
  sku: string | null;
  color_label: string | null;
  size_label: string | null;
  quantity: number;
  price: number;
  total: number;
}

/** `Léa Petit, 5 place Bellecour, 69002 Lyon, France, +33 6 …`, '' when nothing is known. */
export const shipToText = (s: TShipTo): string =>
  [
    [s.first_name, s.last_name].filter(Boolean).join(' '),
    s.address1,
    s.address2,
    [s.post_code, s.city].filter(Boolean).join(' '),
    s.state,
    s.country_name,
    s.phone && formatPhone(s.phone),
  ]
    .filter(Boolean)
    .join(', ');

export function DetailSection({ children }: { children: string }) {
  return (
    <Typography.Title level={2} style={{ marginTop: 16, fontSize: 16 }}>
      {children}
    </Typography.Title>
  );
}

/** The lines: product with its colour / size and reference, quantity, unit price, total. */
export function OrderLinesTable({ lines, testId }: { lines: OrderLineRow[]; testId: string }) {
  const { t } = useTranslation();
  const columns = useMemo<ColumnsType<OrderLineRow>>(
    () => [
      {
        key: 'name',
        title: t('orders.product'),
        render: (_: unknown, l) => (
          <div>
            <div>{l.name}</div>
            <Typography.Text type="secondary">
              {[variantText(l), l.sku].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        ),
      },
      { key: 'quantity', dataIndex: 'quantity', title: t('orders.quantity'), align: 'right' },
      {
        key: 'price',
        dataIndex: 'price',
        title: t('orders.unitPrice'),
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
      {
        key: 'total',
        dataIndex: 'total',
        title: t('orders.total'),
        align: 'right',
        render: (v: number) => formatEuros(v),
      },
    ],
    [t],
  );
  return (
    <Table<OrderLineRow>
      rowKey="id"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
    />
  );
}
