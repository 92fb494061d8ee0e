/**
 * The shop sync worker: every second, each shop with work (the live's stock changes journaled,
 * notifications received, orders to create or shipments to tell, a reconciliation due) is synced
 * by one process at a time (`shops.busy_until`, a lease), in this order: the shop's notifications,
 * the live's stock, orders, shipments, then the reconciliation (every few minutes, and when the
 * seller asks). The live never waits for any of it. A shop that fails is tried again later,
 * longer each time (`retry_at`); its message is shown on the shop.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ShopEvent } from '../../integrations/shops/platform.ts';
import { ShopCallError } from '../../integrations/shops/platform.ts';
import { Periodic } from '../../lib/periodic.ts';
import { queryRows } from '../../lib/sql.ts';
import { setPrice } from '../products/stock.ts';
import { writeLog } from './log.ts';
import { platformOf, type ShopRow } from './platforms.ts';
import { pushOrders, pushShipments, reconcileShipments, shippedAtShop } from './shop-orders.ts';
import { applyObserved, type LinkRow, linksOf, pushStock, type SyncEnv } from './stock-sync.ts';

/** How often a shop's whole stock is read again, the notifications' backstop. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** How long a run may hold a shop before another process may take it over. */
const LEASE_SECONDS = 120;
/** Notifications applied a run at most. */
const EVENTS_PER_RUN = 200;

const backoffSeconds = (failures: number) => Math.min(15 * 2 ** Math.max(0, failures - 1), 30 * 60);

/**
 * Syncs one shop now, if no other run holds it (answers false then, and for a paused shop).
 * `reconcile`: read its whole stock again even when not due.
 */
export async function syncShop(
  env: SyncEnv,
  shopId: number,
  opts: { reconcile?: boolean } = {},
): Promise<boolean> {
  const [shop] = await queryRows<ShopRow & { lease: string }>(
    env.db,
    sql`UPDATE shops SET busy_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
        WHERE id = ${shopId} AND NOT paused AND (busy_until IS NULL OR busy_until < now())
        RETURNING *, busy_until::text AS lease`,
  );
  if (!shop) return false;
  // The lease is this run's while its `busy_until` is the one it set: renewed between steps (a big
  // shop's run outlives one lease), and a run that finds it taken stops before touching anything.
  let lease = shop.lease;
  const mine = () => sql`id = ${shop.id} AND busy_until::text = ${lease}`;
  const renew = async () => {
    const [r] = await queryRows<{ lease: string }>(
      env.db,
      sql`UPDATE shops SET busy_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
          WHERE ${mine()} RETURNING busy_until::text AS lease`,
    );
    if (!r) throw new LeaseLost();
    lease = r.lease;
  };
  const run: SyncEnv = { ...env, renew };
  try {
    const platform = platformOf(env.config, shop);
    await applyEvents(run, shop, platform);
    await renew();
    await pushStock(run, shop, platform);
    await renew();
    await pushOrders(run, shop, platform);
    await renew();
    await pushShipments(run, shop, platform);
    const due =
      opts.reconcile ||
      !shop.last_reconciled_at ||
      Date.now() - new Date(shop.last_reconciled_at).getTime() >= RECONCILE_EVERY_MS;
    if (due) {
      await renew();
      await reconcile(run, shop, platform);
    }
    await env.db.execute(
      sql`UPDATE shops SET last_synced_at = now(), last_error = NULL, failures = 0, retry_at = NULL,
            busy_until = NULL, updated_at = now()
          WHERE ${mine()}`,
    );
    return true;
  } catch (err) {
    if (err instanceof LeaseLost) {
      env.log.warn({ shopId: shop.id }, 'shop sync lease taken over: run stopped');
      return true;
    }
    if (!(err instanceof ShopCallError)) {
      await env.db.execute(sql`UPDATE shops SET busy_until = NULL WHERE ${mine()}`);
      throw err;
    }
    const failures = shop.failures + 1;
    env.log.warn({ shopId: shop.id, kind: err.kind }, 'shop sync failed');
    await env.db.execute(
      sql`UPDATE shops SET last_error = ${err.message.slice(0, 500)}, failures = ${failures},
            retry_at = now() + make_interval(secs => ${backoffSeconds(failures)}), busy_until = NULL, updated_at = now()
          WHERE ${mine()}`,
    );
    return true;
  }
}

/** The run's lease was taken by another (it outlived it): the run stops. */
class LeaseLost extends Error {
  override name = 'LeaseLost';
}

/**
 * Applies the notifications received, in one pass: prices first, then the stock of every variant
 * they name read again (an order's time decides a last unit sold on both sides), then shipments.
 */
async function applyEvents(env: SyncEnv, shop: ShopRow, platform: ReturnType<typeof platformOf>) {
  const rows = await queryRows<{ id: number; events: ShopEvent[] }>(
    env.db,
    sql`SELECT id, events FROM shop_events WHERE shop_id = ${shop.id} AND processed_at IS NULL
        ORDER BY id LIMIT ${EVENTS_PER_RUN}`,
  );
  if (!rows.length) return;
  const events = rows.flatMap((r) => r.events);

  for (const e of events) if (e.kind === 'product') await applyPrices(env, shop, e);

  const refs = events.flatMap((e) =>
    e.kind === 'stock' ? e.variants : e.kind === 'order' ? e.lines.map((l) => l.ref) : [],
  );
  const links = await linksOf(env.db, shop.id, refs);
  if (links.length) {
    const soldAt = new Map<number, Date>();
    for (const e of events) {
      if (e.kind !== 'order' || e.ours || !e.createdAt) continue;
      for (const line of e.lines) {
        const link = links.find(
          (l) =>
            l.external_variant_id === line.ref.variantId ||
            (!!line.ref.inventoryItemId && l.inventory_item_id === line.ref.inventoryItemId),
        );
        const at = new Date(e.createdAt);
        if (
          link &&
          !Number.isNaN(at.getTime()) &&
          (!soldAt.has(link.id) || at < (soldAt.get(link.id) as Date))
        )
          soldAt.set(link.id, at);
      }
    }
    await applyObserved(env, shop, platform, links, soldAt);
  }

  for (const e of events) if (e.kind === 'fulfilled') await shippedAtShop(env, shop, e.orderId, e.tracking);

  await env.db.execute(
    sql`UPDATE shop_events SET processed_at = now() WHERE id = ANY(${sql.param(rows.map((r) => Number(r.id)))}::bigint[])`,
  );
}

/** The shop changed a product's prices: its configurations here follow (open carts keep theirs). */
async function applyPrices(env: SyncEnv, shop: ShopRow, e: Extract<ShopEvent, { kind: 'product' }>) {
  const links = await linksOf(
    env.db,
    shop.id,
    e.variants.map((v) => ({ variantId: v.variantId })),
  );
  for (const link of links) {
    const price = e.variants.find((v) => v.variantId === link.external_variant_id)?.priceCents;
    if (price === undefined || !Number.isInteger(price) || price < 0) continue;
    const changed = await env.db.transaction(async (tx) => {
      const moved = await setPrice(tx, {
        sellerId: shop.seller_id,
        configurationId: link.configuration_id,
        priceCents: price,
      });
      if (moved) {
        await tx.execute(
          sql`UPDATE shop_variants SET price_cents = ${price}, updated_at = now() WHERE id = ${link.id}`,
        );
      }
      return moved;
    });
    if (changed) await writeLog(env.db, shop, 'price_in', 'ok', { sku: link.sku, price: price / 100 });
  }
}

/** Reads the shop's whole stock and its shipments again: what notifications missed is applied. */
async function reconcile(env: SyncEnv, shop: ShopRow, platform: ReturnType<typeof platformOf>) {
  const links: LinkRow[] = await linksOf(env.db, shop.id);
  const changed = await applyObserved(env, shop, platform, links);
  const shipped = await reconcileShipments(env, shop, platform);
  await env.db.execute(sql`UPDATE shops SET last_reconciled_at = now() WHERE id = ${shop.id}`);
  if (changed || shipped)
    await writeLog(env.db, shop, 'reconcile', 'ok', { variants: links.length, changed, shipped });
}

/** The shops with work now. */
async function dueShops(db: SyncEnv['db']): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT s.id FROM shops s
        WHERE NOT s.paused AND (s.retry_at IS NULL OR s.retry_at <= now())
          AND (s.busy_until IS NULL OR s.busy_until < now())
          AND (EXISTS (SELECT 1 FROM shop_stock_changes c WHERE c.shop_id = s.id)
               OR EXISTS (SELECT 1 FROM shop_events e WHERE e.shop_id = s.id AND e.processed_at IS NULL)
               OR EXISTS (SELECT 1 FROM shop_orders o WHERE o.shop_id = s.id
                          AND (o.status = 'pending' OR (o.status = 'pushed' AND o.ship_pending AND o.shipped_out_at IS NULL)))
               OR s.last_reconciled_at IS NULL
               OR s.last_reconciled_at < now() - make_interval(secs => ${RECONCILE_EVERY_MS / 1000}))
        ORDER BY s.id LIMIT 50`,
  );
  return rows.map((r) => r.id);
}

/** Syncs every shop with work; answers how many were synced. */
export async function syncDueShops(env: SyncEnv): Promise<number> {
  let synced = 0;
  for (const id of await dueShops(env.db)) {
    try {
      if (await syncShop(env, id)) synced++;
    } catch (err) {
      env.log.error({ err, shopId: id }, 'shop sync');
    }
  }
  return synced;
}

/** Runs {@link syncDueShops} every second in the background (tests call `runNow()`). */
export class ShopSyncWorker {
  private readonly runs: Periodic<number>;
  readonly env: SyncEnv;

  constructor(
    database: Pick<Database, 'db'>,
    config: Config,
    log: FastifyBaseLogger,
    opts: { intervalMs?: number } = {},
  ) {
    this.env = { db: database.db, config, log };
    this.runs = new Periodic('shop sync', log, () => syncDueShops(this.env), {
      intervalMs: opts.intervalMs ?? 1_000,
    });
  }

  start() {
    this.runs.start();
  }

  runNow(): Promise<number> {
    return this.runs.runNow();
  }

  stop() {
    return this.runs.stop();
  }
}
