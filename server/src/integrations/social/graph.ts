import { createHmac } from 'node:crypto';
import type { GraphError } from './facebook.ts';

/**
 * One call to Meta's Graph API (`{graphUrl}/{version}/{path}`), shared by every adapter: the
 * Send API, the OAuth exchange, pages, live videos and comments. The access token goes in the
 * query with its `appsecret_proof` when the app secret is known (Meta's recommended hardening);
 * a body is sent as JSON. Answers the parsed JSON; a Graph error answer throws {@link GraphCallError}
 * with its HTTP status and `error` object, a network failure or timeout throws it with `status` 0.
 * No message ever holds the URL: it carries the token.
 */
export interface GraphOptions {
  /** `https://graph.facebook.com`, or a local fake in tests. */
  graphUrl: string;
  /** Graph API version, as `v21.0`. */
  version: string;
  appSecret?: string;
  fetch?: typeof fetch;
  /** A call taking longer is abandoned (status 0). */
  timeoutMs?: number;
}

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Query parameters (besides the token). */
  params?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The user, page or app token of the call; none for the OAuth exchange (it has its own parameters). */
  token?: string;
}

export class GraphCallError extends Error {
  override name = 'GraphCallError';
  constructor(
    message: string,
    /** The HTTP status; 0 when Graph could not be reached or did not answer in time. */
    readonly status: number,
    readonly error: GraphError | undefined,
  ) {
    super(message);
  }
}

export function graphApi(opts: GraphOptions) {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.graphUrl.replace(/\/$/, '');
  return async function graph<T = unknown>(path: string, req: GraphRequest = {}): Promise<T> {
    const method = req.method ?? 'GET';
    const url = new URL(`${base}/${opts.version}/${path.replace(/^\//, '')}`);
    for (const [k, v] of Object.entries(req.params ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    if (req.token) {
      url.searchParams.set('access_token', req.token);
      if (opts.appSecret) {
        url.searchParams.set(
          'appsecret_proof',
          createHmac('sha256', opts.appSecret).update(req.token).digest('hex'),
        );
      }
    }
    let res: Response;
    let body: unknown;
    try {
      res = await doFetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(req.body !== undefined && { 'content-type': 'application/json' }),
        },
        body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      body = await res.json().catch(() => null);
    } catch (err) {
      const why = err instanceof Error ? err.name : 'error';
      throw new GraphCallError(`Facebook could not be reached (${why})`, 0, undefined);
    }
    const error = (body as { error?: GraphError } | null)?.error;
    if (res.ok && !error) return body as T;
    throw new GraphCallError(
      `Facebook answered HTTP ${res.status}${error?.code !== undefined ? ` (error ${error.code})` : ''}`,
      res.status,
      error,
    );
  };
}

export type Graph = ReturnType<typeof graphApi>;
