/**
 * The shopper's checkout (issue 5): the order with its lines, address, shipping and payment
 * methods; submitting it starts a payment at the seller's provider. Access rules in access.ts,
 * shipping prices in shipping.ts, the confirmation in payments/confirm.ts.
 *
 * Holding the cart while a payment is pending: the countdown is not changed by checkout. Instead
 * the sweeper (orders/expiry.ts) skips a due cart that has a payment `open` or `pending` created
 * less than PAYMENT_HOLD_MINUTES ago (orders/cart.ts), so a shopper on the provider's page does not lose the cart
 * at the last second; a paid confirmation then finds it still `new`. After the hold the cart
 * expires as usual (a payment completing later is handled by confirm.ts).
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  TCheckoutAddress,
  TCheckoutBody,
  TCheckoutPaymentMethod,
  TCheckoutResponse,
  TCheckoutResult,
  TConfirmResult,
  TLegalDocument,
  TProductWaiting,
} from '@livecart/contract/checkout';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import { ERRORS } from '@livecart/contract/errors';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  type TPaymentProvider,
} from '../../integrations/payments/provider.ts';
import { applicationFee } from '../../integrations/payments/stripe.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { heldByPayment, orderAccessToken, storeContext } from '../orders/cart.ts';
import { expireCart } from '../orders/expiry.ts';
import { type ConfirmEnv, confirmPayment } from '../payments/confirm.ts';
import { providerFor, sellerFeePercent, stripePlatform } from '../payments/providers.ts';
import { sandboxAvailable } from '../payments/settings.ts';
import { fileUrl, firstPhotos } from '../products/photos.ts';
import { type CheckoutOrderRow, findOrder, orderForViewer, type Viewer } from './access.ts';
import { type PricedOrder, shippingOptions, toShippingMethod } from './shipping.ts';

const euros = (cents: number | string) => Number(cents) / 100;
const envOf = (ctx: Ctx): ConfirmEnv => ({ db: ctx.db, config: ctx.config });

// ---------------------------------------------------------------------------------------------
// Return-page hash: `{paymentId}.{hmac}` so only whoever was sent back by the provider can ask.

const hashMac = (secret: string, paymentId: number) =>
  createHmac('sha256', secret).update(`payment-return:${paymentId}`).digest('base64url').slice(0, 24);

export const paymentHash = (secret: string, paymentId: number) =>
  `${paymentId}.${hashMac(secret, paymentId)}`;

/** The payment id of a return hash, or null when it is not one of ours. */
export function paymentIdOfHash(secret: string, hash: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{24})$/.exec(hash);
  if (!m) return null;
  const id = Number(m[1]);
  const a = Buffer.from(hashMac(secret, id));
  const b = Buffer.from(m[2]);
  return a.length === b.length && timingSafeEqual(a, b) ? id : null;
}

/** Where the provider sends the shopper back: the checkout page with `hash` and `type`. */
export function returnUrl(
  ctx: Pick<Ctx, 'config'>,
  o: {
    orderNumber: string;
    storeName: string;
    locale: TLocale;
    paymentId: number;
    provider: TPaymentProvider;
  },
): string {
  const q = new URLSearchParams({
    storeName: o.storeName,
    t: orderAccessToken(ctx.config.authSecret, o.orderNumber),
    hash: paymentHash(ctx.config.authSecret, o.paymentId),
    type: o.provider,
  });
  return `${ctx.config.publicUrl}${o.locale === 'en' ? '/en' : ''}/checkout/${o.orderNumber}?${q}`;
}

export const webhookUrl = (ctx: Pick<Ctx, 'config'>, provider: TPaymentProvider, paymentId: number) =>
  provider === 'stripe'
    ? `${ctx.config.publicUrl}/api/payments/webhook/stripe`
    : `${ctx.config.publicUrl}/api/payments/webhook/${provider}?paymentId=${paymentId}`;

// ---------------------------------------------------------------------------------------------
// Expiry at checkout

/**
 * Expires the cart now when its countdown is over and the sweeper has not run yet (unless a
 * payment holds it). Answers whether the order is (now) not payable because of its countdown.
 */
async function expireIfDue(ctx: Ctx, orderId: number): Promise<void> {
  await inRetriedTransaction(ctx.db, async (tx) => {
    const [due] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM orders WHERE id = ${orderId} AND status = 'new' AND expires_at <= now()
            AND NOT ${heldByPayment(orderId)}
          FOR UPDATE`,
    );
    if (!due) return;
    await expireCart(tx, orderId, {
      userId: null,
      note: 'cart countdown over (seen at checkout)',
      env: { publicUrl: ctx.config.publicUrl, authSecret: ctx.config.authSecret },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// GET checkout

async function legalDocuments(db: DbOrTx, sellerId: number): Promise<TLegalDocument[]> {
  const [s] = await queryRows<Record<string, string | null>>(
    db,
    sql`SELECT doctype, terms_doc, privacy_doc, delivery_doc, return_doc,
          terms_link, privacy_link, delivery_link, return_link
        FROM settings WHERE user_id = ${sellerId}`,
  );
  if (!s) return [];
  const docUrl = (v: string | null) =>
    !v ? null : /^(https?:)?\/\//.test(v) || v.startsWith('/') ? v : fileUrl(v);
  const out: TLegalDocument[] = [];
  for (const type of ['terms', 'privacy', 'delivery', 'return'] as const) {
    const file = docUrl(s[`${type}_doc`]);
    const link = s[`${type}_link`];
    const url = s.doctype === 'link' ? (link ?? file) : (file ?? link);
    if (url) out.push({ type, url });
  }
  return out;
}

/** The seller's switched-on payment methods that can take a payment on this server. */
export async function activePaymentMethods(
  ctx: Pick<Ctx, 'config'>,
  db: DbOrTx,
  sellerId: number,
): Promise<TCheckoutPaymentMethod[]> {
  const rows = await queryRows<{ provider: TPaymentProvider; method: string; has_credentials: boolean }>(
    db,
    sql`SELECT provider, method, bool_or(credentials_encrypted IS NOT NULL)
          OVER (PARTITION BY provider) AS has_credentials
        FROM payment_methods WHERE seller_id = ${sellerId} AND status
        ORDER BY id`,
  );
  return rows
    .filter(
      (r) =>
        (r.provider === 'sandbox' && sandboxAvailable(ctx)) ||
        (r.has_credentials && (r.provider === 'mollie' || !!stripePlatform(ctx.config))),
    )
    .map((r) => ({ code: `${r.provider}:${r.method}`, provider: r.provider, method: r.method }));
}

async function lines(db: DbOrTx, orderId: number) {
  const rows = await queryRows<{
    id: number;
    product_id: number | null;
    name: string;
    color_label: string | null;
    size_label: string | null;
    photo: string | null;
    quantity: number;
    unit_price_cents: number;
  }>(
    db,
    sql`SELECT id, product_id, name, color_label, size_label, photo, quantity, unit_price_cents
        FROM order_items WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    name: r.name,
    color_label: r.color_label,
    size_label: r.size_label,
    photo: r.photo,
    quantity: r.quantity,
    unit_price: euros(r.unit_price_cents),
    line_total: euros(r.unit_price_cents * r.quantity),
  }));
}

/** The viewer's waiting rows with the order's seller: the order's identity, and their account. */
export async function productsWaiting(
  db: DbOrTx,
  sellerId: number,
  who: { socialIdentityId: number | null; buyerId: number | null },
  locale: TLocale,
): Promise<TProductWaiting[]> {
  const conds = [
    who.socialIdentityId !== null && sql`w.social_identity_id = ${who.socialIdentityId}`,
    who.buyerId !== null && sql`w.buyer_id = ${who.buyerId}`,
  ].filter((c): c is ReturnType<typeof sql> => !!c);
  if (!conds.length) return [];
  const rows = await queryRows<{
    id: number;
    product_id: number;
    configuration_id: number;
    name: string;
    color: string | null;
    size: string | null;
    quantity: number;
    price_cents: number;
  }>(
    db,
    sql`SELECT w.id, w.product_id, w.configuration_id, p.name,
          ${locale === 'en' ? sql`co.name_en` : sql`co.name_fr`} AS color,
          ${locale === 'en' ? sql`s.name_en` : sql`s.name_fr`} AS size,
          w.quantity, c.price_cents
        FROM waiting_list w
        JOIN product_configurations c ON c.id = w.configuration_id
        JOIN products p ON p.id = w.product_id
        LEFT JOIN colors co ON co.id = c.color_id
        LEFT JOIN sizes s ON s.id = c.size_id
        WHERE w.seller_id = ${sellerId} AND w.status = 'waiting' AND (${sql.join(conds, sql` OR `)})
        ORDER BY w.comment_time, w.id`,
  );
  const photos = await firstPhotos(db, [...new Set(rows.map((r) => r.product_id))]);
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    configuration_id: r.configuration_id,
    name: r.name,
    color_label: r.color,
    size_label: r.size,
    photo: (() => {
      const ph = photos.get(r.product_id);
      return ph ? ph.thumb_url || ph.url : null;
    })(),
    quantity: r.quantity,
    price: euros(r.price_cents),
  }));
}

async function addressFor(
  ctx: Ctx,
  order: CheckoutOrderRow,
  viewer: Viewer,
): Promise<TCheckoutAddress | null> {
  const email = await checkoutEmailOf(ctx.db, order.id);
  if (order.ship_address1) {
    return {
      first_name: order.ship_first_name,
      last_name: order.ship_last_name,
      email: email ?? (viewer === 'owner' ? (ctx.user?.email ?? null) : null),
      phone: order.ship_phone,
      country_id: order.country_id,
      state: order.ship_state,
      post_code: order.ship_post_code,
      city: order.ship_city,
      address1: order.ship_address1,
      address2: order.ship_address2,
    };
  }
  if (viewer !== 'owner' || !ctx.user) return null;
  const [u] = await queryRows<{
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    email_real: string | null;
    phone: string | null;
  }>(
    ctx.db,
    sql`SELECT first_name, last_name, email, email_real, phone FROM users WHERE id = ${ctx.user.id}`,
  );
  const [a] = await queryRows<{
    country_id: number;
    state: string | null;
    post_code: string | null;
    city: string;
    address1: string;
    address2: string | null;
  }>(
    ctx.db,
    sql`SELECT country_id, state, post_code, city, address1, address2 FROM addresses
        WHERE user_id = ${ctx.user.id} ORDER BY (address_type = 'shipping') DESC, updated_at DESC, id DESC LIMIT 1`,
  );
  return {
    first_name: u?.first_name ?? null,
    last_name: u?.last_name ?? null,
    email: u?.email_real ?? u?.email ?? null,
    phone: u?.phone ?? null,
    country_id: a?.country_id ?? null,
    state: a?.state ?? null,
    post_code: a?.post_code ?? null,
    city: a?.city ?? null,
    address1: a?.address1 ?? null,
    address2: a?.address2 ?? null,
  };
}

/** The e-mail the shopper gave at their latest checkout of this order (kept on the payment row). */
export async function checkoutEmailOf(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await queryRows<{ email: string | null }>(
    db,
    sql`SELECT raw -> 'checkout' ->> 'email' AS email FROM payments
        WHERE order_id = ${orderId} AND raw -> 'checkout' ->> 'email' IS NOT NULL
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row?.email ?? null;
}

const priced = (o: CheckoutOrderRow): PricedOrder => ({
  id: o.id,
  seller_id: o.seller_id,
  buyer_id: o.buyer_id ?? o.identity_user_id,
  social_identity_id: o.social_identity_id,
  subtotal_cents: o.subtotal_cents,
  discount_cents: o.discount_cents,
});

export async function getCheckout(
  ctx: Ctx,
  orderNumber: string,
  t: string | undefined,
): Promise<TCheckoutResponse> {
  const first = await orderForViewer(ctx.db, { orderNumber }, ctx.user, t);
  await expireIfDue(ctx, first.order.id);
  const order = (await findOrder(ctx.db, { orderId: first.order.id })) as CheckoutOrderRow;
  const viewer = first.viewer;
  const locale: TLocale = order.locale === 'en' ? 'en' : 'fr';
  const { storeName } = await storeContext(ctx.db, order.seller_id, order.store_id);
  const address = await addressFor(ctx, order, viewer);
  const countryId = order.country_id ?? address?.country_id ?? null;
  const options = countryId ? await shippingOptions(ctx.db, priced(order), countryId) : [];
  const [now] = await queryRows<{ now: Date | string }>(ctx.db, sql`SELECT now() AS now`);
  const waiting = await productsWaiting(
    ctx.db,
    order.seller_id,
    {
      socialIdentityId: order.social_identity_id,
      buyerId: viewer === 'owner' && ctx.user ? ctx.user.id : null,
    },
    ctx.locale,
  );
  return {
    order: {
      id: order.id,
      order_number: order.order_number,
      status: order.status,
      created_at: toIso(order.created_at) as string,
      expires_at: order.status === 'new' ? toIso(order.expires_at) : null,
      serverTime: toIso(now.now) as string,
      paid_at: toIso(order.paid_at),
      locale,
      seller: { id: order.seller_id, store_name: storeName },
      items: await lines(ctx.db, order.id),
      subtotal: euros(order.subtotal_cents),
      discount: euros(order.discount_cents),
      shipping: euros(order.shipping_cents),
      total_amount: euros(order.total_amount_cents),
      shipping_method_id: order.shipping_method_id,
      country_id: order.country_id,
      payment_method: order.payment_method,
      legalDocuments: await legalDocuments(ctx.db, order.seller_id),
      paymentMethods: await activePaymentMethods(ctx, ctx.db, order.seller_id),
      signedIn: viewer === 'owner',
    },
    address,
    shippingMethods: options.map(toShippingMethod),
    orderItemsWait: { productsWaiting: waiting },
  };
}

export async function fetchShippingMethods(
  ctx: Ctx,
  orderId: number,
  countryId: number,
  t: string | undefined,
) {
  const { order } = await orderForViewer(ctx.db, { orderId }, ctx.user, t);
  const options = await shippingOptions(ctx.db, priced(order), countryId);
  return { shippingMethods: options.map(toShippingMethod) };
}

// ---------------------------------------------------------------------------------------------
// POST checkout

type CheckoutInput = Omit<TCheckoutBody, 'address' | 'shipping_method_id'> & {
  address: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    country_id: number;
    state: string;
    post_code: string;
    city: string;
    address1: string;
    address2: string | null;
  };
  shipping_method_id: number;
};

interface Started {
  paymentId: number;
  orderId: number;
  orderNumber: string;
  sellerId: number;
  provider: TPaymentProvider;
  method: string;
  amountCents: number;
  storeName: string;
  locale: TLocale;
  email: string;
}

/** A payment of the order still in progress at checkout time. */
interface OpenPayment {
  id: number;
  seller_id: number;
  provider: TPaymentProvider;
  method: string | null;
  amount_cents: number;
  status: 'open' | 'pending';
  external_id: string | null;
  checkout_url: string | null;
  fresh: boolean;
}

/** What the checkout transaction decided. */
type CheckoutPlan =
  | { kind: 'start'; started: Started }
  /** The payment in progress asks exactly this: the shopper goes back to its page. */
  | { kind: 'resume'; url: string }
  /** Payments in progress to settle (read back, canceled) before a new one may start. */
  | { kind: 'settle'; open: OpenPayment[] };

/**
 * POST checkout. Validates the form, snapshots address and shipping on the order, computes the
 * totals and starts a payment at the seller's provider; answers the provider's page, or
 * `{redirectUrl: null, error, message}` when the provider failed.
 *
 * Money rules: the first checkout freezes the cart (`checkout_at`): later comments of the viewer
 * and the waiting list open a new cart, so a payment always covers the cart it was made for.
 * A shopper never has two payments of one order running: checking out again while one is in
 * progress goes back to it when it asks the same (provider, method, amount); otherwise it is
 * read back from the provider (paid → `order_already_paid`) and canceled there before the new
 * one starts; a provider that will not cancel it answers `payment_in_progress` with its page.
 */
export async function submitCheckout(
  ctx: Ctx,
  body: CheckoutInput,
  locale: TLocale,
): Promise<TCheckoutResult> {
  if (body.accept_terms !== true) throw new AppError('terms_required', { accept_terms: 'terms' });
  const { order: seen } = await orderForViewer(ctx.db, { orderNumber: body.orderNumber }, ctx.user, body.t, {
    seller: false,
  });
  await expireIfDue(ctx, seen.id);

  for (let round = 0; ; round++) {
    const plan = await inRetriedTransaction(ctx.db, (tx) => planCheckout(ctx, tx, seen.id, body, locale));
    if (plan.kind === 'resume') return { redirectUrl: plan.url };
    if (plan.kind === 'start') return startAtProvider(ctx, plan.started);
    if (round > 0) throw new AppError('payment_in_progress');
    await settleOpenPayments(ctx, plan.open);
  }
}

async function planCheckout(
  ctx: Ctx,
  tx: DbOrTx,
  orderId: number,
  body: CheckoutInput,
  locale: TLocale,
): Promise<CheckoutPlan> {
  const order = (await findOrder(tx, { orderId }, true)) as CheckoutOrderRow;
  if (order.status === 'expired') throw new AppError('cart_expired');
  if (order.status === 'payed' || order.status === 'shipped') throw new AppError('order_already_paid');
  if (order.status !== 'new') throw new AppError('order_not_open');
  const [{ due, items }] = await queryRows<{ due: boolean; items: number }>(
    tx,
    sql`SELECT (expires_at IS NOT NULL AND expires_at <= now()) AS due,
          (SELECT count(*)::int FROM order_items WHERE order_id = ${order.id}) AS items
        FROM orders WHERE id = ${order.id}`,
  );
  // Past its countdown but held by a payment in progress: that payment may still complete, a new one may not start.
  if (due) throw new AppError('cart_expired');
  if (items === 0) throw new AppError('order_not_open');

  const [country] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM countries WHERE id = ${body.address.country_id}`,
  );
  if (!country) throw new AppError('validation', { 'address.country_id': 'country' });

  const options = await shippingOptions(tx, priced(order), body.address.country_id);
  const shipping = options.find((o) => o.id === body.shipping_method_id);
  if (!shipping) throw new AppError('shipping_method_unavailable', { shipping_method_id: 'invalid' });

  const methods = await activePaymentMethods(ctx, tx, order.seller_id);
  const wanted = body.payment_method.trim();
  const matching = methods.filter((m) => m.code === wanted || m.method === wanted);
  const method = matching.length === 1 ? matching[0] : matching.find((m) => m.code === wanted);
  if (!method) throw new AppError('payment_method_unavailable', { payment_method: 'invalid' });
  const total = Math.max(0, order.subtotal_cents - order.discount_cents + shipping.price_cents);

  const open = await openPaymentsOf(tx, order.id);
  // A payment row the provider has not answered yet: another checkout of this order is starting it.
  if (open.some((p) => p.external_id === null && p.fresh)) throw new AppError('payment_in_progress');
  const started = open.filter((p) => p.external_id !== null);
  const same = started.find(
    (p) =>
      p.status === 'open' &&
      p.checkout_url &&
      p.provider === method.provider &&
      p.method === method.method &&
      p.amount_cents === total,
  );
  if (started.length && !(started.length === 1 && same)) return { kind: 'settle', open: started };

  const a = body.address;
  const buyerId = order.buyer_id ?? order.identity_user_id;
  let addressId = order.address_id;
  if (ctx.user && ctx.user.role_id === ROLE.buyer && ctx.user.id === buyerId) {
    addressId = await saveBuyerAddress(tx, ctx.user.id, a);
  }
  await tx.execute(
    sql`UPDATE orders SET buyer_id = ${buyerId}, ship_first_name = ${a.first_name}, ship_last_name = ${a.last_name},
          ship_phone = ${a.phone}, ship_address1 = ${a.address1}, ship_address2 = ${a.address2},
          ship_city = ${a.city}, ship_state = ${a.state}, ship_post_code = ${a.post_code},
          country_id = ${a.country_id}, address_id = ${addressId},
          shipping_method_id = ${shipping.id}, shipping_method_name = ${shipping.name},
          shipping_cents = ${shipping.price_cents}, total_amount_cents = ${total},
          payment_method = ${method.method}, locale = ${locale},
          checkout_at = coalesce(checkout_at, now()), updated_at = now()
        WHERE id = ${order.id}`,
  );
  const checkout = JSON.stringify({ checkout: { email: a.email, locale } });
  if (same) {
    await tx.execute(
      sql`UPDATE payments SET raw = coalesce(raw, '{}'::jsonb) || ${checkout}::jsonb, updated_at = now()
          WHERE id = ${same.id}`,
    );
    return { kind: 'resume', url: same.checkout_url as string };
  }
  // Rows that never reached the provider (a crash between the two steps) are dead.
  await tx.execute(
    sql`UPDATE payments SET status = 'failed', updated_at = now(),
          raw = coalesce(raw, '{}'::jsonb) || '{"error": "never created at the provider"}'::jsonb
        WHERE order_id = ${order.id} AND status IN ('open', 'pending') AND external_id IS NULL`,
  );
  const feePercent = await sellerFeePercent(tx, order.seller_id);
  const [payment] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO payments (order_id, seller_id, buyer_id, provider, method, amount_cents, fee_cents, status, raw)
        VALUES (${order.id}, ${order.seller_id}, ${buyerId}, ${method.provider}, ${method.method}, ${total},
          ${applicationFee(total, feePercent)}, 'open', ${checkout}::jsonb)
        RETURNING id`,
  );
  const { storeName } = await storeContext(tx, order.seller_id, order.store_id);
  return {
    kind: 'start',
    started: {
      paymentId: payment.id,
      orderId: order.id,
      orderNumber: order.order_number,
      sellerId: order.seller_id,
      provider: method.provider,
      method: method.method,
      amountCents: total,
      storeName,
      locale,
      email: a.email,
    },
  };
}

/** The order's payments in progress, locked; `fresh`: made in the last two minutes. */
function openPaymentsOf(tx: DbOrTx, orderId: number) {
  return queryRows<OpenPayment>(
    tx,
    sql`SELECT id, seller_id, provider, method, amount_cents, status, external_id, checkout_url,
          created_at > now() - interval '2 minutes' AS fresh
        FROM payments WHERE order_id = ${orderId} AND status IN ('open', 'pending')
        ORDER BY id FOR UPDATE`,
  );
}

/**
 * Payments in progress that a new checkout replaces: each is read back from its provider (one
 * paid meanwhile pays the order), then canceled there. One the provider will not cancel answers
 * `payment_in_progress` with its page, so the shopper finishes it instead of paying twice.
 */
async function settleOpenPayments(ctx: Ctx, open: OpenPayment[]): Promise<void> {
  for (const p of open) {
    const read = await confirmPayment(envOf(ctx), p.id).catch(() => null);
    if (read && read.paymentStatus !== 'open' && read.paymentStatus !== 'pending') continue;
    try {
      const provider = await providerFor(envOf(ctx), p.seller_id, p.provider);
      await provider.cancel(p.external_id as string);
      await ctx.db.execute(
        sql`UPDATE payments SET raw = coalesce(raw, '{}'::jsonb) || '{"replaced_at_checkout": true}'::jsonb
            WHERE id = ${p.id}`,
      );
      // Recorded as the provider now says (canceled; or paid, if it was paid at the last moment).
      await confirmPayment(envOf(ctx), p.id);
    } catch (err) {
      ctx.log.warn({ err, paymentId: p.id }, 'payment in progress could not be canceled');
      const again = await confirmPayment(envOf(ctx), p.id).catch(() => null);
      if (again && again.paymentStatus !== 'open' && again.paymentStatus !== 'pending') continue;
      throw new AppError('payment_in_progress', undefined, undefined, {
        body: { redirectUrl: p.status === 'open' ? p.checkout_url : null },
      });
    }
  }
}

/** Creates the started payment at its provider; a failure leaves the row `failed`. */
async function startAtProvider(ctx: Ctx, started: Started): Promise<TCheckoutResult> {
  let provider: PaymentProvider;
  try {
    provider = await providerFor(envOf(ctx), started.sellerId, started.provider);
    const created = await provider.createPayment({
      paymentId: started.paymentId,
      orderNumber: started.orderNumber,
      amountCents: started.amountCents,
      currency: 'EUR',
      description: `${started.storeName} ${started.orderNumber}`.slice(0, 255),
      method: started.method,
      redirectUrl: returnUrl(ctx, { ...started }),
      webhookUrl: webhookUrl(ctx, started.provider, started.paymentId),
      locale: started.locale,
      customerEmail: started.email,
    });
    await ctx.db.execute(
      sql`UPDATE payments SET external_id = ${created.externalId}, checkout_url = ${created.checkoutUrl},
            status = ${created.status}, raw = coalesce(raw, '{}'::jsonb) || ${JSON.stringify(created.raw)}::jsonb,
            updated_at = now()
          WHERE id = ${started.paymentId}`,
    );
    return { redirectUrl: created.checkoutUrl };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ err, paymentId: started.paymentId }, 'payment creation failed');
    await ctx.db.execute(
      sql`UPDATE payments SET status = 'failed',
            raw = coalesce(raw, '{}'::jsonb) || jsonb_build_object('error', ${message}::text,
              'error_kind', ${err instanceof PaymentProviderError ? err.kind : 'internal'}::text),
            updated_at = now()
          WHERE id = ${started.paymentId}`,
    );
    return {
      redirectUrl: null,
      error: 'payment_provider_error',
      message: ERRORS.payment_provider_error[ctx.locale],
    };
  }
}

/** The signed-in shopper's delivery address: their latest `shipping` address updated, or a new one. */
async function saveBuyerAddress(tx: DbOrTx, userId: number, a: CheckoutInput['address']): Promise<number> {
  const [existing] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM addresses WHERE user_id = ${userId} AND address_type = 'shipping'
        ORDER BY updated_at DESC, id DESC LIMIT 1`,
  );
  if (existing) {
    await tx.execute(
      sql`UPDATE addresses SET country_id = ${a.country_id}, state = ${a.state}, post_code = ${a.post_code},
            city = ${a.city}, address1 = ${a.address1}, address2 = ${a.address2}, updated_at = now()
          WHERE id = ${existing.id}`,
    );
    return existing.id;
  }
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO addresses (user_id, address_type, country_id, state, post_code, city, address1, address2)
        VALUES (${userId}, 'shipping', ${a.country_id}, ${a.state}, ${a.post_code}, ${a.city}, ${a.address1}, ${a.address2})
        RETURNING id`,
  );
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Return page and insert-status

/** POST checkout/confirm: the return page asks how its payment went. Null status when unknown. */
export async function confirmReturn(ctx: Ctx, hash: string, type: TPaymentProvider): Promise<TConfirmResult> {
  const none: TConfirmResult = { paymentStatus: null, orderStatus: null, orderNumber: null };
  const paymentId = paymentIdOfHash(ctx.config.authSecret, hash);
  if (paymentId === null) return none;
  const [p] = await queryRows<{ provider: string }>(
    ctx.db,
    sql`SELECT provider FROM payments WHERE id = ${paymentId}`,
  );
  if (!p || p.provider !== type) return none;
  try {
    const result = await confirmPayment(envOf(ctx), paymentId);
    if (!result) return none;
    return {
      paymentStatus: result.paymentStatus,
      orderStatus: result.orderStatus,
      orderNumber: result.orderNumber,
    };
  } catch (err) {
    ctx.log.warn({ err, paymentId }, 'payment confirmation failed');
    return none;
  }
}

/** GET orders/insert-status: never takes `status` for true; reads the latest payment back. */
export async function insertStatus(ctx: Ctx, orderId: number, t: string | undefined) {
  const { order } = await orderForViewer(ctx.db, { orderId }, ctx.user, t);
  const [p] = await queryRows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM payments WHERE order_id = ${order.id} AND external_id IS NOT NULL
        ORDER BY (status = 'paid') DESC, created_at DESC, id DESC LIMIT 1`,
  );
  if (!p) throw new AppError('payment_not_confirmed');
  let result: Awaited<ReturnType<typeof confirmPayment>>;
  try {
    result = await confirmPayment(envOf(ctx), p.id);
  } catch (err) {
    ctx.log.warn({ err, orderId }, 'payment status could not be read');
    throw new AppError('payment_not_confirmed');
  }
  if (
    result?.paymentStatus !== 'paid' ||
    (result.orderStatus !== 'payed' && result.orderStatus !== 'shipped')
  ) {
    throw new AppError('payment_not_confirmed');
  }
  return { success: true as const, status: result.orderStatus, paymentStatus: result.paymentStatus };
}

// ---------------------------------------------------------------------------------------------
// Small order calls of the checkout

export async function totalAmount(ctx: Ctx, orderNumber: string, t: string | undefined) {
  const { order } = await orderForViewer(ctx.db, { orderNumber }, ctx.user, t);
  return { total_amount: euros(order.total_amount_cents) };
}

export async function orderExists(ctx: Ctx, orderNumber: string, t: string | undefined) {
  try {
    await orderForViewer(ctx.db, { orderNumber }, ctx.user, t);
    return { exist_order: true };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return { exist_order: false };
    throw err;
  }
}

export { notFound };
