/**
 * The chatbot as the live engine and the follow-up e-mails read it: a seller's system texts as
 * they take effect (their own row of an event, else the platform's) and their active custom
 * replies with what the texts name (product, price, keyword, discount). The seller's screens
 * (routes, service) write these rows; this file only reads them.
 *
 * The live claim reads them with its catalogue (`live/claim.ts`), cached per seller for a few
 * seconds under the version {@link chatbotVersionSql}, which changes as soon as a reply (the
 * seller's or the platform's) is created, saved, switched or deleted: the next comment uses it.
 */
import {
  MANDATORY_REPLIES,
  replyMatcher,
  SYSTEM_REPLIES,
  type TSystemReply,
} from '@livecart/contract/chatbot';
import type { TLocale } from '@livecart/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eurosIn } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';

/** A text in both languages. */
export interface ReplyText {
  fr: string;
  en: string;
}

/** The seller's system texts by event; null: the seller switched that (non-mandatory) reply off. */
export type SystemTexts = Record<TSystemReply, ReplyText | null>;

/** A seller's active custom reply, as a comment that triggers it is answered with. */
export interface CustomReply {
  id: number;
  name: string;
  /** Trigger words as the seller wrote them. */
  triggers: string[];
  text: ReplyText;
  /** The product it names (its first keyword is what to comment to order it); null when none or deleted. */
  product: { id: number; name: string; priceCents: number; keyword: string } | null;
  /** The product a discount applies to (null: the whole cart), even when the product is gone. */
  discountProductId: number | null;
  /** Percent off the viewer's cart of the live, or null. */
  discount: number | null;
  /** Most answers in one live (null: no limit). */
  maxPerLive: number | null;
  /** One of its texts holds `{link}`: answering gives the viewer their cart link. */
  givesLink: boolean;
}

/** What the live engine reads of a seller's chatbot. */
export interface SellerChatbot {
  system: SystemTexts;
  replies: CustomReply[];
  /**
   * The custom reply a comment triggers (whole words, accents and case aside: `triggerKey`), or
   * null. When several match, the longest trigger wins (the most specific: "taille enfant" before
   * "taille"), then the oldest reply.
   */
  match(comment: string): CustomReply | null;
}

/**
 * The seller's chatbot as a version string (count, highest id and latest change of the rows the
 * seller reads: theirs and the platform's). Answering a comment does not change it (it counts
 * answers without touching `updated_at`), saving a reply does.
 */
export const chatbotVersionSql = (seller: SQL) =>
  sql<string>`(SELECT count(*)::text || '/' || coalesce(max(m.id), 0)::text || '/' ||
    coalesce(max(m.updated_at)::text, '') FROM chatbot_messages m
    WHERE m.seller_id = ${seller} OR m.seller_id IS NULL)`;

interface MessageRow {
  id: number;
  seller_id: number | null;
  type: 'system' | 'users';
  name: string;
  keywords: string;
  message_fr: string;
  message_en: string;
  active: boolean;
  product_id: number | null;
  discount_percent: number | null;
  max_answer_count: number | null;
  product_name: string | null;
  product_price_cents: number | null;
  product_keywords: string | null;
}

/** The system rows of a seller (theirs and the platform's) and their active custom replies. */
async function readMessages(db: DbOrTx, sellerId: number, only?: TSystemReply): Promise<MessageRow[]> {
  return queryRows<MessageRow>(
    db,
    sql`SELECT m.id, m.seller_id, m.type, m.name, m.keywords, m.message_fr, m.message_en, m.active,
          m.product_id, m.discount_percent, m.max_answer_count,
          p.name AS product_name, p.price_cents AS product_price_cents, p.keywords AS product_keywords
        FROM chatbot_messages m
        LEFT JOIN products p ON p.id = m.product_id AND p.seller_id = m.seller_id AND p.deleted_at IS NULL
        WHERE ${
          only
            ? sql`m.type = 'system' AND m.name = ${only} AND (m.seller_id = ${sellerId} OR m.seller_id IS NULL)`
            : sql`(m.type = 'system' AND (m.seller_id = ${sellerId} OR m.seller_id IS NULL))
                OR (m.type = 'users' AND m.seller_id = ${sellerId} AND m.active)`
        }
        ORDER BY m.created_at, m.id`,
  );
}

/**
 * Each event's text as it takes effect: the seller's row, else the platform's (a language the
 * seller left empty takes the platform's); a mandatory reply is never off.
 */
function systemTexts(rows: MessageRow[]): SystemTexts {
  const texts = {} as SystemTexts;
  for (const name of SYSTEM_REPLIES) {
    const platform = rows.find((r) => r.type === 'system' && r.name === name && r.seller_id === null);
    const own = rows.find((r) => r.type === 'system' && r.name === name && r.seller_id !== null);
    const row = own ?? platform;
    const active = MANDATORY_REPLIES.includes(name) || (row?.active ?? true);
    texts[name] =
      row && active
        ? {
            fr: row.message_fr || platform?.message_fr || '',
            en: row.message_en || platform?.message_en || '',
          }
        : null;
  }
  return texts;
}

function customReply(r: MessageRow): CustomReply {
  const keyword = (r.product_keywords ?? '').split(',').find(Boolean) ?? '';
  return {
    id: r.id,
    name: r.name,
    triggers: r.keywords.split(',').filter((w) => w.trim()),
    text: { fr: r.message_fr, en: r.message_en },
    product:
      r.product_id !== null && r.product_name !== null
        ? { id: r.product_id, name: r.product_name, priceCents: Number(r.product_price_cents), keyword }
        : null,
    discountProductId: r.product_id,
    discount: r.discount_percent || null,
    maxPerLive: r.max_answer_count,
    givesLink: `${r.message_fr} ${r.message_en}`.includes('{link}'),
  };
}

/** The reply a comment's trigger words call for (the contract's one rule, `replyMatcher`). */
function matcher(replies: CustomReply[]): SellerChatbot['match'] {
  const match = replyMatcher(replies, (r) => r.triggers);
  return (comment) => match(comment)?.reply ?? null;
}

/** Reads a seller's chatbot: system texts and active custom replies (oldest first). */
export async function loadSellerChatbot(db: DbOrTx, sellerId: number): Promise<SellerChatbot> {
  const rows = await readMessages(db, sellerId);
  const replies = rows.filter((r) => r.type === 'users').map(customReply);
  return { system: systemTexts(rows), replies, match: matcher(replies) };
}

/** How long a seller's chatbot read under a version is reused. */
const CACHE_MS = 3_000;
const cache = new Map<number, { version: string; expires: number; chatbot: Promise<SellerChatbot> }>();

/**
 * A seller's chatbot, reused for a few seconds while `version` ({@link chatbotVersionSql}, or a
 * version that holds it) stays the same; read again otherwise.
 */
export function sellerChatbot(db: DbOrTx, sellerId: number, version: string): Promise<SellerChatbot> {
  const now = Date.now();
  const cached = cache.get(sellerId);
  if (cached && cached.version === version && cached.expires > now) return cached.chatbot;
  for (const [id, c] of cache) if (c.expires <= now) cache.delete(id);
  const chatbot = loadSellerChatbot(db, sellerId);
  cache.set(sellerId, { version, expires: now + CACHE_MS, chatbot });
  chatbot.catch(() => cache.delete(sellerId));
  return chatbot;
}

/**
 * One system text of the seller in `locale`, as it takes effect now (the follow-up e-mails:
 * waiting list served, cart expiring, payment received); null when the seller switched it off.
 */
export async function systemReplyText(
  db: DbOrTx,
  sellerId: number,
  name: TSystemReply,
  locale: TLocale,
): Promise<string | null> {
  const text = systemTexts(await readMessages(db, sellerId, name))[name];
  return text ? text[locale] : null;
}

/** A custom reply's own placeholders in `locale`: its product, price, keyword and discount. */
export function customReplyValues(reply: CustomReply, locale: TLocale) {
  return {
    product: reply.product?.name,
    price: reply.product ? eurosIn(reply.product.priceCents, locale) : undefined,
    keyword: reply.product?.keyword || undefined,
    discount: reply.discount ? `${reply.discount}${locale === 'fr' ? ' %' : '%'}` : undefined,
  };
}

/** The first word of a name (`{first_name}`); empty when there is none. */
export const firstNameOf = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] ?? '';
