import { createHmac } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { liveComments, liveSessionStores, outbox, stores } from '../src/db/schema/index.ts';
import { encryptSecret } from '../src/lib/secrets.ts';
import type { Runtime } from '../src/runtime.ts';
import { type FakeGraph, startFakeGraph } from './fakes/graph.ts';
import { type FakeLiveGraph, fakeLiveGraph } from './fakes/graph-live.ts';
import { startTestApp } from './helpers.ts';
import { loadRefs, type Refs, sellerApi, uniq } from './product-fixtures.ts';

/*
 * Helpers of the tests of comments captured from Facebook and Instagram themselves: an app whose
 * Graph API is a local fake with the lives' routes (`graph-live.ts`), Meta's webhook signed as
 * Meta signs it, and sellers live on a page (and its Instagram account).
 */

export const SECRET = 'test-secret-test-secret-test-secret-123';
export const APP_SECRET = 'meta-app-secret';
export const VERIFY = 'verify-me-please';

/**
 * Starts the app and the fake Graph API for the test file (and checks after each test that the
 * fake was asked nothing unexpected); `rt`, `refs`, `graph` and `live` are set once it runs.
 */
export function captureTestApp() {
  const cap = {
    rt: undefined as unknown as Runtime,
    refs: undefined as unknown as Refs,
    graph: undefined as unknown as FakeGraph,
    live: undefined as unknown as FakeLiveGraph,
  };
  beforeAll(async () => {
    cap.live = fakeLiveGraph({ pageSize: 2 });
    cap.graph = await startFakeGraph({ routes: [cap.live.route] });
    cap.rt = await startTestApp({
      graph: { url: cap.graph.url, version: 'v21.0' },
      facebookWebhooks: { appSecret: APP_SECRET, verifyToken: VERIFY },
    });
    cap.refs = await loadRefs(cap.rt);
  });
  afterAll(async () => {
    await cap.rt.close();
    await cap.graph.close();
  });
  afterEach(() => expect(cap.graph.unexpected).toEqual([]));

  const db = () => cap.rt.deps.database.db;
  const digits = () =>
    `${Date.now()}${uniq().replace(/\D/g, '')}${Math.floor(Math.random() * 1e6)}`.slice(0, 18);

  /**
   * A seller with a Facebook page (page token stored encrypted) and, with `instagram`, the page's
   * Instagram account (no token of its own: it uses the page's), a session fed by both, started.
   * `video`: the page is live with this video when the session starts.
   */
  async function seller(opts: { instagram?: boolean; video?: string | null; media?: string } = {}) {
    const { seller, api } = await sellerApi(cap.rt);
    const pageId = digits();
    const pageToken = `EAAPAGE${uniq()}`;
    const [page] = await db()
      .insert(stores)
      .values({
        seller_id: seller.id,
        platform: 'facebook',
        external_id: pageId,
        name: 'Ma page',
        selected: true,
        access_token_encrypted: encryptSecret(SECRET, pageToken),
      })
      .returning();
    const video = opts.video === undefined ? `vid${digits()}` : opts.video;
    if (video) cap.live.pageLive(pageId, { id: video, title: 'Live du soir' });
    else cap.live.pageLive(pageId);
    let ig: typeof page | undefined;
    const igUserId = digits();
    if (opts.instagram) {
      [ig] = await db()
        .insert(stores)
        .values({
          seller_id: seller.id,
          platform: 'instagram',
          external_id: igUserId,
          page_id: pageId,
          name: '@ma.boutique',
        })
        .returning();
      if (opts.media) cap.live.accountLive(igUserId, { id: opts.media });
      else cap.live.accountLive(igUserId);
    }
    const created = await api.post('/api/livesession', {
      event_date: '2026-12-01',
      event_time: '20:30',
      order_timer: 30,
      ...(ig && { store_ids: [ig.id] }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const sessionId = created.json().item.id as number;
    expect((await api.get(`/api/livesession/start/${sessionId}`)).statusCode).toBe(200);
    return { seller, api, page, pageId, pageToken, ig, igUserId, video, sessionId };
  }

  /** Meta's signature of a body. */
  const sign = (raw: Buffer | string, secret = APP_SECRET) =>
    `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

  /** POSTs a body to the webhook, signed unless told otherwise. */
  function webhook(body: unknown, opts: { signature?: string | null; raw?: Buffer | string } = {}) {
    const raw = opts.raw ?? JSON.stringify(body);
    const signature = opts.signature === undefined ? sign(raw) : opts.signature;
    return cap.rt.app.inject({
      method: 'POST',
      url: '/api/webhooks/facebook',
      headers: {
        'content-type': 'application/json',
        ...(signature !== null && { 'x-hub-signature-256': signature }),
      },
      payload: raw,
    });
  }

  let clock = Date.parse('2026-12-01T20:31:00Z');
  const at = () => {
    clock += 1000;
    return clock;
  };

  /** A page `feed` change: a comment added on a post (the live video). */
  function feedComment(
    pageId: string,
    videoId: string,
    c: { id?: string; from: string; message: string; time?: number },
  ) {
    return {
      object: 'page',
      entry: [
        {
          id: pageId,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'feed',
              value: {
                item: 'comment',
                verb: 'add',
                comment_id: c.id ?? `${videoId}_${uniq()}`,
                post_id: `${pageId}_${videoId}`,
                from: { id: c.from, name: `Viewer ${c.from}` },
                message: c.message,
                created_time: Math.floor((c.time ?? at()) / 1000),
              },
            },
          ],
        },
      ],
    };
  }

  const commentsOf = (sessionId: number) =>
    db().select().from(liveComments).where(eq(liveComments.session_id, sessionId)).orderBy(liveComments.id);
  const sourceOf = async (sessionId: number, storeId: number) =>
    (
      await db()
        .select()
        .from(liveSessionStores)
        .where(and(eq(liveSessionStores.session_id, sessionId), eq(liveSessionStores.store_id, storeId)))
    )[0];
  /** Makes a video due for polling now. */
  const dueNow = (sessionId: number) =>
    db()
      .update(liveSessionStores)
      .set({ next_poll_at: new Date(Date.now() - 1000) })
      .where(eq(liveSessionStores.session_id, sessionId));
  const webhookRows = async () =>
    (await db().select().from(outbox).where(like(outbox.dedupe_key, 'webhook:facebook:%'))).length;

  return {
    ...{ db, digits, seller, sign, webhook, at, feedComment, commentsOf, sourceOf, dueNow, webhookRows },
    get rt() {
      return cap.rt;
    },
    get refs() {
      return cap.refs;
    },
    get graph() {
      return cap.graph;
    },
    get live() {
      return cap.live;
    },
  };
}
