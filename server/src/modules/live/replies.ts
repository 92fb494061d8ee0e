import { BLOCKED_MESSAGE_DEFAULTS } from '@livecart/contract/buyers';
import { renderReply, type TPlaceholder } from '@livecart/contract/chatbot';
import type { TLocale } from '@livecart/contract/constants';
import { DEFAULT_SYSTEM_TEXTS } from '../chatbot/defaults.ts';
import { type CartEnv, checkoutUrl } from '../orders/cart.ts';
import type { CLAIM_REPLIES } from './claim-input.ts';

/**
 * The private message a comment gets, in the seller's words (the chatbot's system replies and
 * the custom reply a trigger word called). A platform lets a comment be answered once, so
 * everything one comment caused (articles reserved, waiting list, a variant to choose, a custom
 * reply) is joined into one message, each part the seller's text of its event with its
 * placeholders filled. A part whose reply the seller switched off says nothing.
 */
export type ClaimReply = (typeof CLAIM_REPLIES)[number];

/** What a comment caused, as its message tells it. */
export interface ReplyParts {
  /** Articles reserved now, as `Robe fleurie (Rouge, M) ×1`. */
  reserved: string[];
  /** Articles (or the part of a request) the stock could not give: the viewer waits for them. */
  waiting: string[];
  /** Products named without a usable variant, with the choices to offer. */
  choose: { product: string; options: string[]; noMatch: boolean }[];
  /** Cart duration in minutes; 0 when the cart does not expire by timer. */
  timerMinutes: number;
}

/**
 * What an outbox `private_reply` row keeps of its message: everything but the checkout link, which
 * carries the cart's secret and is only put in the text when the message is sent (or shown).
 */
export interface ReplyDraft extends ReplyParts {
  /** The name the checkout link shows (`{store}`). */
  storeName: string;
  /** The commenter's first name (`{first_name}`); absent in rows older than the chatbot. */
  firstName?: string;
  /**
   * The seller's texts of the parts, in the message's language (null: switched off); a part
   * without an entry (the seller's text is the platform's default as the code ships it, or a row
   * older than the chatbot) is rendered with `DEFAULT_SYSTEM_TEXTS`.
   */
  texts?: Partial<Record<ClaimReply, string | null>>;
}

/** The custom reply that answered a comment, in the message's language. */
export interface ReplyAnswer {
  id: number;
  name: string;
  text: string;
  /** Its own placeholders' values (product, price, keyword, discount). */
  values: Partial<Record<TPlaceholder, string>>;
}

/** Payload of an outbox `private_reply` row. */
export interface PrivateReplyJob {
  /** The platform's comment id, the one the message answers. */
  commentId: string;
  liveCommentId: number;
  sessionId: number;
  sellerId: number;
  /**
   * The store (page or Instagram account) the comment came through: the reply goes back through
   * it. Null or absent (the capture tool, the simulator, rows older than it): the session's store.
   */
  storeId?: number | null;
  /** The viewer's cart, when the comment gave them one (its checkout link goes in the message). */
  orderNumber: string | null;
  /** The message's language: the viewer's (their account's) when known, else the shop's. */
  locale: TLocale;
  /** The message, rendered by {@link privateReplyText}. */
  parts?: ReplyDraft;
  /** The custom reply that answered the comment, when one did. */
  answer?: ReplyAnswer;
  /**
   * The viewer is blocked by the seller (the claim reserved nothing): the reply is the seller's
   * message, or the default text in `locale` when they wrote none.
   */
  blocked?: { message: string | null };
  /** The message as rendered when the row was written (rows older than `parts`). */
  text?: string;
}

/** The link's own sentence, when no text of the message carried `{link}`. */
const LINK_SENTENCE: Record<TLocale, (url: string) => string> = {
  fr: (url) => `Votre panier : ${url}`,
  en: (url) => `Your cart: ${url}`,
};

/**
 * The one message for a comment: each part's text (reserved → `cart_created`, waiting →
 * `waiting_joined`, a variant to choose → `choose_variant`, an unknown one → `unknown_variant`,
 * sold out with nothing to wait for → `sold_out`), then the custom reply's. When the comment gave
 * a cart and no text said `{link}` (a part switched off, a seller's text without it), the link
 * still goes out, in a sentence of its own at the end.
 */
export function replyText(
  locale: TLocale,
  draft: ReplyDraft,
  answer: ReplyAnswer | undefined,
  checkoutLink: string | null,
): string {
  const textOf = (event: ClaimReply) => {
    const text = draft.texts?.[event];
    return text === undefined ? DEFAULT_SYSTEM_TEXTS[event][locale] : text;
  };
  const common = {
    first_name: draft.firstName ?? '',
    store: draft.storeName,
    link: checkoutLink ?? undefined,
  };
  const out: string[] = [];
  let linked = false;
  const say = (text: string | null | undefined, values: Partial<Record<TPlaceholder, string>>) => {
    if (!text) return;
    if (checkoutLink && text.includes('{link}')) linked = true;
    const said = renderReply(text, { ...common, ...values });
    if (said) out.push(said);
  };
  const minutes = draft.timerMinutes > 0 ? String(draft.timerMinutes) : undefined;
  if (draft.reserved.length) say(textOf('cart_created'), { items: draft.reserved.join(', '), minutes });
  if (draft.waiting.length) say(textOf('waiting_joined'), { items: draft.waiting.join(', ') });
  for (const c of draft.choose) {
    if (!c.options.length) say(textOf('sold_out'), { product: c.product });
    else
      say(textOf(c.noMatch ? 'unknown_variant' : 'choose_variant'), {
        product: c.product,
        options: c.options.join(', '),
      });
  }
  if (answer) say(answer.text, answer.values);
  if (checkoutLink && !linked) out.push(LINK_SENTENCE[locale](checkoutLink));
  return out.join(' ');
}

/**
 * The text of a private reply, with the viewer's checkout link. The link also carries the comment
 * id (`&comment=`): a shopper who signs in from it is linked by that comment (connect-bycomment,
 * with the link's token as proof) and taken back to the order or the waiting cart it made.
 */
export function privateReplyText(job: PrivateReplyJob, env: CartEnv): string {
  const locale: TLocale = job.locale === 'en' ? 'en' : 'fr';
  if (job.blocked) return job.blocked.message || BLOCKED_MESSAGE_DEFAULTS[locale];
  if (!job.parts) return job.text ?? '';
  return replyText(locale, job.parts, job.answer, privateReplyLink(job, env));
}

/**
 * The viewer's checkout link in a private reply (null when the comment gave no cart): the link a
 * message too long for the platform keeps whatever else it holds (a custom reply may name the
 * shop's own site after it).
 */
export function privateReplyLink(job: PrivateReplyJob, env: CartEnv): string | null {
  if (job.blocked || !job.parts || !job.orderNumber) return null;
  const locale: TLocale = job.locale === 'en' ? 'en' : 'fr';
  return `${checkoutUrl(env, job.parts.storeName, job.orderNumber, locale)}&comment=${encodeURIComponent(job.commentId)}`;
}
