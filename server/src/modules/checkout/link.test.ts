import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, makeSeller, ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { orders, waitingList } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { orderAccessToken } from '../orders/cart.ts';

/* POST /api/checkout/link: the shopper signed in from the checkout link is connected to the order. */

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
});
afterAll(() => rt.close());

/** A live seller with a product in stock; a viewer's comment made their cart. */
async function cartFromComment(from = viewer()) {
  const live = await liveSeller(rt);
  const product = await simpleProduct(rt, refs, live.api, 5);
  await live.post([comment(product.keyword, from)]);
  const cart = await r.cartOfViewer(live.seller.id, from);
  if (!cart) throw new Error('no cart');
  return { live, product, from, cart, t: orderAccessToken(rt.deps.config.authSecret, cart.order_number) };
}

const orderRow = async (id: number) => (await r.db().select().from(orders).where(eq(orders.id, id)))[0];
const myOrderNumbers = async (api: Awaited<ReturnType<typeof client>>) => {
  const res = await api.get('/api/orders/fetch-items');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { order_number: string }[]).map((o) => o.order_number);
};

describe('POST /api/checkout/link', () => {
  it('links the link holder’s order, its waiting rows and the identity’s later carts to the shopper', async () => {
    const { live, cart, t, from } = await cartFromComment();
    // the same viewer also queues for a sold-out product
    const soldOut = await simpleProduct(rt, refs, live.api, 0);
    await live.post([comment(soldOut.keyword, from)]);

    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    expect(await myOrderNumbers(api)).not.toContain(cart.order_number);
    // without the owner's session, the order is not theirs: no checkout without the token
    expect((await api.get(`/api/checkout?orderNumber=${cart.order_number}`)).statusCode).toBe(404);

    const res = await api.post('/api/checkout/link', { orderNumber: cart.order_number, t });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      linked: true,
      orders: 1,
      waiting: 1,
      orderNumber: cart.order_number,
    });
    expect((await orderRow(cart.id)).buyer_id).toBe(buyer.id);
    const queued = await r.db().select().from(waitingList).where(eq(waitingList.seller_id, live.seller.id));
    expect(queued.map((w) => w.buyer_id)).toEqual([buyer.id]);

    // the order is now in the shopper's orders and opens without the token
    expect(await myOrderNumbers(api)).toContain(cart.order_number);
    const page = await api.get(`/api/checkout?orderNumber=${cart.order_number}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().order.signedIn).toBe(true);

    // again: nothing more to do
    const again = await api.post('/api/checkout/link', { orderNumber: cart.order_number, t });
    expect(again.json()).toMatchObject({ linked: false, orders: 0 });

    // a later comment of the same viewer at this seller makes a cart of the account
    const more = await simpleProduct(rt, refs, live.api, 5);
    await live.post([comment(more.keyword, from)]);
    expect((await r.cartOfViewer(live.seller.id, from))?.buyer_id).toBe(buyer.id);
  });

  it('refuses a wrong or missing token, another account’s order, sellers and signed-out callers', async () => {
    const { cart, t } = await cartFromComment();
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);

    const wrong = await api.post('/api/checkout/link', { orderNumber: cart.order_number, t: `${t}x` });
    expect(wrong.statusCode).toBe(404);
    expect((await api.post('/api/checkout/link', { orderNumber: cart.order_number })).statusCode).toBe(404);
    expect((await api.post('/api/checkout/link', { orderNumber: 'LCNOSUCHORDER', t })).statusCode).toBe(404);
    expect((await orderRow(cart.id)).buyer_id).toBeNull();

    const signedOut = await rt.app.inject({
      method: 'POST',
      url: '/api/checkout/link',
      payload: { orderNumber: cart.order_number, t },
      headers: { origin: ORIGIN },
    });
    expect(signedOut.statusCode).toBe(401);
    const seller = await client(rt, await makeSeller(rt));
    expect((await seller.post('/api/checkout/link', { orderNumber: cart.order_number, t })).statusCode).toBe(
      403,
    );

    expect((await api.post('/api/checkout/link', { orderNumber: cart.order_number, t })).statusCode).toBe(
      200,
    );
    // the token does not let a second account take the order (or its identity) over
    const thief = await client(rt, await makeBuyer(rt));
    expect((await thief.post('/api/checkout/link', { orderNumber: cart.order_number, t })).statusCode).toBe(
      404,
    );
    expect((await orderRow(cart.id)).buyer_id).toBe(buyer.id);
    expect(await myOrderNumbers(thief)).not.toContain(cart.order_number);
  });
});
