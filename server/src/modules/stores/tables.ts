import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { oneOf, timestamps } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const SOCIAL_PLATFORMS = ['facebook', 'instagram'] as const;

export const STORE_SYNC_STATUSES = ['idle', 'syncing', 'synced', 'error'] as const;

/**
 * A seller's own account on a social platform (the long-lived user token that lists the pages).
 * Its expiry and last error are what the live-session list reports as expireTokenAt / longTokenError.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: varchar('platform', { length: 20, enum: SOCIAL_PLATFORMS }).notNull(),
    external_user_id: varchar('external_user_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }),
    /** Encrypted with the server key; never sent to a client. */
    access_token_encrypted: text('access_token_encrypted'),
    token_expires_at: timestamp('token_expires_at', { withTimezone: true }),
    /** Set when the platform rejects the token; cleared by a resynchronisation. */
    token_error: varchar('token_error', { length: 255 }),
    /** The permissions the seller granted, comma-separated, as the platform reported them. */
    granted_scopes: text('granted_scopes'),
    ...timestamps,
  },
  (t) => [
    unique('social_accounts_seller_platform_unique').on(t.seller_id, t.platform),
    check('social_accounts_platform_check', oneOf(t.platform, SOCIAL_PLATFORMS)),
  ],
);

/** A page (Facebook) or business account (Instagram) the seller goes live on. */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    social_account_id: integer('social_account_id').references(() => socialAccounts.id, {
      onDelete: 'set null',
    }),
    platform: varchar('platform', { length: 20, enum: SOCIAL_PLATFORMS }).notNull(),
    /** Page id or Instagram business account id on the platform. */
    external_id: varchar('external_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** The Instagram account's @username (null for a Facebook page). */
    username: varchar('username', { length: 255 }),
    /** For an Instagram account: the Facebook page it is linked to (its token is the page's). */
    page_id: varchar('page_id', { length: 64 }),
    photo: varchar('photo', { length: 1000 }),
    follower_count: integer('follower_count').notNull().default(0),
    /** The page token, encrypted with the server key; never sent to a client. */
    access_token_encrypted: text('access_token_encrypted'),
    token_expires_at: timestamp('token_expires_at', { withTimezone: true }),
    token_error: varchar('token_error', { length: 255 }),
    sync_status: varchar('sync_status', { length: 20, enum: STORE_SYNC_STATUSES }).notNull().default('idle'),
    synced_at: timestamp('synced_at', { withTimezone: true }),
    /** Why the last synchronisation failed (sync_status error). */
    sync_error: varchar('sync_error', { length: 255 }),
    /** When the page was subscribed to the app's webhooks (null: not subscribed). */
    webhooks_subscribed_at: timestamp('webhooks_subscribed_at', { withTimezone: true }),
    /** A demo store of the sandbox mode (no Meta app configured): replies are kept, not sent. */
    sandbox: boolean('sandbox').notNull().default(false),
    /** The store new live sessions use; at most one per seller. */
    selected: boolean('selected').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique('stores_seller_platform_external_unique').on(t.seller_id, t.platform, t.external_id),
    uniqueIndex('stores_one_selected_per_seller').on(t.seller_id).where(sql`${t.selected}`),
    index('stores_platform_external_idx').on(t.platform, t.external_id),
    index('stores_seller_created_idx').on(t.seller_id, t.created_at),
    check('stores_platform_check', oneOf(t.platform, SOCIAL_PLATFORMS)),
    check('stores_sync_status_check', oneOf(t.sync_status, STORE_SYNC_STATUSES)),
    check('stores_follower_count_check', sql`${t.follower_count} >= 0`),
  ],
);
