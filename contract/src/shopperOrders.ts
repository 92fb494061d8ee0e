import { z } from 'zod';
import { ORDER_STATUSES } from './constants.ts';
import { ZOrderLine } from './lines.ts';
import { ZDayRange, zListQuery, zListResponse } from './lists.ts';
import { fieldMessage } from './validation.ts';

/*
 * The shopper's own orders (SPEC §2 buyer sidebar Orders, §7 GET orders/fetch-items for a buyer):
 * their orders across merchants, with status, merchant, lines and total, and counts per status.
 * Amounts are euros (integer cents in the database), times ISO strings.
 */

/** Columns that sort; `order_amount` is the total (SPEC §3 "order_amount in sorting"). */
export const SHOPPER_ORDER_COLUMNS = ['created_at', 'order_number', 'status', 'order_amount'] as const;

/** Filters: one status, days of creation (Europe/Paris), part of an order number. */
export const ZShopperOrderFilter = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'invalid' }).optional(),
  created_at: ZDayRange.optional(),
  order_number: z.string().max(50, fieldMessage('max_chars', 50)).optional(),
});
export type TShopperOrderFilter = z.infer<typeof ZShopperOrderFilter>;

/** Newest first unless told; `query` searches the order number and the merchant's name. */
export const ZShopperOrderListQuery = zListQuery({
  columns: SHOPPER_ORDER_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZShopperOrderFilter,
}).extend({
  /** SPEC §7 passes a comment id along; accepted and ignored for a shopper's own list. */
  orderCommentId: z.string().max(128).optional(),
});
export type TShopperOrderListQuery = z.output<typeof ZShopperOrderListQuery>;

/** A line of one of the shopper's orders, as sold, without the seller's product ids and SKU. */
export const ZShopperOrderLine = ZOrderLine.omit({ product_id: true, configuration_id: true, sku: true });
export type TShopperOrderLine = z.infer<typeof ZShopperOrderLine>;

/**
 * One of the shopper's orders. `merchant` is the name the checkout shows (the live session's store,
 * else the seller's company or name) and `store_name` the value of the checkout link's `storeName`
 * (the same text). `can_pay`: status new, not past `expires_at`, with at least one line — the
 * screen then links to `/checkout/{order_number}?storeName={store_name}`. `invoice_number` is set
 * once the invoice exists (paid, shipped or refunded orders).
 */
export const ZShopperOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  seller_id: z.number(),
  merchant: z.string(),
  store_name: z.string(),
  shipping_amount: z.number(),
  total_amount: z.number(),
  items: z.array(ZShopperOrderLine),
  can_pay: z.boolean(),
  invoice_number: z.string().nullable(),
});
export type TShopperOrder = z.infer<typeof ZShopperOrder>;

/**
 * Counts of the shopper's orders per status, whatever the filters, plus `waiting`: the articles
 * they are queued for on waiting lists (SPEC §4 display label "waiting").
 */
export const ZShopperItemsStatuses = z.object({
  new: z.number(),
  payed: z.number(),
  shipped: z.number(),
  canceled: z.number(),
  expired: z.number(),
  waiting: z.number(),
});
export type TShopperItemsStatuses = z.infer<typeof ZShopperItemsStatuses>;

export const ZShopperOrderList = zListResponse(ZShopperOrder).extend({
  itemsStatuses: ZShopperItemsStatuses,
});
export type TShopperOrderList = z.infer<typeof ZShopperOrderList>;
