import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  address,
  cartOf,
  checkout,
  inject,
  invoiceJobs,
  orderRow,
  paymentsOf,
  type Shop,
  settle,
  shop,
  submit,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, reads, simpleProduct } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { notifications, orderItems, orders, outbox, socialIdentities } from '../../db/schema/index.ts';
import { renderMail } from '../../integrations/mail/templates.ts';
import type { Runtime } from '../../runtime.ts';
import { sandboxProvider } from '../payments/providers.ts';

/*
 * An order is paid only when a payment covers its total at that moment: a cart whose payment has
 * started takes no more articles, a payment never pays more than it was made for, and a shopper
 * never has two payments of one order running.
 */

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
  await useCheckoutFixtures(rt, refs);
});
afterAll(() => rt.close());

const openCartsOf = async (sellerId: number) =>
  (
    await r
      .db()
      .select()
      .from(orders)
      .where(and(eq(orders.seller_id, sellerId), eq(orders.status, 'new')))
  )
    .map((o) => o.order_number)
    .sort();
const linesOf = (orderId: number) => r.db().select().from(orderItems).where(eq(orderItems.order_id, orderId));
const replyOrderNumber = async (sessionId: number, commentId: string) => {
  const [row] = await r
    .db()
    .select()
    .from(outbox)
    .where(eq(outbox.dedupe_key, `reply:${sessionId}:${commentId}`));
  return (row?.payload as { orderNumber?: string } | undefined)?.orderNumber;
};

/** The viewer's other open cart at `s` (not `except`). */
async function otherCart(s: Shop, from: string, except: number) {
  const carts = await r
    .db()
    .select({ order: orders })
    .from(orders)
    .innerJoin(socialIdentities, eq(socialIdentities.id, orders.social_identity_id))
    .where(
      and(
        eq(orders.seller_id, s.seller.id),
        eq(orders.status, 'new'),
        eq(socialIdentities.external_user_id, from),
        ne(orders.id, except),
      ),
    );
  expect(carts).toHaveLength(1);
  return carts[0].order;
}

describe('trust #3: a payment marks an order paid only when it covers its total', () => {
  it('a comment after checkout opens a new cart; the payment pays the first cart for exactly its total', async () => {
    const s = await shop();
    const { cart, t, from } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    const [payment] = await paymentsOf(cart.id);
    expect(payment.amount_cents).toBe(2990);

    const later = comment(`${s.product.keyword} x2`, from);
    await s.post([later]);
    // The cart being paid is as it was; the new articles wait in a new cart with its own link.
    expect(await linesOf(cart.id)).toHaveLength(1);
    expect((await orderRow(cart.id)).total_amount_cents).toBe(2990);
    const next = await otherCart(s, from, cart.id);
    expect((await linesOf(next.id)).map((l) => l.quantity)).toEqual([2]);
    expect(next.total_amount_cents).toBe(5000);
    expect(await replyOrderNumber(s.sessionId, later.id)).toBe(next.order_number);

    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    expect(await orderRow(cart.id)).toMatchObject({ status: 'payed', total_amount_cents: 2990 });
    expect((await orderRow(next.id)).status).toBe('new');
    expect(await r.stockOf(s.product.config.id)).toBe(2);
  });

  it('a comment before checkout is part of what the shopper pays', async () => {
    const s = await shop();
    const { cart, t, from } = await cartOf(s);
    await s.post([comment(s.product.keyword, from)]);
    const paymentId = await checkout(s, cart, t);
    expect((await paymentsOf(cart.id))[0].amount_cents).toBe(5490);
    await settle(paymentId, 'paid');
    expect(await orderRow(cart.id)).toMatchObject({ status: 'payed', total_amount_cents: 5490 });
    expect(await openCartsOf(s.seller.id)).toEqual([]);
  });

  it('an order whose total grew after its payment started is not marked paid, and the seller is asked to refund', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    // 29,90 € asked, then the order costs 104,90 € (as a cart taking more articles once did).
    await r.db().execute(
      sql`UPDATE orders SET subtotal_cents = subtotal_cents + 7500, total_amount_cents = total_amount_cents + 7500
          WHERE id = ${cart.id}`,
    );
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    expect((await orderRow(cart.id)).status).toBe('new');
    const [p] = await paymentsOf(cart.id);
    expect(p.status).toBe('paid');
    expect(p.raw).toMatchObject({
      refund_required: true,
      refund_reason: 'payment does not cover the order total',
    });
    expect(await invoiceJobs(cart.id)).toHaveLength(0);
    const notices = await r
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, s.seller.id), eq(notifications.type, 'payment_refund_required')));
    expect(notices).toHaveLength(1);
    const status = await inject('GET', `/api/orders/insert-status?orderId=${cart.id}&status=payed&t=${t}`);
    expect(status.json().error).toBe('payment_not_confirmed');
    // Flagged once, it never pays the order, even once it would cover it: the seller was told to
    // refund it.
    await r.db().execute(
      sql`UPDATE orders SET subtotal_cents = subtotal_cents - 7500, total_amount_cents = total_amount_cents - 7500
          WHERE id = ${cart.id}`,
    );
    const again = await inject('GET', `/api/orders/insert-status?orderId=${cart.id}&status=payed&t=${t}`);
    expect(again.json().error).toBe('payment_not_confirmed');
    expect((await orderRow(cart.id)).status).toBe('new');

    // The seller sees why, and refunds that payment from the order: the cart stays open to be paid.
    const detail = await s.api.get(`/api/orders/${cart.id}`);
    expect(detail.json().item.payments).toEqual([
      expect.objectContaining({ id: paymentId, status: 'paid', refund_due: 'not_covering' }),
    ]);
    const refund = await s.api.post(`/api/payments/${paymentId}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().item).toMatchObject({ status: 'refunded', refund_due: null });
    const sandbox = sandboxProvider({ db: r.db(), config: rt.deps.config });
    expect(await sandbox.getStatus(`sbx_${paymentId}`)).toMatchObject({ status: 'refunded' });
    expect((await orderRow(cart.id)).status).toBe('new');
    // the shopper is told once, in the order's language: why, and that the cart is still to pay
    const mails = await r
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupe_key, `payment_refunded:${paymentId}`));
    expect(mails).toHaveLength(1);
    const job = mails[0].payload as {
      to: string;
      template: 'payment_refunded';
      locale: 'fr' | 'en';
      data: never;
    };
    expect(job).toMatchObject({
      template: 'payment_refunded',
      data: {
        reason: 'not_covering',
        cart_open: true,
        amount_cents: p.amount_cents,
        order_number: cart.order_number,
      },
    });
    const mail = renderMail(job.template, job.locale, job.data);
    expect(mail.subject).toMatch(/^Votre paiement de \d+,\d\d\s€ vous est remboursé – /);
    expect(mail.text).toContain('Il ne couvrait pas le total de la commande');
    expect(mail.text).toContain('Votre panier reste ouvert');
    expect((await s.api.post(`/api/payments/${paymentId}/refund`)).statusCode).toBe(409);
    expect(
      await r
        .db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupe_key, `payment_refunded:${paymentId}`)),
    ).toHaveLength(1);
  });

  it('the waiting list served while the shopper pays fills a new cart, not the one being paid', async () => {
    const s = await shop();
    const soldOut = await simpleProduct(rt, refs, s.api, 0);
    const { cart, t, from } = await cartOf(s);
    await s.post([comment(soldOut.keyword, from)]);
    const paymentId = await checkout(s, cart, t);

    const served = await s.api.post('/api/order/update-config-qty', {
      productConfigurationId: soldOut.config.id,
      quantity: 1,
    });
    expect(served.statusCode, served.body).toBe(200);
    expect((await linesOf(cart.id)).map((l) => l.configuration_id)).toEqual([s.product.config.id]);
    const next = await otherCart(s, from, cart.id);
    expect((await linesOf(next.id)).map((l) => l.configuration_id)).toEqual([soldOut.config.id]);

    await settle(paymentId, 'paid');
    expect(await orderRow(cart.id)).toMatchObject({ status: 'payed', total_amount_cents: 2990 });
  });

  it('the seller cannot change the lines of a cart the shopper is paying, until that payment ends', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    const [line] = await linesOf(cart.id);
    const refused = await s.api.get(`/api/orders/remove-item-order?orderItemId=${line.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('order_payment_in_progress');
    expect(await linesOf(cart.id)).toHaveLength(1);
    expect(await r.stockOf(s.product.config.id)).toBe(4);

    await settle(paymentId, 'failed');
    expect((await s.api.get(`/api/orders/remove-item-order?orderItemId=${line.id}`)).statusCode).toBe(200);
    expect(await r.stockOf(s.product.config.id)).toBe(5);
  });
});

describe('trust #3: two checkouts of one cart never both charge the shopper', () => {
  it('checking out again with the same choice goes back to the payment in progress', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const first = await checkout(s, cart, t);
    const again = await checkout(s, cart, t, { address: address({ city: 'Lyon' }) });
    expect(again).toBe(first);
    expect(await paymentsOf(cart.id)).toHaveLength(1);
    expect((await orderRow(cart.id)).ship_city).toBe('Lyon');
  });

  it('checking out again with another choice cancels the payment in progress: only the new one can be paid', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const first = await checkout(s, cart, t);
    const second = await checkout(s, cart, t, {
      payment_method: 'sandbox:paypal',
      shipping_method_id: s.relay.id,
    });
    expect(second).not.toBe(first);
    const rows = await paymentsOf(cart.id);
    expect(rows.map((p) => [p.id, p.status, p.amount_cents]).sort()).toEqual(
      [
        [first, 'canceled', 2990],
        [second, 'open', 2890],
      ].sort(),
    );
    // The first page can no longer take money.
    expect((await settle(first, 'paid')).json().status).toBe('canceled');
    await settle(second, 'paid');
    expect(await orderRow(cart.id)).toMatchObject({ status: 'payed', total_amount_cents: 2890 });
    expect((await paymentsOf(cart.id)).filter((p) => p.status === 'paid')).toHaveLength(1);
  });

  it('a payment completed before the second checkout is found: the order is paid and nothing new starts', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const first = await checkout(s, cart, t);
    // Paid at the provider; no webhook or return page has told us yet.
    await sandboxProvider({ db: r.db(), config: rt.deps.config }).settle(first, 'paid');
    const res = await submit(cart.order_number, t, {
      shipping_method_id: s.colissimo.id,
      payment_method: 'sandbox:paypal',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('order_already_paid');
    expect((await orderRow(cart.id)).status).toBe('payed');
    expect(await paymentsOf(cart.id)).toHaveLength(1);
  });
});
