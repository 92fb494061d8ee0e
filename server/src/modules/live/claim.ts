/**
 * The claim (issue 4, "Carts, stock, waiting list"): turns the stored comments of a live session
 * into reserved cart lines, waiting-list rows and one private reply per comment.
 *
 * Each comment is one transaction, so what it caused (stock, cart line, waiting row, outcome,
 * reply, seller notice) exists all together or not at all. Claims lock in one order — the social
 * identity, the configurations by ascending id (conditional UPDATE), then the viewer's one open
 * cart — so claims never deadlock each other; a release (cart → configurations → other carts) can
 * cross one, so each comment's transaction is retried on a deadlock (`inRetriedTransaction`).
 * The carts themselves are built by `orders/cart.ts`, shared with the waiting-list queue.
 */
import type { TLocale } from '@livecart/contract/constants';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { liveComments, type liveSessions } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { publishLiveEvent } from '../events/bus.ts';
import { notify } from '../notifications/service.ts';
import {
  addLines,
  type CartEnv,
  checkoutUrl,
  inRetriedTransaction,
  type OpenCart,
  openCart,
  recomputeCart,
  storeContext,
} from '../orders/cart.ts';
import { firstPhotos } from '../products/photos.ts';
import { type CatalogueProduct, type CommentIntent, createCommentParser } from './parser.ts';
import { replyText } from './replies.ts';

export { newOrderNumber, orderAccessToken } from '../orders/cart.ts';

type SessionRow = typeof liveSessions.$inferSelect;
type CommentRow = typeof liveComments.$inferSelect;

/** What a claim call did: comments that reserved something, and that joined a waiting list. */
export interface ClaimResult {
  ordered: number;
  waiting: number;
}

/** Payload of an outbox `private_reply` row. */
export interface PrivateReplyJob {
  /** The platform's comment id, the one the message answers. */
  commentId: string;
  liveCommentId: number;
  sessionId: number;
  sellerId: number;
  orderNumber: string | null;
  checkoutUrl: string | null;
  locale: TLocale;
  text: string;
}

interface ConfigInfo {
  id: number;
  productId: number;
  productName: string;
  colorLabel: string | null;
  sizeLabel: string | null;
  stock: number;
}

/** The seller's live catalogue, read once per claim call. */
interface Snapshot {
  catalogue: CatalogueProduct[];
  configs: Map<number, ConfigInfo>;
  photos: Map<number, string>;
  productNames: Map<number, string>;
}

interface ClaimEnv extends CartEnv {
  session: Pick<SessionRow, 'id' | 'seller_id' | 'order_timer_minutes'>;
  snapshot: Snapshot;
  locale: TLocale;
  storeName: string;
  publicUrl: string;
  authSecret: string;
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

const variantLabel = (c: ConfigInfo) => [c.colorLabel, c.sizeLabel].filter(Boolean).join(' ');
const articleLabel = (c: ConfigInfo, quantity: number) => {
  const variant = [c.colorLabel, c.sizeLabel].filter(Boolean).join(', ');
  return `${c.productName}${variant ? ` (${variant})` : ''} ×${quantity}`;
};

/**
 * Claims the comments `ingestComments` just stored for a live session (rows already decided,
 * e.g. ignored, are skipped), in comment order. A comment is only ever claimed from the rows
 * its first delivery inserted, so a comment delivered twice never makes a second line.
 */
export async function claimComments(
  ctx: Ctx,
  session: Pick<SessionRow, 'id' | 'seller_id' | 'status' | 'store_id' | 'order_timer_minutes'>,
  rows: CommentRow[],
): Promise<ClaimResult> {
  const result: ClaimResult = { ordered: 0, waiting: 0 };
  const pending = rows.filter((r) => r.outcome === null);
  if (session.status !== 'live' || !pending.length) {
    if (rows.length)
      await publishLiveEvent(ctx.db, session.seller_id, { type: 'comments', sessionId: session.id });
    return result;
  }
  const { locale, storeName } = await storeContext(ctx.db, session.seller_id, session.store_id);
  const snapshot = await loadSnapshot(ctx.db, session.seller_id, locale);
  const env: ClaimEnv = {
    session,
    snapshot,
    locale,
    storeName,
    publicUrl: ctx.config.publicUrl,
    authSecret: ctx.config.authSecret,
  };
  const parse = createCommentParser(snapshot.catalogue);
  const noMatch: number[] = [];
  for (const comment of pending) {
    const intents = parse(comment.message);
    if (!intents.length) {
      noMatch.push(comment.id);
      continue;
    }
    try {
      const outcome = await inRetriedTransaction(ctx.db, (tx) => claimComment(tx, env, comment, intents));
      if (outcome === 'cart') result.ordered++;
      if (outcome === 'waiting') result.waiting++;
    } catch (err) {
      ctx.log.error({ err, commentId: comment.id }, 'comment claim failed');
      await ctx.db
        .update(liveComments)
        .set({ outcome: 'error', outcome_reason: 'claim_failed', processed_at: new Date() })
        .where(eq(liveComments.id, comment.id));
    }
  }
  if (noMatch.length) {
    await ctx.db
      .update(liveComments)
      .set({ outcome: 'no_match', processed_at: new Date() })
      .where(inArray(liveComments.id, noMatch));
  }
  await publishLiveEvent(ctx.db, session.seller_id, { type: 'comments', sessionId: session.id });
  return result;
}

interface Reserved {
  intent: CommentIntent;
  config: ConfigInfo;
  priceCents: number;
  sku: string | null;
}

/**
 * Takes `quantity` of a configuration for a claim, or answers null when the viewer must wait:
 * stock short, or others already waiting for it (strict first come, first served: a new comment
 * never overtakes the queue). The fast path is one conditional UPDATE; when it fails, the row is
 * locked FOR SHARE and the decision made again under the lock, which is held until commit so a
 * release (that locks the row FOR UPDATE before reading the queue) sees this viewer's waiting row.
 */
async function takeStock(
  tx: DbOrTx,
  sellerId: number,
  configId: number,
  quantity: number,
): Promise<{ price_cents: number; sku: string | null } | null> {
  const take = () =>
    queryRows<{ price_cents: number; sku: string | null }>(
      tx,
      sql`UPDATE product_configurations c
          SET quantity = quantity - ${quantity}, updated_at = now()
          WHERE id = ${configId} AND seller_id = ${sellerId} AND quantity >= ${quantity}
            AND NOT EXISTS (SELECT 1 FROM waiting_list w WHERE w.configuration_id = c.id AND w.status = 'waiting')
          RETURNING price_cents, sku`,
    );
  const [taken] = await take();
  if (taken) return taken;
  const [locked] = await queryRows<{ quantity: number; queued: boolean }>(
    tx,
    sql`SELECT quantity, EXISTS (SELECT 1 FROM waiting_list w
          WHERE w.configuration_id = c.id AND w.status = 'waiting') AS queued
        FROM product_configurations c WHERE id = ${configId} AND seller_id = ${sellerId}
        FOR SHARE`,
  );
  if (!locked || locked.queued || locked.quantity < quantity) return null;
  const [again] = await take();
  return again ?? null;
}

/** One comment, one transaction: identity, stock, cart, waiting list, outcome and reply. */
async function claimComment(
  tx: DbOrTx,
  env: ClaimEnv,
  comment: CommentRow,
  intents: CommentIntent[],
): Promise<'cart' | 'waiting' | 'chatbot'> {
  const sellerId = env.session.seller_id;
  const [identity] = await queryRows<{ id: number; user_id: number | null }>(
    tx,
    sql`INSERT INTO social_identities (platform, external_user_id, name)
        VALUES ('facebook', ${comment.from_id}, ${comment.from_name})
        ON CONFLICT (platform, external_user_id)
        DO UPDATE SET name = coalesce(EXCLUDED.name, social_identities.name), updated_at = now()
        RETURNING id, user_id`,
  );

  const wanted = intents
    .filter(
      (i) =>
        i.outcome === 'configuration' && i.configurationId && env.snapshot.configs.has(i.configurationId),
    )
    .sort((a, b) => (a.configurationId ?? 0) - (b.configurationId ?? 0));
  const reserved: Reserved[] = [];
  const soldOut: { intent: CommentIntent; config: ConfigInfo }[] = [];
  for (const intent of wanted) {
    const config = env.snapshot.configs.get(intent.configurationId as number) as ConfigInfo;
    const taken = await takeStock(tx, sellerId, config.id, intent.quantity);
    if (taken) reserved.push({ intent, config, priceCents: taken.price_cents, sku: taken.sku });
    else soldOut.push({ intent, config });
  }

  // A viewer who only joins waiting lists still gets their own (empty) cart, so the one reply
  // this comment may have carries the link where the article appears once released.
  let cart: OpenCart | null = null;
  if (reserved.length || soldOut.length) {
    cart = await openCart(tx, {
      sellerId,
      socialIdentityId: identity.id,
      buyerId: identity.user_id,
      sessionId: env.session.id,
      commentId: comment.external_id,
      locale: env.locale,
      authSecret: env.authSecret,
      note: reserved.length ? 'live comment' : 'waiting list',
    });
  }
  if (cart && reserved.length) await addToCart(tx, env, comment, cart, reserved);

  for (const { intent, config } of soldOut) {
    await tx.execute(
      sql`INSERT INTO waiting_list (seller_id, session_id, configuration_id, product_id, social_identity_id,
            buyer_id, comment_id, quantity, comment_time)
          VALUES (${sellerId}, ${env.session.id}, ${config.id}, ${config.productId}, ${identity.id},
            ${identity.user_id}, ${comment.external_id}, ${intent.quantity}, ${comment.created_time})`,
    );
  }
  for (const id of new Set(soldOut.map((w) => w.config.id))) {
    await publishLiveEvent(tx, sellerId, { type: 'waiting', configurationId: id });
  }

  const choose = intents
    .filter((i) => i.outcome !== 'configuration')
    .map((i) => {
      const options = [...env.snapshot.configs.values()].filter(
        (c) =>
          c.productId === i.productId && (i.candidates?.length ? i.candidates.includes(c.id) : c.stock > 0),
      );
      return {
        product: env.snapshot.productNames.get(i.productId) ?? i.keyword,
        options: options.map(variantLabel).filter(Boolean),
        noMatch: i.outcome === 'no_variant_match',
        reason: `${i.outcome}${i.reason ? `:${i.reason}` : ''}`,
      };
    });

  const outcome = reserved.length ? 'cart' : soldOut.length ? 'waiting' : 'chatbot';
  await tx
    .update(liveComments)
    .set({
      outcome,
      outcome_reason: choose.length ? choose.map((c) => c.reason).join(', ') : null,
      processed_at: new Date(),
      social_identity_id: identity.id,
    })
    .where(eq(liveComments.id, comment.id));

  const orderNumber = cart?.order.order_number ?? null;
  const url = orderNumber ? checkoutUrl(env, env.storeName, orderNumber) : null;
  const job: PrivateReplyJob = {
    commentId: comment.external_id,
    liveCommentId: comment.id,
    sessionId: env.session.id,
    sellerId,
    orderNumber,
    checkoutUrl: url,
    locale: env.locale,
    text: replyText(env.locale, {
      reserved: reserved.map((r) => articleLabel(r.config, r.intent.quantity)),
      waiting: soldOut.map((w) => articleLabel(w.config, w.intent.quantity)),
      choose,
      checkoutUrl: url,
      timerMinutes: env.session.order_timer_minutes,
    }),
  };
  await enqueue(tx, {
    kind: 'private_reply',
    dedupeKey: `reply:${env.session.id}:${comment.external_id}`,
    payload: job,
  });
  return outcome;
}

/**
 * Puts the reserved articles in the viewer's open cart, restarts its countdown (a session timer of
 * 0 never expires a cart) and recomputes its totals; tells the seller when the cart gets its first
 * article, and the live screens that it changed.
 */
async function addToCart(
  tx: DbOrTx,
  env: ClaimEnv,
  comment: CommentRow,
  cart: OpenCart,
  reserved: Reserved[],
) {
  const sellerId = env.session.seller_id;
  const { order } = cart;
  await addLines(
    tx,
    order,
    reserved.map((r) => ({
      configurationId: r.config.id,
      quantity: r.intent.quantity,
      snapshot: {
        productId: r.config.productId,
        name: r.config.productName,
        colorLabel: r.config.colorLabel,
        sizeLabel: r.config.sizeLabel,
        sku: r.sku,
        priceCents: r.priceCents,
        photo: env.snapshot.photos.get(r.config.productId) ?? null,
      },
    })),
  );
  await recomputeCart(tx, order.id, { restartTimerMinutes: env.session.order_timer_minutes });
  if (cart.empty) {
    const who = comment.from_name ?? comment.from_id ?? '';
    await notify(tx, {
      userId: sellerId,
      type: 'live_cart_created',
      title_fr: `Nouveau panier ${order.order_number}`,
      title_en: `New cart ${order.order_number}`,
      body_fr: `${who} a commandé en live.`,
      body_en: `${who} ordered during the live.`,
      link: `/orders/${order.id}`,
      data: { orderId: order.id, sessionId: env.session.id },
    });
  }
  await publishLiveEvent(tx, sellerId, {
    type: 'cart',
    orderId: order.id,
    orderNumber: order.order_number,
    sessionId: env.session.id,
  });
}
