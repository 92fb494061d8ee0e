import { privateReplies } from '../db/schema/index.ts';
import { renderMail } from '../integrations/mail/templates.ts';
import { AlreadyReplied, ReplyRefused, ReplyUnavailable } from '../integrations/social/platform.ts';
import { replyPlatforms } from '../integrations/social/resolve.ts';
import type { Deps } from '../lib/http.ts';
import type { PrivateReplyJob } from '../modules/live/claim.ts';
import { MAX_ATTEMPTS, type MailJob, type OutboxHandler, type OutboxRow } from './outbox.ts';

/** What each kind of outbox row does. Later modules add theirs (notifications). */
export function outboxHandlers(deps: Deps): Record<string, OutboxHandler> {
  const social = replyPlatforms(deps);
  return {
    /**
     * The one private message of a comment, sent on the platform of the session's store (Facebook
     * page) or kept by the sandbox. A refusal of the platform is recorded as failed with its reason
     * (the reservation stands); any other error (rate limit, outage) is retried by the outbox, and
     * recorded as failed at the last attempt so the session console does not wait for it forever.
     * "Already replied" on a retry means an earlier attempt got through: the reply counts as sent.
     */
    async private_reply(job: PrivateReplyJob, row: OutboxRow) {
      let error: string | null = null;
      try {
        const platform = await social.platformFor(job);
        await platform.sendPrivateReply(job.commentId, job.text);
      } catch (err) {
        if (err instanceof AlreadyReplied && row.attempts > 1) error = null;
        else if (err instanceof ReplyRefused) error = err.message;
        else if (err instanceof ReplyUnavailable && row.attempts >= MAX_ATTEMPTS) {
          error = `Not sent after ${row.attempts} attempts: ${err.message}`;
        } else throw err;
      }
      await deps.database.db
        .insert(privateReplies)
        .values({
          seller_id: job.sellerId,
          session_id: job.sessionId,
          live_comment_id: job.liveCommentId,
          text: job.text,
          status: error ? 'failed' : 'sent',
          error,
        })
        .onConflictDoNothing();
    },

    async mail(job: MailJob) {
      const content = renderMail(job.template, job.locale, job.data as never);
      const attachments = await Promise.all(
        (job.attachments ?? []).map(async (a) => {
          const stream = deps.storage.read(a.storageKey);
          if (!stream) throw new Error(`Attachment missing: ${a.storageKey}`);
          const chunks: Buffer[] = [];
          for await (const c of stream) chunks.push(c as Buffer);
          return {
            filename: a.filename,
            contentType: a.contentType,
            contentBase64: Buffer.concat(chunks).toString('base64'),
          };
        }),
      );
      await deps.mailer.send({ to: job.to, ...content, attachments });
    },
  };
}
