import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedClient, cookieHeader, ORIGIN, signIn, startTestApp } from '../../test/helpers.ts';
import { seedDemoData } from '../demo.ts';
import { orderAccessToken } from '../modules/orders/cart.ts';
import type { Runtime } from '../runtime.ts';
import { orders, socialIdentities } from './schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

let rt: Runtime;
beforeAll(async () => {
  // Always an empty embedded database, whatever DATABASE_URL says: the demo seeds only there.
  rt = await startTestApp({ databaseUrl: undefined });
});
afterAll(() => rt.close());

describe('demo seed', () => {
  it('is never seeded into a PostgreSQL server database unless asked', async () => {
    expect(await seedDemo(rt.deps.database.db, { force: false, embedded: false })).toBe(false);
  });

  it('seeds an empty embedded database once, and each demo account signs in', async () => {
    expect(await seedDemoData(rt, { force: false, embedded: true })).toBe(true);
    expect(await seedDemo(rt.deps.database.db, { force: true, embedded: true })).toBe(false);
    for (const email of DEMO_ACCOUNTS) {
      const { ok, jar } = await signIn(rt, email, DEMO_PASSWORD, { ip: `10.3.0.${email.length}` });
      expect(ok, email).toBe(true);
      const session = await rt.app.inject({
        url: '/api/auth/session',
        headers: {
          cookie: cookieHeader(jar),
          origin: ORIGIN,
        },
      });
      const user = session.json().user;
      expect(user.email).toBe(email);
      if (email.startsWith('seller')) {
        expect(user).toMatchObject({ role_id: 2, subscription_expired: false });
        expect(user.planId).toEqual(expect.any(Number));
        const api = authedClient(rt, jar);
        expect((await api.get('/api/fetch-products')).json().count).toBeGreaterThanOrEqual(3);
        const sessions = (await api.get('/api/livesession/fetch-items')).json();
        expect(sessions.items).toEqual([
          expect.objectContaining({ status: 'scheduled', event_time: '20:00', order_timer: 30 }),
        ]);
      }
    }
  });

  const signedIn = async (email: string) => {
    const { jar } = await signIn(rt, email, DEMO_PASSWORD, { ip: `10.3.1.${email.length}` });
    return authedClient(rt, jar);
  };

  it('gives the demo seller sandbox card, PayPal and Bancontact on, and paid orders with their payments', async () => {
    const seller = await signedIn('seller@demo.test');
    const methods = (await seller.get('/api/payments/fetch-methods')).json().items;
    expect(
      methods
        .filter((m: { status: boolean }) => m.status)
        .map((m: { provider: string; method: string }) => `${m.provider}:${m.method}`)
        .sort(),
    ).toEqual(['sandbox:bancontact', 'sandbox:card', 'sandbox:paypal']);

    // the payments list shows paid orders by default
    const paid = (await seller.get('/api/payments/fetch-items')).json();
    expect(paid.count).toBe(1);
    const [order] = paid.items;
    expect(order).toMatchObject({
      status: 'payed',
      provider: 'sandbox',
      payment_method: 'card',
      total_amount: 44.8,
    });
    const detail = (await seller.get(`/api/payments/fetch-item?orderNumber=${order.order_number}`)).json()
      .item;
    expect(detail.payments.map((p: { status: string }) => p.status).sort()).toEqual(['failed', 'paid']);
    expect(detail.order.fee).toBeGreaterThan(0);
    expect(detail.lines).toEqual([
      expect.objectContaining({ name: 'Robe fleurie', quantity: 1, price: 39.9 }),
    ]);
  });

  it('lets a commenter without an account open the checkout with shipping priced for France and Belgium', async () => {
    const db = rt.deps.database.db;
    const [guest] = await db
      .select({ id: orders.id, order_number: orders.order_number })
      .from(orders)
      .innerJoin(socialIdentities, eq(socialIdentities.id, orders.social_identity_id))
      .where(eq(socialIdentities.external_user_id, 'demo-viewer-lea'));
    const t = orderAccessToken(rt.deps.config.authSecret, guest.order_number);
    const visitor = (url: string) => rt.app.inject({ url });
    const res = await visitor(`/api/checkout?orderNumber=${guest.order_number}&t=${t}`);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json();
    expect(order.status).toBe('new');
    expect(order.expires_at).toBeNull();
    expect(order.paymentMethods.map((m: { code: string }) => m.code).sort()).toEqual([
      'sandbox:bancontact',
      'sandbox:card',
      'sandbox:paypal',
    ]);
    expect(order.legalDocuments.map((d: { type: string }) => d.type)).toContain('terms');

    const [fr, be] = await Promise.all(
      ['FR', 'BE'].map(async (iso) => {
        const countries = (await visitor('/api/countries')).json().countries as { id: number; iso: string }[];
        const country = countries.find((c) => c.iso === iso);
        const r = await visitor(
          `/api/checkout/fetch-shipping-methods?orderId=${guest.id}&countryId=${country?.id}&t=${t}`,
        );
        expect(r.statusCode, r.body).toBe(200);
        return Object.fromEntries(
          r.json().shippingMethods.map((m: { name: string; base_price: number }) => [m.name, m.base_price]),
        );
      }),
    );
    expect(fr).toEqual({ Colissimo: 4.9, 'Mondial Relay': 3.9 });
    expect(be).toEqual({ Colissimo: 7.9, 'Mondial Relay': 4.9 });
  });

  it('shows the demo shopper their paid, shipped and unpaid orders, the paid ones with an invoice', async () => {
    await rt.worker.drain();
    const buyer = await signedIn('buyer@demo.test');
    const page = (await buyer.get('/api/orders/fetch-items')).json();
    expect(page.items.map((o: { status: string }) => o.status)).toEqual(['new', 'payed', 'shipped']);
    expect(page.itemsStatuses).toMatchObject({ new: 1, payed: 1, shipped: 1 });
    const [unpaid, paid, shipped] = page.items;
    expect(unpaid.can_pay).toBe(true);
    expect(unpaid.merchant).toBe('Boutique Sophie');
    // 89,90 € of articles to Belgium: above the 80 € threshold, shipping is free
    expect(shipped).toMatchObject({ shipping_amount: 0, total_amount: 89.9 });
    expect(paid.invoice_number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(shipped.invoice_number).toMatch(/^F-\d{4}-\d{6}$/);
    // the screen's invoice link
    const pdf = await buyer.get(`/api/invoices/${paid.order_number}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it("fills the support inbox: the seller's answered question and a prospect's open message", async () => {
    const admin = await signedIn('admin@demo.test');
    const inbox = (await admin.get('/api/support/fetch-items')).json();
    expect(inbox.items.map((i: { type: string; status: string }) => `${i.type} ${i.status}`)).toEqual([
      'contact open',
      'support answered',
    ]);
    const seller = await signedIn('seller@demo.test');
    const [question] = (await seller.get('/api/support/fetch-items')).json().items;
    const read = (await seller.get(`/api/support/fetch-item/${question.id}`)).json();
    expect(read.replies).toHaveLength(1);
    expect(read.replies[0].body).toContain('Inventaire > Importer');
  });
});
