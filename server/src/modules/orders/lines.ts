import type { TLiveCartLine } from '@livecart/contract/orders';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';

/** A line as sold (snapshots): unit `price` in euros, `photo` a thumbnail address. */
export type OrderLine = TLiveCartLine;

interface LineRow {
  id: number;
  order_id: number;
  product_id: number | null;
  configuration_id: number | null;
  name: string;
  color_label: string | null;
  size_label: string | null;
  quantity: number;
  unit_price_cents: number;
  photo: string | null;
}

/**
 * The lines of a page of orders, by order id, each order's in the order they were added. With
 * `sellerId`, only lines of that seller's orders are read. An order without lines has no entry.
 */
export async function linesByOrder(
  db: DbOrTx,
  orderIds: number[],
  sellerId?: number,
): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>();
  if (!orderIds.length) return byOrder;
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT id, order_id, product_id, configuration_id, name, color_label, size_label, quantity,
          unit_price_cents, photo
        FROM order_items
        WHERE ${sellerId === undefined ? sql`TRUE` : sql`seller_id = ${sellerId}`}
          AND order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        ORDER BY order_id, id`,
  );
  for (const l of rows) {
    const line: OrderLine = {
      id: l.id,
      product_id: l.product_id,
      configuration_id: l.configuration_id,
      name: l.name,
      color_label: l.color_label,
      size_label: l.size_label,
      quantity: l.quantity,
      price: toEuros(l.unit_price_cents),
      photo: l.photo,
    };
    const list = byOrder.get(l.order_id);
    if (list) list.push(line);
    else byOrder.set(l.order_id, [line]);
  }
  return byOrder;
}
