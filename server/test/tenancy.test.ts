import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { orderAccessToken } from '../src/modules/orders/cart.ts';
import type { Runtime } from '../src/runtime.ts';
import {
  cartOf,
  checkout,
  inject,
  orderRow,
  settle,
  shop,
  useCheckoutFixtures,
} from './checkout-fixtures.ts';
import { client, makeBuyer, startTestApp } from './helpers.ts';
import { comment, reads, viewer } from './live-fixtures.ts';
import { loadRefs, type Refs } from './product-fixtures.ts';

/*
 * Viewer ids come from the capture tool or the simulator, that is from the seller: the same id
 * at two sellers is two shoppers. A link token moves only the orders of the seller that issued
 * it, and a seller never learns anything about a shopper from another seller's orders.
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

const tokenOf = (orderNumber: string) => orderAccessToken(rt.deps.config.authSecret, orderNumber);
const orderNumbersOf = async (api: Awaited<ReturnType<typeof client>>) =>
  ((await api.get('/api/orders/fetch-items')).json().items as { order_number: string }[]).map(
    (o) => o.order_number,
  );

describe("trust #2: one seller cannot read or take another seller's shoppers", () => {
  it("a viewer id seen at seller A is another shopper at seller B: linking B's cart moves none of A's orders", async () => {
    // At A, viewer X pays a cart through the link, never signing in.
    const a = await shop();
    const x = viewer();
    const { cart: paidAtA, t: tA, commentId } = await cartOf(a, x);
    await settle(await checkout(a, paidAtA, tA), 'paid');
    expect((await orderRow(paidAtA.id)).status).toBe('payed');

    // Seller B sends a comment "from X" (even with X's comment id at A) and a free shopper account
    // links B's cart with B's token.
    const b = await shop();
    await b.post([comment(b.product.keyword, x, commentId)]);
    const atB = await r.cartOfViewer(b.seller.id, x);
    if (!atB) throw new Error('no cart at B');
    const mallory = await makeBuyer(rt);
    const api = await client(rt, mallory);
    const linked = await api.get(
      `/api/orders/connect-bycomment?commentId=${commentId}&t=${tokenOf(atB.order_number)}`,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ orders: 1, orderNumber: atB.order_number });
    const again = await api.post('/api/checkout/link', {
      orderNumber: atB.order_number,
      t: tokenOf(atB.order_number),
    });
    expect(again.json()).toMatchObject({ linked: false });

    // A's order is not Mallory's: not in her orders; its checkout, documents and invoice answer
    // the 404 of a missing order.
    expect((await orderRow(paidAtA.id)).buyer_id).toBeNull();
    expect(await orderNumbersOf(api)).toEqual([atB.order_number]);
    expect((await api.get(`/api/checkout?orderNumber=${paidAtA.order_number}`)).statusCode).toBe(404);
    expect((await api.get(`/api/invoices/${paidAtA.order_number}.pdf`)).statusCode).toBe(404);
    expect(
      (await api.post('/api/orders/single-download', { orderNumber: paidAtA.order_number, locale: 'fr' }))
        .statusCode,
    ).toBe(404);
    expect((await api.get(`/api/orders/find-order-by-comment?commentId=${commentId}`)).json()).toMatchObject({
      orderNumber: atB.order_number,
    });
    // X's next cart at A is not hers either.
    await a.post([comment(a.product.keyword, x)]);
    const later = await r.cartOfViewer(a.seller.id, x);
    expect(later?.buyer_id).toBeNull();
    expect(await orderNumbersOf(api)).not.toContain(later?.order_number);
  });

  it('a shopper linked at seller A stays unknown to seller B, which sends the same viewer id', async () => {
    const a = await shop();
    const x = viewer();
    const { cart: atA, t: tA } = await cartOf(a, x);
    const victim = await makeBuyer(rt);
    const secret = `Dupont${Date.now()}`;
    await r.db().update(users).set({ last_name: secret, phone: '0699887766' }).where(eq(users.id, victim.id));
    const asVictim = await client(rt, victim);
    expect(
      (await asVictim.post('/api/checkout/link', { orderNumber: atA.order_number, t: tA })).statusCode,
    ).toBe(200);
    expect((await orderRow(atA.id)).buyer_id).toBe(victim.id);

    // B posts a comment "from X": B's cart is not the victim's, and B's screens never name her.
    const b = await shop();
    const { cart: atB } = await cartOf(b, x);
    expect(atB.buyer_id).toBeNull();
    const seen = [
      await b.api.get('/api/orders/fetch-live-items'),
      await b.api.get('/api/payments/fetch-items?queryFilter={"status":"all"}'),
      await b.api.get('/api/orders/fetch-waiting-items'),
      await b.api.get('/api/orders/fetch-filters'),
      await b.api.get('/api/dashboard/fetch-items'),
      await b.api.get(`/api/checkout?orderNumber=${atB.order_number}`),
      await b.api.get('/api/buyers/fetch-items'),
      await b.api.get('/api/buyers/fetch-filters'),
      await b.api.get(
        `/api/buyers/fetch-item?queryFilter=${encodeURIComponent(JSON.stringify({ identity_id: atB.social_identity_id }))}`,
      ),
    ];
    for (const res of seen) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(victim.email);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('0699887766');
    }
    expect(await orderNumbersOf(asVictim)).not.toContain(atB.order_number);
    expect((await asVictim.get(`/api/checkout?orderNumber=${atB.order_number}`)).statusCode).toBe(404);

    // The victim's own seller still sees who she is, and B's shopper is not hers.
    expect((await a.api.get('/api/orders/fetch-filters')).body).toContain(secret);
    expect((await a.api.get('/api/buyers/fetch-items')).body).toContain(secret);
    expect(
      (
        await b.api.get(
          `/api/buyers/fetch-item?queryFilter=${encodeURIComponent(JSON.stringify({ buyer_id: victim.id }))}`,
        )
      ).statusCode,
    ).toBe(404);
    const inject404 = await inject(
      'GET',
      `/api/orders/check-order-by-number?orderNumber=${atB.order_number}`,
    );
    expect(inject404.json()).toEqual({ exist_order: false });
  });
});
