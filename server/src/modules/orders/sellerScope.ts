import { ROLE } from '@livecart/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';

/*
 * What the seller's and admin's order screens (Orders, Payments) share: whose orders the caller
 * reads, the seller's display name, and the order's last payment. The fragments read `orders o`.
 */

/** The caller's tenant scope: a seller their orders; admin all (undefined), or one seller's. */
export function sellerScope(ctx: Ctx, sellerId?: number): SQL | undefined {
  const user = ctx.user;
  if (!user) return sql`false`;
  if (user.role_id === ROLE.admin) return sellerId ? sql`o.seller_id = ${sellerId}` : undefined;
  return sql`o.seller_id = ${user.id}`;
}

/** The seller's company name, else their name (admin's seller column), from `users s`. */
export const SELLER_NAME = sql.raw(
  `coalesce(nullif(trim(s.company_name), ''), nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''))`,
);

/** `lp`: the order's last payment (`provider`, `method`), a paid or refunded one first. */
export const LAST_PAYMENT_JOIN = sql.raw(
  `LEFT JOIN LATERAL (
     SELECT p.provider, p.method FROM payments p WHERE p.order_id = o.id
     ORDER BY (p.status IN ('paid', 'refunded')) DESC, p.id DESC LIMIT 1) lp ON true`,
);
