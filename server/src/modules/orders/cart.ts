/**
 * The shopper's cart (an order in status `new`): getting or creating the one open cart of a viewer
 * with a seller, adding lines, recomputing totals and the countdown. The claim of live comments and
 * the waiting-list queue both fill carts through these functions, inside their own transaction.
 */
import { randomBytes } from 'node:crypto';
import type { TLocale } from '@livecart/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { derivedToken, sha256 } from '../../lib/tokens.ts';
import { firstPhotos } from '../products/photos.ts';

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

/**
 * The shopper's checkout link, opening the page in `locale` (the order's language: the shop's,
 * or the one the shopper chose): `/checkout/{orderNumber}?storeName=…&t=…`, `/en/checkout/…`.
 */
export const checkoutUrl = (env: CartEnv, storeName: string, orderNumber: string, locale: TLocale) =>
  `${env.publicUrl}${locale === 'en' ? '/en' : ''}/checkout/${orderNumber}` +
  `?storeName=${encodeURIComponent(storeName)}&t=${orderAccessToken(env.authSecret, orderNumber)}`;

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
 * The viewer's open cart with the seller, locked, created if there is none (`orders_open_cart` in
 * `sql/cart.sql`, which the live claim calls too). A cart whose payment has started
 * (`checkout_at`) takes no more articles, so the viewer then gets a new one; a burst from one
 * viewer fills one cart.
 */
export async function openCart(tx: DbOrTx, input: OpenCartInput): Promise<OpenCart> {
  const orderNumber = newOrderNumber();
  const [row] = await queryRows<CartRef & { created: boolean; empty: boolean }>(
    tx,
    sql`SELECT * FROM orders_open_cart(${input.sellerId}, ${input.socialIdentityId}, ${input.buyerId},
          ${input.sessionId}, ${input.commentId}, ${input.locale}, ${orderNumber},
          ${sha256(orderAccessToken(input.authSecret, orderNumber))}, ${input.note ?? 'live comment'})`,
  );
  return {
    order: cartRef({ ...row, seller_id: input.sellerId }),
    created: row.created,
    empty: row.empty,
  };
}

const cartRef = (r: CartRef): CartRef => ({
  id: r.id,
  order_number: r.order_number,
  seller_id: r.seller_id,
  session_id: r.session_id,
  locale: r.locale === 'en' ? 'en' : 'fr',
});

/**
 * What a line keeps of the article when it is added, so later product edits do not rewrite it
 * (its price and SKU are read under the configuration's lock by `orders_add_to_cart`).
 */
export interface LineSnapshot {
  productId: number;
  name: string;
  colorLabel: string | null;
  sizeLabel: string | null;
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
    color: string | null;
    size: string | null;
  }>(
    db,
    sql`SELECT c.id, c.product_id, p.name,
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
          photo: photo ? photo.thumb_url || photo.url : null,
        },
      ];
    }),
  );
}

/**
 * Adds articles whose stock the caller has taken to a cart (`orders_add_to_cart` in
 * `sql/cart.sql`): a new line at the configuration's price with snapshots of its labels and
 * photo, or more of an existing line (which keeps the price it was added at). Then the totals,
 * and the countdown restarts with `timerMinutes` (0: the cart never expires by timer).
 */
export async function addToCart(
  tx: DbOrTx,
  order: CartRef,
  lines: LineInput[],
  timerMinutes: number,
): Promise<void> {
  const missing = lines.filter((l) => !l.snapshot).map((l) => l.configurationId);
  const loaded = await lineSnapshots(tx, order.seller_id, missing, order.locale);
  const rows = lines.map((l) => {
    const s = l.snapshot ?? loaded.get(l.configurationId);
    if (!s) throw new Error(`configuration ${l.configurationId} not found for seller ${order.seller_id}`);
    return {
      configurationId: l.configurationId,
      quantity: l.quantity,
      name: s.name,
      colorLabel: s.colorLabel,
      sizeLabel: s.sizeLabel,
      photo: s.photo,
    };
  });
  await tx.execute(
    sql`SELECT orders_add_to_cart(${order.id}, ${order.seller_id}, ${JSON.stringify(rows)}::jsonb, ${timerMinutes}::integer)`,
  );
}

/**
 * Recomputes a cart's subtotal and total from its lines (`orders_cart_totals`). With
 * `restartTimerMinutes` the countdown restarts (0: never expires by timer); without it, it is
 * kept. A cart without lines has no countdown.
 */
export async function cartTotals(tx: DbOrTx, orderId: number, restartTimerMinutes?: number): Promise<void> {
  await tx.execute(sql`SELECT orders_cart_totals(${orderId}, ${restartTimerMinutes ?? null}::integer)`);
}
