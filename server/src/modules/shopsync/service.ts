/**
 * Shop sync's seller side: connect a shop (a test call first, credentials encrypted at rest, the
 * shop's notifications subscribed), list, pause, disconnect, the log and its retries.
 */
import { randomBytes } from 'node:crypto';
import type {
  TShop,
  TShopCreate,
  TShopImportJob,
  TShopList,
  TShopLog,
  TShopLogEntry,
} from '@livecart/contract/shops';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { addressProblem } from '../../integrations/shops/http.ts';
import { ShopCallError } from '../../integrations/shops/platform.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import { queryRows } from '../../lib/sql.ts';
import { shopSyncSeller } from './access.ts';
import { importJob, startShopImport } from './import.ts';
import { writeLog } from './log.ts';
import { localHttpAllowed, platformFor, platformOf, type ShopRow } from './platforms.ts';
import { shops } from './tables.ts';
import { syncShop } from './worker.ts';

/** The shop's address as stored: Shopify's origin; WooCommerce's site address (WordPress may live in a folder). */
export function shopAddress(platform: TShopCreate['platform'], raw: string): string {
  const u = new URL(raw);
  if (platform === 'shopify') return u.origin;
  return `${u.origin}${u.pathname.replace(/\/(wp-json.*)?$/, '').replace(/\/+$/, '')}`;
}

/** Where the shop posts its notifications for this shop. */
export const webhookUrl = (publicUrl: string, shopId: number) => `${publicUrl}/api/shops/webhooks/${shopId}`;

const SHOP_VIEW = sql`SELECT s.*,
    (SELECT count(*)::int FROM shop_variants v WHERE v.shop_id = s.id) AS linked_variants,
    (SELECT count(DISTINCT c.variant_id)::int FROM shop_stock_changes c WHERE c.shop_id = s.id) AS pending_changes
  FROM shops s`;

type ShopViewRow = ShopRow & { linked_variants: number; pending_changes: number };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toShop(r: ShopViewRow): TShop {
  return {
    id: r.id,
    platform: r.platform,
    url: r.url,
    name: r.name,
    currency: r.currency,
    state: r.paused ? 'paused' : r.last_error ? 'failing' : 'connected',
    paused: r.paused,
    last_error: r.last_error,
    linked_variants: r.linked_variants,
    pending_changes: r.pending_changes,
    webhooks: r.webhooks_at !== null,
    last_synced_at: iso(r.last_synced_at),
    last_reconciled_at: iso(r.last_reconciled_at),
    created_at: iso(r.created_at) as string,
  };
}

/** One of the seller's shops, or 404 (another seller's id too). */
export async function shopRow(db: DbOrTx, sellerId: number, id: number): Promise<ShopRow> {
  const [row] = await queryRows<ShopRow>(
    db,
    sql`SELECT * FROM shops WHERE id = ${id} AND seller_id = ${sellerId}`,
  );
  if (!row) throw notFound();
  return row;
}

export async function shopView(db: DbOrTx, id: number): Promise<TShop> {
  const [row] = await queryRows<ShopViewRow>(db, sql`${SHOP_VIEW} WHERE s.id = ${id}`);
  if (!row) throw notFound();
  return toShop(row);
}

/** GET shops: the seller's shops, oldest first. */
export async function listShops(ctx: Ctx): Promise<TShopList> {
  const sellerId = await shopSyncSeller(ctx);
  const rows = await queryRows<ShopViewRow>(
    ctx.db,
    sql`${SHOP_VIEW} WHERE s.seller_id = ${sellerId} ORDER BY s.id`,
  );
  return { count: rows.length, items: rows.map(toShop), shopify_app: !!ctx.config.shopSync.shopifyApp };
}

/** A failed test call, as the seller is answered: the field to fix, or the shop not answering. */
function connectError(err: unknown): AppError {
  if (!(err instanceof ShopCallError)) throw err;
  if (err.kind === 'credentials')
    return new AppError('shop_credentials_invalid', { key: 'shop_credentials_invalid' });
  if (err.kind === 'unreachable' && err.message.startsWith('Shop address refused'))
    return new AppError('shop_url_not_allowed', { url: 'shop_url_not_allowed' });
  return new AppError('shop_unreachable', undefined, err.message);
}

/**
 * POST shops: checks the address (https, public), makes the test call, stores the shop with its
 * credentials encrypted, and subscribes its notifications (a failure there is logged: the
 * periodic reconciliation still brings the shop's sales).
 */
export async function connectShop(ctx: Ctx, body: TShopCreate): Promise<TShop> {
  const sellerId = await shopSyncSeller(ctx);
  return saveShop(ctx, sellerId, { ...body, url: shopAddress(body.platform, body.url) });
}

/**
 * Stores a shop whose address is normalised (the form's, or Shopify's app approval): the address
 * checked, the test call made, credentials encrypted, notifications subscribed.
 */
export async function saveShop(ctx: Ctx, sellerId: number, body: TShopCreate): Promise<TShop> {
  const url = body.url;
  if (addressProblem(url, localHttpAllowed(ctx.config, url)))
    throw new AppError('shop_url_not_allowed', { url: 'shop_url_not_allowed' });
  const [taken] = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM shops WHERE seller_id = ${sellerId} AND url = ${url}`,
  );
  if (taken) throw new AppError('shop_exists', { url: 'shop_exists' });

  const webhookSecret = body.platform === 'woocommerce' ? randomBytes(32).toString('base64url') : undefined;
  const platform = platformFor(ctx.config, body.platform, {
    url,
    key: body.key,
    secret: body.secret,
    extra: webhookSecret ? { webhookSecret } : {},
  });
  const info = await platform.check().catch((err) => {
    throw connectError(err);
  });
  const extra: Record<string, string> = { ...info.extra };
  if (webhookSecret) extra.webhookSecret = encryptSecret(ctx.config.authSecret, webhookSecret);
  const [row] = await ctx.db
    .insert(shops)
    .values({
      seller_id: sellerId,
      platform: body.platform,
      url,
      name: info.name.slice(0, 255),
      currency: info.currency.slice(0, 3).toUpperCase(),
      key_encrypted: encryptSecret(ctx.config.authSecret, body.key),
      secret_encrypted: encryptSecret(ctx.config.authSecret, body.secret),
      extra,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('shop_exists', { url: 'shop_exists' });
  await writeLog(ctx.db, row, 'connect', 'ok', { platform: body.platform, name: row.name });
  await subscribeWebhooks(ctx, row);
  return shopView(ctx.db, row.id);
}

/** Subscribes the shop's notifications to this server; a refusal is logged and shown, not thrown. */
export async function subscribeWebhooks(
  ctx: Pick<Ctx, 'db' | 'config' | 'log'>,
  row: ShopRow,
): Promise<boolean> {
  try {
    await platformOf(ctx.config, row).registerWebhooks(webhookUrl(ctx.config.publicUrl, row.id));
    await ctx.db.execute(sql`UPDATE shops SET webhooks_at = now(), updated_at = now() WHERE id = ${row.id}`);
    return true;
  } catch (err) {
    if (!(err instanceof ShopCallError)) throw err;
    ctx.log.warn({ shopId: row.id, kind: err.kind }, 'shop webhooks not subscribed');
    await writeLog(ctx.db, row, 'webhook', 'failed', { step: 'subscribe' }, err.message);
    return false;
  }
}

/** PATCH shops/{id}: pause or resume. Paused, nothing is sent or applied; the live's changes wait in the journal. */
export async function setPaused(ctx: Ctx, id: number, paused: boolean): Promise<TShop> {
  const sellerId = await shopSyncSeller(ctx);
  const row = await shopRow(ctx.db, sellerId, id);
  if (row.paused !== paused) {
    await ctx.db.execute(
      sql`UPDATE shops SET paused = ${paused}, retry_at = NULL, updated_at = now() WHERE id = ${row.id}`,
    );
    await writeLog(ctx.db, row, paused ? 'pause' : 'resume', 'ok', {});
  }
  return shopView(ctx.db, row.id);
}

/**
 * DELETE shops/{id}: the shop is no longer synced (its links, journal and log go; the products
 * imported stay, with their stock).
 */
export async function disconnectShop(ctx: Ctx, id: number): Promise<void> {
  const sellerId = await shopSyncSeller(ctx);
  const row = await shopRow(ctx.db, sellerId, id);
  await ctx.db.execute(sql`DELETE FROM shops WHERE id = ${row.id}`);
}

const toEntry = (r: {
  id: number;
  kind: TShopLogEntry['kind'];
  status: TShopLogEntry['status'];
  params: TShopLogEntry['params'];
  platform_message: string | null;
  retryable: boolean;
  created_at: Date | string;
}): TShopLogEntry => ({
  id: Number(r.id),
  kind: r.kind,
  status: r.status,
  params: r.params,
  platform_message: r.platform_message,
  can_retry: r.retryable,
  created_at: new Date(r.created_at).toISOString(),
});

/** GET shops/{id}/log: newest first; a failed order push or shipment still failing can be retried. */
export async function shopLogPage(
  ctx: Ctx,
  id: number,
  q: { status?: TShopLogEntry['status']; limit: number; offset: number },
): Promise<TShopLog> {
  const sellerId = await shopSyncSeller(ctx);
  const row = await shopRow(ctx.db, sellerId, id);
  const where = q.status ? sql`l.shop_id = ${row.id} AND l.status = ${q.status}` : sql`l.shop_id = ${row.id}`;
  const [{ count }] = await queryRows<{ count: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS count FROM shop_log l WHERE ${where}`,
  );
  const rows = await queryRows<Parameters<typeof toEntry>[0]>(
    ctx.db,
    sql`SELECT l.id, l.kind, l.status, l.params, l.platform_message, l.created_at,
               (l.status = 'failed' AND o.id IS NOT NULL
                AND (o.status = 'failed' OR (o.ship_pending AND o.shipped_out_at IS NULL))) AS retryable
        FROM shop_log l LEFT JOIN shop_orders o ON o.id = l.shop_order_id
        WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`,
  );
  return { count, items: rows.map(toEntry) };
}

/** POST shops/{id}/log/{logId}/retry: the failed push is due again now (the worker sends it). */
export async function retryLogEntry(ctx: Ctx, id: number, logId: number): Promise<void> {
  const sellerId = await shopSyncSeller(ctx);
  const row = await shopRow(ctx.db, sellerId, id);
  if (row.paused) throw new AppError('shop_paused');
  const [entry] = await queryRows<{ shop_order_id: number | null }>(
    ctx.db,
    sql`SELECT shop_order_id FROM shop_log WHERE id = ${logId} AND shop_id = ${row.id}`,
  );
  if (!entry) throw notFound();
  const [due] = entry.shop_order_id
    ? await queryRows<{ id: number }>(
        ctx.db,
        sql`UPDATE shop_orders SET status = CASE WHEN status = 'failed' THEN 'pending' ELSE status END,
              attempts = 0, updated_at = now()
            WHERE id = ${entry.shop_order_id}
              AND (status = 'failed' OR (ship_pending AND shipped_out_at IS NULL))
            RETURNING id`,
      )
    : [];
  if (!due) throw new AppError('shop_log_not_retryable');
  await ctx.db.execute(sql`UPDATE shops SET retry_at = NULL, updated_at = now() WHERE id = ${row.id}`);
}

/** One of the seller's shops, refused with `shop_paused` while paused: what an import or a sync now needs. */
async function activeShop(ctx: Ctx, id: number): Promise<ShopRow> {
  const row = await shopRow(ctx.db, await shopSyncSeller(ctx), id);
  if (row.paused) throw new AppError('shop_paused');
  return row;
}

/** POST shops/{id}/import: the import started in the background, as its job. */
export async function startImport(ctx: Ctx, database: Database, id: number): Promise<TShopImportJob> {
  const shop = await activeShop(ctx, id);
  return startShopImport(
    { database, log: ctx.log },
    { sellerId: shop.seller_id, shopId: shop.id, platform: platformOf(ctx.config, shop) },
  );
}

/** GET shops/{id}/import: the shop's latest import, or null. */
export async function latestImport(ctx: Ctx, id: number): Promise<TShopImportJob | null> {
  const shop = await shopRow(ctx.db, await shopSyncSeller(ctx), id);
  return importJob(ctx.db, shop.seller_id, shop.id);
}

/** How long "Sync now" waits for its run before answering. */
const SYNC_NOW_WAIT_MS = 10_000;

/**
 * POST shops/{id}/sync: pending changes, orders and shipments sent, the whole stock read again. A
 * big shop's stock may take a while to read: the answer waits for the run at most
 * SYNC_NOW_WAIT_MS; the run goes on and the card shows its outcome when it ends.
 */
export async function syncNow(ctx: Ctx, database: Database, id: number): Promise<TShop> {
  const shop = await activeShop(ctx, id);
  const run = syncShop({ db: database.db, config: ctx.config, log: ctx.log }, shop.id, {
    reconcile: true,
  }).catch((err) => ctx.log.error({ err, shopId: shop.id }, 'shop sync'));
  await Promise.race([run, new Promise((done) => setTimeout(done, SYNC_NOW_WAIT_MS).unref())]);
  return shopView(ctx.db, shop.id);
}
