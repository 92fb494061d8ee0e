import type { TListQuery } from '@livecart/contract/lists';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { invalidFields } from './errors.ts';
import { type Cond, containsAny, containsFolded, queryRows, whereOf } from './sql.ts';

/**
 * One SPEC list (`{count, items}` with limit, offset, sort, column, query, queryFilter), declared
 * as SQL pieces. The query itself is parsed by the contract's `zListQuery` schema (as the route's
 * querystring, or with `parseListQuery`), so `column` is already one of the list's columns and the
 * filter has the list's shape; a list only says what they mean in SQL.
 *
 * ```ts
 * const list: ListDef<TOrderListQuery, OrderRow, TOrder> = {
 *   select: sql`o.id, o.order_number, o.created_at`,
 *   from: sql`orders o`,
 *   where: (q) => [sql`o.seller_id = ${sellerId}`, q.queryFilter.status && sql`o.status = ${q.queryFilter.status}`],
 *   search: [sql`o.order_number`],
 *   order: { columns: { created_at: sql`o.created_at`, order_number: sql`o.order_number` }, tieBreaker: sql`o.id` },
 *   map: (r) => ({ ...r, created_at: toIso(r.created_at) }),
 * };
 * return runList(ctx.db, list, query);
 * ```
 */
export interface ListDef<Q extends TListQuery, R, I> {
  /** The selected columns of a row. */
  select: SQL;
  /** FROM with its joins. */
  from: SQL;
  /**
   * The FROM the count reads, when `from` joins rows only the page shows (a lateral lookup per
   * row): the joins the filters and the search of `q` read, giving the same count.
   */
  countFrom?: (q: Q) => SQL;
  /**
   * A statement answering `{count}` for `q` from figures kept elsewhere (a read model's totals),
   * when it can (no filter nor search); undefined: the rows are counted.
   */
  keptCount?: (q: Q) => SQL | undefined;
  /** Tenant scope and filters; falsy entries are skipped. */
  where?: (q: Q) => Cond[];
  /** What `query` is matched against (case- and accent-insensitive substring). */
  search?: SQL[];
  /** Or, instead, texts already folded (a stored search column): no folding per row. */
  searchFolded?: SQL[];
  /** For lists of groups (shoppers, waiting items): the count is then the number of groups. */
  groupBy?: SQL;
  /** Filters on the groups' aggregates. */
  having?: (q: Q) => Cond[];
  /**
   * The list's sortable columns as SQL (sorted by `column` in `sort` direction, nulls last, then
   * by the unique `tieBreaker` so pages never overlap), or a fixed ranking.
   */
  order:
    | {
        columns: Record<Q['column'], SQL>;
        tieBreaker: SQL;
        /** Columns that are never null: sorted without NULLS LAST, so one index serves both directions. */
        notNull?: readonly Q['column'][];
      }
    | { fixed: SQL };
  /** A database row as an API item (cents → euros, times → ISO strings). */
  map: (row: R) => I;
  /**
   * A list whose items are wide or joined only to be shown (a live's comments with their replies):
   * its page is first cut as the keys `key` of `from` alone (the filters, the search and the order
   * read `from`, an index can serve them), then only those rows are read again from `rows` (the
   * same table under the same alias, with the joins the items show), in the page's order. Rows
   * that a large offset skips are neither read whole, nor sorted wide, nor joined. `key` is
   * unique; not for lists of groups.
   */
  pageBy?: { key: SQL; rows: SQL };
  /**
   * The count comes with the page (`count(*) OVER ()`): one pass over the FROM instead of two, for
   * a list whose FROM is costly to build (shoppers grouped from a seller's orders).
   */
  countWithPage?: boolean;
}

/** Runs a count and a page query: `{count, items}`. */
export async function runList<Q extends TListQuery, R, I>(
  db: DbOrTx,
  def: ListDef<Q, R, I>,
  q: Q,
): Promise<{ count: number; items: I[] }> {
  const { where, group, having } = clausesOf(def, q);
  if (def.countWithPage) {
    const rows = await queryRows<R & { list_count: number }>(
      db,
      sql`SELECT ${def.select}, count(*) OVER ()::int AS list_count FROM ${def.from}${where}${group}${having} ORDER BY ${orderOf(def.order, q)} LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    // a page past the end has no row to carry the count: it is counted alone then
    if (rows.length || q.offset === 0) {
      return {
        count: rows[0]?.list_count ?? 0,
        items: rows.map(({ list_count: _, ...row }) => def.map(row as R)),
      };
    }
  }
  const counted = def.groupBy
    ? sql`SELECT count(*)::int AS count FROM (SELECT 1 FROM ${def.from}${where}${group}${having}) AS grouped`
    : sql`SELECT count(*)::int AS count FROM ${def.countFrom?.(q) ?? def.from}${where}`;
  const countQuery = def.keptCount?.(q) ?? counted;
  const [{ count }] = await queryRows<{ count: number }>(db, countQuery);
  if (count === 0 || q.offset >= count) return { count, items: [] };
  return { count, items: await runPage(db, def, q) };
}

/**
 * The page of a list alone, without its count: for a caller that has the count from elsewhere
 * (a dashboard's totals) and reads the page alongside.
 */
export async function runPage<Q extends TListQuery, R, I>(
  db: DbOrTx,
  def: ListDef<Q, R, I>,
  q: Q,
): Promise<I[]> {
  const { where, group, having } = clausesOf(def, q);
  if (def.pageBy && def.groupBy) throw new Error('a list of groups has no keys to page by');
  const order = orderOf(def.order, q);
  const page = sql`ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`;
  const rows = await queryRows<R>(
    db,
    def.pageBy
      ? // the page's keys in their order (the order may read what only `from` joins)
        sql`SELECT ${def.select} FROM ${def.pageBy.rows}
            JOIN unnest(ARRAY(SELECT ${def.pageBy.key} FROM ${def.from}${where} ${page})) WITH ORDINALITY AS page(key, n)
              ON ${def.pageBy.key} = page.key
            ORDER BY page.n`
      : sql`SELECT ${def.select} FROM ${def.from}${where}${group}${having} ${page}`,
  );
  return rows.map(def.map);
}

/** The WHERE (filters and search), GROUP BY and HAVING of a list query. */
function clausesOf<Q extends TListQuery, R, I>(def: ListDef<Q, R, I>, q: Q) {
  const term = q.query?.trim();
  const where = whereOf([
    ...(def.where?.(q) ?? []),
    !!term && !!def.search?.length && containsAny(def.search, term),
    !!term && !!def.searchFolded?.length && containsFolded(def.searchFolded, term),
  ]);
  const group = def.groupBy ? sql` GROUP BY ${def.groupBy}` : sql.empty();
  const having = whereOf(def.having?.(q) ?? [], 'HAVING');
  return { where, group, having };
}

function orderOf<Q extends TListQuery>(order: ListDef<Q, unknown, unknown>['order'], q: Q): SQL {
  if ('fixed' in order) return order.fixed;
  const dir = sql.raw(q.sort === 'ASC' ? 'ASC' : 'DESC');
  const nulls = order.notNull?.includes(q.column) ? sql.empty() : sql` NULLS LAST`;
  return sql`${order.columns[q.column as Q['column']]} ${dir}${nulls}, ${order.tieBreaker} ${dir}`;
}

/**
 * Parses a list query outside a route (a job, an export): a bad value throws the same 400
 * `validation` with `fields` the routes answer.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw invalidFields(fields);
}
