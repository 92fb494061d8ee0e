import { timingSafeEqual } from 'node:crypto';
import type { TOrderStatus } from '@livecart/contract/constants';
import type { TCurrentUser } from '@livecart/contract/user';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { sha256 } from '../../lib/tokens.ts';

/**
 * Who may see an order at checkout (issue 5): the holder of the checkout link's token `t`
 * (compared by SHA-256 with `orders.access_token_hash`, in constant time), the signed-in shopper
 * who owns it (`buyer_id`, or the social identity linked to their account), and, read-only, its
 * seller. Anyone else gets the same 404 as a missing order.
 */
export interface CheckoutOrderRow {
  id: number;
  order_number: string;
  seller_id: number;
  buyer_id: number | null;
  social_identity_id: number | null;
  identity_user_id: number | null;
  session_id: number | null;
  store_id: number | null;
  access_token_hash: string | null;
  status: TOrderStatus;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_amount_cents: number;
  expires_at: Date | string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  locale: string;
  shipping_method_id: number | null;
  shipping_method_name: string | null;
  country_id: number | null;
  payment_method: string | null;
  address_id: number | null;
  ship_first_name: string | null;
  ship_last_name: string | null;
  ship_phone: string | null;
  ship_address1: string | null;
  ship_address2: string | null;
  ship_city: string | null;
  ship_state: string | null;
  ship_post_code: string | null;
}

export type Viewer = 'token' | 'owner' | 'seller';

/** True when `token` is the order's link token. */
export function tokenMatches(hash: string | null, token: string | undefined | null): boolean {
  if (!hash || !token) return false;
  const a = Buffer.from(sha256(token), 'utf8');
  const b = Buffer.from(hash, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `user` is the order's shopper: its buyer, or the account its social identity is linked to. */
export const isOwner = (order: CheckoutOrderRow, user: TCurrentUser | null) =>
  !!user &&
  (order.buyer_id === user.id || (order.identity_user_id !== null && order.identity_user_id === user.id));

export async function findOrder(
  db: DbOrTx,
  where: { orderNumber: string } | { orderId: number },
  lock = false,
): Promise<CheckoutOrderRow | null> {
  const cond: SQL =
    'orderNumber' in where ? sql`o.order_number = ${where.orderNumber}` : sql`o.id = ${where.orderId}`;
  const [row] = await queryRows<CheckoutOrderRow>(
    db,
    sql`SELECT o.id, o.order_number, o.seller_id, o.buyer_id, o.social_identity_id, si.user_id AS identity_user_id,
          o.session_id, ls.store_id, o.access_token_hash, o.status, o.subtotal_cents, o.discount_cents,
          o.shipping_cents, o.total_amount_cents, o.expires_at, o.created_at, o.paid_at, o.locale,
          o.shipping_method_id, o.shipping_method_name, o.country_id, o.payment_method, o.address_id, o.ship_first_name,
          o.ship_last_name, o.ship_phone, o.ship_address1, o.ship_address2, o.ship_city, o.ship_state,
          o.ship_post_code
        FROM orders o
        LEFT JOIN social_identities si ON si.id = o.social_identity_id
        LEFT JOIN live_sessions ls ON ls.id = o.session_id
        WHERE ${cond}
        ${lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  return row ?? null;
}

/**
 * The order if the caller may see it, and as whom; 404 otherwise. `seller: false` refuses the
 * seller (actions only the shopper takes: paying).
 */
export async function orderForViewer(
  db: DbOrTx,
  where: { orderNumber: string } | { orderId: number },
  user: TCurrentUser | null,
  token: string | undefined,
  opts: { seller?: boolean; lock?: boolean } = {},
): Promise<{ order: CheckoutOrderRow; viewer: Viewer }> {
  const order = await findOrder(db, where, opts.lock);
  if (!order) throw notFound();
  const viewer = viewerOf(order, user, token, opts.seller ?? true);
  if (!viewer) throw notFound();
  return { order, viewer };
}

export function viewerOf(
  order: CheckoutOrderRow,
  user: TCurrentUser | null,
  token: string | undefined,
  allowSeller = true,
): Viewer | null {
  if (isOwner(order, user)) return 'owner';
  if (tokenMatches(order.access_token_hash, token)) return 'token';
  if (allowSeller && user && user.id === order.seller_id) return 'seller';
  return null;
}
