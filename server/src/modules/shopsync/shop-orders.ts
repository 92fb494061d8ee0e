/**
 * Orders between the live and a shop: a paid live order is created in the shop as a paid order
 * (once, even when retried: the shop is asked for the order of our reference before creating
 * one), and a shipment made on either side is told to the other once.
 */
import { trackingUrl } from '@livecart/contract/tracking';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ShopCallError, type ShopOrderInput, type ShopPlatform } from '../../integrations/shops/platform.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { IS_PAID } from '../orders/figures.ts';
import { shipFromShop } from '../orders/shipping.ts';
import { orderShopper } from '../orders/shopperMail.ts';
import { countryIso } from '../reference/service.ts';
import { writeLog } from './log.ts';
import type { ShopRow } from './platforms.ts';
import { SHOP_DOWN, type SyncEnv } from './stock-sync.ts';

/** Tries of an order push before it waits for the seller's retry. */
export const ORDER_PUSH_TRIES = 5;
/** Orders pushed a run at most. */
const ORDERS_PER_RUN = 20;

interface PendingOrder {
  id: number;
  order_id: number;
  attempts: number;
}

interface OrderFacts {
  order_number: string;
  /** Paid or shipped now: an order refunded or canceled since it was paid is not sent. */
  paid: boolean;
  paid_at: Date | string | null;
  shipping_cents: number;
  shipping_method_name: string | null;
  ship_first_name: string | null;
  ship_last_name: string | null;
  ship_phone: string | null;
  ship_address1: string | null;
  ship_address2: string | null;
  ship_city: string | null;
  ship_post_code: string | null;
  country_id: number | null;
  session_id: number | null;
  /** The live's day, DD/MM/YYYY (Paris). */
  session_day: string | null;
}

/**
 * The shop's order of a live order: its lines of the shop's variants, the shipping, the shopper, a
 * tag and a note naming the live. Null when it has none of the shop's variants, or when it is no
 * longer paid (refunded or canceled while its push waited: a paused shop, a shop down, a retry).
 */
async function orderInput(db: DbOrTx, shop: ShopRow, orderId: number): Promise<ShopOrderInput | null> {
  const [o] = await queryRows<OrderFacts>(
    db,
    sql`SELECT o.order_number, ${IS_PAID} AS paid, o.paid_at, o.shipping_cents, o.shipping_method_name, o.ship_first_name,
               o.ship_last_name, o.ship_phone, o.ship_address1, o.ship_address2, o.ship_city, o.ship_post_code,
               o.country_id, ls.id AS session_id, to_char(ls.event_date, 'DD/MM/YYYY') AS session_day
        FROM orders o LEFT JOIN live_sessions ls ON ls.id = o.session_id WHERE o.id = ${orderId}`,
  );
  if (!o?.paid) return null;
  const lines = await queryRows<{
    name: string;
    sku: string | null;
    quantity: number;
    unit_price_cents: number;
    discount_cents: number;
    external_product_id: string;
    external_variant_id: string;
    inventory_item_id: string | null;
  }>(
    db,
    sql`SELECT i.name, i.sku, i.quantity, i.unit_price_cents,
               orders_line_discount_cents(o.session_id, o.social_identity_id, o.checkout_at, i.product_id,
                 i.unit_price_cents * i.quantity) AS discount_cents,
               v.external_product_id, v.external_variant_id, v.inventory_item_id
        FROM order_items i JOIN orders o ON o.id = i.order_id
        JOIN shop_variants v ON v.configuration_id = i.configuration_id AND v.shop_id = ${shop.id}
        WHERE i.order_id = ${orderId} ORDER BY i.id`,
  );
  if (!lines.length) return null;
  const shopper = await orderShopper(db, orderId);
  const countryCode = o.country_id ? await countryIso(db, o.country_id) : null;
  const firstName = o.ship_first_name ?? shopper?.firstName ?? '';
  const lastName = o.ship_last_name ?? '';
  const linesTotal = lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity - l.discount_cents, 0);
  return {
    reference: o.order_number,
    note: `LiveCart ${o.order_number}${o.session_id ? ` — live #${o.session_id} du ${o.session_day}` : ''}`,
    tags: ['livecart', `livecart-${o.order_number}`, ...(o.session_id ? [`live-${o.session_id}`] : [])],
    currency: shop.currency,
    email: shopper?.to ?? null,
    customer: { firstName, lastName, email: shopper?.to ?? null, phone: o.ship_phone },
    shippingAddress:
      o.ship_address1 && o.ship_city && o.ship_post_code && countryCode
        ? {
            firstName,
            lastName,
            address1: o.ship_address1,
            address2: o.ship_address2,
            city: o.ship_city,
            zip: o.ship_post_code,
            countryCode,
            phone: o.ship_phone,
          }
        : null,
    lines: lines.map((l) => ({
      ref: {
        productId: l.external_product_id,
        variantId: l.external_variant_id,
        inventoryItemId: l.inventory_item_id,
      },
      title: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
      discountCents: l.discount_cents,
    })),
    shipping:
      o.shipping_cents > 0
        ? { title: o.shipping_method_name ?? 'Livraison', priceCents: o.shipping_cents }
        : null,
    totalCents: linesTotal + o.shipping_cents,
    paidAt: o.paid_at ? new Date(o.paid_at) : new Date(),
  };
}

/** Creates the shop's orders of the paid live orders waiting for it. Answers how many were created or found. */
export async function pushOrders(env: SyncEnv, shop: ShopRow, platform: ShopPlatform): Promise<number> {
  const pending = await queryRows<PendingOrder>(
    env.db,
    sql`SELECT id, order_id, attempts FROM shop_orders WHERE shop_id = ${shop.id} AND status = 'pending'
        ORDER BY id LIMIT ${ORDERS_PER_RUN}`,
  );
  let done = 0;
  for (const row of pending) {
    const input = await orderInput(env.db, shop, row.order_id);
    if (!input) {
      await env.db.execute(
        sql`UPDATE shop_orders SET status = 'skipped', updated_at = now() WHERE id = ${row.id}`,
      );
      continue;
    }
    try {
      const made = (await platform.findOrder(input.reference)) ?? (await platform.createOrder(input));
      await env.db.execute(
        sql`UPDATE shop_orders SET status = 'pushed', external_id = ${made.id}, external_name = ${made.name.slice(0, 100)},
              last_error = NULL, updated_at = now()
            WHERE id = ${row.id}`,
      );
      await writeLog(
        env.db,
        shop,
        'order_out',
        'ok',
        { order: input.reference, shop_order: made.name },
        null,
        row.id,
      );
      done++;
    } catch (err) {
      if (!(err instanceof ShopCallError)) throw err;
      const attempts = row.attempts + 1;
      const status = attempts >= ORDER_PUSH_TRIES || err.kind === 'invalid' ? 'failed' : 'pending';
      await env.db.execute(
        sql`UPDATE shop_orders SET attempts = ${attempts}, status = ${status}, last_error = ${err.message.slice(0, 500)},
              updated_at = now()
            WHERE id = ${row.id}`,
      );
      await writeLog(
        env.db,
        shop,
        'order_out',
        'failed',
        { order: input.reference, attempts },
        err.message,
        row.id,
      );
      // The shop is failing: the rest waits for the next run (with its backoff).
      if (SHOP_DOWN.has(err.kind)) throw err;
    }
  }
  return done;
}

/** Tells the shop of the live orders shipped here. */
export async function pushShipments(env: SyncEnv, shop: ShopRow, platform: ShopPlatform): Promise<number> {
  const rows = await queryRows<{
    id: number;
    external_id: string;
    order_number: string;
    carrier: string | null;
    tracking_number: string | null;
  }>(
    env.db,
    sql`SELECT so.id, so.external_id, o.order_number, o.carrier, o.tracking_number
        FROM shop_orders so JOIN orders o ON o.id = so.order_id
        WHERE so.shop_id = ${shop.id} AND so.status = 'pushed' AND so.ship_pending
          AND so.shipped_out_at IS NULL AND so.shipped_in_at IS NULL
        ORDER BY so.id LIMIT ${ORDERS_PER_RUN}`,
  );
  let done = 0;
  for (const row of rows) {
    try {
      await platform.fulfilOrder(row.external_id, {
        number: row.tracking_number,
        company: row.carrier,
        url: trackingUrl(row.carrier, row.tracking_number),
      });
    } catch (err) {
      if (!(err instanceof ShopCallError)) throw err;
      await writeLog(env.db, shop, 'shipped_out', 'failed', { order: row.order_number }, err.message, row.id);
      throw err;
    }
    await env.db.execute(
      sql`UPDATE shop_orders SET shipped_out_at = now(), ship_pending = false, updated_at = now() WHERE id = ${row.id}`,
    );
    await writeLog(env.db, shop, 'shipped_out', 'ok', { order: row.order_number }, null, row.id);
    done++;
  }
  return done;
}

/** The shop shipped a live order: shipped here too (once), with the shop's tracking. */
export async function shippedAtShop(
  env: SyncEnv,
  shop: ShopRow,
  externalOrderId: string,
  tracking: { number: string | null; company: string | null } | null,
): Promise<boolean> {
  return inRetriedTransaction(env.db, async (tx) => {
    const [row] = await queryRows<{ id: number; order_id: number; order_number: string }>(
      tx,
      sql`SELECT so.id, so.order_id, o.order_number FROM shop_orders so JOIN orders o ON o.id = so.order_id
          WHERE so.shop_id = ${shop.id} AND so.external_id = ${externalOrderId}
            AND so.shipped_in_at IS NULL AND so.shipped_out_at IS NULL
          FOR UPDATE OF so`,
    );
    if (!row) return false;
    await tx.execute(
      sql`UPDATE shop_orders SET shipped_in_at = now(), ship_pending = false, updated_at = now() WHERE id = ${row.id}`,
    );
    const shipped = await shipFromShop(tx, env.config, {
      sellerId: shop.seller_id,
      orderId: row.order_id,
      carrier: tracking?.company ?? null,
      trackingNumber: tracking?.number ?? null,
    });
    if (shipped)
      await writeLog(tx, shop, 'shipped_in', 'ok', {
        order: row.order_number,
        tracking: tracking?.number ?? null,
      });
    return shipped;
  });
}

/** The reconciliation's read of the shop's shipments of pushed orders still unshipped here. */
export async function reconcileShipments(
  env: SyncEnv,
  shop: ShopRow,
  platform: ShopPlatform,
): Promise<number> {
  const rows = await queryRows<{ external_id: string }>(
    env.db,
    sql`SELECT so.external_id FROM shop_orders so JOIN orders o ON o.id = so.order_id
        WHERE so.shop_id = ${shop.id} AND so.status = 'pushed' AND o.status = 'payed'
          AND so.shipped_in_at IS NULL AND so.shipped_out_at IS NULL
        ORDER BY so.id DESC LIMIT 50`,
  );
  let shipped = 0;
  for (const row of rows) {
    const state = await platform.orderFulfilment(row.external_id);
    if (state.fulfilled && (await shippedAtShop(env, shop, row.external_id, state.tracking))) shipped++;
  }
  return shipped;
}
