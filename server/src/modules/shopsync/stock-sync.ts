/**
 * Stock both ways between the live and a shop (docs/decisions.md "Shop sync: stock both ways").
 *
 * The live's side is `product_configurations.quantity` (free units); the shop's is its sellable
 * stock. Each link keeps `shop_known`, the shop's stock as this side last saw it:
 * - the live's changes are journaled by a trigger (`sql/journal.sql`) and pushed as deltas
 *   ({@link pushStock}); the shop answers its stock before the change, so a sale the shop made
 *   since it was last seen shows as `before - shop_known` and is applied here;
 * - a notification or the reconciliation re-reads the shop's stock ({@link applyObserved}): the
 *   difference from `shop_known` is the shop's own doing (a sale, a count, a refund) and is applied
 *   here.
 * Applying the shop's change moves the live's stock through the one home of stock (`reserve`,
 * `giveBack`), and writes the opposite change for that shop into the journal in the same
 * transaction, so only what the live did in consequence (the waiting list served) goes back.
 *
 * The last unit sold on both sides: the live takes what is free (never below zero); for the rest,
 * the live's claims made after the shop's sale yield (they join the waiting list at their claim
 * time) and their units go to the shop's sale; what is still short was sold by the live first: the
 * shop oversold it: a `conflict` line tells the seller, the shop's stock is brought back to zero
 * (never below on either side), and `shop_debt` counts the units owed, so the shop's next additions
 * (the seller cancelling that order) pay it back and do not reach the live twice.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ShopCallError, type ShopPlatform, type VariantRef } from '../../integrations/shops/platform.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { yieldLaterClaims } from '../orders/shop-conflict.ts';
import { giveBack } from '../orders/waiting.ts';
import { reserve } from '../products/stock.ts';
import { writeLog } from './log.ts';
import type { ShopRow } from './platforms.ts';

export interface SyncEnv {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Renews the shop's lease during a long step; throws when another run took it. */
  renew?: () => Promise<void>;
}

export interface LinkRow {
  id: number;
  shop_id: number;
  seller_id: number;
  product_id: number;
  configuration_id: number;
  external_product_id: string;
  external_variant_id: string;
  inventory_item_id: string | null;
  sku: string | null;
  shop_known: number;
  shop_debt: number;
  push_pending: number;
}

/** Failures of the shop as a whole, not of one variant: the run stops and the shop is tried later. */
export const SHOP_DOWN = new Set<ShopCallError['kind']>(['unreachable', 'rate_limited', 'credentials']);

export const refOf = (l: LinkRow): VariantRef => ({
  productId: l.external_product_id,
  variantId: l.external_variant_id,
  inventoryItemId: l.inventory_item_id,
});

/** Stock reads a request at most. */
const READ_BATCH = 100;

/** What a log line names of a link: its SKU and its product. */
async function linkParams(db: DbOrTx, link: LinkRow) {
  const [p] = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM products WHERE id = ${link.product_id}`,
  );
  return { sku: link.sku, product: p?.name ?? null };
}

/**
 * Applies the shop's own change of a variant's stock (`foreign`, seen as `observed`) here, in one
 * transaction with the link locked. `soldAt`: when the shop sold (its order's time), which decides
 * the last unit; unknown: now (the live's claims all came first).
 */
export async function applyShopChange(
  env: SyncEnv,
  shop: ShopRow,
  linkId: number,
  observed: number,
  expectedKnown: number | null,
  soldAt: Date,
  /** Run first in the same transaction (the push's own record). */
  first?: (tx: DbOrTx) => Promise<void>,
): Promise<number> {
  return inRetriedTransaction(env.db, async (tx) => {
    if (first) await first(tx);
    const [link] = await queryRows<LinkRow>(
      tx,
      sql`SELECT * FROM shop_variants WHERE id = ${linkId} FOR UPDATE`,
    );
    if (!link) return 0;
    const known = expectedKnown ?? link.shop_known;
    const foreign = observed - known;
    await tx.execute(
      sql`UPDATE shop_variants SET shop_known = ${observed}, updated_at = now() WHERE id = ${link.id}`,
    );
    // The shop below zero (it sold what the live had taken, counted in `shop_debt` when seen):
    // brought back to zero, so neither side shows less than nothing. What is already on its way to
    // the shop counts: a correction journaled by an earlier run and not sent yet (the shop was down,
    // or it was the run's last round) is not made twice.
    if (observed < 0) {
      const owed = -observed - (await unsent(tx, link));
      if (owed > 0) await journal(tx, link, owed);
    }
    if (foreign === 0) return 0;
    const params = await linkParams(tx, link);
    if (foreign > 0) {
      const paid = Math.min(link.shop_debt, foreign);
      const rest = foreign - paid;
      if (paid) {
        // The shop took back units of an order it oversold (cancelled): they are in the live's
        // carts, so the shop goes back down.
        await tx.execute(sql`UPDATE shop_variants SET shop_debt = shop_debt - ${paid} WHERE id = ${link.id}`);
        await journal(tx, link, -paid);
      }
      if (rest > 0) {
        await giveBack(tx, {
          sellerId: link.seller_id,
          configurationId: link.configuration_id,
          quantity: rest,
          env: env.config,
        });
        await journal(tx, link, -rest);
      }
      await writeLog(tx, shop, 'stock_in', 'ok', { ...params, delta: foreign, quantity: observed });
      return foreign;
    }
    const sold = -foreign;
    const taken = await reserve(tx, {
      sellerId: link.seller_id,
      configurationId: link.configuration_id,
      quantity: sold,
      partial: true,
      queueFirst: false,
    });
    if (taken) await journal(tx, link, taken);
    let short = sold - taken;
    if (short > 0) {
      const moved = await yieldLaterClaims(tx, {
        sellerId: link.seller_id,
        configurationId: link.configuration_id,
        quantity: short,
        after: soldAt,
      });
      // The live had taken (and sent the shop) these units; they are the shop's sale now.
      if (moved) await journal(tx, link, moved);
      short -= moved;
      if (moved)
        await writeLog(tx, shop, 'conflict', 'conflict', { ...params, units: moved, winner: 'shop' });
    }
    if (short > 0) {
      await tx.execute(sql`UPDATE shop_variants SET shop_debt = shop_debt + ${short} WHERE id = ${link.id}`);
      await writeLog(tx, shop, 'conflict', 'conflict', { ...params, units: short, winner: 'live' });
    }
    await writeLog(tx, shop, 'stock_in', 'ok', { ...params, delta: foreign, quantity: observed });
    return foreign;
  });
}

/** The changes journaled for the shop's variant and not sent yet (a push's own, once sent, are deleted first). */
async function unsent(tx: DbOrTx, link: LinkRow): Promise<number> {
  const [row] = await queryRows<{ delta: number }>(
    tx,
    sql`SELECT coalesce(sum(delta), 0)::int AS delta FROM shop_stock_changes
        WHERE shop_id = ${link.shop_id} AND variant_id = ${link.id}`,
  );
  return row.delta;
}

/** A change for the shop written by the sync itself (the opposite of the shop's own, or units it gave up). */
async function journal(tx: DbOrTx, link: LinkRow, delta: number) {
  await tx.execute(
    sql`INSERT INTO shop_stock_changes (shop_id, variant_id, delta) VALUES (${link.shop_id}, ${link.id}, ${delta})`,
  );
}

/**
 * Sends the live's journaled changes to the shop, a variant's sum at a time, and deletes what was
 * sent. A change sent but not acknowledged before a crash (`push_pending`) is settled first by
 * reading the shop's stock. Answers the variants pushed.
 */
export async function pushStock(env: SyncEnv, shop: ShopRow, platform: ShopPlatform): Promise<number> {
  await settleInFlight(env, shop, platform);
  // A push may journal a correction of its own (a shop brought back to zero): sent in a second round.
  const first = await pushRound(env, shop, platform);
  return first ? first + (await pushRound(env, shop, platform)) : 0;
}

async function pushRound(env: SyncEnv, shop: ShopRow, platform: ShopPlatform): Promise<number> {
  // The exact rows summed are deleted once sent: a change committed meanwhile (even with a lower
  // id, its transaction having begun earlier) stays for the next push.
  const rows = await queryRows<LinkRow & { delta: number; ids: string[] }>(
    env.db,
    sql`SELECT v.*, c.delta, c.ids FROM shop_variants v
        JOIN (SELECT variant_id, sum(delta)::int AS delta, array_agg(id)::text[] AS ids FROM shop_stock_changes
              WHERE shop_id = ${shop.id} GROUP BY variant_id) c ON c.variant_id = v.id
        ORDER BY v.id`,
  );
  let pushed = 0;
  for (const row of rows) {
    await env.renew?.();
    const sent = sql`DELETE FROM shop_stock_changes WHERE id = ANY(${sql.param(row.ids)}::bigint[])`;
    if (row.delta === 0) {
      await env.db.execute(sent);
      continue;
    }
    await env.db.execute(
      sql`UPDATE shop_variants SET push_pending = ${row.delta}, updated_at = now() WHERE id = ${row.id}`,
    );
    let after: number;
    try {
      ({ after } = await platform.adjustStock(refOf(row), row.delta));
    } catch (err) {
      // The shop failing as a whole (down, limited, key revoked): the run stops and is tried later.
      if (!(err instanceof ShopCallError) || SHOP_DOWN.has(err.kind)) throw err;
      // This variant alone cannot take it (deleted at the shop, its stock no longer tracked): the
      // seller reads why in the log, the rest of the shop goes on.
      await inRetriedTransaction(env.db, async (tx) => {
        await tx.execute(sent);
        await tx.execute(
          sql`UPDATE shop_variants SET push_pending = 0, updated_at = now() WHERE id = ${row.id}`,
        );
        await writeLog(
          tx,
          shop,
          'stock_out',
          'failed',
          { ...(await linkParams(tx, row)), delta: row.delta },
          err.message,
        );
      });
      continue;
    }
    // The shop's stock before the change differs from what was known: it sold or counted meanwhile.
    await applyShopChange(env, shop, row.id, after, row.shop_known + row.delta, new Date(), async (tx) => {
      await tx.execute(sent);
      await tx.execute(
        sql`UPDATE shop_variants SET push_pending = 0, updated_at = now() WHERE id = ${row.id}`,
      );
      await writeLog(tx, shop, 'stock_out', 'ok', {
        ...(await linkParams(tx, row)),
        delta: row.delta,
        quantity: after,
      });
    });
    pushed++;
  }
  return pushed;
}

/**
 * A push interrupted between the shop's answer and this side's record: reads the shop's stock;
 * when it is nearer `known + pending` than `known`, the change arrived (its journal rows are
 * deleted), else it is sent again with the rest.
 */
async function settleInFlight(env: SyncEnv, shop: ShopRow, platform: ShopPlatform) {
  const stuck = await queryRows<LinkRow>(
    env.db,
    sql`SELECT * FROM shop_variants WHERE shop_id = ${shop.id} AND push_pending <> 0`,
  );
  if (!stuck.length) return;
  const observed = await platform.stockOf(stuck.map(refOf));
  for (const link of stuck) {
    const now = observed.get(link.external_variant_id);
    if (now === undefined) continue;
    const arrived = Math.abs(now - (link.shop_known + link.push_pending)) < Math.abs(now - link.shop_known);
    await inRetriedTransaction(env.db, async (tx) => {
      if (arrived) {
        // The journal rows it summed are the oldest ones adding up to it.
        await tx.execute(
          sql`INSERT INTO shop_stock_changes (shop_id, variant_id, delta)
              VALUES (${shop.id}, ${link.id}, ${-link.push_pending})`,
        );
        await tx.execute(
          sql`UPDATE shop_variants SET shop_known = shop_known + push_pending, push_pending = 0 WHERE id = ${link.id}`,
        );
      } else {
        await tx.execute(sql`UPDATE shop_variants SET push_pending = 0 WHERE id = ${link.id}`);
      }
    });
  }
}

/**
 * Re-reads the shop's stock of these links and applies what the shop did. `soldAt`: per link,
 * the time of the shop's order that changed it, when known. Answers the links that had changed.
 */
export async function applyObserved(
  env: SyncEnv,
  shop: ShopRow,
  platform: ShopPlatform,
  links: LinkRow[],
  soldAt: Map<number, Date> = new Map(),
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < links.length; i += READ_BATCH) {
    await env.renew?.();
    const batch = links.slice(i, i + READ_BATCH);
    const observed = await platform.stockOf(batch.map(refOf));
    for (const link of batch) {
      const now = observed.get(link.external_variant_id);
      if (now === undefined) continue;
      const foreign = await applyShopChange(env, shop, link.id, now, null, soldAt.get(link.id) ?? new Date());
      if (foreign) changed++;
    }
  }
  return changed;
}

/** The links of a shop, all or those given by the shop's ids (variant or inventory item). */
export async function linksOf(db: DbOrTx, shopId: number, refs?: Partial<VariantRef>[]): Promise<LinkRow[]> {
  if (!refs)
    return queryRows<LinkRow>(db, sql`SELECT * FROM shop_variants WHERE shop_id = ${shopId} ORDER BY id`);
  const variantIds = [...new Set(refs.map((r) => r.variantId).filter((v): v is string => !!v))];
  const itemIds = [...new Set(refs.map((r) => r.inventoryItemId).filter((v): v is string => !!v))];
  if (!variantIds.length && !itemIds.length) return [];
  return queryRows<LinkRow>(
    db,
    sql`SELECT * FROM shop_variants WHERE shop_id = ${shopId}
          AND (external_variant_id = ANY(${sql.param(variantIds)}::text[])
               OR inventory_item_id = ANY(${sql.param(itemIds)}::text[]))
        ORDER BY id`,
  );
}
