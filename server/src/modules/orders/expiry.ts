/**
 * Cart expiry (SPEC §4 Cart: on expiry all products return to stock). A cart past its
 * `expires_at` becomes `expired`, every line's stock goes back and serves the waiting lists.
 * The sweeper picks due carts with FOR UPDATE SKIP LOCKED, one transaction per cart, so any
 * number of server processes can sweep at once without expiring a cart twice.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client.ts';
import { Periodic } from '../../lib/periodic.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { publishLiveEvent } from '../events/bus.ts';
import { type CartEnv, heldByPayment } from './cart.ts';
import { notifyExpiringCarts } from './expiring.ts';
import { foldStatusCounts } from './statusCounts.ts';
import { giveBackOrder } from './waiting.ts';

export interface ExpireOptions {
  /** Who expired it (the seller); null for the sweeper. */
  userId: number | null;
  note: string;
  env: CartEnv;
  /** Only a cart of this seller (a seller's request); any other id is treated as missing. */
  sellerId?: number;
}

/** What became of the cart: `expired` now, or its status when it was not open (null: no such cart). */
export type ExpireResult = { expired: true } | { expired: false; status: string | null };

/**
 * Expires an open cart in the caller's transaction: status `expired`, a status-history row, the
 * stock of every line released (configurations in ascending id) so their queues are served, and a
 * `cart_closed` event. A cart that is not `new` is left as it is.
 */
export function expireCart(tx: DbOrTx, orderId: number, opts: ExpireOptions): Promise<ExpireResult> {
  return closeCart(tx, orderId, 'expired', opts);
}

/**
 * Closes an open cart in the caller's transaction as `expired` (its countdown, or the seller) or
 * `canceled` (the seller's bulk cancel, `canceled_at` set): a status-history row, every line's stock
 * released so the waiting lists are served, and a `cart_closed` event. A cart that is not `new` is
 * left as it is.
 */
export async function closeCart(
  tx: DbOrTx,
  orderId: number,
  to: 'expired' | 'canceled',
  opts: ExpireOptions,
): Promise<ExpireResult> {
  const [order] = await queryRows<{ id: number; seller_id: number; order_number: string; status: string }>(
    tx,
    sql`SELECT id, seller_id, order_number, status FROM orders
        WHERE id = ${orderId} ${opts.sellerId !== undefined ? sql`AND seller_id = ${opts.sellerId}` : sql``}
        FOR UPDATE`,
  );
  if (!order) return { expired: false, status: null };
  if (order.status !== 'new') return { expired: false, status: order.status };
  await tx.execute(
    sql`UPDATE orders SET status = ${to}, updated_at = now(),
          canceled_at = ${to === 'canceled' ? sql`now()` : sql`canceled_at`}
        WHERE id = ${order.id}`,
  );
  await tx.execute(
    sql`INSERT INTO order_status_history (order_id, seller_id, status, user_id, note)
        VALUES (${order.id}, ${order.seller_id}, ${to}, ${opts.userId}, ${opts.note})`,
  );
  await giveBackOrder(tx, order, opts.env);
  await publishLiveEvent(tx, order.seller_id, {
    type: 'cart_closed',
    orderId: order.id,
    orderNumber: order.order_number,
    status: to,
  });
  return { expired: true };
}

/**
 * Expires up to `limit` carts whose countdown is over (status `new`, `expires_at <= now()`), one
 * transaction each (retried on a deadlock). Answers how many were expired.
 */
export async function expireDueCarts(
  database: Pick<Database, 'db'>,
  opts: { limit?: number; env: CartEnv },
): Promise<number> {
  const limit = opts.limit ?? 100;
  let done = 0;
  while (done < limit) {
    const expired = await inRetriedTransaction(database.db, async (tx) => {
      const [due] = await queryRows<{ id: number }>(
        tx,
        // A cart with a payment in progress is held: the shopper is on the provider's page.
        sql`SELECT id FROM orders
            WHERE status = 'new' AND expires_at <= now() AND NOT ${heldByPayment(sql`orders.id`)}
            ORDER BY expires_at, id LIMIT 1
            FOR UPDATE SKIP LOCKED`,
      );
      if (!due) return false;
      await expireCart(tx, due.id, { userId: null, note: 'cart countdown over', env: opts.env });
      return true;
    });
    if (!expired) break;
    done++;
  }
  return done;
}

/** Every this many sweeps, the sweeper also folds the status counters (once a minute at 1 s). */
const FOLD_EVERY = 60;

/**
 * Runs `expireDueCarts` every `intervalMs` in the background, then tells the shoppers of carts
 * whose countdown is nearly over (`notifyExpiringCarts`), and now and then folds the orders'
 * status counters (`foldStatusCounts`). Never throws out of its timer (errors are logged);
 * `stop()` waits for a sweep in progress; `sweepNow()` sweeps at once (tests).
 */
export class CartSweeper {
  private readonly sweeps: Periodic<number>;
  private count = 0;

  constructor(
    private readonly database: Pick<Database, 'db'>,
    private readonly env: CartEnv,
    log: FastifyBaseLogger,
    intervalMs = 1000,
  ) {
    this.sweeps = new Periodic('cart sweeper', log, () => this.sweep(), { intervalMs });
  }

  start() {
    this.sweeps.start();
  }

  /**
   * Expires every due cart and tells those nearly due, now (after a sweep in progress); answers
   * how many expired, throws what failed.
   */
  sweepNow(): Promise<number> {
    return this.sweeps.runNow();
  }

  stop() {
    return this.sweeps.stop();
  }

  private async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await expireDueCarts(this.database, { limit: 100, env: this.env });
      total += n;
      if (n < 100) break;
    }
    for (;;) {
      if ((await notifyExpiringCarts(this.database, { env: this.env, limit: 100 })) < 100) break;
    }
    if (this.count++ % FOLD_EVERY === 0) await foldStatusCounts(this.database.db);
    return total;
  }
}

/**
 * Expires the cart now when its countdown is over and the sweeper has not run yet (unless a
 * payment holds it): the checkout never offers to pay a cart whose time is up.
 */
export async function expireIfDue(db: DbOrTx, orderId: number, env: CartEnv): Promise<void> {
  await inRetriedTransaction(db, async (tx) => {
    const [due] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM orders WHERE id = ${orderId} AND status = 'new' AND expires_at <= now()
            AND NOT ${heldByPayment(orderId)}
          FOR UPDATE`,
    );
    if (!due) return;
    await expireCart(tx, orderId, { userId: null, note: 'cart countdown over (seen at checkout)', env });
  });
}
