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
 * The ways an order matches `term`, each a `SELECT id, status, created_at` of counted orders in
 * `scope` (a condition on `orders o`, none for every seller's) after the `WITH` that finds the
 * people and commenters: through an account (name or e-mail), a commenter, the ship-to name, the
 * order number. Each way leaves out the orders an earlier one found, so together they hold each
 * match once without a deduplication (a large part of the time when a common name matches
 * thousands of orders), and they can be read apart, at once.
 */
function searchWays(term: string, scope: SQL | undefined): { found: SQL; ways: SQL[] } {
  const p = containsPattern(term);
  const way = (...match: SQL[]) =>
    sql`SELECT o.id, o.status, o.created_at FROM orders o ${whereOf([...match, scope, IS_COUNTED])}`;
  const ofPeople = sql`coalesce(o.buyer_id IN (SELECT id FROM people), false)`;
  const ofCommenters = sql`coalesce(o.social_identity_id IN (SELECT id FROM commenters), false)`;
  // written as its index holds it, so that index serves it
  const shipTo = sql`(o.buyer_id IS NULL AND ${sql.raw(SHIP_NAME_SEARCH)} LIKE ${p})`;
  return {
    found: sql`WITH people AS MATERIALIZED (
        SELECT u.id FROM users u WHERE u.name_search LIKE ${p} OR lower(u.email) LIKE ${p}),
      commenters AS MATERIALIZED (SELECT s.id FROM social_identities s WHERE s.name_search LIKE ${p})`,
    ways: [
      way(sql`o.buyer_id = ANY (ARRAY(SELECT id FROM people))`),
      // a commenter linked to an account: their orders carry it (buyers.ts), found above
      way(sql`o.social_identity_id = ANY (ARRAY(SELECT id FROM commenters))`, sql`NOT ${ofPeople}`),
      way(shipTo, sql`NOT ${ofCommenters}`),
      way(
        sql`lower(o.order_number) LIKE ${p}`,
        sql`NOT ${ofPeople}`,
        sql`NOT ${ofCommenters}`,
        sql`NOT ${shipTo}`,
      ),
    ],
  };
}

/** Every order matching `term` in `scope`, once: `SELECT id, status, created_at`. */
export function searchMatches(term: string, scope: SQL | undefined): SQL {
  const { found, ways } = searchWays(term, scope);
  return sql`${found} ${sql.join(ways, sql` UNION ALL `)}`;
}

/**
 * The same matches in two disjoint parts, the orders of the accounts found and the rest, for two
 * statements at once (on a common name the accounts' orders are most of the work).
 */
export function searchMatchParts(term: string, scope: SQL | undefined): SQL[] {
  const { found, ways } = searchWays(term, scope);
  return [sql`${found} ${ways[0]}`, sql`${found} ${sql.join(ways.slice(1), sql` UNION ALL `)}`];
}
