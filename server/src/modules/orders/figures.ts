import { sql } from 'drizzle-orm';

/*
 * Order figures other modules report on (the admin sellers list, the dashboards), so the rules of
 * what counts as paid or as one shopper live with the orders. The fragments read `orders o`
 * joined to its shopper as `ORDERS_WITH_SHOPPER` writes it; they hold no input.
 */

/** Orders with their shopper's social identity `si` and account `b` (either may be missing). */
export const ORDERS_WITH_SHOPPER = sql.raw(
  'orders o LEFT JOIN social_identities si ON si.id = o.social_identity_id ' +
    'LEFT JOIN users b ON b.id = coalesce(o.buyer_id, si.user_id)',
);

/**
 * An order to count: anything but an empty open cart. A viewer who only joined waiting lists gets
 * an open cart without lines (its link is in their reply); it is no order, no pending cart and no
 * shopper until an article lands in it. (Its subtotal is 0 as it is recomputed from its lines.)
 */
export const IS_COUNTED = sql.raw(
  `(o.status <> 'new' OR o.subtotal_cents > 0 OR EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id))`,
);

/** The money came in: paid or shipped. */
export const IS_PAID = sql.raw(`o.status IN ('payed', 'shipped')`);

/**
 * A cart that ended unpaid: it expired, or was canceled without ever being paid (open carts still on
 * their countdown are not counted yet).
 */
export const IS_UNPAID_CART = sql.raw(
  `(o.status = 'expired' OR (o.status = 'canceled' AND o.paid_at IS NULL))`,
);

/** Refunded: canceled after it had been paid. */
export const IS_REFUNDED = sql.raw(`o.status = 'canceled' AND o.paid_at IS NOT NULL`);

/** The shopper's account: set on the order, or through the social identity they linked. */
export const SHOPPER_USER_ID = sql.raw('coalesce(o.buyer_id, si.user_id)');

/**
 * One shopper, as a number quicker to group and to count than text: the account's id when the
 * account is known, else minus the social identity's id (a commenter who has not signed in yet);
 * null when the order has neither.
 */
export const SHOPPER_NUMBER = sql.raw(
  `CASE WHEN coalesce(o.buyer_id, si.user_id) IS NOT NULL THEN coalesce(o.buyer_id, si.user_id)::bigint ` +
    `ELSE -o.social_identity_id::bigint END`,
);

/**
 * The orders `o` with what {@link SHOPPER_NUMBER} reads of their identity `si`: only an identity an
 * account claimed changes an order's shopper, so only those are joined (a period's orders of every
 * seller are matched against the claimed identities, not against every commenter). `si` is null for
 * the others: nothing else of it may be read.
 */
export const ORDERS_WITH_SHOPPER_NUMBER = sql.raw(
  'orders o LEFT JOIN social_identities si ON si.id = o.social_identity_id AND si.user_id IS NOT NULL',
);

/**
 * One shopper, counted once, as the API names them: `u<user id>` or `s<social identity id>` (its
 * {@link SHOPPER_NUMBER} written out); null when the order has neither.
 */
export const SHOPPER_KEY = sql`CASE WHEN (${SHOPPER_NUMBER}) > 0 THEN 'u' || (${SHOPPER_NUMBER})
  WHEN (${SHOPPER_NUMBER}) < 0 THEN 's' || -(${SHOPPER_NUMBER}) END`;

/** An account's name (`alias`: the users row), null when it has none. */
const accountName = (alias: string) =>
  sql.raw(`nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`);

/** The name an order gives its shopper without their account: the one they comment under, else the delivery name. */
const ORDER_SHOPPER_NAME = sql.raw(
  `coalesce(si.name, nullif(trim(concat_ws(' ', o.ship_first_name, o.ship_last_name)), ''))`,
);

/** The shopper's name: their account's name, else the name they comment under, else the delivery name. */
export const SHOPPER_NAME = sql`coalesce(${accountName('b')}, ${ORDER_SHOPPER_NAME})`;

/**
 * Per seller in one pass over the orders: `total_orders` (any status), `total_buyers` (distinct
 * shoppers) and `total_amount_cents` (paid and shipped orders). Empty open carts do not count.
 */
export const ORDER_FIGURES_BY_SELLER = sql`
  SELECT o.seller_id,
         count(*)::int AS total_orders,
         count(DISTINCT ${SHOPPER_NUMBER})::int AS total_buyers,
         coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS total_amount_cents
  FROM ${ORDERS_WITH_SHOPPER_NUMBER}
  WHERE ${IS_COUNTED}
  GROUP BY o.seller_id`;

/**
 * Per seller, the counted orders of no shopper (neither an account nor a commenter) as
 * {@link ORDER_FIGURES_BY_SELLER} counts them: `total_orders`, `total_amount_cents`. What the
 * shoppers' figures (buyers `seller_shopper_totals`) leave out of a seller's totals; read from
 * the small index `orders_without_shopper_idx`.
 */
export const SHOPPERLESS_ORDERS_BY_SELLER = sql`
  SELECT o.seller_id, count(*)::int AS total_orders,
         coalesce(sum(o.total_amount_cents) FILTER (WHERE ${IS_PAID}), 0)::bigint AS total_amount_cents
  FROM orders o
  WHERE o.buyer_id IS NULL AND o.social_identity_id IS NULL AND ${IS_COUNTED}
  GROUP BY o.seller_id`;
