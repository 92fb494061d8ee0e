import type { TSupportMessage, TSupportReplyResult } from '@livecart/contract/support';
import { sql } from 'drizzle-orm';
import { enqueueMail } from '../../jobs/outbox.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Ctx, withDb } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { notify } from '../notifications/service.ts';
import { getRequest, readableRequest, requestItem } from './read.ts';
import { replyAddress } from './service.ts';
import { supportReplies } from './tables.ts';

/** The seller's Support page with one request open. */
const sellerLink = (id: number) => `/support?id=${id}`;

/** English pages are under /en, French ones have no prefix (SPEC §2). */
const localePrefix = (locale: string) => (locale === 'en' ? '/en' : '');

function adminId(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

/**
 * The team answers a request (POST support/{id}/reply): the answer is kept under the request,
 * e-mailed to its author (the seller's account e-mail, or the form's e-mail) in the request's
 * language, and the request becomes `answered` (a closed one opens again). The seller also gets a
 * notification linking to the answer. All in one transaction, the row locked so two answers at
 * once are both kept in order.
 */
export async function replyTo(ctx: Ctx, id: number, message: string): Promise<TSupportReplyResult> {
  const author = adminId(ctx);
  const emailed = await ctx.db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM support_messages WHERE id = ${id} FOR UPDATE`,
    );
    if (!locked) throw notFound();
    const request = await readableRequest(withDb(ctx, tx), id);
    const [reply] = await tx
      .insert(supportReplies)
      .values({ message_id: id, author_id: author, body: message })
      .returning({ id: supportReplies.id });
    await tx.execute(
      sql`UPDATE support_messages SET status = 'answered', closed_at = NULL, updated_at = now() WHERE id = ${id}`,
    );
    const to = replyAddress(request);
    if (to) {
      const url =
        request.type === 'support'
          ? `${ctx.config.publicUrl}${localePrefix(request.locale)}${sellerLink(id)}`
          : null;
      await enqueueMail(tx, `support-reply:${reply.id}`, {
        to,
        template: 'support_reply',
        locale: request.locale,
        data: {
          first_name: request.first_name,
          subject: request.subject,
          answer: message,
          request: request.message,
          url,
        },
      });
    }
    if (request.user_id) {
      await notify(tx, {
        userId: request.user_id,
        type: 'support_answered',
        title_fr: `Le support a répondu : ${request.subject}`,
        title_en: `Support answered: ${request.subject}`,
        link: sellerLink(id),
        data: { support_message_id: id },
      });
    }
    return !!to;
  });
  return { success: true, emailed, ...(await getRequest(ctx, id)) };
}

/** POST support/{id}/close: the request is settled (closing a closed one changes nothing). */
export async function closeRequest(ctx: Ctx, id: number): Promise<TSupportMessage> {
  adminId(ctx);
  await ctx.db.execute(
    sql`UPDATE support_messages SET status = 'closed', closed_at = now(), updated_at = now()
        WHERE id = ${id} AND status <> 'closed'`,
  );
  return requestItem(ctx, id);
}

/**
 * POST support/{id}/reopen: a closed request goes back to `answered` when the team had answered
 * it, else `open` (reopening an open one changes nothing).
 */
export async function reopenRequest(ctx: Ctx, id: number): Promise<TSupportMessage> {
  adminId(ctx);
  await ctx.db.execute(
    sql`UPDATE support_messages m SET closed_at = NULL, updated_at = now(),
          status = CASE WHEN EXISTS (SELECT 1 FROM support_replies r WHERE r.message_id = m.id)
                        THEN 'answered' ELSE 'open' END
        WHERE m.id = ${id} AND m.status = 'closed'`,
  );
  return requestItem(ctx, id);
}
