import { MAX_ID } from '@livecart/contract/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, graphError, startFakeGraph } from '../../../test/fakes/graph.ts';
import { type MetaWorld, metaWorld } from '../../../test/fakes/graph-accounts.ts';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  mergeCookies,
  ORIGIN,
  startTestApp,
} from '../../../test/helpers.ts';
import { comment, startSession } from '../../../test/live-fixtures.ts';
import { createProduct, loadRefs, type Refs, simpleBody, uniq } from '../../../test/product-fixtures.ts';
import { liveComments, privateReplies, socialAccounts, stores } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Connect Facebook, pick pages, My Stores, resynchronisation: against the fake Graph server and its
 * small Meta world (an app, users with pages, tokens that expire); any request it does not expect
 * fails the test.
 */

const APP = { id: '1234567890', secret: 'app-secret-of-the-test-app' };
const VERSION = 'v21.0';
const CALLBACK = `${ORIGIN}/api/stores/facebook/callback`;
let rt: Runtime;
let graph: FakeGraph;
let world: MetaWorld;
let refs: Refs;

beforeAll(async () => {
  world = metaWorld(APP);
  graph = await startFakeGraph({ routes: [world.route] });
  rt = await startTestApp({
    graph: { url: graph.url, version: VERSION },
    facebook: { appId: APP.id, appSecret: APP.secret },
  });
  refs = await loadRefs(rt);
});
afterAll(async () => {
  await rt.close();
  await graph.close();
});
afterEach(() => expect(graph.unexpected).toEqual([]));

const db = () => rt.deps.database.db;
type Api = Awaited<ReturnType<typeof client>>;
const digits = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** A Facebook user managing three pages, the first with an Instagram account. */
function metaUser(opts: { permissions?: string[]; declined?: string[] } = {}) {
  const id = digits();
  return world.addUser({
    id,
    name: 'Camille Martin',
    ...opts,
    pages: [
      {
        id: `1${digits()}`,
        name: 'Robes de Camille',
        followers: 1520,
        instagram: {
          id: `17${digits()}`,
          username: 'robes.camille',
          name: 'Robes de Camille',
          followers: 4200,
        },
      },
      { id: `2${digits()}`, name: 'Camille Outlet', followers: 310 },
      { id: `3${digits()}`, name: 'Camille Kids', followers: 75 },
    ],
  });
}

/** "Connect my pages" then Facebook's dialog allowed: the callback's answer. */
async function connect(api: Api, userId: string, tamper?: (state: string) => string) {
  const start = await api.get('/api/stores/facebook/connect');
  expect(start.statusCode, start.body).toBe(200);
  mergeCookies(api.jar, start.headers['set-cookie']);
  const url = new URL(start.json().url);
  const state = url.searchParams.get('state') ?? '';
  const code = world.authorize(userId, url.searchParams.get('redirect_uri') ?? '');
  const res = await api.get(
    `/api/stores/facebook/callback?code=${code}&state=${encodeURIComponent(tamper ? tamper(state) : state)}`,
  );
  mergeCookies(api.jar, res.headers['set-cookie']);
  return { res, url, state, code };
}

async function connectedSeller(opts: Parameters<typeof metaUser>[0] = {}) {
  const seller = await makeSeller(rt);
  const api = await client(rt, seller);
  const user = metaUser(opts);
  const { res } = await connect(api, user.id);
  expect(res.headers.location).toBe('/stores?connect=pick');
  return { seller, api, user };
}

const accountOf = async (sellerId: number) =>
  (await db().select().from(socialAccounts).where(eq(socialAccounts.seller_id, sellerId)))[0];
const storesOf = (sellerId: number) => db().select().from(stores).where(eq(stores.seller_id, sellerId));

describe('connect Facebook', () => {
  it('opens Facebook’s dialog, exchanges the code for a long-lived token and saves the account encrypted', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const user = metaUser();
    const before = world.calls.length;
    const { res, url, code } = await connect(api, user.id);

    expect(`${url.origin}${url.pathname}`).toBe(`https://www.facebook.com/${VERSION}/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: APP.id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope:
        'pages_show_list,pages_read_engagement,pages_manage_metadata,pages_messaging,instagram_basic,' +
        'instagram_manage_comments,instagram_manage_messages',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/stores?connect=pick');

    const calls = world.calls.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /oauth/access_token',
      'GET /oauth/access_token',
      'GET /me',
      'GET /me/permissions',
    ]);
    expect(calls[0].query).toEqual({
      client_id: APP.id,
      redirect_uri: CALLBACK,
      client_secret: APP.secret,
      code,
    });
    expect(calls[1].query).toMatchObject({
      grant_type: 'fb_exchange_token',
      client_id: APP.id,
      client_secret: APP.secret,
    });
    const short = calls[1].query.fb_exchange_token;
    expect(world.tokens.get(short)?.kind).toBe('short');
    const long = calls[2].query.access_token;
    expect(world.tokens.get(long)?.kind).toBe('long');
    expect(calls[2].query.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);

    const account = await accountOf(seller.id);
    expect(account).toMatchObject({
      platform: 'facebook',
      external_user_id: user.id,
      name: 'Camille Martin',
    });
    expect(account.access_token_encrypted).not.toContain(long);
    expect(account.token_expires_at?.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600_000);
    expect(account.granted_scopes).toContain('pages_messaging');
  });

  it('a forged, tampered, replayed or another browser’s state is refused and nothing is saved', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const user = metaUser();
    const forged = await connect(api, user.id, () => `${seller.id}.${Date.now() + 60_000}.abc.def`);
    expect(forged.res.headers.location).toBe('/stores?connect=error&error=facebook_connect_refused');
    const tampered = await connect(api, user.id, (s) => s.replace(/^\d+/, String(seller.id + 1)));
    expect(tampered.res.headers.location).toBe('/stores?connect=error&error=facebook_connect_refused');

    // The state of another seller's browser (no cookie of it here).
    const other = await client(rt, await makeSeller(rt));
    const start = await other.get('/api/stores/facebook/connect');
    const state = new URL(start.json().url).searchParams.get('state') ?? '';
    const stolen = await api.get(`/api/stores/facebook/callback?code=x&state=${encodeURIComponent(state)}`);
    expect(stolen.headers.location).toBe('/stores?connect=error&error=facebook_connect_refused');
    expect(await accountOf(seller.id)).toBeUndefined();

    // Once used, the same state opens nothing again.
    const ok = await connect(api, user.id);
    expect(ok.res.headers.location).toBe('/stores?connect=pick');
    const code = world.authorize(user.id, CALLBACK);
    const replay = await api.get(
      `/api/stores/facebook/callback?code=${code}&state=${encodeURIComponent(ok.state)}`,
    );
    expect(replay.headers.location).toBe('/stores?connect=error&error=facebook_connect_refused');

    // Denied on Facebook's dialog.
    const denied = await api.get(
      '/api/stores/facebook/callback?error=access_denied&error_reason=user_denied',
    );
    expect(denied.headers.location).toBe('/stores?connect=error&error=facebook_connect_refused');
  });

  it('a permission not granted is refused, naming it', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const user = metaUser({
      permissions: ['pages_show_list', 'pages_read_engagement', 'pages_manage_metadata'],
      declined: ['pages_messaging'],
    });
    const { res } = await connect(api, user.id);
    expect(res.headers.location).toBe(
      '/stores?connect=error&error=facebook_permission_missing&permission=pages_messaging',
    );
    expect(await accountOf(seller.id)).toBeUndefined();
  });
});

describe('pages and stores', () => {
  it('lists every page (paged by Facebook), adds the chosen ones with their Instagram account and subscribes them', async () => {
    const { seller, api, user } = await connectedSeller();
    const [withIg, outlet, kids] = user.pages;
    const before = world.calls.length;
    const pages = await api.get('/api/social-account/pages');
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.json().items.map((p: { id: string }) => p.id)).toEqual([withIg.id, outlet.id, kids.id]);
    expect(pages.json().items[0]).toMatchObject({
      name: 'Robes de Camille',
      follower_count: 1520,
      added: false,
      instagram: { id: withIg.instagram?.id, username: 'robes.camille', follower_count: 4200 },
    });
    const listed = world.calls.slice(before);
    expect(listed.map((c) => c.path)).toEqual(['/me/accounts', '/me/accounts']);
    expect(listed[0].query.fields).toBe(
      'id,name,access_token,picture{url},followers_count,fan_count,' +
        'instagram_business_account{id,username,name,profile_picture_url,followers_count}',
    );
    expect(listed[0].query.after).toBeUndefined();
    expect(listed[1].query.after).toBeTruthy();

    const synced = await api.post('/api/social-sync', { page_ids: [withIg.id, outlet.id] });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({ success: true, count: 3, resent: 0 });
    const subs = world.callsTo(`/${withIg.id}/subscribed_apps`, 'POST');
    expect(subs).toHaveLength(1);
    expect(subs[0].query.subscribed_fields).toBe('feed,live_videos');
    expect(world.tokens.get(subs[0].query.access_token)).toMatchObject({ kind: 'page', pageId: withIg.id });
    expect(world.subscribed.has(outlet.id)).toBe(true);
    expect(world.subscribed.has(kids.id)).toBe(false);

    const rows = await storesOf(seller.id);
    expect(rows).toHaveLength(3);
    const ig = rows.find((r) => r.platform === 'instagram');
    expect(ig).toMatchObject({ username: 'robes.camille', page_id: withIg.id, follower_count: 4200 });
    expect(rows.every((r) => r.access_token_encrypted && !r.access_token_encrypted.startsWith('EAA'))).toBe(
      true,
    );
    expect(rows.every((r) => r.webhooks_subscribed_at)).toBe(true);
    expect(rows.filter((r) => r.selected)).toHaveLength(1);

    const list = await api.get('/api/fetch-stores');
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(3);
    expect(list.json().items[0]).toMatchObject({ token_state: 'valid', connected: true, sandbox: false });
    expect(JSON.stringify(list.json())).not.toMatch(/EAA|access_token/);
    expect((await api.get('/api/social-account/pages')).json().items[0].added).toBe(true);
  });

  it('selects one store as the default: one per seller, new live sessions use it', async () => {
    const { seller, api, user } = await connectedSeller();
    await api.post('/api/social-sync', { page_ids: [user.pages[0].id, user.pages[1].id] });
    const outlet = (await storesOf(seller.id)).find((r) => r.external_id === user.pages[1].id);
    const res = await api.post(`/api/stores/select/${outlet?.id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ id: outlet?.id, selected: true });
    const selected = (await storesOf(seller.id)).filter((r) => r.selected);
    expect(selected.map((r) => r.id)).toEqual([outlet?.id]);
    const { sessionId } = await startSession(rt, api);
    expect((await api.get(`/api/livesession/${sessionId}`)).json().item.store_id).toBe(outlet?.id);
  });

  it('a sync re-reads the page, its followers and its token’s expiry', async () => {
    const { seller, api, user } = await connectedSeller();
    await api.post('/api/social-sync', { page_ids: [user.pages[0].id] });
    user.pages[0].followers = 2000;
    const store = (await storesOf(seller.id)).find((r) => r.platform === 'facebook');
    const before = world.calls.length;
    const res = await api.post(`/api/stores/sync/${store?.id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ follower_count: 2000, token_state: 'valid' });
    expect(world.calls.slice(before).map((c) => c.path)).toEqual([`/${user.pages[0].id}`, '/debug_token']);
  });

  it('disconnecting a page unsubscribes it and removes it with its Instagram account', async () => {
    const { seller, api, user } = await connectedSeller();
    const page = user.pages[0];
    await api.post('/api/social-sync', { page_ids: [page.id, user.pages[1].id] });
    const fb = (await storesOf(seller.id)).find((r) => r.external_id === page.id);
    const res = await api.delete(`/api/stores/${fb?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, count: 2 });
    const calls = world.callsTo(`/${page.id}/subscribed_apps`, 'DELETE');
    expect(calls).toHaveLength(1);
    expect(world.tokens.get(calls[0].query.access_token)?.pageId).toBe(page.id);
    expect(world.subscribed.has(page.id)).toBe(false);
    expect((await storesOf(seller.id)).map((r) => r.external_id)).toEqual([user.pages[1].id]);
  });
});

describe('who may call', () => {
  it('sellers only; another seller’s store is not found; hostile input names the field and changes nothing', async () => {
    const { seller, api, user } = await connectedSeller();
    await api.post('/api/social-sync', { page_ids: [user.pages[1].id] });
    const [store] = await storesOf(seller.id);
    const admin = await client(rt, await makeAdmin(rt));
    const buyer = await client(rt, await makeBuyer(rt));
    const expired = await client(rt, await makeSeller(rt, { subscription: 'expired' }));
    for (const who of [admin, buyer]) {
      expect((await who.get('/api/fetch-stores')).statusCode).toBe(403);
      expect((await who.post(`/api/stores/select/${store.id}`, {})).statusCode).toBe(403);
    }
    expect((await rt.app.inject({ method: 'GET', url: '/api/fetch-stores' })).statusCode).toBe(401);
    const late = await expired.get('/api/fetch-stores');
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe('plan_required');

    const other = await client(rt, await makeSeller(rt));
    expect((await other.post(`/api/stores/select/${store.id}`, {})).statusCode).toBe(404);
    expect((await other.post(`/api/stores/sync/${store.id}`, {})).statusCode).toBe(404);
    expect((await other.delete(`/api/stores/${store.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/fetch-stores')).json()).toEqual({ count: 0, items: [] });

    const big = await api.post(`/api/stores/select/${MAX_ID + 1}`, {});
    expect(big.statusCode).toBe(400);
    expect(big.json().fields).toHaveProperty('id');
    const nul = await api.post('/api/social-sync', { page_ids: ['12\u00003'] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual({ 'page_ids.0': 'invalid' });
    const nulState = await api.get('/api/stores/facebook/callback?code=a%00b&state=x');
    expect(nulState.statusCode).toBe(400);
    const notMine = await api.post('/api/social-sync', { page_ids: [user.pages[0].id, '99999999999'] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toMatchObject({ error: 'page_not_found', fields: { page_ids: 'page_not_found' } });
    const bad = await api.post('/api/social-sync', { page_ids: ['../me'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'page_ids.0': 'invalid' });
    expect((await storesOf(seller.id)).map((r) => r.id)).toEqual([store.id]);
    expect((await api.get('/api/fetch-stores?limit=25')).statusCode).toBe(400);
  });

  it('signed out, connect and the callback answer 401', async () => {
    expect((await rt.app.inject({ method: 'GET', url: '/api/stores/facebook/connect' })).statusCode).toBe(
      401,
    );
    const callback = await rt.app.inject({
      method: 'GET',
      url: '/api/stores/facebook/callback?code=x&state=y',
    });
    expect(callback.statusCode).toBe(401);
  });
});

describe('an expired token, resynchronised', () => {
  it('the Live Selling list reports it, a sync brings a fresh token and the refused reply is sent', async () => {
    const { seller, api, user } = await connectedSeller();
    const page = user.pages[1];
    await api.post('/api/social-sync', { page_ids: [page.id] });
    const [store] = await storesOf(seller.id);
    const keyword = `robe${uniq()}`;
    await createProduct(
      api,
      simpleBody(refs, { keywords: keyword, isPublish: true, quantity: 5, price: 20 }),
    );
    const { sessionId, post } = await startSession(rt, api);

    graph.answer(
      page.id,
      graphError(400, 190, 'Error validating access token: Session has expired.', { error_subcode: 463 }),
    );
    const c = comment(keyword, `fb-${uniq()}`);
    await post([c]);
    await rt.worker.drain();
    const [refused] = await db()
      .select()
      .from(privateReplies)
      .where(eq(privateReplies.session_id, sessionId));
    expect(refused).toMatchObject({ status: 'failed', error_kind: 'token' });
    const list = (await api.get('/api/livesession/fetch-items')).json();
    expect(list.longTokenError).toBe('expired');
    expect((await api.get('/api/fetch-stores')).json().items[0].token_state).toBe('expired');

    const sent = graph.to(page.id).length;
    const sync = await api.post(`/api/stores/sync/${store.id}`, {});
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json()).toMatchObject({ resent: 1, item: { token_state: 'valid' } });
    expect((await api.get('/api/livesession/fetch-items')).json().longTokenError).toBeNull();
    await rt.worker.drain();

    const calls = graph.to(page.id).slice(sent);
    expect(calls).toHaveLength(1);
    expect(calls[0].body.recipient?.comment_id).toBe(c.id);
    expect(world.tokens.get(calls[0].query.access_token)).toMatchObject({ kind: 'page', pageId: page.id });
    const [reply] = await db()
      .select({ status: privateReplies.status })
      .from(privateReplies)
      .innerJoin(liveComments, eq(liveComments.id, privateReplies.live_comment_id))
      .where(and(eq(liveComments.external_id, c.id), eq(privateReplies.session_id, sessionId)));
    expect(reply.status).toBe('sent');
  });

  it('a token Facebook rejects everywhere marks the store; connecting again and adding the page sends the reply', async () => {
    const { seller, api, user } = await connectedSeller();
    const page = user.pages[2];
    await api.post('/api/social-sync', { page_ids: [page.id] });
    const keyword = `robe${uniq()}`;
    await createProduct(
      api,
      simpleBody(refs, { keywords: keyword, isPublish: true, quantity: 5, price: 20 }),
    );
    const { post } = await startSession(rt, api);
    world.expire(user.id, 'revoked');
    world.expire(page.id, 'revoked');
    graph.answer(
      page.id,
      graphError(400, 190, 'Error validating access token: the user has changed the password.'),
    );
    const c = comment(keyword, `fb-${uniq()}`);
    await post([c]);
    await rt.worker.drain();

    const [store] = await storesOf(seller.id);
    const res = await api.post(`/api/stores/sync/${store.id}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('facebook_token_invalid');
    expect((await storesOf(seller.id))[0]).toMatchObject({ token_error: 'invalid', sync_status: 'error' });
    expect((await accountOf(seller.id)).token_error).toBe('invalid');
    expect((await api.get('/api/fetch-stores')).json().items[0].token_state).toBe('invalid');

    // Connecting again and adding the page gives it a working token, and the reply goes out.
    const again = await connect(api, user.id);
    expect(again.res.headers.location).toBe('/stores?connect=pick');
    const synced = await api.post('/api/social-sync', { page_ids: [page.id] });
    expect(synced.json()).toMatchObject({ resent: 1, items: [{ token_state: 'valid' }] });
    const sent = graph.to(page.id).length;
    await rt.worker.drain();
    const calls = graph.to(page.id).slice(sent);
    expect(calls.map((r) => r.body.recipient?.comment_id)).toEqual([c.id]);
    expect(world.tokens.get(calls[0].query.access_token)?.revoked).toBeUndefined();
  });
});
