import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './constants.ts';
import { ZBounds, ZDayRange, ZRange, zFilterId, zListQuery, zListResponse } from './lists.ts';

/** The admin's sellers list columns that sort (SPEC §3 listing type `sellers`). */
export const SELLER_COLUMNS = [
  'total_orders',
  'total_sessions',
  'total_buyers',
  'total_amount',
  'created_at',
  'first_name',
  'subscription_end',
] as const;

/** Sellers filters (SPEC §3 Seller). `total_amount` is in euros; `created_at` days are Europe/Paris days. */
export const ZSellerFilter = z.object({
  country_id: zFilterId().optional(),
  total_orders: ZRange.optional(),
  total_sessions: ZRange.optional(),
  total_buyers: ZRange.optional(),
  total_amount: ZRange.optional(),
  seller_id: zFilterId().optional(),
  created_at: ZDayRange.optional(),
});
export type TSellerFilter = z.infer<typeof ZSellerFilter>;

/** GET sellers/fetch-items: sorted by total_orders DESC unless told; `query` searches name, e-mail, company. */
export const ZSellerListQuery = zListQuery({
  columns: SELLER_COLUMNS,
  defaultColumn: 'total_orders',
  filter: ZSellerFilter,
});
export type TSellerListQuery = z.output<typeof ZSellerListQuery>;

/** One seller with their figures. Amounts in euros, times as ISO strings. */
export const ZSellerListItem = z.object({
  id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  company_name: z.string().nullable(),
  photo: z.string().nullable(),
  /** The seller's percent of sales (their own, else their plan's), e.g. 5; null when neither is set. */
  transaction_percent: z.number().nullable(),
  total_sessions: z.number(),
  total_buyers: z.number(),
  total_orders: z.number(),
  /** Paid and shipped orders, in euros. */
  total_amount: z.number(),
  created_at: z.string(),
  /** End of the latest subscription's period (or of its trial). */
  subscription_end: z.string().nullable(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** Country of the seller's business address. */
  country_id: z.number().nullable(),
});
export type TSellerListItem = z.infer<typeof ZSellerListItem>;

export const ZSellerList = zListResponse(ZSellerListItem);
export type TSellerList = z.infer<typeof ZSellerList>;

export const ZCountryName = z.object({ id: z.number(), name_fr: z.string(), name_en: z.string() });

/** GET sellers/fetch-filters: the countries sellers are in and the bounds of the range filters. */
export const ZSellerFilters = z.object({
  items: z.object({
    countries: z.array(ZCountryName),
    total_orders: ZBounds,
    total_sessions: ZBounds,
    total_buyers: ZBounds,
    /** In euros. */
    total_amount: ZBounds,
  }),
});
export type TSellerFilters = z.infer<typeof ZSellerFilters>;

/** At most this many users in a find-seller / find-buyer answer. */
export const FIND_USER_LIMIT = 20;

/** GET users/find-seller and users/find-buyer. */
export const ZFindUserQuery = z.object({ searchStr: z.string().max(100).optional() });

/** A user picked in a search box: `label` is their name (and company for a seller). */
export const ZFoundUser = z.object({ id: z.number(), label: z.string(), email: z.string().nullable() });
export type TFoundUser = z.infer<typeof ZFoundUser>;

export const ZFindUserResult = z.object({ result: z.array(ZFoundUser) });
export type TFindUserResult = z.infer<typeof ZFindUserResult>;
