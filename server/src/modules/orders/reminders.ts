import type { TLocale } from '@livecart/contract/constants';
import {
  REMINDER_INTERVAL_MINUTES,
  type TLiveReportRemindResult,
  type TReminderSkipReason,
} from '@livecart/contract/liveReport';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { queryRows } from '../../lib/sql.ts';
import { type CartEnv, checkoutUrl } from './cart.ts';
import { IS_COUNTED, ORDERS_WITH_SHOPPER } from './figures.ts';

/** The shopper's address for mails: their account's e-mail, else the one their social login gave. */
export const SHOPPER_EMAIL = sql.raw(
  `CASE WHEN coalesce(b.email, b.email_real) ~ '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' THEN coalesce(b.email, b.email_real) END`,
);

interface CandidateRow {
  id: number;
  order_number: string;
  total_amount_cents: number;
  locale: TLocale;
  email: string | null;
  first_name: string | null;
  recent: boolean;
}

export interface ReminderInput {
  sellerId: number;
  sessionId: number;
  orderIds: number[];
  /** The name a checkout link shows (the session's store, else the seller). */
  storeName: string;
  env: CartEnv;
}

/**
 * Reminds shoppers of their unpaid carts of a live: one e-mail per shopper (all their listed carts
 * in it, in the language of their first cart), through the outbox. A cart that is not an unpaid
 * cart of this seller's session, whose shopper has no e-mail, or that was reminded less than an
 * hour ago is skipped with the reason. The hour is claimed with a conditional update, so two
 * clicks at once send one reminder.
 */
export async function remindUnpaidCarts(db: DbOrTx, input: ReminderInput): Promise<TLiveReportRemindResult> {
  const ids = [...new Set(input.orderIds)];
  return db.transaction(async (tx) => {
    const rows = await queryRows<CandidateRow>(
      tx,
      sql`SELECT o.id, o.order_number, o.total_amount_cents, o.locale, ${SHOPPER_EMAIL} AS email,
            b.first_name,
            (o.reminded_at IS NOT NULL
              AND o.reminded_at > now() - make_interval(mins => ${REMINDER_INTERVAL_MINUTES})) AS recent
          FROM ${ORDERS_WITH_SHOPPER}
          WHERE o.seller_id = ${input.sellerId} AND o.session_id = ${input.sessionId} AND o.status = 'new'
            AND ${IS_COUNTED}
            AND o.id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
          ORDER BY o.id`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const skipped: { id: number; reason: TReminderSkipReason }[] = [];
    const due: CandidateRow[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      const reason: TReminderSkipReason | null = !row
        ? 'not_unpaid'
        : !row.email
          ? 'no_email'
          : row.recent
            ? 'recently_reminded'
            : null;
      if (reason || !row) skipped.push({ id, reason: reason ?? 'not_unpaid' });
      else due.push(row);
    }

    // Claim the hour: a cart reminded in between (another click) is skipped here.
    const claimed = due.length
      ? await queryRows<{ id: number; reminded_at: Date | string }>(
          tx,
          sql`UPDATE orders SET reminded_at = now()
              WHERE id IN (${sql.join(
                due.map((r) => sql`${r.id}`),
                sql`, `,
              )})
                AND (reminded_at IS NULL
                  OR reminded_at <= now() - make_interval(mins => ${REMINDER_INTERVAL_MINUTES}))
              RETURNING id, reminded_at`,
        )
      : [];
    const claimedIds = new Set(claimed.map((c) => c.id));
    const stamp = claimed[0] ? new Date(claimed[0].reminded_at).getTime() : Date.now();

    const byEmail = new Map<string, CandidateRow[]>();
    for (const row of due) {
      if (!claimedIds.has(row.id)) {
        skipped.push({ id: row.id, reason: 'recently_reminded' });
        continue;
      }
      const key = (row.email as string).toLowerCase();
      const list = byEmail.get(key);
      if (list) list.push(row);
      else byEmail.set(key, [row]);
    }
    for (const carts of byEmail.values()) {
      const first = carts[0];
      await enqueueMail(tx, `cart_reminder:${first.id}:${stamp}`, {
        to: first.email as string,
        template: 'cart_reminder',
        locale: first.locale,
        data: {
          first_name: first.first_name ?? '',
          merchant: input.storeName,
          carts: carts.map((c) => ({
            order_number: c.order_number,
            total_cents: c.total_amount_cents,
            url: checkoutUrl(input.env, input.storeName, c.order_number, c.locale),
          })),
        },
      });
    }
    return {
      reminded: due.filter((r) => claimedIds.has(r.id)).map((r) => r.id),
      emails: byEmail.size,
      skipped: skipped.sort((a, b) => a.id - b.id),
    };
  });
}
