import type { Graph } from './graph.ts';

/**
 * What the live engine reads of a store's lives on the Graph API, as the page (Facebook) or the
 * Instagram professional account with its linked page's token:
 *
 *   GET /{page-id}/live_videos?broadcast_status=["LIVE"]&fields=id,title,status,creation_time
 *   GET /{ig-user-id}/live_media?fields=id,media_product_type,caption,timestamp
 *   GET /{live-video-id}/comments?order=chronological&filter=stream&live_filter=no_filter
 *       &fields=id,from{id,name},message,created_time&limit=100&after=…
 *   GET /{live-media-id}/comments?fields=id,text,timestamp,from{id,username}&limit=100&after=…
 *
 * Every failure is a `GraphCallError` thrown by `graph` (the caller sorts it with
 * `classifyGraphError`).
 */

/** A live broadcast of a store now. */
export interface LiveVideo {
  id: string;
  title: string | null;
  startedAt: string | null;
}

/** A comment as the live engine ingests it (Graph-API-shaped). */
export interface PolledComment {
  id: string;
  from: { id: string; name: string | null };
  message: string;
  created_time: string;
}

/** One page of comments read, and the cursor to read the next from (the old one when none). */
export interface CommentsPage {
  comments: PolledComment[];
  cursor: string | null;
  more: boolean;
}

interface GraphList<T> {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The page's videos live now. */
export async function facebookLiveVideos(graph: Graph, pageId: string, token: string): Promise<LiveVideo[]> {
  const body = await graph<GraphList<Record<string, unknown>>>(`${encodeURIComponent(pageId)}/live_videos`, {
    params: { broadcast_status: '["LIVE"]', fields: 'id,title,status,creation_time' },
    token,
  });
  return (body?.data ?? [])
    .filter((v) => typeof v.id === 'string' && (v.status === undefined || v.status === 'LIVE'))
    .map((v) => ({ id: v.id as string, title: text(v.title), startedAt: isoOf(v.creation_time) }));
}

/** The Instagram account's live media now (Graph lists only those being broadcast). */
export async function instagramLiveMedia(
  graph: Graph,
  igUserId: string,
  token: string,
): Promise<LiveVideo[]> {
  const body = await graph<GraphList<Record<string, unknown>>>(`${encodeURIComponent(igUserId)}/live_media`, {
    params: { fields: 'id,media_product_type,caption,timestamp' },
    token,
  });
  return (body?.data ?? [])
    .filter((m) => typeof m.id === 'string')
    .map((m) => ({ id: m.id as string, title: text(m.caption), startedAt: isoOf(m.timestamp) }));
}

/** Comments of a live video after `cursor`, oldest first. */
export async function facebookLiveComments(
  graph: Graph,
  videoId: string,
  token: string,
  cursor: string | null,
): Promise<CommentsPage> {
  const body = await graph<GraphList<Record<string, unknown>>>(`${encodeURIComponent(videoId)}/comments`, {
    params: {
      order: 'chronological',
      filter: 'stream',
      live_filter: 'no_filter',
      fields: 'id,from{id,name},message,created_time',
      limit: 100,
      after: cursor ?? undefined,
    },
    token,
  });
  const comments = (body?.data ?? []).flatMap((c) => {
    const from = c.from as { id?: unknown; name?: unknown } | undefined;
    const id = text(c.id);
    const created = isoOf(c.created_time);
    if (!id || !created || typeof from?.id !== 'string') return [];
    return [
      {
        id,
        from: { id: from.id, name: text(from.name) },
        message: text(c.message) ?? '',
        created_time: created,
      },
    ];
  });
  return pageOf(body, comments, cursor);
}

/** Comments of an Instagram live media after `cursor`. */
export async function instagramLiveComments(
  graph: Graph,
  mediaId: string,
  token: string,
  cursor: string | null,
): Promise<CommentsPage> {
  const body = await graph<GraphList<Record<string, unknown>>>(`${encodeURIComponent(mediaId)}/comments`, {
    params: { fields: 'id,text,timestamp,from{id,username}', limit: 100, after: cursor ?? undefined },
    token,
  });
  const comments = (body?.data ?? []).flatMap((c) => {
    const from = c.from as { id?: unknown; username?: unknown } | undefined;
    const id = text(c.id);
    const created = isoOf(c.timestamp);
    if (!id || !created || typeof from?.id !== 'string') return [];
    return [
      {
        id,
        from: { id: from.id, name: text(from.username) },
        message: text(c.text) ?? '',
        created_time: created,
      },
    ];
  });
  return pageOf(body, comments, cursor);
}

function pageOf(
  body: GraphList<unknown> | null,
  comments: PolledComment[],
  cursor: string | null,
): CommentsPage {
  const after = body?.paging?.cursors?.after;
  return { comments, cursor: after || cursor, more: !!body?.paging?.next && comments.length > 0 };
}

/**
 * A Graph time as ISO: `2026-12-01T20:31:00+0000` (Graph's own), ISO with a colon, or Unix seconds
 * (webhooks); null when it is none of them.
 */
export function isoOf(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) {
    const d = new Date(v < 1e12 ? v * 1000 : v);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  if (typeof v !== 'string' || !v) return null;
  const s = /[+-]\d{4}$/.test(v) ? `${v.slice(0, -2)}:${v.slice(-2)}` : v;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
