import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cartOf, checkout, settle, shop, useCheckoutFixtures } from '../../../test/checkout-fixtures.ts';
import { client, makeAdmin, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { comment, reads, viewer } from '../../../test/live-fixtures.ts';
import { makeOrder } from '../../../test/payment-fixtures.ts';
import { loadRefs } from '../../../test/product-fixtures.ts';
import {
  orderStatusHistory,
  orders,
  paymentMethods,
  paymentRefunds,
  payments,
  waitingList,
} from '../../db/schema/index.ts';
import molliePaymentPaid from '../../integrations/payments/fixtures/mollie-payment-paid.json' with {
  type: 'json',
};
import mollieRefund from '../../integrations/payments/fixtures/mollie-refund.json' with { type: 'json' };
import stripeSession from '../../integrations/payments/fixtures/stripe-checkout-session-open.json' with {
  type: 'json',
};
import stripeIntent from '../../integrations/payments/fixtures/stripe-payment-intent-succeeded.json' with {
  type: 'json',
};
import stripeRefund from '../../integrations/payments/fixtures/stripe-refund.json' with { type: 'json' };
import { mollieValue } from '../../integrations/payments/mollie.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import type { Runtime } from '../../runtime.ts';
import { sandboxProvider } from '../payments/providers.ts';

/*
 * Refunds (orders/bulk-cancel) through the real adapters, offline at the providers' HTTP boundary:
 * msw answers what Mollie and Stripe document, and any request not expected here fails the test.
 */

const MOLLIE = 'https://api.mollie.com/v2';
const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const STRIPE = 'https://api.stripe.com';
const STRIPE_KEY = 'sk_test_51PlatformKeyForTestsOnly';
const ACCOUNT = 'acct_1Nv0FGQ9RKHgCVdK';

const server = setupServer();
let rt: Runtime;
let r: ReturnType<typeof reads>;

interface Seen {
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | null;
  body: string;
}
let seen: Seen[] = [];

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  rt = await startTestApp({
    payments: { mollieApiUrl: undefined, stripe: { secretKey: STRIPE_KEY, webhookSecret: 'whsec_test' } },
  });
  r = reads(rt);
  await useCheckoutFixtures(rt, await loadRefs(rt));
});
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
afterAll(async () => {
  server.close();
  await rt.close();
});

const uniq = () => randomBytes(6).toString('hex');
const db = () => rt.deps.database.db;
const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const paymentOf = async (orderId: number) =>
  (await db().select().from(payments).where(eq(payments.order_id, orderId)))[0];
const refundsOf = (orderId: number) =>
  db().select().from(paymentRefunds).where(eq(paymentRefunds.order_id, orderId));
const canceledHistory = (orderId: number) =>
  db()
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.order_id, orderId), eq(orderStatusHistory.status, 'canceled')));

/** Records a provider request, then answers `respond`. */
function on(method: 'get' | 'post', url: string, respond: (body: string) => Response | Promise<Response>) {
  return http[method](url, async ({ request }) => {
    const body = await request.text();
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      account: request.headers.get('stripe-account'),
      idempotencyKey: request.headers.get('idempotency-key'),
      body,
    });
    return respond(body);
  });
}
const hal = (body: JsonBodyType, status = 200) =>
  HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/hal+json' } });

/** A paid order of `seller` through `provider`, its payment carrying that provider's id. */
async function paidOrder(provider: 'sandbox' | 'mollie' | 'stripe') {
  const user = await makeSeller(rt);
  const seller = user.id;
  const order = await makeOrder(rt, { sellerId: seller, status: 'payed', provider });
  const payment = await paymentOf(order.id);
  const externalId =
    provider === 'sandbox'
      ? `sbx_${payment.id}`
      : provider === 'mollie'
        ? `tr_${uniq()}`
        : `cs_test_${uniq()}`;
  await db()
    .update(payments)
    .set({
      external_id: externalId,
      raw:
        provider === 'sandbox'
          ? {
              sandbox: {
                status: 'paid',
                amountCents: payment.amount_cents,
                refundedCents: 0,
                method: 'card',
                paidAt: new Date().toISOString(),
              },
            }
          : null,
    })
    .where(eq(payments.id, payment.id));
  if (provider !== 'sandbox') {
    await db()
      .insert(paymentMethods)
      .values({
        seller_id: seller,
        provider,
        method: 'card',
        status: true,
        credentials_encrypted: encryptSecret(
          rt.deps.config.authSecret,
          provider === 'mollie' ? MOLLIE_KEY : ACCOUNT,
        ),
      })
      .onConflictDoNothing();
  }
  return { user, sellerId: seller, order, payment: { ...payment, external_id: externalId } };
}

/** Mollie's payment `id` of `cents`, refunded as its refunds endpoint is called (or refusing them). */
function mollie(id: string, cents: number, refuse?: string) {
  let refunded = 0;
  const payment = () =>
    hal({
      ...molliePaymentPaid,
      id,
      amount: { currency: 'EUR', value: mollieValue(cents) },
      amountRefunded: { currency: 'EUR', value: mollieValue(refunded) },
    });
  return [
    on('get', `${MOLLIE}/payments/${id}`, payment),
    on('post', `${MOLLIE}/payments/${id}/refunds`, async (body) => {
      if (refuse)
        return hal({ status: 422, title: 'Unprocessable Entity', detail: refuse, field: 'amount' }, 422);
      // A double click must not reach here twice; give the second call time to try.
      await new Promise((resolve) => setTimeout(resolve, 150));
      refunded += Math.round(Number(JSON.parse(body).amount.value) * 100);
      return hal({ ...mollieRefund, paymentId: id, amount: JSON.parse(body).amount }, 201);
    }),
  ];
}

describe('orders #12: refund (bulk-cancel)', () => {
  it('refunds a Mollie payment in full through its refunds API, then cancels the order', async () => {
    const { user, sellerId, order, payment } = await paidOrder('mollie');
    server.use(...mollie(payment.external_id, payment.amount_cents));
    const api = await client(rt, user);
    const res = await api.post('/api/orders/bulk-cancel?locale=en', { data: JSON.stringify([order.id]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Orders has been refund',
      done: [{ id: order.id, order_number: order.order_number, status: 'canceled' }],
      refused: [],
    });
    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].path).toBe(`/v2/payments/${payment.external_id}/refunds`);
    expect(JSON.parse(posts[0].body)).toMatchObject({
      amount: { currency: 'EUR', value: mollieValue(payment.amount_cents) },
    });
    expect(posts[0].idempotencyKey).toBe(`refund:order:${order.id}:payment:${payment.id}`);

    const after = await orderOf(order.id);
    expect(after.status).toBe('canceled');
    expect(after.canceled_at).toBeInstanceOf(Date);
    expect(await canceledHistory(order.id)).toEqual([expect.objectContaining({ user_id: sellerId })]);
    expect(await paymentOf(order.id)).toMatchObject({ status: 'refunded', refunded_at: expect.any(Date) });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({
        status: 'refunded',
        external_id: mollieRefund.id,
        amount_cents: payment.amount_cents,
        created_by: sellerId,
        idempotency_key: `refund:order:${order.id}:payment:${payment.id}`,
      }),
    ]);
  });

  it('refunds a Stripe payment on the seller’s connected account with an Idempotency-Key', async () => {
    const { user, order, payment } = await paidOrder('stripe');
    let refunded = 0;
    const session = () =>
      HttpResponse.json({
        ...stripeSession,
        id: payment.external_id,
        url: null,
        status: 'complete',
        payment_status: 'paid',
        amount_total: payment.amount_cents,
        payment_intent: {
          ...stripeIntent,
          latest_charge: {
            ...stripeIntent.latest_charge,
            amount: payment.amount_cents,
            amount_refunded: refunded,
            refunded: refunded >= payment.amount_cents,
          },
        },
      });
    server.use(
      on('get', `${STRIPE}/v1/checkout/sessions/${payment.external_id}`, session),
      on('post', `${STRIPE}/v1/refunds`, (body) => {
        refunded += Number(new URLSearchParams(body).get('amount'));
        return HttpResponse.json({ ...stripeRefund, amount: refunded });
      }),
    );
    const api = await client(rt, user);
    const res = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Les commandes ont été remboursées');
    expect(res.json().done).toHaveLength(1);
    const refund = seen.filter((s) => s.path === '/v1/refunds');
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({
      account: ACCOUNT,
      idempotencyKey: `refund:order:${order.id}:payment:${payment.id}`,
    });
    expect(Object.fromEntries(new URLSearchParams(refund[0].body))).toEqual({
      payment_intent: stripeIntent.id,
      amount: String(payment.amount_cents),
      refund_application_fee: 'true',
    });
    expect((await orderOf(order.id)).status).toBe('canceled');
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ status: 'refunded', external_id: stripeRefund.id }),
    ]);
  });

  it('a refund the provider refuses leaves the order as it was and answers the provider’s message; a later click tries again', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    server.use(...mollie(payment.external_id, payment.amount_cents, 'Insufficient balance to refund'));
    const api = await client(rt, user);
    const res = await api.post('/api/orders/bulk-cancel?locale=en', { data: [order.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      done: [],
      refused: [
        {
          id: order.id,
          order_number: order.order_number,
          reason: 'refund_refused',
          message: expect.stringMatching(
            /^The refund was refused by Mollie: .*Insufficient balance to refund/,
          ),
        },
      ],
    });
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: 'payed', canceled_at: null });
    expect(await canceledHistory(order.id)).toEqual([]);
    expect(await paymentOf(order.id)).toMatchObject({ status: 'paid', refunded_at: null });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ status: 'failed', failure: expect.stringContaining('Insufficient balance') }),
    ]);

    // The balance is topped up: the next click refunds, with a key of its own (a provider replays
    // a refusal to the key it refused).
    server.resetHandlers(...mollie(payment.external_id, payment.amount_cents));
    seen = [];
    const again = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(again.json().done).toHaveLength(1);
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.idempotencyKey)).toEqual([
      `refund:order:${order.id}:payment:${payment.id}:2`,
    ]);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  it('a double click (two calls at once) refunds once: one provider call, one refund row', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    server.use(...mollie(payment.external_id, payment.amount_cents));
    const api = await client(rt, user);
    const [a, b] = await Promise.all([
      api.post('/api/orders/bulk-cancel?locale=en', { data: [order.id] }),
      api.post('/api/orders/bulk-cancel?locale=en', { data: [order.id] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const answers = [a.json(), b.json()];
    expect(answers.filter((x) => x.done.length === 1)).toHaveLength(1);
    expect(answers.flatMap((x) => x.refused.map((f: { reason: string }) => f.reason))).toEqual([
      'already_refunded',
    ]);
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await orderOf(order.id)).status).toBe('canceled');
  });

  it('a refund left pending by a crash after the provider refunded is completed by the next click, not made twice', async () => {
    const { user, sellerId, order, payment } = await paidOrder('sandbox');
    const key = `refund:order:${order.id}:payment:${payment.id}`;
    const sandbox = sandboxProvider({ db: db(), config: rt.deps.config });
    await sandbox.refund(payment.external_id, payment.amount_cents, { idempotencyKey: key });
    await db()
      .insert(paymentRefunds)
      .values({
        payment_id: payment.id,
        order_id: order.id,
        seller_id: sellerId,
        amount_cents: payment.amount_cents,
        status: 'pending',
        idempotency_key: key,
        raw: { attempt: 1 },
        updated_at: new Date(Date.now() - 10 * 60_000),
      });
    const api = await client(rt, user);
    const res = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.json().done).toHaveLength(1);
    expect(await sandbox.getStatus(payment.external_id)).toMatchObject({
      status: 'refunded',
      refundedCents: payment.amount_cents,
    });
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect((await orderOf(order.id)).status).toBe('canceled');
  });

  it('a sandbox-paid order from a live is refunded: its stock goes back and serves the first waiting viewer', async () => {
    const s = await shop({ stock: 1 });
    const { cart, t } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    expect((await orderOf(cart.id)).status).toBe('payed');
    // Sold out: the next viewer waits.
    await s.post([comment(s.product.keyword, viewer())]);
    expect(await r.stockOf(s.product.config.id)).toBe(0);
    const waiting = await db().select().from(waitingList).where(eq(waitingList.seller_id, s.seller.id));
    expect(waiting).toHaveLength(1);

    const res = await s.api.post('/api/orders/bulk-cancel', { data: [cart.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().done).toEqual([{ id: cart.id, order_number: cart.order_number, status: 'canceled' }]);
    expect(await paymentOf(cart.id)).toMatchObject({ status: 'refunded', refunded_at: expect.any(Date) });
    const sandbox = sandboxProvider({ db: db(), config: rt.deps.config });
    expect(await sandbox.getStatus(`sbx_${paymentId}`)).toMatchObject({ status: 'refunded' });
    const [served] = await db().select().from(waitingList).where(eq(waitingList.id, waiting[0].id));
    expect(served.status).toBe('served');
    const servedCart = await orderOf(served.served_order_id as number);
    expect(servedCart.status).toBe('new');
    expect(await r.stockOf(s.product.config.id)).toBe(0);
  });

  it('a paid order whose payment the provider already refunded (read back by its webhook) is canceled without asking again', async () => {
    const { user, order } = await paidOrder('mollie');
    await db()
      .update(payments)
      .set({ status: 'refunded', refunded_at: new Date() })
      .where(eq(payments.order_id, order.id));
    const api = await client(rt, user);
    const res = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.json().done).toHaveLength(1);
    expect((await orderOf(order.id)).status).toBe('canceled');
    expect(await refundsOf(order.id)).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('a confirmation that read the payment before its refund landed never makes the order paid again', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    server.use(...mollie(payment.external_id, payment.amount_cents));
    const api = await client(rt, user);
    expect((await api.post('/api/orders/bulk-cancel', { data: [order.id] })).statusCode).toBe(200);
    expect((await orderOf(order.id)).status).toBe('canceled');
    // Mollie's answer to a read made a moment before the refund: paid, nothing refunded yet.
    server.use(
      on('get', `${MOLLIE}/payments/${payment.external_id}`, () =>
        hal({
          ...molliePaymentPaid,
          id: payment.external_id,
          amount: { currency: 'EUR', value: mollieValue(payment.amount_cents) },
          amountRefunded: { currency: 'EUR', value: '0.00' },
        }),
      ),
    );
    const hook = await rt.app.inject({
      method: 'POST',
      url: `/api/payments/webhook/mollie?paymentId=${payment.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${payment.external_id}`,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await orderOf(order.id)).status).toBe('canceled');
    expect((await paymentOf(order.id)).status).toBe('refunded');
  });

  it('an open cart is canceled without a refund and its stock goes back', async () => {
    const s = await shop({ stock: 3 });
    const { cart } = await cartOf(s);
    expect(await r.stockOf(s.product.config.id)).toBe(2);
    const res = await s.api.post('/api/orders/bulk-cancel', { data: [cart.id] });
    expect(res.json().done).toEqual([{ id: cart.id, order_number: cart.order_number, status: 'canceled' }]);
    expect((await orderOf(cart.id)).status).toBe('canceled');
    expect(await r.stockOf(s.product.config.id)).toBe(3);
    expect(await refundsOf(cart.id)).toEqual([]);
    expect(await canceledHistory(cart.id)).toEqual([expect.objectContaining({ user_id: s.seller.id })]);
  });

  it('refuses canceled, expired and another seller’s orders and a paid order without payment, changing nothing', async () => {
    const seller = await makeSeller(rt);
    const canceled = await makeOrder(rt, { sellerId: seller.id, status: 'canceled' });
    const expired = await makeOrder(rt, { sellerId: seller.id, status: 'expired' });
    const noPayment = await makeOrder(rt, { sellerId: seller.id, status: 'payed' });
    await db().delete(payments).where(eq(payments.order_id, noPayment.id));
    const foreign = await paidOrder('mollie');
    const api = await client(rt, seller);
    const ids = [canceled.id, expired.id, noPayment.id, foreign.order.id];
    const res = await api.post('/api/orders/bulk-cancel?locale=en', { data: JSON.stringify(ids) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().done).toEqual([]);
    expect(res.json().refused.map((f: { reason: string }) => f.reason)).toEqual([
      'already_refunded',
      'not_payed',
      'not_refundable',
      'not_found',
    ]);
    expect(res.json().refused[3]).toEqual({
      id: foreign.order.id,
      order_number: null,
      reason: 'not_found',
      message: 'Order not found',
    });
    for (const o of [canceled, expired, noPayment, foreign.order]) {
      expect((await orderOf(o.id)).status).toBe(o.status);
      expect(await refundsOf(o.id)).toEqual([]);
      expect(await canceledHistory(o.id)).toEqual([]);
    }
    expect(await paymentOf(foreign.order.id)).toMatchObject({ status: 'paid', refunded_at: null });
    expect(seen).toEqual([]);
  });

  it('answers select_item when nothing is checked and 403 to a shopper; admin refunds any seller’s order', async () => {
    const { order, payment } = await paidOrder('sandbox');
    const asBuyer = await client(rt, await makeBuyer(rt));
    expect((await asBuyer.post('/api/orders/bulk-cancel', { data: [order.id] })).statusCode).toBe(403);
    const admin = await makeAdmin(rt);
    const asAdmin = await client(rt, admin);
    const none = await asAdmin.post('/api/orders/bulk-cancel?locale=en', { data: '[]' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: 'select_item', message: 'Select at least one item' });
    expect((await orderOf(order.id)).status).toBe('payed');

    const res = await asAdmin.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.json().done).toHaveLength(1);
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ status: 'refunded', created_by: admin.id, payment_id: payment.id }),
    ]);
    expect(await canceledHistory(order.id)).toEqual([expect.objectContaining({ user_id: admin.id })]);
  });
});

/** A second Mollie payment of `order`, paid but flagged for refund (`why`), as confirmation leaves it. */
async function flaggedPayment(order: { id: number; seller_id: number }, cents: number, why: string) {
  const [p] = await db()
    .insert(payments)
    .values({
      order_id: order.id,
      seller_id: order.seller_id,
      provider: 'mollie',
      method: 'card',
      external_id: `tr_${uniq()}`,
      amount_cents: cents,
      status: 'paid',
      paid_at: new Date(),
      raw: { refund_required: true, refund_reason: 'whatever the reason', refund_why: why },
    })
    .returning();
  return p as typeof p & { external_id: string };
}

describe('payments to refund (paid, but delivering nothing)', () => {
  it('an open cart whose payment did not cover its total: the refund pays it back, then cancels the cart', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    await db().update(orders).set({ status: 'new', paid_at: null }).where(eq(orders.id, order.id));
    await db()
      .update(payments)
      .set({ raw: { refund_required: true, refund_why: 'not_covering' } })
      .where(eq(payments.id, payment.id));
    server.use(...mollie(payment.external_id, payment.amount_cents));
    const api = await client(rt, user);
    const detail = await api.get(`/api/orders/${order.id}`);
    expect(detail.json().item.payments).toEqual([
      expect.objectContaining({ id: payment.id, status: 'paid', refund_due: 'not_covering' }),
    ]);

    const res = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.json()).toMatchObject({
      done: [{ id: order.id, status: 'canceled' }],
      refused: [],
    });
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.idempotencyKey)).toEqual([
      `refund:order:${order.id}:payment:${payment.id}`,
    ]);
    expect(await paymentOf(order.id)).toMatchObject({ status: 'refunded' });
    expect((await orderOf(order.id)).status).toBe('canceled');
    expect(await canceledHistory(order.id)).toHaveLength(1);
    const after = await api.get(`/api/orders/${order.id}`);
    expect(after.json().item.payments).toEqual([
      expect.objectContaining({ status: 'refunded', refund_due: null }),
    ]);
  });

  it('a payment made after the cart expired and its stock went back: the refund pays it back, the order stays expired', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    await db().update(orders).set({ status: 'expired', paid_at: null }).where(eq(orders.id, order.id));
    await db()
      .update(payments)
      .set({ raw: { refund_required: true, refund_why: 'expired_out_of_stock' } })
      .where(eq(payments.id, payment.id));
    server.use(...mollie(payment.external_id, payment.amount_cents));
    const api = await client(rt, user);
    const res = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.json()).toMatchObject({ done: [{ id: order.id, status: 'expired' }], refused: [] });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
    expect(await paymentOf(order.id)).toMatchObject({ status: 'refunded' });
    expect((await orderOf(order.id)).status).toBe('expired');
    // nothing is left to refund: a second click says so and asks no one
    seen = [];
    const again = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(again.json().refused.map((f: { reason: string }) => f.reason)).toEqual(['not_payed']);
    expect(seen.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('POST payments/{id}/refund refunds a second payment of a paid order once; the order stays paid', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    const twice = await flaggedPayment(order, payment.amount_cents, 'paid_twice');
    server.use(...mollie(twice.external_id, twice.amount_cents));
    const api = await client(rt, user);
    const res = await api.post(`/api/payments/${twice.id}/refund?locale=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'The payment has been refunded',
      item: expect.objectContaining({ id: twice.id, status: 'refunded', refund_due: null }),
    });
    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts.map((s) => [s.path, s.idempotencyKey])).toEqual([
      [`/v2/payments/${twice.external_id}/refunds`, `refund:order:${order.id}:payment:${twice.id}`],
    ]);
    expect((await orderOf(order.id)).status).toBe('payed');
    const [first] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(first.status).toBe('paid');
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ payment_id: twice.id, status: 'refunded', external_id: mollieRefund.id }),
    ]);

    // Again: nothing is due, no provider is asked.
    seen = [];
    const again = await api.post(`/api/payments/${twice.id}/refund?locale=en`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'payment_not_refundable',
      message: 'This payment is not to refund: it pays its order, is not paid, or is refunded already',
    });
    expect(seen).toEqual([]);

    // The order's own refund then pays back only the payment still paid.
    server.use(...mollie(payment.external_id, payment.amount_cents));
    const whole = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(whole.json().done).toEqual([
      { id: order.id, order_number: order.order_number, status: 'canceled' },
    ]);
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.path)).toEqual([
      `/v2/payments/${payment.external_id}/refunds`,
    ]);
    expect(await refundsOf(order.id)).toHaveLength(2);
  });

  it('POST payments/{id}/refund: a provider refusal is quoted and leaves the payment paid, to try again', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    const twice = await flaggedPayment(order, 1500, 'amount_differs');
    server.use(...mollie(twice.external_id, twice.amount_cents, 'Insufficient balance to refund'));
    const api = await client(rt, user);
    const res = await api.post(`/api/payments/${twice.id}/refund`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'payment_refund_refused',
      message: expect.stringMatching(/^Le remboursement a été refusé par Mollie : .*Insufficient balance/),
      params: { provider: 'Mollie' },
    });
    const [still] = await db().select().from(payments).where(eq(payments.id, twice.id));
    expect(still.status).toBe('paid');
    expect((await orderOf(order.id)).status).toBe('payed');
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    const detail = await api.get(`/api/orders/${order.id}`);
    expect(detail.json().item.payments.map((p: { refund_due: string | null }) => p.refund_due)).toEqual([
      null,
      'amount_differs',
    ]);
    expect(payment.id).toBeLessThan(twice.id);

    server.resetHandlers(...mollie(twice.external_id, twice.amount_cents));
    seen = [];
    const retry = await api.post(`/api/payments/${twice.id}/refund`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(seen.filter((s) => s.method === 'POST').map((s) => s.idempotencyKey)).toEqual([
      `refund:order:${order.id}:payment:${twice.id}:2`,
    ]);
  });

  it('POST payments/{id}/refund: the last money of a paid order is refunded by refunding the order, not alone', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    const twice = await flaggedPayment(order, payment.amount_cents, 'paid_twice');
    // the payment that paid the order was refunded at Mollie's dashboard
    await db()
      .update(payments)
      .set({ status: 'refunded', refunded_at: new Date() })
      .where(eq(payments.id, payment.id));
    const api = await client(rt, user);
    const res = await api.post(`/api/payments/${twice.id}/refund?locale=en`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'payment_holds_order',
      message:
        'This paid order has no other payment left: refund the order, which refunds this payment and cancels it',
    });
    expect(seen).toEqual([]);
    expect(await refundsOf(order.id)).toEqual([]);

    server.use(...mollie(twice.external_id, twice.amount_cents));
    const whole = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(whole.json().done).toEqual([
      { id: order.id, order_number: order.order_number, status: 'canceled' },
    ]);
    const [after] = await db().select().from(payments).where(eq(payments.id, twice.id));
    expect(after.status).toBe('refunded');
  });

  it('a payment paid for another amount than asked is refunded what the provider holds', async () => {
    const { user, order } = await paidOrder('mollie');
    const odd = await flaggedPayment(order, 1500, 'amount_differs');
    // asked 15,00 €, Mollie holds 17,00 €
    server.use(...mollie(odd.external_id, 1700));
    const api = await client(rt, user);
    const res = await api.post(`/api/payments/${odd.id}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0].body)).toMatchObject({ amount: { currency: 'EUR', value: '17.00' } });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ payment_id: odd.id, status: 'refunded', amount_cents: 1700 }),
    ]);
    expect(res.json().item).toMatchObject({ status: 'refunded', refund_due: null });
  });

  it('POST payments/{id}/refund refuses a payment that delivers its order, another seller’s, and a shopper', async () => {
    const { user, order, payment } = await paidOrder('mollie');
    const api = await client(rt, user);
    const due = await api.post(`/api/payments/${payment.id}/refund`);
    expect(due.statusCode).toBe(409);
    expect(due.json().error).toBe('payment_not_refundable');

    const other = await paidOrder('mollie');
    const twice = await flaggedPayment(other.order, 990, 'paid_twice');
    const foreign = await api.post(`/api/payments/${twice.id}/refund`);
    expect(foreign.statusCode).toBe(404);
    const asBuyer = await client(rt, await makeBuyer(rt));
    expect((await asBuyer.post(`/api/payments/${twice.id}/refund`)).statusCode).toBe(403);
    expect((await api.post('/api/payments/abc/refund')).statusCode).toBe(400);

    for (const id of [payment.id, twice.id]) {
      const [row] = await db().select().from(payments).where(eq(payments.id, id));
      expect(row.status).toBe('paid');
    }
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await refundsOf(other.order.id)).toEqual([]);
    expect((await orderOf(order.id)).status).toBe('payed');
    expect(seen).toEqual([]);
  });
});
