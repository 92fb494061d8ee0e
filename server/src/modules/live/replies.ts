import { BLOCKED_MESSAGE_DEFAULTS } from '@livecart/contract/buyers';
import type { TLocale } from '@livecart/contract/constants';
import { type CartEnv, checkoutUrl } from '../orders/cart.ts';

/**
 * Texts of the private message a comment gets. A platform lets a comment be answered once, so
 * everything one comment caused (articles reserved, waiting list, a variant to choose) is joined
 * into one message.
 */
export interface ReplyParts {
  /** Articles reserved now, as `Robe fleurie (Rouge, M) ×1`. */
  reserved: string[];
  /** Articles (or the part of a request) the stock could not give: the viewer waits for them. */
  waiting: string[];
  /** Products named without a usable variant, with the choices to offer. */
  choose: { product: string; options: string[]; noMatch: boolean }[];
  /** The viewer's checkout link, when they have a cart. */
  checkoutUrl: string | null;
  /** Cart duration in minutes; 0 when the cart does not expire by timer. */
  timerMinutes: number;
}

const TEXTS = {
  fr: {
    reserved: (items: string) => `Merci ! Réservé pour vous : ${items}.`,
    waiting: (items: string) =>
      `Liste d’attente : ${items}, plus en stock pour l’instant. Elle est servie dans l’ordre des commentaires.`,
    choose: (product: string, options: string) => `Pour ${product}, précisez la variante : ${options}.`,
    noMatch: (product: string, options: string) =>
      `${product} n’existe pas dans cette variante. Disponible : ${options}.`,
    noOption: (product: string) => `${product} n’est plus disponible.`,
    link: (url: string) => `Votre panier : ${url}`,
    timer: (minutes: number) => `Il est gardé ${minutes} min.`,
  },
  en: {
    reserved: (items: string) => `Thank you! Reserved for you: ${items}.`,
    waiting: (items: string) =>
      `Waiting list: ${items}, out of stock for now. It is served in comment order.`,
    choose: (product: string, options: string) => `For ${product}, please say which one: ${options}.`,
    noMatch: (product: string, options: string) =>
      `${product} does not come in that variant. Available: ${options}.`,
    noOption: (product: string) => `${product} is no longer available.`,
    link: (url: string) => `Your cart: ${url}`,
    timer: (minutes: number) => `It is kept for ${minutes} min.`,
  },
} as const;

/** The one message for a comment, in the shopper's language. */
export function replyText(locale: TLocale, parts: ReplyParts): string {
  const t = TEXTS[locale === 'en' ? 'en' : 'fr'];
  const out: string[] = [];
  if (parts.reserved.length) out.push(t.reserved(parts.reserved.join(', ')));
  if (parts.waiting.length) out.push(t.waiting(parts.waiting.join(', ')));
  for (const c of parts.choose) {
    if (!c.options.length) out.push(t.noOption(c.product));
    else out.push((c.noMatch ? t.noMatch : t.choose)(c.product, c.options.join(', ')));
  }
  if (parts.checkoutUrl) {
    out.push(t.link(parts.checkoutUrl));
    if (parts.reserved.length && parts.timerMinutes > 0) out.push(t.timer(parts.timerMinutes));
  }
  return out.join(' ');
}

/**
 * What an outbox `private_reply` row keeps of its message: everything but the checkout link, which
 * carries the cart's secret and is only put in the text when the message is sent (or shown).
 */
export interface ReplyDraft extends Omit<ReplyParts, 'checkoutUrl'> {
  /** The name the checkout link shows. */
  storeName: string;
}

/** Payload of an outbox `private_reply` row. */
export interface PrivateReplyJob {
  /** The platform's comment id, the one the message answers. */
  commentId: string;
  liveCommentId: number;
  sessionId: number;
  sellerId: number;
  /** The viewer's cart, when the comment gave them one (its checkout link goes in the message). */
  orderNumber: string | null;
  locale: TLocale;
  /** The message, rendered by {@link privateReplyText}. */
  parts?: ReplyDraft;
  /**
   * The viewer is blocked by the seller (the claim reserved nothing): the reply is the seller's
   * message, or the default text in `locale` when they wrote none.
   */
  blocked?: { message: string | null };
  /** The message as rendered when the row was written (rows older than `parts`). */
  text?: string;
}

/**
 * The text of a private reply, with the viewer's checkout link. The link also carries the comment
 * id (`&comment=`): a shopper who signs in from it is linked by that comment (connect-bycomment,
 * with the link's token as proof) and taken back to the order or the waiting cart it made.
 */
export function privateReplyText(job: PrivateReplyJob, env: CartEnv): string {
  if (job.blocked) return job.blocked.message || BLOCKED_MESSAGE_DEFAULTS[job.locale === 'en' ? 'en' : 'fr'];
  if (!job.parts) return job.text ?? '';
  const { storeName, ...parts } = job.parts;
  return replyText(job.locale, {
    ...parts,
    checkoutUrl: job.orderNumber
      ? `${checkoutUrl(env, storeName, job.orderNumber, job.locale)}&comment=${encodeURIComponent(job.commentId)}`
      : null,
  });
}
