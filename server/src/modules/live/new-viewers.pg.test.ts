import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import {
  comment,
  liveSeller,
  lockWaited,
  reads,
  simpleProduct,
  viewer,
} from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { liveComments, socialIdentities } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Viewers new to the seller at the start of a live, when posts meet: a PostgreSQL server only
 * (connections at once), selected by vitest.config.ts when DATABASE_URL is set (the CI's second
 * run). A post's new viewers are recorded before its claim (live/claim.ts), in the order of their
 * key: a post never waits for another post's claim to know a viewer, and two posts never deadlock
 * on viewers they both bring.
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

/** Deadlocks counted in a database (a backend reports its own when its session ends, at the latest). */
const deadlocksIn = async (database: string) => {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT deadlocks::int AS n FROM pg_stat_database WHERE datname = ${database}`,
  );
  return row.n;
};

/** A shuffled copy (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

it('posts bringing the same new viewers in other orders at once never deadlock, and each viewer is one identity', async () => {
  // An app of its own, closed at the end: its sessions then report their deadlocks (the
  // statistics of a session still open can come seconds later).
  const own = await startTestApp();
  const database = new URL(own.deps.config.databaseUrl as string).pathname.slice(1);
  try {
    await postsOfNewViewers(own);
  } finally {
    await own.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await deadlocksIn(database)).toBe(0);
});

/** Six rounds of six posts at once, each of the same 100 new viewers shuffled. */
async function postsOfNewViewers(app: Runtime) {
  const appRefs = await loadRefs(app);
  const appReads = reads(app);
  const { seller, api, post, sessionId } = await liveSeller(app);
  const products: Awaited<ReturnType<typeof simpleProduct>>[] = [];
  for (let i = 0; i < 6; i++) products.push(await simpleProduct(app, appRefs, api, 1_000));
  // The pool's connections opened first, so the posts of a round run truly at once.
  await Promise.all(Array.from({ length: 8 }, () => app.deps.database.raw('SELECT pg_sleep(0.05)')));
  let comments = 0;
  for (let round = 0; round < 6; round++) {
    // 100 viewers never seen, each in every post of the round, in another order in each post; each
    // post orders another product, so the posts do not queue on one article's stock.
    const viewers = Array.from({ length: 100 }, () => viewer());
    const answers = await Promise.all(
      products.map(({ keyword }) => post(shuffled(viewers).map((who) => comment(keyword, who)))),
    );
    comments += viewers.length * products.length;
    for (const answer of answers) expect(answer).toMatchObject({ stored: 100, ordered: 100 });
    const identities = await appReads
      .db()
      .select({ id: socialIdentities.id })
      .from(socialIdentities)
      .where(eq(socialIdentities.seller_id, seller.id));
    expect(identities).toHaveLength((round + 1) * viewers.length);
    // Each viewer has one cart holding the six articles.
    const cart = await appReads.cartOfViewer(seller.id, viewers[round]);
    expect(cart?.lines.map((l) => l.quantity)).toEqual([1, 1, 1, 1, 1, 1]);
  }
  const stored = await appReads
    .db()
    .select()
    .from(liveComments)
    .where(eq(liveComments.session_id, sessionId));
  expect(stored).toHaveLength(comments);
  expect(stored.filter((c) => c.outcome !== 'cart')).toEqual([]);
}

it('a post of a new viewer is claimed while another post of the same viewer waits for its article', async () => {
  const { seller, api, post } = await liveSeller(rt);
  const held = await simpleProduct(rt, refs, api, 5);
  const free = await simpleProduct(rt, refs, api, 5);
  const who = viewer();
  // Another transaction (a seller's stock edit) holds the first article's row.
  const editor = new pg.Client({ connectionString: rt.deps.config.databaseUrl });
  await editor.connect();
  try {
    await editor.query('BEGIN');
    await editor.query('SELECT id FROM product_configurations WHERE id = $1 FOR UPDATE', [held.config.id]);
    // The viewer's first comment asks for it: its claim waits for that row.
    const first = post([comment(held.keyword, who)]);
    first.catch(() => {}); // awaited below; not unhandled when the test fails before
    await lockWaited(rt);
    // Their next comment asks for the other article: it is claimed now, not once the edit ends.
    const next = await Promise.race([
      post([comment(free.keyword, who)]),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the next post waited for the held article')), 10_000),
      ),
    ]);
    expect(next).toMatchObject({ stored: 1, ordered: 1 });
    expect((await r.cartOfViewer(seller.id, who))?.lines).toMatchObject([
      { configuration_id: free.config.id, quantity: 1 },
    ]);
    await editor.query('COMMIT');
    expect(await first).toMatchObject({ stored: 1, ordered: 1 });
  } finally {
    await editor.end();
  }
  const cart = await r.cartOfViewer(seller.id, who);
  expect(cart?.lines.map((l) => l.configuration_id ?? 0).sort((a, b) => a - b)).toEqual(
    [held.config.id, free.config.id].sort((a, b) => a - b),
  );
});
