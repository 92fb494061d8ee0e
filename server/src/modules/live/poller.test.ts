import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureTestApp } from '../../../test/capture-fixtures.ts';
import { graphError } from '../../../test/fakes/graph.ts';
import { reads, simpleProduct } from '../../../test/live-fixtures.ts';
import { uniq } from '../../../test/product-fixtures.ts';
import { liveSessionStores, privateReplies, socialIdentities, stores } from '../../db/schema/index.ts';

/*
 * Comments read from the platform while a session is live (the webhooks' backstop), and a page
 * with its Instagram account feeding one session; replies go back through the comment's store.
 */

const cap = captureTestApp();
const { db, digits, seller, webhook, at, feedComment, commentsOf, sourceOf, dueNow } = cap;

describe('comments from Facebook enter the live engine', () => {
  it('a session started while its page is live takes the video, and its comments make carts', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    expect(cap.live.videoReads.at(-1)?.query).toMatchObject({ broadcast_status: '["LIVE"]' });
    expect(await sourceOf(sessionId, page.id)).toMatchObject({ video_id: video, video_status: 'live' });
    const detail = (await api.get(`/api/livesession/${sessionId}`)).json().item;
    expect(detail.sources).toMatchObject([{ store_id: page.id, platform: 'facebook', video_id: video }]);
    const { keyword, config } = await simpleProduct(cap.rt, cap.refs, api, 5);
    const { pageId } = { pageId: page.external_id };
    await webhook(feedComment(pageId, video as string, { from: 'fb-1', message: `${keyword} x1` }));
    await cap.rt.worker.drain();
    expect(await reads(cap.rt).stockOf(config.id)).toBe(4);
    expect(await reads(cap.rt).cartOfViewer(s.id, 'fb-1')).toMatchObject({ lines: [{ quantity: 1 }] });
  });

  it('the same comment by webhook and by polling makes one cart line', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    const { keyword, config } = await simpleProduct(cap.rt, cap.refs, api, 5);
    const time = at();
    const id = `${video}_${uniq()}`;
    await webhook(
      feedComment(page.external_id, video as string, { id, from: 'fb-2', message: keyword, time }),
    );
    await cap.rt.worker.drain();
    cap.live.write(video as string, {
      id,
      from: { id: 'fb-2', name: 'Viewer fb-2' },
      message: keyword,
      created_time: new Date(time).toISOString(),
    });
    await dueNow(sessionId);
    await cap.rt.poller.pollNow();
    expect(cap.live.readsOf(video as string)).toHaveLength(1);
    expect(await commentsOf(sessionId)).toHaveLength(1);
    expect(await reads(cap.rt).stockOf(config.id)).toBe(4);
    expect((await reads(cap.rt).cartOfViewer(s.id, 'fb-2'))?.lines).toHaveLength(1);
  });

  it('polling brings the comments whose webhook never came, and reads on from its cursor', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    const { keyword } = await simpleProduct(cap.rt, cap.refs, api, 10);
    const write = (from: string) =>
      cap.live.write(video as string, {
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
    await cap.rt.poller.pollNow();
    // Two pages of two: the second asked from the first's cursor.
    const first = cap.live.readsOf(video as string);
    expect(first).toHaveLength(2);
    expect(first[0].query).toMatchObject({
      order: 'chronological',
      filter: 'stream',
      live_filter: 'no_filter',
      fields: 'id,from{id,name},message,created_time',
    });
    expect(first[0].query.after).toBeUndefined();
    expect(first[1].query.after).toBeTruthy();
    for (const v of ['fb-a', 'fb-b', 'fb-c'])
      expect(await reads(cap.rt).cartOfViewer(s.id, v)).not.toBeNull();
    const row = await db()
      .select()
      .from(liveSessionStores)
      .where(eq(liveSessionStores.session_id, sessionId));
    expect(row[0].comments_cursor).toBeTruthy();
    expect(row[0].next_poll_at?.getTime()).toBeGreaterThan(Date.now());

    write('fb-d');
    await dueNow(sessionId);
    await cap.rt.poller.pollNow();
    const again = cap.live.readsOf(video as string).slice(2);
    expect(again[0].query.after).toBe(row[0].comments_cursor);
    expect(await commentsOf(sessionId)).toHaveLength(4);
    expect(await reads(cap.rt).cartOfViewer(s.id, 'fb-d')).not.toBeNull();
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
      cap.live.fail(video as string, answer, answer);
      await dueNow(sessionId);
      const before = Date.now();
      await cap.rt.poller.pollNow();
      const once = await sourceOf(sessionId, page.id);
      expect(once).toMatchObject({ poll_failures: 1 });
      expect(once.poll_error).toMatch(/rate limit|temporarily/);
      expect(once.next_poll_at?.getTime()).toBeGreaterThanOrEqual(before + 5_000);
      await dueNow(sessionId);
      await cap.rt.poller.pollNow();
      const twice = await sourceOf(sessionId, page.id);
      expect(twice.poll_failures).toBe(2);
      expect(twice.next_poll_at?.getTime()).toBeGreaterThanOrEqual(Date.now() + 10_000);
      await dueNow(sessionId);
      await cap.rt.poller.pollNow();
      expect(await sourceOf(sessionId, page.id)).toMatchObject({ poll_failures: 0, poll_error: null });
    });
  }

  it('a rejected token marks the store and stops polling its video', async () => {
    const { video, page, sessionId } = await seller();
    cap.live.fail(video as string, graphError(400, 190, 'Session has expired', { error_subcode: 463 }));
    await dueNow(sessionId);
    await cap.rt.poller.pollNow();
    expect((await db().select().from(stores).where(eq(stores.id, page.id)))[0].token_error).toBe('expired');
    const reads = cap.live.readsOf(video as string).length;
    await dueNow(sessionId);
    await cap.rt.poller.pollNow();
    expect(cap.live.readsOf(video as string)).toHaveLength(reads);
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
    await cap.rt.worker.drain();
    expect(await sourceOf(sessionId, page.id)).toMatchObject({ video_id: videoId, video_status: 'live' });
    await webhook(change('LIVE_STOPPED'));
    await cap.rt.worker.drain();
    expect(await sourceOf(sessionId, page.id)).toMatchObject({ video_id: videoId, video_status: 'ended' });
  });
});

describe('a page and its Instagram account feeding one session', () => {
  it('merges both in comment time order and keeps one cart per platform identity', async () => {
    const media = `ig${digits()}`;
    const { seller: s, api, ig, video, sessionId } = await seller({ instagram: true, media });
    expect(await sourceOf(sessionId, ig?.id as number)).toMatchObject({ video_id: media });
    const { keyword, config } = await simpleProduct(cap.rt, cap.refs, api, 1);
    const same = `u${digits()}`;
    const igTime = at();
    const fbTime = at();
    // Read in the other order: the Facebook comment (later) comes first.
    cap.live.write(video as string, {
      id: `${video}_${uniq()}`,
      from: { id: same, name: 'Camille' },
      message: keyword,
      created_time: new Date(fbTime).toISOString(),
    });
    cap.live.write(media, {
      id: `ig_${uniq()}`,
      from: { id: same, username: 'camille' },
      message: keyword,
      created_time: new Date(igTime).toISOString(),
    });
    await dueNow(sessionId);
    await cap.rt.poller.pollNow();
    expect(cap.live.readsOf(media)[0].query).toMatchObject({ fields: 'id,text,timestamp,from{id,username}' });
    const comments = await commentsOf(sessionId);
    expect(comments.map((c) => [c.platform, c.outcome])).toEqual(
      expect.arrayContaining([
        ['instagram', 'cart'],
        ['facebook', 'waiting'],
      ]),
    );
    expect(await reads(cap.rt).stockOf(config.id)).toBe(0);
    const identities = await db()
      .select()
      .from(socialIdentities)
      .where(and(eq(socialIdentities.seller_id, s.id), eq(socialIdentities.external_user_id, same)));
    expect(identities.map((i) => i.platform).sort()).toEqual(['facebook', 'instagram']);
  });

  it('an Instagram comment is answered by private reply as the account, with its page token', async () => {
    const media = `ig${digits()}`;
    const { api, igUserId, pageToken, sessionId } = await seller({ instagram: true, media });
    const { keyword } = await simpleProduct(cap.rt, cap.refs, api, 5);
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
    await cap.rt.worker.drain();
    expect(await commentsOf(sessionId)).toMatchObject([
      { external_id: commentId, platform: 'instagram', outcome: 'cart' },
    ]);
    const sent = cap.live.igMessages.filter((m) => m.igUserId === igUserId);
    expect(sent).toHaveLength(1);
    expect(sent[0].query.access_token).toBe(pageToken);
    expect(sent[0].body).toMatchObject({ recipient: { comment_id: commentId } });
    expect(String((sent[0].body.message as { text: string }).text)).toMatch(/checkout/);
    const [reply] = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(reply.status).toBe('sent');
  });

  it('an Instagram live comment ties its live media to the session without one; a post comment never does', async () => {
    const { api, ig, igUserId, sessionId } = await seller({ instagram: true });
    const { keyword } = await simpleProduct(cap.rt, cap.refs, api, 5);
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
    await cap.rt.worker.drain();
    expect(await sourceOf(sessionId, ig?.id as number)).toMatchObject({ video_id: null });
    expect(await commentsOf(sessionId)).toHaveLength(0);
    const media = `ig${digits()}`;
    cap.live.accountLive(igUserId, { id: media });
    await webhook(change('live_comments', media, 'LIVE'));
    await cap.rt.worker.drain();
    expect(await sourceOf(sessionId, ig?.id as number)).toMatchObject({
      video_id: media,
      video_status: 'live',
    });
    expect(await commentsOf(sessionId)).toMatchObject([{ platform: 'instagram', outcome: 'cart' }]);
  });

  it('an Instagram refusal is recorded with its reason; a rejected token marks the page', async () => {
    const media = `ig${digits()}`;
    const { api, igUserId, page, sessionId } = await seller({ instagram: true, media });
    const { keyword } = await simpleProduct(cap.rt, cap.refs, api, 5);
    cap.live.fail(igUserId, graphError(400, 551, 'This person isn’t available right now.'));
    cap.live.fail(igUserId, graphError(400, 190, 'Error validating access token', { error_subcode: 463 }));
    for (const n of [1, 2]) {
      cap.live.write(media, {
        id: `ig_${n}_${uniq()}`,
        from: { id: `u${digits()}`, username: `v${n}` },
        message: keyword,
        created_time: new Date(at()).toISOString(),
      });
    }
    await dueNow(sessionId);
    await cap.rt.poller.pollNow();
    await cap.rt.worker.drain();
    const replies = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(replies.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(replies.map((r) => r.error).join(' ')).toMatch(/not available on Messenger.*551/);
    expect((await db().select().from(stores).where(eq(stores.id, page.id)))[0].token_error).toBe('expired');
  });
});
