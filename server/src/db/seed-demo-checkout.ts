import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { enqueue } from '../jobs/outbox.ts';
import { queryRows } from '../lib/sql.ts';
import { sha256 } from '../lib/tokens.ts';
import { checkoutUrl, newOrderNumber, orderAccessToken } from '../modules/orders/cart.ts';
import { storeContext } from '../modules/stores/service.ts';
import type { Db, Tx } from './client.ts';
import {
  countries,
  orderItems,
  orderStatusHistory,
  orders,
  paymentMethods,
  payments,
  productConfigurations,
  settings,
  shippingMethodCountries,
  shippingMethods,
  socialIdentities,
} from './schema/index.ts';

/** Shipping prices of the demo seller, in cents, per country (issue 5 Demo). */
export const DEMO_SHIPPING = [
  { name: 'Colissimo', prices: { FR: 490, BE: 790 } },
  { name: 'Mondial Relay', prices: { FR: 390, BE: 490 } },
] as const;
/** Orders of 80 € or more ship free. */
export const DEMO_FREE_SHIPPING_THRESHOLD_CENTS = 8000;
/** The sandbox methods the demo seller offers at checkout. */
export const DEMO_PAYMENT_METHODS = ['card', 'paypal', 'bancontact'] as const;
/** The platform's percent on the demo seller's sales (Basic plan, SPEC §9). */
const DEMO_FEE_PERCENT = 5;

export interface DemoCheckoutInput {
  sellerId: number;
  buyerId: number;
  /** Links (legal documents, checkout links) start with it. */
  publicUrl: string;
  authSecret: string;
}

export interface DemoCheckout {
  /** Order numbers by role in the demo. */
  orders: { paid: string; shipped: string; unpaid: string; guest: string };
  /** The link a commenter without an account got in their private message. */
  guestCheckoutUrl: string;
}

interface DemoLine {
  sku: string;
  quantity: number;
}

/**
 * What a newcomer needs to run the whole checkout from `npm start`: the demo seller's shipping
 * methods priced for France and Belgium with a free-shipping threshold, the sandbox provider with
 * card, PayPal and Bancontact on, legal documents as links, and orders — paid (with their payment
 * rows, status history and a queued invoice), shipped, and unpaid ones without countdown (one of
 * the demo shopper, one of a commenter who has no account yet) ready to pay.
 */
export async function seedDemoCheckout(db: Db, input: DemoCheckoutInput): Promise<DemoCheckout> {
  return db.transaction(async (tx) => {
    const { sellerId, buyerId } = input;
    const country = Object.fromEntries(
      (
        await tx
          .select({ id: countries.id, iso: countries.iso })
          .from(countries)
          .where(inArray(countries.iso, ['FR', 'BE']))
      ).map((c) => [c.iso, c.id]),
    ) as Record<'FR' | 'BE', number>;

    const methodIds: Record<string, number> = {};
    for (const m of DEMO_SHIPPING) {
      // the seller's copy of the platform's catalogue entry (migration 0013 starts the catalogue)
      const [entry] = await tx
        .select({ id: shippingMethods.id })
        .from(shippingMethods)
        .where(and(isNull(shippingMethods.seller_id), eq(shippingMethods.name, m.name)));
      const [row] = await tx
        .insert(shippingMethods)
        .values({ seller_id: sellerId, template_id: entry?.id ?? null, name: m.name, status: true })
        .returning({ id: shippingMethods.id });
      methodIds[m.name] = row.id;
      await tx.insert(shippingMethodCountries).values(
        Object.entries(m.prices).map(([iso, price]) => ({
          shipping_method_id: row.id,
          seller_id: sellerId,
          country_id: country[iso as 'FR' | 'BE'],
          price_cents: price,
        })),
      );
    }

    const legal = (path: string) => `${input.publicUrl.replace(/\/$/, '')}${path}`;
    await tx
      .update(settings)
      .set({
        free_shipping_status: true,
        free_shipping_threshold_cents: DEMO_FREE_SHIPPING_THRESHOLD_CENTS,
        doctype: 'link',
        terms_link: legal('/terms-and-conditions'),
        privacy_link: legal('/privacy'),
        delivery_link: legal('/terms-and-conditions#delivery'),
        return_link: legal('/terms-and-conditions#returns'),
        updated_at: new Date(),
      })
      .where(eq(settings.user_id, sellerId));

    await tx.insert(paymentMethods).values(
      DEMO_PAYMENT_METHODS.map((method) => ({
        seller_id: sellerId,
        provider: 'sandbox' as const,
        method,
        status: true,
        account_label: 'Sandbox',
      })),
    );

    const [commenter] = await tx
      .insert(socialIdentities)
      .values({
        seller_id: sellerId,
        platform: 'facebook',
        external_user_id: 'demo-viewer-lea',
        name: 'Léa Petit',
      })
      .returning({ id: socialIdentities.id });

    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const camille = {
      ship_first_name: 'Camille',
      ship_last_name: 'Durand',
      // as checkout stores it: the phone in E.164 (and no region in France or Belgium)
      ship_phone: '+33698765432',
      ship_address1: '5 place Bellecour',
      ship_city: 'Lyon',
      ship_post_code: '69002',
      country_id: country.FR,
    };

    const paid = await demoOrder(tx, input, {
      buyerId,
      lines: [{ sku: 'ROBE12REDM', quantity: 1 }],
      createdAt: hoursAgo(72),
      paidAt: hoursAgo(71.9),
      shipping: { id: methodIds.Colissimo, name: 'Colissimo', cents: DEMO_SHIPPING[0].prices.FR },
      address: camille,
      payment: { method: 'card', failedFirst: true },
      history: ['new', 'payed'],
    });
    const shipped = await demoOrder(tx, input, {
      buyerId,
      lines: [
        { sku: 'FOULARD7', quantity: 2 },
        { sku: 'ROBE12BLUES', quantity: 1 },
      ],
      createdAt: hoursAgo(240),
      paidAt: hoursAgo(239.8),
      // 89,90 € of articles: at or above the threshold, shipping is free
      shipping: { id: methodIds['Mondial Relay'], name: 'Mondial Relay', cents: 0 },
      address: {
        ...camille,
        ship_address1: '14 rue Neuve',
        ship_city: 'Bruxelles',
        ship_post_code: '1000',
        country_id: country.BE,
      },
      payment: { method: 'bancontact' },
      history: ['new', 'payed', 'shipped'],
    });
    const unpaid = await demoOrder(tx, input, {
      buyerId,
      lines: [{ sku: 'FOULARD7', quantity: 1 }],
      createdAt: hoursAgo(1),
      history: ['new'],
    });
    const guest = await demoOrder(tx, input, {
      socialIdentityId: commenter.id,
      lines: [{ sku: 'ROBE12REDL', quantity: 1 }],
      createdAt: hoursAgo(0.5),
      history: ['new'],
    });

    const { storeName, locale } = await storeContext(tx, sellerId, null);
    return {
      orders: { paid, shipped, unpaid, guest },
      guestCheckoutUrl: checkoutUrl(
        { publicUrl: input.publicUrl.replace(/\/$/, ''), authSecret: input.authSecret },
        storeName,
        guest,
        locale,
      ),
    };
  });
}

interface DemoOrderSpec {
  buyerId?: number;
  socialIdentityId?: number;
  lines: DemoLine[];
  createdAt: Date;
  paidAt?: Date;
  shipping?: { id: number; name: string; cents: number };
  address?: Record<string, string | number>;
  payment?: { method: string; failedFirst?: boolean };
  history: ('new' | 'payed' | 'shipped')[];
}

/**
 * One demo order: its lines are taken out of the configurations' stock as a claim would, unpaid
 * ones never expire (no countdown) so the demo can be paid any time, paid ones get their payment
 * rows and a queued invoice (numbered, rendered and e-mailed by the invoice job).
 */
async function demoOrder(tx: Tx, input: DemoCheckoutInput, spec: DemoOrderSpec): Promise<string> {
  const configs = await tx
    .select()
    .from(productConfigurations)
    .where(
      and(
        eq(productConfigurations.seller_id, input.sellerId),
        inArray(
          productConfigurations.sku,
          spec.lines.map((l) => l.sku),
        ),
      ),
    );
  const bySku = new Map(configs.map((c) => [c.sku, c]));
  const productNames = new Map(
    (
      await queryRows<{ id: number; name: string }>(
        tx,
        sql`SELECT id, name FROM products WHERE seller_id = ${input.sellerId}`,
      )
    ).map((r) => [r.id, r.name]),
  );
  const colorLabel: Record<string, string> = { ROBE12RED: 'Rouge', ROBE12BLUE: 'Bleu', FOULARD7: 'Rose' };
  const lines = spec.lines.map((l) => {
    const c = bySku.get(l.sku);
    if (!c) throw new Error(`demo configuration ${l.sku} missing`);
    const size = l.sku.startsWith('ROBE12') ? l.sku.slice(-1) : null;
    const colorKey = l.sku.startsWith('ROBE12') ? l.sku.slice(0, -1) : l.sku;
    return {
      ...l,
      config: c,
      name: productNames.get(c.product_id) ?? l.sku,
      size,
      color: colorLabel[colorKey] ?? null,
    };
  });
  const subtotal = lines.reduce((s, l) => s + l.config.price_cents * l.quantity, 0);
  const shippingCents = spec.shipping?.cents ?? 0;
  const total = subtotal + shippingCents;
  const paid = spec.history.includes('payed');
  const shipped = spec.history.includes('shipped');
  const orderNumber = newOrderNumber();

  const [order] = await tx
    .insert(orders)
    .values({
      seller_id: input.sellerId,
      buyer_id: spec.buyerId ?? null,
      social_identity_id: spec.socialIdentityId ?? null,
      order_number: orderNumber,
      access_token_hash: sha256(orderAccessToken(input.authSecret, orderNumber)),
      status: shipped ? 'shipped' : paid ? 'payed' : 'new',
      subtotal_cents: subtotal,
      shipping_cents: shippingCents,
      total_amount_cents: total,
      expires_at: null,
      locale: 'fr',
      shipping_method_id: spec.shipping?.id ?? null,
      shipping_method_name: spec.shipping?.name ?? null,
      ...(spec.address ?? {}),
      payment_method: spec.payment?.method ?? null,
      paid_at: spec.paidAt ?? null,
      shipped_at: shipped ? new Date(spec.createdAt.getTime() + 24 * 3600_000) : null,
      created_at: spec.createdAt,
      updated_at: spec.createdAt,
    })
    .returning({ id: orders.id });

  await tx.insert(orderItems).values(
    lines.map((l) => ({
      order_id: order.id,
      seller_id: input.sellerId,
      product_id: l.config.product_id,
      configuration_id: l.config.id,
      name: l.name,
      color_label: l.color,
      size_label: l.size,
      sku: l.sku,
      unit_price_cents: l.config.price_cents,
      quantity: l.quantity,
    })),
  );
  for (const l of lines) {
    await tx
      .update(productConfigurations)
      .set({ quantity: sql`greatest(${productConfigurations.quantity} - ${l.quantity}, 0)` })
      .where(eq(productConfigurations.id, l.config.id));
  }

  const at = (i: number) => new Date(spec.createdAt.getTime() + i * 60_000);
  await tx.insert(orderStatusHistory).values(
    spec.history.map((status, i) => ({
      order_id: order.id,
      seller_id: input.sellerId,
      status,
      note: status === 'new' ? 'live comment' : status === 'payed' ? 'sandbox payment' : 'demo',
      created_at: status === 'payed' && spec.paidAt ? spec.paidAt : at(i),
    })),
  );

  if (paid && spec.payment) {
    const fee = Math.round((total * DEMO_FEE_PERCENT) / 100);
    const base = {
      order_id: order.id,
      seller_id: input.sellerId,
      buyer_id: spec.buyerId ?? null,
      provider: 'sandbox' as const,
      method: spec.payment.method,
      amount_cents: total,
    };
    if (spec.payment.failedFirst) {
      await tx.insert(payments).values({
        ...base,
        external_id: `sbx_demo_${orderNumber.toLowerCase()}_1`,
        fee_cents: 0,
        status: 'failed',
        created_at: at(2),
        updated_at: at(2),
      });
    }
    await tx.insert(payments).values({
      ...base,
      external_id: `sbx_demo_${orderNumber.toLowerCase()}_2`,
      fee_cents: fee,
      status: 'paid',
      paid_at: spec.paidAt ?? null,
      created_at: at(3),
      updated_at: spec.paidAt ?? at(3),
    });
    await enqueue(tx, { kind: 'invoice', dedupeKey: `invoice:${order.id}`, payload: { orderId: order.id } });
  }
  return orderNumber;
}
