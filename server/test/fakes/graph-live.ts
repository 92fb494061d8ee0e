import type { FakeRoute, FakeRouteRequest, GraphAnswer } from './graph.ts';

/**
 * The Graph API of lives, for the fake Graph server (`graph.use(live.route)`): a page's live
 * videos (`GET /{page-id}/live_videos`), an Instagram account's live media (`GET
 * /{ig-user-id}/live_media`), the comments of a live video or live media (`GET /{id}/comments`,
 * paged with `after` cursors as Graph pages them), and Instagram private replies (`POST
 * /{ig-user-id}/messages`). Only what a test registered is answered; anything else falls through
 * to the base fake, which records it as unexpected. `fail(id, …answers)` queues error answers
 * (rate limits, tokens) before the normal ones.
 */
export interface FakeComment {
  id: string;
  from: { id: string; name?: string; username?: string };
  message: string;
  /** ISO time; Facebook's are answered as Graph writes them (`+0000`). */
  created_time: string;
}

/** Graph's own time format: `2026-12-01T20:31:00+0000`. */
const graphTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+0000');

const cursorOf = (n: number) => Buffer.from(`c:${n}`).toString('base64url');
const indexOf = (cursor: string | undefined) => {
  if (!cursor) return 0;
  const m = /^c:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return m ? Number(m[1]) : 0;
};

export function fakeLiveGraph(opts: { pageSize?: number } = {}) {
  const pageSize = opts.pageSize ?? 100;
  /** Live videos per page id. */
  const liveVideos = new Map<string, { id: string; title?: string; creation_time?: string }[]>();
  /** Live media per Instagram account id. */
  const liveMedia = new Map<string, { id: string; caption?: string; timestamp?: string }[]>();
  /** Comments per video or media id, and its platform. */
  const comments = new Map<string, { platform: 'facebook' | 'instagram'; list: FakeComment[] }>();
  /** Instagram accounts that take private replies. */
  const igAccounts = new Set<string>();
  /** Answers to give next, per object id (video, media, page, account), before the normal one. */
  const failures = new Map<string, GraphAnswer[]>();
  /** Every comments read, in order. */
  const commentReads: { id: string; query: Record<string, string> }[] = [];
  /** Every live videos / live media read. */
  const videoReads: { id: string; query: Record<string, string> }[] = [];
  /** Instagram private replies taken (and refused), in order. */
  const igMessages: { igUserId: string; query: Record<string, string>; body: Record<string, unknown> }[] = [];
  const igReplied = new Set<string>();

  const failure = (id: string) => failures.get(id)?.shift();
  const needsToken = (req: FakeRouteRequest): GraphAnswer | undefined =>
    req.query.access_token
      ? undefined
      : {
          status: 400,
          body: {
            error: { message: 'An active access token must be used', type: 'OAuthException', code: 190 },
          },
        };

  const route: FakeRoute = (req) => {
    const parts = req.path.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts.length !== 2) return undefined;
    const [id, edge] = parts;
    if (req.method === 'GET' && edge === 'live_videos' && liveVideos.has(id)) {
      videoReads.push({ id, query: req.query });
      const answer = failure(id) ?? needsToken(req);
      if (answer) return answer;
      const data = (liveVideos.get(id) ?? []).map((v) => ({
        id: v.id,
        title: v.title ?? null,
        status: 'LIVE',
        creation_time: v.creation_time ? graphTime(v.creation_time) : undefined,
      }));
      return { status: 200, body: { data } };
    }
    if (req.method === 'GET' && edge === 'live_media' && liveMedia.has(id)) {
      videoReads.push({ id, query: req.query });
      const answer = failure(id) ?? needsToken(req);
      if (answer) return answer;
      const data = (liveMedia.get(id) ?? []).map((m) => ({
        id: m.id,
        media_product_type: 'LIVE',
        caption: m.caption,
        timestamp: m.timestamp ? graphTime(m.timestamp) : undefined,
      }));
      return { status: 200, body: { data } };
    }
    if (req.method === 'GET' && edge === 'comments' && comments.has(id)) {
      commentReads.push({ id, query: req.query });
      const answer = failure(id) ?? needsToken(req);
      if (answer) return answer;
      const { platform, list } = comments.get(id) as { platform: string; list: FakeComment[] };
      const start = indexOf(req.query.after);
      const limit = Math.min(Number(req.query.limit) || 25, pageSize);
      const page = list.slice(start, start + limit);
      const data = page.map((c) =>
        platform === 'instagram'
          ? {
              id: c.id,
              text: c.message,
              timestamp: graphTime(c.created_time),
              from: { id: c.from.id, username: c.from.username ?? c.from.name },
            }
          : {
              id: c.id,
              message: c.message,
              created_time: graphTime(c.created_time),
              from: { id: c.from.id, name: c.from.name },
            },
      );
      if (!data.length) return { status: 200, body: { data } };
      const end = start + page.length;
      return {
        status: 200,
        body: {
          data,
          paging: {
            cursors: { before: cursorOf(start), after: cursorOf(end) },
            ...(end < list.length && { next: `https://graph.test/${id}/comments?after=${cursorOf(end)}` }),
          },
        },
      };
    }
    if (req.method === 'POST' && edge === 'messages' && igAccounts.has(id)) {
      igMessages.push({ igUserId: id, query: req.query, body: req.body });
      const answer = failure(id) ?? needsToken(req);
      if (answer) return answer;
      const commentId = (req.body.recipient as { comment_id?: string } | undefined)?.comment_id ?? '';
      if (igReplied.has(commentId)) {
        return {
          status: 400,
          body: { error: { message: 'Activity already replied to', type: 'OAuthException', code: 10900 } },
        };
      }
      igReplied.add(commentId);
      return {
        status: 200,
        body: { recipient_id: `igsid-${igMessages.length}`, message_id: `m_ig${igMessages.length}` },
      };
    }
    return undefined;
  };

  return {
    route,
    commentReads,
    videoReads,
    igMessages,
    /** The page's videos live now (none: an empty list, the page is known). */
    pageLive(pageId: string, ...videos: { id: string; title?: string; creation_time?: string }[]) {
      liveVideos.set(pageId, videos);
      for (const v of videos) if (!comments.has(v.id)) comments.set(v.id, { platform: 'facebook', list: [] });
    },
    /** The Instagram account's live media now. */
    accountLive(igUserId: string, ...media: { id: string; caption?: string; timestamp?: string }[]) {
      liveMedia.set(igUserId, media);
      igAccounts.add(igUserId);
      for (const m of media) if (!comments.has(m.id)) comments.set(m.id, { platform: 'instagram', list: [] });
    },
    /** Comments written on a video or live media (registered by pageLive / accountLive). */
    write(videoId: string, ...written: FakeComment[]) {
      const entry = comments.get(videoId);
      if (!entry) throw new Error(`unknown video ${videoId}`);
      entry.list.push(...written);
    },
    /** The next answers about this id (video, media, page, account), before the normal ones. */
    fail(id: string, ...answers: GraphAnswer[]) {
      failures.set(id, [...(failures.get(id) ?? []), ...answers]);
    },
    /** Comments reads of this video or media. */
    readsOf: (id: string) => commentReads.filter((r) => r.id === id),
  };
}

export type FakeLiveGraph = ReturnType<typeof fakeLiveGraph>;
