import { sql } from 'drizzle-orm';
import {
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
import { foldDdl } from '../../lib/sql.ts';
import { SOCIAL_PLATFORMS } from '../stores/tables.ts';
import { users } from '../users/tables.ts';

/**
 * A person commenting at one seller's lives, and the buyer account they turned out to be once
 * they linked that seller's checkout link. Platform user ids are page-scoped (and the capture tool
 * or simulator says who commented), so an identity belongs to one seller: the same id at another
 * seller is another row, and linking it moves nothing of the other seller's.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: varchar('platform', { length: 20, enum: SOCIAL_PLATFORMS }).notNull(),
    external_user_id: varchar('external_user_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }),
    /** The name in lower case without accents, kept by the database: the Orders search. */
    name_search: text('name_search').generatedAlwaysAs(sql.raw(foldDdl('name'))),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    linked_at: timestamp('linked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('social_identities_seller_platform_user_unique').on(t.seller_id, t.platform, t.external_user_id),
    index('social_identities_user_idx').on(t.user_id),
    index('social_identities_name_search_idx').using('gin', sql`${t.name_search} gin_trgm_ops`),
    check('social_identities_platform_check', oneOf(t.platform, SOCIAL_PLATFORMS)),
  ],
);

/**
 * A shopper a seller blocked: their comments at this seller's lives reserve nothing and are
 * answered with the seller's message. Either a shopper account (every identity linked to it at this
 * seller, now or later) or a commenter who never signed in (one social identity).
 */
export const buyerBlocks = pgTable(
  'buyer_blocks',
  {
    id: serial('id').primaryKey(),
    seller_id: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    social_identity_id: integer('social_identity_id').references(() => socialIdentities.id, {
      onDelete: 'cascade',
    }),
    blocked_by: integer('blocked_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buyer_blocks_seller_user_unique')
      .on(t.seller_id, t.user_id)
      .where(sql`${t.user_id} is not null`),
    uniqueIndex('buyer_blocks_seller_identity_unique')
      .on(t.seller_id, t.social_identity_id)
      .where(sql`${t.social_identity_id} is not null`),
    check('buyer_blocks_one_shopper_check', sql`num_nonnulls(${t.user_id}, ${t.social_identity_id}) = 1`),
  ],
);
