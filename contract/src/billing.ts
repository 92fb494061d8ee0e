import { z } from 'zod';
import { LOCALES, SUBSCRIPTION_STATUSES } from './constants.ts';
import { zListQuery } from './lists.ts';
import { zPrice } from './products.ts';
import { ZCurrentUser } from './user.ts';
import { zEmail, zId, zName, zOptionalText, zPhone, zText } from './validation.ts';

/*
 * The platform's own billing (SPEC §1 plans, §3 Subscription and Payment plans, §4 Subscription
 * status and Seller access, §7 Profile/Plans): a seller pays a plan (monthly or yearly) plus a
 * percent of their month's sales. Amounts in these calls are euros; percents are percents
 * (5 = 5 %, two decimals at most). Prices exclude VAT; the platform's invoices add it.
 */

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type TBillingInterval = (typeof BILLING_INTERVALS)[number];

/** Days a seller keeps every tool after a renewal is declined, with a banner, before `plan_required`. */
export const BILLING_GRACE_DAYS = 7;

/** VAT on the platform's invoices, in basis points (20 % in France). */
export const PLATFORM_VAT_BP = 2000;

/** Features listed on a plan's card: at most this many per language, each at most 200 characters. */
export const MAX_PLAN_FEATURES = 12;

/** A percent of sales as a JSON number: 0 to 100, two decimals at most (a string is refused). */
export const zPercentValue = () =>
  z
    .number({ error: 'numeric' })
    .min(0, 'not_negative')
    .max(100, 'invalid')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'invalid');

/** A percent of sales: 0 to 100, two decimals at most; a numeric string is read as its number. */
export const zPercent = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    zPercentValue(),
  );

/** One plan of GET payment-plans. `price`/`yearly_price` null: on request (Platinum). */
export const ZPaymentPlan = z.object({
  id: z.number(),
  code: z.enum(['basic', 'business', 'platinum']),
  /** In the caller's language. */
  name: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  /** Monthly price in euros, excluding VAT. */
  price: z.number().nullable(),
  /** Yearly price in euros, excluding VAT; null: monthly only. */
  yearly_price: z.number().nullable(),
  /** Percent of sales; null: negotiated. */
  percent: z.number().nullable(),
  /** The intervals the plan can be taken for. */
  intervals: z.array(z.enum(BILLING_INTERVALS)),
  interval: z.enum(BILLING_INTERVALS),
  /** In the caller's language. */
  features: z.array(z.string()),
  features_fr: z.array(z.string()),
  features_en: z.array(z.string()),
  /** Monthly sales the plan suits, in euros (informational): below for Basic, above for the others. */
  sales_limit: z.number().nullable(),
  on_request: z.boolean(),
  active: z.boolean(),
});
export type TPaymentPlan = z.infer<typeof ZPaymentPlan>;

/** GET payment-plans (public): active plans by sort order; admin gets inactive ones too. */
export const ZPaymentPlansResponse = z.object({
  items: z.array(ZPaymentPlan),
  settings: z.object({
    trial_days: z.number(),
    grace_days: z.number(),
    vat_percent: z.number(),
    currency: z.literal('EUR'),
    /** The billing provider in use: `sandbox` (test cards, no money moves) or `stripe`. */
    provider: z.enum(['sandbox', 'stripe']),
  }),
});

/** POST payment-plans (admin): edit one plan. Applies to new subscriptions and at each renewal. */
export const ZPaymentPlanBody = z.strictObject({
  id: zId(),
  name_fr: zText(1, 100),
  name_en: zText(1, 100),
  price: zPrice().nullable(),
  yearly_price: zPrice().nullable(),
  percent: zPercent().nullable(),
  features_fr: z.array(zText(1, 200)).max(MAX_PLAN_FEATURES, 'max_items'),
  features_en: z.array(zText(1, 200)).max(MAX_PLAN_FEATURES, 'max_items'),
  active: z.boolean(),
});
export type TPaymentPlanBody = z.infer<typeof ZPaymentPlanBody>;

/** A price at the billing provider (GET payment-plans/provider). */
export const ZProviderPrice = z.object({
  id: z.string(),
  product_id: z.string(),
  plan_code: z.string().nullable(),
  interval: z.enum(BILLING_INTERVALS),
  amount: z.number(),
  currency: z.string(),
  active: z.boolean(),
  /** Whether it is the price new subscriptions of its plan and interval get. */
  current: z.boolean(),
});
export const ZProviderPricesResponse = z.object({ items: z.array(ZProviderPrice) });

/** POST payment-plans/sync (admin): every plan's prices made current at the provider. */
export const ZPlansSyncResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  items: z.array(ZProviderPrice),
});

/** GET get-plan-info?planId (admin). */
export const ZPlanInfoQuery = z.object({ planId: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZPlanInfoResponse = z.object({
  planInfo: z.object({
    plan: ZPaymentPlan,
    /** Subscriptions on this plan now, per status. */
    subscribers: z.record(z.enum(SUBSCRIPTION_STATUSES), z.number()),
    /** Subscriptions still at an older price until their next period. */
    at_older_price: z.number(),
    prices: z.array(ZProviderPrice),
  }),
});

/** The next charge of a subscription and its estimate (plan + percent of this month's paid sales so far). */
export const ZNextCharge = z.object({
  date: z.string(),
  plan_amount: z.number(),
  /** This month's counted sales so far (paid and shipped orders minus refunds). */
  sales_amount: z.number(),
  percent: z.number(),
  percent_amount: z.number(),
  vat_amount: z.number(),
  total: z.number(),
});
export type TNextCharge = z.infer<typeof ZNextCharge>;

/** A seller's subscription (GET profile/subscription and the subscription calls' answers). */
export const ZSubscription = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_code: z.string(),
  plan_name: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  /** The price of the current period in euros (kept until the next period when the plan changes). */
  price: z.number().nullable(),
  /** The percent of sales charged: the seller's own when the admin set one, else the plan's. */
  percent: z.number().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Whole days left in the trial or the period (Paris calendar days); null when over. */
  days_left: z.number().nullable(),
  trial_end: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** A plan taking over at the period's end (a downgrade). */
  pending_plan_id: z.number().nullable(),
  pending_plan_name: z.string().nullable(),
  /** A declined renewal: the tools stay until `grace_until`. */
  payment_failed_at: z.string().nullable(),
  grace_until: z.string().nullable(),
  has_payment_method: z.boolean(),
  next_charge: ZNextCharge.nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZSubscriptionResponse = z.object({ subscription: ZSubscription.nullable() });

/**
 * A payment-method registration started at the provider: the browser goes to `redirectUrl` (the
 * sandbox card page or the provider's hosted page), which returns to the app with
 * `?setup_intent={intentId}&setup_intent_client_secret={clientSecret}&redirect_status=…`.
 */
export const ZSetupStart = z.object({
  intentId: z.string(),
  clientSecret: z.string(),
  redirectUrl: z.string(),
});
export type TSetupStart = z.infer<typeof ZSetupStart>;

/** Where a registration returns to: My Plan, the dashboard after sign-up, or the pricing page. */
export const SETUP_RETURNS = ['plan', 'registration', 'pricing'] as const;

/** The sign-up form of the sign-up-with-plan flow (SPEC §4): a seller's invitation fields. */
export const ZSubscriptionUserData = z.strictObject({
  email: zEmail(),
  first_name: zName(),
  last_name: zName(),
  phone: zPhone(),
  company_name: zText(1, 150),
  tax_id: zText(1, 50),
  accept_terms: z.literal(true, { error: 'terms' }),
  locale: z.enum(LOCALES).optional(),
});

/**
 * POST subscription: a signed-in seller chooses a plan (during the trial the trial is kept and no
 * charge is made before it ends); signed out with `userData`, a seller account is created with
 * that plan (e-mail verification as for sign-up; the trial starts at activation).
 */
export const ZSubscribeBody = z.strictObject({
  planId: zId(),
  type: z.enum(BILLING_INTERVALS).default('month'),
  userData: ZSubscriptionUserData.optional(),
  /** Start with the free trial (always, while the seller has not had one). */
  forFree: z.boolean().optional(),
});
export type TSubscribeBody = z.infer<typeof ZSubscribeBody>;

/** POST after-skip-subscription, POST exist-user-subscription: `user` must be the caller's id. */
export const ZUserPlanBody = z.strictObject({
  user: zId(),
  planId: zId(),
  type: z.enum(BILLING_INTERVALS).default('month'),
});
export type TUserPlanBody = z.infer<typeof ZUserPlanBody>;

/** POST skip-exist-user-subscription(-new). */
export const ZSkipBody = z.strictObject({ locale: z.enum(LOCALES).optional() });

/**
 * The answer of the subscription calls: the current user (the client stores it and makes it
 * current when the status is trialing), the subscription, and a registration to complete when a
 * payment method is needed.
 */
export const ZSubscribeResponse = z.object({
  user: ZCurrentUser.nullable(),
  subscription: ZSubscription.nullable(),
  setup: ZSetupStart.nullable(),
  /** The sign-up-with-plan flow: the verification e-mail was sent. */
  message: z.string().optional(),
});
export type TSubscribeResponse = z.infer<typeof ZSubscribeResponse>;

/** POST create-payment-intent: a registration for the chosen plan (signed-in seller). */
export const ZCreatePaymentIntentBody = z.strictObject({
  items: z
    .array(z.strictObject({ planId: zId(), type: z.enum(BILLING_INTERVALS).default('month') }))
    .length(1, 'invalid'),
  returnTo: z.enum(SETUP_RETURNS).default('pricing'),
});

/** An intent id and its secret as the provider's return link carries them. */
const zIntentId = () =>
  z
    .string()
    .min(3)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, 'invalid');

/** POST check-payment-status?planId: the registration came back; the plan is started or kept in trial. */
export const ZCheckPaymentStatusBody = z.strictObject({
  paymentIntent: zIntentId(),
  paymentIntentSecret: z.string().min(10).max(255),
  planId: zId(),
  type: z.enum(BILLING_INTERVALS).default('month'),
});
export const ZCheckPaymentStatusResponse = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  user: ZCurrentUser,
  subscription: ZSubscription,
});

/** POST profile/update-subscription-plan?locale. Platinum answers `request: true` (msg_request). */
export const ZChangePlanBody = z.strictObject({ planId: zId(), type: z.enum(BILLING_INTERVALS).optional() });
export const ZChangePlanResponse = z.object({
  subscription: ZSubscription.nullable(),
  /** `now` (upgrade, or any change in the trial), `period_end` (downgrade), `request` (plan on request). */
  effective: z.enum(['now', 'period_end', 'request']),
  message: z.string(),
});

/** A saved payment method of the seller at the billing provider. */
export const ZBillingPaymentMethod = z.object({
  id: z.number(),
  kind: z.enum(['card', 'sepa_debit']),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().nullable(),
  exp_year: z.number().nullable(),
  is_default: z.boolean(),
  /** `expired`: a card past its expiry month. */
  status: z.enum(['active', 'expired']),
});
export type TBillingPaymentMethod = z.infer<typeof ZBillingPaymentMethod>;
export const ZBillingPaymentMethodsResponse = z.object({ items: z.array(ZBillingPaymentMethod) });

/** POST profile/add-payment-method: starts a registration. */
export const ZAddPaymentMethodBody = z.strictObject({ returnTo: z.enum(SETUP_RETURNS).default('plan') });
/** POST profile/add-payment-method-from-subscription | -after-registration: the registration came back. */
export const ZCompleteSetupBody = z.strictObject({
  setupIntent: zIntentId(),
  setupIntentSecret: z.string().min(10).max(255),
});
export const ZCompleteSetupResponse = z.object({
  items: z.array(ZBillingPaymentMethod),
  user: ZCurrentUser,
  message: z.string(),
});
/** POST profile/default-payment-method, POST profile/delete-payment-method. */
export const ZPaymentMethodIdBody = z.strictObject({ paymentId: zId() });

/** A month, `YYYY-MM`, from 2020 on. */
export const zMonth = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'date')
    .refine((m) => m >= '2020-01', 'date');

/** One of the platform's invoices to a seller (My Documents). */
export const ZPlatformInvoice = z.object({
  id: z.number(),
  number: z.string(),
  month: z.string(),
  plan_amount: z.number(),
  sales_amount: z.number(),
  percent: z.number(),
  percent_amount: z.number(),
  vat_amount: z.number(),
  total: z.number(),
  status: z.enum(['open', 'paid', 'failed']),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type TPlatformInvoice = z.infer<typeof ZPlatformInvoice>;

/** GET documents/fetch-items: the seller's platform invoices, newest first. */
export const ZDocumentsQuery = zListQuery({
  columns: ['created_at', 'month', 'total'] as const,
  defaultColumn: 'created_at',
  filter: z.strictObject({ month: zMonth().optional() }),
});
export const ZDocumentsResponse = z.object({ count: z.number(), items: z.array(ZPlatformInvoice) });

/** An order an invoice's percent was computed from. */
export const ZInvoiceOrder = z.object({
  order_number: z.string(),
  paid_at: z.string().nullable(),
  total: z.number(),
  refunded: z.number(),
  counted: z.number(),
});
/** GET documents/fetch-item/{id}. */
export const ZDocumentResponse = z.object({ item: ZPlatformInvoice, orders: z.array(ZInvoiceOrder) });

/** GET profile/generate-stripe-invoice?month: the seller's invoice of a closed month (made once). */
export const ZGenerateInvoiceQuery = z.object({ month: zMonth() });
export const ZGenerateInvoiceResponse = z.object({ item: ZPlatformInvoice.nullable(), message: z.string() });

/** POST request-demo?locale (public). */
export const ZRequestDemoBody = z.strictObject({
  first_name: zName(),
  last_name: zName(),
  email: zEmail(),
  phone: zPhone().optional(),
  company_name: zText(1, 150),
  message: zOptionalText(2000),
});
export const ZRequestDemoResponse = z.object({ success: z.boolean() });
