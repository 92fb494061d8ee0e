import {
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_ROW_STATUSES as PAYMENT_STATUSES,
} from '@livecart/contract/payments';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { orders } from '../orders/tables.ts';
import { users } from '../users/tables.ts';

/** A payment method a seller offers at checkout, through one of their provider accounts. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20, enum: PAYMENT_PROVIDERS }).notNull(),
    /** Method code at the provider: `card`, `paypal`, `bancontact`, `ideal`, … */
    method: varchar('method', { length: 30 }).notNull(),
    /** On or off at checkout. */
    status: boolean('status').notNull().default(false),
    /** API key or connected-account id, encrypted with the server key; never sent to a client. */
    credentials_encrypted: text('credentials_encrypted'),
    account_label: varchar('account_label', { length: 255 }),
    ...timestamps,
  },
  (t) => [
    unique('payment_methods_seller_provider_method_unique').on(t.seller_id, t.provider, t.method),
    check('payment_methods_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
  ],
);

/**
 * A payment attempt of an order at the seller's provider. UNIQUE(provider, external_id) makes a
 * webhook or confirmation delivered twice update one row. A free order's payment (provider
 * `free`, 0 € by the CHECK, `external_id` `free_{orderId}`) never goes to a provider: one per order.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    buyer_id: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    provider: varchar('provider', { length: 20, enum: PAYMENT_KINDS }).notNull(),
    /** The provider's payment id; null until the provider has answered. */
    external_id: varchar('external_id', { length: 255 }),
    method: varchar('method', { length: 30 }),
    amount_cents: integer('amount_cents').notNull(),
    /** The platform's fee on this payment (the seller's percent). */
    fee_cents: integer('fee_cents').notNull().default(0),
    status: varchar('status', { length: 20, enum: PAYMENT_STATUSES }).notNull().default('open'),
    /** Where the shopper pays (the provider's hosted page). */
    checkout_url: varchar('checkout_url', { length: 2000 }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    /** The provider's last answer, for support. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    unique('payments_provider_external_unique').on(t.provider, t.external_id),
    index('payments_order_idx').on(t.order_id),
    index('payments_seller_status_created_idx').on(t.seller_id, t.status, t.created_at),
    index('payments_seller_created_idx').on(t.seller_id, t.created_at),
    // the methods ever used (the Orders filters' choices), each found once, then at a seller
    index('payments_method_idx').on(t.provider, t.method, t.seller_id).where(sql`${t.method} IS NOT NULL`),
    check('payments_provider_check', oneOf(t.provider, PAYMENT_KINDS)),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amounts_check', sql`${t.amount_cents} >= 0 and ${t.fee_cents} >= 0`),
    check('payments_free_check', sql`${t.provider} <> 'free' or ${t.amount_cents} = 0`),
  ],
);

export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;

/**
 * A refund of a payment at its provider (bulk-cancel). `idempotency_key` is one per order and
 * payment: clicking twice, or two servers at once, record one refund and ask the provider once
 * (the key is also sent to providers that take one). `external_id` is the provider's refund id.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount_cents: integer('amount_cents').notNull(),
    status: varchar('status', { length: 20, enum: REFUND_STATUSES }).notNull().default('pending'),
    external_id: varchar('external_id', { length: 255 }),
    idempotency_key: varchar('idempotency_key', { length: 100 }).notNull(),
    /** The provider's refusal, for the seller and support. */
    failure: text('failure'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    unique('payment_refunds_idempotency_unique').on(t.idempotency_key),
    index('payment_refunds_order_idx').on(t.order_id),
    index('payment_refunds_payment_idx').on(t.payment_id),
    check('payment_refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
    check('payment_refunds_amount_check', sql`${t.amount_cents} > 0`),
  ],
);
