import { randomBytes } from 'node:crypto';
import type { TOrderStatus } from '@livecart/contract/constants';
import { eq } from 'drizzle-orm';
import {
  addresses,
  countries,
  orderItems,
  orders,
  payments,
  shippingMethods,
  users,
} from '../src/db/schema/index.ts';
import { enqueue } from '../src/jobs/outbox.ts';
import type { Runtime } from '../src/runtime.ts';

/*
 * Orders as checkout leaves them, written straight to the tables (issue 5's tests run before or
 * without the checkout code): a seller with company data, an order with lines, a delivery address
 * snapshot and a paid payment row; `markPaid` does what payment confirmation does to an order
 * (status payed + the `invoice` outbox row).
 */

const uniq = () => randomBytes(5).toString('hex').toUpperCase();

export async function countryId(rt: Runtime, iso: string): Promise<number> {
  const [c] = await rt.deps.database.db.select().from(countries).where(eq(countries.iso, iso));
  return c.id;
}

/** Company name, identification and VAT numbers, business address in Paris. */
export async function giveCompany(rt: Runtime, sellerId: number, company = 'Atelier Crème & Brûlée') {
  const db = rt.deps.database.db;
  await db
    .update(users)
    .set({ company_name: company, tax_id: '552 120 222 00013', vat_number: 'FR40552120222' })
    .where(eq(users.id, sellerId));
  await db.insert(addresses).values({
    user_id: sellerId,
    address_type: 'seller',
    country_id: await countryId(rt, 'FR'),
    city: 'Paris',
    post_code: '75001',
    address1: '12 rue de l’Église',
  });
}

export async function makeShippingMethod(rt: Runtime, sellerId: number, name = 'Colissimo') {
  const [m] = await rt.deps.database.db
    .insert(shippingMethods)
    .values({ seller_id: sellerId, name: `${name} ${uniq()}` })
    .returning();
  return m;
}

export interface OrderSpec {
  sellerId: number;
  buyerId?: number | null;
  status?: TOrderStatus;
  locale?: 'fr' | 'en';
  lines?: { name: string; color?: string; size?: string; priceCents: number; quantity: number }[];
  shippingCents?: number;
  shippingMethodId?: number | null;
  shippingName?: string;
  country?: string;
  method?: string;
  /** Adds a paid payment row of this provider (when the status is payed/shipped). */
  provider?: 'sandbox' | 'mollie' | 'stripe';
  createdAt?: Date;
}

/** An order with lines and a delivery snapshot; paid ones get a payment row. */
export async function makeOrder(rt: Runtime, spec: OrderSpec) {
  const db = rt.deps.database.db;
  const lines = spec.lines ?? [
    { name: 'Robe à fleurs', color: 'Bleu ciel', size: 'M', priceCents: 3990, quantity: 2 },
    { name: 'Écharpe', priceCents: 1250, quantity: 1 },
  ];
  const subtotal = lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
  const shipping = spec.shippingCents ?? 690;
  const status = spec.status ?? 'new';
  const paid = status === 'payed' || status === 'shipped';
  const [order] = await db
    .insert(orders)
    .values({
      seller_id: spec.sellerId,
      buyer_id: spec.buyerId ?? null,
      order_number: `LC${uniq()}`,
      status,
      locale: spec.locale ?? 'fr',
      subtotal_cents: subtotal,
      shipping_cents: shipping,
      total_amount_cents: subtotal + shipping,
      shipping_method_id: spec.shippingMethodId ?? null,
      shipping_method_name: spec.shippingName ?? 'Colissimo',
      ship_first_name: 'Hélène',
      ship_last_name: 'Dupré',
      ship_phone: '0612345678',
      ship_address1: '3 allée des Châtaigniers',
      ship_city: 'Lyon',
      ship_post_code: '69003',
      country_id: await countryId(rt, spec.country ?? 'FR'),
      payment_method: spec.method ?? 'card',
      paid_at: paid ? new Date() : null,
      ...(spec.createdAt && { created_at: spec.createdAt }),
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((l) => ({
      order_id: order.id,
      seller_id: spec.sellerId,
      name: l.name,
      color_label: l.color ?? null,
      size_label: l.size ?? null,
      unit_price_cents: l.priceCents,
      quantity: l.quantity,
    })),
  );
  if (paid) await addPayment(rt, order, spec.provider ?? 'sandbox', spec.method ?? 'card');
  return order;
}

async function addPayment(
  rt: Runtime,
  order: typeof orders.$inferSelect,
  provider: 'sandbox' | 'mollie' | 'stripe',
  method: string,
  checkoutEmail?: string,
) {
  await rt.deps.database.db.insert(payments).values({
    order_id: order.id,
    seller_id: order.seller_id,
    buyer_id: order.buyer_id,
    provider,
    external_id: `${provider}_${uniq()}`,
    method,
    amount_cents: order.total_amount_cents,
    fee_cents: Math.round(order.total_amount_cents * 0.05),
    status: 'paid',
    paid_at: new Date(),
    ...(checkoutEmail && { raw: { checkout: { email: checkoutEmail, locale: order.locale } } }),
  });
}

/** What confirmation does: the order becomes payed (with its payment) and its invoice is queued. */
export async function markPaid(
  rt: Runtime,
  order: typeof orders.$inferSelect,
  opts: { checkoutEmail?: string } = {},
) {
  await rt.deps.database.db.transaction(async (tx) => {
    await tx.update(orders).set({ status: 'payed', paid_at: new Date() }).where(eq(orders.id, order.id));
    await enqueue(tx, { kind: 'invoice', dedupeKey: `invoice:${order.id}`, payload: { orderId: order.id } });
  });
  await addPayment(rt, order, 'sandbox', 'card', opts.checkoutEmail);
}

export { pdfText, unzip } from './documents.ts';
