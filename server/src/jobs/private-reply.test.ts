import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, graphError, startFakeGraph } from '../../test/fakes/graph.ts';
import { startTestApp } from '../../test/helpers.ts';
import {
  type Api,
  createProduct,
  loadRefs,
  type Refs,
  sellerApi,
  simpleBody,
  uniq,
} from '../../test/product-fixtures.ts';
import {
  liveComments,
  orderItems,
  orders,
  outbox,
  privateReplies,
  productConfigurations,
  stores,
} from '../db/schema/index.ts';
import { encryptSecret } from '../lib/secrets.ts';
import type { Runtime } from '../runtime.ts';
import { outboxHandlers } from './handlers.ts';
import { LEASE_MS, MAX_ATTEMPTS, OutboxWorker } from './outbox.ts';

/*
 * Private replies of a live on a Facebook page, end to end: a comment through the ingest route,
 * the outbox drained, and a local fake of the Graph API that sees (and answers) the Send API call.
 */

const SECRET = 'test-secret-test-secret-test-secret-123';
let rt: Runtime;
let refs: Refs;
let graph: FakeGraph;
beforeAll(async () => {
  // A session that starts reads its page's live videos: none here.
  graph = await startFakeGraph({
    routes: [(req) => (req.path.endsWith('/live_videos') ? { status: 200, body: { data: [] } } : undefined)],
  });
  rt = await startTestApp({ graph: { url: graph.url, version: 'v21.0' } });
  refs = await loadRefs(rt);
});
afterAll(async () => {
  await rt.close();
  await graph.close();
});
afterEach(() => expect(graph.unexpected).toEqual([]));

const db = () => rt.deps.database.db;

/** A seller whose selected store is a page on `platform` with an encrypted page token, live now. */
async function liveOnPage(opts: { platform?: 'facebook' | 'instagram'; token?: string | null } = {}) {
  const { seller, api } = await sellerApi(rt);
  const pageId = `${Date.now()}${uniq().replace(/\D/g, '')}`.slice(0, 20);
  const pageToken = `EAAPAGE${uniq()}`;
  const [store] = await db()
    .insert(stores)
    .values({
      seller_id: seller.id,
      platform: opts.platform ?? 'facebook',
      external_id: pageId,
      name: 'Ma boutique',
      selected: true,
      access_token_encrypted: opts.token === null ? null : encryptSecret(SECRET, opts.token ?? pageToken),
    })
    .returning();
  const created = await api.post('/api/livesession', {
    event_date: '2026-12-01',
    event_time: '20:30',
    order_timer: 30,
  });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = created.json().item.id as number;
  expect(created.json().item.store_id).toBe(store.id);
  expect((await api.get(`/api/livesession/start/${sessionId}`)).statusCode).toBe(200);
  const ingest = (await api.get(`/api/livesession/${sessionId}`)).json().item.ingest_token as string;
  const post = (messages: unknown[]) =>
    rt.app.inject({
      method: 'POST',
      url: `/api/add-live-messages?sessionId=${sessionId}`,
      headers: { 'x-ingest-token': ingest },
      payload: { messages },
    });
  return { seller, api, store, pageId, pageToken, sessionId, post };
}

let clock = Date.parse('2026-12-01T20:31:00Z');
function comment(message: string, id = `${uniq()}_${uniq()}`) {
  clock += 1000;
  const from = `fb-${uniq()}`;
  return {
    id,
    from: { id: from, name: `Viewer ${from}` },
    message,
    created_time: new Date(clock).toISOString(),
  };
}

async function product(api: Api, stock = 5) {
  const keyword = `robe${uniq()}`;
  const created = await createProduct(
    api,
    simpleBody(refs, { keywords: keyword, isPublish: true, quantity: stock, price: 25 }),
  );
  const [config] = await db()
    .select()
    .from(productConfigurations)
    .where(eq(productConfigurations.product_id, created.id));
  return { keyword, config };
}

const repliesOf = (sessionId: number) =>
  db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
/** The reply recorded for the comment with this platform id. */
const replyTo = async (commentId: string) =>
  (
    await db()
      .select({ status: privateReplies.status, error: privateReplies.error })
      .from(privateReplies)
      .innerJoin(liveComments, eq(liveComments.id, privateReplies.live_comment_id))
      .where(eq(liveComments.external_id, commentId))
  )[0];
const storeRow = async (id: number) => (await db().select().from(stores).where(eq(stores.id, id)))[0];
const outboxOf = async (commentId: string) =>
  (
    await db()
      .select()
      .from(outbox)
      .where(like(outbox.dedupe_key, `reply:%:${commentId}`))
  )[0];
/** Makes a retried row due now, as its backoff running out would. */
const dueNow = (id: number) =>
  db()
    .update(outbox)
    .set({ run_at: new Date(Date.now() - 1000) })
    .where(eq(outbox.id, id));

describe('private replies on a Facebook page', () => {
  it('a keyword comment gets its reply through the Graph API as the page, recorded sent', async () => {
    const { seller, api, pageId, pageToken, sessionId, post } = await liveOnPage();
    const { keyword } = await product(api);
    const c = comment(`${keyword} x2`);
    expect((await post([c])).json()).toMatchObject({ ordered: 1 });
    await rt.worker.drain();

    const [cart] = await db().select().from(orders).where(eq(orders.seller_id, seller.id));
    const [reply] = await repliesOf(sessionId);
    expect(reply).toMatchObject({ status: 'sent', error: null });
    expect(reply.text).toContain(`/checkout/${cart.order_number}`);
    const calls = graph.to(pageId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: `/v21.0/${pageId}/messages`,
      query: { access_token: pageToken },
      body: { recipient: { comment_id: c.id }, message: { text: reply.text }, messaging_type: 'RESPONSE' },
    });
    const listed = (await api.get(`/api/livesession/${sessionId}/comments`)).json().items;
    expect(listed[0].reply).toMatchObject({ status: 'sent', text: reply.text });
  });

  it('a privacy refusal is recorded failed with its reason and the reservation stands', async () => {
    const { seller, api, pageId, sessionId, post } = await liveOnPage();
    const { keyword, config } = await product(api, 5);
    graph.answer(pageId, graphError(400, 551, 'This person isn’t available right now.'));
    await post([comment(keyword)]);
    await rt.worker.drain();

    const [reply] = await repliesOf(sessionId);
    expect(reply.status).toBe('failed');
    expect(reply.error).toMatch(/not available on Messenger.*551/);
    expect(graph.to(pageId)).toHaveLength(1);
    const [cart] = await db().select().from(orders).where(eq(orders.seller_id, seller.id));
    expect(cart.status).toBe('new');
    expect(await db().select().from(orderItems).where(eq(orderItems.order_id, cart.id))).toMatchObject([
      { configuration_id: config.id, quantity: 1 },
    ]);
    const [stock] = await db()
      .select()
      .from(productConfigurations)
      .where(eq(productConfigurations.id, config.id));
    expect(stock.quantity).toBe(4);
    const listed = (await api.get(`/api/livesession/${sessionId}/comments`)).json().items;
    expect(listed[0].reply).toMatchObject({ status: 'failed' });
  });

  it('an expired token marks the store, the Live Selling list asks to resynchronise, later replies wait for it', async () => {
    const { api, store, pageId, sessionId, post } = await liveOnPage();
    const { keyword } = await product(api, 5);
    graph.answer(
      pageId,
      graphError(400, 190, 'Error validating access token: Session has expired on Sunday.', {
        error_subcode: 463,
      }),
    );
    await post([comment(keyword)]);
    await rt.worker.drain();

    const [reply] = await repliesOf(sessionId);
    expect(reply.status).toBe('failed');
    expect(reply.error).toMatch(/token has expired; resynchronise/);
    expect((await storeRow(store.id)).token_error).toBe('expired');
    expect((await api.get('/api/livesession/fetch-items')).json().longTokenError).toBe('expired');

    await post([comment(keyword)]);
    await rt.worker.drain();
    const replies = await repliesOf(sessionId);
    expect(replies).toHaveLength(2);
    expect(replies.every((r) => r.status === 'failed')).toBe(true);
    expect(graph.to(pageId)).toHaveLength(1);
  });

  it('a token the server cannot decrypt marks the store invalid without calling Facebook', async () => {
    const { api, store, pageId, sessionId, post } = await liveOnPage();
    await db()
      .update(stores)
      .set({ access_token_encrypted: encryptSecret('some-other-server-secret-of-32-chars!', 'EAA') })
      .where(eq(stores.id, store.id));
    const { keyword } = await product(api, 5);
    await post([comment(keyword)]);
    await rt.worker.drain();
    expect((await repliesOf(sessionId))[0]).toMatchObject({ status: 'failed' });
    expect((await storeRow(store.id)).token_error).toBe('invalid');
    expect(graph.to(pageId)).toHaveLength(0);
  });

  it('a rate limit then a 500 are retried by the outbox, then the reply is sent once', async () => {
    const { api, pageId, sessionId, post } = await liveOnPage();
    const { keyword } = await product(api, 5);
    graph.answer(pageId, graphError(400, 613, 'Calls to this api have exceeded the rate limit.'), {
      status: 500,
      body: { error: { message: 'An unknown error occurred', code: 1, is_transient: true } },
    });
    const c = comment(keyword);
    await post([c]);

    await rt.worker.drain();
    let row = await outboxOf(c.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/rate limit/);
    expect(row.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(await repliesOf(sessionId)).toHaveLength(0);

    await dueNow(row.id);
    await rt.worker.drain();
    row = await outboxOf(c.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await repliesOf(sessionId)).toHaveLength(0);

    await dueNow(row.id);
    await rt.worker.drain();
    expect(await outboxOf(c.id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(await repliesOf(sessionId)).toMatchObject([{ status: 'sent' }]);
    const calls = graph.to(pageId);
    expect(calls).toHaveLength(3);
    expect(calls.every((r) => r.body.recipient?.comment_id === c.id)).toBe(true);
  });

  it('“already replied” on a retry counts as sent (the lost attempt got through), on a first try as failed', async () => {
    const { api, pageId, post } = await liveOnPage();
    const { keyword } = await product(api, 5);
    const already = graphError(400, 10900, 'Activity already replied to');
    graph.answer(pageId, { status: 502, body: {} }, already, already);
    const retried = comment(keyword);
    await post([retried]);
    await rt.worker.drain();
    await dueNow((await outboxOf(retried.id)).id);
    await rt.worker.drain();
    const first = comment(keyword);
    await post([first]);
    await rt.worker.drain();

    expect(await replyTo(retried.id)).toMatchObject({ status: 'sent', error: null });
    expect(await replyTo(first.id)).toMatchObject({ status: 'failed' });
    expect((await replyTo(first.id)).error).toMatch(/already received a private reply/);
    expect(graph.to(pageId)).toHaveLength(3);
  });

  it('an outage lasting to the last attempt records the reply failed instead of leaving it unanswered', async () => {
    const { api, pageId, sessionId, post } = await liveOnPage();
    const { keyword } = await product(api, 5);
    const c = comment(keyword);
    await post([c]);
    const row = await outboxOf(c.id);
    await db()
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, row.id));
    graph.answer(pageId, { status: 503, body: {} });
    await rt.worker.drain();
    expect(await outboxOf(c.id)).toMatchObject({ status: 'done', attempts: MAX_ATTEMPTS });
    const [reply] = await repliesOf(sessionId);
    expect(reply.status).toBe('failed');
    expect(reply.error).toMatch(new RegExp(`Not sent after ${MAX_ATTEMPTS} attempts.*HTTP 503`));
  });

  it('a session on a store without a page token keeps its reply in the sandbox', async () => {
    for (const opts of [{ token: null }]) {
      const { api, pageId, sessionId, post } = await liveOnPage(opts);
      const { keyword } = await product(api, 5);
      await post([comment(keyword)]);
      await rt.worker.drain();
      expect(await repliesOf(sessionId)).toMatchObject([{ status: 'sent' }]);
      expect(graph.to(pageId)).toHaveLength(0);
    }
  });
});

describe('trust #4: a private reply is neither held two minutes nor sent twice by a worker that died', () => {
  /** A second worker of the app (another process), with a short lease. */
  const otherWorker = (leaseMs?: number) =>
    new OutboxWorker(rt.deps.database, outboxHandlers(rt.deps), rt.app.log, { leaseMs });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /**
   * The app's worker trying the row every 20 ms until it takes it (polling keeps the workers of
   * other test files sharing the database from taking it first); answers how long it took.
   */
  const retake = async (id: number) => {
    const start = Date.now();
    while ((await rt.worker.runOnce(50, [id])) === 0) {
      if (Date.now() - start > 5_000) throw new Error('never taken again');
      await sleep(20);
    }
    return Date.now() - start;
  };

  it('a reply sent by a worker killed before recording it is taken again within its lease and not sent again', async () => {
    const { api, pageId, post } = await liveOnPage();
    const { keyword } = await product(api);
    const c = comment(keyword);
    await post([c]);
    const killed = otherWorker(300);
    const [row] = await killed.claim(50, [(await outboxOf(c.id)).id]);
    expect(row).toMatchObject({ uncertain: false, attempts: 1 });
    // It sends the reply, and dies before recording it.
    await killed.perform(row);
    expect(graph.to(pageId)).toHaveLength(1);

    // Its lease holds the row a moment: no one else takes it yet…
    expect(await rt.worker.runOnce(50, [row.id])).toBe(0);
    // …then the next worker takes it, asks Facebook before sending, and records it sent.
    expect(await retake(row.id)).toBeLessThan(1_000);
    expect(await replyTo(c.id)).toMatchObject({ status: 'sent', error: null });
    expect(await outboxOf(c.id)).toMatchObject({ status: 'done', attempts: 2, locked_until: null });
    expect(graph.to(pageId)).toHaveLength(1);
    expect(graph.readsOf(c.id)).toHaveLength(1);
    expect(graph.resent.get(c.id)).toBeUndefined();
  });

  it('a reply whose check with the platform failed stays uncertain: checked again, not sent blind', async () => {
    const { api, pageId, post } = await liveOnPage();
    const { keyword } = await product(api);
    const c = comment(keyword);
    await post([c]);
    const { id } = await outboxOf(c.id);
    const killed = otherWorker(300);
    const [row] = await killed.claim(50, [id]);
    await killed.perform(row);
    graph.answerRead(c.id, graphError(400, 613, 'Calls to this api have exceeded the rate limit.'));
    await retake(id);
    expect(await outboxOf(c.id)).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await replyTo(c.id)).toBeUndefined();

    await dueNow(id);
    await rt.worker.drain();
    expect(await replyTo(c.id)).toMatchObject({ status: 'sent' });
    expect(graph.readsOf(c.id)).toHaveLength(2);
    expect(graph.to(pageId)).toHaveLength(1);
  });

  it('a reply a killed worker claimed but never sent is sent once the platform says the comment is not answered', async () => {
    const { api, pageId, pageToken, post } = await liveOnPage();
    const { keyword } = await product(api);
    const c = comment(keyword);
    await post([c]);
    const { id } = await outboxOf(c.id);
    expect(await otherWorker(300).claim(50, [id])).toHaveLength(1);
    await retake(id);
    expect(await replyTo(c.id)).toMatchObject({ status: 'sent' });
    expect(graph.readsOf(c.id)).toMatchObject([
      { query: { fields: 'can_reply_privately', access_token: pageToken } },
    ]);
    expect(graph.to(pageId)).toHaveLength(1);
    // A reply whose earlier attempt settled is sent without asking.
    const next = comment(keyword);
    await post([next]);
    await rt.worker.drain();
    expect(graph.readsOf(next.id)).toHaveLength(0);
    expect(graph.to(pageId)).toHaveLength(2);
  });

  it('a worker still sending renews its lease, so no other worker takes its rows', async () => {
    const { api, pageId, post } = await liveOnPage();
    const { keyword } = await product(api);
    const c = comment(keyword);
    await post([c]);
    graph.answer(pageId, {
      status: 200,
      body: { recipient_id: 'psid-slow', message_id: 'm_slow' },
      delayMs: 1200,
    });
    const { id } = await outboxOf(c.id);
    const slow = otherWorker(300).runOnce(50, [id]);
    await sleep(800);
    expect(await rt.worker.runOnce(50, [id])).toBe(0);
    expect(await slow).toBe(1);
    expect(await replyTo(c.id)).toMatchObject({ status: 'sent' });
    expect(await outboxOf(c.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(graph.to(pageId)).toHaveLength(1);
  });

  it('a claim holds rows for seconds, not minutes', async () => {
    const { api, post } = await liveOnPage();
    const { keyword } = await product(api);
    const c = comment(keyword);
    await post([c]);
    const before = Date.now();
    await otherWorker().claim(50, [(await outboxOf(c.id)).id]);
    const { locked_until } = await outboxOf(c.id);
    expect(locked_until?.getTime()).toBeLessThanOrEqual(before + LEASE_MS + 1000);
    expect(LEASE_MS).toBeLessThanOrEqual(10_000);
    // Released as its lease would run out: the reply goes once.
    await db()
      .update(outbox)
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where(like(outbox.dedupe_key, `reply:%:${c.id}`));
    await rt.worker.drain();
    expect(await replyTo(c.id)).toMatchObject({ status: 'sent' });
  });
});
