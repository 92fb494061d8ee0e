import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { foldDdlOf, foldNamesDdl } from '../../lib/sql.ts';
import { countries } from '../reference/tables.ts';

/** Every person: shopper (role 1), seller (role 2) or admin (role 3). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }),
    /** The e-mail given by a social login when the account e-mail is a placeholder. */
    email_real: varchar('email_real', { length: 255 }),
    first_name: varchar('first_name', { length: 100 }),
    last_name: varchar('last_name', { length: 100 }),
    phone: varchar('phone', { length: 30 }),
    company_name: varchar('company_name', { length: 150 }),
    tax_id: varchar('tax_id', { length: 50 }),
    vat_number: varchar('vat_number', { length: 50 }),
    photo: varchar('photo', { length: 255 }),
    role_id: smallint('role_id').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    password_hash: text('password_hash'),
    /** Bumped on a password change or restore: every older session token stops working. */
    token_version: integer('token_version').notNull().default(0),
    selected_locale: varchar('selected_locale', { length: 2 }).notNull().default('fr'),
    /** Billing subscription reference; `fake_sub`/`skip_sub` markers mean no real subscription. */
    subscription_id: varchar('subscription_id', { length: 100 }),
    facebook_id: varchar('facebook_id', { length: 64 }),
    /** A seller's percent of sales in basis points (500 = 5 %) set by an admin; null: the plan's. */
    seller_percent_bp: integer('seller_percent_bp'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    last_login_at: timestamp('last_login_at', { withTimezone: true }),
    /** `first last` in lower case without accents, kept by the database: the Orders search. */
    name_search: text('name_search')
      .notNull()
      .generatedAlwaysAs(sql.raw(foldNamesDdl('first_name', 'last_name'))),
    /**
     * What finding a user matches, folded, one a line: `first last`, `last first`, the e-mails and
     * the company. Whatever holds a term in one of them holds it here, so its trigram index finds
     * the candidates of admin's find-buyer and find-seller among every account.
     */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          foldDdlOf(
            `coalesce("first_name", '') || ' ' || coalesce("last_name", '') || E'\\n' || ` +
              `coalesce("last_name", '') || ' ' || coalesce("first_name", '') || E'\\n' || ` +
              `coalesce("email", '') || E'\\n' || coalesce("email_real", '') || E'\\n' || coalesce("company_name", '')`,
          ),
        ),
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // Substring search (pg_trgm) on names and e-mails: the Orders search finds a shopper's orders.
    index('users_name_search_idx').using('gin', sql`${t.name_search} gin_trgm_ops`),
    index('users_email_search_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_search_text_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    uniqueIndex('users_facebook_id_unique').on(t.facebook_id),
    index('users_role_created_idx').on(t.role_id, t.created_at),
    index('users_role_first_name_idx').on(t.role_id, t.first_name),
    // the Orders filters' shoppers by name (orders/sellerList.ts ACCOUNT_NAME), the first few read
    // in order rather than every shopper of a large seller sorted
    index('users_account_name_idx').on(
      sql`coalesce(nullif(trim(coalesce(${t.first_name}, '') || ' ' || coalesce(${t.last_name}, '')), ''), ${t.email}, '')`,
      t.id,
    ),
    check('users_seller_percent_check', sql`${t.seller_percent_bp} between 0 and 10000`),
  ],
);

/** Postal addresses of a user: a shopper's delivery address, a seller's business address. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `shipping` for a shopper, `seller` for a merchant's business address. */
    address_type: varchar('address_type', { length: 20 }).notNull().default('shipping'),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    state: varchar('state', { length: 100 }),
    post_code: varchar('post_code', { length: 20 }),
    city: varchar('city', { length: 100 }).notNull(),
    address1: varchar('address1', { length: 255 }).notNull(),
    address2: varchar('address2', { length: 255 }),
    ...timestamps,
  },
  (t) => [index('addresses_user_idx').on(t.user_id, t.address_type)],
);
