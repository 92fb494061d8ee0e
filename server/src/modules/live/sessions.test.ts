import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeSeller, ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { liveComments, liveSessions, stores } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

type Api = Awaited<ReturnType<typeof client>>;

const newSeller = async () => {
  const seller = await makeSeller(rt);
  return { seller, api: await client(rt, seller) };
};

const session = { event_date: '2026-12-01', event_time: '20:30', order_timer: 30 };

async function createSession(api: Api, body: Record<string, unknown> = {}) {
  const res = await api.post('/api/livesession', { ...session, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item as { id: number; status: string; order_timer: number };
}

const sessionsOf = (sellerId: number) =>
  rt.deps.database.db.select().from(liveSessions).where(eq(liveSessions.seller_id, sellerId));

const commentsOf = (sessionId: number) =>
  rt.deps.database.db.select().from(liveComments).where(eq(liveComments.session_id, sessionId));

const comment = (id: string, message = 'ROBE12 rouge M', from = 'v1') => ({
  id,
  from: { id: from, name: `Viewer ${from}` },
  message,
  created_time: '2026-12-01T20:31:00+0000',
});

function ingest(sessionId: number, token: string | undefined, messages: unknown[]) {
  return rt.app.inject({
    method: 'POST',
    url: `/api/add-live-messages?sessionId=${sessionId}`,
    headers: token === undefined ? {} : { 'x-ingest-token': token },
    payload: { messages },
  });
}

describe('live sessions', () => {
  it('creates a scheduled session, updates it, and lists it', async () => {
    const { api } = await newSeller();
    const item = await createSession(api);
    expect(item.status).toBe('scheduled');
    const updated = await api.post('/api/livesession', {
      ...session,
      id: item.id,
      order_timer: 45,
      scenario: 'Promo',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().item).toMatchObject({
      id: item.id,
      order_timer: 45,
      scenario: 'Promo',
      status: 'scheduled',
    });

    const list = await api.get('/api/livesession/fetch-items');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, longTokenError: null, expireTokenAt: null });
    expect(list.json().items[0]).toMatchObject({
      id: item.id,
      event_date: '2026-12-01',
      event_time: '20:30',
    });
  });

  it('filters and sorts the list', async () => {
    const { api } = await newSeller();
    const a = await createSession(api, { order_timer: 10, event_date: '2026-01-10' });
    const b = await createSession(api, { order_timer: 60, event_date: '2026-02-10' });
    await api.get(`/api/livesession/start/${b.id}`);
    const q = (filter: unknown, extra = '') =>
      api.get(
        `/api/livesession/fetch-items?queryFilter=${encodeURIComponent(JSON.stringify(filter))}${extra}`,
      );

    expect((await q({ status: 'live' })).json().items.map((i: { id: number }) => i.id)).toEqual([b.id]);
    expect(
      (await q({ cart_duration: { min: 0, max: 20 } })).json().items.map((i: { id: number }) => i.id),
    ).toEqual([a.id]);
    expect(
      (await q({ event_date: { from: '2026-02-01', to: '2026-02-28' } }))
        .json()
        .items.map((i: { id: number }) => i.id),
    ).toEqual([b.id]);
    expect((await q({ duration: { min: 0 } })).json().items.map((i: { id: number }) => i.id)).toEqual([b.id]);
    const byTimer = await q({}, '&column=order_timer&sort=ASC');
    expect(byTimer.json().items.map((i: { id: number }) => i.id)).toEqual([a.id, b.id]);
    const byDefault = await q({});
    expect(byDefault.json().items.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
  });

  it('reports the selected store’s token state in the list', async () => {
    const { seller, api } = await newSeller();
    const expires = new Date('2027-01-01T00:00:00Z');
    await rt.deps.database.db.insert(stores).values({
      seller_id: seller.id,
      platform: 'facebook',
      external_id: `page-${seller.id}`,
      name: 'My page',
      selected: true,
      token_error: 'expired',
      token_expires_at: expires,
    });
    const item = await createSession(api);
    const list = (await api.get('/api/livesession/fetch-items')).json();
    expect(list.longTokenError).toBe('expired');
    expect(list.expireTokenAt).toBe(expires.toISOString());
    expect(list.items[0].id).toBe(item.id);
    expect(list.items[0].store_id).not.toBeNull();
  });

  it('refuses another seller’s store', async () => {
    const { api } = await newSeller();
    const other = await makeSeller(rt);
    const [store] = await rt.deps.database.db
      .insert(stores)
      .values({ seller_id: other.id, platform: 'facebook', external_id: `page-${other.id}`, name: 'Theirs' })
      .returning();
    const res = await api.post('/api/livesession', { ...session, store_id: store.id });
    expect(res.statusCode).toBe(404);
  });

  it('gives the session with its ingest token and URL', async () => {
    const { api } = await newSeller();
    const item = await createSession(api);
    const res = await api.get(`/api/livesession/${item.id}`);
    expect(res.statusCode).toBe(200);
    const got = res.json().item;
    expect(got).toMatchObject({ id: item.id, status: 'scheduled', order_timer: 30, participants: 0 });
    expect(got.ingest_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(got.ingest_url).toBe(`${ORIGIN}/api/add-live-messages?sessionId=${item.id}`);
    expect((await api.get(`/api/livesession/${item.id}`)).json().item.ingest_token).toBe(got.ingest_token);
    const [row] = await rt.deps.database.db.select().from(liveSessions).where(eq(liveSessions.id, item.id));
    expect(row.ingest_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.ingest_token_hash).not.toContain(got.ingest_token);
  });

  it('starts, stops and removes a session', async () => {
    const { api } = await newSeller();
    const item = await createSession(api);
    const started = await api.get(`/api/livesession/start/${item.id}`);
    expect(started.json().item).toMatchObject({ status: 'live' });
    expect(started.json().item.started_at).not.toBeNull();
    expect((await api.get(`/api/livesession/start/${item.id}`)).json().error).toBe(
      'live_session_not_scheduled',
    );

    const removeLive = await api.get(`/api/livesession/remove/${item.id}`);
    expect(removeLive.statusCode).toBe(400);
    expect(removeLive.json().error).toBe('live_session_is_live');

    const stopped = await api.get(`/api/livesession/stop/${item.id}`);
    expect(stopped.json().item).toMatchObject({ status: 'closed', closed: true });
    expect(stopped.json().item.stopped_at).not.toBeNull();

    const update = await api.post('/api/livesession', { ...session, id: item.id });
    expect(update.statusCode).toBe(400);
    expect(update.json().error).toBe('live_session_closed');

    expect((await api.get(`/api/livesession/remove/${item.id}`)).json()).toEqual({ success: true });
    expect((await api.get(`/api/livesession/${item.id}`)).statusCode).toBe(404);
    expect((await api.get('/api/livesession/fetch-items')).json().count).toBe(0);
  });

  it('stops a scheduled session', async () => {
    const { api } = await newSeller();
    const item = await createSession(api);
    expect((await api.get(`/api/livesession/stop/${item.id}`)).json().item.status).toBe('closed');
  });

  it('refuses bad dates, times and cart durations, saving nothing', async () => {
    const { seller, api } = await newSeller();
    const cases: [Record<string, unknown>, string][] = [
      [{ event_date: '2026-02-30' }, 'event_date'],
      [{ event_date: '01/12/2026' }, 'event_date'],
      [{ event_time: '24:00' }, 'event_time'],
      [{ event_time: '8h30' }, 'event_time'],
      [{ order_timer: 1441 }, 'order_timer'],
      [{ order_timer: -1 }, 'order_timer'],
      [{ order_timer: 1.5 }, 'order_timer'],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/api/livesession', { ...session, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation');
      expect(res.json().fields[field]).toBeDefined();
    }
    expect(await sessionsOf(seller.id)).toHaveLength(0);
    const res = await api.post('/api/livesession', { ...session, order_timer: 1441 });
    expect(res.json().fields.order_timer).toBe('cart_duration_range');
  });

  it('accepts a cart duration of 0 and of 24 hours', async () => {
    const { api } = await newSeller();
    expect((await createSession(api, { order_timer: 0 })).order_timer).toBe(0);
    expect((await createSession(api, { order_timer: 1440 })).order_timer).toBe(1440);
  });

  it('answers 404 for another seller’s session on every route', async () => {
    const { api: owner } = await newSeller();
    const { seller: intruder, api } = await newSeller();
    const item = await createSession(owner);
    for (const url of [
      `/api/livesession/${item.id}`,
      `/api/livesession/${item.id}/comments`,
      `/api/livesession/start/${item.id}`,
      `/api/livesession/stop/${item.id}`,
      `/api/livesession/remove/${item.id}`,
    ]) {
      expect((await api.get(url)).statusCode, url).toBe(404);
    }
    expect((await api.post('/api/livesession', { ...session, id: item.id })).statusCode).toBe(404);
    expect((await owner.get(`/api/livesession/${item.id}`)).json().item.status).toBe('scheduled');
    expect(await sessionsOf(intruder.id)).toHaveLength(0);
  });

  it('a seller without a plan can’t go live', async () => {
    const seller = await makeSeller(rt, { subscription: 'expired' });
    const api = await client(rt, seller);
    for (const res of [
      await api.post('/api/livesession', session),
      await api.get('/api/livesession/start/1'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'live_plan_required' });
    }
    const en = await api.get('/api/livesession/fetch-items?locale=en');
    expect(en.json().message).toBe("You can't go live without a plan");
    expect(await sessionsOf(seller.id)).toHaveLength(0);
  });

  it('lists the seller’s active scenarios', async () => {
    const { api } = await newSeller();
    const res = await api.get('/api/livesession/fetch-scenarios');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().items)).toBe(true);
  });
});

describe('comment ingestion', () => {
  async function liveSession() {
    const { api } = await newSeller();
    const item = await createSession(api);
    await api.get(`/api/livesession/start/${item.id}`);
    const token = (await api.get(`/api/livesession/${item.id}`)).json().item.ingest_token as string;
    return { api, id: item.id, token };
  }

  it('a missing or wrong token answers 401 and stores nothing', async () => {
    const { id, token } = await liveSession();
    const other = await liveSession();
    for (const t of [undefined, '', 'wrong', other.token]) {
      const res = await ingest(id, t, [comment('c1')]);
      expect(res.statusCode, String(t)).toBe(401);
      expect(res.json().error).toBe('ingest_token_invalid');
    }
    expect((await ingest(999_999_999, token, [comment('c1')])).statusCode).toBe(401);
    expect(await commentsOf(id)).toHaveLength(0);
  });

  it('stores a live session’s comments and claims them at once', async () => {
    const { api, id, token } = await liveSession();
    const res = await ingest(id, token, [comment('c1'), comment('c2', 'JUPE3 x2', 'v2')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      received: 2,
      stored: 2,
      recovered: 0,
      duplicates: 0,
      refused: 0,
      ordered: 0,
      waiting: 0,
    });
    const rows = await commentsOf(id);
    // The seller sells nothing yet: no keyword matches (claim.test.ts covers carts).
    expect(rows.map((r) => r.outcome)).toEqual(['no_match', 'no_match']);
    expect((await api.get(`/api/livesession/${id}`)).json().item.participants).toBe(2);
  });

  it('the same comment delivered twice is stored once', async () => {
    const { id, token } = await liveSession();
    const once = await ingest(id, token, [comment('c1'), comment('c1')]);
    expect(once.json()).toEqual({
      received: 2,
      stored: 1,
      recovered: 0,
      duplicates: 1,
      refused: 0,
      ordered: 0,
      waiting: 0,
    });
    const twice = await ingest(id, token, [comment('c1'), comment('c2')]);
    expect(twice.json()).toEqual({
      received: 2,
      stored: 1,
      recovered: 0,
      duplicates: 1,
      refused: 0,
      ordered: 0,
      waiting: 0,
    });
    expect(await commentsOf(id)).toHaveLength(2);
  });

  it('refuses more than 500 comments in one call, and none', async () => {
    const { id, token } = await liveSession();
    const many = Array.from({ length: 501 }, (_, i) => comment(`c${i}`));
    expect((await ingest(id, token, many)).statusCode).toBe(400);
    expect((await ingest(id, token, [])).statusCode).toBe(400);
    expect((await ingest(id, token, [{ id: 'x' }])).statusCode).toBe(400);
    expect(await commentsOf(id)).toHaveLength(0);
    const ok = await ingest(id, token, many.slice(0, 500));
    expect(ok.json()).toMatchObject({ stored: 500 });
  });

  it('stores comments on a session that is not live as ignored', async () => {
    const { api } = await newSeller();
    const item = await createSession(api);
    const token = (await api.get(`/api/livesession/${item.id}`)).json().item.ingest_token;
    expect((await ingest(item.id, token, [comment('c1')])).json()).toMatchObject({ stored: 1 });
    await api.get(`/api/livesession/start/${item.id}`);
    await api.get(`/api/livesession/stop/${item.id}`);
    expect((await ingest(item.id, token, [comment('c2')])).json()).toMatchObject({ stored: 1 });
    const rows = await commentsOf(item.id);
    expect(rows.map((r) => [r.outcome, r.outcome_reason])).toEqual([
      ['ignored', 'session_not_live'],
      ['ignored', 'session_not_live'],
    ]);
  });

  it('lists a session’s comments newest first', async () => {
    const { api, id, token } = await liveSession();
    await ingest(id, token, [
      { ...comment('old', 'premier'), created_time: '2026-12-01T20:31:00+0000' },
      { ...comment('new', 'second', 'v2'), created_time: '2026-12-01T20:32:00Z' },
    ]);
    const res = await api.get(`/api/livesession/${id}/comments`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(2);
    expect(res.json().items[0]).toEqual({
      id: expect.any(Number),
      external_id: 'new',
      from_id: 'v2',
      from_name: 'Viewer v2',
      // The capture tool's comments came through no store: no platform is claimed for them.
      platform: null,
      message: 'second',
      outcome: 'no_match',
      reason: null,
      order_number: null,
      answered: null,
      reply: null,
      created_time: '2026-12-01T20:32:00.000Z',
    });
    expect(res.json().items[1].external_id).toBe('old');
    const paged = await api.get(`/api/livesession/${id}/comments?limit=10&offset=1`);
    expect(paged.json().items.map((c: { external_id: string }) => c.external_id)).toEqual(['old']);
  });

  it('searches a session’s comments by message or name, case and accents aside', async () => {
    const { api, id, token } = await liveSession();
    await ingest(id, token, [
      comment('summer', 'Robe ÉTÉ bleue', 'Zoé'),
      comment('winter', 'pull hiver', 'Ève'),
      comment('other', 'rien', 'v3'),
    ]);
    const found = async (query: string) =>
      (await api.get(`/api/livesession/${id}/comments?query=${encodeURIComponent(query)}`))
        .json()
        .items.map((c: { external_id: string }) => c.external_id)
        .sort();
    expect(await found('robe ete')).toEqual(['summer']);
    expect(await found('viewer eve')).toEqual(['winter']);
    expect(await found('E')).toEqual(['other', 'summer', 'winter']);
    // a term running from a message into its name matches neither
    expect(await found('bleue\nviewer')).toEqual([]);
    expect(await found('absent')).toEqual([]);
  });
});
