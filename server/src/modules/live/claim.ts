/**
 * The claim (issue 4, "Carts, stock, waiting list"): turns the stored comments of a live session
 * into reserved cart lines, waiting-list rows and one private reply per comment.
 *
 * Each comment is one transaction, so what it caused (stock, cart line, waiting row, outcome,
 * reply, seller notice) exists all together or not at all. Locks are always taken in the same
 * order — the social identity, the configurations by ascending id (conditional UPDATE, never
 * read-then-write), then the viewer's one open cart — so concurrent claims never deadlock.
 */
import { randomBytes } from 'node:crypto';
import type { TLocale } from '@livecart/contract/constants';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { liveComments, type liveSessions, stores, users } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { derivedToken, sha256 } from '../../lib/tokens.ts';
import { notify } from '../notifications/service.ts';
import { firstPhotos } from '../products/photos.ts';
import { type CatalogueProduct, type CommentIntent, createCommentParser } from './parser.ts';
import { replyText } from './replies.ts';

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

interface ClaimEnv {
  session: Pick<SessionRow, 'id' | 'seller_id' | 'order_timer_minutes'>;
  snapshot: Snapshot;
  locale: TLocale;
  storeName: string;
  publicUrl: string;
  authSecret: string;
}

const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `LC` and 10 random characters of a 32-letter alphabet (50 bits): not guessable, easy to read out. */
export function newOrderNumber(): string {
  const bytes = randomBytes(10);
  return `LC${[...bytes].map((b) => ORDER_NUMBER_ALPHABET[b & 31]).join('')}`;
}

/**
 * The secret of a checkout link. Derived from the server secret and the order number (as the
 * ingest token is) so every later reply can carry it again while only its SHA-256 is stored.
 */
export const orderAccessToken = (authSecret: string, orderNumber: string) =>
  derivedToken(authSecret, `order:${orderNumber}`);

const checkoutUrl = (env: ClaimEnv, orderNumber: string) =>
  `${env.publicUrl}/checkout/${orderNumber}?storeName=${encodeURIComponent(env.storeName)}` +
  `&t=${orderAccessToken(env.authSecret, orderNumber)}`;

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

/** The language and the name the checkout link shows for the session's seller. */
async function sellerContext(db: DbOrTx, session: Pick<SessionRow, 'seller_id' | 'store_id'>) {
  const [seller] = await db
    .select({
      locale: users.selected_locale,
      company: users.company_name,
      first: users.first_name,
      last: users.last_name,
    })
    .from(users)
    .where(eq(users.id, session.seller_id));
  const [store] = session.store_id
    ? await db.select({ name: stores.name }).from(stores).where(eq(stores.id, session.store_id))
    : [];
  const storeName = store?.name ?? seller?.company ?? [seller?.first, seller?.last].filter(Boolean).join(' ');
  return { locale: (seller?.locale === 'en' ? 'en' : 'fr') as TLocale, storeName };
}

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
  if (session.status !== 'live' || !pending.length) return result;
  const { locale, storeName } = await sellerContext(ctx.db, session);
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
      const outcome = await claimComment(ctx.db, env, comment, intents);
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
  return result;
}

interface Reserved {
  intent: CommentIntent;
  config: ConfigInfo;
  priceCents: number;
  sku: string | null;
}

/** One comment, one transaction: identity, stock, cart, waiting list, outcome and reply. */
async function claimComment(
  db: DbOrTx,
  env: ClaimEnv,
  comment: CommentRow,
  intents: CommentIntent[],
): Promise<'cart' | 'waiting' | 'chatbot'> {
  const sellerId = env.session.seller_id;
  return db.transaction(async (tx) => {
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
      const [taken] = await queryRows<{ price_cents: number; sku: string | null }>(
        tx,
        sql`UPDATE product_configurations
            SET quantity = quantity - ${intent.quantity}, updated_at = now()
            WHERE id = ${config.id} AND seller_id = ${sellerId} AND quantity >= ${intent.quantity}
            RETURNING price_cents, sku`,
      );
      if (taken) reserved.push({ intent, config, priceCents: taken.price_cents, sku: taken.sku });
      else soldOut.push({ intent, config });
    }

    let orderNumber: string | null = null;
    if (reserved.length) {
      orderNumber = await addToCart(tx, env, comment, identity, reserved);
    } else if (soldOut.length) {
      const [open] = await queryRows<{ order_number: string }>(
        tx,
        sql`SELECT order_number FROM orders
            WHERE seller_id = ${sellerId} AND social_identity_id = ${identity.id} AND status = 'new'`,
      );
      orderNumber = open?.order_number ?? null;
    }

    for (const { intent, config } of soldOut) {
      await tx.execute(
        sql`INSERT INTO waiting_list (seller_id, session_id, configuration_id, product_id, social_identity_id,
              buyer_id, comment_id, quantity, comment_time)
            VALUES (${sellerId}, ${env.session.id}, ${config.id}, ${config.productId}, ${identity.id},
              ${identity.user_id}, ${comment.external_id}, ${intent.quantity}, ${comment.created_time})`,
      );
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

    const url = orderNumber ? checkoutUrl(env, orderNumber) : null;
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
  });
}

/**
 * Puts the reserved articles in the viewer's open cart with the seller, creating it if needed,
 * restarts its countdown and recomputes its totals. Answers the order number.
 */
async function addToCart(
  tx: DbOrTx,
  env: ClaimEnv,
  comment: CommentRow,
  identity: { id: number; user_id: number | null },
  reserved: Reserved[],
): Promise<string> {
  const sellerId = env.session.seller_id;
  const { order, created } = await openCart(tx, env, comment, identity);
  for (const r of reserved) {
    const [line] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE order_items SET quantity = quantity + ${r.intent.quantity}, updated_at = now()
          WHERE order_id = ${order.id} AND configuration_id = ${r.config.id}
          RETURNING id`,
    );
    if (line) continue;
    await tx.execute(
      sql`INSERT INTO order_items (order_id, seller_id, product_id, configuration_id, name, color_label,
            size_label, sku, unit_price_cents, quantity, photo)
          VALUES (${order.id}, ${sellerId}, ${r.config.productId}, ${r.config.id}, ${r.config.productName},
            ${r.config.colorLabel}, ${r.config.sizeLabel}, ${r.sku}, ${r.priceCents}, ${r.intent.quantity},
            ${env.snapshot.photos.get(r.config.productId) ?? null})`,
    );
  }
  // The countdown restarts with each article added; a session timer of 0 never expires a cart.
  const timer = env.session.order_timer_minutes;
  await tx.execute(
    sql`UPDATE orders o SET
          subtotal_cents = t.subtotal,
          total_amount_cents = greatest(0, t.subtotal - o.discount_cents + o.shipping_cents),
          expires_at = ${timer > 0 ? sql`now() + make_interval(mins => ${timer})` : sql`NULL`},
          updated_at = now()
        FROM (SELECT coalesce(sum(unit_price_cents * quantity), 0)::int AS subtotal
              FROM order_items WHERE order_id = ${order.id}) t
        WHERE o.id = ${order.id}`,
  );
  if (created) {
    await tx.execute(
      sql`INSERT INTO order_status_history (order_id, seller_id, status, note)
          VALUES (${order.id}, ${sellerId}, 'new', 'live comment')`,
    );
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
  return order.order_number;
}

/**
 * The viewer's open cart with the seller, locked. The unique index `orders_one_open_cart` makes a
 * concurrent creation wait for the other transaction and then find its cart (ON CONFLICT DO
 * NOTHING, then read again), so a burst from one viewer always fills one cart.
 */
async function openCart(
  tx: DbOrTx,
  env: ClaimEnv,
  comment: CommentRow,
  identity: { id: number; user_id: number | null },
): Promise<{ order: { id: number; order_number: string }; created: boolean }> {
  const sellerId = env.session.seller_id;
  const find = () =>
    queryRows<{ id: number; order_number: string }>(
      tx,
      sql`SELECT id, order_number FROM orders
          WHERE seller_id = ${sellerId} AND social_identity_id = ${identity.id} AND status = 'new'
          FOR UPDATE`,
    );
  const [existing] = await find();
  if (existing) return { order: existing, created: false };
  const orderNumber = newOrderNumber();
  const [inserted] = await queryRows<{ id: number; order_number: string }>(
    tx,
    sql`INSERT INTO orders (seller_id, buyer_id, social_identity_id, session_id, order_number,
          access_token_hash, status, comment_id, locale)
        VALUES (${sellerId}, ${identity.user_id}, ${identity.id}, ${env.session.id}, ${orderNumber},
          ${sha256(orderAccessToken(env.authSecret, orderNumber))}, 'new', ${comment.external_id}, ${env.locale})
        ON CONFLICT (seller_id, social_identity_id) WHERE status = 'new' AND social_identity_id IS NOT NULL
        DO NOTHING
        RETURNING id, order_number`,
  );
  if (inserted) return { order: inserted, created: true };
  const [raced] = await find();
  if (!raced) throw new Error('open cart vanished');
  return { order: raced, created: false };
}
