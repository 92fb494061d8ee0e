import { and, eq } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentMethods, payments, users } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/demo.ts';
import molliePaymentPaid from '../src/integrations/payments/fixtures/mollie-payment-paid.json' with {
  type: 'json',
};
import { mollieValue } from '../src/integrations/payments/mollie.ts';
import { encryptSecret } from '../src/lib/secrets.ts';
import type { Runtime } from '../src/runtime.ts';
import { address, cartOf, inject, shop, useCheckoutFixtures } from './checkout-fixtures.ts';
import { startTestApp } from './helpers.ts';
import { loadRefs } from './product-fixtures.ts';

/*
 * What is made for trying the product (the sandbox payment provider, the demo accounts with a
 * published password, the sandbox shops) opens no door under NODE_ENV=production.
 */

let rt: Runtime;
/** Mollie's API, offline: any request not answered here fails the test. */
const mollie = setupServer();
beforeAll(async () => {
  mollie.listen({ onUnhandledRequest: 'error' });
  rt = await startTestApp({ env: 'production' });
  await useCheckoutFixtures(rt, await loadRefs(rt));
});
afterEach(() => mollie.resetHandlers());
afterAll(async () => {
  mollie.close();
  await rt.close();
});

describe('trust: development doors stay shut in production', () => {
  it('the sandbox cannot be switched on, is never offered at checkout, and its pay page does not exist', async () => {
    const s = await shop();
    const settings = await s.api.get('/api/payments/settings');
    expect(settings.json().sandbox).toEqual({ enabled: true, available: false });
    const enable = await s.api.post('/api/payments/settings/sandbox', {});
    expect(enable.statusCode).toBe(400);
    expect(enable.json().error).toBe('sandbox_unavailable');
    const methods = (await s.api.get('/api/payments/fetch-methods')).json().items as {
      id: number;
      provider: string;
      can_activate: boolean;
    }[];
    const sandbox = methods.filter((m) => m.provider === 'sandbox');
    expect(sandbox.length).toBeGreaterThan(0);
    expect(sandbox.every((m) => !m.can_activate)).toBe(true);

    // Rows switched on before (as the test shop has them) are not offered to the shopper.
    const { cart, t } = await cartOf(s);
    const page = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`);
    expect(page.json().order.paymentMethods).toEqual([]);
    const pay = await inject('POST', '/api/checkout?locale=fr', {
      orderNumber: cart.order_number,
      t,
      address: address(),
      shipping_method_id: s.colissimo.id,
      payment_method: 'sandbox:card',
      accept_terms: true,
    });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().error).toBe('payment_method_unavailable');
    expect(await rt.deps.database.db.select().from(payments).where(eq(payments.order_id, cart.id))).toEqual(
      [],
    );

    // A sandbox payment row left from before: its pay page and webhook do not exist.
    const [row] = await rt.deps.database.db
      .insert(payments)
      .values({
        order_id: cart.id,
        seller_id: s.seller.id,
        provider: 'sandbox',
        external_id: `sbx_${cart.id}000`,
        amount_cents: 2990,
        status: 'open',
      })
      .returning();
    expect((await inject('GET', `/api/sandbox/payments/${row.id}?k=${'x'.repeat(43)}`)).statusCode).toBe(404);
    const settle = await inject('POST', `/api/sandbox/payments/${row.id}?k=${'x'.repeat(43)}`, {
      outcome: 'paid',
    });
    expect(settle.statusCode).toBe(404);
    expect(
      (
        await rt.deps.database.db
          .select()
          .from(paymentMethods)
          .where(eq(paymentMethods.seller_id, s.seller.id))
      ).length,
    ).toBeGreaterThan(0);
  });

  it('a Mollie test key moves no money: refused when connected, and a payment made with one pays nothing', async () => {
    const s = await shop();
    const db = rt.deps.database.db;
    const mollieRows = () =>
      db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.seller_id, s.seller.id), eq(paymentMethods.provider, 'mollie')));
    // Refused before Mollie is asked (nothing here answers for Mollie).
    const connect = await s.api.post('/api/payments/settings/mollie', { apiKey: `test_${'a'.repeat(30)}` });
    expect(connect.statusCode).toBe(422);
    expect(connect.json().error).toBe('payment_test_key');
    expect(await mollieRows()).toEqual([]);

    // A test key connected before the server went to production: its payments say `mode: test`.
    await db.insert(paymentMethods).values({
      seller_id: s.seller.id,
      provider: 'mollie',
      method: 'card',
      status: true,
      credentials_encrypted: encryptSecret(rt.deps.config.authSecret, `test_${'b'.repeat(30)}`),
    });
    const { cart } = await cartOf(s);
    const [order] = await db.select().from(orders).where(eq(orders.id, cart.id));
    const [row] = await db
      .insert(payments)
      .values({
        order_id: cart.id,
        seller_id: s.seller.id,
        provider: 'mollie',
        external_id: 'tr_TestMode1234',
        amount_cents: order.total_amount_cents,
        status: 'open',
      })
      .returning();
    mollie.use(
      http.get('https://api.mollie.com/v2/payments/tr_TestMode1234', () =>
        HttpResponse.json(
          {
            ...molliePaymentPaid,
            id: 'tr_TestMode1234',
            mode: 'test',
            amount: { currency: 'EUR', value: mollieValue(order.total_amount_cents) },
          },
          { headers: { 'Content-Type': 'application/hal+json' } },
        ),
      ),
    );
    const hook = await rt.app.inject({
      method: 'POST',
      url: `/api/payments/webhook/mollie?paymentId=${row.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=tr_TestMode1234',
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await db.select().from(orders).where(eq(orders.id, cart.id)))[0].status).toBe('new');
    expect((await db.select().from(payments).where(eq(payments.id, row.id)))[0].status).toBe('failed');
  });

  it('the demo is never seeded, and asking for it stops the start', async () => {
    expect(await seedDemoData(rt, { force: false, embedded: true })).toBe(false);
    await expect(seedDemoData(rt, { force: true, embedded: false })).rejects.toThrow(/NODE_ENV=production/);
    const demo = await rt.deps.database.db.select().from(users).where(eq(users.email, 'seller@demo.test'));
    expect(demo).toEqual([]);
  });

  it('the sandbox shops do not exist, and a shop at a local address is refused', async () => {
    const s = await shop();
    const sandbox = await s.api.get('/api/shops/sandbox');
    expect(sandbox.statusCode).toBe(404);
    for (const url of ['http://127.0.0.1:4000', 'http://localhost:4000', 'https://127.0.0.1']) {
      const res = await s.api.post('/api/shops', {
        platform: 'shopify',
        url,
        key: 'shpat_x',
        secret: 'shpss_x',
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe('shop_url_not_allowed');
    }
    expect((await s.api.get('/api/shops')).json().count).toBe(0);
  });
});
