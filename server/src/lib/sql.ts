import { TIME_ZONE } from '@livecart/contract/constants';
import type { TDayRange, TRange } from '@livecart/contract/lists';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** A condition that may be absent: falsy entries are skipped. */
export type Cond = SQL | undefined | null | false | '' | 0;

/** The rows of a raw statement (PGlite and node-postgres both answer `{rows}`). */
export async function queryRows<R>(db: DbOrTx, query: SQL): Promise<R[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: R[] }).rows;
}

/** `a AND b AND …` of the present conditions, or undefined when none is. */
export function allOf(conds: Cond[]): SQL | undefined {
  const present = conds.filter((c): c is SQL => !!c);
  return present.length ? and(...present) : undefined;
}

/** ` WHERE …` of the present conditions, or nothing. */
export function whereOf(conds: Cond[], keyword = 'WHERE'): SQL {
  const all = allOf(conds);
  return all ? sql` ${sql.raw(keyword)} ${all}` : sql.empty();
}

// Accented letters and their plain lower-case letter: `unaccent` is not available on PGlite, so
// search folds both sides with translate() + lower() (and the same table here).
const ACCENTED =
  'àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźż' +
  'ÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚÌÍÎÏĪĮŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻ';
const SPECIAL: Record<string, string> = { đ: 'd', Đ: 'd', ł: 'l', Ł: 'l', ø: 'o', Ø: 'o' };
const PLAIN = [...ACCENTED].map((c) => SPECIAL[c] ?? c.normalize('NFD')[0].toLowerCase()).join('');
const FOLD = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]]));

/** Lower case without accents, as `foldSql` does in the database. */
export const foldText = (s: string) =>
  [...s]
    .map((c) => FOLD.get(c) ?? c)
    .join('')
    .toLowerCase();

/**
 * `foldSql` of an SQL expression with its letter tables written out, for DDL (a generated column
 * or an index expression takes no parameters) and for queries that must match such an index:
 * `lower(translate(expr, 'àá…', 'aa…'))`.
 */
export const foldDdlOf = (expr: string) => `lower(translate(${expr}, '${ACCENTED}', '${PLAIN}'))`;

/** {@link foldDdlOf} of a column: `lower(translate("name", 'àá…', 'aa…'))`. */
export const foldDdl = (column: string) => foldDdlOf(`"${column}"`);

/** Two name columns as one folded text, `first last`, for a generated search column. */
export const foldNamesDdl = (first: string, last: string) =>
  foldDdlOf(`coalesce("${first}", '') || ' ' || coalesce("${last}", '')`);

/** The SQL twin of `foldText`. */
export const foldSql = (expr: SQL | AnyColumn) =>
  sql`lower(translate(coalesce(${expr}, ''), ${ACCENTED}, ${PLAIN}))`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const matchAny = (exprs: (SQL | AnyColumn)[], pattern: string): SQL =>
  sql`(${sql.join(
    exprs.map((e) => sql`${foldSql(e)} LIKE ${pattern}`),
    sql` OR `,
  )})`;

/**
 * Substring match of `term` (folded here) against expressions already folded (a stored folded
 * column, normalised keywords): no per-row folding, so it stays cheap on large tables.
 */
export const containsFolded = (exprs: (SQL | AnyColumn)[], term: string): SQL =>
  matchFolded(exprs, containsPattern(term));

/** The `LIKE` pattern of "holds `term`" against text folded by {@link foldSql}: `%term%`. */
export const containsPattern = (term: string) => `%${escapeLike(foldText(term.trim()))}%`;

/** The `LIKE` pattern of "starts with `term`" against text folded by {@link foldSql}: `term%`. */
export const startsPattern = (term: string) => `${escapeLike(foldText(term.trim()))}%`;

/** Prefix match of `term` against expressions already folded. */
export const startsWithFolded = (exprs: (SQL | AnyColumn)[], term: string): SQL =>
  matchFolded(exprs, `${escapeLike(foldText(term.trim()))}%`);

const matchFolded = (exprs: (SQL | AnyColumn)[], pattern: string): SQL =>
  sql`(${sql.join(
    exprs.map((e) => sql`${e} LIKE ${pattern}`),
    sql` OR `,
  )})`;

/** Case- and accent-insensitive substring match of `term` against any of `exprs`. */
export const containsAny = (exprs: (SQL | AnyColumn)[], term: string): SQL =>
  matchAny(exprs, containsPattern(term));

/** Case- and accent-insensitive prefix match of `term` against any of `exprs`. */
export const startsWithAny = (exprs: (SQL | AnyColumn)[], term: string): SQL =>
  matchAny(exprs, `${escapeLike(foldText(term.trim()))}%`);

/**
 * `expr` within a `{min, max}` filter; `scale` turns the filter's unit into the column's
 * (100 for euros against cents). A whole bound within the int range is compared as the column's
 * own type (so an index on it serves); any other bound as numeric, so it never fails a cast.
 */
export function inRange(expr: SQL | AnyColumn, range: TRange | undefined, scale = 1): Cond[] {
  const bound = (n: number) => {
    const v = scale === 1 ? n : Math.round(n * scale);
    return Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? sql`${v}` : sql`${v}::numeric`;
  };
  return [
    range?.min !== undefined && sql`${expr} >= ${bound(range.min)}`,
    range?.max !== undefined && sql`${expr} <= ${bound(range.max)}`,
  ];
}

/** A timestamptz within whole days of Europe/Paris, both days included. */
export function inDays(expr: SQL | AnyColumn, range: TDayRange | undefined): Cond[] {
  return [
    range?.from && sql`${expr} >= (${range.from}::date)::timestamp AT TIME ZONE ${TIME_ZONE}`,
    range?.to && sql`${expr} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE}`,
  ];
}

/** A database time as an ISO string (null stays null). */
export const toIso = (v: Date | string | null | undefined): string | null =>
  v == null ? null : new Date(v).toISOString();
