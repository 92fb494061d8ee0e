/**
 * `npm run bench -- orders` (issue 12, Scale): the Orders screen of a seller and of admin on
 * 1,000,000 orders over 1,000 sellers (one with 100,000), on a real PostgreSQL server —
 * `DATABASE_URL` when set (loaded once, then used again as it is), else a throwaway cluster
 * started here and removed at the end (see live.ts).
 *
 * Each case calls the product's code path in this process, `listSellerOrders(ctx, query)` as the
 * route does, {@link RUNS} times after {@link WARM_UP} runs, and takes the p95 of its time. The
 * baseline runs the same statements alone: the SQL texts and parameters the product sent during
 * one call, replayed raw through the pg driver on their own pool (statements the product sent
 * together, sent together), so the ratio is what the code path adds around its SQL. The
 * `itemsStatuses` rows time the tabs' grouped count inside the product's calls.
 *
 * The Shoppers screen's list calls (`listBuyers`, issue 15) are timed the same way on the same
 * data: the big seller's shoppers (74,000) and admin's Clients (every seller's, 890,000 rows), read
 * from `shopper_figures`, built once after the load (the load runs without triggers).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZBuyerListQuery } from '@livecart/contract/buyers';
import { ROLE } from '@livecart/contract/constants';
import { ZSellerOrderListQuery } from '@livecart/contract/sellerOrders';
import type { TCurrentUser } from '@livecart/contract/user';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.ts';
import type { Ctx } from '../../server/src/lib/http.ts';
import { refreshShopperFigures } from '../../server/src/modules/buyers/figures.ts';
import { listBuyers } from '../../server/src/modules/buyers/service.ts';
import { listSellerOrders } from '../../server/src/modules/orders/sellerList.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { startPostgres } from './live.ts';
import { ADMIN_EMAIL, BIG_SELLER_ORDERS, isLoaded, loadOrders, ORDERS, SELLERS } from './orders-data.ts';
import { printTable, type Row } from './table.ts';

const RUNS = Number(process.env.ORDERS_BENCH_RUNS) || 50;
const WARM_UP = 10;
/** A case slower than this on a warm-up run is timed on {@link SLOW_RUNS} runs only. */
const SLOW_MS = 1_000;
const SLOW_RUNS = 3;
/** Every statement of the bench (product and baseline) stops after this long: the case is then "timeout". */
const STATEMENT_TIMEOUT_MS = Number(process.env.ORDERS_BENCH_TIMEOUT_MS) || 15_000;
/** The target of issue 12: p95 of the server time of each case. */
const TARGET_MS = 50;

export interface Statement {
  text: string;
  values: unknown[];
  /** Statements sent while others were in flight share their group (Promise.all in the product). */
  group: number;
  ms: number;
}

/**
 * Records the statements every pg.Pool of this process sends while `on` (the app's pool: the
 * product's SQL), with their time in the driver.
 */
const recorder = { installed: false, on: false, statements: [] as Statement[], inFlight: 0, group: 0 };
export function recordStatements() {
  if (recorder.installed) return;
  recorder.installed = true;
  const proto = pg.Pool.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (!recorder.on) return original.apply(this, args);
    const [config, values] = args as [string | { text: string }, unknown[] | undefined];
    if (recorder.inFlight === 0) recorder.group++;
    recorder.inFlight++;
    const statement: Statement = {
      text: typeof config === 'string' ? config : config.text,
      values: values ?? [],
      group: recorder.group,
      ms: 0,
    };
    recorder.statements.push(statement);
    const t0 = performance.now();
    const done = () => {
      statement.ms = performance.now() - t0;
      recorder.inFlight--;
    };
    return (original.apply(this, args) as Promise<unknown>).then(
      (v) => {
        done();
        return v;
      },
      (e) => {
        done();
        throw e;
      },
    );
  };
}

/** The statements of one call of `fn`, in the order sent. */
export async function capture(fn: () => Promise<unknown>): Promise<Statement[]> {
  recorder.statements = [];
  recorder.on = true;
  try {
    await fn();
  } finally {
    recorder.on = false;
  }
  return recorder.statements;
}

/** Sends `statements` raw: each group after the previous one, a group's statements at once. */
export async function replay(pool: pg.Pool, statements: Statement[]) {
  const groups = new Map<number, Statement[]>();
  for (const s of statements) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  for (const group of groups.values()) await Promise.all(group.map((s) => pool.query(s.text, s.values)));
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  /** A statement ran past STATEMENT_TIMEOUT_MS: the times are that bound. */
  timedOut?: boolean;
}

/** Whether `err` (or its cause, as Drizzle wraps driver errors) is PostgreSQL's statement timeout. */
function isTimeout(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** p50 and p95 of `fn` over RUNS runs after WARM_UP (fewer for a case slower than SLOW_MS). */
export async function timeRuns(fn: () => Promise<number | undefined>): Promise<Timing> {
  const timedOut = { runs: 1, p50: STATEMENT_TIMEOUT_MS, p95: STATEMENT_TIMEOUT_MS, timedOut: true };
  let slow = false;
  try {
    for (let i = 0; i < WARM_UP && !slow; i++) {
      const t0 = performance.now();
      await fn();
      slow = performance.now() - t0 > SLOW_MS;
    }
    const runs = slow ? SLOW_RUNS : RUNS;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const own = await fn();
      times.push(own ?? performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { runs, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  } catch (err) {
    if (isTimeout(err)) return timedOut;
    throw err;
  }
}

function userOf(id: number, roleId: typeof ROLE.seller | typeof ROLE.admin): TCurrentUser {
  return {
    id,
    email: null,
    email_real: null,
    first_name: null,
    last_name: null,
    phone: null,
    company_name: null,
    photo: null,
    role_id: roleId,
    status: 'active',
    subscription_id: null,
    subscription_expired: false,
    selected_locale: 'fr',
    planId: null,
  };
}

/** The cases of the issue, as the Orders screen asks them (querystring values, parsed by the contract). */
function cases(orderNumber: string, buyer: string): [string, Record<string, string>][] {
  const filter = (f: unknown) => ({ queryFilter: JSON.stringify(f) });
  return [
    ['default page (newest first)', {}],
    ['status tab "payed"', filter({ status: 'payed' })],
    [
      `search by order number "${orderNumber.slice(-6).toLowerCase()}"`,
      { query: orderNumber.slice(-6).toLowerCase() },
    ],
    [`buyer search "${buyer}"`, { query: buyer }],
    ['sort by amount (largest first)', { column: 'order_amount', sort: 'DESC' }],
  ];
}

/** The Shoppers screen's cases (SPEC §9: first name ASC by default). */
function shopperCases(): [string, Record<string, string>][] {
  const filter = (f: unknown) => ({ queryFilter: JSON.stringify(f) });
  return [
    ['Shoppers: default page (first name)', {}],
    ['Shoppers: never paid', filter({ never_paid: true })],
    ['Shoppers: sort by amount spent (most first)', { column: 'total_spent', sort: 'DESC' }],
    ['Shoppers: sort by unpaid carts (most first)', { column: 'unpaid_carts', sort: 'DESC' }],
    ['Shoppers: search "dupont"', { query: 'dupont' }],
  ];
}

export async function load(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if (await isLoaded(c)) return 'loaded before, used as it is';
    const started = performance.now();
    const steps = await loadOrders(c);
    // the load ran without triggers: the Shoppers list's figures are built whole, as after the migration
    const figures = performance.now();
    const marked = await c.query(
      'INSERT INTO shopper_figures_stale (seller_id) SELECT DISTINCT seller_id FROM orders',
    );
    steps.push({
      step: 'sellers whose shoppers to build',
      rows: marked.rowCount ?? 0,
      ms: performance.now() - figures,
    });
    const analyze = performance.now();
    await c.query('VACUUM ANALYZE');
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    for (const s of steps) console.log(`  ${s.step}: ${s.rows.toLocaleString('en')} rows, ${seconds(s.ms)}`);
    console.log(`  VACUUM ANALYZE: ${seconds(performance.now() - analyze)}`);
    return `loaded in ${seconds(performance.now() - started)}`;
  } finally {
    await c.end();
  }
}

export async function ordersBench(): Promise<void> {
  const postgres = await startPostgres({ fsync: 'off' });
  const url = withStatementTimeout(postgres.url);
  let rt: Runtime | undefined;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    const config = loadConfig(
      {
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-bench-')),
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        DATABASE_URL: url,
      },
      { authSecret: 'bench-secret-bench-secret-bench-secret' },
    );
    rt = await createRuntime(config);
    console.log(
      `orders bench: ${ORDERS.toLocaleString('en')} orders over ${SELLERS.toLocaleString('en')} sellers on ${postgres.label}`,
    );
    const loaded = await load(postgres.url);
    console.log(`  ${loaded}`);
    const built = performance.now();
    const shoppers = await refreshShopperFigures(rt.deps.database.db);
    if (shoppers) {
      await rt.deps.database.raw('ANALYZE shopper_figures');
      console.log(
        `  Shoppers list figures built: ${shoppers.toLocaleString('en')} rows, ${((performance.now() - built) / 1000).toFixed(1)} s`,
      );
    }
    recordStatements();

    const [admin] = await rt.deps.database.raw<{ id: number }>(
      'SELECT id FROM users WHERE lower(email) = $1',
      [ADMIN_EMAIL],
    );
    const [big] = await rt.deps.database.raw<{ seller_id: number; orders: number }>(
      `SELECT seller_id, count(*)::int AS orders FROM orders GROUP BY seller_id ORDER BY count(*) DESC LIMIT 1`,
    );
    if (big.orders < BIG_SELLER_ORDERS) throw new Error(`the biggest seller has ${big.orders} orders`);
    // Search terms a merchant would type: the end of an order number of the big seller, a last name.
    const [sample] = await rt.deps.database.raw<{ order_number: string }>(
      'SELECT order_number FROM orders WHERE seller_id = $1 ORDER BY id OFFSET 54321 LIMIT 1',
      [big.seller_id],
    );
    const callers: [string, Ctx][] = [
      [`seller (${big.orders.toLocaleString('en')} orders)`, ctxOf(rt, userOf(big.seller_id, ROLE.seller))],
      ['admin (all sellers)', ctxOf(rt, userOf(admin.id, ROLE.admin))],
    ];

    const rows: Row[] = [];
    for (const [who, ctx] of callers) {
      for (const [label, input] of cases(sample.order_number, 'dupont')) {
        const query = ZSellerOrderListQuery.parse(input);
        const product = await timeRuns(async () => {
          await listSellerOrders(ctx, query);
          return undefined;
        });
        const statements = product.timedOut ? [] : await capture(() => listSellerOrders(ctx, query));
        const baseline = product.timedOut
          ? product
          : await timeRuns(async () => {
              await replay(pool, statements);
              return undefined;
            });
        rows.push(row(`${who}: ${label}`, product, baseline, `${statements.length} statements`));
      }
      // The tabs' counts: the counts' statement among the product's, timed in its calls.
      const query = ZSellerOrderListQuery.parse({});
      const count = (await capture(() => listSellerOrders(ctx, query))).find((s) =>
        /FROM order_status_counts|GROUP BY o\.status/.test(s.text),
      );
      if (!count) throw new Error('no count per status among the statements of listSellerOrders');
      const product = await timeRuns(async () => {
        const statements = await capture(() => listSellerOrders(ctx, query));
        return statements.find((s) => s.text === count.text)?.ms;
      });
      const baseline = await timeRuns(async () => {
        await pool.query(count.text, count.values);
        return undefined;
      });
      rows.push(row(`${who}: itemsStatuses (all orders)`, product, baseline, 'the counts alone'));

      for (const [label, input] of shopperCases()) {
        const query = ZBuyerListQuery.parse(input);
        const product = await timeRuns(async () => {
          await listBuyers(ctx, query);
          return undefined;
        });
        const statements = product.timedOut ? [] : await capture(() => listBuyers(ctx, query));
        const baseline = product.timedOut
          ? product
          : await timeRuns(async () => {
              await replay(pool, statements);
              return undefined;
            });
        rows.push(row(`${who}: ${label}`, product, baseline, `${statements.length} statements`));
      }
    }
    printTable(`Orders and Shoppers screens on ${postgres.label} (p95 ms; target < ${TARGET_MS} ms)`, rows, {
      product: 'product p95 ms',
      baseline: 'raw SQL p95 ms',
    });
    const failed = rows.filter((r) => r.productMs >= TARGET_MS);
    console.log(
      failed.length
        ? `${failed.length} of ${rows.length} cases over ${TARGET_MS} ms`
        : 'every case under target',
    );
  } finally {
    await pool.end().catch(() => {});
    await rt?.close().catch(() => {});
    postgres.stop();
  }
}

/** `url` whose sessions stop any statement after STATEMENT_TIMEOUT_MS (the load has none: its own client). */
export function withStatementTimeout(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`);
  return u.toString();
}

function ctxOf(rt: Runtime, user: TCurrentUser): Ctx {
  return { db: rt.deps.database.db, user, locale: 'fr', config: rt.deps.config, log: rt.app.log };
}

export function row(label: string, product: Timing, baseline: Timing, detail: string): Row {
  const verdict = product.p95 < TARGET_MS ? 'pass' : 'FAIL';
  if (product.timedOut) {
    return {
      case: label,
      n: 0,
      productMs: product.p95,
      baselineMs: baseline.p95,
      note: `FAIL; a statement ran past the ${STATEMENT_TIMEOUT_MS} ms timeout: times are that bound`,
    };
  }
  return {
    case: label,
    n: product.runs,
    productMs: product.p95,
    baselineMs: baseline.p95,
    note: `${verdict}; p50 ${product.p50.toFixed(1)} / ${baseline.p50.toFixed(1)} ms; ${detail}`,
  };
}
