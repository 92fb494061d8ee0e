import { z } from 'zod';
import { ORDER_STATUSES, type TLocale } from './constants.ts';
import { ZRange, zBoolish, zFilterId, zListQuery, zListResponse } from './lists.ts';
import { COMMENT_OUTCOMES } from './live.ts';
import { ZCountryName } from './sellers.ts';
import { fieldMessage } from './validation.ts';

/*
 * Shoppers (SPEC §3 Buyer, §7 Buyers). A shopper of a seller is the account on their order, or the
 * account that linked the commenting social identity, else that social identity itself (a commenter
 * who never signed in): one rule with every "distinct buyers" figure. So a shopper is named by one
 * of two integer ids: `buyer_id` (a shopper account) or `identity_id` (a commenter without one).
 */

/**
 * What the admin's /buyers shows: `clients`, a row per seller × shopper with the seller column (a
 * seller always sees theirs), or `shoppers`, the shopper accounts of the platform.
 */
export const BUYER_VIEWS = ['clients', 'shoppers'] as const;
export type TBuyerView = (typeof BUYER_VIEWS)[number];

/** The columns that sort (SPEC §3 listing type `buyers`); SPEC §9: first_name ASC by default. */
export const BUYER_COLUMNS = [
  'first_name',
  'orders_count',
  'total_spent',
  'unpaid_carts',
  'last_order_at',
  'seller_name',
] as const;
export type TBuyerColumn = (typeof BUYER_COLUMNS)[number];

/** The longest name filter. */
export const BUYER_NAME_MAX = 100;

/**
 * Buyers filters (SPEC §3 Buyer): `name` (part of the name), `country_id` (the country of the
 * address), `total_amount` {min, max} (euros spent), `seller_id` (admin), `buyer_id` (a shopper
 * account), `identity_id` (a commenter without account), `never_paid` (no order ever paid),
 * `blocked`.
 */
export const ZBuyerFilter = z.object({
  name: z.string().max(BUYER_NAME_MAX, fieldMessage('max_chars', BUYER_NAME_MAX)).optional(),
  country_id: zFilterId().optional(),
  total_amount: ZRange.optional(),
  seller_id: zFilterId().optional(),
  buyer_id: zFilterId().optional(),
  identity_id: zFilterId().optional(),
  never_paid: zBoolish().optional(),
  blocked: zBoolish().optional(),
});
export type TBuyerFilter = z.infer<typeof ZBuyerFilter>;

/** GET buyers/fetch-items: first_name ASC unless told; `query` searches name, phone and city. */
export const ZBuyerListQuery = zListQuery({
  columns: BUYER_COLUMNS,
  defaultColumn: 'first_name',
  defaultSort: 'ASC',
  filter: ZBuyerFilter,
}).extend({ view: z.enum(BUYER_VIEWS, { error: 'invalid' }).default('clients') });
export type TBuyerListQuery = z.output<typeof ZBuyerListQuery>;

/** The shopper's address: city, post code and country of their latest delivery address. */
export const ZBuyerAddress = z.object({
  city: z.string().nullable(),
  post_code: z.string().nullable(),
  country_id: z.number().nullable(),
  country_iso: z.string().nullable(),
  country_name: z.string().nullable(),
});
export type TBuyerAddress = z.infer<typeof ZBuyerAddress>;

/**
 * One shopper. For a seller (and admin's Clients) everything is read from that seller's own orders
 * and comments: the name, phone and address of their latest order's delivery address (else the
 * account's name, else the name they comment under), the figures of their orders there. For admin's
 * Shoppers, the account's own details and their figures at every seller.
 */
export const ZBuyerListItem = z.object({
  /** Unique in the list: `{seller_id}:u{buyer_id}` / `{seller_id}:s{identity_id}`, or `u{buyer_id}`. */
  key: z.string(),
  buyer_id: z.number().nullable(),
  identity_id: z.number().nullable(),
  /** The seller this shopper is a client of (null in admin's Shoppers). */
  seller_id: z.number().nullable(),
  seller_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The account's e-mail: admin's Shoppers only (null otherwise). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: ZBuyerAddress.nullable(),
  /** Orders of any status, empty carts left out. */
  orders_count: z.number(),
  /** Paid and shipped orders, in euros. */
  total_spent: z.number(),
  /** Carts that ended unpaid: expired, or canceled without having been paid. */
  unpaid_carts: z.number(),
  last_order_at: z.string().nullable(),
  /** Blocked by this seller; in admin's Shoppers, by at least one seller. */
  blocked: z.boolean(),
  /** Admin's Shoppers: how many sellers they ordered from, and how many blocked them. */
  sellers_count: z.number().nullable(),
  blocked_sellers: z.number().nullable(),
});
export type TBuyerListItem = z.infer<typeof ZBuyerListItem>;

export const ZBuyerList = zListResponse(ZBuyerListItem);
export type TBuyerList = z.infer<typeof ZBuyerList>;

/** What names one shopper: exactly one of `buyer_id` and `identity_id`; `seller_id` for admin. */
export const ZShopperRef = z
  .object({
    buyer_id: zFilterId().optional(),
    identity_id: zFilterId().optional(),
    seller_id: zFilterId().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.buyer_id === undefined && r.identity_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['buyer_id'], message: 'required' });
    }
    if (r.buyer_id !== undefined && r.identity_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['identity_id'], message: 'invalid' });
    }
  });
export type TShopperRef = z.infer<typeof ZShopperRef>;

/**
 * GET buyers/fetch-item?queryFilter={"buyer_id": 12} (or `identity_id`; admin adds `seller_id` for
 * a client of that seller, and without it reads the account across the platform).
 */
export const ZBuyerItemQuery = z.object({
  queryFilter: z
    .string({ error: 'required' })
    .transform((s, ctx) => {
      try {
        return JSON.parse(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
    })
    .pipe(ZShopperRef),
});

/** At most this many orders, comments and waiting items in a shopper's detail (the latest). */
export const BUYER_DETAIL_LIMIT = 50;

export const ZBuyerOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Euros. */
  total_amount: z.number(),
  /** Articles in it. */
  items_count: z.number(),
  seller_id: z.number(),
  seller_name: z.string().nullable(),
});
export type TBuyerOrder = z.infer<typeof ZBuyerOrder>;

export const ZBuyerComment = z.object({
  id: z.number(),
  message: z.string(),
  created_time: z.string(),
  session_id: z.number(),
  /** The live's name: its scenario, else its planned day and time. */
  session_title: z.string(),
  outcome: z.enum(COMMENT_OUTCOMES).nullable(),
  /** The cart it went to, when it has one. */
  order_number: z.string().nullable(),
});
export type TBuyerComment = z.infer<typeof ZBuyerComment>;

export const ZBuyerWaitingItem = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number(),
  created_at: z.string(),
  session_id: z.number().nullable(),
});
export type TBuyerWaitingItem = z.infer<typeof ZBuyerWaitingItem>;

/** A shopper with their orders, live comments and waiting items (the latest 50 of each, and counts). */
export const ZBuyerDetail = ZBuyerListItem.extend({
  /** The e-mail their orders at this seller carry (the checkout's, else the account's). */
  email: z.string().nullable(),
  orders: z.array(ZBuyerOrder),
  comments: z.array(ZBuyerComment),
  comments_count: z.number(),
  waiting: z.array(ZBuyerWaitingItem),
  waiting_count: z.number(),
});
export type TBuyerDetail = z.infer<typeof ZBuyerDetail>;

export const ZBuyerItemResponse = z.object({ item: ZBuyerDetail });

/** GET buyers/fetch-filters: the countries the caller's orders were delivered to. */
export const ZBuyerFilters = z.object({ items: z.object({ countries: z.array(ZCountryName) }) });
export type TBuyerFilters = z.infer<typeof ZBuyerFilters>;

/** POST buyers/block: the seller blocks (or unblocks) one of their shoppers. */
export const ZBuyerBlockBody = z
  .strictObject({
    buyer_id: zFilterId().optional(),
    identity_id: zFilterId().optional(),
    blocked: z.boolean({ error: 'required' }),
  })
  .superRefine((r, ctx) => {
    if (r.buyer_id === undefined && r.identity_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['buyer_id'], message: 'required' });
    }
    if (r.buyer_id !== undefined && r.identity_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['identity_id'], message: 'invalid' });
    }
  });
export type TBuyerBlockBody = z.infer<typeof ZBuyerBlockBody>;

export const ZBuyerBlockResult = z.object({
  success: z.literal(true),
  blocked: z.boolean(),
  message: z.string(),
});
export type TBuyerBlockResult = z.infer<typeof ZBuyerBlockResult>;

/** The longest message a blocked shopper's comment is answered with. */
export const BLOCKED_MESSAGE_MAX = 1000;

/**
 * What a blocked shopper's comment is answered with while the seller wrote no message of their own,
 * in the shop's language.
 */
export const BLOCKED_MESSAGE_DEFAULTS: Record<TLocale, string> = {
  fr: 'Désolé, cette boutique ne prend plus vos commandes en live. Pour toute question, écrivez-lui directement.',
  en: 'Sorry, this shop no longer takes your orders during its lives. For any question, write to the shop directly.',
};
