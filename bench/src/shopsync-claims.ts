/**
 * The live's claim rate with shop sync on and off (`npm run bench -- shopsync`): the same seller,
 * products and comment stream, first with no shop linked, then with every configuration linked to
 * a (fake, local) Shopify shop whose worker runs meanwhile as in production, pushing each change.
 * The claim pays the journal trigger; the push is queued, so the live must not wait for the shop.
 * Printed: comments claimed per second in each run and their ratio, and how long after the last
 * comment the shop's stock matched the live's.
 */
import { sql } from 'drizzle-orm';
import { startFakeShopify } from '../../server/src/integrations/shops/fakes/shopify.ts';
import type { Runtime } from '../../server/src/runtime.ts';
import { startSession } from '../../server/test/live-fixtures.ts';
import { createProduct, loadRefs, sellerApi, simpleBody } from '../../server/test/product-fixtures.ts';

const PRODUCTS = 20;
const STOCK = 100_000;
const COMMENTS = Number(process.env.SHOPSYNC_BENCH_COMMENTS) || 4_000;
const BATCH = 100;
const ROUNDS = 3;

interface Run {
  label: string;
  perSecond: number;
  /** Milliseconds from the last claim until the shop's stock matched (sync on only). */
  settleMs: number | null;
}

async function seller(rt: Runtime) {
  const refs = await loadRefs(rt);
  const { seller: s, api } = await sellerApi(rt);
  const keywords: string[] = [];
  const configs: number[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const keyword = `bench${i}x${s.id}`;
    const product = await createProduct(
      api,
      simpleBody(refs, { keywords: keyword, isPublish: true, quantity: STOCK, price: 20 }),
    );
    const [c] = await rt.deps.database.raw<{ id: number }>(
      'SELECT id FROM product_configurations WHERE product_id = $1',
      [product.id],
    );
    keywords.push(keyword);
    configs.push(c.id);
  }
  const session = await startSession(rt, api);
  return { seller: s, api, keywords, configs, ...session };
}

/** Posts COMMENTS comments (BATCH a request, as a capture tool does) as fast as they are claimed; answers comments/s. */
async function storm(fx: Awaited<ReturnType<typeof seller>>, round: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < COMMENTS; i += BATCH) {
    const messages = Array.from({ length: BATCH }, (_, j) => {
      const n = i + j;
      return {
        id: `r${round}-${fx.sessionId}-${n}`,
        from: { id: `v${n % 500}`, name: `Viewer ${n % 500}` },
        message: fx.keywords[n % PRODUCTS],
        created_time: new Date(Date.now()).toISOString(),
      };
    });
    await fx.post(messages);
  }
  return COMMENTS / ((performance.now() - started) / 1000);
}

export async function claimRateWithSync(rt: Runtime): Promise<Run[]> {
  const runs: Run[] = [];
  const off = await seller(rt);
  const fake = await startFakeShopify({ seed: 'empty' });
  const on = await seller(rt);
  const connected = await on.api.post('/api/shops', {
    platform: 'shopify',
    url: fake.url,
    key: fake.token,
    secret: fake.secret,
  });
  if (connected.statusCode !== 200) throw new Error(`connect: ${connected.body}`);
  const shopId = connected.json().item.id as number;
  const variants = new Map<number, number>();
  for (const [i, configId] of on.configs.entries()) {
    const p = fake.addProduct({
      title: `Bench ${i}`,
      variants: [{ sku: `B${i}`, priceCents: 2000, stock: STOCK }],
    });
    const v = p.variants[0];
    variants.set(configId, v.id);
    await rt.deps.database.db.execute(
      sql`INSERT INTO shop_variants (shop_id, seller_id, product_id, configuration_id, external_product_id,
            external_variant_id, inventory_item_id, shop_known)
          SELECT ${shopId}, ${on.seller.id}, c.product_id, c.id, ${`gid://shopify/Product/${p.id}`},
            ${`gid://shopify/ProductVariant/${v.id}`}, ${`gid://shopify/InventoryItem/${v.inventoryItemId}`}, ${STOCK}
          FROM product_configurations c WHERE c.id = ${configId}`,
    );
  }
  rt.shopSync.start();
  try {
    const offRates: number[] = [];
    const onRates: number[] = [];
    let settleMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      offRates.push(await storm(off, round));
      onRates.push(await storm(on, round));
      const last = performance.now();
      for (;;) {
        const rows = await rt.deps.database.raw<{ id: number; quantity: number }>(
          'SELECT id, quantity FROM product_configurations WHERE id = ANY($1::int[])',
          [on.configs],
        );
        if (rows.every((r) => fake.stockOf(variants.get(r.id) as number) === r.quantity)) break;
        if (performance.now() - last > 60_000) throw new Error('the shop never caught up with the live');
        await new Promise((ok) => setTimeout(ok, 20));
      }
      settleMs = Math.max(settleMs, performance.now() - last);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    runs.push({ label: 'sync off (no shop linked)', perSecond: median(offRates), settleMs: null });
    runs.push({
      label: 'sync on (every product linked, worker pushing)',
      perSecond: median(onRates),
      settleMs,
    });
    if (fake.unexpected.length)
      throw new Error(`unexpected shop calls: ${JSON.stringify(fake.unexpected[0])}`);
  } finally {
    await rt.shopSync.stop();
    await fake.close();
  }
  return runs;
}

export function printClaimRates(runs: Run[], kind: string) {
  const [off, on] = runs;
  console.log(
    `\nLive claim rate with shop sync (${kind}, ${COMMENTS} comments a round, ${ROUNDS} rounds, median)`,
  );
  console.log('| run | comments/s | shop caught up after |');
  console.log('|---|---|---|');
  for (const r of runs)
    console.log(
      `| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.settleMs === null ? '—' : `${r.settleMs.toFixed(0)} ms`} |`,
    );
  console.log(`ratio on/off: ${(on.perSecond / off.perSecond).toFixed(2)}`);
}
