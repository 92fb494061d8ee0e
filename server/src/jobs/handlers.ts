import { privateReplies } from '../db/schema/index.ts';
import { renderMail } from '../integrations/mail/templates.ts';
import { ReplyRefused, sandboxPlatform } from '../integrations/social/platform.ts';
import type { Deps } from '../lib/http.ts';
import type { PrivateReplyJob } from '../modules/live/claim.ts';
import type { MailJob, OutboxHandler } from './outbox.ts';

/** What each kind of outbox row does. Later modules add theirs (notifications). */
export function outboxHandlers(deps: Deps): Record<string, OutboxHandler> {
  const social = deps.social ?? sandboxPlatform();
  return {
    /**
     * The one private message of a comment. A refusal of the platform is recorded as failed with
     * its reason (the reservation stands); any other error is retried by the outbox.
     */
    async private_reply(job: PrivateReplyJob) {
      let error: string | null = null;
      try {
        await social.sendPrivateReply(job.commentId, job.text);
      } catch (err) {
        if (!(err instanceof ReplyRefused)) throw err;
        error = err.message;
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
