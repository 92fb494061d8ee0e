import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp } from '../../../test/helpers.ts';
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
import {
  liveComments,
  notifications,
  orderItems,
  orderStatusHistory,
  orders,
  privateReplies,
  productConfigurations,
  socialIdentities,
  waitingList,
} from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { orderAccessToken } from './claim.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** A live session of a fresh seller, its ingest token and a posting function. */
async function liveSeller(orderTimer = 30) {
  const { seller, api } = await sellerApi(rt);
  const created = await api.post('/api/livesession', {
    event_date: '2026-12-01',
    event_time: '20:30',
    order_timer: orderTimer,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().item.id as number;
  expect((await api.get(`/api/livesession/start/${id}`)).statusCode).toBe(200);
  const token = (await api.get(`/api/livesession/${id}`)).json().item.ingest_token as string;
  return { seller, api, sessionId: id, token, post: (messages: unknown[]) => ingest(id, token, messages) };
}

function ingest(sessionId: number, token: string, messages: unknown[]) {
  return rt.app.inject({
    method: 'POST',
    url: `/api/add-live-messages?sessionId=${sessionId}`,
    headers: { 'x-ingest-token': token },
    payload: { messages },
  });
}

let clock = Date.parse('2026-12-01T20:31:00Z');
/** A Graph-API-shaped comment, one second after the previous one; ids are unique in the file. */
function comment(message: string, from: string, id = `c-${uniq()}`) {
  clock += 1000;
  return {
    id,
    from: { id: from, name: `Viewer ${from}` },
    message,
    created_time: new Date(clock).toISOString(),
  };
}
const viewer = () => `fb-${uniq()}`;

/** A published simple product with its one configuration. */
async function simpleProduct(api: Api, stock: number, keyword = `robe${uniq()}`) {
  const product = await createProduct(
    api,
    simpleBody(refs, { keywords: keyword, isPublish: true, quantity: stock, price: 25 }),
  );
  const [config] = await db()
    .select()
    .from(productConfigurations)
    .where(eq(productConfigurations.product_id, product.id));
  return { product, config, keyword };
}

const stockOf = async (configId: number) =>
  (await db().select().from(productConfigurations).where(eq(productConfigurations.id, configId)))[0].quantity;

const cartsOf = (sellerId: number) => db().select().from(orders).where(eq(orders.seller_id, sellerId));
const linesOf = (sellerId: number) =>
  db().select().from(orderItems).where(eq(orderItems.seller_id, sellerId));
const waitingOf = (sellerId: number) =>
  db().select().from(waitingList).where(eq(waitingList.seller_id, sellerId));
const commentsOf = (sessionId: number) =>
  db().select().from(liveComments).where(eq(liveComments.session_id, sessionId));

describe('claiming live comments', () => {
  it('a keyword comment creates a cart with the line, takes the stock and starts the countdown', async () => {
    const { seller, api, post, sessionId } = await liveSeller(30);
    const { config, keyword } = await simpleProduct(api, 5);
    const who = viewer();
    const before = Date.now();
    const res = await post([comment(`${keyword.toUpperCase()} x2 svp 😍`, who)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      received: 1,
      stored: 1,
      recovered: 0,
      duplicates: 0,
      refused: 0,
      ordered: 1,
      waiting: 0,
    });

    expect(await stockOf(config.id)).toBe(3);
    const [cart] = await cartsOf(seller.id);
    expect(cart).toMatchObject({
      status: 'new',
      session_id: sessionId,
      subtotal_cents: 5000,
      total_amount_cents: 5000,
    });
    expect(cart.order_number).toMatch(/^LC[A-Z2-9]{10}$/);
    const minutes = ((cart.expires_at?.getTime() ?? 0) - before) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThan(31);
    const [identity] = await db()
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.platform, 'facebook'), eq(socialIdentities.external_user_id, who)));
    expect(identity.name).toBe(`Viewer ${who}`);
    expect(cart.social_identity_id).toBe(identity.id);
    const token = orderAccessToken('test-secret-test-secret-test-secret-123', cart.order_number);
    expect(cart.access_token_hash).toBe(createHash('sha256').update(token).digest('hex'));

    expect(await linesOf(seller.id)).toMatchObject([
      {
        order_id: cart.id,
        configuration_id: config.id,
        quantity: 2,
        unit_price_cents: 2500,
        sku: 'FOULARD7',
      },
    ]);
    expect(
      await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.order_id, cart.id)),
    ).toMatchObject([{ status: 'new' }]);
    expect(await db().select().from(notifications).where(eq(notifications.user_id, seller.id))).toMatchObject(
      [{ type: 'live_cart_created' }],
    );
    expect(await commentsOf(sessionId)).toMatchObject([{ outcome: 'cart', social_identity_id: identity.id }]);

    await rt.worker.drain();
    const [reply] = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(reply.status).toBe('sent');
    expect(reply.text).toContain(`${ORIGIN}/checkout/${cart.order_number}?storeName=Test%20User&t=${token}`);
    expect(reply.text).toContain('×2');

    const listed = await api.get(`/api/livesession/${sessionId}/comments`);
    expect(listed.json().items[0]).toMatchObject({
      outcome: 'ordered',
      order_number: cart.order_number,
      reply: { status: 'sent', text: reply.text },
    });
  });

  it('a second comment by the same viewer fills the same cart and restarts the countdown', async () => {
    const { seller, api, post } = await liveSeller(30);
    const a = await simpleProduct(api, 5);
    const b = await simpleProduct(api, 5);
    const who = viewer();
    await post([comment(a.keyword, who)]);
    const [first] = await cartsOf(seller.id);
    await db()
      .update(orders)
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, first.id));

    await post([comment(`${b.keyword} 2 pièces`, who)]);
    await post([comment(a.keyword, who)]);
    const carts = await cartsOf(seller.id);
    expect(carts).toHaveLength(1);
    expect(carts[0].subtotal_cents).toBe(4 * 2500);
    expect((carts[0].expires_at?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 60_000);
    const lines = await linesOf(seller.id);
    expect(lines.map((l) => [l.configuration_id, l.quantity]).sort()).toEqual(
      [
        [a.config.id, 2],
        [b.config.id, 2],
      ].sort(),
    );
    expect(await stockOf(a.config.id)).toBe(3);
  });

  it('a new viewer is recorded before the claim, which only reads them; a post giving several names leaves the last', async () => {
    const { seller, api, post, sessionId } = await liveSeller(30);
    const a = await simpleProduct(api, 10);
    const identityOf = async (who: string) =>
      (
        await db()
          .select()
          .from(socialIdentities)
          .where(and(eq(socialIdentities.seller_id, seller.id), eq(socialIdentities.external_user_id, who)))
      )[0];
    const named = (who: string, name: string | undefined) => ({
      ...comment(a.keyword, who),
      from: { id: who, name },
    });

    const anna = viewer();
    expect((await post([named(anna, 'Anna'), named(anna, 'Anna')])).statusCode).toBe(200);
    const recorded = await identityOf(anna);
    expect(recorded.name).toBe('Anna');
    // The claim wrote nothing to it: recorded under the name the claim reads.
    expect(recorded.updated_at).toEqual(recorded.created_at);
    await post([named(anna, 'Anna')]);
    expect(await identityOf(anna)).toEqual(recorded);

    const bea = viewer();
    await post([named(bea, 'Bea'), named(bea, undefined), named(bea, 'Bea L.')]);
    expect((await identityOf(bea)).name).toBe('Bea L.');

    const comments = await commentsOf(sessionId);
    const ids = { [recorded.id]: 'anna', [(await identityOf(bea)).id]: 'bea' };
    expect(comments.map((c) => [c.outcome, ids[c.social_identity_id ?? 0]]).sort()).toEqual(
      [...Array(3).fill(['cart', 'anna']), ...Array(3).fill(['cart', 'bea'])].sort(),
    );
  });

  it('a viewer whose identity is gone since their last post is written again by the claim', async () => {
    const { seller, api, post, sessionId } = await liveSeller(30);
    const a = await simpleProduct(api, 5);
    const who = viewer();
    await post([comment(a.keyword, who)]);
    // This process remembers the viewer as recorded; their identity is removed meanwhile.
    await db()
      .delete(socialIdentities)
      .where(and(eq(socialIdentities.seller_id, seller.id), eq(socialIdentities.external_user_id, who)));
    expect((await post([comment(a.keyword, who)])).statusCode).toBe(200);
    const [again] = await db()
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.seller_id, seller.id), eq(socialIdentities.external_user_id, who)));
    expect(again?.name).toBe(`Viewer ${who}`);
    const last = (await commentsOf(sessionId)).sort((x, y) => x.id - y.id).at(-1);
    expect([last?.outcome, last?.social_identity_id]).toEqual(['cart', again.id]);
    const cart = (await cartsOf(seller.id)).find((c) => c.social_identity_id === again.id);
    expect((await linesOf(seller.id)).filter((l) => l.order_id === cart?.id).map((l) => l.quantity)).toEqual([
      1,
    ]);
    expect(await stockOf(a.config.id)).toBe(3);
  });

  it('a burst from one viewer in concurrent calls fills one cart', async () => {
    const { seller, api, post } = await liveSeller();
    const { config, keyword } = await simpleProduct(api, 20);
    const who = viewer();
    const messages = Array.from({ length: 9 }, () => comment(keyword, who));
    const results = await Promise.all([0, 1, 2].map((k) => post(messages.slice(k * 3, k * 3 + 3))));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const carts = await cartsOf(seller.id);
    expect(carts).toHaveLength(1);
    expect(carts[0].subtotal_cents).toBe(9 * 2500);
    expect(await linesOf(seller.id)).toMatchObject([{ configuration_id: config.id, quantity: 9 }]);
    expect(await stockOf(config.id)).toBe(11);
  });

  it('the same comment sent twice makes one line', async () => {
    const { seller, api, post } = await liveSeller();
    const { config, keyword } = await simpleProduct(api, 5);
    const c = comment(keyword, viewer());
    expect((await post([c, c])).json()).toMatchObject({ stored: 1, duplicates: 1, ordered: 1 });
    expect((await post([c])).json()).toMatchObject({ stored: 0, duplicates: 1, ordered: 0 });
    expect(await linesOf(seller.id)).toMatchObject([{ quantity: 1 }]);
    expect(await stockOf(config.id)).toBe(4);
  });

  it('a session with a cart duration of 0 makes carts that never expire by timer', async () => {
    const { seller, api, post } = await liveSeller(0);
    const { keyword } = await simpleProduct(api, 5);
    await post([comment(keyword, viewer())]);
    const [cart] = await cartsOf(seller.id);
    expect(cart.status).toBe('new');
    expect(cart.expires_at).toBeNull();
  });

  it('a comment on a sold-out article joins the waiting list, reserves nothing and gets its own link', async () => {
    const { seller, api, post, sessionId } = await liveSeller();
    const { config, keyword } = await simpleProduct(api, 0);
    const who = viewer();
    expect((await post([comment(`${keyword} x2`, who)])).json()).toMatchObject({ ordered: 0, waiting: 1 });
    expect(await stockOf(config.id)).toBe(0);
    expect(await linesOf(seller.id)).toHaveLength(0);
    // An empty cart of their own, without countdown, where the article appears once released.
    const carts = await cartsOf(seller.id);
    expect(carts).toMatchObject([
      { status: 'new', expires_at: null, subtotal_cents: 0, session_id: sessionId },
    ]);
    expect(await waitingOf(seller.id)).toMatchObject([
      { configuration_id: config.id, status: 'waiting', quantity: 2, session_id: sessionId },
    ]);
    expect(await commentsOf(sessionId)).toMatchObject([{ outcome: 'waiting' }]);
    // No "new cart" notice for an empty cart; the seller's dashboard does not count it as pending.
    expect(await db().select().from(notifications).where(eq(notifications.user_id, seller.id))).toHaveLength(
      0,
    );
    expect((await api.get('/api/dashboard/fetch-items')).json().totals).toMatchObject({
      total_pending: 0,
      total_buyers: 0,
    });
    await rt.worker.drain();
    const [reply] = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(reply.text).toMatch(
      /^Liste d’attente : Foulard en soie \(Rouge\) ×2, plus en stock pour l’instant\./,
    );
    const token = orderAccessToken('test-secret-test-secret-test-secret-123', carts[0].order_number);
    expect(reply.text).toContain(
      `${ORIGIN}/checkout/${carts[0].order_number}?storeName=Test%20User&t=${token}`,
    );
    expect(reply.text).not.toMatch(/gardé/);
  });

  it('a request larger than the free stock reserves what is free and waits for the rest; nobody is told sold out while stock is free', async () => {
    const { seller, api, post, sessionId } = await liveSeller();
    const { config, keyword } = await simpleProduct(api, 6, `foulard${uniq()}`);
    const [a, b] = [viewer(), viewer()];
    const first = comment(`${keyword} x10`, a);
    expect((await post([first])).json()).toMatchObject({ ordered: 1, waiting: 0 });
    expect(await stockOf(config.id)).toBe(0);
    expect(await linesOf(seller.id)).toMatchObject([{ configuration_id: config.id, quantity: 6 }]);
    expect(await waitingOf(seller.id)).toMatchObject([
      { configuration_id: config.id, status: 'waiting', quantity: 4, comment_id: first.id },
    ]);
    expect(await commentsOf(sessionId)).toMatchObject([{ outcome: 'cart' }]);
    // The next viewer asks for 2 with none free: they wait behind a.
    expect((await post([comment(`${keyword} x2`, b)])).json()).toMatchObject({ ordered: 0, waiting: 1 });

    await rt.worker.drain();
    const replies = await db()
      .select()
      .from(privateReplies)
      .where(eq(privateReplies.session_id, sessionId))
      .orderBy(privateReplies.id);
    expect(replies[0].text).toMatch(
      /^Merci Viewer ! Réservé pour vous : Foulard en soie \(Rouge\) ×6\. Votre panier est gardé 30 min : http\S+ Liste d’attente : Foulard en soie \(Rouge\) ×4, plus en stock pour l’instant\./,
    );
    expect(replies[0].text).toMatch(/gardé 30 min/);
    expect(replies[1].text).toMatch(/^Liste d’attente : Foulard en soie \(Rouge\) ×2,/);

    // 3 units come back: a's rest is served first, in part; b is not overtaken.
    const set = (quantity: number) =>
      api.post('/api/order/update-config-qty', { productConfigurationId: config.id, quantity });
    expect((await set(3)).json()).toMatchObject({ item: { quantity: 0, served: 1 } });
    const lines = await linesOf(seller.id);
    expect(lines).toMatchObject([{ configuration_id: config.id, quantity: 9 }]);
    const rows = (await waitingOf(seller.id)).sort(
      (x, y) => x.comment_time.getTime() - y.comment_time.getTime() || x.id - y.id,
    );
    expect(rows.filter((w) => w.status === 'waiting').map((w) => w.quantity)).toEqual([1, 2]);
    // 5 more: a's last one, then b's 2, and 2 stay free with nobody waiting.
    expect((await set(5)).json()).toMatchObject({ item: { quantity: 2, served: 2 } });
    expect((await waitingOf(seller.id)).every((w) => w.status === 'served')).toBe(true);
    expect((await post([comment(`${keyword}`, viewer())])).json()).toMatchObject({ ordered: 1, waiting: 0 });
    expect(await stockOf(config.id)).toBe(1);
  });

  it('a configured product named without a variant asks which one and changes no stock', async () => {
    const { seller, api, post, sessionId } = await liveSeller();
    const keyword = `jupe${uniq()}`;
    const product = await createProduct(
      api,
      configuredBody([refs.color.red, refs.color.black], [refs.size['letters:M'], refs.size['letters:L']], {
        keywords: keyword,
        isPublish: true,
      }),
    );
    const configs = await db()
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.product_id, product.id));
    const stock = configs.map((c) => c.quantity);
    expect(
      (await post([comment(keyword, viewer()), comment('trop belle 😍', viewer())])).json(),
    ).toMatchObject({
      ordered: 0,
      waiting: 0,
    });
    const after = await db()
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.product_id, product.id));
    expect(after.map((c) => c.quantity)).toEqual(stock);
    expect(await cartsOf(seller.id)).toHaveLength(0);
    const rows = await commentsOf(sessionId);
    expect(rows.map((r) => r.outcome).sort()).toEqual(['chatbot', 'no_match']);
    expect(rows.find((r) => r.outcome === 'chatbot')?.outcome_reason).toMatch(/^ambiguous/);
    const listed = (await api.get(`/api/livesession/${sessionId}/comments`)).json().items;
    expect(listed.map((i: { outcome: string }) => i.outcome).sort()).toEqual(['ambiguous', 'no_match']);
    await rt.worker.drain();
    const replies = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(replies).toHaveLength(1);
    expect(replies[0].text).toMatch(/précisez/);
  });

  it('a burst of 30 viewers on 5 units reserves exactly 5 and queues 25', async () => {
    const { seller, api, post, sessionId } = await liveSeller();
    const { config, keyword } = await simpleProduct(api, 5);
    const messages = Array.from({ length: 30 }, (_, i) =>
      comment(`${keyword} ${i % 2 ? 'svp' : ''}`, viewer()),
    );
    const results = await Promise.all([0, 1, 2].map((k) => post(messages.slice(k * 10, k * 10 + 10))));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const sum = (key: string) => results.reduce((n, r) => n + r.json()[key], 0);
    expect(sum('ordered')).toBe(5);
    expect(sum('waiting')).toBe(25);
    expect(await stockOf(config.id)).toBe(0);
    const lines = await linesOf(seller.id);
    expect(lines).toHaveLength(5);
    expect(lines.every((l) => l.quantity === 1)).toBe(true);
    // Every viewer has a cart (its link is in their reply); 5 hold the article, 25 wait empty.
    const carts = await cartsOf(seller.id);
    expect(carts).toHaveLength(30);
    expect(carts.filter((c) => c.subtotal_cents > 0)).toHaveLength(5);
    expect(carts.filter((c) => c.expires_at === null)).toHaveLength(25);
    const waiting = await waitingOf(seller.id);
    expect(waiting).toHaveLength(25);
    expect(waiting.every((w) => w.status === 'waiting' && w.configuration_id === config.id)).toBe(true);
    const outcomes = (await commentsOf(sessionId)).map((c) => c.outcome);
    expect(outcomes.filter((o) => o === 'cart')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'waiting')).toHaveLength(25);
  });

  it('another seller’s session token cannot claim this seller’s products', async () => {
    const mine = await liveSeller();
    const { config, keyword } = await simpleProduct(mine.api, 5);
    const other = await liveSeller();
    const res = await other.post([comment(keyword, viewer())]);
    expect(res.json()).toMatchObject({ stored: 1, ordered: 0, waiting: 0 });
    expect(await stockOf(config.id)).toBe(5);
    expect(await cartsOf(mine.seller.id)).toHaveLength(0);
    expect(await cartsOf(other.seller.id)).toHaveLength(0);
    expect(await commentsOf(other.sessionId)).toMatchObject([{ outcome: 'no_match' }]);
    // Nor can this seller's token post to the other session.
    expect((await ingest(other.sessionId, mine.token, [comment(keyword, viewer())])).statusCode).toBe(401);
  });
});
