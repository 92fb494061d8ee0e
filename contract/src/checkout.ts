import { z } from 'zod';
import { ZAddressPlace } from './address.ts';
import { LOCALES, MAX_ID, ORDER_STATUSES } from './constants.ts';
import { ZOrderLine } from './lines.ts';
import { zEmail, zName, zPhone } from './validation.ts';

/*
 * The shopper's checkout and the payment confirmation (issue 5; SPEC §2 checkout route, §3
 * Checkout response, Payment, Address, §5, §7 Checkout and Orders calls, §8).
 *
 * Access: every call that names an order takes the link's access token `t` (the `t` of
 * `/checkout/{orderNumber}?storeName=…&t=…`) unless the caller is the signed-in shopper who owns
 * the order. Anything else answers 404 `not_found`, the same as a missing order.
 *
 * Amounts are euros (numbers with at most 2 decimals; integer cents in the database), times ISO
 * strings. Errors are the usual `{error, message, fields?}` body (contract/errors.ts).
 */

export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'mollie', 'stripe'] as const;
export type TPaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];
export const PAYMENT_STATUS_VALUES = ['open', 'pending', 'paid', 'failed', 'canceled', 'refunded'] as const;
export type TPaymentStatusValue = (typeof PAYMENT_STATUS_VALUES)[number];
export const LEGAL_DOCUMENT_TYPES = ['terms', 'privacy', 'delivery', 'return'] as const;
export type TLegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

const zToken = () => z.string().max(200).optional();
const zRequiredId = () =>
  z.coerce.number({ error: 'required' }).int('invalid').positive('invalid').max(MAX_ID, 'invalid');
const zOrderNumber = () => z.string({ error: 'required' }).trim().min(1, 'required').max(32, 'invalid');
const zLocale = () => z.enum(LOCALES).catch('fr');

// ---------------------------------------------------------------------------------------------
// GET /api/checkout?orderNumber&t

export const ZCheckoutQuery = z.object({ orderNumber: zOrderNumber(), t: zToken() });
export type TCheckoutQuery = z.input<typeof ZCheckoutQuery>;

/** A line of the order as sold: `unit_price` and `line_total` in euros, `photo` an address or null. */
export const ZCheckoutLine = ZOrderLine.pick({
  id: true,
  product_id: true,
  name: true,
  color_label: true,
  size_label: true,
  photo: true,
  quantity: true,
}).extend({ unit_price: z.number(), line_total: z.number() });
export type TCheckoutLine = z.infer<typeof ZCheckoutLine>;

/** One of the seller's legal texts: an uploaded file's address or a link (settings doctype). */
export const ZLegalDocument = z.object({ type: z.enum(LEGAL_DOCUMENT_TYPES), url: z.string() });
export type TLegalDocument = z.infer<typeof ZLegalDocument>;

/**
 * A payment method the seller offers (`payment_methods.status` on). `code` is what
 * `POST checkout` takes as `payment_method` (`{provider}:{method}`, e.g. `sandbox:card`).
 */
export const ZCheckoutPaymentMethod = z.object({
  code: z.string(),
  provider: z.enum(PAYMENT_PROVIDER_NAMES),
  method: z.string(),
});
export type TCheckoutPaymentMethod = z.infer<typeof ZCheckoutPaymentMethod>;

/**
 * The order at checkout. `status` new is payable; `expired` means its items went back to stock
 * (the page shows it); `payed` means done. `expires_at` null: no countdown (or paid).
 * `serverTime` lets the page correct its clock before counting down. `shipping` and
 * `total_amount` are those of the order's current shipping method and country (0 shipping
 * before one is chosen); the page recomputes nothing itself, it shows the figures of
 * `fetch-shipping-methods` for the chosen method.
 */
export const ZCheckoutOrder = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  serverTime: z.string(),
  paid_at: z.string().nullable(),
  locale: z.enum(LOCALES),
  seller: z.object({ id: z.number(), store_name: z.string() }),
  items: z.array(ZCheckoutLine),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total_amount: z.number(),
  shipping_method_id: z.number().nullable(),
  /** The carrier chosen at checkout, as named then. */
  shipping_method_name: z.string().nullable(),
  country_id: z.number().nullable(),
  payment_method: z.string().nullable(),
  /**
   * The invoice of a paid order once issued (the outbox issues it a moment after the payment):
   * its number and the address of its PDF for this viewer (with the link's token `t` when the
   * viewer came with it). Null before.
   */
  invoice: z.object({ number: z.string(), url: z.string() }).nullable(),
  legalDocuments: z.array(ZLegalDocument),
  paymentMethods: z.array(ZCheckoutPaymentMethod),
  /** Whether the viewer is signed in as the order's shopper (else they came with the link). */
  signedIn: z.boolean(),
});
export type TCheckoutOrder = z.infer<typeof ZCheckoutOrder>;

/**
 * The address to prefill: the one snapshot on this order (a previous attempt), else the signed-in
 * shopper's saved address and name; null when there is nothing. Fields are those of the form.
 */
export const ZCheckoutAddress = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country_id: z.number().nullable(),
  state: z.string().nullable(),
  post_code: z.string().nullable(),
  city: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
});
export type TCheckoutAddress = z.infer<typeof ZCheckoutAddress>;

/**
 * A shipping method to the chosen country with its price for this order (euros, after the
 * free-shipping rules): `base_price` the seller's price for the country, `price` what this order
 * pays, `free_reason` why it is 0 (`threshold`: order at or above the seller's threshold;
 * `window`: the shopper already paid shipping in the active free-shipping window).
 * `order_total` is the order's total with this method (subtotal − discount + price), the amount
 * `POST checkout` will ask: 0 means the order is free with it — confirmed with no payment method
 * and no payment provider ({@link isFreeTotal}).
 */
export const ZCheckoutShippingMethod = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  country_id: z.number(),
  base_price: z.number(),
  price: z.number(),
  free_reason: z.enum(['threshold', 'window']).nullable(),
  order_total: z.number(),
});
export type TCheckoutShippingMethod = z.infer<typeof ZCheckoutShippingMethod>;

/** An order whose total is 0 costs nothing: it is confirmed without a payment (docs/decisions.md). */
export const isFreeTotal = (total: number) => total === 0;

/** A product this viewer waits for at this seller (waiting list rows in status waiting). */
export const ZProductWaiting = z.object({
  id: z.number(),
  product_id: z.number(),
  configuration_id: z.number(),
  name: z.string(),
  color_label: z.string().nullable(),
  size_label: z.string().nullable(),
  photo: z.string().nullable(),
  quantity: z.number(),
  price: z.number(),
});
export type TProductWaiting = z.infer<typeof ZProductWaiting>;

/**
 * `shippingMethods` are for `address.country_id` (empty when no country is known yet: call
 * `fetch-shipping-methods` when the shopper picks one).
 */
export const ZCheckoutResponse = z.object({
  order: ZCheckoutOrder,
  address: ZCheckoutAddress.nullable(),
  shippingMethods: z.array(ZCheckoutShippingMethod),
  orderItemsWait: z.object({ productsWaiting: z.array(ZProductWaiting) }),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

// ---------------------------------------------------------------------------------------------
// GET /api/checkout/fetch-shipping-methods?orderId&countryId&t

export const ZFetchShippingQuery = z.object({
  orderId: zRequiredId(),
  countryId: zRequiredId(),
  t: zToken(),
});
export type TFetchShippingQuery = z.input<typeof ZFetchShippingQuery>;
export const ZFetchShippingResponse = z.object({ shippingMethods: z.array(ZCheckoutShippingMethod) });
export type TFetchShippingResponse = z.infer<typeof ZFetchShippingResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/checkout?locale

export const ZLocaleQuery = z.object({ locale: zLocale().optional() });
export type TLocaleQuery = z.input<typeof ZLocaleQuery>;

/** The delivery address of SPEC §5: name, e-mail and phone, then the place as the profile has it. */
export const ZCheckoutAddressBody = z.object({
  first_name: zName(),
  last_name: zName(),
  email: zEmail(),
  phone: zPhone(),
  ...ZAddressPlace.shape,
});
export type TCheckoutAddressBody = z.input<typeof ZCheckoutAddressBody>;

/**
 * The checkout form. Field errors come back as `fields` keyed `address.city`, `shipping_method_id`,
 * `payment_method`, `accept_terms` (code `terms`). `accept_terms` false answers error
 * `terms_required` ('Terms and conditions must be accepted') with `fields.accept_terms`.
 */
export const ZCheckoutBody = z.object({
  orderNumber: zOrderNumber(),
  address: ZCheckoutAddressBody,
  shipping_method_id: zRequiredId(),
  /**
   * A `code` of `order.paymentMethods`. Optional only when the order's total with the chosen
   * shipping method is 0 (a free order: a method given then is ignored); any other total without
   * it answers 400 `validation` with `fields.payment_method` `required`.
   */
  payment_method: z.string().min(1, 'required').max(60, 'invalid').optional(),
  accept_terms: z.boolean({ error: 'terms' }),
  t: zToken(),
});
export type TCheckoutBody = z.input<typeof ZCheckoutBody>;

/**
 * Where to send the browser: the provider's hosted payment page; for a free order (total 0,
 * confirmed at once without a provider) the order's checkout page, which is then its
 * confirmation — a second submit of that order answers the same. `null` when the payment
 * provider failed (the answer then also carries `error` `payment_provider_error` and `message`,
 * status 200 so the page shows the message and lets the shopper retry). Validation and state
 * problems (terms, address, expired cart, unavailable shipping or payment method) answer 4xx.
 */
export const ZCheckoutResult = z.object({
  redirectUrl: z.string().nullable(),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type TCheckoutResult = z.infer<typeof ZCheckoutResult>;

// ---------------------------------------------------------------------------------------------
// Return from the provider: /checkout/{orderNumber}?storeName=…&t=…&hash=…&type={provider}
// POST /api/checkout/confirm?locale {hash, type}

/** `hash` and `type` are read from the return URL as they are. */
export const ZConfirmBody = z.object({
  hash: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalid'),
  type: z.enum(PAYMENT_PROVIDER_NAMES, { error: 'invalid' }),
});
export type TConfirmBody = z.input<typeof ZConfirmBody>;

/**
 * The payment's status read back from the provider (`paid`: the order is payed); `null` when the
 * hash is unknown or the provider cannot be reached. `orderStatus` is the order's status after it.
 */
export const ZConfirmResult = z.object({
  paymentStatus: z.enum(PAYMENT_STATUS_VALUES).nullable(),
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
  orderNumber: z.string().nullable(),
});
export type TConfirmResult = z.infer<typeof ZConfirmResult>;

// ---------------------------------------------------------------------------------------------
// Sandbox provider page /sandbox/pay/{paymentId}

export const ZSandboxParams = z.object({ paymentId: zRequiredId() });
/** `k`: the pay page's secret, from the provider's redirect URL (`/sandbox/pay/{id}?k=…`). */
export const ZSandboxQuery = z.object({ k: z.string().max(100).optional() });
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'canceled'] as const;
export const ZSandboxSettleBody = z.object({ outcome: z.enum(SANDBOX_OUTCOMES, { error: 'invalid' }) });
export type TSandboxSettleBody = z.input<typeof ZSandboxSettleBody>;

export const ZSandboxPayment = z.object({
  id: z.number(),
  amount: z.number(),
  currency: z.string(),
  merchant: z.string(),
  order_number: z.string(),
  method: z.string().nullable(),
  status: z.enum(PAYMENT_STATUS_VALUES),
  /** Back to the checkout (with hash and type) when the payment is already settled. */
  returnUrl: z.string(),
});
export type TSandboxPayment = z.infer<typeof ZSandboxPayment>;
/** Where the sandbox page sends the browser after settling: the checkout with hash and type. */
export const ZSandboxSettleResult = z.object({
  redirectUrl: z.string(),
  status: z.enum(PAYMENT_STATUS_VALUES),
});
export type TSandboxSettleResult = z.infer<typeof ZSandboxSettleResult>;

// ---------------------------------------------------------------------------------------------
// Orders calls of the checkout (SPEC §7 Orders)

/** GET orders/fetch-total-amount?orderNumber&t → `{total_amount}` (euros). */
export const ZOrderNumberQuery = z.object({ orderNumber: zOrderNumber(), t: zToken() });
export type TOrderNumberQuery = z.input<typeof ZOrderNumberQuery>;
export const ZTotalAmountResult = z.object({ total_amount: z.number() });
export type TTotalAmountResult = z.infer<typeof ZTotalAmountResult>;

/** GET orders/check-order-by-number?orderNumber&t → `{exist_order}` (false when not visible to the caller). */
export const ZExistOrderResult = z.object({ exist_order: z.boolean() });
export type TExistOrderResult = z.infer<typeof ZExistOrderResult>;

/**
 * GET orders/insert-status?orderId&status&locale&t: `status` is ignored for the outcome — the
 * payment's status is read back from the provider. Not paid → error `payment_not_confirmed`
 * ('Status of payment not confirmed', 400).
 */
export const ZInsertStatusQuery = z.object({
  orderId: zRequiredId(),
  status: z.string().max(30).optional(),
  locale: zLocale().optional(),
  t: zToken(),
});
export type TInsertStatusQuery = z.input<typeof ZInsertStatusQuery>;
export const ZInsertStatusResult = z.object({
  success: z.literal(true),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUS_VALUES),
});
export type TInsertStatusResult = z.infer<typeof ZInsertStatusResult>;

/**
 * GET orders/connect-bycomment?commentId&t&userFbEmail (signed in; `user` of SPEC is the session).
 * Links the social identity that wrote the comment to the signed-in account. Proof needed: `t`,
 * the checkout-link token of one of that identity's orders (a comment id alone is public on the
 * platform); without it (or wrong) 404, unless the identity is already linked to this account.
 * An identity linked to another account answers 404.
 */
export const ZConnectByCommentQuery = z.object({
  commentId: z.string({ error: 'required' }).min(1, 'required').max(128, 'invalid'),
  t: zToken(),
  userFbEmail: z.string().max(255).optional(),
  user: z.string().max(255).optional(),
});
export type TConnectByCommentQuery = z.input<typeof ZConnectByCommentQuery>;
/** Orders and waiting rows now on the account, and the open order to check out if any. */
export const ZConnectByCommentResult = z.object({
  success: z.literal(true),
  orders: z.number(),
  waiting: z.number(),
  orderNumber: z.string().nullable(),
  storeName: z.string().nullable(),
});
export type TConnectByCommentResult = z.infer<typeof ZConnectByCommentResult>;

export const ZCommentQuery = z.object({
  commentId: z.string({ error: 'required' }).min(1, 'required').max(128, 'invalid'),
});
export type TCommentQuery = z.input<typeof ZCommentQuery>;
/** find-order-by-comment: the order that comment's shopper should pay (their open cart first). */
export const ZOrderByCommentResult = z.object({ storeName: z.string(), orderNumber: z.string() });
export type TOrderByCommentResult = z.infer<typeof ZOrderByCommentResult>;
/** find-wait-order-by-comment: the waiting row the comment created and the open cart at that seller. */
export const ZWaitOrderByCommentResult = z.object({
  storeName: z.string(),
  orderNumber: z.string().nullable(),
  productsWaiting: z.array(ZProductWaiting),
});
export type TWaitOrderByCommentResult = z.infer<typeof ZWaitOrderByCommentResult>;

/** GET orders/find-order-by-db-id?orderId → the order's number, store and status. */
export const ZOrderIdQuery = z.object({ orderId: zRequiredId() });
export const ZOrderByIdResult = z.object({
  id: z.number(),
  orderNumber: z.string(),
  storeName: z.string(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
});
export type TOrderByIdResult = z.infer<typeof ZOrderByIdResult>;

// ---------------------------------------------------------------------------------------------
// POST /api/checkout/link {orderNumber, t} (signed-in shopper)

/**
 * Links the order of a checkout link to the signed-in shopper (the link carries no comment id;
 * its token `t` is the proof). The order's social identity joins the account with all its orders
 * and waiting rows (later carts of that identity too); an order without one gets the shopper as
 * buyer. `linked` false: the order was already the shopper's. 404 when the token is wrong or the
 * order (or identity) belongs to another account.
 */
export const ZCheckoutLinkBody = z.object({ orderNumber: zOrderNumber(), t: zToken() });
export type TCheckoutLinkBody = z.input<typeof ZCheckoutLinkBody>;
export const ZCheckoutLinkResult = z.object({
  success: z.literal(true),
  linked: z.boolean(),
  orders: z.number(),
  waiting: z.number(),
  orderNumber: z.string(),
});
export type TCheckoutLinkResult = z.infer<typeof ZCheckoutLinkResult>;
