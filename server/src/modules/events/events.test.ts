import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, cookieHeader, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { createProduct, loadRefs, sellerApi, simpleBody, uniq } from '../../../test/product-fixtures.ts';
import { openLiveStream } from '../../../test/sse.ts';
import type { Runtime } from '../../runtime.ts';
import { type LiveEvent, publishLiveEvent } from './bus.ts';

let rt: Runtime;
let base: string;

/** Starts a test app listening on a free port; answers its base URL. */
async function listen(runtime: Runtime) {
  await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(runtime.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  rt = await startTestApp();
  base = await listen(rt);
});
afterAll(() => rt.close());

/** A fresh seller and their open stream. */
async function sellerStream() {
  const seller = await makeSeller(rt);
  const api = await client(rt, seller);
  const stream = await openLiveStream(`${base}/api/events`, cookieHeader(api.jar));
  return { seller, api, stream };
}

const publish = (sellerId: number, event: LiveEvent) =>
  rt.deps.database.db.transaction((tx) => publishLiveEvent(tx, sellerId, event));

describe('GET /api/events', () => {
  it('a signed-out caller is answered 401 and a buyer 403, not a stream', async () => {
    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthorized' });
    const buyer = await client(rt, await makeBuyer(rt));
    const res = await fetch(`${base}/api/events`, { headers: { cookie: cookieHeader(buyer.jar) } });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).not.toMatch(/event-stream/);
  });

  it('a seller gets an event stream that starts with the retry delay', async () => {
    const { seller, stream } = await sellerStream();
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      await vi.waitFor(() => expect(stream.text()).toMatch(/^retry: 3000\n\n/));
      await vi.waitFor(() => expect(rt.deps.events.streamCount(seller.id)).toBe(1));
    } finally {
      stream.close();
    }
  });

  it("a committed event reaches its seller's stream and no other seller's", async () => {
    const a = await sellerStream();
    const b = await sellerStream();
    try {
      await publish(a.seller.id, { type: 'session', sessionId: 41, status: 'live' });
      expect(await a.stream.waitFor((e) => e.type === 'session')).toEqual({
        type: 'session',
        sessionId: 41,
        status: 'live',
        sellerId: a.seller.id,
      });
      // Events arrive in commit order: once B's own marker is in, A's event would be there too.
      await publish(b.seller.id, { type: 'waiting', configurationId: 7 });
      await b.stream.waitFor((e) => e.type === 'waiting');
      expect(b.stream.events).toEqual([{ type: 'waiting', configurationId: 7, sellerId: b.seller.id }]);
      expect(b.stream.text()).toMatch(/event: live\ndata: \{/);
    } finally {
      a.stream.close();
      b.stream.close();
    }
  });

  it('an event published in a rolled-back transaction reaches no one', async () => {
    const { seller, stream } = await sellerStream();
    try {
      await expect(
        rt.deps.database.db.transaction(async (tx) => {
          await publishLiveEvent(tx, seller.id, { type: 'comments', sessionId: 999 });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await publish(seller.id, { type: 'comments', sessionId: 1000 });
      await stream.waitFor((e) => e.type === 'comments' && e.sessionId === 1000);
      expect(stream.events.filter((e) => e.type === 'comments' && e.sessionId === 999)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('a stream the browser closes is forgotten', async () => {
    const { seller, stream } = await sellerStream();
    await vi.waitFor(() => expect(rt.deps.events.streamCount(seller.id)).toBe(1));
    stream.close();
    await vi.waitFor(() => expect(rt.deps.events.streamCount(seller.id)).toBe(0));
  });

  it("a keyword comment shows on the seller's stream and not on another seller's", async () => {
    const refs = await loadRefs(rt);
    const { seller, api } = await sellerApi(rt);
    const other = await sellerStream();
    const stream = await openLiveStream(`${base}/api/events`, cookieHeader(api.jar));
    try {
      const keyword = `robe${uniq()}`;
      await createProduct(api, simpleBody(refs, { keywords: keyword, isPublish: true, quantity: 3 }));
      const created = await api.post('/api/livesession', {
        event_date: '2026-12-01',
        event_time: '20:30',
        order_timer: 30,
      });
      const sessionId = created.json().item.id as number;
      expect((await api.get(`/api/livesession/start/${sessionId}`)).statusCode).toBe(200);
      const token = (await api.get(`/api/livesession/${sessionId}`)).json().item.ingest_token as string;

      const res = await fetch(`${base}/api/add-live-messages?sessionId=${sessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-token': token },
        body: JSON.stringify({
          messages: [
            {
              id: `c-${uniq()}`,
              from: { id: `fb-${uniq()}`, name: 'Viewer' },
              message: `${keyword} svp`,
              created_time: new Date().toISOString(),
            },
          ],
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ordered: 1 });
      const event = await stream.waitFor(
        (e) => (e.type === 'cart' || e.type === 'comments') && e.sessionId === sessionId,
      );
      expect(event.sellerId).toBe(seller.id);

      await publish(other.seller.id, { type: 'waiting', configurationId: 1 });
      await other.stream.waitFor((e) => e.type === 'waiting');
      expect(other.stream.events.filter((e) => e.sellerId !== other.seller.id)).toEqual([]);
      expect(other.stream.events.filter((e) => e.type !== 'waiting')).toEqual([]);
    } finally {
      stream.close();
      other.stream.close();
    }
  });
});

describe('shutdown', () => {
  it('closing the app ends the open streams instead of waiting for them', async () => {
    const own = await startTestApp();
    const url = await listen(own);
    const seller = await makeSeller(own);
    const api = await client(own, seller);
    const stream = await openLiveStream(`${url}/api/events`, cookieHeader(api.jar));
    expect(stream.status).toBe(200);
    await vi.waitFor(() => expect(own.deps.events.streamCount(seller.id)).toBe(1));
    // The app alone (without the runtime stopping the hub first) must not wait for the stream.
    await own.app.close();
    expect(own.deps.events.streamCount()).toBe(0);
    await own.close();
  });
});
