/**
 * What the shopper's confirmation of a paid order says, in the e-mail sent with its invoice: the
 * order number, the articles, the amounts, the delivery address and carrier, the invoice as a
 * link, the order's confirmation page, and for a shopper without an account the offer to create
 * one with the e-mail they gave (or to sign in, when that e-mail has an account) to follow it.
 * Links carry the order's checkout token, as the private reply's link does: the shopper opens
 * them without signing in.
 */
import { renderReply } from '@livecart/contract/chatbot';
import { isFreeTotal } from '@livecart/contract/checkout';
import type { TLocale } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { TemplateData } from '../../integrations/mail/templates.ts';
import type { Deps } from '../../lib/http.ts';
import { eurosIn } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';
import { firstNameOf, systemReplyText } from '../chatbot/texts.ts';
import { orderAccessToken } from '../orders/cart.ts';
import { LINE_LABEL_JOINS, lineLabels } from '../orders/lines.ts';
import { storeContext } from '../stores/service.ts';
import { findUserByEmail } from '../users/service.ts';

/** The order as the confirmation needs it. */
export interface ConfirmedOrder {
  id: number;
  seller_id: number;
  order_number: string;
  buyer_id: number | null;
  identity_user_id: number | null;
  store_id: number | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_amount_cents: number;
  shipping_method_name: string | null;
  ship_first_name: string | null;
  ship_last_name: string | null;
  ship_address1: string | null;
  ship_address2: string | null;
  ship_city: string | null;
  ship_state: string | null;
  ship_post_code: string | null;
  ship_country_fr: string | null;
  ship_country_en: string | null;
}

const prefix = (locale: TLocale) => (locale === 'en' ? '/en' : '');
const joined = (...parts: (string | null | undefined)[]) =>
  parts
    .filter((p) => p?.trim())
    .join(' ')
    .trim();

/** The path of an order's invoice PDF; with the link's token `t` it opens without signing in. */
export const invoicePath = (orderNumber: string, t?: string | null) =>
  `/api/invoices/${encodeURIComponent(orderNumber)}.pdf${t ? `?t=${encodeURIComponent(t)}` : ''}`;

/** The confirmation e-mail's data for order `order`, invoice `invoiceNumber`, sent to `to`. */
export async function confirmationData(
  deps: Pick<Deps, 'config'>,
  db: DbOrTx,
  order: ConfirmedOrder,
  sent: { to: string; invoiceNumber: string; firstName: string; merchant: string; locale: TLocale },
): Promise<TemplateData['invoice']> {
  const { publicUrl, authSecret } = deps.config;
  const { locale } = sent;
  const t = orderAccessToken(authSecret, order.order_number);
  const { storeName } = await storeContext(db, order.seller_id, order.store_id);
  const checkout = `/checkout/${order.order_number}?${new URLSearchParams({ storeName, t })}`;
  const lines = await queryRows<{
    name: string;
    color_label: string | null;
    size_label: string | null;
    quantity: number;
    unit_price_cents: number;
  }>(
    db,
    sql`SELECT i.name, ${lineLabels(locale)}, i.quantity, i.unit_price_cents
        FROM order_items i ${LINE_LABEL_JOINS} WHERE i.order_id = ${order.id} ORDER BY i.id`,
  );

  // A shopper without an account is offered one with the e-mail they gave, to follow the order:
  // confirming that e-mail links this order (auth's activation calls checkout/link.ts).
  let account: TemplateData['invoice']['account'] = null;
  if (order.buyer_id === null && order.identity_user_id === null) {
    const existing = await findUserByEmail(db, sent.to);
    const back = encodeURIComponent(checkout);
    account =
      existing && existing.status !== 'pending'
        ? { kind: 'signin', url: `${publicUrl}${prefix(locale)}/signin?callbackUrl=${back}` }
        : {
            kind: 'signup',
            url: `${publicUrl}${prefix(locale)}/signup?email=${encodeURIComponent(sent.to)}&callbackUrl=${back}`,
          };
  }

  // The seller's payment_received reply greets and thanks the shopper (null: switched off). A
  // free order had no payment to thank for: the confirmation's own words say it was offered.
  const free = isFreeTotal(Number(order.total_amount_cents));
  const words = free ? undefined : await systemReplyText(db, order.seller_id, 'payment_received', locale);
  const message =
    words &&
    renderReply(words, {
      first_name: firstNameOf(sent.firstName),
      order: order.order_number,
      amount: eurosIn(Number(order.total_amount_cents), locale),
      store: storeName,
    });

  return {
    message,
    first_name: sent.firstName,
    merchant: sent.merchant,
    invoice_number: sent.invoiceNumber,
    order_number: order.order_number,
    lines: lines.map((l) => ({
      name: l.name,
      variant: [l.color_label, l.size_label].filter(Boolean).join(' / '),
      quantity: Number(l.quantity),
      total_cents: Number(l.unit_price_cents) * Number(l.quantity),
    })),
    subtotal_cents: Number(order.subtotal_cents),
    discount_cents: Number(order.discount_cents),
    shipping_cents: Number(order.shipping_cents),
    total_cents: Number(order.total_amount_cents),
    carrier: order.shipping_method_name,
    address: [
      joined(order.ship_first_name, order.ship_last_name),
      order.ship_address1,
      order.ship_address2,
      joined(order.ship_post_code, order.ship_city),
      order.ship_state,
      locale === 'en' ? order.ship_country_en : order.ship_country_fr,
    ].filter((l): l is string => !!l?.trim()),
    order_url: `${publicUrl}${prefix(locale)}${checkout}`,
    invoice_url: `${publicUrl}${invoicePath(order.order_number, t)}`,
    email: sent.to,
    account,
  };
}
