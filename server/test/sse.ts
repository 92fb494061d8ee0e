import type { LiveEventMessage } from '../src/modules/events/bus.ts';

/** An `/api/events` stream read with fetch, as the browser's EventSource would. */
export interface LiveStream {
  status: number;
  headers: Headers;
  /** Everything received so far, as text. */
  text(): string;
  /** The `event: live` messages received so far. */
  events: LiveEventMessage[];
  /** Resolves with the first message (past or future) matching `match`; fails after `ms`. */
  waitFor(match: (e: LiveEventMessage) => boolean, ms?: number): Promise<LiveEventMessage>;
  close(): void;
}

/** Opens `url` with the cookie; answers once the headers are in (the body keeps streaming). */
export async function openLiveStream(url: string, cookie?: string): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(cookie && { cookie }) },
    signal: abort.signal,
  });
  let raw = '';
  let buffer = '';
  const events: LiveEventMessage[] = [];
  const waiters = new Set<() => void>();

  const parse = (block: string) => {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (name === 'live' && data.length) events.push(JSON.parse(data.join('\n')));
  };

  void (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        raw += text;
        buffer += text;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        for (const w of waiters) w();
      }
    } catch {
      // aborted or the server ended the stream
    }
  })();

  return {
    status: res.status,
    headers: res.headers,
    text: () => raw,
    events,
    waitFor(match, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
