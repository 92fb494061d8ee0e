import {
  SHOP_IMPORT_PAGE_SIZE,
  type TImportedProduct,
  type TShopImportJob,
  type TShopPublish,
  type TUnknownOption,
} from '@livecart/contract/shops';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { ShopCallError, type ShopPlatform, type ShopProduct } from '../../integrations/shops/platform.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { loadReferenceNames, type ReferenceNames } from '../products/reference-names.ts';
import {
  keywordsInUse,
  publishImported,
  type ShopImportProduct,
  writeShopProducts,
} from '../products/shop-import.ts';
import { shopSyncSeller } from './access.ts';
import { writeLog } from './log.ts';
import { mapProduct, proposeKeyword } from './options.ts';
import type { LinkRow } from './stock-sync.ts';

/*
 * The import of a shop's catalogue (issue 19): the shop's products are read page by page
 * (`platform.products`) and written here by the products module (`products/shop-import.ts`),
 * each page in one transaction with its links (`shop_variants`) and the job's progress
 * (`shop_imports`: done, total, heartbeat), so a failure keeps the pages before it; the report
 * (skipped products, unknown options, the products with their keywords) is written when it ends,
 * done or failed (rewriting it after every page would cost the square of its length). It runs in the
 * background of the process that started it; a job whose heartbeat is older than
 * {@link STALE_AFTER_MS} (its process died) is failed by the next start. New products are created
 * unpublished, with a proposed keyword the seller edits before publishing (`publishShopProducts`).
 */

/** A running import whose heartbeat is older than this is taken for dead. */
export const STALE_AFTER_MS = 2 * 60_000;
/** The heartbeat of a running import, renewed meanwhile a slow shop answers a page. */
const HEARTBEAT_MS = 30_000;

export interface ShopImportDeps {
  database: Database;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export interface ShopImportArgs {
  sellerId: number;
  shopId: number;
  platform: ShopPlatform;
}

interface ImportRow {
  id: number;
  shop_id: number;
  status: TShopImportJob['status'];
  done: number;
  total: number | null;
  created: number;
  updated: number;
  report: Partial<Report>;
  error: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
}

interface Report {
  skipped: { product: string; reason: string }[];
  unknown_options: TUnknownOption[];
  products: TImportedProduct[];
}

const IMPORT_COLUMNS = sql`id, shop_id, status, done, total, created, updated, report, error, started_at, finished_at`;

const jobOf = (r: ImportRow): TShopImportJob => ({
  id: r.id,
  shop_id: r.shop_id,
  status: r.status,
  done: r.done,
  total: r.total,
  created: r.created,
  updated: r.updated,
  skipped: r.report.skipped ?? [],
  unknown_options: r.report.unknown_options ?? [],
  products: r.report.products ?? [],
  error: r.error,
  started_at: toIso(r.started_at) as string,
  finished_at: toIso(r.finished_at),
});

/** GET shops/{id}/import: the shop's latest import (running or finished), null when none. */
export async function importJob(
  db: DbOrTx,
  sellerId: number,
  shopId: number,
): Promise<TShopImportJob | null> {
  const [row] = await queryRows<ImportRow>(
    db,
    sql`SELECT ${IMPORT_COLUMNS} FROM shop_imports WHERE shop_id = ${shopId} AND seller_id = ${sellerId}
        ORDER BY started_at DESC, id DESC LIMIT 1`,
  );
  return row ? jobOf(row) : null;
}

/** The seller's shop, else 404. */
async function checkShop(db: DbOrTx, sellerId: number, shopId: number) {
  const [shop] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM shops WHERE id = ${shopId} AND seller_id = ${sellerId}`,
  );
  if (!shop) throw notFound();
}

/**
 * Opens the import job: 409 `shop_import_running` while another runs for the shop (one whose
 * heartbeat stopped is failed first).
 */
async function openJob(db: DbOrTx, sellerId: number, shopId: number): Promise<TShopImportJob> {
  await checkShop(db, sellerId, shopId);
  await db.execute(
    sql`UPDATE shop_imports SET status = 'failed', finished_at = now(),
          error = 'The import stopped without finishing (its server restarted)'
        WHERE shop_id = ${shopId} AND status = 'running'
          AND heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`,
  );
  const [row] = await queryRows<ImportRow>(
    db,
    sql`INSERT INTO shop_imports (shop_id, seller_id, report)
        VALUES (${shopId}, ${sellerId}, ${JSON.stringify({ skipped: [], unknown_options: [], products: [] })}::jsonb)
        ON CONFLICT DO NOTHING
        RETURNING ${IMPORT_COLUMNS}`,
  );
  if (!row) throw new AppError('shop_import_running');
  return jobOf(row);
}

/**
 * POST shops/{id}/import: starts the import of the shop's catalogue and answers its job at once;
 * the import goes on in the background of this process (poll {@link importJob}).
 */
export async function startShopImport(deps: ShopImportDeps, args: ShopImportArgs): Promise<TShopImportJob> {
  const job = await openJob(deps.database.db, args.sellerId, args.shopId);
  void runJob(deps, args, job.id).catch((err) => deps.log?.error({ err }, 'shop import'));
  return job;
}

/** {@link startShopImport}, awaited: answers the finished job (tests, benchmarks). */
export async function runShopImport(deps: ShopImportDeps, args: ShopImportArgs): Promise<TShopImportJob> {
  const job = await openJob(deps.database.db, args.sellerId, args.shopId);
  await runJob(deps, args, job.id);
  return (await importJob(deps.database.db, args.sellerId, args.shopId)) as TShopImportJob;
}

/** A linked variant of the shop: its configuration and product here. */
interface Link {
  external_product_id: string;
  external_variant_id: string;
  product_id: number;
  configuration_id: number;
}

/**
 * The links of these shop variants (by the unique index of a shop's variant ids) to products not
 * deleted: a product the seller deleted here is imported again as a new one. Two reads rather than
 * a join: a planner without statistics (a fresh import on PGlite) may loop over every product for
 * each link.
 */
async function linksOf(db: DbOrTx, shopId: number, variantIds: string[]): Promise<Link[]> {
  if (!variantIds.length) return [];
  const links = await queryRows<Link>(
    db,
    sql`SELECT external_product_id, external_variant_id, product_id, configuration_id FROM shop_variants
        WHERE shop_id = ${shopId} AND external_variant_id = ANY(${sql.param(variantIds)}::text[])
        ORDER BY id`,
  );
  if (!links.length) return [];
  const live = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM products
        WHERE id = ANY(${sql.param([...new Set(links.map((l) => l.product_id))])}::int[]) AND deleted_at IS NULL`,
  );
  const liveIds = new Set(live.map((r) => r.id));
  return links.filter((l) => liveIds.has(l.product_id));
}

/** The job is no longer running (failed as stale by another start): its run stops, writing nothing more. */
class JobLost extends Error {}

/**
 * Why the import stopped, as the seller reads it: the platform's message, or our refusal (the
 * product limit); anything else is ours to look into (logged) and reads as a plain failure.
 */
const errorText = (err: unknown) =>
  (err instanceof ShopCallError || err instanceof AppError
    ? err.message || 'The shop answered an error'
    : 'The import stopped on an error of the server'
  ).slice(0, 500);

async function runJob(deps: ShopImportDeps, args: ShopImportArgs, jobId: number): Promise<void> {
  const { db } = deps.database;
  const report: Report = { skipped: [], unknown_options: [], products: [] };
  const counts = { done: 0, created: 0, updated: 0, total: null as number | null };
  const heartbeat = setInterval(() => {
    db.execute(
      sql`UPDATE shop_imports SET heartbeat_at = now() WHERE id = ${jobId} AND status = 'running'`,
    ).catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  let failure: string | null = null;
  try {
    const ref = await loadReferenceNames(db);
    const taken = await keywordsInUse(db, args.sellerId);
    let cursor: string | null = null;
    do {
      const page = await args.platform.products(cursor, SHOP_IMPORT_PAGE_SIZE);
      // The page's report and counts join the job's once its transaction committed.
      const part: Report = { skipped: [], unknown_options: [], products: [] };
      const after = { ...counts };
      await db.transaction(async (tx) => {
        await importPage(tx, args, page.items, ref, taken, part, after);
        after.done += page.items.length;
        after.total = page.total ?? (page.next ? null : after.done);
        const [still] = await queryRows<{ id: number }>(
          tx,
          sql`UPDATE shop_imports SET done = ${after.done}, total = ${after.total}, created = ${after.created},
                updated = ${after.updated}, heartbeat_at = now()
              WHERE id = ${jobId} AND status = 'running'
              RETURNING id`,
        );
        // Taken for dead meanwhile (its heartbeat stopped) and failed by a newer start: that one imports.
        if (!still) throw new JobLost();
      });
      Object.assign(counts, after);
      report.skipped.push(...part.skipped);
      report.unknown_options.push(...part.unknown_options);
      report.products.push(...part.products);
      if (page.next !== null && page.next === cursor) {
        throw new ShopCallError('invalid', 'The shop gave the same page of products twice');
      }
      cursor = page.next;
    } while (cursor);
  } catch (err) {
    if (err instanceof JobLost) return;
    failure = errorText(err);
    if (!(err instanceof AppError) && !(err instanceof ShopCallError))
      deps.log?.error({ err }, 'shop import');
  } finally {
    clearInterval(heartbeat);
  }
  await db.transaction(async (tx) => {
    const [still] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE shop_imports SET status = ${failure ? 'failed' : 'done'}, error = ${failure},
            report = ${JSON.stringify(report)}::jsonb,
            finished_at = now(), heartbeat_at = now()
          WHERE id = ${jobId} AND status = 'running'
          RETURNING id`,
    );
    if (!still) return;
    const params = { created: counts.created, updated: counts.updated, skipped: report.skipped.length };
    await writeLog(
      tx,
      { id: args.shopId, seller_id: args.sellerId },
      'import',
      failure ? 'failed' : 'ok',
      params,
      failure,
    );
  });
}

/** A shop variant to link; `fresh` when its configuration was made by this page (linked to nothing yet). */
interface NewLink
  extends Pick<
    LinkRow,
    | 'product_id'
    | 'configuration_id'
    | 'external_product_id'
    | 'external_variant_id'
    | 'inventory_item_id'
    | 'sku'
    | 'shop_known'
  > {
  price_cents: number;
  fresh: boolean;
}

/** One page: products mapped, written by the products module, and their variants linked. */
async function importPage(
  tx: Tx,
  args: ShopImportArgs,
  items: ShopProduct[],
  ref: ReferenceNames,
  taken: Set<string>,
  report: Report,
  counts: { created: number; updated: number },
) {
  const links = await linksOf(
    tx,
    args.shopId,
    items.flatMap((p) => p.variants.map((v) => v.variantId)),
  );
  const productOf = new Map(links.map((l) => [l.external_product_id, l.product_id]));
  const configurationOf = new Map(links.map((l) => [l.external_variant_id, l.configuration_id]));
  const inputs: { shop: ShopProduct; mapping: ReturnType<typeof mapProduct>; input: ShopImportProduct }[] =
    [];
  for (const shop of items) {
    const mapping = mapProduct(shop, ref);
    report.unknown_options.push(...mapping.unknown);
    report.skipped.push(...mapping.skipped);
    if (!mapping.variants.length) continue;
    const productId = productOf.get(shop.id) ?? null;
    inputs.push({
      shop,
      mapping,
      input: {
        productId,
        name: shop.title.trim() || shop.handle || shop.id,
        description: shop.description,
        // A linked product keeps its keyword: none is proposed for it.
        keyword: productId ? '' : proposeKeyword(shop, taken),
        photos: [
          ...shop.imageUrls,
          ...mapping.variants.flatMap((v) => (v.variant.imageUrl ? [v.variant.imageUrl] : [])),
        ],
        variants: mapping.variants.map((v) => ({
          configurationId: configurationOf.get(v.variant.variantId) ?? null,
          color_id: v.color_id,
          size_id: v.size_id,
          price_cents: v.variant.priceCents,
          sku: v.variant.sku,
          stock: v.variant.stock,
        })),
      },
    });
  }
  if (!inputs.length) return;
  const written = await writeShopProducts(
    tx,
    args.sellerId,
    inputs.map((i) => i.input),
  );
  const rows: NewLink[] = [];
  inputs.forEach(({ shop, mapping }, k) => {
    const w = written[k];
    if (w.created) counts.created++;
    else counts.updated++;
    report.products.push({
      id: w.productId,
      name: w.name,
      keyword: w.keyword,
      is_publish: w.is_publish,
      variants: w.configurationIds.filter((id) => id !== null).length,
      created: w.created,
    });
    mapping.variants.forEach((v, i) => {
      const configurationId = w.configurationIds[i];
      if (configurationId === null) return;
      rows.push({
        product_id: w.productId,
        configuration_id: configurationId,
        external_product_id: shop.id,
        external_variant_id: v.variant.variantId,
        inventory_item_id: v.variant.inventoryItemId,
        sku: v.variant.sku?.slice(0, 100) ?? null,
        shop_known: Math.max(0, v.variant.stock ?? 0),
        price_cents: v.variant.priceCents,
        fresh: w.created,
      });
    });
  });
  await linkVariants(tx, args, rows);
}

/**
 * Links the shop's variants to their configurations. A new link takes the shop's stock as
 * `shop_known`; an existing one keeps it (the sync owns it after the first import) and gets the
 * shop's current ids, SKU and price.
 */
async function linkVariants(tx: Tx, args: ShopImportArgs, rows: NewLink[]) {
  if (!rows.length) return;
  const col = <K extends keyof NewLink>(k: K, list = rows) => sql.param(list.map((r) => r[k]));
  // A configuration is linked to one variant of a shop: a variant that replaced another at the shop
  // takes its place.
  const relinked = rows.filter((r) => !r.fresh);
  if (relinked.length) {
    await tx.execute(
      // Lists rather than a join (hashed by the executor): no plan to go wrong without statistics.
      sql`DELETE FROM shop_variants v
          WHERE v.shop_id = ${args.shopId} AND v.configuration_id = ANY(${col('configuration_id', relinked)}::int[])
            AND NOT (v.configuration_id || ':' || v.external_variant_id)
              = ANY(${sql.param(relinked.map((r) => `${r.configuration_id}:${r.external_variant_id}`))}::text[])`,
    );
  }
  await tx.execute(
    sql`INSERT INTO shop_variants (shop_id, seller_id, product_id, configuration_id, external_product_id,
          external_variant_id, inventory_item_id, sku, shop_known, price_cents)
        SELECT ${args.shopId}, ${args.sellerId}, n.*
        FROM unnest(${col('product_id')}::int[], ${col('configuration_id')}::int[], ${col('external_product_id')}::text[],
                    ${col('external_variant_id')}::text[], ${col('inventory_item_id')}::text[], ${col('sku')}::text[],
                    ${col('shop_known')}::int[], ${col('price_cents')}::int[]) AS n
        ON CONFLICT (shop_id, external_variant_id) DO UPDATE SET
          product_id = excluded.product_id, configuration_id = excluded.configuration_id,
          external_product_id = excluded.external_product_id, inventory_item_id = excluded.inventory_item_id,
          sku = excluded.sku, price_cents = excluded.price_cents, updated_at = now()
        WHERE (shop_variants.product_id, shop_variants.configuration_id, shop_variants.external_product_id,
               shop_variants.inventory_item_id, shop_variants.sku, shop_variants.price_cents)
          IS DISTINCT FROM (excluded.product_id, excluded.configuration_id, excluded.external_product_id,
               excluded.inventory_item_id, excluded.sku, excluded.price_cents)`,
  );
}

/**
 * POST shops/{id}/publish: publishes imported products of the shop with their keywords as the
 * seller edited them. Only products linked to this shop of the seller: any other id is refused at
 * `items.<i>.id`, and keyword refusals come per item (`products/shop-import.ts`
 * `publishImported`); any refusal publishes nothing.
 */
export async function publishShopProducts(
  ctx: Ctx,
  shopId: number,
  body: TShopPublish,
): Promise<{ success: true; published: number }> {
  const sellerId = await shopSyncSeller(ctx);
  await checkShop(ctx.db, sellerId, shopId);
  return ctx.db.transaction(async (tx) => {
    const ids = [...new Set(body.items.map((i) => i.id))];
    const linked = new Set(
      (
        await queryRows<{ product_id: number }>(
          tx,
          sql`SELECT DISTINCT product_id FROM shop_variants
              WHERE shop_id = ${shopId} AND seller_id = ${sellerId} AND product_id = ANY(${sql.param(ids)}::int[])`,
        )
      ).map((r) => r.product_id),
    );
    const fields: Record<string, string> = {};
    body.items.forEach((item, i) => {
      if (!linked.has(item.id)) fields[`items.${i}.id`] = 'product';
    });
    if (Object.keys(fields).length) throw new AppError('validation', fields);
    const published = await publishImported(tx, sellerId, body.items);
    return { success: true as const, published };
  });
}
