import { z } from 'zod';
import { DEFAULT_LIMIT, MAX_CHECKED_IDS, MAX_ID, PAGE_SIZES } from './constants.ts';
import { fieldMessage, zCalendarDay, zId } from './validation.ts';

/**
 * The query every SPEC list call takes: limit, offset, sort, column, query and queryFilter (a JSON
 * string). Each list declares its sortable columns and its filter schema; a few lists have their
 * own page sizes (the dashboard's 5).
 */
export function zListQuery<F extends z.ZodObject, C extends readonly [string, ...string[]]>(opts: {
  columns: C;
  defaultColumn: C[number];
  defaultSort?: 'ASC' | 'DESC';
  filter: F;
  pageSizes?: readonly number[];
  defaultLimit?: number;
}) {
  const pageSizes: readonly number[] = opts.pageSizes ?? PAGE_SIZES;
  return z.object({
    limit: z.coerce
      .number({ error: 'invalid' })
      .int('invalid')
      .refine((n) => pageSizes.includes(n), 'invalid')
      .default(opts.defaultLimit ?? DEFAULT_LIMIT),
    offset: z.coerce.number({ error: 'invalid' }).int('invalid').min(0, 'invalid').default(0),
    sort: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(['ASC', 'DESC'], { error: 'invalid' }))
      .default(opts.defaultSort ?? 'DESC'),
    column: z.enum(opts.columns, { error: 'invalid' }).default(opts.defaultColumn),
    query: z.string().max(200, fieldMessage('max_chars', 200)).optional(),
    queryFilter: z
      .string()
      .optional()
      .transform((s, ctx) => {
        if (!s) return {};
        try {
          return JSON.parse(s);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'invalid' });
          return z.NEVER;
        }
      })
      .pipe(opts.filter),
  });
}

/** What every list query holds once parsed (the filter is the list's own). */
export interface TListQuery<C extends string = string, F = unknown> {
  limit: number;
  offset: number;
  sort: 'ASC' | 'DESC';
  column: C;
  query?: string;
  queryFilter: F;
}

/** A number given as a number or a numeric string; empty and null mean absent. */
export const zNumberish = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: 'numeric' }).optional(),
  );

/** An id in a filter (`seller_id`, `country_id`), as a number or a numeric string. */
export const zFilterId = () => zId();

/** A numeric range filter `{min?, max?}`. */
export const ZRange = z.object({ min: zNumberish(), max: zNumberish() });
export type TRange = z.infer<typeof ZRange>;

/** A calendar day `YYYY-MM-DD` that exists (a day in Europe/Paris when it filters times). */
export const zDay = () => zCalendarDay();

/** A range of days `{from?, to?}`, both included. */
export const ZDayRange = z.object({
  from: zDay()
    .nullish()
    .transform((v) => v ?? undefined),
  to: zDay()
    .nullish()
    .transform((v) => v ?? undefined),
});
export type TDayRange = z.infer<typeof ZDayRange>;

/** A boolean given as true/false, 'true'/'false' or 1/0. */
export const zBoolish = () =>
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
    error: 'invalid',
  });

export const zListResponse = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number(), items: z.array(item) });

/** The bounds a range filter can take, for sliders: `{min, max}`. */
export const ZBounds = z.object({ min: z.number(), max: z.number() });
export type TBounds = z.infer<typeof ZBounds>;

/**
 * The ids a list's `checkedIds` state holds: `[1, 2]`, `["1"]`, `[{id: 1, checked: true}]` or
 * `{"1": true}`, without duplicates; null when one is not an id, `too_many` past MAX_CHECKED_IDS
 * (read in one pass and given up as soon as there are too many: a body of a million ids costs no
 * more than the cap).
 */
function checkedIdsOf(value: unknown): Set<number> | null | 'too_many' {
  if (value == null || value === '') return new Set();
  if (typeof value === 'string') {
    try {
      return checkedIdsOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  const entries: Iterable<[unknown, unknown]> = Array.isArray(value)
    ? value.map((v) => (v !== null && typeof v === 'object' ? [(v as { id?: unknown }).id, v] : [v, true]))
    : typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
      : [[value, true]];
  const ids = new Set<number>();
  for (const [id, state] of entries) {
    const checked =
      state !== null && typeof state === 'object'
        ? (state as { checked?: unknown }).checked !== false
        : !!state;
    if (!checked) continue;
    const n = typeof id === 'string' && id.trim() !== '' ? Number(id) : id;
    if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0 || n > MAX_ID) return null;
    ids.add(n);
    if (ids.size > MAX_CHECKED_IDS) return 'too_many';
  }
  return ids;
}

/**
 * The checked ids of a bulk body's `data` (the JSON of the list's checked ids) and `ids`, without
 * duplicates, in place of both; the body's other fields are kept. For `.transform` of a body schema.
 */
export function withCheckedIds<T extends { data?: unknown; ids?: unknown }>(
  body: T,
  ctx: z.RefinementCtx,
): Omit<T, 'data' | 'ids'> & { ids: number[] } {
  const { data, ids, ...rest } = body;
  const fromData = checkedIdsOf(data);
  const fromIds = fromData instanceof Set ? checkedIdsOf(ids) : new Set<number>();
  for (const [path, got] of [
    ['data', fromData],
    ['ids', fromIds],
  ] as const) {
    if (got instanceof Set) continue;
    const message = got === 'too_many' ? fieldMessage('too_many_checked', MAX_CHECKED_IDS) : 'invalid';
    ctx.addIssue({ code: 'custom', path: [path], message });
    return z.NEVER;
  }
  const all = new Set([...(fromData as Set<number>), ...(fromIds as Set<number>)]);
  if (all.size > MAX_CHECKED_IDS) {
    ctx.addIssue({
      code: 'custom',
      path: ['ids'],
      message: fieldMessage('too_many_checked', MAX_CHECKED_IDS),
    });
    return z.NEVER;
  }
  return { ...rest, ids: [...all] };
}

/**
 * The body of a bulk action (SPEC §7 bulk-delete, bulk-copy): `{data}`, the JSON of the list's
 * checked ids, or `{ids: […]}`. Parses to `{ids}`, the checked ids without duplicates (maybe none:
 * the service answers `select_item` then).
 */
export const ZCheckedIdsBody = z.preprocess(
  (v) => v ?? {},
  z.object({ data: z.unknown().optional(), ids: z.unknown().optional() }).transform(withCheckedIds),
);
export type TCheckedIdsBody = z.output<typeof ZCheckedIdsBody>;
