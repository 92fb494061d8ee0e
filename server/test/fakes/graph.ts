import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Facebook Graph API's Send API (`POST /{version}/{page-id}/messages`)
 * and its comment read (`GET /{version}/{comment-id}?fields=can_reply_privately`): answers like
 * Graph does (`{recipient_id, message_id}`, or `{error: {…}}` with its HTTP status), records every
 * request, and answers anything else 404 while noting it in `unexpected`, which a test asserts
 * empty. Like Graph, a comment takes one private reply: a second one is refused with error 10900
 * ("Activity already replied to") and the comment then reads `can_reply_privately: false`.
 */
export interface GraphRequest {
  method: string;
  path: string;
  pageId: string;
  version: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: {
    recipient?: { comment_id?: string; post_id?: string; id?: string };
    message?: { text?: string };
    messaging_type?: string;
  };
}

export interface GraphAnswer {
  status: number;
  body: unknown;
  /** Answer this long after the request arrived (a slow Graph API). */
  delayMs?: number;
}

/** A Graph error answer, shaped as the Messenger Platform documents it. */
export const graphError = (
  status: number,
  code: number,
  message: string,
  extra: { error_subcode?: number; type?: string; is_transient?: boolean } = {},
): GraphAnswer => ({
  status,
  body: {
    error: { message, type: extra.type ?? 'OAuthException', code, ...extra, fbtrace_id: 'AbCdEf123' },
  },
});

const ALREADY_REPLIED = () => graphError(400, 10900, '(#10900) Activity already replied to');

/** A request as a {@link FakeRoute} sees it: body parsed as JSON, or as a form, or empty. */
export interface FakeRouteRequest {
  method: string;
  /** The path without its version: `/me/accounts`, `/123/comments`. */
  path: string;
  version: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * More of the Graph API (OAuth, pages, live videos, comments…): answers the requests it knows,
 * undefined for the others, which go on to the next route and at last to `unexpected`.
 */
export type FakeRoute = (req: FakeRouteRequest) => GraphAnswer | undefined | Promise<GraphAnswer | undefined>;

/** Listens on `port` (0: any free port) of 127.0.0.1; `routes` answer before the Send API's. */
export async function startFakeGraph(opts: { port?: number; routes?: FakeRoute[] } = {}) {
  const routes = [...(opts.routes ?? [])];
  const requests: GraphRequest[] = [];
  /** Comment reads (`GET /{comment-id}`), by comment id. */
  const reads: { commentId: string; query: Record<string, string> }[] = [];
  const unexpected: string[] = [];
  /** Answers to give next, in order, per page id (or `*` for any page); then success. */
  const queued = new Map<string, GraphAnswer[]>();
  /** Private replies Graph took, per comment id. */
  const replied = new Map<string, number>();
  /** Private replies sent again to a comment already answered (refused with 10900), per comment id. */
  const resent = new Map<string, number>();
  let n = 0;

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = async (a: GraphAnswer) => {
      if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    };
    const raw = Buffer.concat(chunks).toString('utf8');
    const routed = /^\/(v\d+\.\d+)(\/.*)$/.exec(url.pathname);
    if (routes.length) {
      const routeReq: FakeRouteRequest = {
        method: req.method ?? 'GET',
        path: routed ? routed[2] : url.pathname,
        version: routed ? routed[1] : '',
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: parseBody(raw, req.headers['content-type']),
      };
      for (const route of routes) {
        const answer = await route(routeReq);
        if (answer) return send(answer);
      }
    }
    const read = /^\/(v\d+\.\d+)\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && read) {
      const commentId = decodeURIComponent(read[2]);
      reads.push({ commentId, query: Object.fromEntries(url.searchParams) });
      const next = queued.get(`read:${commentId}`)?.shift();
      if (next) return send(next);
      if (!url.searchParams.get('access_token')) {
        return send(graphError(400, 190, 'An active access token must be used to query information.'));
      }
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      return send({
        status: 200,
        body: {
          id: commentId,
          ...(fields.includes('can_reply_privately') && { can_reply_privately: !replied.has(commentId) }),
        },
      });
    }
    const m = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method !== 'POST' || !m) {
      unexpected.push(`${req.method} ${url.pathname}`);
      return send(graphError(404, 803, 'Unknown path components', { type: 'OAuthException' }));
    }
    let body: GraphRequest['body'] = {};
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      unexpected.push(`non-JSON body on ${url.pathname}`);
    }
    const [, version, pageId] = m;
    requests.push({
      method: req.method,
      path: url.pathname,
      pageId: decodeURIComponent(pageId),
      version,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });
    const queue = queued.get(decodeURIComponent(pageId))?.length
      ? queued.get(decodeURIComponent(pageId))
      : queued.get('*');
    const next = queue?.shift();
    if (next) return send(next);
    if (!url.searchParams.get('access_token')) {
      return send(graphError(400, 190, 'An active access token must be used to query information.'));
    }
    const commentId = body.recipient?.comment_id;
    if (commentId !== undefined && replied.has(commentId)) {
      resent.set(commentId, (resent.get(commentId) ?? 0) + 1);
      return send(ALREADY_REPLIED());
    }
    if (commentId !== undefined) replied.set(commentId, (replied.get(commentId) ?? 0) + 1);
    n += 1;
    return send({ status: 200, body: { recipient_id: `psid-${n}`, message_id: `m_fake${n}` } });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reads,
    unexpected,
    replied,
    resent,
    /** Adds a route, answered before those given earlier's fall-through (first added, first asked). */
    use(route: FakeRoute) {
      routes.push(route);
    },
    /** The next answers for this page (in order), before the default success. */
    answer(pageId: string, ...answers: GraphAnswer[]) {
      queued.set(pageId, [...(queued.get(pageId) ?? []), ...answers]);
    },
    /** The next answers to reads of this comment (in order), before the comment's state. */
    answerRead(commentId: string, ...answers: GraphAnswer[]) {
      const key = `read:${commentId}`;
      queued.set(key, [...(queued.get(key) ?? []), ...answers]);
    },
    /** Requests sent as this page. */
    to: (pageId: string) => requests.filter((r) => r.pageId === pageId),
    /** Reads of this comment. */
    readsOf: (commentId: string) => reads.filter((r) => r.commentId === commentId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** A JSON or form-encoded body as an object (a body that is neither: empty). */
function parseBody(raw: string, type: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (type?.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;
