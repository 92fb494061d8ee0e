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
