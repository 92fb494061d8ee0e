import { z } from 'zod';
import { zListQuery, zListResponse } from './lists.ts';
import { ZLiveStore, ZLiveVideoNow } from './live.ts';
import { fieldMessage, zId, zText } from './validation.ts';

/*
 * The chatbot (SPEC §1, §3 Chatbot message, §7 Chatbot): the private messages the live engine
 * sends, in the seller's own words.
 *
 * - System replies (`type: 'system'`): one per event the live engine answers. The admin edits the
 *   platform's default texts; a seller overrides them with their own (or goes back to the default).
 * - Custom replies (`type: 'users'`): a seller's own answers to trigger words in live comments
 *   ("livraison", "prix"), with an optional product and discount.
 *
 * Texts hold placeholders in braces (`{first_name}`), filled when the message is sent. Each event
 * has its own set; any other placeholder is refused when a text is saved, never sent raw.
 */

export const CHATBOT_TYPES = ['system', 'users'] as const;
export type TChatbotType = (typeof CHATBOT_TYPES)[number];

/** The events the live engine answers with a system reply, in the order the screens list them. */
export const SYSTEM_REPLIES = [
  /** Articles reserved in the viewer's cart: the checkout link and the countdown. */
  'cart_created',
  /** The stock could not give what the viewer asked: they joined the waiting list. */
  'waiting_joined',
  /** Stock came back and went to the viewer from the waiting list: it waits in their cart. */
  'waiting_served',
  /** The viewer named a product with several variants without saying which one. */
  'choose_variant',
  /** The viewer named a variant the product does not come in. */
  'unknown_variant',
  /** The product is sold out in every variant and nobody can wait for it. */
  'sold_out',
  /** The cart's countdown is nearly over and it is not paid. */
  'cart_expiring',
  /** The order is paid. */
  'payment_received',
] as const;
export type TSystemReply = (typeof SYSTEM_REPLIES)[number];

/** Every placeholder a text may hold, and what it is filled with. */
export const PLACEHOLDERS = [
  /** The viewer's first name (their name on the platform, else empty). */
  'first_name',
  /** The articles concerned, as `Robe fleurie (Rouge, M) ×1`, joined by commas. */
  'items',
  /** The viewer's checkout link. */
  'link',
  /** Minutes left on the cart's countdown. */
  'minutes',
  /** The shop's name. */
  'store',
  /** A product's name. */
  'product',
  /** The variants to choose from, joined by commas. */
  'options',
  /** The order's number. */
  'order',
  /** An amount in euros, formatted in the message's language. */
  'amount',
  /** A custom reply's product price, formatted in the message's language. */
  'price',
  /** A custom reply's product keyword (what to comment to order it). */
  'keyword',
  /** A custom reply's discount, as `10 %`. */
  'discount',
] as const;
export type TPlaceholder = (typeof PLACEHOLDERS)[number];

/** The placeholders each system reply, and every custom reply (`users`), may hold. */
export const REPLY_PLACEHOLDERS: Record<TSystemReply | 'users', readonly TPlaceholder[]> = {
  cart_created: ['first_name', 'items', 'link', 'minutes', 'store'],
  waiting_joined: ['first_name', 'items', 'link', 'store'],
  waiting_served: ['first_name', 'items', 'link', 'minutes', 'store'],
  choose_variant: ['first_name', 'product', 'options', 'store'],
  unknown_variant: ['first_name', 'product', 'options', 'store'],
  sold_out: ['first_name', 'product', 'store'],
  cart_expiring: ['first_name', 'items', 'link', 'minutes', 'store'],
  payment_received: ['first_name', 'order', 'amount', 'store'],
  users: ['first_name', 'store', 'product', 'price', 'keyword', 'discount', 'link'],
};

/**
 * The system replies that carry the viewer's cart (SPEC's mandatory flag): their texts must hold
 * `{link}`, and they cannot be switched off.
 */
export const MANDATORY_REPLIES: readonly TSystemReply[] = ['cart_created', 'waiting_served', 'cart_expiring'];

/**
 * The system replies that go out by e-mail (the platform's e-mail, not the seller's page): their
 * texts hold no web address of their own (`no_links`), so a message in the platform's name never
 * carries a link but the cart's `{link}`.
 */
export const EMAILED_REPLIES: readonly TSystemReply[] = [
  'waiting_served',
  'cart_expiring',
  'payment_received',
];

/** A web address in a text: a scheme (`https://`), `www.`, or a lower-case domain (`shop.example`). */
const WEB_ADDRESS = [/[a-z][a-z0-9+.-]*:\/\//i, /\bwww\./i, /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}\b/];

/** Whether a text holds a web address (placeholders aside: `{link}` is filled by the platform). */
export const holdsWebAddress = (text: string) => WEB_ADDRESS.some((re) => re.test(text));

/** Longest text of a reply, per language (a Messenger message holds 2,000 characters). */
export const REPLY_TEXT_MAX = 1000;
/** Most trigger words of one custom reply, and the longest one. */
export const MAX_TRIGGERS = 20;
export const TRIGGER_MAX = 50;
/** Most custom replies a seller keeps. */
export const MAX_CUSTOM_REPLIES = 200;
/** Highest "answers per live" a custom reply may be given. */
export const MAX_ANSWERS_PER_LIVE = 100_000;

const PLACEHOLDER = /\{([^{}\s]{1,40})\}/g;

/** The placeholders a text holds (`{first_name}` → `first_name`), in order, repeated ones once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * How many times one placeholder may appear in a text: a cart's `{items}` repeated a hundred times
 * would make a message or an e-mail of many pages.
 */
export const MAX_PLACEHOLDER_REPEATS = 3;

/** How many times the most repeated placeholder of `text` appears. */
export function mostRepeatedPlaceholder(text: string): number {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(PLACEHOLDER)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/** The placeholders of `text` that `allowed` does not name. */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  return placeholdersIn(text).filter((p) => !allowed.includes(p));
}

/** Where a placeholder without a value was, while its spaces are tidied. */
const LEFT_OUT = '\ue000';

/**
 * A reply's text with its placeholders filled. A placeholder without a value (or unknown: texts
 * are checked when saved, this is the last guard) is left out, never sent as `{…}`; the spaces
 * it leaves are tidied ("Merci {first_name} !" → "Merci !", "Hi {first_name}!" → "Hi!"), the
 * rest of the text as written (a French space before "!" or ":" stays).
 */
export function renderReply(text: string, values: Partial<Record<TPlaceholder, string>>): string {
  return text
    .replaceAll(LEFT_OUT, '')
    .replace(PLACEHOLDER, (_, name: string) =>
      Object.hasOwn(values, name) ? (values[name as TPlaceholder] ?? LEFT_OUT) : LEFT_OUT,
    )
    .replace(/([ \t]*)\ue000([ \t]*)(?=(.?))/gsu, (_, before: string, after: string, next: string) =>
      before && after ? ' ' : /^[,.!?;:)]?$/u.test(next) ? '' : before || after,
    )
    .trim();
}

/**
 * The form trigger words and comments are compared in: accents and case dropped, punctuation made
 * spaces, spaces collapsed. "Taille ?" and "taille" are the same trigger; "Livraison!" holds it.
 */
export function triggerKey(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The one rule of which custom reply answers a comment, for the live engine and the screen's
 * "try a comment": among the replies (given oldest first) whose trigger words the comment holds as
 * whole words ("c'est quoi la livraison ?" holds "livraison", "livraisons" does not), the one with
 * the longest trigger in its compared form (the most specific: "taille enfant" before "taille"),
 * then the oldest. Built once for a set of replies; the matcher answers the reply and its trigger.
 */
export function replyMatcher<R>(
  replies: readonly R[],
  triggersOf: (reply: R) => readonly string[],
): (comment: string) => { reply: R; trigger: string } | null {
  const keys = replies
    .flatMap((reply, order) =>
      triggersOf(reply).map((trigger) => ({ key: triggerKey(trigger), trigger, reply, order })),
    )
    .filter((k) => k.key)
    .sort((a, b) => b.key.length - a.key.length || a.order - b.order)
    .map((k) => ({ ...k, key: ` ${k.key} ` }));
  if (!keys.length) return () => null;
  return (comment) => {
    const text = ` ${triggerKey(comment)} `;
    const found = keys.find((k) => text.includes(k.key));
    return found ? { reply: found.reply, trigger: found.trigger } : null;
  };
}

// ---------------------------------------------------------------------------------------------
// Texts

/** A reply's text in one language: 1 to 1,000 characters. */
const zReplyText = () => zText(1, REPLY_TEXT_MAX);

/**
 * Refuses, on the field that holds it, a placeholder the reply may not use (`unknown_placeholder`),
 * a text without a placeholder it must hold (`link_required`), and, in a reply sent by e-mail, a
 * web address of its own (`no_links`).
 */
function checkPlaceholders(
  body: { message_fr?: string; message_en?: string },
  allowed: readonly string[],
  required: readonly string[],
  ctx: z.RefinementCtx,
  emailed = false,
) {
  for (const field of ['message_fr', 'message_en'] as const) {
    const text = body[field];
    if (text === undefined) continue;
    if (unknownPlaceholders(text, allowed).length)
      ctx.addIssue({ code: 'custom', path: [field], message: 'unknown_placeholder' });
    else if (required.some((p) => !placeholdersIn(text).includes(p)))
      ctx.addIssue({ code: 'custom', path: [field], message: 'link_required' });
    else if (mostRepeatedPlaceholder(text) > MAX_PLACEHOLDER_REPEATS)
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: fieldMessage('placeholder_repeated', MAX_PLACEHOLDER_REPEATS),
      });
    else if (emailed && holdsWebAddress(text))
      ctx.addIssue({ code: 'custom', path: [field], message: 'no_links' });
  }
}

// ---------------------------------------------------------------------------------------------
// Custom replies

/** The product a custom reply names, as the list and the form show it. */
export const ZChatbotProduct = z.object({
  id: z.number(),
  name: z.string(),
  /** Price in euros (the product's own, before any discount). */
  price: z.number(),
  /** Its first keyword: what to comment to order it. */
  keyword: z.string(),
});
export type TChatbotProduct = z.infer<typeof ZChatbotProduct>;

/** A chatbot message (SPEC §3): a custom reply, or a system reply as a seller or the admin has it. */
export const ZChatbotMessage = z.object({
  id: z.number(),
  type: z.enum(CHATBOT_TYPES),
  /** The scenario's name; for a system reply, its event (`cart_created`, …). */
  name: z.string(),
  /** Trigger words (custom replies; empty for system replies). */
  keywords: z.array(z.string()),
  message_fr: z.string(),
  message_en: z.string(),
  active: z.boolean(),
  product: ZChatbotProduct.nullable(),
  /** Discount percent given to the viewer's cart of the live, or null. */
  discount: z.number().nullable(),
  /** Comments answered, every live together. */
  answer_count: z.number(),
  /** Most answers in one live (null: no limit). */
  max_answer_count: z.number().nullable(),
  mandatory: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TChatbotMessage = z.infer<typeof ZChatbotMessage>;

/** Filters of GET fetch-chatbot-messages (`queryFilter`). */
export const ZChatbotFilter = z.object({
  active: z.boolean().optional(),
  product_id: zId().optional(),
});

/**
 * GET fetch-chatbot-messages?type&paging&queryFilter: `type` `users` lists a seller's custom
 * replies, sortable by scenario (`name`); `system` lists the system replies as the caller has them
 * (as fetch-chatbot-default-messages, with ids). Left out: `users` for a seller, `system` for the
 * admin (who has no custom replies).
 */
export const ZChatbotListQuery = zListQuery({
  columns: ['name', 'created_at', 'answer_count'] as const,
  defaultColumn: 'created_at',
  filter: ZChatbotFilter,
}).extend({ type: z.enum(CHATBOT_TYPES, { error: 'invalid' }).optional() });
export type TChatbotListQuery = z.output<typeof ZChatbotListQuery>;
export const ZChatbotList = zListResponse(ZChatbotMessage);
export type TChatbotList = z.infer<typeof ZChatbotList>;

/** Splits comma-separated trigger words, in a string or in the items of a list. */
const splitTriggers = (v: unknown) =>
  typeof v === 'string'
    ? v.split(',')
    : Array.isArray(v)
      ? v.flatMap((w) => (typeof w === 'string' ? w.split(',') : [w]))
      : v;

/**
 * Trigger words as a list, or as one comma-separated string (SPEC: keywords); a comma always
 * separates two words (they are stored comma separated).
 */
const zTriggers = () =>
  z.preprocess(
    splitTriggers,
    z
      .array(z.string().transform((s) => s.trim()))
      .transform((words) => {
        const seen = new Set<string>();
        return words.filter((w) => {
          const key = triggerKey(w);
          if (!w || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      })
      .pipe(
        z
          .array(
            z
              .string()
              .max(TRIGGER_MAX, fieldMessage('max_chars', TRIGGER_MAX))
              .refine((w) => triggerKey(w) !== '', 'trigger_letters'),
          )
          .min(1, 'required')
          .max(MAX_TRIGGERS, fieldMessage('too_many_triggers', MAX_TRIGGERS)),
      ),
  );

/** A whole-number percent 1–100 (0 or null: no discount). */
const zDiscount = () =>
  z.preprocess(
    (v) => (v === '' || v === 0 ? null : v),
    z
      .number({ error: 'numeric' })
      .int('integer')
      .min(1, 'discount_range')
      .max(100, 'discount_range')
      .nullish(),
  );

/**
 * POST chatbot: a custom reply, created, or updated when `id` is given. The name is unique among
 * the seller's replies (409 `chatbot_name_taken`); texts may hold the placeholders of
 * `REPLY_PLACEHOLDERS.users` only.
 */
export const ZChatbotMessageBody = z
  .strictObject({
    id: zId().optional(),
    name: zText(1, 100),
    keywords: zTriggers(),
    message_fr: zReplyText(),
    message_en: zReplyText(),
    product_id: zId('product').nullish(),
    discount: zDiscount(),
    max_answer_count: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .number({ error: 'numeric' })
        .int('integer')
        .min(1, 'min_one')
        .max(MAX_ANSWERS_PER_LIVE, fieldMessage('max_value', MAX_ANSWERS_PER_LIVE))
        .nullish(),
    ),
    active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => checkPlaceholders(body, REPLY_PLACEHOLDERS.users, [], ctx));
export type TChatbotMessageBody = z.input<typeof ZChatbotMessageBody>;
/** POST chatbot's body as the server reads it (trigger words split, trimmed, deduplicated). */
export type TChatbotMessageBodyOut = z.output<typeof ZChatbotMessageBody>;

/** The answer of POST chatbot: the reply as saved, and the toast (SPEC §8). */
export const ZChatbotSaved = z.object({ success: z.literal(true), item: ZChatbotMessage });
export type TChatbotSaved = z.infer<typeof ZChatbotSaved>;

/** The `{id}` of fetch-chatbot-message, chatbot/delete and chatbot/change-active. */
export const ZChatbotIdParams = z.object({ id: zId() });

/** GET fetch-chatbot-message/{id}. */
export const ZChatbotItem = z.object({ item: ZChatbotMessage });

/** GET chatbot/change-active-all?status: every custom reply of the seller switched on or off. */
export const ZChangeActiveAllQuery = z.object({
  status: z
    .enum(['true', 'false', '1', '0'], { error: 'invalid' })
    .transform((s) => s === 'true' || s === '1'),
});
/** The answer of change-active and change-active-all: the new state and how many replies changed. */
export const ZChangeActiveResult = z.object({
  success: z.literal(true),
  active: z.boolean(),
  count: z.number(),
});
export type TChangeActiveResult = z.infer<typeof ZChangeActiveResult>;

// ---------------------------------------------------------------------------------------------
// System replies

/**
 * A system reply as a seller (their text, else the platform's) or the admin (the platform's) has
 * it, with the platform's default beside it and the placeholders its texts may hold.
 */
export const ZSystemReplyItem = z.object({
  id: z.number(),
  name: z.enum(SYSTEM_REPLIES),
  message_fr: z.string(),
  message_en: z.string(),
  active: z.boolean(),
  /** Carries the cart: its texts must hold `{link}` and it cannot be switched off. */
  mandatory: z.boolean(),
  /** The platform's texts (what "back to the default" gives). */
  default_fr: z.string(),
  default_en: z.string(),
  /** The seller wrote their own texts or switch (always false for the admin). */
  overridden: z.boolean(),
  placeholders: z.array(z.enum(PLACEHOLDERS)),
  updated_at: z.string(),
});
export type TSystemReplyItem = z.infer<typeof ZSystemReplyItem>;

/** GET fetch-chatbot-default-messages: every system reply, in SYSTEM_REPLIES order. */
export const ZSystemReplyList = z.object({ items: z.array(ZSystemReplyItem) });
export type TSystemReplyList = z.infer<typeof ZSystemReplyList>;

/**
 * POST chatbot-default: a seller's own texts (and switch) for a system reply, or, with `reset`,
 * back to the platform's; the admin edits the platform's default (every seller without their own
 * text gets it). A mandatory reply keeps `{link}` in both texts and stays on.
 */
export const ZSystemReplyBody = z
  .strictObject({
    name: z.enum(SYSTEM_REPLIES, { error: 'invalid' }),
    message_fr: zReplyText().optional(),
    message_en: zReplyText().optional(),
    active: z.boolean().optional(),
    reset: z.literal(true).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.reset) {
      for (const field of ['message_fr', 'message_en'] as const)
        if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
    }
    const mandatory = MANDATORY_REPLIES.includes(body.name);
    checkPlaceholders(
      body,
      REPLY_PLACEHOLDERS[body.name],
      mandatory ? ['link'] : [],
      ctx,
      EMAILED_REPLIES.includes(body.name),
    );
    if (mandatory && body.active === false)
      ctx.addIssue({ code: 'custom', path: ['active'], message: 'mandatory_reply' });
  });
export type TSystemReplyBody = z.input<typeof ZSystemReplyBody>;
export type TSystemReplyBodyOut = z.output<typeof ZSystemReplyBody>;

/** The answer of POST chatbot-default: the reply as the caller now has it. */
export const ZSystemReplySaved = z.object({ success: z.literal(true), item: ZSystemReplyItem });

// ---------------------------------------------------------------------------------------------
// Sessions

/** A live session of the seller's that is live now (GET fetch-active-sessions). */
export const ZActiveSession = z.object({
  id: z.number(),
  event_date: z.string(),
  event_time: z.string(),
  started_at: z.string().nullable(),
  /** The store it sells on, or null. */
  store: z.object({ id: z.number(), name: z.string(), platform: z.string() }).nullable(),
  /** Comments a custom reply answered in it. */
  answered: z.number(),
});
/**
 * GET fetch-active-sessions: the sessions live now (`items`, what the chatbot's "test in a live"
 * lists), the broadcasts live now on the seller's stores (`videos`, what a session can be tied
 * to) and the seller's stores (`stores`, what can feed a session).
 */
export const ZActiveSessions = z.object({
  items: z.array(ZActiveSession),
  videos: z.array(ZLiveVideoNow),
  stores: z.array(ZLiveStore),
});
export type TActiveSession = z.infer<typeof ZActiveSession>;
export type TActiveSessions = z.infer<typeof ZActiveSessions>;

/** Example values the editors' preview fills the placeholders with, per language. */
export const PREVIEW_VALUES: Record<'fr' | 'en', Record<TPlaceholder, string>> = {
  fr: {
    first_name: 'Camille',
    items: 'Robe fleurie (Rouge, M) ×1',
    link: 'https://livecart.example/checkout/LC-4F7K2Q',
    minutes: '30',
    store: 'Boutique Sophie',
    product: 'Robe fleurie',
    options: 'Rouge M, Rouge L, Bleu M',
    order: 'LC-4F7K2Q',
    amount: '49,90 €',
    price: '49,90 €',
    keyword: 'ROBE12',
    discount: '10 %',
  },
  en: {
    first_name: 'Camille',
    items: 'Floral dress (Red, M) ×1',
    link: 'https://livecart.example/en/checkout/LC-4F7K2Q',
    minutes: '30',
    store: 'Boutique Sophie',
    product: 'Floral dress',
    options: 'Red M, Red L, Blue M',
    order: 'LC-4F7K2Q',
    amount: '€49.90',
    price: '€49.90',
    keyword: 'ROBE12',
    discount: '10%',
  },
};
