import { z } from 'zod';
import { LOCALES, ORDER_STATUSES } from './constants.ts';
import { ZOrderLine } from './lines.ts';
import { ZBounds, ZDayRange, ZRange, zFilterId, zListQuery, zListResponse } from './lists.ts';
import { fieldMessage, zId } from './validation.ts';

/*
 * The Payments screens (SPEC §2 Payments, Payment Settings; §3 Payment; §7 Payments) and the
 * order documents (§7 Orders single-download, bulk-download, create-order; invoices).
 * Amounts are euros with 2 decimals (integer cents in the database), times ISO strings.
 * Sellers see their own orders; admin sees every seller's (filter `seller_id`).
 */

/** The providers a seller connects and offers at checkout. */
export const PAYMENT_PROVIDERS = ['sandbox', 'mollie', 'stripe'] as const;
export type TPaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The kind of a payment that never goes to a provider: an order whose total is 0 (a 100 % live
 * discount and free shipping) is confirmed with a 0 € payment of this kind (method `free` too).
 */
export const FREE_PAYMENT = 'free';
/** What took a payment (`payments.provider`): one of the providers, or {@link FREE_PAYMENT}. */
export const PAYMENT_KINDS = [...PAYMENT_PROVIDERS, FREE_PAYMENT] as const;
export type TPaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_ROW_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'refunded'] as const;
export type TPaymentRowStatus = (typeof PAYMENT_ROW_STATUSES)[number];

/** The methods the sandbox provider offers (SPEC §1: debit card, PayPal, Bancontact). */
export const SANDBOX_METHOD_CODES = ['card', 'paypal', 'bancontact'] as const;

// ---------------------------------------------------------------------------------------------
// GET payments/fetch-items

/** Payments columns that sort (`total_amount` is SPEC's `order_amount`). */
export const PAYMENT_COLUMNS = ['created_at', 'paid_at', 'order_number', 'total_amount', 'shopper'] as const;

/**
 * Payments filters (SPEC §3 Payment). `status` is the order's status, `payed` when absent (SPEC §9:
 * the payments filter defaults to payed); `all` lifts it. `order_number`: part of it, any case.
 * `shipping_id` a shipping method, `country_id` the delivery country, `payment_id` one of the
 * seller's payment methods (fetch-filters `payments`), `total_amount` euros, `created_at` days in
 * Europe/Paris (both included), `seller_id` admin only (ignored for a seller).
 */
export const ZPaymentFilter = z.object({
  order_number: z.string().max(50, fieldMessage('max_chars', 50)).optional(),
  shipping_id: zFilterId().optional(),
  country_id: zFilterId().optional(),
  payment_id: zFilterId().optional(),
  status: z.enum([...ORDER_STATUSES, 'all'], { error: 'invalid' }).optional(),
  total_amount: ZRange.optional(),
  created_at: ZDayRange.optional(),
  seller_id: zFilterId().optional(),
});
export type TPaymentFilter = z.infer<typeof ZPaymentFilter>;

/** Newest first unless told; `query` searches the order number and the shopper's name and e-mail. */
export const ZPaymentListQuery = zListQuery({
  columns: PAYMENT_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZPaymentFilter,
});
export type TPaymentListQuery = z.output<typeof ZPaymentListQuery>;

/**
 * One row of the Payments table (columns order; date; shopper; amount; total), an order.
 * `amount` is what was paid (sum of its `paid` payment rows), `total_amount` the order's total;
 * `provider` / `payment_method` of its last payment (else the method chosen at checkout);
 * `invoice_url` an authenticated download (`GET /api/invoices/{order_number}.pdf`) once issued.
 */
export const ZPaymentListItem = z.object({
  id: z.number(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  buyer_id: z.number().nullable(),
  shopper: z.string().nullable(),
  shopper_email: z.string().nullable(),
  amount: z.number(),
  total_amount: z.number(),
  fee: z.number(),
  provider: z.enum(PAYMENT_KINDS).nullable(),
  payment_method: z.string().nullable(),
  shipping_name: z.string().nullable(),
  country_iso: z.string().nullable(),
  seller_id: z.number(),
  /** The seller's company name (else their name): shown to admin. */
  seller_name: z.string().nullable(),
  invoice_number: z.string().nullable(),
  invoice_url: z.string().nullable(),
});
export type TPaymentListItem = z.infer<typeof ZPaymentListItem>;

export const ZPaymentList = zListResponse(ZPaymentListItem);
export type TPaymentList = z.infer<typeof ZPaymentList>;

// ---------------------------------------------------------------------------------------------
// GET payments/fetch-item?orderNumber

export const ZPaymentItemQuery = z.object({
  orderNumber: z.string({ error: 'required' }).min(1, 'required').max(32, 'invalid'),
});

/**
 * Why a paid payment must be refunded, as it delivers nothing: its amount is not the one asked, it
 * does not cover the order's total, it came after the cart expired or was canceled and the articles
 * are gone, or the order was paid already by another payment.
 */
export const PAYMENT_REFUND_REASONS = [
  'amount_differs',
  'not_covering',
  'expired_out_of_stock',
  'canceled_out_of_stock',
  'paid_twice',
] as const;
export type TPaymentRefundReason = (typeof PAYMENT_REFUND_REASONS)[number];

/** A payment attempt at the provider (SPEC transaction detail). */
export const ZPaymentRow = z.object({
  id: z.number(),
  provider: z.enum(PAYMENT_KINDS),
  method: z.string().nullable(),
  /** The provider's payment id (`tr_…`, `cs_…`, `sbx_…`). */
  external_id: z.string().nullable(),
  amount: z.number(),
  fee: z.number(),
  status: z.enum(PAYMENT_ROW_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** Paid but delivering nothing: the seller must refund it (POST payments/{id}/refund), and why. */
  refund_due: z.enum(PAYMENT_REFUND_REASONS).nullable(),
});
export type TPaymentRow = z.infer<typeof ZPaymentRow>;

/** A line of the order as sold, without the product ids; `total` = price × quantity (euros). */
export const ZPaymentOrderLine = ZOrderLine.omit({ product_id: true, configuration_id: true }).extend({
  total: z.number(),
});
export type TPaymentOrderLine = z.infer<typeof ZPaymentOrderLine>;

// ---------------------------------------------------------------------------------------------
// POST payments/{id}/refund

export const ZRefundPaymentParams = z.object({ id: zId() });
/** The payment refunded, and the toast. */
export const ZRefundPaymentResult = z.object({ message: z.string(), item: ZPaymentRow });
export type TRefundPaymentResult = z.infer<typeof ZRefundPaymentResult>;

export const PAYMENT_REFUNDED = {
  fr: 'Le paiement a été remboursé',
  en: 'The payment has been refunded',
} as const;

/** The delivery address snapshot taken at checkout (all null before checkout). */
export const ZShipTo = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  post_code: z.string().nullable(),
  country_id: z.number().nullable(),
  country_iso: z.string().nullable(),
  country_name: z.string().nullable(),
});
export type TShipTo = z.infer<typeof ZShipTo>;

/** The transaction detail: the order row with its amounts, lines, address, payments and invoice. */
export const ZPaymentDetail = z.object({
  item: z.object({
    order: ZPaymentListItem.extend({
      subtotal: z.number(),
      discount: z.number(),
      shipping: z.number(),
      locale: z.enum(LOCALES),
      ship_to: ZShipTo,
    }),
    lines: z.array(ZPaymentOrderLine),
    payments: z.array(ZPaymentRow),
    invoice: z
      .object({ number: z.string(), created_at: z.string(), total: z.number(), url: z.string() })
      .nullable(),
  }),
});
export type TPaymentDetail = z.infer<typeof ZPaymentDetail>;

// ---------------------------------------------------------------------------------------------
// GET payments/fetch-filters

export const ZOption = z.object({ id: z.number(), name: z.string() });

/** A payment method to filter on: its `provider` and `method` codes, which the screen names. */
export const ZPaymentMethodOption = ZOption.extend({ provider: z.string(), method: z.string() });

/**
 * Filter data: order `statuses`, `shippings` (methods), `countries` (in the caller's language),
 * `payments` (the seller's payment methods: `Mollie · card`, with their codes), `sellers` (admin
 * only, else empty), and the bounds of the orders' totals (euros).
 */
export const ZPaymentFilters = z.object({
  items: z.object({
    statuses: z.array(z.enum(ORDER_STATUSES)),
    shippings: z.array(ZOption),
    countries: z.array(ZOption),
    payments: z.array(ZPaymentMethodOption),
    sellers: z.array(ZOption),
    total_amount: ZBounds,
  }),
});
export type TPaymentFilters = z.infer<typeof ZPaymentFilters>;

// ---------------------------------------------------------------------------------------------
// GET payments/fetch-methods, PATCH payments/change-methods-statuses

/**
 * How a method's provider account stands: `sandbox` (no credentials needed), `valid` (credentials
 * stored and checked when saved), `missing` (the provider was disconnected: cannot be turned on).
 */
export const CREDENTIAL_STATES = ['sandbox', 'valid', 'missing'] as const;

/**
 * A payment method the seller offers at checkout. `credentials` is masked (`test_••••••••AbCd`,
 * `acct_••••••••1234`), never the secret; null for the sandbox. `can_activate`: false when its
 * provider has no credentials (turning it on answers `payment_credentials_missing`).
 */
export const ZPaymentMethod = z.object({
  id: z.number(),
  provider: z.enum(PAYMENT_PROVIDERS),
  method: z.string(),
  status: z.boolean(),
  account_label: z.string().nullable(),
  credentials: z.string().nullable(),
  credentials_state: z.enum(CREDENTIAL_STATES),
  can_activate: z.boolean(),
  updated_at: z.string(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/** Provider first (sandbox, mollie, stripe), then method. */
export const ZPaymentMethods = z.object({ items: z.array(ZPaymentMethod) });
export type TPaymentMethods = z.infer<typeof ZPaymentMethods>;

/** `status` as a boolean, 1/0 or 'true'/'false'. */
const zOnOff = z.union(
  [
    z.boolean(),
    z.literal(1),
    z.literal(0),
    z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
  ],
  { error: 'invalid' },
);

/** The switched methods; ids of other sellers answer 404 and nothing changes. */
export const ZChangeMethodsBody = z.object({
  items: z
    .array(
      z.object({
        id: zId(),
        status: zOnOff.transform(Boolean),
      }),
      {
        error: 'required',
      },
    )
    .min(1, 'required')
    .max(100, 'invalid'),
});
export type TChangeMethodsBody = z.input<typeof ZChangeMethodsBody>;

/** `message`: 'Payment methods saved' (translated); `methods` the seller's methods after the change. */
export const ZChangeMethodsResponse = z.object({ message: z.string(), methods: z.array(ZPaymentMethod) });
export type TChangeMethodsResponse = z.infer<typeof ZChangeMethodsResponse>;

// ---------------------------------------------------------------------------------------------
// Payment Settings (/payment-setting): GET payments/settings, per-provider connect/disconnect

/**
 * Where each provider stands for the seller. `stripe.available` is false when the server has no
 * Stripe Connect configuration (the connect button is then hidden); `sandbox.available` is false
 * in production, where a sandbox payment (no money moves) never pays an order.
 */
export const ZPaymentSettings = z.object({
  sandbox: z.object({ enabled: z.boolean(), available: z.boolean() }),
  mollie: z.object({
    connected: z.boolean(),
    credentials: z.string().nullable(),
    account_label: z.string().nullable(),
  }),
  stripe: z.object({
    available: z.boolean(),
    connected: z.boolean(),
    credentials: z.string().nullable(),
    account_label: z.string().nullable(),
  }),
  methods: z.array(ZPaymentMethod),
});
export type TPaymentSettings = z.infer<typeof ZPaymentSettings>;

/**
 * POST payments/settings/mollie: the key is checked with a call to Mollie before anything is
 * saved (bad key: 422 `payment_credentials_invalid` with Mollie's message).
 */
export const ZMollieKeyBody = z.object({
  apiKey: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(255, fieldMessage('max_chars', 255))
    .regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'invalid'),
});
export type TMollieKeyBody = z.input<typeof ZMollieKeyBody>;

/** Answer of every settings change: `message` 'Payment methods saved' and the new state. */
export const ZPaymentSettingsResponse = ZPaymentSettings.extend({ message: z.string() });
export type TPaymentSettingsResponse = z.infer<typeof ZPaymentSettingsResponse>;

/** GET payments/settings/stripe/connect: the Stripe OAuth page to open (state signed, 30 minutes). */
export const ZStripeConnectResponse = z.object({ url: z.string() });

/**
 * GET payments/settings/stripe/callback?code&state (Stripe sends the browser back here): redirects
 * to `/payment-setting?stripe=connected` (`/en/payment-setting…` in English), or
 * `?stripe=error&error=<code>` (a code of errors.ts) when refused; nothing is saved then.
 */
export const ZStripeCallbackQuery = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(1000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

// ---------------------------------------------------------------------------------------------
// Order documents (SPEC §7 Orders)

/** POST orders/single-download. */
export const ZSingleDownloadBody = z.object({
  orderNumber: z.string({ error: 'required' }).min(1, 'required').max(32, 'invalid'),
  locale: z.enum(LOCALES, { error: 'invalid' }).optional(),
});

/**
 * `fileDownload`: the PDF, base64: the invoice once issued (paid orders), else the order summary
 * ("Bon de commande / Order summary") of an unpaid order. `fileName` e.g. `F-2026-000001.pdf` or
 * `commande-LC….pdf` / `order-LC….pdf`.
 */
export const ZSingleDownloadResponse = z.object({
  fileDownload: z.string(),
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
});
export type TSingleDownloadResponse = z.infer<typeof ZSingleDownloadResponse>;

/**
 * POST orders/bulk-download?locale, body `{data}` (JSON of checked ids, as every bulk action) or
 * `{ids}`. Only orders in status new are downloaded (SPEC §4), as order summaries; with
 * `type=invoices`, the invoices of checked paid orders instead. None → 400
 * `select_order_download` 'Please select an order to be downloaded'. `achive` (SPEC's name) is the
 * zip, base64, holding one PDF per order; `message` 'Orders has been downloaded'.
 */
export const ZBulkDownloadQuery = z.object({
  locale: z.enum(LOCALES, { error: 'invalid' }).optional(),
  /**
   * `orders` (default): order summaries of the checked orders in status new (SPEC §4). `invoices`
   * (the Payments screen's bulk download): the invoices of the checked orders that have one.
   */
  type: z.enum(['orders', 'invoices'], { error: 'invalid' }).optional(),
});

export const ZBulkDownloadResponse = z.object({
  achive: z.string(),
  fileName: z.string(),
  count: z.number(),
  message: z.string(),
});
export type TBulkDownloadResponse = z.infer<typeof ZBulkDownloadResponse>;

/**
 * GET create-order/{a}/{b}/{c}: `a` the seller's id, `b` the order number, `c` the locale
 * (fr|en). The order's document as single-download gives it; the seller id must be the order's
 * (else 404). Callable by the order's seller, its shopper, and admin.
 */
export const ZCreateOrderParams = z.object({
  a: zId(),
  b: z.string().min(1, 'required').max(32, 'invalid'),
  c: z.enum(LOCALES, { error: 'invalid' }),
});
export const ZCreateOrderResponse = z.object({ fileName: z.string(), filebase64: z.string() });
export type TCreateOrderResponse = z.infer<typeof ZCreateOrderResponse>;

/** The authenticated invoice address (GET, answers application/pdf; 404 unless issued and yours). */
export const invoiceUrl = (orderNumber: string) => `/api/invoices/${encodeURIComponent(orderNumber)}.pdf`;
