import { SUBSCRIPTION_STATUSES } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const PLAN_CODES = ['basic', 'business', 'platinum'] as const;

export const BILLING_PROVIDERS = ['sandbox', 'stripe'] as const;

export const BILLING_INTERVALS = ['month', 'year'] as const;

/** A plan's prices at one billing provider: its product and the current price per interval. */
export interface ProviderPlanPrices {
  product?: string;
  month?: { id: string; cents: number };
  year?: { id: string; cents: number };
}

/** A subscription plan: a monthly price plus a percent of sales, for sales up to a monthly limit. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20, enum: PLAN_CODES }).notNull().unique(),
    name_fr: varchar('name_fr', { length: 100 }).notNull(),
    name_en: varchar('name_en', { length: 100 }).notNull(),
    /** Null: price on request (Platinum). */
    monthly_cents: integer('monthly_cents'),
    /** Percent of sales in basis points (500 = 5 %); null: negotiated. */
    percent_bp: integer('percent_bp'),
    /** Monthly sales the plan is meant for; null: no upper limit. */
    sales_limit_cents: integer('sales_limit_cents'),
    stripe_price_id: varchar('stripe_price_id', { length: 100 }),
    /** Null: monthly only. */
    yearly_cents: integer('yearly_cents'),
    features_fr: jsonb('features_fr').$type<string[]>().notNull().default([]),
    features_en: jsonb('features_en').$type<string[]>().notNull().default([]),
    /** Per billing provider (`sandbox`, `stripe`): the product and current prices made by the last sync. */
    provider_prices: jsonb('provider_prices')
      .$type<Partial<Record<(typeof BILLING_PROVIDERS)[number], ProviderPlanPrices>>>()
      .notNull()
      .default({}),
    active: boolean('active').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('plans_code_check', oneOf(t.code, PLAN_CODES)),
    check('plans_percent_check', sql`${t.percent_bp} between 0 and 10000`),
    check('plans_monthly_check', sql`${t.monthly_cents} >= 0`),
    check('plans_yearly_check', sql`${t.yearly_cents} >= 0`),
  ],
);

/** A seller's subscription at the billing provider (Stripe, or the sandbox in embedded mode). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: varchar('provider', { length: 20, enum: BILLING_PROVIDERS }).notNull(),
    external_id: varchar('external_id', { length: 255 }),
    status: varchar('status', { length: 30, enum: SUBSCRIPTION_STATUSES }).notNull(),
    trial_end: timestamp('trial_end', { withTimezone: true }),
    current_period_end: timestamp('current_period_end', { withTimezone: true }),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    canceled_at: timestamp('canceled_at', { withTimezone: true }),
    interval: varchar('interval', { length: 5, enum: BILLING_INTERVALS }).notNull().default('month'),
    /** The price of the current period (cents, excl. VAT): kept until the next period when the plan's price changes. Null in the trial. */
    price_cents: integer('price_cents'),
    current_period_start: timestamp('current_period_start', { withTimezone: true }),
    /** A plan (and interval) taking over at `current_period_end`: a downgrade. */
    pending_plan_id: integer('pending_plan_id').references(() => plans.id),
    pending_interval: varchar('pending_interval', { length: 5, enum: BILLING_INTERVALS }),
    /** A declined renewal: the seller keeps the tools until `grace_until`, with a banner. */
    payment_failed_at: timestamp('payment_failed_at', { withTimezone: true }),
    grace_until: timestamp('grace_until', { withTimezone: true }),
    /** When the subscription ended (unsubscribed). */
    ended_at: timestamp('ended_at', { withTimezone: true }),
    /** The provider's time of the last event applied: an older event never overwrites a newer state. */
    provider_updated_at: timestamp('provider_updated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('subscriptions_provider_external_unique').on(t.provider, t.external_id),
    index('subscriptions_user_created_idx').on(t.user_id, t.created_at),
    check('subscriptions_provider_check', oneOf(t.provider, BILLING_PROVIDERS)),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_interval_check', oneOf(t.interval, BILLING_INTERVALS)),
  ],
);

/** Every change of a seller's percent by an admin (the percent history modal). */
export const sellerPercentHistory = pgTable(
  'seller_percent_history',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The new percent in basis points. */
    percent_bp: integer('percent_bp').notNull(),
    previous_percent_bp: integer('previous_percent_bp'),
    changed_by: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_percent_history_seller_created_idx').on(t.seller_id, t.created_at),
    check('seller_percent_history_percent_check', sql`${t.percent_bp} between 0 and 10000`),
  ],
);

/** A seller's customer record at a billing provider. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20, enum: BILLING_PROVIDERS }).notNull(),
    external_id: varchar('external_id', { length: 255 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.provider] }),
    unique('billing_customers_provider_external_unique').on(t.provider, t.external_id),
    check('billing_customers_provider_check', oneOf(t.provider, BILLING_PROVIDERS)),
  ],
);

export const BILLING_METHOD_KINDS = ['card', 'sepa_debit'] as const;

/** A seller's saved payment method at the billing provider (what My Plan lists); one default per seller. */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20, enum: BILLING_PROVIDERS }).notNull(),
    external_id: varchar('external_id', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 20, enum: BILLING_METHOD_KINDS }).notNull(),
    brand: varchar('brand', { length: 30 }),
    last4: varchar('last4', { length: 4 }),
    exp_month: smallint('exp_month'),
    exp_year: smallint('exp_year'),
    is_default: boolean('is_default').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('billing_payment_methods_provider_external_unique').on(t.provider, t.external_id),
    index('billing_payment_methods_user_idx').on(t.user_id),
    uniqueIndex('billing_payment_methods_one_default').on(t.user_id).where(sql`${t.is_default}`),
    check('billing_payment_methods_kind_check', oneOf(t.kind, BILLING_METHOD_KINDS)),
    check('billing_payment_methods_provider_check', oneOf(t.provider, BILLING_PROVIDERS)),
  ],
);

export const BILLING_SETUP_PURPOSES = ['subscribe', 'add_method'] as const;
export const BILLING_SETUP_STATUSES = ['pending', 'succeeded', 'requires_action', 'failed'] as const;

/**
 * A payment-method registration started for a seller: the provider's intent id, the secret the
 * return link carries (only its hash is kept), and what it was for (a plan to start or keep in
 * trial, or a method to add). Completing it twice does the work once.
 */
export const billingSetups = pgTable(
  'billing_setups',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20, enum: BILLING_PROVIDERS }).notNull(),
    external_id: varchar('external_id', { length: 255 }).notNull(),
    secret_hash: varchar('secret_hash', { length: 64 }).notNull(),
    purpose: varchar('purpose', { length: 20, enum: BILLING_SETUP_PURPOSES }).notNull(),
    plan_id: integer('plan_id').references(() => plans.id),
    interval: varchar('interval', { length: 5, enum: BILLING_INTERVALS }),
    return_to: varchar('return_to', { length: 20 }).notNull().default('plan'),
    status: varchar('status', { length: 20, enum: BILLING_SETUP_STATUSES }).notNull().default('pending'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('billing_setups_provider_external_unique').on(t.provider, t.external_id),
    index('billing_setups_user_created_idx').on(t.user_id, t.created_at),
    check('billing_setups_purpose_check', oneOf(t.purpose, BILLING_SETUP_PURPOSES)),
    check('billing_setups_status_check', oneOf(t.status, BILLING_SETUP_STATUSES)),
  ],
);

/** Billing provider events applied (webhooks, the sandbox's clock): each is applied once. */
export const billingEvents = pgTable(
  'billing_events',
  {
    provider: varchar('provider', { length: 20, enum: BILLING_PROVIDERS }).notNull(),
    event_id: varchar('event_id', { length: 255 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    /** The provider's time of the event. */
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.event_id] })],
);

export const BILLING_CHARGE_KINDS = ['plan', 'percent'] as const;
export const BILLING_CHARGE_STATUSES = ['open', 'paid', 'failed'] as const;

/**
 * Money the platform asked a seller for at the provider: a plan period (the subscription's
 * invoice) or a month's percent of sales (the billing run's invoice). Amounts in cents incl. VAT.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscription_id: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 10, enum: BILLING_CHARGE_KINDS }).notNull(),
    provider: varchar('provider', { length: 20, enum: BILLING_PROVIDERS }).notNull(),
    /** The provider's invoice id. */
    external_id: varchar('external_id', { length: 255 }).notNull(),
    plan_id: integer('plan_id').references(() => plans.id),
    /** Excluding VAT. */
    amount_cents: integer('amount_cents').notNull(),
    vat_cents: integer('vat_cents').notNull().default(0),
    status: varchar('status', { length: 10, enum: BILLING_CHARGE_STATUSES }).notNull(),
    period_start: timestamp('period_start', { withTimezone: true }),
    period_end: timestamp('period_end', { withTimezone: true }),
    /** The month (`YYYY-MM`, Paris) of a percent charge. */
    month: char('month', { length: 7 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('billing_charges_provider_external_unique').on(t.provider, t.external_id),
    index('billing_charges_seller_created_idx').on(t.seller_id, t.created_at),
    check('billing_charges_kind_check', oneOf(t.kind, BILLING_CHARGE_KINDS)),
    check('billing_charges_status_check', oneOf(t.status, BILLING_CHARGE_STATUSES)),
  ],
);

export const BILLING_RUN_STATUSES = ['running', 'done', 'failed'] as const;

/** One billing run per seller and month (`YYYY-MM`, Paris): the claim that makes it run once across processes. */
export const billingRuns = pgTable(
  'billing_runs',
  {
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: char('month', { length: 7 }).notNull(),
    status: varchar('status', { length: 10, enum: BILLING_RUN_STATUSES }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    error: varchar('error', { length: 1000 }),
  },
  (t) => [
    primaryKey({ columns: [t.seller_id, t.month] }),
    check('billing_runs_status_check', oneOf(t.status, BILLING_RUN_STATUSES)),
  ],
);

export const PLATFORM_INVOICE_STATUSES = ['open', 'paid', 'failed'] as const;

/**
 * The platform's invoice to a seller for a month (My Documents): the plan periods charged in
 * that month and the month's percent of sales. Numbered without gaps on the platform's own
 * series (`seq` across every seller), one per seller and month.
 */
export const platformInvoices = pgTable(
  'platform_invoices',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull().unique(),
    number: varchar('number', { length: 30 }).notNull().unique(),
    month: char('month', { length: 7 }).notNull(),
    /** Excluding VAT. */
    plan_cents: integer('plan_cents').notNull(),
    /** The month's counted sales: paid and shipped orders minus refunds. */
    sales_cents: integer('sales_cents').notNull(),
    percent_bp: integer('percent_bp').notNull(),
    /** Excluding VAT. */
    percent_cents: integer('percent_cents').notNull(),
    vat_cents: integer('vat_cents').notNull(),
    total_cents: integer('total_cents').notNull(),
    status: varchar('status', { length: 10, enum: PLATFORM_INVOICE_STATUSES }).notNull(),
    /** The PDF in file storage. */
    path: varchar('path', { length: 500 }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('platform_invoices_seller_month_unique').on(t.seller_id, t.month),
    index('platform_invoices_seller_created_idx').on(t.seller_id, t.created_at),
    check('platform_invoices_seq_check', sql`${t.seq} > 0`),
    check('platform_invoices_status_check', oneOf(t.status, PLATFORM_INVOICE_STATUSES)),
  ],
);

/** The orders a platform invoice's percent was computed from, with what each counted. */
export const platformInvoiceOrders = pgTable(
  'platform_invoice_orders',
  {
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => platformInvoices.id, { onDelete: 'cascade' }),
    order_id: integer('order_id').notNull(),
    order_number: varchar('order_number', { length: 50 }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    total_cents: integer('total_cents').notNull(),
    refunded_cents: integer('refunded_cents').notNull(),
    counted_cents: integer('counted_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoice_id, t.order_id] })],
);

/**
 * The sandbox billing provider's objects (customers, payment methods, registrations,
 * subscriptions, invoices, events), by id: a small stand-in for the provider's API that every
 * server process sees. Never used in production.
 */
export const sandboxBillingObjects = pgTable(
  'sandbox_billing_objects',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 30 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_billing_objects_kind_created_idx').on(t.kind, t.created_at)],
);
