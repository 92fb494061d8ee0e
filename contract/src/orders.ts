import { z } from 'zod';
import { ZOrderLine } from './lines.ts';
import { ZBounds, ZDayRange, ZRange, zFilterId, zListQuery, zListResponse } from './lists.ts';
import { ZSellerOrderFilters } from './sellerOrders.ts';
import { fieldMessage, zId } from './validation.ts';

/*
 * The read-only lists of the live engine (SPEC §2 Live Carts and Waiting list, §3 Waiting-list
 * item, §7 Orders): the seller's open carts with their countdown, and the waiting list grouped
 * by configuration. Amounts are euros (integer cents in the database), times ISO strings.
 */

// ---------------------------------------------------------------------------------------------
// GET orders/fetch-live-items

/** Live Carts columns that sort. */
export const LIVE_CART_COLUMNS = ['created_at', 'order_number', 'expires_at', 'total_amount'] as const;

/** Live Carts filters: one live session, an order number (part of it, any case). */
export const ZLiveCartFilter = z.object({
  session_id: zFilterId().optional(),
  order_number: z.string().max(50, fieldMessage('max_chars', 50)).optional(),
});
export type TLiveCartFilter = z.infer<typeof ZLiveCartFilter>;

/** Newest cart first unless told; `query` searches the order number and the shopper's name. */
export const ZLiveCartListQuery = zListQuery({
  columns: LIVE_CART_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZLiveCartFilter,
});
export type TLiveCartListQuery = z.output<typeof ZLiveCartListQuery>;

/** A line of an open cart, as sold (every snapshot but the SKU). */
export const ZLiveCartLine = ZOrderLine.omit({ sku: true });
export type TLiveCartLine = z.infer<typeof ZLiveCartLine>;

/**
 * An open cart (an order in status new with at least one line). `expires_at` is null when the
 * cart never expires by timer (a session with cart duration 0); `shopper` is the buyer account's
 * name, else the name the viewer comments under.
 */
export const ZLiveCart = z.object({
  id: z.number(),
  order_number: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  session_id: z.number().nullable(),
  shopper: z.string().nullable(),
  products: z.array(ZLiveCartLine),
  total_amount: z.number(),
});
export type TLiveCart = z.infer<typeof ZLiveCart>;

/** `serverTime` (ISO) lets a screen correct its clock before counting down to `expires_at`. */
export const ZLiveCartList = zListResponse(ZLiveCart).extend({ serverTime: z.string() });
export type TLiveCartList = z.infer<typeof ZLiveCartList>;

// ---------------------------------------------------------------------------------------------
// GET orders/fetch-waiting-items

/** Waiting-list columns that sort: total quantity by default (SPEC §9). */
export const WAITING_COLUMNS = ['total_qty', 'total_price', 'waiting_count', 'created_at'] as const;

/**
 * Waiting-list filters (SPEC §3 Waiting-list item). `product_search`: part of the product name or
 * reference (SKU), any case or accent; `total_amount` (euros) and `total_qty` ranges on the group;
 * `created_at` days (Europe/Paris) of the queued comments; `buyer_id` a shopper account,
 * `social_identity_id` a commenter without one (both as fetch-filters lists them).
 */
export const ZWaitingFilter = z.object({
  product_search: z.string().max(200, fieldMessage('max_chars', 200)).optional(),
  total_amount: ZRange.optional(),
  total_qty: ZRange.optional(),
  created_at: ZDayRange.optional(),
  buyer_id: zFilterId().optional(),
  social_identity_id: zFilterId().optional(),
});
export type TWaitingFilter = z.infer<typeof ZWaitingFilter>;

export const ZWaitingListQuery = zListQuery({
  columns: WAITING_COLUMNS,
  defaultColumn: 'total_qty',
  filter: ZWaitingFilter,
});
export type TWaitingListQuery = z.output<typeof ZWaitingListQuery>;

/**
 * One configuration with shoppers waiting for it. `reference` is the configuration's SKU (else the
 * product's); `color` / `size` in the caller's language; `price` the configuration's unit price and
 * `total_price` = total_qty × price (euros); `waiting_count` distinct shoppers; `stock` the
 * configuration's current quantity; `session_ids` the sessions with waiting rows (for
 * order/run-wait-workflow); `created_at` the oldest queued comment.
 */
export const ZWaitingItem = z.object({
  configuration_id: z.number(),
  product_id: z.number(),
  name: z.string(),
  photo: z.string().nullable(),
  reference: z.string().nullable(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  price: z.number(),
  total_qty: z.number(),
  total_price: z.number(),
  waiting_count: z.number(),
  stock: z.number(),
  session_ids: z.array(z.number()),
  created_at: z.string(),
});
export type TWaitingItem = z.infer<typeof ZWaitingItem>;

export const ZWaitingList = zListResponse(ZWaitingItem);
export type TWaitingList = z.infer<typeof ZWaitingList>;

// ---------------------------------------------------------------------------------------------
// GET orders/fetch-filters

/** How many shoppers the Orders filters offer at once (`buyers`); `buyers_more` says others match. */
export const BUYER_CHOICES = 50;

/** How many lives the Orders filters offer at once (`live_sessions`); `live_sessions_more` says others match. */
export const LIVE_SESSION_CHOICES = 50;

/**
 * `type=waiting`: the waiting list's filters. Without type, the Orders filters; their shoppers are
 * the first {@link BUYER_CHOICES} by name whose name or e-mail holds `buyer_search` (any case or
 * accent), and the shopper `buyer_id` (the one chosen) whenever it is one of the caller's; their
 * lives the latest {@link LIVE_SESSION_CHOICES} whose name holds `live_session_search`, and the
 * live `live_session_id` whenever it is one of the caller's.
 */
export const ZOrderFiltersQuery = z.object({
  type: z.enum(['waiting'], { error: 'invalid' }).optional(),
  buyer_search: z.string().trim().max(100, fieldMessage('max_chars', 100)).optional(),
  buyer_id: zId().optional(),
  live_session_search: z.string().trim().max(100, fieldMessage('max_chars', 100)).optional(),
  live_session_id: zId().optional(),
});
export type TOrderFiltersQuery = z.infer<typeof ZOrderFiltersQuery>;

export const ZNamedOption = z.object({ id: z.number(), name: z.string() });
export type TNamedOption = z.infer<typeof ZNamedOption>;

/**
 * `type=waiting`: the shoppers in the waiting list (`buyers`: accounts, filter `buyer_id`;
 * `shoppers`: commenters without one, filter `social_identity_id`) and the bounds of the total
 * quantity and total amount (euros) of its groups.
 */
export const ZWaitingFilters = z.object({
  items: z.object({
    buyers: z.array(ZNamedOption),
    shoppers: z.array(ZNamedOption),
    total_qty: ZBounds,
    total_amount: ZBounds,
  }),
});
export type TWaitingFilters = z.infer<typeof ZWaitingFilters>;

/** `type=waiting`: the waiting list's filters; without type: the Orders screen's (sellerOrders.ts). */
export const ZOrderFiltersResponse = z.union([ZWaitingFilters, ZSellerOrderFilters]);
