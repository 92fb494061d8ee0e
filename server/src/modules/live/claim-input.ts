/**
 * What `live_claim_comment_once` (sql/claim.sql) is told about one comment. The comment was parsed in
 * Node; the function decides everything that depends on the database (stock, cart, queue) in one
 * statement. Parsed before every call, so the SQL reads only what this schema promises.
 */
import { LOCALES } from '@livecart/contract/constants';
import { z } from 'zod';

/** An article the comment asks for, in the seller's catalogue. */
export const ZWantedArticle = z.object({
  configurationId: z.number().int().positive(),
  productId: z.number().int().positive(),
  quantity: z.number().int().positive(),
  /** Snapshots kept on the cart line. */
  name: z.string(),
  colorLabel: z.string().nullable(),
  sizeLabel: z.string().nullable(),
  photo: z.string().nullable(),
  /** How the reply names it, before its quantity, per language: `Robe fleurie (Rouge, M)`. */
  article: z.object({ fr: z.string(), en: z.string() }),
});

/** A product named without a usable variant, with the variants to offer (none: sold out). */
const ZChoose = z.object({ product: z.string(), options: z.array(z.string()), noMatch: z.boolean() });

/** The system replies a comment's private reply is made of (the chatbot's events of a claim). */
export const CLAIM_REPLIES = [
  'cart_created',
  'waiting_joined',
  'choose_variant',
  'unknown_variant',
  'sold_out',
] as const;

/**
 * The seller's texts of those replies in one language; null: switched off (says nothing of its
 * part); absent: the platform's default as the code ships it.
 */
export const ZReplyTexts = z.partialRecord(z.enum(CLAIM_REPLIES), z.string().nullable());

/**
 * The private reply's outbox payload; the claim fills `parts.reserved`, `parts.waiting`, and in the
 * viewer's language `parts.choose` and `parts.texts` (of `choose` and `texts`), `orderNumber`,
 * `locale` and `answer`.
 */
export const ZReplyJob = z.object({
  commentId: z.string(),
  liveCommentId: z.number().int(),
  sessionId: z.number().int(),
  sellerId: z.number().int(),
  /** The store the comment came through (its reply goes back through it); null: the session's. */
  storeId: z.number().int().nullable(),
  orderNumber: z.null(),
  locale: z.enum(LOCALES),
  parts: z.object({
    storeName: z.string(),
    /** The commenter's first name (`{first_name}`). */
    firstName: z.string(),
    timerMinutes: z.number().int().nonnegative(),
    reserved: z.array(z.string()).length(0),
    waiting: z.array(z.string()).length(0),
    choose: z.array(ZChoose).length(0),
  }),
});

export const ZClaimInput = z.object({
  /** false: the commit does not wait for its WAL flush; the caller's end of the post flushes them all. */
  durable: z.boolean(),
  sellerId: z.number().int().positive(),
  sessionId: z.number().int().positive(),
  liveCommentId: z.number().int().positive(),
  /** The platform's comment id (the reply's dedupe key, the cart's comment). */
  externalId: z.string(),
  /** The platform the comment was written on: the viewer's identity is theirs there. */
  platform: z.enum(['facebook', 'instagram']),
  /** The viewer as the platform names them. */
  fromId: z.string(),
  fromName: z.string().nullable(),
  /** When the viewer wrote it: their place in a waiting list. */
  commentTime: z.iso.datetime({ offset: true }),
  /** The session's cart duration in minutes (0: carts never expire by timer). */
  timer: z.number().int().nonnegative(),
  locale: z.enum(LOCALES),
  /** Who ordered, for the seller's notice. */
  who: z.string(),
  /** Used only when the viewer has no open cart yet, with the hash of its checkout link's secret. */
  orderNumber: z.string(),
  accessTokenHash: z.string(),
  /** Why part of the comment asked the viewer to choose (kept on the comment). */
  outcomeReason: z.string().nullable(),
  /**
   * What the viewer is answered with when the seller blocked them (null: the default text in the
   * reply's language); such a comment reserves nothing.
   */
  blockedMessage: z.string().nullable(),
  /** In ascending configuration id: the lock order of every claim. */
  wanted: z
    .array(ZWantedArticle)
    .refine((w) => w.every((a, i) => i === 0 || w[i - 1].configurationId <= a.configurationId), {
      message: 'wanted must come in ascending configurationId',
    }),
  reply: ZReplyJob,
  /** The products to choose a variant of, per language (the claim keeps the viewer's). */
  choose: z.object({ fr: z.array(ZChoose), en: z.array(ZChoose) }),
  /** The seller's texts of the reply's parts, per language (the claim keeps the viewer's). */
  texts: z.object({ fr: ZReplyTexts, en: ZReplyTexts }),
  /** The custom reply the comment's trigger word names (chatbot_answer decides whether it is sent). */
  answer: z
    .object({
      id: z.number().int().positive(),
      name: z.string(),
      /** Its text holds {link}: answering opens the viewer's cart. */
      givesLink: z.boolean(),
      /** Percent off the viewer's cart of the live, on `productId` (null: the whole cart). */
      discount: z.number().int().min(1).max(100).nullable(),
      productId: z.number().int().positive().nullable(),
      text: z.object({ fr: z.string(), en: z.string() }),
      /** Its placeholders' values per language (product, price, keyword, discount). */
      values: z.object({ fr: z.record(z.string(), z.string()), en: z.record(z.string(), z.string()) }),
    })
    .nullable(),
});
export type TClaimInput = z.infer<typeof ZClaimInput>;
