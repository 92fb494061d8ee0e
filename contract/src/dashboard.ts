import { z } from 'zod';
import { DASHBOARD_PAGE_SIZE, ORDER_STATUSES, PAGE_SIZES } from './constants.ts';
import { ZDayRange, zFilterId, zListQuery, zListResponse } from './lists.ts';

/** Dashboard filter: orders created from / to these Europe/Paris days; `seller_id` for the admin only. */
export const ZDashboardFilter = ZDayRange.extend({ seller_id: zFilterId().optional() });
export type TDashboardFilter = z.infer<typeof ZDashboardFilter>;

/** GET dashboard/fetch-items: pages of 5 by default (SPEC §9), newest orders first. */
export const ZDashboardQuery = zListQuery({
  columns: ['created_at'] as const,
  defaultColumn: 'created_at',
  filter: ZDashboardFilter,
  pageSizes: [DASHBOARD_PAGE_SIZE, ...PAGE_SIZES],
  defaultLimit: DASHBOARD_PAGE_SIZE,
});
export type TDashboardQuery = z.output<typeof ZDashboardQuery>;

/** A latest order. Amount in euros. */
export const ZDashboardOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  created_at: z.string(),
  buyer_name: z.string().nullable(),
  /** The seller's company (or name): for the admin and the shopper. */
  seller_name: z.string().nullable(),
});
export type TDashboardOrder = z.infer<typeof ZDashboardOrder>;

/**
 * A top shopper. `id` is their account, null for a commenter who has not signed in yet;
 * `key` tells shoppers apart in both cases (`u12`, `s7`).
 */
export const ZDashboardBuyer = z.object({
  id: z.number().nullable(),
  key: z.string(),
  name: z.string().nullable(),
  orders_count: z.number(),
  /** Paid and shipped orders, in euros. */
  total_spent: z.number(),
});
export type TDashboardBuyer = z.infer<typeof ZDashboardBuyer>;

/**
 * A seller's (or, across sellers, the admin's) dashboard. Amounts in euros: `total_amount` paid and
 * shipped orders, `total_refund` canceled orders that had been paid, `total_shipping` the shipping
 * of paid and shipped orders; `total_pending` the number of open carts (status new);
 * `total_buyers` distinct shoppers.
 */
export const ZSellerDashboard = z.object({
  totals: z.object({
    total_amount: z.number(),
    total_refund: z.number(),
    total_buyers: z.number(),
    total_pending: z.number(),
    total_shipping: z.number(),
  }),
  orders: zListResponse(ZDashboardOrder),
  buyers: zListResponse(ZDashboardBuyer),
});
export type TSellerDashboard = z.infer<typeof ZSellerDashboard>;

/** A shopper's dashboard: their orders and what they spent (paid and shipped, euros). */
export const ZBuyerDashboard = z.object({
  totals: z.object({ orders: z.number(), total_spent: z.number() }),
  orders: zListResponse(ZDashboardOrder),
});
export type TBuyerDashboard = z.infer<typeof ZBuyerDashboard>;

export const ZDashboard = z.union([ZSellerDashboard, ZBuyerDashboard]);
export type TDashboard = z.infer<typeof ZDashboard>;

/** GET dashboard/sales: the admin may narrow it to one seller (`seller_id`). */
export const ZDashboardSalesQuery = z.object({ seller_id: zFilterId().optional() });
export type TDashboardSalesQuery = z.infer<typeof ZDashboardSalesQuery>;

/** How many days and lives the sales chart shows. */
export const SALES_DAYS = 30;
export const SALES_LIVES = 10;

/** A Europe/Paris day (`YYYY-MM-DD`) of sales: orders paid that day and their totals in euros. */
export const ZSalesDay = z.object({ day: z.string(), paid: z.number(), revenue: z.number() });
export type TSalesDay = z.infer<typeof ZSalesDay>;

/** A live of sales: carts it opened, those paid and their totals in euros. */
export const ZSalesLive = z.object({
  session_id: z.number(),
  event_date: z.string(),
  event_time: z.string(),
  carts: z.number(),
  paid: z.number(),
  revenue: z.number(),
});
export type TSalesLive = z.infer<typeof ZSalesLive>;

/**
 * Sales per day (the last 30 Europe/Paris days, today included, oldest first, every day present)
 * and per live (the last 10 lives, oldest first), from the same orders as the totals: paid means
 * payed or shipped, counted on the day it was paid.
 */
export const ZDashboardSales = z.object({ days: z.array(ZSalesDay), lives: z.array(ZSalesLive) });
export type TDashboardSales = z.infer<typeof ZDashboardSales>;
