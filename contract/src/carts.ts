import { z } from 'zod';
import { MAX_ID, ORDER_STATUSES } from './constants.ts';
import { ZOrderLine } from './lines.ts';

/*
 * The seller's cart actions of the live engine (SPEC §7 Orders calls: expire, remove-item-order,
 * minus-item-order, run-wait-workflow, update-config-qty). Amounts are euros in the API.
 */

/** A form number: a number or a numeric string; empty and null mean absent. */
const toNumber = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const s = v.trim();
    return s === '' ? undefined : Number(s);
  }
  return v;
};

const numberError = (iss: { input?: unknown }) => (iss.input === undefined ? 'required' : 'numeric');

/** A required id: a positive whole number (query strings give it as text). */
const zRequiredId = () =>
  z.preprocess(
    toNumber,
    z.number({ error: numberError }).int('invalid').positive('invalid').max(MAX_ID, 'invalid'),
  );

/** Largest stock a configuration may be given here. */
export const MAX_CONFIG_QUANTITY = 999_999;

/** A stock quantity: required, a whole number from 0 to 999999. */
const zStock = () =>
  z.preprocess(
    toNumber,
    z
      .number({ error: numberError })
      .int('integer')
      .min(0, 'not_negative')
      .max(MAX_CONFIG_QUANTITY, 'invalid'),
  );

export const ZExpireQuery = z.object({ orderId: zRequiredId() });
export const ZOrderItemQuery = z.object({ orderItemId: zRequiredId() });

/** `expired`: the cart is now expired. */
export const ZExpireResult = z.object({ success: z.literal(true), status: z.enum(ORDER_STATUSES) });
export type TExpireResult = z.infer<typeof ZExpireResult>;

/** A line of a cart after a change: the line as sold, its unit price named `unit_price` (euros). */
export const ZCartLine = ZOrderLine.omit({ price: true }).extend({ unit_price: z.number() });
export type TCartLine = z.infer<typeof ZCartLine>;

/** A cart after a change: totals in euros, `expires_at` ISO or null (no countdown). */
export const ZCart = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  subtotal: z.number(),
  total_amount: z.number(),
  expires_at: z.string().nullable(),
  items: z.array(ZCartLine),
});
export type TCart = z.infer<typeof ZCart>;
export const ZCartResponse = z.object({ item: ZCart });
export type TCartResponse = z.infer<typeof ZCartResponse>;

export const ZRunWaitBody = z.object({
  sessionId: zRequiredId(),
  productConfigurationId: zRequiredId(),
});
export type TRunWaitBody = z.input<typeof ZRunWaitBody>;
/** How many waiting rows got the article. */
export const ZRunWaitResult = z.object({ served: z.number() });
export type TRunWaitResult = z.infer<typeof ZRunWaitResult>;

export const ZUpdateConfigQtyBody = z.object({
  productConfigurationId: zRequiredId(),
  quantity: zStock(),
});
export type TUpdateConfigQtyBody = z.input<typeof ZUpdateConfigQtyBody>;
/** The stock after the change and after serving the queue, and how many waiting rows were served. */
export const ZUpdateConfigQtyResult = z.object({
  item: z.object({ configuration_id: z.number(), quantity: z.number(), served: z.number() }),
});
export type TUpdateConfigQtyResult = z.infer<typeof ZUpdateConfigQtyResult>;
