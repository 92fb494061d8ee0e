import { z } from 'zod';
import { LOCALES, ORDER_STATUSES } from './constants.ts';
import { ZOrderLine } from './lines.ts';
import { withCheckedIds, ZBounds, ZDayRange, ZRange, zFilterId, zListQuery, zListResponse } from './lists.ts';
import { PAYMENT_KINDS, ZPaymentRow, ZShipTo } from './payments.ts';
import { fieldMessage, zId } from './validation.ts';

/*
 * The Orders screen of a seller and of admin (SPEC §2 Orders, §3 orders columns, §4 order status,
 * §6 bulk actions per role, §7 Orders). A seller reads their own orders, admin every seller's
 * (filter `seller_id`); another seller's order id answers 404. Amounts are euros with 2 decimals
 * (integer cents in the database), times ISO strings. A shopper's own list is shopperOrders.ts.
 */

// ---------------------------------------------------------------------------------------------
// GET orders/fetch-items (seller, admin)

/** SPEC §3 orders: the sortable columns (`buyer_first_name`, `country_iso`, `shipping_name`, `payment_name`). */
export const SELLER_ORDER_COLUMNS = [
  'created_at',
  'order_number',
  'status',
  'buyer_first_name',
  'country_iso',
  'shipping_name',
  'payment_name',
  'order_amount',
] as const;
export type TSellerOrderColumn = (typeof SELLER_ORDER_COLUMNS)[number];

/**
 * Filters (orders/fetch-filters gives their choices). `status` one status (the tab); `created_at`
 * days in Europe/Paris, both included; `order_amount` the total in euros; `country_id` the delivery
 * country; `shipping_id` a shipping method; `payment` a provider and method (`mollie:card`) of the
 * order's last payment; `live_session_id` the live the cart was opened in; `buyer_id` a shopper
 * account; `seller_id` admin only (ignored for a seller). `query` (beside the filter) searches the
 * order number (part of it, any case) and the shopper's name and e-mail.
 */
export const ZSellerOrderFilter = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'invalid' }).optional(),
  created_at: ZDayRange.optional(),
  order_amount: ZRange.optional(),
  country_id: zFilterId().optional(),
  shipping_id: zFilterId().optional(),
  payment: z
    .string()
    .max(60, fieldMessage('max_chars', 60))
    .regex(/^[a-z]+:[a-z_]+$/, 'invalid')
    .optional(),
  live_session_id: zFilterId().optional(),
  buyer_id: zFilterId().optional(),
  seller_id: zFilterId().optional(),
});
export type TSellerOrderFilter = z.infer<typeof ZSellerOrderFilter>;

/** Newest first unless told. `orderCommentId` (SPEC §7) is accepted and ignored here. */
export const ZSellerOrderListQuery = zListQuery({
  columns: SELLER_ORDER_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZSellerOrderFilter,
}).extend({
  orderCommentId: z.string().max(128).optional(),
});
export type TSellerOrderListQuery = z.output<typeof ZSellerOrderListQuery>;

/** A line as sold (photo a thumbnail address), with `total` = price × quantity. */
export const ZSellerOrderLine = ZOrderLine.extend({ total: z.number() });
export type TSellerOrderLine = z.infer<typeof ZSellerOrderLine>;

/** One status change: when, to what, by whom (null: the system, e.g. a payment or an expiry). */
export const ZOrderHistoryEntry = z.object({
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  user_id: z.number().nullable(),
  /** The person's name (else e-mail), null for the system. */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type TOrderHistoryEntry = z.infer<typeof ZOrderHistoryEntry>;

/**
 * One row of the Orders list. `buyer` is the shopper's name (account, else the checkout address,
 * else the commenter's name); `payment_name` the provider and method of the last payment
 * (`mollie:card`), else null; `invoice_url` once an invoice is issued. `carrier` and
 * `tracking_number` are set once shipped with them. `seller_name` is for admin's seller column.
 */
export const ZSellerOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  seller_id: z.number(),
  seller_name: z.string().nullable(),
  buyer_id: z.number().nullable(),
  buyer: z.string().nullable(),
  buyer_first_name: z.string().nullable(),
  buyer_email: z.string().nullable(),
  country_iso: z.string().nullable(),
  country_name: z.string().nullable(),
  shipping_id: z.number().nullable(),
  shipping_name: z.string().nullable(),
  payment_provider: z.enum(PAYMENT_KINDS).nullable(),
  payment_name: z.string().nullable(),
  live_session_id: z.number().nullable(),
  subtotal: z.number(),
  shipping_amount: z.number(),
  order_amount: z.number(),
  refunded_amount: z.number(),
  /** What a refund of the order would pay back now: its payments still paid (euros). */
  refundable_amount: z.number(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  items: z.array(ZSellerOrderLine),
  history: z.array(ZOrderHistoryEntry),
  invoice_number: z.string().nullable(),
  invoice_url: z.string().nullable(),
});
export type TSellerOrder = z.infer<typeof ZSellerOrder>;

/** Counts of the filtered orders per status, the status filter itself aside (the tabs' counts). */
export const ZSellerItemsStatuses = z.object({
  all: z.number(),
  new: z.number(),
  payed: z.number(),
  shipped: z.number(),
  canceled: z.number(),
  expired: z.number(),
});
export type TSellerItemsStatuses = z.infer<typeof ZSellerItemsStatuses>;

export const ZSellerOrderList = zListResponse(ZSellerOrder).extend({ itemsStatuses: ZSellerItemsStatuses });
export type TSellerOrderList = z.infer<typeof ZSellerOrderList>;

// ---------------------------------------------------------------------------------------------
// GET orders/fetch-filters (seller, admin; without type)

export const ZOption = z.object({ id: z.number(), name: z.string() });

/** A payment method seen on the orders: `value` is the filter's `payment` (`mollie:card`). */
export const ZPaymentOption = z.object({
  value: z.string(),
  provider: z.enum(PAYMENT_KINDS),
  method: z.string(),
});

/**
 * The Orders filters' choices: statuses, the shoppers who ordered (the first of them by name, and
 * `buyers_more` when others match: orders.ts `ZOrderFiltersQuery`), shipping methods, delivery
 * countries (in the caller's language), payment methods used, live sessions (title and start; the
 * latest, and `live_sessions_more` when others match),
 * sellers (admin only, else empty), the bounds of the totals (euros).
 */
export const ZSellerOrderFilters = z.object({
  items: z.object({
    statuses: z.array(z.enum(ORDER_STATUSES)),
    buyers: z.array(ZOption),
    buyers_more: z.boolean(),
    shipping_methods: z.array(ZOption),
    countries: z.array(ZOption),
    payments: z.array(ZPaymentOption),
    live_sessions: z.array(ZOption.extend({ started_at: z.string().nullable() })),
    live_sessions_more: z.boolean(),
    sellers: z.array(ZOption),
    order_amount: ZBounds,
  }),
});
export type TSellerOrderFilters = z.infer<typeof ZSellerOrderFilters>;

// ---------------------------------------------------------------------------------------------
// GET orders/{id}

/** A database id: a positive whole number within the id range (beyond it no order exists). */
export const ZOrderIdParams = z.object({ id: zId() });

/** A refund recorded on a payment: amount (euros), the provider's refund id, when, by whom. */
export const ZOrderRefund = z.object({
  id: z.number(),
  payment_id: z.number(),
  amount: z.number(),
  external_id: z.string().nullable(),
  status: z.enum(['pending', 'refunded', 'failed']),
  created_at: z.string(),
  by: z.string().nullable(),
});
export type TOrderRefund = z.infer<typeof ZOrderRefund>;

/**
 * The whole order: the list row, the delivery address, every payment with its provider reference
 * and its refunds, the invoice, the status history, and where it came from (the live session and
 * the comment that opened the cart, when it came from a live).
 */
export const ZSellerOrderDetail = z.object({
  item: ZSellerOrder.extend({
    locale: z.enum(LOCALES),
    discount: z.number(),
    ship_to: ZShipTo,
    email: z.string().nullable(),
    payments: z.array(ZPaymentRow.extend({ refunds: z.array(ZOrderRefund) })),
    invoice: z
      .object({ number: z.string(), created_at: z.string(), total: z.number(), url: z.string() })
      .nullable(),
    live_session: z
      .object({ id: z.number(), title: z.string(), started_at: z.string().nullable() })
      .nullable(),
    comment: z
      .object({ id: z.number(), author: z.string().nullable(), text: z.string(), created_at: z.string() })
      .nullable(),
  }),
});
export type TSellerOrderDetail = z.infer<typeof ZSellerOrderDetail>;

// ---------------------------------------------------------------------------------------------
// POST orders/bulk-shipping, POST orders/bulk-cancel

/** Why a checked order was left as it was. */
export const BULK_REFUSALS = [
  'not_found',
  'not_payed',
  'already_shipped',
  'already_refunded',
  'not_refundable',
  'refund_refused',
  'refund_pending',
  'payment_in_progress',
] as const;
export type TBulkRefusalReason = (typeof BULK_REFUSALS)[number];

/** Each refusal in both languages; `{{provider}}` and `{{reason}}` quote a provider's refusal. */
export const BULK_REFUSAL_MESSAGES: Record<TBulkRefusalReason, { fr: string; en: string }> = {
  not_found: { fr: 'Commande introuvable', en: 'Order not found' },
  not_payed: {
    fr: 'Cette commande n’est pas payée',
    en: 'This order is not paid',
  },
  already_shipped: { fr: 'Cette commande est déjà expédiée', en: 'This order is already shipped' },
  already_refunded: {
    fr: 'Cette commande est déjà remboursée ou annulée',
    en: 'This order is already refunded or canceled',
  },
  not_refundable: {
    fr: 'Cette commande n’a aucun paiement à rembourser',
    en: 'This order has no payment to refund',
  },
  refund_refused: {
    fr: 'Le remboursement a été refusé par {{provider}} : {{reason}}',
    en: 'The refund was refused by {{provider}}: {{reason}}',
  },
  refund_pending: {
    fr: 'Un remboursement de cette commande est en cours : réessayez dans un instant',
    en: 'A refund of this order is under way: try again in a moment',
  },
  payment_in_progress: {
    fr: 'Le client est en train de payer ce panier : il ne peut pas être annulé avant la fin du paiement',
    en: 'The shopper is paying this cart: it cannot be canceled until the payment ends',
  },
};

/** The toasts of the bulk actions (SPEC §8), in both languages. */
export const BULK_MESSAGES = {
  shipped: { fr: 'Les produits ont été expédiés', en: 'Products has been shipped' },
  refunded: { fr: 'Les commandes ont été remboursées', en: 'Orders has been refund' },
} as const;

export const ZBulkRefusal = z.object({
  id: z.number(),
  order_number: z.string().nullable(),
  reason: z.enum(BULK_REFUSALS),
  /** The reason in the caller's language (a provider's refusal quotes the provider). */
  message: z.string(),
});
export type TBulkRefusal = z.infer<typeof ZBulkRefusal>;

/**
 * The answer of a bulk action: the orders changed, those refused with their reason, and the toast
 * ('Products has been shipped', 'Orders has been refund'), translated. None checked: 400
 * `select_item`.
 */
export const ZBulkActionResult = z.object({
  message: z.string(),
  done: z.array(z.object({ id: z.number(), order_number: z.string(), status: z.enum(ORDER_STATUSES) })),
  refused: z.array(ZBulkRefusal),
});
export type TBulkActionResult = z.infer<typeof ZBulkActionResult>;

/** A carrier and tracking number for one checked order (both optional, trimmed). */
export const ZShipmentInfo = z.object({
  id: zFilterId(),
  carrier: z.string().trim().max(60, fieldMessage('max_chars', 60)).optional(),
  tracking_number: z
    .string()
    .trim()
    .max(60, fieldMessage('max_chars', 60))
    .regex(/^[A-Za-z0-9 ._/-]*$/, 'invalid')
    .optional(),
});
export type TShipmentInfo = z.infer<typeof ZShipmentInfo>;

/**
 * POST orders/bulk-shipping: the checked ids (`data`, as every bulk call) and, for some of them, the
 * carrier and tracking number they leave with. Parses to `{ids, shipments}`.
 */
export const ZBulkShippingBody = z.preprocess(
  (v) => v ?? {},
  z
    .object({
      data: z.unknown().optional(),
      ids: z.unknown().optional(),
      shipments: z.array(ZShipmentInfo).max(1000, 'invalid').default([]),
    })
    .transform(withCheckedIds),
);
export type TBulkShippingBody = z.output<typeof ZBulkShippingBody>;

// ---------------------------------------------------------------------------------------------
// GET orders/export

/** The list's query and filters without paging: every matching order, one CSV row per line. */
export const ZOrderExportQuery = ZSellerOrderListQuery.omit({ limit: true, offset: true }).extend({
  locale: z.enum(LOCALES, { error: 'invalid' }).optional(),
});
export type TOrderExportQuery = z.output<typeof ZOrderExportQuery>;
