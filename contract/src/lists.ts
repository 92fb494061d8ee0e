import { z } from 'zod';
import { DEFAULT_LIMIT, PAGE_SIZES } from './constants.ts';

/**
 * The query every SPEC list call takes: limit, offset, sort, column, query and queryFilter (a JSON
 * string). Each list declares its sortable columns and its filter schema.
 */
export function zListQuery<F extends z.ZodObject, C extends readonly [string, ...string[]]>(opts: {
  columns: C;
  defaultColumn: C[number];
  defaultSort?: 'ASC' | 'DESC';
  filter: F;
}) {
  return z.object({
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'invalid')
      .default(DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
    sort: z
      .string()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(['ASC', 'DESC']))
      .default(opts.defaultSort ?? 'DESC'),
    column: z.enum(opts.columns).default(opts.defaultColumn),
    query: z.string().max(200).optional(),
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

/** A numeric range filter `{min?, max?}` or a single number. */
export const ZRange = z.object({ min: z.coerce.number().optional(), max: z.coerce.number().optional() });

export const zListResponse = <T extends z.ZodType>(item: T) => z.object({ count: z.number(), items: z.array(item) });
