import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureTestApp, SECRET } from '../../../test/capture-fixtures.ts';
import { sellerApi } from '../../../test/product-fixtures.ts';
import { stores } from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secrets.ts';

/*
 * The stores feeding a session and their live videos: fetch-active-sessions, a video tied when
 * scheduled or when a store joins a live session, another seller's store refused.
 */

const cap = captureTestApp();
const { db, digits, seller, sourceOf } = cap;

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
    cap.live.accountLive(igUserId, { id: media });
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
    const { api } = await sellerApi(cap.rt);
    const res = await api.post('/api/livesession', {
      event_date: '2026-12-01',
      event_time: '20:30',
      store_ids: [other.page.id],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', store_id: other.page.id });
  });
});
