import { sql } from 'drizzle-orm';
import type { Config } from '../src/config.ts';
import { queryRows } from '../src/lib/sql.ts';
import type { Runtime } from '../src/runtime.ts';

/* Helpers of the shop sync tests: the app allowed to call the local fake shops, links, settling. */

/** The app's config for tests against the local fake shops (http://127.0.0.1). */
export const LOCAL_SHOPS: Partial<Config> = {
  shopSync: { allowLocalHttp: true, shopifyApp: undefined, sandbox: false },
};

/** Links a shop's variant to a configuration here, as the import does. */
export async function linkVariant(
  rt: Runtime,
  v: {
    shopId: number;
    sellerId: number;
    productId: number;
    configurationId: number;
    externalProductId: string;
    externalVariantId: string;
    inventoryItemId?: string | null;
    sku?: string | null;
    known: number;
  },
): Promise<void> {
  await rt.deps.database.db.execute(
    sql`INSERT INTO shop_variants (shop_id, seller_id, product_id, configuration_id, external_product_id,
          external_variant_id, inventory_item_id, sku, shop_known)
        VALUES (${v.shopId}, ${v.sellerId}, ${v.productId}, ${v.configurationId}, ${v.externalProductId},
          ${v.externalVariantId}, ${v.inventoryItemId ?? null}, ${v.sku ?? null}, ${v.known})`,
  );
}

/** Runs `sync` until nothing is left to send or apply for the shop (the worker does it every second). */
export async function settleShop(rt: Runtime, shopId: number, sync: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await sync();
    const [left] = await queryRows<{ n: number }>(
      rt.deps.database.db,
      sql`SELECT (SELECT count(*) FROM shop_stock_changes WHERE shop_id = ${shopId})
               + (SELECT count(*) FROM shop_events WHERE shop_id = ${shopId} AND processed_at IS NULL) AS n`,
    );
    if (Number(left.n) === 0) return;
  }
  throw new Error('the shop never settled');
}

/** The shop's sync log, oldest first. */
export const shopLogOf = (rt: Runtime, shopId: number) =>
  queryRows<{ kind: string; status: string; params: Record<string, unknown> }>(
    rt.deps.database.db,
    sql`SELECT kind, status, params FROM shop_log WHERE shop_id = ${shopId} ORDER BY id`,
  );
