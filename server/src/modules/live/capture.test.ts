import { createHmac } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, graphError, startFakeGraph } from '../../../test/fakes/graph.ts';
import { type FakeLiveGraph, fakeLiveGraph } from '../../../test/fakes/graph-live.ts';
import { startTestApp } from '../../../test/helpers.ts';
import { reads, simpleProduct } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, sellerApi, uniq } from '../../../test/product-fixtures.ts';
import {
  liveComments,
  liveSessionStores,
  outbox,
  privateReplies,
  socialIdentities,
  stores,
} from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Comments captured from Facebook and Instagram themselves: Meta's webhooks and the polling
 * backstop, both against a local fake of the Graph API, into the same live engine as the capture
 * tool's comments.
 */

const SECRET = 'test-secret-test-secret-test-secret-123';
const APP_SECRET = 'meta-app-secret';
const VERIFY = 'verify-me-please';
let rt: Runtime;
let refs: Refs;
let graph: FakeGraph;
let live: FakeLiveGraph;
beforeAll(async () => {
  live = fakeLiveGraph({ pageSize: 2 });
  graph = await startFakeGraph({ routes: [live.route] });
  rt = await startTestApp({
    graph: { url: graph.url, version: 'v21.0' },
    facebookWebhooks: { appSecret: APP_SECRET, verifyToken: VERIFY },
  });
  refs = await loadRefs(rt);
});
afterAll(async () => {
  await rt.close();
  await graph.close();
});
afterEach(() => expect(graph.unexpected).toEqual([]));

const db = () => rt.deps.database.db;
const digits = () =>
  `${Date.now()}${uniq().replace(/\D/g, '')}${Math.floor(Math.random() * 1e6)}`.slice(0, 18);

/**
 * A seller with a Facebook page (page token stored encrypted) and, with `instagram`, the page's
 * Instagram account (no token of its own: it uses the page's), a session fed by both, started.
 * `video`: the page is live with this video when the session starts.
 */
async function seller(opts: { instagram?: boolean; video?: string | null; media?: string } = {}) {
  const { seller, api } = await sellerApi(rt);
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
  if (video) live.pageLive(pageId, { id: video, title: 'Live du soir' });
  else live.pageLive(pageId);
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
    if (opts.media) live.accountLive(igUserId, { id: opts.media });
    else live.accountLive(igUserId);
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
  return rt.app.inject({
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

describe('the webhook subscription handshake', () => {
  it('answers the challenge as text to the right verify token, 403 otherwise', async () => {
    const ok = await rt.app.inject({
      method: 'GET',
      url: `/api/webhooks/facebook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      'hub.challenge=1',
    ]) {
      const res = await rt.app.inject({ method: 'GET', url: `/api/webhooks/facebook?${query}` });
      expect(res.statusCode, query).toBe(403);
    }
  });
});

describe('webhook signatures', () => {
  it('an unsigned, badly signed or otherwise signed body answers 401 and changes nothing; a well-signed one is queued', async () => {
    const { pageId, video, sessionId } = await seller();
    const body = feedComment(pageId, video as string, { from: 'fb-sig', message: 'hello' });
    const raw = JSON.stringify(body);
    const before = await webhookRows();
    for (const signature of [
      null,
      'sha256=deadbeef',
      sign(raw, 'another-secret'),
      sign(`${raw} `),
      'md5=abc',
    ]) {
      const res = await webhook(body, { signature, raw });
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json().error).toBe('webhook_signature_invalid');
    }
    expect(await webhookRows()).toBe(before);
    await rt.worker.drain();
    expect(await commentsOf(sessionId)).toHaveLength(0);

    const ok = await webhook(body, { raw });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, queued: true });
    expect(await webhookRows()).toBe(before + 1);
    // Meta delivering the same body again is queued once.
    expect((await webhook(body, { raw })).statusCode).toBe(200);
    expect(await webhookRows()).toBe(before + 1);
    await rt.worker.drain();
    expect(await commentsOf(sessionId)).toMatchObject([{ message: 'hello', platform: 'facebook' }]);
  });

  it('without an app secret configured every body answers 401', async () => {
    const other = await startTestApp({ graph: { url: graph.url, version: 'v21.0' } });
    try {
      const raw = JSON.stringify({ object: 'page', entry: [] });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/webhooks/facebook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
        payload: raw,
      });
      expect(res.statusCode).toBe(401);
      const hello = await other.app.inject({
        method: 'GET',
        url: `/api/webhooks/facebook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      });
      expect(hello.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('comments from Facebook enter the live engine', () => {
  it('a session started while its page is live takes the video, and its comments make carts', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    expect(live.videoReads.at(-1)?.query).toMatchObject({ broadcast_status: '["LIVE"]' });
    expect(await sourceOf(sessionId, page.id)).toMatchObject({ video_id: video, video_status: 'live' });
    const detail = (await api.get(`/api/livesession/${sessionId}`)).json().item;
    expect(detail.sources).toMatchObject([{ store_id: page.id, platform: 'facebook', video_id: video }]);
    const { keyword, config } = await simpleProduct(rt, refs, api, 5);
    const { pageId } = { pageId: page.external_id };
    await webhook(feedComment(pageId, video as string, { from: 'fb-1', message: `${keyword} x1` }));
    await rt.worker.drain();
    expect(await reads(rt).stockOf(config.id)).toBe(4);
    expect(await reads(rt).cartOfViewer(s.id, 'fb-1')).toMatchObject({ lines: [{ quantity: 1 }] });
  });

  it('the same comment by webhook and by polling makes one cart line', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    const { keyword, config } = await simpleProduct(rt, refs, api, 5);
    const time = at();
    const id = `${video}_${uniq()}`;
    await webhook(
      feedComment(page.external_id, video as string, { id, from: 'fb-2', message: keyword, time }),
    );
    await rt.worker.drain();
    live.write(video as string, {
      id,
      from: { id: 'fb-2', name: 'Viewer fb-2' },
      message: keyword,
      created_time: new Date(time).toISOString(),
    });
    await dueNow(sessionId);
    await rt.poller.pollNow();
    expect(live.readsOf(video as string)).toHaveLength(1);
    expect(await commentsOf(sessionId)).toHaveLength(1);
    expect(await reads(rt).stockOf(config.id)).toBe(4);
    expect((await reads(rt).cartOfViewer(s.id, 'fb-2'))?.lines).toHaveLength(1);
  });

  it('polling brings the comments whose webhook never came, and reads on from its cursor', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    const { keyword } = await simpleProduct(rt, refs, api, 10);
    const write = (from: string) =>
      live.write(video as string, {
        id: `${video}_${uniq()}`,
        from: { id: from, name: `Viewer ${from}` },
        message: keyword,
        created_time: new Date(at()).toISOString(),
      });
    write('fb-a');
    write('fb-b');
    write('fb-c');
    // the page answering on its own live orders nothing
    write(page.external_id);
    await dueNow(sessionId);
    await rt.poller.pollNow();
    // Two pages of two: the second asked from the first's cursor.
    const first = live.readsOf(video as string);
    expect(first).toHaveLength(2);
    expect(first[0].query).toMatchObject({
      order: 'chronological',
      filter: 'stream',
      live_filter: 'no_filter',
      fields: 'id,from{id,name},message,created_time',
    });
    expect(first[0].query.after).toBeUndefined();
    expect(first[1].query.after).toBeTruthy();
    for (const v of ['fb-a', 'fb-b', 'fb-c']) expect(await reads(rt).cartOfViewer(s.id, v)).not.toBeNull();
    const row = await db()
      .select()
      .from(liveSessionStores)
      .where(eq(liveSessionStores.session_id, sessionId));
    expect(row[0].comments_cursor).toBeTruthy();
    expect(row[0].next_poll_at?.getTime()).toBeGreaterThan(Date.now());

    write('fb-d');
    await dueNow(sessionId);
    await rt.poller.pollNow();
    const again = live.readsOf(video as string).slice(2);
    expect(again[0].query.after).toBe(row[0].comments_cursor);
    expect(await commentsOf(sessionId)).toHaveLength(4);
    expect(await reads(rt).cartOfViewer(s.id, 'fb-d')).not.toBeNull();
  });

  for (const [name, answer] of [
    ['code 4', graphError(400, 4, 'Application request limit reached')],
    ['code 17', graphError(400, 17, 'User request limit reached')],
    ['code 32', graphError(400, 32, 'Page request limit reached')],
    ['code 613', graphError(400, 613, 'Calls to this api have exceeded the rate limit')],
    ['HTTP 429', { status: 429, body: {} }],
  ] as const) {
    it(`a rate limit (${name}) backs off longer each time, then polling recovers`, async () => {
      const { video, page, sessionId } = await seller();
      live.fail(video as string, answer, answer);
      await dueNow(sessionId);
      const before = Date.now();
      await rt.poller.pollNow();
      const once = await sourceOf(sessionId, page.id);
      expect(once).toMatchObject({ poll_failures: 1 });
      expect(once.poll_error).toMatch(/rate limit|temporarily/);
      expect(once.next_poll_at?.getTime()).toBeGreaterThanOrEqual(before + 5_000);
      await dueNow(sessionId);
      await rt.poller.pollNow();
      const twice = await sourceOf(sessionId, page.id);
      expect(twice.poll_failures).toBe(2);
      expect(twice.next_poll_at?.getTime()).toBeGreaterThanOrEqual(Date.now() + 10_000);
      await dueNow(sessionId);
      await rt.poller.pollNow();
      expect(await sourceOf(sessionId, page.id)).toMatchObject({ poll_failures: 0, poll_error: null });
    });
  }

  it('a rejected token marks the store and stops polling its video', async () => {
    const { video, page, sessionId } = await seller();
    live.fail(video as string, graphError(400, 190, 'Session has expired', { error_subcode: 463 }));
    await dueNow(sessionId);
    await rt.poller.pollNow();
    expect((await db().select().from(stores).where(eq(stores.id, page.id)))[0].token_error).toBe('expired');
    const reads = live.readsOf(video as string).length;
    await dueNow(sessionId);
    await rt.poller.pollNow();
    expect(live.readsOf(video as string)).toHaveLength(reads);
  });

  it('a live_videos webhook ties a starting broadcast to the live session without a video, and ends it', async () => {
    const { page, sessionId } = await seller({ video: null });
    expect(await sourceOf(sessionId, page.id)).toMatchObject({ video_id: null });
    const videoId = `vid${digits()}`;
    const change = (status: string) => ({
      object: 'page',
      entry: [
        {
          id: page.external_id,
          time: 1,
          changes: [{ field: 'live_videos', value: { id: videoId, status } }],
        },
      ],
    });
    await webhook(change('LIVE'));
    await rt.worker.drain();
    expect(await sourceOf(sessionId, page.id)).toMatchObject({ video_id: videoId, video_status: 'live' });
    await webhook(change('LIVE_STOPPED'));
    await rt.worker.drain();
    expect(await sourceOf(sessionId, page.id)).toMatchObject({ video_id: videoId, video_status: 'ended' });
  });
});

describe('a page and its Instagram account feeding one session', () => {
  it('merges both in comment time order and keeps one cart per platform identity', async () => {
    const media = `ig${digits()}`;
    const { seller: s, api, ig, video, sessionId } = await seller({ instagram: true, media });
    expect(await sourceOf(sessionId, ig?.id as number)).toMatchObject({ video_id: media });
    const { keyword, config } = await simpleProduct(rt, refs, api, 1);
    const same = `u${digits()}`;
    const igTime = at();
    const fbTime = at();
    // Read in the other order: the Facebook comment (later) comes first.
    live.write(video as string, {
      id: `${video}_${uniq()}`,
      from: { id: same, name: 'Camille' },
      message: keyword,
      created_time: new Date(fbTime).toISOString(),
    });
    live.write(media, {
      id: `ig_${uniq()}`,
      from: { id: same, username: 'camille' },
      message: keyword,
      created_time: new Date(igTime).toISOString(),
    });
    await dueNow(sessionId);
    await rt.poller.pollNow();
    expect(live.readsOf(media)[0].query).toMatchObject({ fields: 'id,text,timestamp,from{id,username}' });
    const comments = await commentsOf(sessionId);
    expect(comments.map((c) => [c.platform, c.outcome])).toEqual(
      expect.arrayContaining([
        ['instagram', 'cart'],
        ['facebook', 'waiting'],
      ]),
    );
    expect(await reads(rt).stockOf(config.id)).toBe(0);
    const identities = await db()
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.seller_id, s.id), eq(socialIdentities.external_user_id, same)));
    expect(identities.map((i) => i.platform).sort()).toEqual(['facebook', 'instagram']);
  });

  it('an Instagram comment is answered by private reply as the account, with its page token', async () => {
    const media = `ig${digits()}`;
    const { api, igUserId, pageToken, sessionId } = await seller({ instagram: true, media });
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    const commentId = `ig_${uniq()}`;
    await webhook({
      object: 'instagram',
      entry: [
        {
          id: igUserId,
          time: Math.floor(at() / 1000),
          changes: [
            {
              field: 'live_comments',
              value: {
                id: commentId,
                text: keyword,
                from: { id: `u${digits()}`, username: 'camille' },
                media: { id: media, media_product_type: 'LIVE' },
              },
            },
          ],
        },
      ],
    });
    await rt.worker.drain();
    expect(await commentsOf(sessionId)).toMatchObject([
      { external_id: commentId, platform: 'instagram', outcome: 'cart' },
    ]);
    const sent = live.igMessages.filter((m) => m.igUserId === igUserId);
    expect(sent).toHaveLength(1);
    expect(sent[0].query.access_token).toBe(pageToken);
    expect(sent[0].body).toMatchObject({ recipient: { comment_id: commentId } });
    expect(String((sent[0].body.message as { text: string }).text)).toMatch(/checkout/);
    const [reply] = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(reply.status).toBe('sent');
  });

  it('an Instagram live comment ties its live media to the session without one; a post comment never does', async () => {
    const { api, ig, igUserId, sessionId } = await seller({ instagram: true });
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    const change = (field: string, mediaId: string, type: string) => ({
      object: 'instagram',
      entry: [
        {
          id: igUserId,
          time: Math.floor(at() / 1000),
          changes: [
            {
              field,
              value: {
                id: `ig_${uniq()}`,
                text: keyword,
                from: { id: `u${digits()}`, username: 'lea' },
                media: { id: mediaId, media_product_type: type },
              },
            },
          ],
        },
      ],
    });
    await webhook(change('comments', 'post-1', 'FEED'));
    await rt.worker.drain();
    expect(await sourceOf(sessionId, ig?.id as number)).toMatchObject({ video_id: null });
    expect(await commentsOf(sessionId)).toHaveLength(0);
    const media = `ig${digits()}`;
    live.accountLive(igUserId, { id: media });
    await webhook(change('live_comments', media, 'LIVE'));
    await rt.worker.drain();
    expect(await sourceOf(sessionId, ig?.id as number)).toMatchObject({
      video_id: media,
      video_status: 'live',
    });
    expect(await commentsOf(sessionId)).toMatchObject([{ platform: 'instagram', outcome: 'cart' }]);
  });

  it('an Instagram refusal is recorded with its reason; a rejected token marks the page', async () => {
    const media = `ig${digits()}`;
    const { api, igUserId, page, sessionId } = await seller({ instagram: true, media });
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    live.fail(igUserId, graphError(400, 551, 'This person isn’t available right now.'));
    live.fail(igUserId, graphError(400, 190, 'Error validating access token', { error_subcode: 463 }));
    for (const n of [1, 2]) {
      live.write(media, {
        id: `ig_${n}_${uniq()}`,
        from: { id: `u${digits()}`, username: `v${n}` },
        message: keyword,
        created_time: new Date(at()).toISOString(),
      });
    }
    await dueNow(sessionId);
    await rt.poller.pollNow();
    await rt.worker.drain();
    const replies = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(replies.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(replies.map((r) => r.error).join(' ')).toMatch(/not available on Messenger.*551/);
    expect((await db().select().from(stores).where(eq(stores.id, page.id)))[0].token_error).toBe('expired');
  });
});

describe('hostile webhook bodies', () => {
  it('a signed body that is not JSON is answered 200 and queued nowhere; a huge one 413', async () => {
    const before = await webhookRows();
    const res = await webhook(null, { raw: 'not json {' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, queued: false });
    const huge = Buffer.alloc(2 * 1024 * 1024, 'a');
    const big = await webhook(null, { raw: huge });
    expect(big.statusCode).toBe(413);
    expect(await webhookRows()).toBe(before);
  });

  it('NUL bytes, unknown objects and broken changes lose none of the good comments beside them', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    const good = feedComment(page.external_id, video as string, {
      from: 'fb-good',
      message: `${keyword} \u0000`,
    });
    const body = {
      object: 'page',
      entry: [
        {
          id: page.external_id,
          changes: [null, 'x', { field: 'feed', value: { item: 'comment', verb: 'add' } }],
        },
        { id: page.external_id, changes: [{ field: 'feed', value: { item: 'reaction', verb: 'add' } }] },
        42,
        ...good.entry,
      ],
    };
    const res = await webhook(body);
    expect(res.statusCode).toBe(200);
    expect(
      (await webhook({ object: 'user', entry: [{ id: 1, changes: [{ field: 'x' }] }] })).statusCode,
    ).toBe(200);
    expect((await webhook([1, 2, 3])).json()).toEqual({ received: true, queued: false });
    await rt.worker.drain();
    const dead = await db()
      .select()
      .from(outbox)
      .where(and(like(outbox.dedupe_key, 'webhook:%'), eq(outbox.status, 'dead')));
    expect(dead).toHaveLength(0);
    const pending = await db()
      .select()
      .from(outbox)
      .where(and(like(outbox.dedupe_key, 'webhook:%'), eq(outbox.status, 'pending')));
    expect(pending.map((p) => p.last_error)).toEqual([]);
    expect(await commentsOf(sessionId)).toMatchObject([{ message: `${keyword} `, outcome: 'cart' }]);
    expect(await reads(rt).cartOfViewer(s.id, 'fb-good')).not.toBeNull();
  });
});

describe('sessions and their stores', () => {
  it('fetch-active-sessions lists the broadcasts live now on the page and its Instagram account', async () => {
    const media = `ig${digits()}`;
    const { api, page, ig, video, sessionId } = await seller({ instagram: true, media });
    const res = await api.get('/api/fetch-active-sessions');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items).toMatchObject([{ id: sessionId, store: { id: page.id } }]);
    expect(body.videos).toEqual([
      { store_id: page.id, platform: 'facebook', video_id: video, title: 'Live du soir', started_at: null },
      { store_id: ig?.id, platform: 'instagram', video_id: media, title: null, started_at: null },
    ]);
    expect(body.stores.map((s: { id: number }) => s.id)).toEqual([page.id, ig?.id]);
  });

  it('an Instagram account joining a session already live takes its live media at once', async () => {
    const { api, seller: s, sessionId } = await seller();
    const igUserId = digits();
    const media = `ig${digits()}`;
    const [ig] = await db()
      .insert(stores)
      .values({ seller_id: s.id, platform: 'instagram', external_id: igUserId, page_id: 'none', name: '@x' })
      .returning();
    // without a token of its own nor a page of the seller linked: it cannot be read, nothing asked
    const joined = await api.post('/api/livesession', {
      id: sessionId,
      event_date: '2026-12-01',
      event_time: '20:30',
      store_ids: [ig.id],
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await sourceOf(sessionId, ig.id)).toMatchObject({ video_id: null });
    await db()
      .update(stores)
      .set({ access_token_encrypted: encryptSecret(SECRET, 'EAAIG') })
      .where(eq(stores.id, ig.id));
    live.accountLive(igUserId, { id: media });
    await api.post('/api/livesession', { id: sessionId, event_date: '2026-12-01', event_time: '20:30' });
    expect(await sourceOf(sessionId, ig.id)).toMatchObject({ video_id: media, video_status: 'live' });
  });

  it('a session can be tied to a live video when scheduled, and untied', async () => {
    const { api, page } = await seller({ video: null });
    const created = await api.post('/api/livesession', {
      event_date: '2026-12-02',
      event_time: '20:30',
      live_video_id: 'vid-picked',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().item.id;
    expect(await sourceOf(id, page.id)).toMatchObject({ video_id: 'vid-picked', video_status: 'live' });
    const untied = await api.post('/api/livesession', {
      id,
      event_date: '2026-12-02',
      event_time: '20:30',
      live_video_id: null,
    });
    expect(untied.statusCode).toBe(200);
    expect(await sourceOf(id, page.id)).toMatchObject({ video_id: null });
  });

  it('another seller’s store answers 404 naming it, and nothing is saved', async () => {
    const other = await seller();
    const { api } = await sellerApi(rt);
    const res = await api.post('/api/livesession', {
      event_date: '2026-12-01',
      event_time: '20:30',
      store_ids: [other.page.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', store_id: other.page.id });
  });
});
