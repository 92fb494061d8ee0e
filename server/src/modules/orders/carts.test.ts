import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyer, sentMails, startTestApp } from '../../../test/helpers.ts';
import {
  comment,
  liveSeller,
  reads,
  simpleProduct,
  startSession,
  viewer,
} from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, sellerApi, simpleBody } from '../../../test/product-fixtures.ts';
import {
  notifications,
  orderStatusHistory,
  orders,
  productConfigurations,
  socialIdentities,
  waitingList,
} from '../../db/schema/index.ts';
import { renderMail } from '../../integrations/mail/templates.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { ORDER_FIGURES_BY_SELLER } from './figures.ts';

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
});
afterAll(() => rt.close());

/** Puts the countdown of a cart in the past, as if its time had run out. */
const timeOut = (orderId: number) =>
  r
    .db()
    .update(orders)
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where(eq(orders.id, orderId));

const queueOf = async (configId: number) =>
  (await r.db().select().from(waitingList).where(eq(waitingList.configuration_id, configId))).sort(
    (a, b) => a.comment_time.getTime() - b.comment_time.getTime() || a.id - b.id,
  );

describe('claims under a burst', () => {
  it('200 viewers commenting at once on 10 units: exactly 10 reserved, 190 queued in comment order', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 10);
    const viewers = Array.from({ length: 200 }, () => viewer());
    const messages = viewers.map((v) => comment(keyword, v));
    // Posted in a shuffled order, all at once: arrival order is not comment order.
    const shuffled = [...messages].sort(() => Math.random() - 0.5);
    const results = await Promise.all(shuffled.map((m) => post([m])));
    expect(results.reduce((n, x) => n + x.ordered, 0)).toBe(10);
    expect(results.reduce((n, x) => n + x.waiting, 0)).toBe(190);
    expect(await r.stockOf(config.id)).toBe(0);
    const lines = await r.linesOf(seller.id);
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(10);
    expect(new Set(lines.map((l) => l.order_id)).size).toBe(10);
    const queue = await queueOf(config.id);
    expect(queue).toHaveLength(190);
    expect(queue.every((w) => w.status === 'waiting')).toBe(true);

    // Ten more units go to the ten earliest comments of the queue, not to the first arrived.
    const res = await api.post('/api/order/update-config-qty', {
      productConfigurationId: config.id,
      quantity: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ item: { configuration_id: config.id, quantity: 0, served: 10 } });
    const after = await queueOf(config.id);
    expect(after.slice(0, 10).every((w) => w.status === 'served')).toBe(true);
    expect(after.slice(10).every((w) => w.status === 'waiting')).toBe(true);
    const servedIds = new Set(after.slice(0, 10).map((w) => w.comment_id));
    const expected = messages.filter((m) => after.some((w) => w.comment_id === m.id)).slice(0, 10);
    expect([...servedIds].sort()).toEqual(expected.map((m) => m.id).sort());
    expect(await r.stockOf(config.id)).toBe(0);
  });

  it('the same comment delivered twice at once makes one line', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 5);
    const c = comment(`${keyword} x2`, viewer());
    const results = await Promise.all([post([c]), post([c]), post([c, c])]);
    expect(results.reduce((n, x) => n + x.ordered, 0)).toBe(1);
    expect(await r.linesOf(seller.id)).toMatchObject([{ quantity: 2 }]);
    expect(await r.stockOf(config.id)).toBe(3);
  });
});

describe('cart expiry', () => {
  it('returns the stock and serves the queue in comment order, with a line, a notice and an e-mail', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt, 20);
    const { config, keyword } = await simpleProduct(rt, refs, api, 2);
    const [a, b, c, d] = [viewer(), viewer(), viewer(), viewer()];
    await post([comment(keyword, a), comment(`${keyword} x2`, b)]);
    // b asked for 2 with 1 left: b gets that one and waits for the other; c and d wait behind b.
    await post([comment(keyword, c)]);
    await post([comment(keyword, d)]);
    expect(await r.stockOf(config.id)).toBe(0);
    expect((await r.cartOfViewer(seller.id, b))?.lines).toMatchObject([{ quantity: 1 }]);
    expect((await queueOf(config.id)).map((w) => w.quantity)).toEqual([1, 1, 1]);
    const cartA = await r.cartOfViewer(seller.id, a);
    const waitingCartC = await r.cartOfViewer(seller.id, c);
    expect(waitingCartC).toMatchObject({ lines: [], expires_at: null });
    // c has an account: their social identity is linked to it.
    const buyer = await makeBuyer(rt);
    await r
      .db()
      .update(socialIdentities)
      .set({ user_id: buyer.id })
      .where(eq(socialIdentities.external_user_id, c));

    await timeOut(cartA?.id as number);
    expect(await rt.sweeper.sweepNow()).toBe(1);

    const [expired] = await r
      .db()
      .select()
      .from(orders)
      .where(eq(orders.id, cartA?.id as number));
    expect(expired.status).toBe('expired');
    expect(
      await r.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.order_id, expired.id)),
    ).toMatchObject([{ status: 'new' }, { status: 'expired', user_id: null }]);
    // 1 unit back: b's other unit (b is first), and nothing is left for c and d.
    const queue = await queueOf(config.id);
    expect(queue.map((w) => w.status)).toEqual(['served', 'waiting', 'waiting']);
    const cartB = await r.cartOfViewer(seller.id, b);
    expect(cartB?.lines).toMatchObject([
      { configuration_id: config.id, quantity: 2, unit_price_cents: 2500 },
    ]);
    expect(cartB?.subtotal_cents).toBe(5000);
    expect(queue[0].served_order_id).toBe(cartB?.id);
    const minutes = ((cartB?.expires_at?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(19);
    expect(minutes).toBeLessThan(21);
    expect(await r.stockOf(config.id)).toBe(0);
    const notices = await r.db().select().from(notifications).where(eq(notifications.user_id, seller.id));
    expect(notices.filter((n) => n.type === 'waiting_served')).toHaveLength(1);

    // b's cart expires in turn: c (with an account) then d get one unit each.
    await timeOut(cartB?.id as number);
    expect(await rt.sweeper.sweepNow()).toBe(1);
    expect((await queueOf(config.id)).map((w) => w.status)).toEqual(['served', 'served', 'served']);
    const cartC = await r.cartOfViewer(seller.id, c);
    // The same cart whose link c got in the reply to the waiting comment.
    expect(cartC?.id).toBe(waitingCartC?.id);
    expect(cartC?.lines).toMatchObject([{ quantity: 1 }]);
    expect(cartC?.session_id).toBe(sessionId);
    expect((await r.cartOfViewer(seller.id, d))?.lines).toMatchObject([{ quantity: 1 }]);
    expect(await r.stockOf(config.id)).toBe(0);

    const mails = (await sentMails(rt)).filter((m) => m.to === buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/panier/);
    expect(mails[0].text).toContain(`/checkout/${cartC?.order_number}?storeName=`);
    expect(mails[0].text).toContain('Foulard en soie');
  });

  it('a cart of a session with a cart duration of 0 never expires', async () => {
    const { seller, api, post } = await liveSeller(rt, 0);
    const { config, keyword } = await simpleProduct(rt, refs, api, 3);
    await post([comment(keyword, viewer())]);
    const [cart] = await r.cartsOf(seller.id);
    expect(cart.expires_at).toBeNull();
    await rt.sweeper.sweepNow();
    expect((await r.cartsOf(seller.id))[0].status).toBe('new');
    expect(await r.stockOf(config.id)).toBe(2);
  });

  it('a served viewer whose session is gone gets a 30-minute countdown', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt, 5);
    const { config, keyword } = await simpleProduct(rt, refs, api, 0);
    const w = viewer();
    await post([comment(keyword, w)]);
    await r.db().update(waitingList).set({ session_id: null }).where(eq(waitingList.session_id, sessionId));
    const res = await api.post('/api/order/update-config-qty', {
      productConfigurationId: config.id,
      quantity: 1,
    });
    expect(res.json().item.served).toBe(1);
    const cart = await r.cartOfViewer(seller.id, w);
    const minutes = ((cart?.expires_at?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThan(31);
  });

  it('GET orders/expire expires an open cart at once; a closed one is refused, another seller’s is 404', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 0);
    const [a, b] = [viewer(), viewer()];
    await api.post('/api/order/update-config-qty', { productConfigurationId: config.id, quantity: 1 });
    await post([comment(keyword, a), comment(keyword, b)]);
    const cartA = await r.cartOfViewer(seller.id, a);
    const other = await sellerApi(rt);
    expect((await other.api.get(`/api/orders/expire?orderId=${cartA?.id}`)).statusCode).toBe(404);
    expect((await r.cartOfViewer(seller.id, a))?.status).toBe('new');

    const res = await api.get(`/api/orders/expire?orderId=${cartA?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'expired' });
    expect((await r.cartOfViewer(seller.id, b))?.lines).toMatchObject([{ quantity: 1 }]);
    const [history] = await r
      .db()
      .select()
      .from(orderStatusHistory)
      .where(
        and(eq(orderStatusHistory.order_id, cartA?.id as number), eq(orderStatusHistory.status, 'expired')),
      );
    expect(history.user_id).toBe(seller.id);

    const again = await api.get(`/api/orders/expire?orderId=${cartA?.id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'order_not_open', status: 'expired' });
    expect(again.json().message).toMatch(/plus ouvert/);
    expect(await r.stockOf(config.id)).toBe(0);
    expect((await api.get('/api/orders/expire')).json()).toMatchObject({ error: 'validation' });
    expect((await api.get('/api/orders/expire?orderId=abc')).statusCode).toBe(400);
  });
});

describe('removing and decreasing lines', () => {
  it('a line decreased by the seller withdraws what its viewer still waited for; the unit serves the next viewer', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 2);
    const [a, b] = [viewer(), viewer()];
    await post([comment(`${keyword} x3`, a)]);
    await post([comment(keyword, b)]);
    const line = (await r.cartOfViewer(seller.id, a))?.lines[0];
    expect(line).toMatchObject({ quantity: 2 });
    const res = await api.get(`/api/orders/minus-item-order?orderItemId=${line?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await r.cartOfViewer(seller.id, a))?.lines).toMatchObject([{ quantity: 1 }]);
    expect((await r.cartOfViewer(seller.id, b))?.lines).toMatchObject([{ quantity: 1 }]);
    const queue = await queueOf(config.id);
    expect(queue.map((w) => [w.quantity, w.status])).toEqual([
      [1, 'canceled'],
      [1, 'served'],
    ]);
    expect(await r.stockOf(config.id)).toBe(0);
  });

  it('minus returns one unit to the first waiting viewer; remove returns the rest', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 3);
    const [a, b] = [viewer(), viewer()];
    await post([comment(`${keyword} x3`, a)]);
    await post([comment(keyword, b)]);
    const cartA = await r.cartOfViewer(seller.id, a);
    const line = cartA?.lines[0];
    const deadline = cartA?.expires_at?.getTime();

    const minus = await api.get(`/api/orders/minus-item-order?orderItemId=${line?.id}`);
    expect(minus.statusCode, minus.body).toBe(200);
    expect(minus.json().item).toMatchObject({
      id: cartA?.id,
      status: 'new',
      subtotal: 50,
      total_amount: 50,
      items: [{ id: line?.id, quantity: 2, unit_price: 25, configuration_id: config.id }],
    });
    // The countdown is kept, not restarted.
    expect(Date.parse(minus.json().item.expires_at)).toBe(deadline);
    expect((await r.cartOfViewer(seller.id, b))?.lines).toMatchObject([{ quantity: 1 }]);
    expect(await r.stockOf(config.id)).toBe(0);

    const removed = await api.get(`/api/orders/remove-item-order?orderItemId=${line?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().item).toMatchObject({ subtotal: 0, total_amount: 0, items: [], expires_at: null });
    expect(await r.stockOf(config.id)).toBe(2);
  });

  it('minus at 1 removes the line', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 1);
    await post([comment(keyword, viewer())]);
    const [line] = await r.linesOf(seller.id);
    const res = await api.get(`/api/orders/minus-item-order?orderItemId=${line.id}`);
    expect(res.json().item.items).toEqual([]);
    expect(await r.linesOf(seller.id)).toHaveLength(0);
    expect(await r.stockOf(config.id)).toBe(1);
  });

  it('on a closed cart, or another seller’s line, nothing changes', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 5);
    await post([comment(`${keyword} x2`, viewer())]);
    const [line] = await r.linesOf(seller.id);
    const other = await sellerApi(rt);
    for (const path of ['remove-item-order', 'minus-item-order']) {
      expect((await other.api.get(`/api/orders/${path}?orderItemId=${line.id}`)).statusCode).toBe(404);
    }
    await r.db().update(orders).set({ status: 'payed' }).where(eq(orders.id, line.order_id));
    for (const path of ['remove-item-order', 'minus-item-order']) {
      const res = await api.get(`/api/orders/${path}?orderItemId=${line.id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'order_not_open', status: 'payed' });
    }
    expect(await r.linesOf(seller.id)).toMatchObject([{ quantity: 2 }]);
    expect(await r.stockOf(config.id)).toBe(3);
    expect((await api.get('/api/orders/remove-item-order?orderItemId=-1')).statusCode).toBe(400);
    expect((await api.get('/api/orders/minus-item-order')).json()).toMatchObject({
      error: 'validation',
      fields: { orderItemId: 'required' },
    });
  });
});

describe('serving waiting lists by hand', () => {
  it('a product saved from an editor opened before a live took some of it keeps those articles reserved', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { product, config, keyword } = await simpleProduct(rt, refs, api, 5);
    // The editor loaded 5; meanwhile 2 go into a cart.
    await post([comment(`${keyword} x2`, viewer())]);
    expect(await r.stockOf(config.id)).toBe(3);
    const body = (quantity: number, quantity_loaded?: number) =>
      simpleBody(refs, {
        id: product.id,
        keywords: keyword,
        isPublish: true,
        price: 25,
        quantity,
        quantity_loaded,
      });
    // The seller counted 3 more (5 → 8 on screen): 3 + 3, never 8 with 2 already in a cart.
    expect((await api.post('/api/product', body(8, 5))).json().product.quantity).toBe(6);
    expect((await r.linesOf(seller.id)).reduce((n, l) => n + l.quantity, 0)).toBe(2);
    // A change below what was reserved meanwhile stops at 0.
    expect((await api.post('/api/product', body(0, 8))).json().product.quantity).toBe(0);
    // Without the stock it loaded (an API client), the quantity given is the stock.
    expect((await api.post('/api/product', body(4))).json().product.quantity).toBe(4);
  });

  it('stock raised in the product editor goes first to whoever waits for it, in comment order', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { product, config, keyword } = await simpleProduct(rt, refs, api, 0);
    const [a, b] = [viewer(), viewer()];
    await post([comment(`${keyword} x2`, a)]);
    await post([comment(keyword, b)]);
    const save = (quantity: number) =>
      api.post(
        '/api/product',
        simpleBody(refs, { id: product.id, keywords: keyword, isPublish: true, quantity, price: 25 }),
      );
    // 1 unit: a gets it and keeps waiting for the other; nothing is left free.
    expect((await save(1)).json().product.quantity).toBe(0);
    expect((await r.cartOfViewer(seller.id, a))?.lines).toMatchObject([{ quantity: 1 }]);
    expect((await r.cartOfViewer(seller.id, b))?.lines).toHaveLength(0);
    // 5: a's other one, then b's, and 3 stay free.
    expect((await save(5)).json().product.quantity).toBe(3);
    expect((await r.cartOfViewer(seller.id, a))?.lines).toMatchObject([{ quantity: 2 }]);
    expect((await r.cartOfViewer(seller.id, b))?.lines).toMatchObject([{ quantity: 1 }]);
    expect((await queueOf(config.id)).every((w) => w.status === 'served')).toBe(true);
    expect(await r.stockOf(config.id)).toBe(3);
  });

  it('run-wait-workflow serves one session’s queue from the stock, in comment order', async () => {
    const { seller, api, post: post1, sessionId: s1 } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 0);
    const { post: post2, sessionId: s2 } = await startSession(rt, api);
    const [a, b, c] = [viewer(), viewer(), viewer()];
    await post1([comment(keyword, a)]);
    await post2([comment(keyword, b)]);
    await post2([comment(keyword, c)]);
    // Stock set by a product edit, which serves nobody by itself.
    await r
      .db()
      .update(productConfigurations)
      .set({ quantity: 1 })
      .where(eq(productConfigurations.id, config.id));

    const res = await api.post('/api/order/run-wait-workflow', {
      sessionId: s2,
      productConfigurationId: config.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ served: 1 });
    expect((await r.cartOfViewer(seller.id, b))?.lines).toHaveLength(1);
    expect((await r.cartOfViewer(seller.id, a))?.lines).toHaveLength(0);
    expect((await r.cartOfViewer(seller.id, c))?.lines).toHaveLength(0);
    expect(await r.stockOf(config.id)).toBe(0);
    expect(
      (
        await api.post('/api/order/run-wait-workflow', { sessionId: s1, productConfigurationId: config.id })
      ).json(),
    ).toEqual({ served: 0 });
  });

  it('run-wait-workflow refuses bad input and other sellers’ ids, changing nothing', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 0);
    await post([comment(keyword, viewer())]);
    await r
      .db()
      .update(productConfigurations)
      .set({ quantity: 1 })
      .where(eq(productConfigurations.id, config.id));
    const other = await liveSeller(rt);
    const theirs = await simpleProduct(rt, refs, other.api, 1);

    const bad: [unknown, Record<string, string>][] = [
      [{}, { sessionId: 'required', productConfigurationId: 'required' }],
      [{ sessionId, productConfigurationId: -3 }, { productConfigurationId: 'invalid' }],
      [{ sessionId: 'abc', productConfigurationId: config.id }, { sessionId: 'numeric' }],
    ];
    for (const [body, fields] of bad) {
      const res = await api.post('/api/order/run-wait-workflow', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields });
    }
    for (const body of [
      { sessionId, productConfigurationId: theirs.config.id },
      { sessionId: other.sessionId, productConfigurationId: config.id },
    ]) {
      expect((await api.post('/api/order/run-wait-workflow', body)).statusCode).toBe(404);
    }
    expect(await r.stockOf(config.id)).toBe(1);
    expect(await r.stockOf(theirs.config.id)).toBe(1);
    expect((await r.waitingOf(seller.id)).map((w) => w.status)).toEqual(['waiting']);
  });

  it('update-config-qty sets the stock; an increase is served to the queue at once', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 0);
    const [a, b] = [viewer(), viewer()];
    await post([comment(`${keyword} x2`, a)]);
    await post([comment(keyword, b)]);
    const set = (quantity: unknown) =>
      api.post('/api/order/update-config-qty', { productConfigurationId: config.id, quantity });

    // 1 unit serves a in part (a keeps its place for the other one), and b may not overtake a.
    expect((await set(1)).json()).toEqual({ item: { configuration_id: config.id, quantity: 0, served: 1 } });
    expect((await r.cartOfViewer(seller.id, a))?.lines).toMatchObject([{ quantity: 1 }]);
    expect((await r.cartOfViewer(seller.id, b))?.lines).toHaveLength(0);
    expect((await queueOf(config.id)).map((w) => [w.quantity, w.status])).toEqual([
      [1, 'waiting'],
      [1, 'served'],
      [1, 'waiting'],
    ]);
    expect((await set('4')).json()).toEqual({
      item: { configuration_id: config.id, quantity: 2, served: 2 },
    });
    expect((await r.cartOfViewer(seller.id, a))?.lines).toMatchObject([{ quantity: 2 }]);
    expect((await r.cartOfViewer(seller.id, b))?.lines).toMatchObject([{ quantity: 1 }]);
    expect((await queueOf(config.id)).every((w) => w.status === 'served')).toBe(true);
    expect((await set(0)).json()).toEqual({ item: { configuration_id: config.id, quantity: 0, served: 0 } });
    expect(await r.stockOf(config.id)).toBe(0);
  });

  it('update-config-qty refuses bad quantities and another seller’s configuration, changing nothing', async () => {
    const { api } = await liveSeller(rt);
    const { config } = await simpleProduct(rt, refs, api, 7);
    const other = await sellerApi(rt);
    const cases: [unknown, Record<string, string>][] = [
      [{ productConfigurationId: config.id }, { quantity: 'required' }],
      [{ productConfigurationId: config.id, quantity: -1 }, { quantity: 'not_negative' }],
      [{ productConfigurationId: config.id, quantity: 'dix' }, { quantity: 'numeric' }],
      [{ productConfigurationId: config.id, quantity: 2.5 }, { quantity: 'integer' }],
      [{ productConfigurationId: config.id, quantity: 1_000_000 }, { quantity: 'invalid' }],
      [{ quantity: 3 }, { productConfigurationId: 'required' }],
    ];
    for (const [body, fields] of cases) {
      const res = await api.post('/api/order/update-config-qty', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields });
    }
    const theirs = await other.api.post('/api/order/update-config-qty', {
      productConfigurationId: config.id,
      quantity: 1,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await r.stockOf(config.id)).toBe(7);
    expect(
      (
        await api.post('/api/order/update-config-qty', {
          productConfigurationId: config.id,
          quantity: 999_999,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('concurrent releases and claims', () => {
  it('expiries, removals and claims at once on shared articles all succeed and lose no unit', async () => {
    const { seller, api, post, sessionId } = await liveSeller(rt);
    const a = await simpleProduct(rt, refs, api, 6);
    const b = await simpleProduct(rt, refs, api, 6);
    const holders = Array.from({ length: 6 }, () => viewer());
    const waiters = Array.from({ length: 6 }, () => viewer());
    await post(holders.map((v) => comment(`${a.keyword} ${b.keyword}`, v)));
    await post(waiters.map((v) => comment(`${b.keyword} ${a.keyword}`, v)));
    expect(await r.stockOf(a.config.id)).toBe(0);
    expect(await r.stockOf(b.config.id)).toBe(0);
    const carts = await Promise.all(holders.map((v) => r.cartOfViewer(seller.id, v)));
    const lines = carts.flatMap((c) => c?.lines ?? []);
    expect(lines).toHaveLength(12);

    const calls = [
      ...carts.slice(0, 4).map((c) => api.get(`/api/orders/expire?orderId=${c?.id}`)),
      ...carts.slice(4).map((c) => api.get(`/api/orders/remove-item-order?orderItemId=${c?.lines[0].id}`)),
      ...carts.slice(4).map((c) => api.get(`/api/orders/minus-item-order?orderItemId=${c?.lines[1].id}`)),
      ...waiters.map((v) =>
        post([comment(`${a.keyword} ${b.keyword}`, v)]).then(() => ({ statusCode: 200, body: '' })),
      ),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(200);

    const comments = await queryRows<{ outcome: string }>(
      r.db(),
      sql`SELECT outcome FROM live_comments WHERE session_id = ${sessionId}`,
    );
    expect(comments.filter((c) => c.outcome === 'error')).toEqual([]);
    for (const p of [a, b]) {
      const [held] = await queryRows<{ n: number }>(
        r.db(),
        sql`SELECT coalesce(sum(i.quantity), 0)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id
            WHERE o.status = 'new' AND i.configuration_id = ${p.config.id}`,
      );
      expect((await r.stockOf(p.config.id)) + held.n).toBe(6);
      const queue = await queueOf(p.config.id);
      const firstWaiting = queue.findIndex((w) => w.status === 'waiting');
      if (firstWaiting >= 0)
        expect(queue.slice(firstWaiting).every((w) => w.status === 'waiting')).toBe(true);
    }
  });
});

describe('figures', () => {
  it('an empty waiting cart counts as no order and no shopper in the seller figures', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 0);
    await post([comment(keyword, viewer())]);
    expect(await r.cartsOf(seller.id)).toHaveLength(1);
    const figures = await queryRows(
      r.db(),
      sql`SELECT * FROM (${ORDER_FIGURES_BY_SELLER}) f WHERE f.seller_id = ${seller.id}`,
    );
    expect(figures).toHaveLength(0);
    const dashboard = (await api.get('/api/dashboard/fetch-items')).json();
    expect(dashboard.totals).toMatchObject({ total_pending: 0, total_buyers: 0 });
    expect(dashboard.orders.count).toBe(0);
  });
});

describe('the waiting_served e-mail', () => {
  it('exists in French and English with the article and the checkout link', () => {
    const data = {
      first_name: 'Léa',
      product: 'Robe',
      variant: 'Rouge, M',
      quantity: 2,
      url: 'https://x.test/checkout/LC1',
    };
    const fr = renderMail('waiting_served', 'fr', data);
    const en = renderMail('waiting_served', 'en', data);
    expect(fr.text).toContain('Robe (Rouge, M) ×2');
    expect(fr.subject).toMatch(/Bonne nouvelle/);
    expect(en.subject).toMatch(/Good news/);
    expect(en.html).toContain('https://x.test/checkout/LC1');
  });
});
