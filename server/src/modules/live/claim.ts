/**
 * The claim: turns the stored comments of a live session into reserved cart lines, waiting-list
 * rows and one private reply per comment.
 *
 * Comments are parsed here ({@link createCommentParser}), and a post's comments are then claimed by
 * ONE call of the database function `live_claim_post` (`sql/claim.sql`), one transaction and one
 * round trip for the whole post, once the post's viewers the seller never saw are recorded in a
 * short statement of their own ({@link recordNewViewers}). It locks the post's comments, knows
 * their viewers, then locks every configuration they want by ascending id (`products_lock_many`),
 * and decides the comments in
 * comment order: runs of plain orders of articles together (`live_claim_run`, one set statement per
 * step), any other comment alone in its place (`live_claim_comment_once`, its input checked by
 * {@link ZClaimInput}), so the post's outcome is the one of claiming its comments one after
 * another (claim-batch.test.ts compares the two). The steps are the owning modules' own functions:
 * the stock rule is `products_reserve` (`../products/sql/stock.sql`, wrapped for TypeScript by
 * `../products/stock.ts`), the cart `orders_open_cart` / `orders_add_to_cart`
 * (`../orders/sql/cart.sql`), the queue `orders_join_waiting_list`. A request larger than the free
 * stock reserves what is free and waits for the rest.
 *
 * Each comment row is locked and a comment already decided is skipped, so a comment claimed by
 * several callers at once — a slow first delivery, a re-delivery, the sweeper of `recovery.ts` —
 * is decided once. Two posts wanting the same configuration queue on it before either takes
 * anything; what a claim locks after that (identity, custom reply, cart) can cross another post or
 * a release (cart → configurations → other carts, `../orders/waiting.ts`), so the call is retried
 * on a deadlock or serialization failure. When the post's call fails otherwise, nothing of it is
 * kept and its comments are claimed one by one, each its own transaction (`live_claim_comment_once`
 * directly, a few side by side), so the comment at fault alone is `error`. Claims commit without
 * waiting for their WAL flush, and one durable commit at the end of the post flushes them before it
 * is answered.
 *
 * The seller's catalogue (parser, labels, photos), store context (the shop's language and name)
 * and chatbot (system texts, custom replies and their trigger words) are cached per session for a
 * few seconds, and reloaded as soon as a product of the seller is saved, published or unpublished,
 * the shop's settings saved, or a chatbot reply saved (the ingest call reads that version with
 * the session).
 *
 * A comment holding a custom reply's trigger word (with or without a product keyword) is claimed
 * with that reply (`answer`): the database decides whether it is sent (once per viewer per reply
 * per live, up to its maximum). A comment without a keyword nor a trigger word is `no_match`
 * without a claim of its own.
 */

import type { TLocale } from '@livecart/contract/constants';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Ctx } from '../../lib/http.ts';
import { isRetryable } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { sha256 } from '../../lib/tokens.ts';
import { type CommentViewer, recordViewers } from '../buyers/identities.ts';
import {
  chatbotVersionSql,
  firstNameOf,
  loadSellerChatbot,
  type SellerChatbot,
  sellerChatbot,
} from '../chatbot/texts.ts';
import {
  LIVE_EVENTS_CHANNEL,
  type LiveEvent,
  type LiveEventMessage,
  publishLiveEvent,
} from '../events/bus.ts';
import { newOrderNumber, orderAccessToken } from '../orders/cart.ts';
import { firstPhotos } from '../products/photos.ts';
import { storeContext } from '../stores/service.ts';
import { claimAnswer, claimTexts } from './claim-chatbot.ts';
import { ZClaimInput } from './claim-input.ts';
import { type CatalogueProduct, type CommentIntent, createCommentParser } from './parser.ts';
import type { PrivateReplyJob } from './replies.ts';
import type { liveComments, liveSessions } from './tables.ts';

export { newOrderNumber, orderAccessToken } from '../orders/cart.ts';
export type { PrivateReplyJob } from './replies.ts';

type SessionRow = typeof liveSessions.$inferSelect;
type CommentRow = typeof liveComments.$inferSelect;

/**
 * What a claim call did: comments that reserved something, that joined a waiting list, and the ids
 * of the comments it decided (a comment another caller decided first is not among them).
 */
export interface ClaimResult {
  ordered: number;
  waiting: number;
  decided: Set<number>;
}

interface ConfigInfo {
  id: number;
  productId: number;
  productName: string;
  /** Colour and size in the shop's language (the line's snapshots). */
  colorLabel: string | null;
  sizeLabel: string | null;
  /** Colour and size in each language (the reply's, the viewer's when known). */
  labels: Record<TLocale, [string | null, string | null]>;
  stock: number;
}

/** The seller's live catalogue, read once per claim call. */
interface Snapshot {
  catalogue: CatalogueProduct[];
  configs: Map<number, ConfigInfo>;
  photos: Map<number, string>;
  productNames: Map<number, string>;
}

interface CatalogueRow {
  product_id: number;
  name: string;
  keywords: string;
  id: number;
  quantity: number;
  color_id: number | null;
  color_code: string | null;
  color_fr: string | null;
  color_en: string | null;
  size_id: number | null;
  size_code: string | null;
  size_fr: string | null;
  size_en: string | null;
}

/** Published, non-deleted products of the seller with keywords, configurations and stock. */
async function loadSnapshot(db: DbOrTx, sellerId: number, locale: TLocale): Promise<Snapshot> {
  const rows = await queryRows<CatalogueRow>(
    db,
    sql`SELECT p.id AS product_id, p.name, p.keywords, c.id, c.quantity,
          co.id AS color_id, co.code AS color_code, co.name_fr AS color_fr, co.name_en AS color_en,
          s.id AS size_id, s.code AS size_code, s.name_fr AS size_fr, s.name_en AS size_en
        FROM products p
        JOIN product_configurations c ON c.product_id = p.id
        LEFT JOIN colors co ON co.id = c.color_id
        LEFT JOIN sizes s ON s.id = c.size_id
        WHERE p.seller_id = ${sellerId} AND p.is_publish AND p.deleted_at IS NULL AND p.keywords <> ''
        ORDER BY p.id, c.id`,
  );
  const products = new Map<number, CatalogueProduct>();
  const configs = new Map<number, ConfigInfo>();
  for (const r of rows) {
    let product = products.get(r.product_id);
    if (!product) {
      product = {
        id: r.product_id,
        name: r.name,
        keywords: r.keywords.split(',').filter(Boolean),
        configurations: [],
      };
      products.set(r.product_id, product);
    }
    product.configurations.push({
      id: r.id,
      stock: r.quantity,
      color: r.color_id
        ? { id: r.color_id, names: [r.color_fr, r.color_en, r.color_code].filter(isText) }
        : null,
      size: r.size_id
        ? { id: r.size_id, names: [r.size_fr, r.size_en].filter(isText), code: r.size_code ?? '' }
        : null,
    });
    configs.set(r.id, {
      id: r.id,
      productId: r.product_id,
      productName: r.name,
      colorLabel: (locale === 'en' ? r.color_en : r.color_fr) ?? null,
      sizeLabel: (locale === 'en' ? r.size_en : r.size_fr) ?? null,
      labels: { fr: [r.color_fr, r.size_fr], en: [r.color_en, r.size_en] },
      stock: r.quantity,
    });
  }
  const photos = await firstPhotos(db, [...products.keys()]);
  return {
    catalogue: [...products.values()],
    configs,
    photos: new Map([...photos].map(([id, p]) => [id, p.thumb_url || p.url])),
    productNames: new Map([...products.values()].map((p) => [p.id, p.name])),
  };
}

const isText = (s: string | null): s is string => !!s;

/** A variant as the reply offers it: `Rouge M`. */
const variantLabel = (c: ConfigInfo, locale: TLocale) => c.labels[locale].filter(Boolean).join(' ');
/** The article as the reply names it, before its quantity, in each language: `Robe fleurie (Rouge, M)`. */
const articleNames = (c: ConfigInfo) => {
  const name = (locale: TLocale) => {
    const variant = c.labels[locale].filter(Boolean).join(', ');
    return `${c.productName}${variant ? ` (${variant})` : ''}`;
  };
  return { fr: name('fr'), en: name('en') };
};

/** What claiming a session's comments needs besides the comments: read once, cached a little. */
interface ClaimContext {
  locale: TLocale;
  storeName: string;
  /** The seller's answer to a blocked shopper (null: the default text). */
  blockedMessage: string | null;
  snapshot: Snapshot;
  parse: (message: string) => CommentIntent[];
  chatbot: SellerChatbot;
}

/**
 * How long a session's context is reused while the seller's catalogue version stays the same; for
 * as long again it is still used while a fresh one is read in the background.
 */
const CONTEXT_TTL_MS = 3_000;
const contexts = new Map<
  number,
  { context: ClaimContext; storeId: number | null; version: string; expires: number; refreshing: boolean }
>();

/**
 * The seller's catalogue as a version string, read with the session at each ingest call: it changes
 * when a product is saved (or its photos, or deleted), published or unpublished (the products'
 * version, `catalogue_versions`: one row, whatever the catalogue's size), when the
 * shop's settings are saved (its language names the articles and writes the replies), and when a
 * chatbot reply is saved ({@link chatbotVersionSql}: the next comment uses it).
 */
export const catalogueVersionSql = (sellerId: SQL | AnyColumn | number) => {
  // A column is named with its table: a select from one table writes it bare (`"seller_id"`),
  // which inside the subqueries would be their own table's column.
  const seller =
    typeof sellerId === 'object' && 'table' in sellerId
      ? sql`${sellerId.table}.${sql.identifier(sellerId.name)}`
      : sql`${sellerId}`;
  return sql<string>`(coalesce((SELECT v.version::text FROM catalogue_versions v WHERE v.seller_id = ${seller}), '0')
    || '/' || coalesce((SELECT st.updated_at::text FROM settings st WHERE st.user_id = ${seller}), '')
    || '/' || ${chatbotVersionSql(seller)})`;
};

async function claimContext(
  db: DbOrTx,
  session: Pick<SessionRow, 'id' | 'seller_id' | 'store_id'>,
  version: string | undefined,
): Promise<ClaimContext> {
  const now = Date.now();
  const cached = contexts.get(session.id);
  const load = async () => {
    const { locale, storeName, blockedMessage } = await storeContext(db, session.seller_id, session.store_id);
    const snapshot = await loadSnapshot(db, session.seller_id, locale);
    const chatbot = await (version === undefined
      ? loadSellerChatbot(db, session.seller_id)
      : sellerChatbot(db, session.seller_id, version));
    return {
      locale,
      storeName,
      blockedMessage,
      snapshot,
      parse: createCommentParser(snapshot.catalogue),
      chatbot,
    };
  };
  const keep = (context: ClaimContext, at: number) => {
    if (version === undefined) return;
    for (const [id, c] of contexts) if (c.expires + CONTEXT_TTL_MS <= at) contexts.delete(id);
    contexts.set(session.id, {
      context,
      storeId: session.store_id ?? null,
      version,
      expires: at + CONTEXT_TTL_MS,
      refreshing: false,
    });
  };
  if (version !== undefined && cached?.version === version && cached.storeId === session.store_id) {
    if (cached.expires > now) return cached.context;
    // The catalogue is the same; only stock and store details may have moved since: this post
    // uses the context a few seconds old while it is read again for the next ones.
    if (!cached.refreshing && cached.expires + CONTEXT_TTL_MS > now) {
      cached.refreshing = true;
      load().then(
        (context) => keep(context, Date.now()),
        () => {
          cached.refreshing = false;
        },
      );
      return cached.context;
    }
  }
  const context = await load();
  keep(context, now);
  return context;
}

/** Claims of one post running side by side (each on its own pooled connection). */
const LANES = 6;

/** At most `n` holders at once: `await acquire()` answers the release function. */
function semaphore(n: number) {
  let free = n;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free++;
  };
  return async (): Promise<() => void> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => queue.push(resolve));
    return release;
  };
}

/**
 * Claims stored comments of a live session (rows already decided, e.g. ignored, are skipped), in
 * comment order: those `ingestComments` just stored or found undecided, or those the sweeper
 * found. Each claim locks its comment and skips it when another caller decided it first, so a
 * comment never makes a second line however many times it is delivered or swept.
 * `catalogueVersion` (read with the session, {@link catalogueVersionSql}) lets the seller's
 * catalogue be reused from an earlier call; without it, it is read again.
 */
export async function claimComments(
  ctx: Ctx,
  session: Pick<SessionRow, 'id' | 'seller_id' | 'status' | 'store_id' | 'order_timer_minutes'>,
  rows: CommentRow[],
  catalogueVersion?: string,
): Promise<ClaimResult> {
  const result: ClaimResult = { ordered: 0, waiting: 0, decided: new Set() };
  const pending = rows.filter((r) => r.outcome === null);
  if (session.status !== 'live' || !pending.length) {
    if (rows.length)
      await publishLiveEvent(ctx.db, session.seller_id, { type: 'comments', sessionId: session.id });
    return result;
  }
  const context = await claimContext(ctx.db, session, catalogueVersion);
  const noMatch: number[] = [];
  const claims: { comment: CommentRow; intents: CommentIntent[]; answer: ReturnType<typeof claimAnswer> }[] =
    [];
  for (const comment of pending) {
    const intents = context.parse(comment.message);
    const answer = claimAnswer(context.chatbot.match(comment.message));
    if (intents.length || answer) claims.push({ comment, intents, answer });
    else noMatch.push(comment.id);
  }
  const events: LiveEvent[] = [];
  const record = (comment: CommentRow, claimed: Claimed) => {
    if (claimed.skipped) return;
    result.decided.add(comment.id);
    if (claimed.outcome === 'cart') result.ordered++;
    if (claimed.outcome === 'waiting') result.waiting++;
    if (claimed.cart && claimed.orderId !== null && claimed.orderNumber !== null) {
      events.push({
        type: 'cart',
        orderId: claimed.orderId,
        orderNumber: claimed.orderNumber,
        sessionId: session.id,
      });
    }
    for (const configurationId of claimed.waiting) events.push({ type: 'waiting', configurationId });
  };
  await recordNewViewers(
    ctx,
    session.seller_id,
    claims.map((c) => c.comment),
  );
  const inputs = claims.map(({ comment, intents, answer }) => ({
    comment,
    answer,
    input: claimInput(ctx, session, context, comment, intents, answer),
  }));
  if (inputs.length) {
    // The whole post in one call; when one of its comments fails, the post's claims are undone
    // and its comments claimed one by one, so that comment alone is `error`.
    let claimed: Claimed[] | null = null;
    try {
      claimed = await claimPost(
        ctx.db,
        inputs.map((c) => c.input),
      );
    } catch (err) {
      ctx.log.warn({ err, sessionId: session.id }, 'post claim failed, claiming its comments one by one');
    }
    if (claimed) for (const [k, c] of inputs.entries()) record(c.comment, claimed[k]);
    else await claimOneByOne(ctx, inputs, record);
  }
  // One statement ends the post: the comments without a keyword; the live events of the claims
  // and the console told its feed changed (a transaction that notifies holds a database-wide lock
  // while it commits, so the claims do not notify themselves: that would serialize them); the
  // outbox worker woken for the replies. It is also the post's durable commit: claims commit
  // without waiting for their WAL flush, and this commit (made to write WAL by a transactional
  // logical message) flushes them all before the post is answered. A reply is only sent after the
  // worker's own durable commit, which flushes them too: no reply goes out, no post is answered,
  // for a claim a crash could still lose.
  events.push({ type: 'comments', sessionId: session.id });
  const messages = [
    ...new Set(events.map((e) => JSON.stringify({ ...e, sellerId: session.seller_id } as LiveEventMessage))),
  ];
  // Comments without a keyword that another caller has not decided meanwhile, locked in id order
  // (two posts carrying the same comments lock them alike).
  const decide = noMatch.length
    ? sql`WITH undecided AS (
            SELECT id FROM live_comments WHERE id IN ${noMatch} AND outcome IS NULL ORDER BY id FOR NO KEY UPDATE
          ), decided AS (
            UPDATE live_comments c SET outcome = 'no_match', processed_at = now()
            FROM undecided u WHERE c.id = u.id AND c.outcome IS NULL RETURNING c.id)`
    : sql``;
  const decidedIds = noMatch.length ? sql`(SELECT array_agg(id) FROM decided)` : sql`NULL::int[]`;
  const flush = claims.length
    ? sql`, pg_logical_emit_message(true, 'livecart.claims', ''), pg_notify('outbox', 'private_reply')`
    : sql``;
  const [end] = await queryRows<{ no_match: number[] | null }>(
    ctx.db,
    sql`${decide}
        SELECT (SELECT count(*) FROM (
                  SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, m.value)
                  FROM jsonb_array_elements_text(${JSON.stringify(messages)}::jsonb) AS m(value)) n) AS sent,
               ${decidedIds} AS no_match${flush}`,
  );
  for (const id of end?.no_match ?? []) result.decided.add(Number(id));
  return result;
}

/**
 * A post's viewers the seller never saw, recorded before its claim in a short statement of their own
 * (`recordViewers`, ../buyers/identities.ts), so the claim only reads them: a post never waits for
 * another post's whole claim to know a viewer they both bring, and two posts never deadlock on new
 * viewers (each deadlock costs a second at the start of a live). A failure here costs nothing but
 * that: the claim writes the viewers it does not find.
 */
async function recordNewViewers(ctx: Ctx, sellerId: number, comments: CommentRow[]) {
  const viewers: CommentViewer[] = comments.flatMap((c) =>
    c.from_id === null
      ? []
      : [{ platform: c.platform ?? 'facebook', fromId: c.from_id, fromName: c.from_name }],
  );
  try {
    await recordViewers(ctx.db, sellerId, viewers);
  } catch (err) {
    ctx.log.warn({ err, sellerId }, 'viewers not recorded before the claim');
  }
}

/** What `live_claim_comment_once` is told about one comment ({@link ZClaimInput}; sql/claim.sql for the steps). */
function claimInput(
  ctx: Ctx,
  session: Pick<SessionRow, 'id' | 'seller_id' | 'order_timer_minutes'>,
  context: ClaimContext,
  comment: CommentRow,
  intents: CommentIntent[],
  answer: ReturnType<typeof claimAnswer>,
) {
  const { snapshot, locale } = context;
  const wanted = intents
    .filter(
      (i) => i.outcome === 'configuration' && i.configurationId && snapshot.configs.has(i.configurationId),
    )
    .sort((a, b) => (a.configurationId ?? 0) - (b.configurationId ?? 0))
    .map((intent) => {
      const c = snapshot.configs.get(intent.configurationId as number) as ConfigInfo;
      return {
        configurationId: c.id,
        productId: c.productId,
        quantity: intent.quantity,
        name: c.productName,
        colorLabel: c.colorLabel,
        sizeLabel: c.sizeLabel,
        photo: snapshot.photos.get(c.productId) ?? null,
        article: articleNames(c),
      };
    });
  const choose = intents
    .filter((i) => i.outcome !== 'configuration')
    .map((i) => {
      const options = [...snapshot.configs.values()].filter(
        (c) =>
          c.productId === i.productId && (i.candidates?.length ? i.candidates.includes(c.id) : c.stock > 0),
      );
      return {
        product: snapshot.productNames.get(i.productId) ?? i.keyword,
        options,
        noMatch: i.outcome === 'no_variant_match',
        reason: `${i.outcome}${i.reason ? `:${i.reason}` : ''}`,
      };
    });
  /** The products to choose a variant of, in a language. */
  const chooseIn = (locale: TLocale) =>
    choose.map(({ product, options, noMatch }) => ({
      product,
      options: options.map((c) => variantLabel(c, locale)).filter(Boolean),
      noMatch,
    }));
  const chosen = { fr: chooseIn('fr'), en: chooseIn('en') };
  // Used only when the viewer has no open cart yet.
  const orderNumber = newOrderNumber();
  const reply: PrivateReplyJob = {
    commentId: comment.external_id,
    liveCommentId: comment.id,
    sessionId: session.id,
    sellerId: session.seller_id,
    storeId: comment.store_id,
    orderNumber: null,
    locale,
    parts: {
      storeName: context.storeName,
      firstName: firstNameOf(comment.from_name),
      timerMinutes: session.order_timer_minutes,
      reserved: [],
      waiting: [],
      choose: [],
    },
  };
  return {
    durable: false,
    sellerId: session.seller_id,
    sessionId: session.id,
    liveCommentId: comment.id,
    externalId: comment.external_id,
    platform: comment.platform,
    fromId: comment.from_id,
    fromName: comment.from_name,
    commentTime: comment.created_time.toISOString(),
    timer: session.order_timer_minutes,
    locale,
    who: comment.from_name ?? comment.from_id ?? '',
    orderNumber,
    accessTokenHash: sha256(orderAccessToken(ctx.config.authSecret, orderNumber)),
    outcomeReason: choose.length ? choose.map((c) => c.reason).join(', ') : null,
    blockedMessage: context.blockedMessage,
    wanted,
    reply,
    choose: chosen,
    texts: claimTexts(context.chatbot.system, wanted.length > 0, chosen.fr),
    answer,
  };
}

const RETRIES = 5;

/** What `live_claim_comment_once` answers (`skipped`: another caller decided the comment first). */
interface Claimed {
  skipped?: boolean;
  outcome: 'cart' | 'waiting' | 'chatbot' | 'blocked' | 'answered' | 'no_match';
  orderId: number | null;
  orderNumber: string | null;
  /** Articles were added to the cart. */
  cart: boolean;
  /** Configurations whose waiting list the viewer joined. */
  waiting: number[];
}

/** One comment's claim, at most once: one statement, run again on a deadlock or serialization failure. */
async function claimOne(db: DbOrTx, input: ReturnType<typeof claimInput>): Promise<Claimed> {
  const payload = JSON.stringify(ZClaimInput.parse(input));
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await queryRows<{ r: Claimed | string }>(
        db,
        sql`SELECT live_claim_comment_once(${payload}::jsonb) AS r`,
      );
      return typeof row.r === 'string' ? JSON.parse(row.r) : row.r;
    } catch (err) {
      if (attempt >= RETRIES || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * The claims of a post, one call of `live_claim_post` (its comments in comment order, one
 * transaction), run again on a deadlock or serialization failure. Answers each comment's
 * {@link Claimed}, in the order given.
 */
async function claimPost(db: DbOrTx, inputs: ReturnType<typeof claimInput>[]): Promise<Claimed[]> {
  const payload = JSON.stringify({ durable: false, claims: inputs.map((i) => ZClaimInput.parse(i)) });
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await queryRows<{ r: Claimed[] | string }>(
        db,
        sql`SELECT live_claim_post(${payload}::jsonb) AS r`,
      );
      const claimed = typeof row.r === 'string' ? (JSON.parse(row.r) as Claimed[]) : row.r;
      if (claimed.length !== inputs.length) throw new Error('post claim answered another number of comments');
      return claimed;
    } catch (err) {
      if (attempt >= RETRIES || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * The claims of a post one comment at a time, each its own transaction (a comment that fails is
 * `error`, the others are decided), after the post's one call failed. They run side by side (at
 * most LANES at once) except where order matters: a claim starts once every earlier claim of the
 * post by the same viewer, wanting one of its configurations or answered by the same custom reply
 * (its maximum per live) is done, so the post's outcome is the one of claiming its comments one
 * after another.
 */
async function claimOneByOne(
  ctx: Ctx,
  inputs: {
    comment: CommentRow;
    answer: ReturnType<typeof claimAnswer>;
    input: ReturnType<typeof claimInput>;
  }[],
  record: (comment: CommentRow, claimed: Claimed) => void,
) {
  const last = new Map<string, Promise<void>>();
  const slots = semaphore(LANES);
  const tasks = inputs.map(({ comment, answer, input }) => {
    const keys = [
      `viewer:${comment.platform}:${comment.from_id}`,
      ...input.wanted.map((w) => `config:${w.configurationId}`),
      ...(answer ? [`answer:${answer.id}`] : []),
    ];
    const before = keys.map((k) => last.get(k));
    const task = (async () => {
      await Promise.all(before);
      const release = await slots();
      try {
        record(comment, await claimOne(ctx.db, input));
      } catch (err) {
        ctx.log.error({ err, commentId: comment.id }, 'comment claim failed');
        await ctx.db
          .execute(
            sql`UPDATE live_comments SET outcome = 'error', outcome_reason = 'claim_failed', processed_at = now()
                WHERE id = ${comment.id} AND outcome IS NULL`,
          )
          .catch((e) => ctx.log.error({ err: e, commentId: comment.id }, 'comment claim not recorded'));
      } finally {
        release();
      }
    })();
    for (const k of keys) last.set(k, task);
    return task;
  });
  await Promise.all(tasks);
}
