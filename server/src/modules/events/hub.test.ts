import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { LiveEventMessage } from './bus.ts';
import { LiveEventHub } from './hub.ts';

/** What a browser would receive on one connection. */
class Screen extends Writable {
  text = '';
  headers: Record<string, string> = {};
  writeHead(_status: number, headers: Record<string, string>) {
    this.headers = headers;
    return this;
  }
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += String(chunk);
    done();
  }
  get events(): LiveEventMessage[] {
    return [...this.text.matchAll(/event: live\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1]));
  }
}

/** A database whose NOTIFY deliveries the test triggers itself. */
function fakeDatabase() {
  let deliver: (payload: string) => void = () => {};
  const database = {
    listen: async (_channel: string, cb: (payload: string) => void) => {
      deliver = cb;
      return async () => {};
    },
  } as unknown as Database;
  return { database, notify: (m: LiveEventMessage) => deliver(JSON.stringify(m)) };
}

let hub: LiveEventHub;
let notify: (m: LiveEventMessage) => void;
const open = (sellerId: number) => {
  const screen = new Screen();
  hub.open(sellerId, screen as unknown as ServerResponse);
  return screen;
};

beforeEach(async () => {
  vi.useFakeTimers();
  const db = fakeDatabase();
  notify = db.notify;
  hub = new LiveEventHub(db.database, { windowMs: 250, heartbeatMs: 25_000, maxPerType: 10 });
  await hub.start();
});
afterEach(async () => {
  await hub.stop();
  vi.useRealTimers();
});

describe('live event hub', () => {
  it('a stream starts with the SSE headers and the retry delay', () => {
    const screen = open(1);
    expect(screen.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'x-accel-buffering': 'no',
    });
    expect(screen.headers['cache-control']).toMatch(/no-cache/);
    expect(screen.text).toBe('retry: 3000\n\n');
  });

  it('a lone event goes out at once', () => {
    const screen = open(1);
    notify({ type: 'cart', sellerId: 1, orderId: 5, orderNumber: 'LC5', sessionId: 2 });
    expect(screen.events).toEqual([
      { type: 'cart', sellerId: 1, orderId: 5, orderNumber: 'LC5', sessionId: 2 },
    ]);
  });

  it("each seller's screens get their own events only, on every open tab", () => {
    const first = open(1);
    const second = open(1);
    const other = open(2);
    notify({ type: 'session', sellerId: 1, sessionId: 3, status: 'live' });
    expect(first.events).toHaveLength(1);
    expect(second.events).toHaveLength(1);
    expect(other.events).toEqual([]);
  });

  it('a burst of 1,000 comment events in one window reaches the screen as two messages', () => {
    const screen = open(1);
    for (let i = 0; i < 1000; i++) notify({ type: 'comments', sellerId: 1, sessionId: 9 });
    expect(screen.events).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(screen.events).toEqual([
      { type: 'comments', sellerId: 1, sessionId: 9 },
      { type: 'comments', sellerId: 1, sessionId: 9 },
    ]);
    vi.advanceTimersByTime(1000);
    expect(screen.events).toHaveLength(2);
  });

  it('the latest event per (type, id) wins within a window', () => {
    const screen = open(1);
    notify({ type: 'session', sellerId: 1, sessionId: 3, status: 'scheduled' });
    notify({ type: 'cart_closed', sellerId: 1, orderId: 8, orderNumber: 'LC8', status: 'expired' });
    notify({ type: 'cart_closed', sellerId: 1, orderId: 8, orderNumber: 'LC8', status: 'paid' });
    notify({ type: 'cart_closed', sellerId: 1, orderId: 9, orderNumber: 'LC9', status: 'canceled' });
    vi.advanceTimersByTime(250);
    expect(
      screen.events.map((e) => (e.type === 'cart_closed' ? `${e.orderId}:${e.status}` : e.type)),
    ).toEqual(['session', '8:paid', '9:canceled']);
  });

  it('a flood of distinct carts is capped per type and still lets the other types through', () => {
    const screen = open(1);
    notify({ type: 'comments', sellerId: 1, sessionId: 9 });
    for (let i = 1; i <= 500; i++) {
      notify({ type: 'cart', sellerId: 1, orderId: i, orderNumber: `LC${i}`, sessionId: 9 });
      notify({ type: 'comments', sellerId: 1, sessionId: 9 });
    }
    notify({ type: 'waiting', sellerId: 1, configurationId: 4 });
    vi.advanceTimersByTime(250);
    const sent = screen.events;
    const carts = sent.filter((e) => e.type === 'cart').map((e) => (e.type === 'cart' ? e.orderId : 0));
    expect(carts).toEqual(Array.from({ length: 10 }, (_, i) => 491 + i));
    expect(sent.filter((e) => e.type === 'comments')).toHaveLength(2);
    expect(sent.filter((e) => e.type === 'waiting')).toHaveLength(1);
  });

  it('a quiet period sends the next event at once again', () => {
    const screen = open(1);
    notify({ type: 'comments', sellerId: 1, sessionId: 9 });
    vi.advanceTimersByTime(250);
    notify({ type: 'comments', sellerId: 1, sessionId: 9 });
    expect(screen.events).toHaveLength(2);
  });

  it('a heartbeat comment keeps idle streams open', () => {
    const screen = open(1);
    vi.advanceTimersByTime(25_000);
    expect(screen.text).toBe('retry: 3000\n\n: ping\n\n');
  });

  it('unreadable payloads and events of sellers with no screen are ignored', () => {
    const screen = open(1);
    hub.receive('not json');
    hub.receive('{"type":"comments"}');
    notify({ type: 'comments', sellerId: 2, sessionId: 9 });
    expect(screen.events).toEqual([]);
  });

  it('stopping ends every stream', async () => {
    const screen = open(1);
    await hub.stop();
    expect(screen.writableEnded).toBe(true);
    expect(hub.streamCount()).toBe(0);
  });
});
