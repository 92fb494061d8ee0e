/**
 * The shopper's cart (an order in status `new`): getting or creating the one open cart of a viewer
 * with a seller, adding lines, recomputing totals and the countdown. The claim of live comments and
 * the waiting-list queue both fill carts through these functions, inside their own transaction.
 */
import { randomBytes } from 'node:crypto';
import type { TLocale } from '@livecart/contract/constants';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { derivedToken, sha256 } from '../../lib/tokens.ts';
import { firstPhotos } from '../products/photos.ts';
import { stores } from '../stores/tables.ts';
import { users } from '../users/tables.ts';

/** What building a checkout link needs from the server configuration. */
export interface CartEnv {
  publicUrl: string;
  authSecret: string;
}

/** A cart as the functions here hand it around. */
export interface CartRef {
  id: number;
  order_number: string;
  seller_id: number;
  session_id: number | null;
  locale: TLocale;
}

const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `LC` and 10 random characters of a 32-letter alphabet (50 bits): not guessable, easy to read out. */
export function newOrderNumber(): string {
  const bytes = randomBytes(10);
  return `LC${[...bytes].map((b) => ORDER_NUMBER_ALPHABET[b & 31]).join('')}`;
}

/**
 * The secret of a checkout link. Derived from the server secret and the order number (as the
 * ingest token is) so every later message can carry it again while only its SHA-256 is stored.
 */
export const orderAccessToken = (authSecret: string, orderNumber: string) =>
  derivedToken(authSecret, `order:${orderNumber}`);

/** The shopper's checkout link: `/checkout/{orderNumber}?storeName=…&t=…`. */
export const checkoutUrl = (env: CartEnv, storeName: string, orderNumber: string) =>
  `${env.publicUrl}/checkout/${orderNumber}?storeName=${encodeURIComponent(storeName)}` +
  `&t=${orderAccessToken(env.authSecret, orderNumber)}`;

/** The seller's language and the name a checkout link shows (the session's store, else the seller). */
export async function storeContext(
  db: DbOrTx,
  sellerId: number,
  storeId: number | null | undefined,
): Promise<{ locale: TLocale; storeName: string }> {
  const [seller] = await db
    .select({
      locale: users.selected_locale,
      company: users.company_name,
      first: users.first_name,
      last: users.last_name,
    })
    .from(users)
    .where(eq(users.id, sellerId));
  const [store] = storeId
    ? await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId))
    : [];
  const storeName = store?.name ?? seller?.company ?? [seller?.first, seller?.last].filter(Boolean).join(' ');
  return { locale: (seller?.locale === 'en' ? 'en' : 'fr') as TLocale, storeName };
}

/**
 * How long a payment in progress (open or pending) holds its cart: the shopper is on the
 * provider's page, so the countdown does not expire the cart and the seller cannot change its lines.
 */
export const PAYMENT_HOLD_MINUTES = 30;

/** SQL: the order (an id or a column) has a payment still in progress, recent enough to hold the cart. */
export const heldByPayment = (orderId: number | SQL) =>
  sql`EXISTS (SELECT 1 FROM payments p WHERE p.order_id = ${orderId} AND p.status IN ('open', 'pending')
        AND p.created_at > now() - make_interval(mins => ${PAYMENT_HOLD_MINUTES}))`;

export interface OpenCartInput {
  sellerId: number;
  socialIdentityId: number;
  buyerId: number | null;
  sessionId: number | null;
  /** The platform comment id that created the cart (links a signed-in shopper to it). */
  commentId: string | null;
  locale: TLocale;
  authSecret: string;
  /** Note of the first status-history row when the cart is created. */
  note?: string;
}

export interface OpenCart {
  order: CartRef;
  /** Made now. */
  created: boolean;
  /** Had no line before this call (a new cart or a waiting viewer's empty cart). */
  empty: boolean;
}

/**
 * The viewer's open cart with the seller, locked, created if there is none. A cart whose payment
 * has started (`checkout_at`) takes no more articles, so the viewer then gets a new one. The unique index
 * `orders_one_open_cart` makes a concurrent creation wait for the other transaction and then find
 * its cart (ON CONFLICT DO NOTHING, then read again), so a burst from one viewer fills one cart.
 */
export async function openCart(tx: DbOrTx, input: OpenCartInput): Promise<OpenCart> {
  const find = () =>
    queryRows<CartRef & { has_lines: boolean }>(
      tx,
      sql`SELECT id, order_number, seller_id, session_id, locale,
            EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id) AS has_lines
          FROM orders
          WHERE seller_id = ${input.sellerId} AND social_identity_id = ${input.socialIdentityId} AND status = 'new'
            AND checkout_at IS NULL
          FOR UPDATE`,
    );
  const [existing] = await find();
  if (existing) return { order: cartRef(existing), created: false, empty: !existing.has_lines };
  const orderNumber = newOrderNumber();
  const [inserted] = await queryRows<CartRef>(
    tx,
    sql`INSERT INTO orders (seller_id, buyer_id, social_identity_id, session_id, order_number,
          access_token_hash, status, comment_id, locale)
        VALUES (${input.sellerId}, ${input.buyerId}, ${input.socialIdentityId}, ${input.sessionId}, ${orderNumber},
          ${sha256(orderAccessToken(input.authSecret, orderNumber))}, 'new', ${input.commentId}, ${input.locale})
        ON CONFLICT (seller_id, social_identity_id)
          WHERE status = 'new' AND social_identity_id IS NOT NULL AND checkout_at IS NULL
        DO NOTHING
        RETURNING id, order_number, seller_id, session_id, locale`,
  );
  if (inserted) {
    await tx.execute(
      sql`INSERT INTO order_status_history (order_id, seller_id, status, note)
          VALUES (${inserted.id}, ${input.sellerId}, 'new', ${input.note ?? 'live comment'})`,
    );
    return { order: cartRef(inserted), created: true, empty: true };
  }
  const [raced] = await find();
  if (!raced) throw new Error('open cart vanished');
  return { order: cartRef(raced), created: false, empty: !raced.has_lines };
}

const cartRef = (r: CartRef): CartRef => ({
  id: r.id,
  order_number: r.order_number,
  seller_id: r.seller_id,
  session_id: r.session_id,
  locale: r.locale === 'en' ? 'en' : 'fr',
});

/** What a line keeps of the article when it is added, so later product edits do not rewrite it. */
export interface LineSnapshot {
  productId: number;
  name: string;
  colorLabel: string | null;
  sizeLabel: string | null;
  sku: string | null;
  priceCents: number;
  photo: string | null;
}

export interface LineInput {
  configurationId: number;
  quantity: number;
  /** The article as the caller already read it; read from the catalogue when absent. */
  snapshot?: LineSnapshot;
}

/** Snapshots of the seller's configurations, labels in `locale`. */
export async function lineSnapshots(
  db: DbOrTx,
  sellerId: number,
  configurationIds: number[],
  locale: TLocale,
): Promise<Map<number, LineSnapshot>> {
  if (!configurationIds.length) return new Map();
  const rows = await queryRows<{
    id: number;
    product_id: number;
    name: string;
    sku: string | null;
    price_cents: number;
    color: string | null;
    size: string | null;
  }>(
    db,
    sql`SELECT c.id, c.product_id, p.name, c.sku, c.price_cents,
          ${locale === 'en' ? sql`co.name_en` : sql`co.name_fr`} AS color,
          ${locale === 'en' ? sql`s.name_en` : sql`s.name_fr`} AS size
        FROM product_configurations c
        JOIN products p ON p.id = c.product_id
        LEFT JOIN colors co ON co.id = c.color_id
        LEFT JOIN sizes s ON s.id = c.size_id
        WHERE c.seller_id = ${sellerId} AND c.id IN ${configurationIds}`,
  );
  const photos = await firstPhotos(db, [...new Set(rows.map((r) => r.product_id))]);
  return new Map(
    rows.map((r) => {
      const photo = photos.get(r.product_id);
      return [
        r.id,
        {
          productId: r.product_id,
          name: r.name,
          colorLabel: r.color,
          sizeLabel: r.size,
          sku: r.sku,
          priceCents: r.price_cents,
          photo: photo ? photo.thumb_url || photo.url : null,
        },
      ];
    }),
  );
}

/**
 * Adds articles to a cart: a new line at the configuration's price with snapshots of its labels
 * and photo, or more of an existing line (which keeps the price it was added at). The stock must
 * already be taken by the caller.
 */
export async function addLines(tx: DbOrTx, order: CartRef, lines: LineInput[]): Promise<void> {
  const missing = lines.filter((l) => !l.snapshot).map((l) => l.configurationId);
  const loaded = await lineSnapshots(tx, order.seller_id, missing, order.locale);
  for (const l of lines) {
    const [line] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE order_items SET quantity = quantity + ${l.quantity}, updated_at = now()
          WHERE order_id = ${order.id} AND configuration_id = ${l.configurationId}
          RETURNING id`,
    );
    if (line) continue;
    const s = l.snapshot ?? loaded.get(l.configurationId);
    if (!s) throw new Error(`configuration ${l.configurationId} not found for seller ${order.seller_id}`);
    await tx.execute(
      sql`INSERT INTO order_items (order_id, seller_id, product_id, configuration_id, name, color_label,
            size_label, sku, unit_price_cents, quantity, photo)
          VALUES (${order.id}, ${order.seller_id}, ${s.productId}, ${l.configurationId}, ${s.name},
            ${s.colorLabel}, ${s.sizeLabel}, ${s.sku}, ${s.priceCents}, ${l.quantity}, ${s.photo})`,
    );
  }
}

/**
 * Recomputes a cart's subtotal and total from its lines. With `restartTimerMinutes` the countdown
 * restarts (`now + timer`; 0 means the cart never expires by timer: NULL); without it, it is kept.
 * A cart without lines has no countdown (a waiting viewer's cart, or one the seller emptied).
 */
export async function recomputeCart(
  tx: DbOrTx,
  orderId: number,
  opts: { restartTimerMinutes?: number } = {},
): Promise<void> {
  const timer = opts.restartTimerMinutes;
  const deadline =
    timer === undefined
      ? sql`o.expires_at`
      : timer > 0
        ? sql`now() + make_interval(mins => ${timer})`
        : sql`NULL::timestamptz`;
  await tx.execute(
    sql`UPDATE orders o SET
          subtotal_cents = t.subtotal,
          total_amount_cents = greatest(0, t.subtotal - o.discount_cents + o.shipping_cents),
          expires_at = CASE WHEN t.lines = 0 THEN NULL ELSE ${deadline} END,
          updated_at = now()
        FROM (SELECT coalesce(sum(unit_price_cents * quantity), 0)::int AS subtotal, count(*)::int AS lines
              FROM order_items WHERE order_id = ${orderId}) t
        WHERE o.id = ${orderId}`,
  );
}

const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error, looking through the wrappers (drizzle's query error). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isRetryable = (err: unknown) => RETRYABLE.has(sqlState(err) ?? '');

/**
 * Runs `fn` in a transaction, again (up to `tries` times, after a short random pause) when
 * PostgreSQL aborted it as a deadlock victim or a serialization failure: claims lock identity →
 * configurations → cart while releases lock cart → configurations → other carts, so a rare cycle
 * can happen, and no user should ever see it.
 */
export async function inRetriedTransaction<T>(
  db: DbOrTx,
  fn: (tx: DbOrTx) => Promise<T>,
  tries = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx));
    } catch (err) {
      if (attempt >= tries || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
}
