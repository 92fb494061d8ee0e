import { fitText, replyErrorOf } from './facebook.ts';
import { GraphCallError, type GraphOptions, graphApi } from './graph.ts';
import type { SocialPlatform } from './platform.ts';

/**
 * Private replies to Instagram comments (Instagram Messaging, "Private Replies"): one message per
 * comment, within 7 days of it (for a live's comments, while the live is on), sent as the
 * professional account with its linked Facebook page's access token:
 *
 *   POST {graphUrl}/{version}/{ig-user-id}/messages?access_token=…
 *   {"recipient": {"comment_id": "…"}, "message": {"text": "…"}}
 *
 * Errors are the Graph API's and are mapped as Facebook's (`replyErrorOf`). Instagram comments have
 * no `can_reply_privately` field: a reply whose earlier attempt may have gone through is sent
 * again, and Instagram's one-reply-per-comment rule refuses a second one (docs/decisions.md).
 */
export interface InstagramAccount {
  igUserId: string;
  /** The linked page's access token (decrypted). */
  accessToken: string;
}

export function instagramPlatform(opts: GraphOptions) {
  const graph = graphApi(opts);
  return {
    /** A platform that sends as this Instagram account. */
    forAccount(account: InstagramAccount): SocialPlatform {
      return {
        async sendPrivateReply(commentId, text) {
          try {
            await graph(`${encodeURIComponent(account.igUserId)}/messages`, {
              method: 'POST',
              body: { recipient: { comment_id: commentId }, message: { text: fitText(text) } },
              token: account.accessToken,
            });
          } catch (err) {
            if (!(err instanceof GraphCallError)) throw err;
            throw replyErrorOf(err);
          }
        },
        async canReplyPrivately() {
          return true;
        },
      };
    },
  };
}
