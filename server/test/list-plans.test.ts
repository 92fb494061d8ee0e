import { ROLE } from '@livecart/contract/constants';
import { ZLiveCommentListQuery } from '@livecart/contract/live';
import { ZOrderFiltersQuery } from '@livecart/contract/orders';
import { ZProductListQuery } from '@livecart/contract/products';
import { ZSellerOrderListQuery } from '@livecart/contract/sellerOrders';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import type { Ctx } from '../src/lib/http.ts';
import { queryRows } from '../src/lib/sql.ts';
import { refreshShopperFigures } from '../src/modules/buyers/figures.ts';
import { listComments } from '../src/modules/live/comments.ts';
import { listSellerOrders, sellerOrderFilters } from '../src/modules/orders/sellerList.ts';
import { listProducts } from '../src/modules/products/listing.ts';
import { loadCurrentUser } from '../src/modules/users/service.ts';
import type { Runtime } from '../src/runtime.ts';
import { makeSeller, startTestApp } from './helpers.ts';

/*
 * The three heaviest lists of a large seller (orders, products, a live's comments) read their
 * rows through indexes: on tables holding tens of thousands of other rows, analysed, the plan of
 * every statement the list sends reads no big table whole (no sequential scan, no index walked
 * end to end with a filter). Without the right index the planner reads the whole table, which at
 * a real size (1,000,000 orders) takes seconds.
 */

const BIG_TABLES = [
  'orders',
  'order_items',
  'products',
  'product_configurations',
  'live_comments',
  'social_identities',
  'shopper_figures',
];
/** Rows of the other sellers: enough that reading a table whole costs more than its index. */
const OTHERS = 30_000;
const OWN = 300;
const dialect = new PgDialect();

let rt: Runtime;
let sellerId: number;
let sessionId: number;

beforeAll(async () => {
  rt = await startTestApp();
  const raw = rt.deps.database.raw;
  const other = await makeSeller(rt);
  const seller = await makeSeller(rt);
  sellerId = seller.id;
  const sessions = await raw<{ id: number }>(
    `INSERT INTO live_sessions (seller_id, event_date, event_time, status, started_at)
     VALUES ($1, '2026-05-01', '20:00', 'closed', now() - interval '1 day'),
            ($2, '2026-05-01', '20:00', 'closed', now() - interval '1 day') RETURNING id`,
    [other.id, seller.id],
  );
  sessionId = sessions[1].id;
  // The seller's rows first, then the others': the ids of both interleave nowhere.
  for (const [owner, session, n] of [
    [seller.id, sessions[1].id, OWN],
    [other.id, sessions[0].id, OTHERS],
  ]) {
    await raw(
      `INSERT INTO products (seller_id, name, keywords, sku, price_cents, quantity, is_publish, configured)
       SELECT $1, 'Robe ' || g, 'robe' || g, 'SKU' || g, 500 + g % 80 * 100, 0, g % 3 > 0, true
       FROM generate_series(1, $2::int) g`,
      [owner, n],
    );
    await raw(
      `INSERT INTO product_configurations (product_id, seller_id, color_id, size_id, price_cents, quantity, sku)
       SELECT p.id, p.seller_id, (SELECT min(id) FROM colors), (SELECT min(id) FROM sizes), p.price_cents, 3, p.sku || '-1'
       FROM products p WHERE p.seller_id = $1`,
      [owner],
    );
    await raw(
      `INSERT INTO social_identities (seller_id, platform, external_user_id, name)
       SELECT $1::int, 'facebook', 'fb' || $1::int || '-' || g, 'Viewer ' || g FROM generate_series(1, $2::int) g`,
      [owner, n],
    );
    // Every other order from a commenter without an account.
    await raw(
      `INSERT INTO orders (seller_id, social_identity_id, order_number, status, subtotal_cents, shipping_cents,
         total_amount_cents, created_at, updated_at)
       SELECT $1::int, CASE WHEN g % 2 = 0 THEN i.id END, 'LC' || $1::int || 'N' || g,
              (ARRAY['payed','shipped','expired','canceled'])[1 + g % 4], 1000 + g % 90 * 100, 490,
              1490 + g % 90 * 100, now() - g * interval '1 minute', now() - g * interval '1 minute'
       FROM generate_series(1, $2::int) g
       JOIN social_identities i ON i.seller_id = $1::int AND i.external_user_id = 'fb' || $1::int || '-' || g`,
      [owner, n],
    );
    await raw(
      `INSERT INTO order_items (order_id, seller_id, product_id, configuration_id, name, sku, unit_price_cents, quantity)
       SELECT o.id, o.seller_id, p.id, c.id, p.name, p.sku, p.price_cents, 1
       FROM orders o
       JOIN products p ON p.seller_id = o.seller_id AND p.sku = 'SKU' || (1 + o.id % $2::int)
       JOIN product_configurations c ON c.product_id = p.id
       WHERE o.seller_id = $1`,
      [owner, n],
    );
    await raw(
      `INSERT INTO live_comments (session_id, seller_id, external_id, from_id, from_name, message, created_time)
       SELECT $2, $1, 'c' || g, 'u' || g % 500, 'Viewer ' || g % 500, 'robe' || g % 40 || ' M',
              now() - interval '1 day' + g * interval '100 milliseconds'
       FROM generate_series(1, $3::int) g`,
      [owner, session, n],
    );
  }
  for (const t of [
    'products',
    'product_configurations',
    'social_identities',
    'orders',
    'order_items',
    'live_comments',
    'live_sessions',
  ]) {
    await raw(`ANALYZE ${t}`);
  }
}, 120_000);

afterAll(async () => {
  await rt?.close();
});

/** The seller's context, its database handle recording every statement a service sends. */
async function recordingCtx(statements: SQL[]): Promise<Ctx> {
  const db = rt.deps.database.db;
  const recording = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'execute') {
        return (query: SQL) => {
          statements.push(query);
          return target.execute(query);
        };
      }
      return Reflect.get(target, key, receiver);
    },
  }) as Db;
  const user = (await loadCurrentUser(db, sellerId))?.user;
  if (user?.role_id !== ROLE.seller) throw new Error('no seller');
  return { db: recording, user, locale: 'fr', config: rt.deps.config, log: rt.app.log };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** An index's table, whether it is partial, and its first column (null for an expression). */
async function indexOf(name: string) {
  const [index] = await rt.deps.database.raw<{ table: string; partial: boolean; first: string | null }>(
    `SELECT t.relname AS table, i.indpred IS NOT NULL AS partial, a.attname AS first
     FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
     LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
     WHERE i.indexrelid = $1::regclass`,
    [name],
  );
  return index;
}

/**
 * The big table a node reads whole: a sequential scan, or an index walked end to end (no
 * condition on its first column; a partial index holds only the rows its predicate keeps).
 */
async function readsWhole(node: PlanNode): Promise<string | undefined> {
  const type = node['Node Type'];
  if (type === 'Seq Scan')
    return BIG_TABLES.includes(node['Relation Name'] ?? '') ? node['Relation Name'] : undefined;
  if (type !== 'Index Scan' && type !== 'Index Only Scan' && type !== 'Bitmap Index Scan') return undefined;
  const index = await indexOf(node['Index Name'] ?? '');
  if (!index || !BIG_TABLES.includes(index.table) || index.partial) return undefined;
  const cond = node['Index Cond'] ?? '';
  // an expression index (no first column) is only chosen for a condition on its expression
  if (cond && (!index.first || cond.includes(index.first))) return undefined;
  return index.table;
}

/**
 * By its plan, the big tables `query` reads whole, and the tables it reads under its page's LIMIT
 * (`cutFrom`). Planned with the least memory for hash tables:
 * at a real size a table's hash never fits (a million orders' lines), so the planner would not
 * hash a whole table there as it may for the tens of thousands of rows here.
 */
async function planOf(query: SQL): Promise<{ wholeReads: string[]; cutFrom: string[] }> {
  const [row] = await rt.deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64kB'`);
    return queryRows<{ 'QUERY PLAN': unknown }>(tx, sql`EXPLAIN (FORMAT JSON) ${query}`);
  });
  const plan = row['QUERY PLAN'];
  const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  const found: string[] = [];
  // the tables read under the page's LIMIT: every row they give is read before the page is cut
  const cut = new Set<string>();
  const walk = async (node: PlanNode, underLimit: boolean) => {
    const table = await readsWhole(node);
    if (table)
      found.push(`${node['Node Type']} on ${table}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`);
    const relation =
      node['Relation Name'] ?? (node['Index Name'] && (await indexOf(node['Index Name'])).table);
    if (underLimit && relation) cut.add(relation);
    for (const child of node.Plans ?? []) await walk(child, underLimit || node['Node Type'] === 'Limit');
  };
  await walk(top.Plan, false);
  return { wholeReads: found, cutFrom: [...cut].sort() };
}

/** Every statement `call` sends, with the big tables each reads whole (none expected). */
async function plansOf(call: (ctx: Ctx) => Promise<unknown>) {
  const statements: SQL[] = [];
  await call(await recordingCtx(statements));
  expect(statements.length).toBeGreaterThan(0);
  const out: { statement: string; wholeReads: string[]; cutFrom: string[] }[] = [];
  for (const s of statements) {
    const text = dialect.sqlToQuery(s).sql;
    out.push({ statement: text.replace(/\s+/g, ' ').slice(0, 160), ...(await planOf(s)) });
  }
  return out;
}

const readsNoTableWhole = (plans: { statement: string; wholeReads: string[] }[]) =>
  expect(
    plans.filter((p) => p.wholeReads.length).map(({ statement, wholeReads }) => ({ statement, wholeReads })),
  ).toEqual([]);

describe('the heaviest lists read a seller’s rows through indexes', () => {
  it.each([
    ['default page', {}],
    ['filter published', { queryFilter: JSON.stringify({ isPublish: true }) }],
    ['sorted by price', { column: 'price', sort: 'ASC' }],
    ['sorted by stock', { column: 'quantity', sort: 'DESC' }],
  ])('products: %s', async (_label, input) => {
    readsNoTableWhole(await plansOf((ctx) => listProducts(ctx, ZProductListQuery.parse(input))));
  });

  it.each([
    ['default page', {}],
    ['filter status', { queryFilter: JSON.stringify({ status: 'payed' }) }],
    ['sorted by amount', { column: 'order_amount', sort: 'DESC' }],
  ])('orders: %s', async (_label, input) => {
    readsNoTableWhole(await plansOf((ctx) => listSellerOrders(ctx, ZSellerOrderListQuery.parse(input))));
  });

  it.each([
    ['the first shoppers', {}],
    ['shoppers searched', { buyer_search: 'viewer 1' }],
  ])('the Orders filters: %s', async (_label, input) => {
    // the figures brought up to date before, as the sweeper keeps them
    await refreshShopperFigures(rt.deps.database.db, sellerId);
    readsNoTableWhole(await plansOf((ctx) => sellerOrderFilters(ctx, ZOrderFiltersQuery.parse(input))));
  });

  it.each([
    ['default page', {}],
    ['oldest first', { column: 'created_time', sort: 'ASC' }],
    ['last page', { offset: String(OWN - 25) }],
  ])('comments of a live: %s', async (_label, input) => {
    const plans = await plansOf((ctx) => listComments(ctx, sessionId, ZLiveCommentListQuery.parse(input)));
    readsNoTableWhole(plans);
    // the page is cut from the comments alone: the rows an offset skips (25,000 on a big live's
    // last page) are not joined to their replies, only the page's are
    const paged = plans.filter((p) => p.cutFrom.length);
    expect(paged).toHaveLength(1);
    expect(paged[0].cutFrom).toEqual(['live_comments']);
  });
});
