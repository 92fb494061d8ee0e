import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph.ts';
import { type FakeLiveGraph, fakeLiveGraph } from '../../../test/fakes/graph-live.ts';
import { startTestApp } from '../../../test/helpers.ts';
import { reads, simpleProduct } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, sellerApi, uniq } from '../../../test/product-fixtures.ts';
import { liveComments, liveSessionStores, stores } from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import type { Runtime } from '../../runtime.ts';
import { CommentPoller } from './poller.ts';

/*
 * Captured comments when several processes meet: pollers of two processes at once, and a webhook
 * read while the poller reads the same comments. A PostgreSQL server only (connections at once),
 * selected by vitest.config.ts when DATABASE_URL is set.
 */

const SECRET = 'test-secret-test-secret-test-secret-123';
const APP_SECRET = 'meta-app-secret';
let rt: Runtime;
let refs: Refs;
let graph: FakeGraph;
let live: FakeLiveGraph;
beforeAll(async () => {
  live = fakeLiveGraph();
  graph = await startFakeGraph({ routes: [live.route] });
  rt = await startTestApp({
    graph: { url: graph.url, version: 'v21.0' },
    facebookWebhooks: { appSecret: APP_SECRET, verifyToken: undefined },
  });
  refs = await loadRefs(rt);
});
afterAll(async () => {
  await rt.close();
  await graph.close();
});
afterEach(() => expect(graph.unexpected).toEqual([]));

const db = () => rt.deps.database.db;
const digits = () => `${Date.now()}${Math.floor(Math.random() * 1e9)}`.slice(0, 18);
let clock = Date.parse('2026-12-01T20:31:00Z');
const at = () => {
  clock += 1000;
  return clock;
};

/** A seller live on a page with a video, and a product with `stock`. */
async function liveOnPage(stock: number) {
  const { seller, api } = await sellerApi(rt);
  const pageId = digits();
  const video = `vid${digits()}`;
  await db()
    .insert(stores)
    .values({
      seller_id: seller.id,
      platform: 'facebook',
      external_id: pageId,
      name: 'Ma page',
      selected: true,
      access_token_encrypted: encryptSecret(SECRET, `EAA${uniq()}`),
    });
  live.pageLive(pageId, { id: video });
  const created = await api.post('/api/livesession', { event_date: '2026-12-01', event_time: '20:30' });
  const sessionId = created.json().item.id as number;
  expect((await api.get(`/api/livesession/start/${sessionId}`)).statusCode).toBe(200);
  const { keyword, config } = await simpleProduct(rt, refs, api, stock);
  return { seller, pageId, video, sessionId, keyword, config };
}

const dueNow = (sessionId: number) =>
  db()
    .update(liveSessionStores)
    .set({ next_poll_at: new Date(Date.now() - 1000) })
    .where(eq(liveSessionStores.session_id, sessionId));

it('pollers of two processes at once read each video once and store each comment once', async () => {
  const lives = await Promise.all([liveOnPage(10), liveOnPage(10), liveOnPage(10)]);
  for (const l of lives) {
    for (let i = 0; i < 5; i++) {
      live.write(l.video, {
        id: `${l.video}_${i}`,
        from: { id: `v${i}`, name: `Viewer ${i}` },
        message: l.keyword,
        created_time: new Date(at()).toISOString(),
      });
    }
    await dueNow(l.sessionId);
  }
  const pollers = [0, 1].map(() => new CommentPoller(rt.deps.database, rt.deps.config, rt.app.log));
  await Promise.all(pollers.map((p) => p.pollNow()));
  for (const l of lives) {
    expect(live.readsOf(l.video)).toHaveLength(1);
    expect(
      await db().select().from(liveComments).where(eq(liveComments.session_id, l.sessionId)),
    ).toHaveLength(5);
    expect(await reads(rt).stockOf(l.config.id)).toBe(5);
  }
});

it('a webhook read while the poller reads the same comments makes one cart line each', async () => {
  const l = await liveOnPage(3);
  const viewers = ['w1', 'w2', 'w3', 'w4'];
  const written = viewers.map((v) => ({
    id: `${l.video}_${uniq()}`,
    from: { id: v, name: `Viewer ${v}` },
    message: l.keyword,
    created_time: new Date(at()).toISOString(),
  }));
  live.write(l.video, ...written);
  const body = JSON.stringify({
    object: 'page',
    entry: [
      {
        id: l.pageId,
        time: 1,
        changes: written.map((c) => ({
          field: 'feed',
          value: {
            item: 'comment',
            verb: 'add',
            comment_id: c.id,
            post_id: `${l.pageId}_${l.video}`,
            from: c.from,
            message: c.message,
            created_time: Math.floor(Date.parse(c.created_time) / 1000),
          },
        })),
      },
    ],
  });
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/webhooks/facebook',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
    },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  await dueNow(l.sessionId);
  await Promise.all([rt.worker.drain(), rt.poller.pollNow()]);
  const comments = await db().select().from(liveComments).where(eq(liveComments.session_id, l.sessionId));
  expect(comments).toHaveLength(4);
  expect(comments.map((c) => c.outcome).sort()).toEqual(['cart', 'cart', 'cart', 'waiting']);
  expect(await reads(rt).stockOf(l.config.id)).toBe(0);
  for (const v of viewers.slice(0, 3)) {
    expect((await reads(rt).cartOfViewer(l.seller.id, v))?.lines).toMatchObject([{ quantity: 1 }]);
  }
});
