/** A social network the seller sells on, as the live engine needs it. */
export interface SocialPlatform {
  /** Sends the one private message a comment allows; throws {@link ReplyRefused} when the platform says no. */
  sendPrivateReply(commentId: string, text: string): Promise<void>;
  /**
   * Whether the comment can still get its private reply: false once one was sent (Graph API
   * `can_reply_privately`). Asked before sending again a reply whose earlier attempt may have
   * gone through, so a comment is never answered twice.
   */
  canReplyPrivately(commentId: string): Promise<boolean>;
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
 * retries later with backoff. `uncertain` when the message may have gone through all the same
 * (no answer, or a server error): the outbox then asks the platform before sending it again.
 */
export class ReplyUnavailable extends Error {
  override name = 'ReplyUnavailable';
  constructor(
    message: string,
    readonly uncertain = false,
  ) {
    super(message);
  }
}

export interface SentReply {
  commentId: string;
  text: string;
  at: Date;
}

/**
 * The sandbox platform: keeps the messages instead of sending them (demo, tests, simulator). Like a
 * real platform it takes one private reply per comment: a second is refused as already replied,
 * and the comment then answers `canReplyPrivately` false.
 */
export function sandboxPlatform(): SocialPlatform & { sent: SentReply[] } {
  const sent: SentReply[] = [];
  const answered = new Set<string>();
  return {
    sent,
    async sendPrivateReply(commentId, text) {
      if (answered.has(commentId)) throw new AlreadyReplied('This comment already received a private reply');
      answered.add(commentId);
      sent.push({ commentId, text, at: new Date() });
    },
    async canReplyPrivately(commentId) {
      return !answered.has(commentId);
    },
  };
}
