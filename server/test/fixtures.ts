import { randomBytes } from 'node:crypto';
import type { TOrderStatus } from '@livecart/contract/constants';
import { liveSessions, orders, socialIdentities } from '../src/db/schema/index.ts';
import type { Runtime } from '../src/runtime.ts';

/*
 * Rows written straight into the database for tests of modules that report on them (dashboards,
 * admin lists) before the modules that create them through the API exist.
 */

const uniq = () => randomBytes(6).toString('hex');

/** An order of `sellerId`; amounts in cents. `paid_at` is set for payed and shipped orders unless given. */
export async function insertOrder(
  rt: Runtime,
  o: {
    seller_id: number;
    buyer_id?: number | null;
    social_identity_id?: number | null;
    status?: TOrderStatus;
    total_cents?: number;
    shipping_cents?: number;
    paid_at?: Date | null;
    created_at?: Date;
  },
) {
  const status = o.status ?? 'new';
  const paid = status === 'payed' || status === 'shipped';
  const [row] = await rt.deps.database.db
    .insert(orders)
    .values({
      seller_id: o.seller_id,
      buyer_id: o.buyer_id ?? null,
      social_identity_id: o.social_identity_id ?? null,
      order_number: `T${uniq()}`,
      status,
      subtotal_cents: (o.total_cents ?? 0) - (o.shipping_cents ?? 0),
      shipping_cents: o.shipping_cents ?? 0,
      total_amount_cents: o.total_cents ?? 0,
      paid_at: o.paid_at !== undefined ? o.paid_at : paid ? new Date() : null,
      ...(o.created_at && { created_at: o.created_at }),
    })
    .returning();
  return row;
}

/** A live session of `sellerId`. */
export async function insertSession(rt: Runtime, sellerId: number, opts: { deleted?: boolean } = {}) {
  const [row] = await rt.deps.database.db
    .insert(liveSessions)
    .values({
      seller_id: sellerId,
      event_date: '2025-06-01',
      event_time: '18:00',
      ...(opts.deleted && { deleted_at: new Date() }),
    })
    .returning();
  return row;
}

/** A commenter on Facebook at `sellerId`'s lives, linked to a shopper account when `userId` is given. */
export async function insertSocialIdentity(
  rt: Runtime,
  sellerId: number,
  name: string,
  userId: number | null = null,
) {
  const [row] = await rt.deps.database.db
    .insert(socialIdentities)
    .values({ seller_id: sellerId, platform: 'facebook', external_user_id: uniq(), name, user_id: userId })
    .returning();
  return row;
}
