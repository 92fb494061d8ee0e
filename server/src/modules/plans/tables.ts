import { SUBSCRIPTION_STATUSES } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const PLAN_CODES = ['basic', 'business', 'platinum'] as const;

export const BILLING_PROVIDERS = ['sandbox', 'stripe'] as const;

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
    active: boolean('active').notNull().default(true),
    sort: smallint('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('plans_code_check', oneOf(t.code, PLAN_CODES)),
    check('plans_percent_check', sql`${t.percent_bp} between 0 and 10000`),
    check('plans_monthly_check', sql`${t.monthly_cents} >= 0`),
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
    ...timestamps,
  },
  (t) => [
    unique('subscriptions_provider_external_unique').on(t.provider, t.external_id),
    index('subscriptions_user_created_idx').on(t.user_id, t.created_at),
    check('subscriptions_provider_check', oneOf(t.provider, BILLING_PROVIDERS)),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
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
