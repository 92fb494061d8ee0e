import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { LIVE_EVENTS_CHANNEL, type LiveEventMessage } from './bus.ts';

/**
 * The live-event hub of one server process: one LISTEN on `live_events` (so an event published by
 * any process sharing the database arrives here) and the open `/api/events` streams by seller id.
 *
 * What a stream sends (Server-Sent Events):
 * - `retry: 3000` once at the start (the browser reconnects 3 s after a loss);
 * - `event: live` + `data: <LiveEventMessage JSON>` for each event of the stream's seller;
 * - a `: ping` comment every 25 s so proxies keep the connection open.
 *
 * Coalescing (bursts of 1,000+ comments/s must not become thousands of messages per second on a
 * screen): per seller, the first event after a quiet period goes out at once and opens a window
 * of `windowMs` (250 ms). Events arriving during the window are kept by key (type + the id it
 * names: sessionId, orderId or configurationId), the latest one winning, and sent together when
 * the window ends, which opens the next window if anything was sent. At most `maxPerType` (10) keys
 * of one type are kept per window (the most recently touched): screens refetch the whole list on
 * any event of a type, so an id left out of a flood never hides a list change. A seller's screen
 * thus gets at most about (1 + maxPerType × types) messages per window, whatever the comment rate:
 * in a flood of comments (carts, comments, waiting lists) about 20 per 250 ms instead of thousands.
 */
export interface HubOptions {
  windowMs?: number;
  heartbeatMs?: number;
  maxPerType?: number;
}

/** Above this many unsent bytes a connection is too slow: it is closed and the browser reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface SellerStreams {
  streams: Set<ServerResponse>;
  /** Events waiting for the end of the window, by key, in order of last update. */
  pending: Map<string, LiveEventMessage>;
  /** The open window, if any. */
  timer: NodeJS.Timeout | null;
}

/** The key two events share when the later one makes the earlier one useless. */
export function coalesceKey(e: LiveEventMessage): string {
  switch (e.type) {
    case 'comments':
    case 'session':
      return `${e.type}:${e.sessionId}`;
    case 'cart':
    case 'cart_closed':
      return `${e.type}:${e.orderId}`;
    case 'waiting':
      return `${e.type}:${e.configurationId}`;
    default:
      return `${(e as { type: string }).type}:${JSON.stringify(e)}`;
  }
}

const frame = (e: LiveEventMessage) => `event: live\ndata: ${JSON.stringify(e)}\n\n`;

export class LiveEventHub {
  private sellers = new Map<number, SellerStreams>();
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly windowMs: number;
  private readonly heartbeatMs: number;
  private readonly maxPerType: number;
  private log: Pick<FastifyBaseLogger, 'warn'> = { warn: () => {} };

  constructor(
    private database: Database,
    opts: HubOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? 250;
    this.heartbeatMs = opts.heartbeatMs ?? 25_000;
    this.maxPerType = opts.maxPerType ?? 10;
  }

  /** Listens on the channel and starts the heartbeat. */
  async start(log?: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
    if (log) this.log = log;
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(LIVE_EVENTS_CHANNEL, (payload) => this.receive(payload));
    this.heartbeat = setInterval(() => this.broadcast(': ping\n\n'), this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends every stream, stops listening. */
  async stop(): Promise<void> {
    this.endAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch((err) => this.log.warn({ err }, 'live events: unlisten failed'));
  }

  /** Ends every open stream (shutdown: the HTTP server can then close). */
  endAll(): void {
    for (const [sellerId, seller] of this.sellers) {
      if (seller.timer) clearTimeout(seller.timer);
      for (const res of seller.streams) res.end();
      this.sellers.delete(sellerId);
    }
  }

  /** Open streams of one seller, or of everyone. */
  streamCount(sellerId?: number): number {
    if (sellerId !== undefined) return this.sellers.get(sellerId)?.streams.size ?? 0;
    let n = 0;
    for (const s of this.sellers.values()) n += s.streams.size;
    return n;
  }

  /** Turns `res` into an event stream of `sellerId`, until the client leaves or the hub stops. */
  open(sellerId: number, res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    let seller = this.sellers.get(sellerId);
    if (!seller) {
      seller = { streams: new Set(), pending: new Map(), timer: null };
      this.sellers.set(sellerId, seller);
    }
    seller.streams.add(res);
    res.once('close', () => this.drop(sellerId, res));
  }

  /** A NOTIFY payload from any process. */
  receive(payload: string): void {
    let message: LiveEventMessage;
    try {
      message = JSON.parse(payload);
    } catch {
      this.log.warn({ payload }, 'live events: unreadable payload');
      return;
    }
    if (typeof message?.sellerId !== 'number' || typeof message.type !== 'string') return;
    const seller = this.sellers.get(message.sellerId);
    if (!seller) return;
    if (!seller.timer) {
      this.send(seller, frame(message));
      this.openWindow(message.sellerId, seller);
      return;
    }
    const key = coalesceKey(message);
    seller.pending.delete(key);
    seller.pending.set(key, message);
    this.trim(seller, message.type);
  }

  private openWindow(sellerId: number, seller: SellerStreams) {
    seller.timer = setTimeout(() => {
      seller.timer = null;
      if (!seller.pending.size || this.sellers.get(sellerId) !== seller) return;
      const text = [...seller.pending.values()].map(frame).join('');
      seller.pending.clear();
      this.send(seller, text);
      this.openWindow(sellerId, seller);
    }, this.windowMs);
  }

  /** Keeps the `maxPerType` most recently touched keys of one type. */
  private trim(seller: SellerStreams, type: string) {
    let count = 0;
    for (const e of seller.pending.values()) if (e.type === type) count++;
    if (count <= this.maxPerType) return;
    for (const [key, e] of seller.pending) {
      if (e.type !== type) continue;
      seller.pending.delete(key);
      if (--count <= this.maxPerType) return;
    }
  }

  private send(seller: SellerStreams, text: string) {
    for (const res of seller.streams) {
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        res.destroy();
        continue;
      }
      res.write(text);
    }
  }

  private broadcast(text: string) {
    for (const seller of this.sellers.values()) this.send(seller, text);
  }

  private drop(sellerId: number, res: ServerResponse) {
    const seller = this.sellers.get(sellerId);
    if (!seller) return;
    seller.streams.delete(res);
    if (seller.streams.size) return;
    if (seller.timer) clearTimeout(seller.timer);
    this.sellers.delete(sellerId);
  }
}
