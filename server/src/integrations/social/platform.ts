/** A social network the seller sells on, as the live engine needs it. */
export interface SocialPlatform {
  /** Sends the one private message a comment allows; throws {@link ReplyRefused} when the platform says no. */
  sendPrivateReply(commentId: string, text: string): Promise<void>;
}

/**
 * The platform refused the message for a reason a retry does not change (privacy settings,
 * messaging window closed): the reply is marked failed with the reason, the reservation stands.
 */
export class ReplyRefused extends Error {
  override name = 'ReplyRefused';
}

/**
 * The comment already has its private reply. On a retry this is most likely the earlier attempt
 * that went through though its answer was lost (timeout, 5xx), so the reply counts as sent.
 */
export class AlreadyReplied extends ReplyRefused {
  override name = 'AlreadyReplied';
}

/**
 * The platform refused the page's access token (expired, revoked, password changed): the reply is
 * refused and the store is marked so the seller is asked to resynchronise.
 */
export class TokenRejected extends ReplyRefused {
  override name = 'TokenRejected';
  constructor(
    message: string,
    /** What the store's `token_error` records: `expired` or `invalid`. */
    readonly tokenError: 'expired' | 'invalid',
  ) {
    super(message);
  }
}

/**
 * The platform could not take the message now (rate limit, outage, network): thrown so the outbox
 * retries later with backoff.
 */
export class ReplyUnavailable extends Error {
  override name = 'ReplyUnavailable';
}

export interface SentReply {
  commentId: string;
  text: string;
  at: Date;
}

/** The sandbox platform: keeps the messages instead of sending them (demo, tests, simulator). */
export function sandboxPlatform(): SocialPlatform & { sent: SentReply[] } {
  const sent: SentReply[] = [];
  return {
    sent,
    async sendPrivateReply(commentId, text) {
      sent.push({ commentId, text, at: new Date() });
    },
  };
}
