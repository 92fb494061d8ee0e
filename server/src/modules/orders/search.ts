import { type SQL, sql } from 'drizzle-orm';
import { containsPattern, whereOf } from '../../lib/sql.ts';
import { IS_COUNTED } from './figures.ts';
import { SHIP_NAME_SEARCH } from './tables.ts';

/*
 * The Orders search: the orders whose number holds the term, or whose shopper's account (name or
 * e-mail), commenter name or ship-to name does, in any case and without accents. Each of those is
 * read through its own trigram index (migration 0012), and the orders of the people found through
 * an index that carries the order's status and date, so a search among a million orders reads the
 * matches, never the table.
 */

/**
 * `SELECT id, status, created_at` of the counted orders in `scope` (a condition on `orders o`,
 * none for every seller's) that match `term`, each once.
 */
export function searchMatches(term: string, scope: SQL | undefined): SQL {
  const p = containsPattern(term);
  const arm = (match: SQL) =>
    sql`SELECT o.id, o.status, o.created_at FROM orders o ${whereOf([match, scope, IS_COUNTED])}`;
  return sql.join(
    [
      arm(
        sql`o.buyer_id = ANY (ARRAY(SELECT u.id FROM users u WHERE u.name_search LIKE ${p} OR lower(u.email) LIKE ${p}))`,
      ),
      // a commenter linked to an account: their orders carry it (buyers.ts), found above
      arm(
        sql`o.social_identity_id = ANY (ARRAY(SELECT s.id FROM social_identities s WHERE s.name_search LIKE ${p}))`,
      ),
      // written as its index holds it, so that index serves it
      arm(sql`o.buyer_id IS NULL AND ${sql.raw(SHIP_NAME_SEARCH)} LIKE ${p}`),
      arm(sql`lower(o.order_number) LIKE ${p}`),
    ],
    sql` UNION `,
  );
}
