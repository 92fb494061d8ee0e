import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, startTestApp } from '../../../test/helpers.ts';
import {
  type Api,
  configuredBody,
  createProduct,
  loadRefs,
  type Refs,
  sellerApi,
  simpleBody,
  uniq,
} from '../../../test/product-fixtures.ts';
import { liveComments, orderItems, orders } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { simulatedViewerId } from './simulate.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const cartsOf = (sellerId: number) => db().select().from(orders).where(eq(orders.seller_id, sellerId));
const commentsOf = (sessionId: number) =>
  db().select().from(liveComments).where(eq(liveComments.session_id, sessionId));

/** A fresh seller's session, started unless told otherwise. */
async function sellerSession(start = true) {
  const { seller, api } = await sellerApi(rt);
  const created = await api.post('/api/livesession', {
    event_date: '2026-12-01',
    event_time: '20:30',
    order_timer: 30,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().item.id as number;
  if (start) expect((await api.get(`/api/livesession/start/${id}`)).statusCode).toBe(200);
  return {
    seller,
    api,
    sessionId: id,
    simulate: (body: unknown) => api.post(`/api/livesession/${id}/simulate`, body),
  };
}

async function publishedProduct(api: Api, stock: number) {
  const keyword = `robe${uniq()}`;
  await createProduct(
    api,
    simpleBody(refs, { keywords: keyword, isPublish: true, quantity: stock, price: 25 }),
  );
  return keyword;
}

describe('the live simulator', () => {
  it('a simulated keyword comment on a live session makes a cart and a private reply', async () => {
    const { seller, api, sessionId, simulate } = await sellerSession();
    const keyword = await publishedProduct(api, 5);
    const res = await simulate({ from_name: 'Camille', message: `${keyword} x2` });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ received: 1, stored: 1, duplicates: 0, ordered: 1, waiting: 0 });

    const [stored] = await commentsOf(sessionId);
    expect(result.comment_id).toBe(stored.id);
    expect(stored).toMatchObject({ from_id: 'sim:camille', from_name: 'Camille', outcome: 'cart' });
    expect(stored.external_id).toMatch(/^sim-/);

    const [cart] = await cartsOf(seller.id);
    expect(cart).toMatchObject({ session_id: sessionId, subtotal_cents: 5000 });

    await rt.worker.drain();
    const listed = (await api.get(`/api/livesession/${sessionId}/comments`)).json();
    expect(listed.count).toBe(1);
    expect(listed.items[0]).toMatchObject({
      id: stored.id,
      from_name: 'Camille',
      outcome: 'ordered',
      order_number: cart.order_number,
      reply: { status: 'sent' },
    });
    expect(listed.items[0].reply.text).toContain(`/checkout/${cart.order_number}`);
  });

  it('the same viewer name twice fills one cart', async () => {
    const { seller, api, sessionId, simulate } = await sellerSession();
    const a = await publishedProduct(api, 5);
    const b = await publishedProduct(api, 5);
    expect((await simulate({ from_name: 'Lucas', message: a })).json().ordered).toBe(1);
    expect((await simulate({ from_name: ' lucas ', message: b })).json().ordered).toBe(1);

    const carts = await cartsOf(seller.id);
    expect(carts).toHaveLength(1);
    expect(await db().select().from(orderItems).where(eq(orderItems.order_id, carts[0].id))).toHaveLength(2);
    const comments = await commentsOf(sessionId);
    expect(new Set(comments.map((c) => c.from_id))).toEqual(new Set(['sim:lucas']));
    expect(new Set(comments.map((c) => c.external_id)).size).toBe(2);
    expect((await api.get(`/api/livesession/${sessionId}`)).json().item.participants).toBe(1);
  });

  it('two different names are two viewers with two carts', async () => {
    const { seller, api, simulate } = await sellerSession();
    const keyword = await publishedProduct(api, 5);
    await simulate({ from_name: 'Emma', message: keyword });
    await simulate({ from_name: 'Lucas', message: keyword });
    expect(await cartsOf(seller.id)).toHaveLength(2);
  });

  it('a given from_id is kept', async () => {
    const { sessionId, simulate } = await sellerSession();
    expect((await simulate({ from_name: 'Emma', message: 'hello', from_id: 'viewer-42' })).statusCode).toBe(
      200,
    );
    expect(await commentsOf(sessionId)).toMatchObject([{ from_id: 'viewer-42', outcome: 'no_match' }]);
  });

  it('on a session that is not live the comment is stored as ignored and makes no cart', async () => {
    const { seller, api, sessionId, simulate } = await sellerSession(false);
    const keyword = await publishedProduct(api, 5);
    const res = await simulate({ from_name: 'Camille', message: keyword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stored: 1, ordered: 0, waiting: 0 });
    expect(await commentsOf(sessionId)).toMatchObject([
      { outcome: 'ignored', outcome_reason: 'session_not_live' },
    ]);
    expect(await cartsOf(seller.id)).toHaveLength(0);
    const listed = (await api.get(`/api/livesession/${sessionId}/comments`)).json();
    expect(listed.items[0]).toMatchObject({ outcome: 'ignored', reply: null });
  });

  it('answers 404 for another seller’s session and stores nothing', async () => {
    const owner = await sellerSession();
    const { api } = await sellerApi(rt);
    const res = await api.post(`/api/livesession/${owner.sessionId}/simulate`, {
      from_name: 'Camille',
      message: 'hello',
    });
    expect(res.statusCode).toBe(404);
    expect(await commentsOf(owner.sessionId)).toHaveLength(0);
  });

  it('refuses a bad body with the fields and stores nothing', async () => {
    const { sessionId, simulate } = await sellerSession();
    const cases: [unknown, string][] = [
      [{ message: 'hello' }, 'from_name'],
      [{ from_name: '', message: 'hello' }, 'from_name'],
      [{ from_name: '   ', message: 'hello' }, 'from_name'],
      [{ from_name: 'x'.repeat(61), message: 'hello' }, 'from_name'],
      [{ from_name: 'Camille' }, 'message'],
      [{ from_name: 'Camille', message: '' }, 'message'],
      [{ from_name: 'Camille', message: 'x'.repeat(1001) }, 'message'],
    ];
    for (const [body, field] of cases) {
      const res = await simulate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation');
      expect(res.json().fields[field], JSON.stringify(body)).toBeDefined();
    }
    expect(await commentsOf(sessionId)).toHaveLength(0);
  });

  it('a buyer is refused', async () => {
    const { sessionId } = await sellerSession();
    const buyer = await client(rt, await makeBuyer(rt));
    const res = await buyer.post(`/api/livesession/${sessionId}/simulate`, { from_name: 'A', message: 'b' });
    expect(res.statusCode).toBe(403);
    expect(await commentsOf(sessionId)).toHaveLength(0);
  });

  it('derives one viewer id per name, whatever the case, accents and spaces', () => {
    expect(simulatedViewerId('Chloé  Martin')).toBe(simulatedViewerId(' chloe martin '));
    expect(simulatedViewerId('Chloé')).not.toBe(simulatedViewerId('Emma'));
  });
});

describe("screens #8: the simulator's example comment names a keyword of the seller's own products", () => {
  const exampleOf = async (api: Api, sessionId: number, locale = 'fr') => {
    const res = await api.get(`/api/livesession/${sessionId}?locale=${locale}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().item.example_comment as string | null;
  };

  it('none while no published product has a keyword; then its keyword alone for a simple product', async () => {
    const { api, sessionId } = await sellerSession();
    expect(await exampleOf(api, sessionId)).toBeNull();
    // an unpublished product with a keyword is not offered: its comments would not make a cart
    await createProduct(api, simpleBody(refs, { keywords: `brouillon${uniq()}`, isPublish: false }));
    expect(await exampleOf(api, sessionId)).toBeNull();
    const keyword = await publishedProduct(api, 3);
    expect(await exampleOf(api, sessionId)).toBe(keyword);
  });

  it('with the colour and size of an article in stock when the product has several, and it makes a cart', async () => {
    const { seller, api, sessionId, simulate } = await sellerSession();
    const keyword = `robe${uniq()}`;
    await createProduct(
      api,
      configuredBody([refs.color.black, refs.color.white], [refs.size['letters:S'], refs.size['letters:M']], {
        keywords: keyword,
        isPublish: true,
      }),
    );
    // the grid's stock is colour index + size index: white M (2) has the most
    expect(await exampleOf(api, sessionId)).toBe(`${keyword} blanc M`);
    expect(await exampleOf(api, sessionId, 'en')).toBe(`${keyword} white M`);

    const res = await simulate({ from_name: 'Camille', message: `${keyword} blanc M` });
    expect(res.json()).toMatchObject({ ordered: 1, waiting: 0 });
    const [cart] = await cartsOf(seller.id);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.order_id, cart.id));
    expect(line).toMatchObject({ quantity: 1 });
  });

  it("never names another seller's keyword", async () => {
    const other = await sellerApi(rt);
    await publishedProduct(other.api, 5);
    const { api, sessionId } = await sellerSession();
    expect(await exampleOf(api, sessionId)).toBeNull();
  });
});
