import type { TLocale } from '@livecart/contract/constants';
import type { TLiveCartLine } from '@livecart/contract/orders';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';

/** A line as sold (snapshots): unit `price` in euros, `photo` a thumbnail address. */
export type OrderLine = TLiveCartLine;

/*
 * A line keeps the colour and size names of its claim (`color_label`, `size_label`), in the
 * language of that moment. Whoever reads the line gets them in their own language instead: the
 * names of the reference colour and size of the line's configuration, the snapshot only when the
 * configuration is gone. Lines are read as `order_items i` with LINE_LABEL_JOINS.
 */

/** Joins of an `order_items i` query to its configuration's colour and size names. */
export const LINE_LABEL_JOINS = sql`LEFT JOIN product_configurations lc ON lc.id = i.configuration_id
  LEFT JOIN colors lco ON lco.id = lc.color_id
  LEFT JOIN sizes lsz ON lsz.id = lc.size_id`;

/** `color_label, size_label` of an `order_items i` line in `locale` (with LINE_LABEL_JOINS). */
export const lineLabels = (locale: TLocale) =>
  locale === 'en'
    ? sql`coalesce(lco.name_en, i.color_label) AS color_label, coalesce(lsz.name_en, i.size_label) AS size_label`
    : sql`coalesce(lco.name_fr, i.color_label) AS color_label, coalesce(lsz.name_fr, i.size_label) AS size_label`;

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
 * The lines of a page of orders, by order id, each order's in the order they were added, colour
 * and size named in `locale`. With `sellerId`, only lines of that seller's orders are read. An
 * order without lines has no entry.
 */
export async function linesByOrder(
  db: DbOrTx,
  orderIds: number[],
  locale: TLocale,
  sellerId?: number,
): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>();
  if (!orderIds.length) return byOrder;
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT i.id, i.order_id, i.product_id, i.configuration_id, i.name, ${lineLabels(locale)},
          i.quantity, i.unit_price_cents, i.photo
        FROM order_items i ${LINE_LABEL_JOINS}
        WHERE ${sellerId === undefined ? sql`TRUE` : sql`i.seller_id = ${sellerId}`}
          AND i.order_id IN (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        ORDER BY i.order_id, i.id`,
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

/** An article as a message names it: `Robe fleurie (Rouge, M)`. */
export const articleText = (name: string, color: string | null, size: string | null) => {
  const variant = [color, size].filter(Boolean).join(', ');
  return `${name}${variant ? ` (${variant})` : ''}`;
};

/** A configuration of the seller named in both languages, `Robe fleurie (Rouge, M)` / `(Red, M)`. */
export async function articleNames(
  db: DbOrTx,
  sellerId: number,
  configurationId: number,
): Promise<Record<TLocale, string> | null> {
  const [r] = await queryRows<{
    name: string;
    color_fr: string | null;
    color_en: string | null;
    size_fr: string | null;
    size_en: string | null;
  }>(
    db,
    sql`SELECT p.name, co.name_fr AS color_fr, co.name_en AS color_en, s.name_fr AS size_fr, s.name_en AS size_en
        FROM product_configurations c
        JOIN products p ON p.id = c.product_id
        LEFT JOIN colors co ON co.id = c.color_id
        LEFT JOIN sizes s ON s.id = c.size_id
        WHERE c.id = ${configurationId} AND c.seller_id = ${sellerId}`,
  );
  if (!r) return null;
  return {
    fr: articleText(r.name, r.color_fr, r.size_fr),
    en: articleText(r.name, r.color_en, r.size_en),
  };
}
