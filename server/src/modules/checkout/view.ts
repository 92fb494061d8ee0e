/**
 * The shopper's checkout page (issue 5): the order with its lines, address, shipping and payment
 * methods, legal documents and what the viewer still waits for. Access rules in access.ts,
 * shipping prices in the shipping module.
 *
 * Holding the cart while a payment is pending: the countdown is not changed by checkout. Instead
 * the sweeper (orders/expiry.ts) skips a due cart that has a payment `open` or `pending` created
 * less than PAYMENT_HOLD_MINUTES ago (orders/cart.ts), so a shopper on the provider's page does
 * not lose the cart at the last second; a paid confirmation then finds it still `new`. After the
 * hold the cart expires as usual (a payment completing later is handled by payments/confirm.ts).
 */

import type {
  TCheckoutAddress,
  TCheckoutResponse,
  TCheckoutShippingMethod,
  TLegalDocument,
  TProductWaiting,
} from '@livecart/contract/checkout';
import type { TLocale } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { invoicePath } from '../invoices/confirmation.ts';
import { issuedInvoiceNumber } from '../invoices/service.ts';
import { expireIfDue } from '../orders/expiry.ts';
import { LINE_LABEL_JOINS, lineLabels } from '../orders/lines.ts';
import { activePaymentMethods } from '../payments/settings.ts';
import { firstPhotos } from '../products/photos.ts';
import { legalDocUrl } from '../settings/service.ts';
import {
  type PricedOrder,
  type ShippingOption,
  shippingOptions,
  toShippingMethod,
} from '../shipping/options.ts';
import { storeContext } from '../stores/service.ts';
import { type CheckoutOrderRow, findOrder, orderForViewer, type Viewer } from './access.ts';

async function legalDocuments(db: DbOrTx, sellerId: number): Promise<TLegalDocument[]> {
  const [s] = await queryRows<Record<string, string | null>>(
    db,
    sql`SELECT doctype, terms_doc, privacy_doc, delivery_doc, return_doc,
          terms_link, privacy_link, delivery_link, return_link
        FROM settings WHERE user_id = ${sellerId}`,
  );
  if (!s) return [];
  const out: TLegalDocument[] = [];
  for (const type of ['terms', 'privacy', 'delivery', 'return'] as const) {
    // a document is its uploaded file or its link (saving one clears the other: settings/legal.ts)
    const file = legalDocUrl(s[`${type}_doc`]);
    const link = s[`${type}_link`];
    const url = s.doctype === 'link' ? (link ?? file) : (file ?? link);
    if (url) out.push({ type, url });
  }
  return out;
}

/** The order's lines, colour and size named in the reader's language. */
async function lines(db: DbOrTx, orderId: number, locale: TLocale) {
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
    sql`SELECT i.id, i.product_id, i.name, ${lineLabels(locale)}, i.photo, i.quantity, i.unit_price_cents
        FROM order_items i ${LINE_LABEL_JOINS} WHERE i.order_id = ${orderId} ORDER BY i.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    product_id: r.product_id,
    name: r.name,
    color_label: r.color_label,
    size_label: r.size_label,
    photo: r.photo,
    quantity: r.quantity,
    unit_price: toEuros(r.unit_price_cents),
    line_total: toEuros(r.unit_price_cents * r.quantity),
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
    price: toEuros(r.price_cents),
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

/** The order's total with a shipping price: what `POST checkout` asks (0: a free order). */
export const checkoutTotalCents = (
  o: Pick<PricedOrder, 'subtotal_cents' | 'discount_cents'>,
  shippingCents: number,
) => Math.max(0, o.subtotal_cents - o.discount_cents + shippingCents);

/** The shipping methods as the checkout offers them, each with the order's total with it. */
const offered = (order: PricedOrder, options: ShippingOption[]): TCheckoutShippingMethod[] =>
  options.map((o) => ({
    ...toShippingMethod(o),
    order_total: toEuros(checkoutTotalCents(order, o.price_cents)),
  }));

export const priced = (o: CheckoutOrderRow): PricedOrder => ({
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
  await expireIfDue(ctx.db, first.order.id, ctx.config);
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
  const invoiceNumber = await issuedInvoiceNumber(ctx.db, order.id);
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
      items: await lines(ctx.db, order.id, ctx.locale),
      subtotal: toEuros(order.subtotal_cents),
      discount: toEuros(order.discount_cents),
      shipping: toEuros(order.shipping_cents),
      total_amount: toEuros(order.total_amount_cents),
      shipping_method_id: order.shipping_method_id,
      shipping_method_name: order.shipping_method_name,
      country_id: order.country_id,
      payment_method: order.payment_method,
      invoice: invoiceNumber
        ? { number: invoiceNumber, url: invoicePath(order.order_number, viewer === 'token' ? t : null) }
        : null,
      legalDocuments: await legalDocuments(ctx.db, order.seller_id),
      paymentMethods: await activePaymentMethods(ctx, ctx.db, order.seller_id),
      signedIn: viewer === 'owner',
    },
    address,
    shippingMethods: offered(priced(order), options),
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
  return { shippingMethods: offered(priced(order), options) };
}
