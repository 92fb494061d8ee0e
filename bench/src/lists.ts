/**
 * `npm run bench -- lists`: every list call of SPEC §7 at a large seller's size — 1,000,000
 * orders, 200,000 products, 500,000 live comments and the shoppers of 1,000 sellers, the largest
 * holding about a tenth of each (orders-data.ts, lists-data.ts) — on a real PostgreSQL server:
 * `DATABASE_URL` when set (loaded once, then used again as it is), else a throwaway cluster.
 *
 * Each call goes through the app (`app.inject` with the signed-in seller's or admin's cookie),
 * with its default query, a filter and a sort, {@link RUNS} times after a warm-up; the table shows
 * the p95 (and p50) of its server time against its SQL alone — the statements the app sent during
 * one call, session lookup included, replayed raw through the pg driver (statements sent together,
 * sent together) — and ✓ under {@link TARGET_MS}, ✗ above.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.ts';
import { hashPassword } from '../../server/src/lib/passwords.ts';
import { refreshShopperFigures } from '../../server/src/modules/buyers/figures.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { cookieHeader, ORIGIN, signIn } from '../../server/test/helpers.ts';
import { isListsLoaded, loadLists } from './lists-data.ts';
import { startPostgres } from './live.ts';
import {
  capture,
  load,
  recordStatements,
  replay,
  type Timing,
  timeRuns,
  withStatementTimeout,
} from './orders.ts';
import { ADMIN_EMAIL, BIG_SELLER_ORDERS } from './orders-data.ts';
import { printTable, type Row } from './table.ts';

/** The target of issue 20: p95 of each call's server time. */
const TARGET_MS = 50;
const PASSWORD = 'bench-password-1';

type Who = 'seller' | 'admin';
interface Case {
  who: Who;
  label: string;
  url: string;
}

const qs = (path: string, q: Record<string, unknown> = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
};

/** Default query, a filter and a sort of every list call (and the fetch-filters that go with it). */
function cases(ids: { session: number; bigLive: number; country: number }): Case[] {
  const list = (who: Who[], label: string, p: string, variants: [string, Record<string, unknown>][]) =>
    who.flatMap((w) => variants.map(([v, q]) => ({ who: w, label: `${label}: ${v}`, url: qs(p, q) })));
  const both: Who[] = ['seller', 'admin'];
  const seller: Who[] = ['seller'];
  const admin: Who[] = ['admin'];
  return [
    ...list(seller, 'products', '/api/fetch-products', [
      ['default', {}],
      ['filter published', { queryFilter: { isPublish: true } }],
      ['filter colour', { queryFilter: { color_id: 3 } }],
      ['search "robe"', { query: 'robe' }],
      ['sort price', { column: 'price', sort: 'ASC' }],
      ['sort stock', { column: 'quantity', sort: 'DESC' }],
    ]),
    ...list(seller, 'products find', '/api/products/find', [['searchStr "robe"', { searchStr: 'robe' }]]),
    ...list(both, 'orders', '/api/orders/fetch-items', [
      ['default', {}],
      ['filter status payed', { queryFilter: { status: 'payed' } }],
      ['sort amount', { column: 'order_amount', sort: 'DESC' }],
    ]),
    ...list(both, 'orders filters', '/api/orders/fetch-filters', [['default', {}]]),
    ...list(seller, 'live carts', '/api/orders/fetch-live-items', [
      ['default', {}],
      ['filter session', { queryFilter: { session_id: ids.session } }],
      ['sort amount', { column: 'total_amount', sort: 'DESC' }],
    ]),
    ...list(seller, 'waiting list', '/api/orders/fetch-waiting-items', [
      ['default', {}],
      ['filter product "robe"', { queryFilter: { product_search: 'robe' } }],
      ['sort created', { column: 'created_at', sort: 'DESC' }],
    ]),
    ...list(seller, 'waiting filters', '/api/orders/fetch-filters', [['type=waiting', { type: 'waiting' }]]),
    ...list(both, 'shoppers', '/api/buyers/fetch-items', [
      ['default', {}],
      ['filter never paid', { queryFilter: { never_paid: true } }],
      ['sort spent', { column: 'total_spent', sort: 'DESC' }],
    ]),
    ...list(both, 'shoppers filters', '/api/buyers/fetch-filters', [['default', {}]]),
    ...list(seller, 'live sessions', '/api/livesession/fetch-items', [
      ['default', {}],
      ['filter status closed', { queryFilter: { status: 'closed' } }],
      ['sort event date', { column: 'event_date', sort: 'ASC' }],
    ]),
    ...list(seller, `comments of the biggest live`, `/api/livesession/${ids.bigLive}/comments`, [
      ['default', {}],
      ['search "robe"', { query: 'robe' }],
      ['sort oldest first', { column: 'created_time', sort: 'ASC' }],
      ['last page', { offset: 24_975 }],
    ]),
    ...list(seller, 'chatbot replies', '/api/fetch-chatbot-messages', [
      ['default', { type: 'users' }],
      ['filter active', { type: 'users', queryFilter: { active: true } }],
      ['sort name', { type: 'users', column: 'name', sort: 'ASC' }],
    ]),
    ...list(seller, 'notifications', '/api/fetch-notifications', [
      ['default', {}],
      ['filter unread', { queryFilter: { unread: true } }],
      ['sort type', { column: 'type', sort: 'ASC' }],
    ]),
    ...list(seller, 'new notices', '/api/new-notice', [['default', {}]]),
    ...list(both, 'payments', '/api/payments/fetch-items', [
      ['default', {}],
      ['filter country', { queryFilter: { country_id: ids.country } }],
      ['sort amount', { column: 'total_amount', sort: 'DESC' }],
    ]),
    ...list(both, 'payments filters', '/api/payments/fetch-filters', [['default', {}]]),
    ...list(seller, 'stores', '/api/fetch-stores', [
      ['default', {}],
      ['sort name', { column: 'name', sort: 'ASC' }],
    ]),
    ...list(seller, 'shipping methods', '/api/shipping/fetch-all', [['default', {}]]),
    ...list(both, 'support', '/api/support/fetch-items', [
      ['default', {}],
      ['filter open', { queryFilter: { status: 'open' } }],
      ['sort subject', { column: 'subject', sort: 'ASC' }],
    ]),
    ...list(both, 'dashboard', '/api/dashboard/fetch-items', [
      ['default', {}],
      ['filter last 30 days', { queryFilter: { from: daysAgo(30), to: daysAgo(0) } }],
    ]),
    ...list(seller, 'documents', '/api/documents/fetch-items', [
      ['default', {}],
      ['sort total', { column: 'total', sort: 'DESC' }],
    ]),
    ...list(admin, 'sellers', '/api/sellers/fetch-items', [
      ['default', {}],
      ['filter orders ≥ 1,000', { queryFilter: { total_orders: { min: 1000 } } }],
      ['sort first name', { column: 'first_name', sort: 'ASC' }],
    ]),
    ...list(admin, 'sellers filters', '/api/sellers/fetch-filters', [['default', {}]]),
    ...list(admin, 'find seller', '/api/users/find-seller', [
      ['searchStr "boutique 1"', { searchStr: 'boutique 1' }],
    ]),
    ...list(admin, 'find buyer', '/api/users/find-buyer', [['searchStr "dupont"', { searchStr: 'dupont' }]]),
  ];
}

function configOf(url: string) {
  return loadConfig(
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-bench-')),
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATABASE_URL: url,
    },
    { authSecret: 'bench-secret-bench-secret-bench-secret' },
  );
}

function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

/** Sellers of the orders bench, the big one first. */
async function sellersOf(c: pg.Client): Promise<number[]> {
  const { rows } = await c.query<{ id: number }>(
    `SELECT u.id FROM users u WHERE u.role_id = 2 AND u.email LIKE 'seller%@orders-bench.test'
     ORDER BY (SELECT count(*) FROM orders o WHERE o.seller_id = u.id) DESC, u.id`,
  );
  return rows.map((r) => r.id);
}

async function loadAll(url: string): Promise<void> {
  console.log(`  orders: ${await load(url)}`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if (await isListsLoaded(c)) {
      console.log('  lists: loaded before, used as they are');
      return;
    }
    const started = performance.now();
    const steps = await loadLists(c, await sellersOf(c));
    const analyze = performance.now();
    await c.query('VACUUM ANALYZE');
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    for (const s of steps) console.log(`  ${s.step}: ${s.rows.toLocaleString('en')} rows, ${seconds(s.ms)}`);
    console.log(`  VACUUM ANALYZE: ${seconds(performance.now() - analyze)}`);
    console.log(`  lists: loaded in ${seconds(performance.now() - started)}`);
  } finally {
    await c.end();
  }
}

/** Lets the big seller and admin sign in: a password, and for the seller a paid plan. */
async function signInUsers(rt: Runtime, bigSeller: number): Promise<Record<Who, string>> {
  const raw = rt.deps.database.raw;
  const hash = await hashPassword(PASSWORD);
  await raw(`UPDATE users SET password_hash = $1, subscription_id = 'sub_lists_bench' WHERE id = $2`, [
    hash,
    bigSeller,
  ]);
  await raw(`UPDATE users SET password_hash = $1 WHERE lower(email) = $2`, [hash, ADMIN_EMAIL]);
  await raw(
    `INSERT INTO subscriptions (user_id, plan_id, provider, status, current_period_end)
     SELECT $1, id, 'sandbox', 'active', now() + interval '30 days' FROM plans WHERE code = 'platinum'
     AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1)`,
    [bigSeller],
  );
  const [seller] = await raw<{ email: string }>('SELECT email FROM users WHERE id = $1', [bigSeller]);
  const cookies = {} as Record<Who, string>;
  for (const [who, email] of [
    ['seller', seller.email],
    ['admin', ADMIN_EMAIL],
  ] as const) {
    const { jar, ok } = await signIn(rt, email, PASSWORD, {
      ip: who === 'seller' ? '10.20.0.1' : '10.20.0.2',
    });
    if (!ok) throw new Error(`${who} could not sign in`);
    cookies[who] = cookieHeader(jar);
  }
  return cookies;
}

export async function listsBench(): Promise<void> {
  const postgres = await startPostgres({ fsync: 'off' });
  let rt: Runtime | undefined;
  const pool = new pg.Pool({ connectionString: withStatementTimeout(postgres.url), max: 10 });
  try {
    console.log(`lists bench on ${postgres.label}`);
    // Migrated and loaded without a statement timeout (building the shoppers' figures of 1,000
    // sellers is one long statement); timed with one.
    const started = performance.now();
    const loading = await createRuntime(configOf(postgres.url));
    try {
      await loadAll(postgres.url);
      const shoppers = await refreshShopperFigures(loading.deps.database.db);
      if (shoppers) await loading.deps.database.raw('ANALYZE shopper_figures');
    } finally {
      await loading.close();
    }
    console.log(`  data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    rt = await createRuntime(configOf(withStatementTimeout(postgres.url)));
    await rt.app.ready();
    const raw = rt.deps.database.raw;
    const sizes = await raw<{ t: string; n: number }>(
      `SELECT 'orders' AS t, count(*)::int AS n FROM orders UNION ALL SELECT 'products', count(*) FROM products
       UNION ALL SELECT 'live comments', count(*) FROM live_comments UNION ALL SELECT 'shopper accounts', count(*) FROM users WHERE role_id = 1
       UNION ALL SELECT 'commenters without account', count(*) FROM social_identities`,
    );
    console.log(`  ${sizes.map((s) => `${s.t} ${s.n.toLocaleString('en')}`).join(', ')}`);

    const [big] = await raw<{ seller_id: number; orders: number }>(
      `SELECT seller_id, count(*)::int AS orders FROM orders GROUP BY seller_id ORDER BY count(*) DESC LIMIT 1`,
    );
    if (big.orders < BIG_SELLER_ORDERS) throw new Error(`the biggest seller has ${big.orders} orders`);
    const [bigLive] = await raw<{ session_id: number; n: number }>(
      `SELECT session_id, count(*)::int AS n FROM live_comments WHERE seller_id = $1
       GROUP BY session_id ORDER BY count(*) DESC LIMIT 1`,
      [big.seller_id],
    );
    const [session] = await raw<{ session_id: number }>(
      `SELECT session_id FROM orders WHERE seller_id = $1 AND session_id IS NOT NULL ORDER BY id DESC LIMIT 1`,
      [big.seller_id],
    );
    const [country] = await raw<{ id: number }>(`SELECT id FROM countries WHERE iso = 'BE'`);
    const [own] = await raw<{ products: number; comments: number }>(
      `SELECT (SELECT count(*)::int FROM products WHERE seller_id = $1) AS products,
              (SELECT count(*)::int FROM live_comments WHERE seller_id = $1) AS comments`,
      [big.seller_id],
    );
    console.log(
      `  the largest seller: ${big.orders.toLocaleString('en')} orders, ${own.products.toLocaleString('en')} products, ` +
        `${own.comments.toLocaleString('en')} comments (${bigLive.n.toLocaleString('en')} in its biggest live)`,
    );
    const cookies = await signInUsers(rt, big.seller_id);
    recordStatements();

    const app = rt.app;
    const rows: Row[] = [];
    // LISTS_BENCH_ONLY=orders,products: the calls whose label holds one of these words.
    const only = process.env.LISTS_BENCH_ONLY?.split(',').filter(Boolean);
    const all = cases({ session: session.session_id, bigLive: bigLive.session_id, country: country.id });
    for (const c of all.filter((k) => !only || only.some((o) => `${k.who}: ${k.label}`.includes(o)))) {
      const call = async () => {
        const res = await app.inject({ method: 'GET', url: c.url, headers: { cookie: cookies[c.who] } });
        if (res.statusCode !== 200) throw new CallError(res.statusCode, res.body);
        return undefined;
      };
      const label = `${c.who}: ${c.label}`;
      try {
        await call();
      } catch (err) {
        if (!(err instanceof CallError)) throw err;
        rows.push({
          case: label,
          n: 0,
          productMs: 0,
          baselineMs: 1,
          note: `✗ answered ${err.status}: ${err.body.slice(0, 80)}`,
        });
        continue;
      }
      const product = await timeRuns(call);
      const statements = product.timedOut ? [] : await capture(call);
      const baseline = product.timedOut
        ? product
        : await timeRuns(async () => {
            await replay(pool, statements);
            return undefined;
          });
      rows.push(row(label, product, baseline, statements.length));
      console.log(`  ${label}: p95 ${product.p95.toFixed(1)} ms (SQL alone ${baseline.p95.toFixed(1)} ms)`);
    }
    printTable(
      `Lists at size on ${postgres.label} (p95 ms of the server time; target < ${TARGET_MS} ms)`,
      rows,
      {
        product: 'app p95 ms',
        baseline: 'SQL alone p95 ms',
      },
    );
    const period = rows.find((r) => r.case === PERIOD_DASHBOARD);
    if (period?.n) await printGroupingFloor(pool, period);
    const failed = rows.filter((r) => r.n === 0 || r.productMs >= TARGET_MS);
    console.log(
      failed.length
        ? `${failed.length} of ${rows.length} calls over ${TARGET_MS} ms or failing: ${failed.map((r) => r.case).join('; ')}`
        : `every call under ${TARGET_MS} ms`,
    );
  } finally {
    await pool.end().catch(() => {});
    await rt?.close().catch(() => {});
    postgres.stop();
  }
}

/** The admin's dashboard over the last 30 days: every seller's orders of those days, grouped by shopper. */
const PERIOD_DASHBOARD = 'admin: dashboard: filter last 30 days';

/**
 * What {@link PERIOD_DASHBOARD} cannot go under: the same days' orders read and grouped by their
 * shopper, bare (no claimed identity, no empty cart left out, one statement, nothing else), timed
 * in the same run; the call's p95 is printed against it.
 */
async function printGroupingFloor(pool: pg.Pool, period: Row) {
  const text = `SELECT coalesce(buyer_id, -social_identity_id) AS shopper, count(*), sum(total_amount_cents) AS spent
    FROM orders WHERE created_at >= $1::date AND created_at < $2::date + 1
    GROUP BY 1 ORDER BY spent DESC NULLS LAST, 2 DESC, 1 LIMIT 5`;
  const values = [daysAgo(30), daysAgo(0)];
  const { rows } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE created_at >= $1::date AND created_at < $2::date + 1',
    values,
  );
  const bare = await timeRuns(async () => {
    await pool.query(text, values);
    return undefined;
  });
  console.log(
    `${PERIOD_DASHBOARD}: p95 ${period.productMs.toFixed(1)} ms; the same ${rows[0].n.toLocaleString('en')} orders ` +
      `grouped by shopper in one bare statement: p95 ${bare.p95.toFixed(1)} ms (p50 ${bare.p50.toFixed(1)}), ` +
      `the call ${(period.productMs / bare.p95).toFixed(2)}× that`,
  );
}

class CallError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`answered ${status}`);
  }
}

function row(label: string, product: Timing, baseline: Timing, statements: number): Row {
  const mark = product.p95 < TARGET_MS ? '✓' : '✗';
  return {
    case: label,
    n: product.timedOut ? 0 : product.runs,
    productMs: product.p95,
    baselineMs: baseline.p95,
    note: product.timedOut
      ? '✗ a statement ran past the statement timeout'
      : `${mark} p50 ${product.p50.toFixed(1)} / ${baseline.p50.toFixed(1)} ms; ${statements} statements`,
  };
}
