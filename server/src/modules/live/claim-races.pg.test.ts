import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { socialIdentities } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Claims of two posts at once: a PostgreSQL server only (connections at once), selected by
 * vitest.config.ts when DATABASE_URL is set.
 */

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** Sessions waiting on a lock in this database. */
async function waitingOnLocks() {
  const [w] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return w.n;
}

it("a new viewer's second post is claimed while their first post waits for its article", async () => {
  const { seller, api, post } = await liveSeller(rt);
  const dress = await simpleProduct(rt, refs, api, 3);
  const scarf = await simpleProduct(rt, refs, api, 3);
  const who = viewer();
  // The seller's stock count of the dress holds its configuration and has not committed yet.
  const seller$ = new pg.Client({ connectionString: rt.deps.config.databaseUrl });
  await seller$.connect();
  try {
    await seller$.query('BEGIN');
    await seller$.query('SELECT quantity FROM product_configurations WHERE id = $1 FOR UPDATE', [
      dress.config.id,
    ]);
    const first = post([comment(dress.keyword, who)]);
    await expect.poll(waitingOnLocks).toBeGreaterThan(0);
    // The same viewer, new to the seller, in another post: claimed now, not after the dress.
    const second = await Promise.race([
      post([comment(scarf.keyword, who)]),
      new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 10_000)),
    ]);
    expect(second).not.toBe('held up');
    const cart = await r.cartOfViewer(seller.id, who);
    expect(cart?.lines.map((l) => l.configuration_id)).toEqual([scarf.config.id]);
    await seller$.query('COMMIT');
    await first;
  } finally {
    await seller$.end();
  }
  // One identity, one cart holding both articles.
  const identities = await db()
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.seller_id, seller.id), eq(socialIdentities.external_user_id, who)));
  expect(identities).toHaveLength(1);
  const cart = await r.cartOfViewer(seller.id, who);
  expect(cart?.lines.map((l) => l.configuration_id).sort((a, b) => a - b)).toEqual(
    [dress.config.id, scarf.config.id].sort((a, b) => a - b),
  );
  expect(await r.stockOf(dress.config.id)).toBe(2);
  expect(await r.stockOf(scarf.config.id)).toBe(2);
});
