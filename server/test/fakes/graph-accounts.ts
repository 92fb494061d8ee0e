import { randomBytes } from 'node:crypto';
import { type FakeRoute, type FakeRouteRequest, type GraphAnswer, graphError } from './graph.ts';

/**
 * A small "Meta world" for the fake Graph server: one app, users who manage pages (some with an
 * Instagram business account), and the tokens Facebook Login hands out. It answers, as Graph
 * documents them:
 *
 * - `GET /oauth/access_token?client_id&redirect_uri&client_secret&code`: a short-lived user token;
 * - `GET /oauth/access_token?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token`:
 *   a long-lived user token (60 days);
 * - `GET /me?fields=id,name`, `GET /me/permissions` (user token);
 * - `GET /me/accounts?fields=…&limit&after` (user token): the pages with their page tokens, paged
 *   with cursors;
 * - `GET /{page-id}?fields=…` (the user's or the page's token);
 * - `POST|DELETE /{page-id}/subscribed_apps` (page token);
 * - `GET /{page-id}/live_videos`, `GET /{ig-user-id}/live_media` (page token): nothing live, as
 *   the pages of this world never broadcast (the live capture's own fake has live videos);
 * - `GET /debug_token?input_token` (app token `{app-id}|{app-secret}`).
 *
 * A token can be expired (error 190/463) or revoked (190); every request is kept in `calls`.
 */
export interface MetaPage {
  id: string;
  name: string;
  followers: number;
  instagram?: { id: string; username: string; name: string; followers: number };
}

export interface MetaUser {
  id: string;
  name: string;
  pages: MetaPage[];
  /** Granted permissions; default every one asked. */
  permissions?: string[];
  /** Declined permissions (listed with status `declined`). */
  declined?: string[];
}

interface Token {
  kind: 'short' | 'long' | 'page';
  userId: string;
  pageId?: string;
  expiresAt: number;
  revoked?: boolean;
}

/** Pages `/me/accounts` answers at most per call, whatever the limit asked (so paging is exercised). */
export const PAGE_SIZE = 2;

export function metaWorld(app: { id: string; secret: string }) {
  const users = new Map<string, MetaUser>();
  const codes = new Map<string, { userId: string; redirectUri: string }>();
  const tokens = new Map<string, Token>();
  /** Pages subscribed to the app, with their fields. */
  const subscribed = new Map<string, string>();
  const calls: FakeRouteRequest[] = [];
  const fresh = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;
  const issue = (t: Token) => {
    const token = fresh(t.kind === 'page' ? 'EAAPAGE' : 'EAAUSER');
    tokens.set(token, t);
    return token;
  };
  const pageOf = (pageId: string) => {
    for (const u of users.values()) {
      const page = u.pages.find((p) => p.id === pageId);
      if (page) return { user: u, page };
    }
    return undefined;
  };
  /** The page of this page id, or of this Instagram account id. */
  const ownerOf = (id: string) => {
    for (const u of users.values()) {
      const page = u.pages.find((p) => p.id === id || p.instagram?.id === id);
      if (page) return { user: u, page };
    }
    return undefined;
  };
  /** The token of a request, or the Graph error it earns. */
  const check = (token: string | undefined): Token | GraphAnswer => {
    const t = token ? tokens.get(token) : undefined;
    if (!t) return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (t.revoked)
      return graphError(400, 190, 'Error validating access token: the user has changed the password.', {
        error_subcode: 460,
      });
    if (t.expiresAt && t.expiresAt < Date.now()) {
      return graphError(400, 190, 'Error validating access token: Session has expired.', {
        error_subcode: 463,
      });
    }
    return t;
  };
  const isAnswer = (x: Token | GraphAnswer): x is GraphAnswer => 'status' in x;
  const ok = (body: unknown): GraphAnswer => ({ status: 200, body });
  const pageFields = (page: MetaPage, token?: string) => ({
    id: page.id,
    name: page.name,
    ...(token && { access_token: token }),
    picture: { data: { url: `https://scontent.example/${page.id}.jpg` } },
    followers_count: page.followers,
    fan_count: page.followers,
    ...(page.instagram && {
      instagram_business_account: {
        id: page.instagram.id,
        username: page.instagram.username,
        name: page.instagram.name,
        profile_picture_url: `https://scontent.example/${page.instagram.id}.jpg`,
        followers_count: page.instagram.followers,
      },
    }),
  });
  const pageToken = (userId: string, pageId: string) => issue({ kind: 'page', userId, pageId, expiresAt: 0 });

  const route: FakeRoute = (req) => {
    const { method, path, query } = req;
    const known =
      path === '/oauth/access_token' ||
      path === '/debug_token' ||
      path.startsWith('/me') ||
      /^\/[^/]+\/subscribed_apps$/.test(path) ||
      ownerOf(/^\/([^/]+)\/(?:live_videos|live_media)$/.exec(path)?.[1] ?? '') ||
      (/^\/[^/]+$/.test(path) && pageOf(path.slice(1)));
    if (!known) return undefined;
    calls.push(req);
    if (path === '/oauth/access_token' && method === 'GET') {
      if (query.client_id !== app.id || query.client_secret !== app.secret) {
        return graphError(400, 101, 'Error validating application. Invalid application ID.');
      }
      if (query.grant_type === 'fb_exchange_token') {
        const t = check(query.fb_exchange_token);
        if (isAnswer(t)) return t;
        const expiresIn = 60 * 24 * 3600;
        const token = issue({ kind: 'long', userId: t.userId, expiresAt: Date.now() + expiresIn * 1000 });
        return ok({ access_token: token, token_type: 'bearer', expires_in: expiresIn });
      }
      const code = codes.get(query.code ?? '');
      if (!code || code.redirectUri !== query.redirect_uri) {
        return graphError(400, 100, 'Invalid verification code format.', { error_subcode: 36008 });
      }
      codes.delete(query.code);
      const token = issue({ kind: 'short', userId: code.userId, expiresAt: Date.now() + 3600_000 });
      return ok({ access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (path === '/debug_token' && method === 'GET') {
      if (query.access_token !== `${app.id}|${app.secret}`) return graphError(400, 190, 'Invalid app token');
      const t = tokens.get(query.input_token ?? '');
      const valid = !!t && !t.revoked && (!t.expiresAt || t.expiresAt > Date.now());
      return ok({
        data: {
          app_id: app.id,
          type: t?.kind === 'page' ? 'PAGE' : 'USER',
          is_valid: valid,
          expires_at: t ? Math.floor(t.expiresAt / 1000) : 0,
          ...(t?.pageId && { profile_id: t.pageId }),
          user_id: t?.userId,
          ...(!valid && { error: { code: 190, message: 'The token is invalid or has expired' } }),
        },
      });
    }
    const t = check(query.access_token);
    if (isAnswer(t)) return t;
    const user = users.get(t.userId);
    if (!user) return graphError(400, 190, 'Invalid OAuth access token');
    if (path === '/me' && method === 'GET') {
      if (t.kind === 'page') return graphError(400, 100, 'Tried accessing nonexisting field');
      return ok({ id: user.id, name: user.name });
    }
    if (path === '/me/permissions' && method === 'GET') {
      const granted = user.permissions ?? [
        'pages_show_list',
        'pages_read_engagement',
        'pages_manage_metadata',
        'pages_messaging',
        'instagram_basic',
        'instagram_manage_comments',
        'instagram_manage_messages',
      ];
      return ok({
        data: [
          { permission: 'public_profile', status: 'granted' },
          ...granted.map((permission) => ({ permission, status: 'granted' })),
          ...(user.declined ?? []).map((permission) => ({ permission, status: 'declined' })),
        ],
      });
    }
    if (path === '/me/accounts' && method === 'GET') {
      if (t.kind === 'page') return graphError(400, 100, 'Tried accessing nonexisting field');
      const limit = Math.min(Number(query.limit ?? 25), PAGE_SIZE);
      const start = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) : 0;
      const slice = user.pages.slice(start, start + limit);
      const end = start + slice.length;
      const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
      return ok({
        data: slice.map((p) => pageFields(p, pageToken(user.id, p.id))),
        paging: {
          cursors: { before: cursor(start), after: cursor(end) },
          ...(end < user.pages.length && {
            next: `https://graph.facebook.com/me/accounts?after=${cursor(end)}`,
          }),
        },
      });
    }
    const sub = /^\/([^/]+)\/subscribed_apps$/.exec(path);
    if (sub) {
      if (t.kind !== 'page' || t.pageId !== sub[1]) {
        return graphError(400, 210, 'A page access token is required to request this resource.');
      }
      if (method === 'POST') {
        subscribed.set(sub[1], query.subscribed_fields ?? '');
        return ok({ success: true });
      }
      if (method === 'DELETE') {
        subscribed.delete(sub[1]);
        return ok({ success: true });
      }
    }
    const live = /^\/([^/]+)\/(?:live_videos|live_media)$/.exec(path);
    if (live && method === 'GET') {
      if (t.kind !== 'page' || ownerOf(live[1])?.page.id !== t.pageId) {
        return graphError(400, 210, 'A page access token is required to request this resource.');
      }
      return ok({ data: [] });
    }
    const found = pageOf(path.slice(1));
    if (found && method === 'GET') {
      if (t.kind === 'page' ? t.pageId !== found.page.id : found.user.id !== user.id) {
        return graphError(400, 10, 'Permission denied');
      }
      return ok(pageFields(found.page, t.kind === 'page' ? undefined : pageToken(user.id, found.page.id)));
    }
    return graphError(400, 100, `Unsupported ${method} request on ${path}`);
  };

  return {
    app,
    route,
    users,
    tokens,
    subscribed,
    calls,
    addUser(user: MetaUser) {
      users.set(user.id, user);
      return user;
    },
    /** The user went through Facebook's dialog and allowed the app: the code it sends back. */
    authorize(userId: string, redirectUri: string) {
      const code = fresh('AQ');
      codes.set(code, { userId, redirectUri });
      return code;
    },
    /** Every token of this page, or of this user, stops working (expired or revoked). */
    expire(id: string, how: 'expired' | 'revoked' = 'expired') {
      for (const t of tokens.values()) {
        if (t.pageId === id || (t.userId === id && !t.pageId)) {
          if (how === 'revoked') t.revoked = true;
          else t.expiresAt = Date.now() - 1000;
        }
      }
    },
    /** Calls to this path (without version), in order. */
    callsTo: (path: string, method = 'GET') => calls.filter((c) => c.path === path && c.method === method),
  };
}

export type MetaWorld = ReturnType<typeof metaWorld>;
