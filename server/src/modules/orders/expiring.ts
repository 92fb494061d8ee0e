/**
 * "Your cart expires soon": the shopper of an unpaid cart whose countdown is nearly over gets
 * one e-mail per countdown, in the seller's words (their `cart_expiring` reply), with the cart's
 * link. Nearly over: 5 minutes left, or a fifth of the countdown when it is shorter than 25
 * minutes (2 minutes of a 10-minute cart), so a short countdown is not announced as soon as it
 * starts. E-mail only, and only when the shopper's e-mail is known (their account's, or the one
 * given at checkout): a platform lets a page answer a comment privately once, and that reply
 * already went out.
 *
 * Swept with the cart expiry (`expiry.ts`, every second, in every server process): the due carts
 * are claimed with `FOR UPDATE SKIP LOCKED` and marked (`expiring_notified_at`) in the
 * transaction that queues their e-mails, so no cart is told twice; a countdown that restarts (an
 * article added, the waiting list served: `orders_cart_totals`) clears the mark.
 */
import { renderReply } from '@livecart/contract/chatbot';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { firstNameOf, systemReplyText } from '../chatbot/texts.ts';
import { type CartEnv, checkoutUrl, heldByPayment } from './cart.ts';
import { articleText, LINE_LABEL_JOINS, lineLabels } from './lines.ts';
import { orderShopper } from './shopperMail.ts';

/** Most minutes before the end a cart's notice goes out. */
export const EXPIRING_NOTICE_MINUTES = 5;
/** …and at most this share of its countdown (the session's cart duration; 30 minutes when gone). */
const EXPIRING_NOTICE_SHARE = 5;

/**
 * Claims up to `limit` unpaid carts whose countdown is nearly over and not told yet, marks them
 * and queues each shopper's e-mail (when their e-mail is known), in one transaction. Answers how
 * many carts were claimed.
 */
export async function notifyExpiringCarts(
  database: Pick<Database, 'db'>,
  opts: { env: CartEnv; limit?: number },
): Promise<number> {
  return inRetriedTransaction(database.db, async (tx) => {
    const due = await queryRows<{
      id: number;
      seller_id: number;
      expires_at: Date | string;
      minutes: number;
    }>(
      tx,
      sql`WITH due AS (
            SELECT o.id FROM orders o LEFT JOIN live_sessions ls ON ls.id = o.session_id
            WHERE o.status = 'new' AND o.expiring_notified_at IS NULL AND o.expires_at > now()
              AND o.expires_at <= now() + make_interval(mins => ${EXPIRING_NOTICE_MINUTES})
              AND o.expires_at <= now()
                + make_interval(mins => coalesce(ls.order_timer_minutes, 30)) / ${EXPIRING_NOTICE_SHARE}
              AND NOT ${heldByPayment(sql`o.id`)}
            ORDER BY o.expires_at, o.id LIMIT ${opts.limit ?? 100}
            FOR UPDATE OF o SKIP LOCKED)
          UPDATE orders o SET expiring_notified_at = now() FROM due WHERE o.id = due.id
          RETURNING o.id, o.seller_id, o.expires_at,
            greatest(1, ceil(extract(epoch FROM o.expires_at - now()) / 60))::int AS minutes`,
    );
    for (const cart of due) {
      const shopper = await orderShopper(tx, cart.id);
      if (!shopper) continue;
      const words = await systemReplyText(tx, cart.seller_id, 'cart_expiring', shopper.locale);
      if (!words) continue;
      const lines = await queryRows<{
        name: string;
        color_label: string | null;
        size_label: string | null;
        quantity: number;
      }>(
        tx,
        sql`SELECT i.name, ${lineLabels(shopper.locale)}, i.quantity
            FROM order_items i ${LINE_LABEL_JOINS} WHERE i.order_id = ${cart.id} ORDER BY i.id`,
      );
      const url = checkoutUrl(opts.env, shopper.merchant, shopper.orderNumber, shopper.locale);
      await enqueueMail(tx, `cart_expiring:${cart.id}:${new Date(cart.expires_at).getTime()}`, {
        to: shopper.to,
        template: 'cart_expiring',
        locale: shopper.locale,
        data: {
          url,
          message: renderReply(words, {
            first_name: firstNameOf(shopper.firstName),
            items: lines
              .map((l) => `${articleText(l.name, l.color_label, l.size_label)} ×${l.quantity}`)
              .join(', '),
            link: url,
            minutes: String(cart.minutes),
            store: shopper.merchant,
          }),
        },
      });
    }
    return due.length;
  });
}
