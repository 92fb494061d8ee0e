import { z } from 'zod';
import { zPercentValue } from './billing.ts';
import { SUBSCRIPTION_STATUSES } from './constants.ts';
import { ZBounds, ZDayRange, ZRange, zFilterId, zListQuery, zListResponse } from './lists.ts';
import { ZCurrentUser, ZImpersonator } from './user.ts';
import { zEmail, zId } from './validation.ts';

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

/**
 * GET sellers/fetch-filters, one entry per filter of SPEC §3 Seller: the countries sellers are in
 * (`country_id`), every seller by name (`seller_id`), the bounds of the range filters, and the
 * first and last days sellers were created on (`created_at`, Europe/Paris, null without sellers).
 */
export const ZSellerFilters = z.object({
  items: z.object({
    countries: z.array(ZCountryName),
    sellers: z.array(z.object({ id: z.number(), name: z.string() })),
    total_orders: ZBounds,
    total_sessions: ZBounds,
    total_buyers: ZBounds,
    /** In euros. */
    total_amount: ZBounds,
    created_at: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
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

// ---------------------------------------------------------------------------------------------
// Log in as a seller, their percent, their subscription, and the audit of what admins did

/** `POST sellers/login-as/{id}`: the seller's id. */
export const ZSellerIdParams = z.object({ id: zId() });

/**
 * Login-as start and stop: the user the browser is now signed in as, and the admin behind it
 * while signed in as a seller (null once back).
 */
export const ZLoginAsResponse = z.object({
  user: ZCurrentUser,
  impersonated_by: ZImpersonator.nullable(),
});
export type TLoginAsResponse = z.infer<typeof ZLoginAsResponse>;

/** `POST sellers/update-percent`: the seller's own percent of sales, 0 to 100 with two decimals at most. */
export const ZUpdatePercentBody = z.strictObject({ seller_id: zId(), percent: zPercentValue() });
export type TUpdatePercentBody = z.infer<typeof ZUpdatePercentBody>;

/** An admin named in the history and the audit (null once their account is gone). */
export const ZAdminRef = z.object({ id: z.number(), email: z.string().nullable(), name: z.string() });
export type TAdminRef = z.infer<typeof ZAdminRef>;

/**
 * One change of a seller's percent: the new one, the one they paid before (their own, else their
 * plan's; null when there was none), when and by whom.
 */
export const ZPercentChange = z.object({
  percent: z.number(),
  previous: z.number().nullable(),
  changed_at: z.string(),
  changed_by: ZAdminRef.nullable(),
});
export type TPercentChange = z.infer<typeof ZPercentChange>;

export const ZUpdatePercentResponse = z.object({ item: ZPercentChange, message: z.string() });

/** `GET sellers/history?emailSeller`: the seller's percent changes, newest first. */
export const ZPercentHistoryQuery = z.object({ emailSeller: zEmail() });
export const ZPercentHistory = z.object({ items: z.array(ZPercentChange) });
export type TPercentHistory = z.infer<typeof ZPercentHistory>;

/** `POST sellers/unsubscribe`: `seller` is the seller's id. */
export const ZUnsubscribeBody = z.strictObject({ seller: zId() });
export const ZUnsubscribeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
});

/** What the admin's audit of a seller records. */
export const SELLER_AUDIT_ACTIONS = [
  'login_as_start',
  'login_as_stop',
  /** A change made in the seller's back-office while an admin was signed in as them. */
  'request',
  'percent_changed',
  'unsubscribed',
] as const;
export type TSellerAuditAction = (typeof SELLER_AUDIT_ACTIONS)[number];

/** `GET sellers/audit?seller_id=…`: newest first; filters `action`, `impersonation_id`. */
export const ZSellerAuditQuery = zListQuery({
  columns: ['created_at'] as const,
  defaultColumn: 'created_at',
  filter: z.object({
    action: z.enum(SELLER_AUDIT_ACTIONS, { error: 'invalid' }).optional(),
    impersonation_id: zFilterId().optional(),
  }),
}).extend({ seller_id: zId() });
export type TSellerAuditQuery = z.output<typeof ZSellerAuditQuery>;

/**
 * One line of a seller's audit: `method`, `path` and `status_code` for a request made as the
 * seller; `detail` what changed (`{percent, previous}`, `{reason}` of a stop, the route and its
 * query without secrets for a request); `impersonation_id` groups one login-as from start to stop.
 */
export const ZSellerAuditItem = z.object({
  id: z.number(),
  action: z.enum(SELLER_AUDIT_ACTIONS),
  method: z.string().nullable(),
  path: z.string().nullable(),
  status_code: z.number().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  impersonation_id: z.number().nullable(),
  admin: ZAdminRef.nullable(),
  created_at: z.string(),
});
export type TSellerAuditItem = z.infer<typeof ZSellerAuditItem>;
export const ZSellerAuditList = zListResponse(ZSellerAuditItem);
export type TSellerAuditList = z.infer<typeof ZSellerAuditList>;
