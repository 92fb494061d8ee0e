/** A social network the seller sells on, as the live engine needs it. */
export interface SocialPlatform {
  /** Sends the one private message a comment allows; throws {@link ReplyRefused} when the platform says no. */
  sendPrivateReply(commentId: string, text: string): Promise<void>;
}

/**
 * The platform refused the message for a reason a retry does not change (privacy settings,
 * messaging window closed): the reply is marked failed with the reason, the reservation stands.
 */
export class ReplyRefused extends Error {}

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
