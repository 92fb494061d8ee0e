/**
 * The outbox job of a comment's one private reply (a claim queues it: sql/claim.sql).
 */
import { fitText, MAX_TEXT_LENGTH } from '../../integrations/social/facebook.ts';
import {
  AlreadyReplied,
  ReplyRefused,
  ReplyUnavailable,
  TokenRejected,
} from '../../integrations/social/platform.ts';
import { MAX_ATTEMPTS, type OutboxHandler, type OutboxRow } from '../../jobs/outbox.ts';
import type { Deps } from '../../lib/http.ts';
import { replyPlatforms } from '../stores/reply-platforms.ts';
import { type PrivateReplyJob, privateReplyLink, privateReplyText } from './replies.ts';
import { privateReplies } from './tables.ts';

type PrivateReplyRow = typeof privateReplies.$inferInsert;

/**
 * The one private message of a comment, sent on the platform of the session's store (Facebook
 * page) or kept by the sandbox. A refusal of the platform is recorded as failed with its reason
 * (the reservation stands); any other error (rate limit, outage) is retried by the outbox, and
 * recorded as failed at the last attempt so the session console does not wait for it forever.
 * "Already replied" on a retry means an earlier attempt got through: the reply counts as sent.
 * An uncertain row (its earlier attempt never settled: the worker died, maybe after sending)
 * first asks the platform whether the comment was answered, and then counts as sent without
 * sending again.
 */
export function privateReplyHandler(deps: Deps): OutboxHandler {
  const social = replyPlatforms(deps);
  return Object.assign(
    async (job: PrivateReplyJob, row: OutboxRow): Promise<PrivateReplyRow> => {
      // Fitted to the platform's limit here, so the text recorded is the one sent; the checkout
      // link is what a cut keeps.
      const text = fitText(
        privateReplyText(job, deps.config),
        MAX_TEXT_LENGTH,
        privateReplyLink(job, deps.config) ?? undefined,
      );
      let error: string | null = null;
      // A reply refused for the store's token is sent again once the store is resynchronised.
      let errorKind: 'token' | 'refused' | null = null;
      try {
        const platform = await social.platformFor(job);
        if (!row.uncertain || (await platform.canReplyPrivately(job.commentId))) {
          await platform.sendPrivateReply(job.commentId, text);
        }
      } catch (err) {
        if (err instanceof AlreadyReplied && row.attempts > 1) error = null;
        else if (err instanceof ReplyRefused) {
          error = err.message;
          errorKind = err instanceof TokenRejected ? 'token' : 'refused';
        } else if (err instanceof ReplyUnavailable && row.attempts >= MAX_ATTEMPTS) {
          error = `Not sent after ${row.attempts} attempts: ${err.message}`;
        } else throw err;
      }
      return {
        seller_id: job.sellerId,
        session_id: job.sessionId,
        live_comment_id: job.liveCommentId,
        text,
        status: error ? 'failed' : 'sent',
        error,
        error_kind: errorKind,
      };
    },
    {
      /** What the replies of a group became, recorded with one statement. */
      async settle(rows: unknown[]) {
        await deps.database.db
          .insert(privateReplies)
          .values(rows as PrivateReplyRow[])
          .onConflictDoNothing();
      },
    },
  );
}
