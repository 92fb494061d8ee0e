import { z } from 'zod';
import { LIVE_SESSION_STATUSES } from './constants.ts';
import { zId } from './validation.ts';

/*
 * The report of one live session, after (or during) the live. Every figure is read from the
 * same rows as the orders lists (orders, order_items, live_comments): amounts in euros, counted
 * the way the dashboard counts them (an empty open cart is no cart; paid means payed or shipped).
 */

/** The comments of the live by what they did. `other`: chatbot answers, ignored, refused, errors. */
export const ZLiveReportComments = z.object({
  total: z.number(),
  /** Distinct commenters (platform viewer ids). */
  viewers: z.number(),
  ordered: z.number(),
  waited: z.number(),
  unmatched: z.number(),
  other: z.number(),
});

/**
 * The carts the live opened: `opened` every cart with an article (any status), `paid` payed or
 * shipped, `unpaid` still open (status new), `expired`, `canceled`. `conversion` is paid ÷ opened
 * (0..1, 0 without carts); `revenue` the paid carts' totals in euros (shipping included, as the
 * orders list shows them); `refunded` the totals of paid carts refunded since.
 */
export const ZLiveReportCarts = z.object({
  opened: z.number(),
  paid: z.number(),
  unpaid: z.number(),
  expired: z.number(),
  canceled: z.number(),
  conversion: z.number(),
  revenue: z.number(),
  unpaid_amount: z.number(),
  refunded: z.number(),
});

/**
 * A product or a variant of the live: `quantity` articles put in carts (any status), `paid_quantity`
 * those of paid carts and `revenue` their lines' amount in euros (before shipping and discounts).
 * Colour and size in the reader's language.
 */
export const ZLiveReportProduct = z.object({
  key: z.string(),
  product_id: z.number().nullable(),
  configuration_id: z.number().nullable(),
  name: z.string(),
  color_label: z.string().nullable(),
  size_label: z.string().nullable(),
  quantity: z.number(),
  paid_quantity: z.number(),
  revenue: z.number(),
});
export type TLiveReportProduct = z.infer<typeof ZLiveReportProduct>;

/**
 * An unpaid cart (status new): its shopper, whether they have an e-mail to remind them at, and
 * when they were last reminded (at most once an hour).
 */
export const ZLiveReportUnpaidCart = z.object({
  id: z.number(),
  order_number: z.string(),
  shopper: z.string().nullable(),
  has_email: z.boolean(),
  articles: z.number(),
  total_amount: z.number(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  reminded_at: z.string().nullable(),
});
export type TLiveReportUnpaidCart = z.infer<typeof ZLiveReportUnpaidCart>;

/** One minute of the live (ISO start of the minute): comments, carts opened, carts paid, revenue. */
export const ZLiveReportMinute = z.object({
  minute: z.string(),
  comments: z.number(),
  carts: z.number(),
  paid: z.number(),
  revenue: z.number(),
});
export type TLiveReportMinute = z.infer<typeof ZLiveReportMinute>;

/** GET livesession/{id}/report. */
export const ZLiveReport = z.object({
  session: z.object({
    id: z.number(),
    status: z.enum(LIVE_SESSION_STATUSES),
    event_date: z.string(),
    event_time: z.string(),
    started_at: z.string().nullable(),
    stopped_at: z.string().nullable(),
  }),
  comments: ZLiveReportComments,
  carts: ZLiveReportCarts,
  products: z.array(ZLiveReportProduct),
  variants: z.array(ZLiveReportProduct),
  unpaid: z.array(ZLiveReportUnpaidCart),
  timeline: z.array(ZLiveReportMinute),
});
export type TLiveReport = z.infer<typeof ZLiveReport>;

/** How many products and variants the report ranks. */
export const LIVE_REPORT_TOP = 10;

/** How long after a reminder the same cart may be reminded again. */
export const REMINDER_INTERVAL_MINUTES = 60;

/** POST livesession/{id}/report/remind: the unpaid carts to remind (1 to 500 order ids). */
export const ZLiveReportRemindBody = z.object({
  ids: z.array(zId()).min(1, 'select_one').max(500),
});
export type TLiveReportRemindBody = z.infer<typeof ZLiveReportRemindBody>;

/**
 * Why a cart got no reminder: not an unpaid cart of this live, no e-mail for its shopper, or
 * reminded less than an hour ago.
 */
export const REMINDER_SKIP_REASONS = ['not_unpaid', 'no_email', 'recently_reminded'] as const;
export type TReminderSkipReason = (typeof REMINDER_SKIP_REASONS)[number];

/** What the reminder did: the carts reminded, the e-mails queued (one per shopper), the skipped ones. */
export const ZLiveReportRemindResult = z.object({
  reminded: z.array(z.number()),
  emails: z.number(),
  skipped: z.array(z.object({ id: z.number(), reason: z.enum(REMINDER_SKIP_REASONS) })),
});
export type TLiveReportRemindResult = z.infer<typeof ZLiveReportRemindResult>;
