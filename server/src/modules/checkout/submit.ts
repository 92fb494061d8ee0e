/**
 * Submitting the checkout: the form checked against the order as it is now (open, not past its
 * countdown, the shipping method and payment method offered), the choice recorded on the order,
 * then a payment started at the seller's provider (payments/start.ts) — or, when the total is 0,
 * the order confirmed at once with no provider (payments/free.ts).
 */

import { checkAddressForCountry } from '@livecart/contract/address';
import { isFreeTotal, type TCheckoutBody, type TCheckoutResult } from '@livecart/contract/checkout';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import { FREE_PAYMENT } from '@livecart/contract/payments';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import { checkoutUrl } from '../orders/cart.ts';
import { recordCheckout } from '../orders/checkout.ts';
import { expireIfDue } from '../orders/expiry.ts';
import { confirmFreeOrder, FREE_CHOICE } from '../payments/free.ts';
import { activePaymentMethods } from '../payments/settings.ts';
import {
  decideOnOpenPayments,
  noteCheckout,
  type OpenPayment,
  openPayment,
  type Started,
  settleOpenPayments,
  startAtProvider,
} from '../payments/start.ts';
import { countryIso } from '../reference/service.ts';
import { shippingOptions } from '../shipping/options.ts';
import { storeContext } from '../stores/service.ts';
import { saveShippingAddress } from '../users/accounts.ts';
import { type CheckoutOrderRow, findOrder, orderForViewer } from './access.ts';
import { checkoutTotalCents, priced } from './view.ts';

/** What the checkout transaction decided. */
type CheckoutPlan =
  | { kind: 'start'; started: Started }
  /** The payment in progress asks exactly this: the shopper goes back to its page. */
  | { kind: 'resume'; url: string }
  /** A free order, confirmed: the shopper goes to its confirmation (the checkout page). */
  | { kind: 'confirmed'; url: string }
  /** Payments in progress to settle (read back, canceled) before a new one may start. */
  | { kind: 'settle'; open: OpenPayment[] };

type CheckoutInput = Omit<TCheckoutBody, 'address' | 'shipping_method_id'> & {
  address: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    country_id: number;
    state: string | null;
    post_code: string | null;
    city: string;
    address1: string;
    address2: string | null;
  };
  shipping_method_id: number;
};

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
 *
 * A total of 0 (recomputed here, never taken from the client) needs no payment method: the
 * checkout is recorded and the order confirmed in the same transaction with a 0 € payment of kind
 * `free`; submitting it again answers its confirmation page again and confirms nothing more.
 */
export async function submitCheckout(
  ctx: Ctx,
  body: CheckoutInput,
  locale: TLocale | undefined,
): Promise<TCheckoutResult> {
  if (body.accept_terms !== true) throw new AppError('terms_required', { accept_terms: 'terms' });
  const { order: seen } = await orderForViewer(ctx.db, { orderNumber: body.orderNumber }, ctx.user, body.t, {
    seller: false,
  });
  await expireIfDue(ctx.db, seen.id, ctx.config);

  for (let round = 0; ; round++) {
    const plan = await inRetriedTransaction(ctx.db, (tx) => planCheckout(ctx, tx, seen.id, body, locale));
    if (plan.kind === 'resume' || plan.kind === 'confirmed') return { redirectUrl: plan.url };
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
  chosenLocale: TLocale | undefined,
): Promise<CheckoutPlan> {
  const order = (await findOrder(tx, { orderId }, true)) as CheckoutOrderRow;
  // The shopper's language from now on (e-mails, invoice): the one they used at checkout, else
  // the order's own (the shop's); never the interface language of whoever is signed in.
  const locale: TLocale = chosenLocale ?? (order.locale === 'en' ? 'en' : 'fr');
  if (order.status === 'expired') throw new AppError('cart_expired');
  if (order.status === 'payed' || order.status === 'shipped') {
    // A free order submitted again (a double tap, an answer lost): its confirmation, nothing more.
    if (order.payment_method === FREE_PAYMENT) return confirmed(ctx, tx, order, locale);
    throw new AppError('order_already_paid');
  }
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

  const iso = await countryIso(tx, body.address.country_id);
  if (!iso) throw new AppError('validation', { 'address.country_id': 'country' });
  const checked = checkAddressForCountry(body.address, iso);
  if (!checked.ok) {
    const fields = Object.entries(checked.fields).map(([field, code]) => [`address.${field}`, code]);
    throw new AppError('validation', Object.fromEntries(fields));
  }

  const options = await shippingOptions(tx, priced(order), body.address.country_id);
  const shipping = options.find((o) => o.id === body.shipping_method_id);
  if (!shipping) throw new AppError('shipping_method_unavailable', { shipping_method_id: 'invalid' });

  const total = checkoutTotalCents(order, shipping.price_cents);
  const method = isFreeTotal(total)
    ? FREE_CHOICE
    : await chosenMethod(ctx, tx, order.seller_id, body.payment_method);

  const decision = await decideOnOpenPayments(tx, order.id, {
    provider: method.provider,
    method: method.method,
    amountCents: total,
  });
  if (decision.kind === 'settle') return decision;

  const a = checked.value;
  const buyerId = order.buyer_id ?? order.identity_user_id;
  let addressId = order.address_id;
  if (ctx.user && ctx.user.role_id === ROLE.buyer && ctx.user.id === buyerId) {
    addressId = await saveShippingAddress(tx, ctx.user.id, a);
  }
  await recordCheckout(tx, order.id, {
    buyerId,
    addressId,
    address: a,
    shipping: { id: shipping.id, name: shipping.name, priceCents: shipping.price_cents },
    totalCents: total,
    paymentMethod: method.method,
    locale,
  });
  const checkout = { email: a.email, locale };
  if (method.provider === FREE_PAYMENT) {
    await confirmFreeOrder(tx, { orderId: order.id, sellerId: order.seller_id, buyerId, checkout });
    return confirmed(ctx, tx, order, locale);
  }
  if (decision.kind === 'resume') {
    await noteCheckout(tx, decision.payment.id, checkout);
    return { kind: 'resume', url: decision.payment.checkout_url as string };
  }
  const paymentId = await openPayment(tx, {
    orderId: order.id,
    sellerId: order.seller_id,
    buyerId,
    provider: method.provider,
    method: method.method,
    amountCents: total,
    checkout,
  });
  const { storeName } = await storeContext(tx, order.seller_id, order.store_id);
  return {
    kind: 'start',
    started: {
      paymentId,
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

/** The seller's active method the shopper chose (a `code`, or a bare method only one provider offers). */
async function chosenMethod(ctx: Ctx, tx: DbOrTx, sellerId: number, chosen: string | undefined) {
  const wanted = chosen?.trim();
  if (!wanted) throw new AppError('validation', { payment_method: 'required' });
  const methods = await activePaymentMethods(ctx, tx, sellerId);
  const matching = methods.filter((m) => m.code === wanted || m.method === wanted);
  const method = matching.length === 1 ? matching[0] : matching.find((m) => m.code === wanted);
  if (!method) throw new AppError('payment_method_unavailable', { payment_method: 'invalid' });
  return method;
}

/** A free order confirmed: its checkout page, now its confirmation, in the shopper's language. */
async function confirmed(
  ctx: Ctx,
  tx: DbOrTx,
  order: CheckoutOrderRow,
  locale: TLocale,
): Promise<CheckoutPlan> {
  const { storeName } = await storeContext(tx, order.seller_id, order.store_id);
  return { kind: 'confirmed', url: checkoutUrl(ctx.config, storeName, order.order_number, locale) };
}
