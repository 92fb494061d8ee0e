/**
 * Stock of product configurations: the one place units are taken or given back. Both calls run
 * the database functions of `sql/stock.sql` (the live claim calls them from SQL), so the rule —
 * a conditional decrement that never goes below zero, and a new request never served before the
 * waiting list — exists once. Giving units back is followed by serving the waiting list in the
 * same transaction: callers use `orders/waiting.ts` `giveBack`, which does both.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';

export interface ReserveInput {
  sellerId: number;
  configurationId: number;
  quantity: number;
  /** Take what is free when it is less than asked (default); false: all or nothing. */
  partial?: boolean;
  /**
   * A new request, refused while anyone waits for the configuration (default); false only for the
   * caller serving that waiting list in its order.
   */
  queueFirst?: boolean;
}

/**
 * Takes up to `quantity` units in the caller's transaction; answers how many were taken (0 too
 * when the seller has no such configuration).
 */
export async function reserve(tx: DbOrTx, input: ReserveInput): Promise<number> {
  const [row] = await queryRows<{ taken: number | null }>(
    tx,
    sql`SELECT products_reserve(${input.sellerId}, ${input.configurationId}, ${input.quantity},
          ${input.partial ?? true}, ${input.queueFirst ?? true}) AS taken`,
  );
  return row.taken ?? 0;
}

/**
 * Gives `quantity` units back to the seller's configuration; answers false when it no longer
 * exists. Serve its waiting list next (`orders/waiting.ts` `giveBack` does both).
 */
export async function release(
  tx: DbOrTx,
  input: { sellerId: number; configurationId: number; quantity: number },
): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`SELECT products_release(${input.sellerId}, ${input.configurationId}, ${input.quantity}) AS found`,
  );
  return row.found;
}

/**
 * Sets the stock of the seller's configuration (the seller counted it); answers the quantity it
 * had, or null when the configuration is not the seller's. Units added wait for the caller to
 * serve the waiting list.
 */
export async function setStock(
  tx: DbOrTx,
  input: { sellerId: number; configurationId: number; quantity: number },
): Promise<number | null> {
  const [row] = await queryRows<{ before: number }>(
    tx,
    sql`UPDATE product_configurations c SET quantity = ${input.quantity}, updated_at = now()
        FROM (SELECT id, quantity FROM product_configurations
              WHERE id = ${input.configurationId} AND seller_id = ${input.sellerId} FOR UPDATE) old
        WHERE c.id = old.id
        RETURNING old.quantity AS before`,
  );
  return row ? row.before : null;
}

/**
 * The shop's price of a configuration (shop sync): the configuration's price, and the product's
 * own (the lowest of its configurations) follow. Carts already open keep the price their lines
 * were claimed at. Answers false when the configuration is not the seller's.
 */
export async function setPrice(
  tx: DbOrTx,
  input: { sellerId: number; configurationId: number; priceCents: number },
): Promise<boolean> {
  const [row] = await queryRows<{ product_id: number }>(
    tx,
    sql`UPDATE product_configurations SET price_cents = ${input.priceCents}, updated_at = now()
        WHERE id = ${input.configurationId} AND seller_id = ${input.sellerId}
          AND price_cents IS DISTINCT FROM ${input.priceCents}
        RETURNING product_id`,
  );
  if (!row) return false;
  await tx.execute(
    sql`UPDATE products SET price_cents = (SELECT min(price_cents) FROM product_configurations WHERE product_id = ${row.product_id}),
          updated_at = now()
        WHERE id = ${row.product_id}`,
  );
  return true;
}
