import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authedClient,
  client,
  cookieHeader,
  makeAdmin,
  makeBuyer,
  makeSeller,
  mergeCookies,
  ORIGIN,
  PASSWORD,
  signIn,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { loadRefs, type Refs, simpleBody } from '../../../test/product-fixtures.ts';
import {
  impersonations,
  paymentMethods,
  products,
  sellerAudit,
  userSessions,
  users,
} from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Log in as a seller (SPEC §1): the admin uses the seller's back-office, every change recorded
 * with the admin's id, and one call brings the admin back to their own session.
 */

let rt: Runtime;
let refs: Refs;
type Api = Awaited<ReturnType<typeof client>>;

beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** Starts a login-as with the admin's client; its jar then holds the seller's session. */
async function loginAs(api: Api, sellerId: number) {
  const res = await api.post(`/api/sellers/login-as/${sellerId}`);
  mergeCookies(api.jar, res.headers['set-cookie']);
  return res;
}

async function stop(api: Api) {
  const res = await api.post('/api/sellers/login-as/stop');
  mergeCookies(api.jar, res.headers['set-cookie']);
  return res;
}

const auditOf = async (admin: Api, sellerId: number, params = '') => {
  const res = await admin.get(`/api/sellers/audit?seller_id=${sellerId}&limit=100${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    items: {
      action: string;
      method: string | null;
      path: string | null;
      status_code: number | null;
      impersonation_id: number | null;
      admin: { id: number; email: string } | null;
      detail: Record<string, unknown> | null;
    }[];
  };
};

const sessionAnswer = async (api: Api) =>
  (await rt.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(api.jar) } })).json();

describe('log in as a seller, act, and come back', () => {
  let admin: TestUser;
  let seller: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(rt);
    seller = await makeSeller(rt);
    await db()
      .update(users)
      .set({ first_name: 'Inès', company_name: 'Atelier Inès' })
      .where(eq(users.id, seller.id));
  });

  it('start → the seller’s back-office with the admin behind it → a change → stop, each recorded', async () => {
    const sellerOwn = await client(rt, seller);
    const api = await client(rt, admin);
    const before = { ...api.jar };

    const start = await loginAs(api, seller.id);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({
      user: { id: seller.id, role_id: 2, first_name: 'Inès' },
      impersonated_by: { id: admin.id, email: admin.email },
    });

    // Every page reads the seller with the admin behind it: the profile and the session answer.
    const profile = (await api.get('/api/profile')).json();
    expect(profile.user.id).toBe(seller.id);
    expect(profile.impersonated_by).toEqual({ id: admin.id, email: admin.email });
    const session = await sessionAnswer(api);
    expect(session.user.id).toBe(seller.id);
    expect(session.impersonated_by).toEqual({ id: admin.id, email: admin.email });

    // Acting as the seller: a product is created in the seller's catalogue; reads are not recorded.
    const created = await api.post('/api/product', simpleBody(refs, { name: 'Écharpe du support' }));
    expect(created.statusCode, created.body).toBe(200);
    const productId = created.json().product.id as number;
    const [row] = await db().select().from(products).where(eq(products.id, productId));
    expect(row.seller_id).toBe(seller.id);
    expect((await api.get('/api/fetch-products')).statusCode).toBe(200);
    // A GET that changes something (SPEC's product copy) is recorded like a POST.
    expect((await api.get(`/api/products/copy/${productId}`)).statusCode).toBe(200);

    // Starting again while signed in as a seller: 409.
    const again = await loginAs(api, seller.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_impersonating');

    const back = await stop(api);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ user: { id: admin.id, role_id: 3 }, impersonated_by: null });
    expect((await api.get('/api/profile')).json()).toMatchObject({
      user: { id: admin.id },
      impersonated_by: null,
    });
    expect((await sessionAnswer(api)).impersonated_by).toBeNull();
    expect((await api.get('/api/sellers/fetch-items')).statusCode).toBe(200);
    // the admin is back in their own session, not a new one
    const [ownSessions] = await Promise.all([
      db().select().from(userSessions).where(eq(userSessions.user_id, admin.id)),
    ]);
    expect(ownSessions).toHaveLength(1);
    expect(cookieHeader(before)).not.toBe(cookieHeader(api.jar));

    // The audit: start, the product made, the copy, the refused second start, stop — all the admin's.
    const audit = await auditOf(api, seller.id);
    const lines = audit.items.map((i) => [i.action, i.method, i.path, i.status_code]).reverse();
    expect(lines).toEqual([
      ['login_as_start', null, null, null],
      ['request', 'POST', '/api/product', 200],
      ['request', 'GET', `/api/products/copy/${productId}`, 200],
      ['request', 'POST', `/api/sellers/login-as/${seller.id}`, 409],
      ['login_as_stop', null, null, null],
    ]);
    const impersonation = audit.items[0].impersonation_id;
    expect(impersonation).toEqual(expect.any(Number));
    for (const item of audit.items) {
      expect(item.admin?.id).toBe(admin.id);
      expect(item.impersonation_id).toBe(impersonation);
    }
    expect(audit.items[0].detail).toEqual({ reason: 'back_to_admin' });
    const [imp] = await db()
      .select()
      .from(impersonations)
      .where(eq(impersonations.id, impersonation as number));
    expect(imp).toMatchObject({ admin_id: admin.id, seller_id: seller.id });
    expect(imp.ended_at).toBeInstanceOf(Date);

    // The seller's own session was never touched.
    expect((await sellerOwn.get('/api/profile')).json().user.id).toBe(seller.id);
  });

  it('a copy of the seller session of a login-as that ended is signed out', async () => {
    const api = await client(rt, admin);
    await loginAs(api, seller.id);
    const copy = authedClient(rt, { ...api.jar });
    expect((await copy.get('/api/fetch-products')).statusCode).toBe(200);
    await stop(api);
    expect((await copy.get('/api/fetch-products')).statusCode).toBe(401);
    expect(await sessionAnswer(copy)).toBeNull();
    // and the stop cannot be replayed
    expect((await copy.post('/api/sellers/login-as/stop')).statusCode).toBe(401);
  });

  it('never reveals nor changes the seller’s password, e-mail or payment credentials', async () => {
    const api = await client(rt, admin);
    await loginAs(api, seller.id);
    const [{ password_hash: hashBefore }] = await db().select().from(users).where(eq(users.id, seller.id));

    const password = await api.post('/api/changePassword', {
      old_password: PASSWORD,
      password: 'taken-over-1',
      confirm_password: 'taken-over-1',
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().error).toBe('impersonation_forbidden');
    const email = await api.post('/api/profile', {
      first_name: 'Inès',
      last_name: 'User',
      company_name: 'Atelier Inès',
      email: 'admin-owned@test.local',
    });
    expect(email.statusCode).toBe(403);
    expect(email.json().error).toBe('impersonation_forbidden');
    const mollie = await api.post('/api/payments/settings/mollie', {
      apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
    });
    expect(mollie.statusCode).toBe(403);
    expect(mollie.json().error).toBe('impersonation_forbidden');
    expect((await api.get('/api/payments/settings/stripe/connect')).json().error).toBe(
      'impersonation_forbidden',
    );
    expect((await api.delete('/api/payments/settings/mollie')).json().error).toBe('impersonation_forbidden');

    const [after] = await db().select().from(users).where(eq(users.id, seller.id));
    expect(after.password_hash).toBe(hashBefore);
    expect(after.email).toBe(seller.email);
    expect(await db().select().from(paymentMethods).where(eq(paymentMethods.seller_id, seller.id))).toEqual(
      [],
    );
    // the seller still signs in with their own password
    expect((await client(rt, seller)).jar).toBeDefined();
    // the name may be corrected
    const named = await api.post('/api/profile', {
      first_name: 'Inès',
      last_name: 'Morel',
      company_name: 'Atelier Inès',
    });
    expect(named.statusCode, named.body).toBe(200);

    // the refused attempts are in the audit too
    const refused = (
      await auditOf(
        await client(rt, admin),
        seller.id,
        `&queryFilter=${encodeURIComponent('{"action":"request"}')}`,
      )
    ).items
      .filter((i) => i.status_code === 403)
      .map((i) => i.path);
    expect(refused).toEqual(
      expect.arrayContaining(['/api/changePassword', '/api/profile', '/api/payments/settings/mollie']),
    );
    await stop(api);
  });

  it('signing out while signed in as a seller ends both sessions and records the stop', async () => {
    const api = await client(rt, admin);
    const ownCopy = authedClient(rt, { ...api.jar });
    await loginAs(api, seller.id);
    const csrf = await rt.app.inject({ url: '/api/auth/csrf', headers: { cookie: cookieHeader(api.jar) } });
    mergeCookies(api.jar, csrf.headers['set-cookie']);
    const out = await rt.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: {
        cookie: cookieHeader(api.jar),
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        'x-auth-return-redirect': '1',
      },
      payload: new URLSearchParams({
        csrfToken: csrf.json().csrfToken,
        callbackUrl: ORIGIN,
        json: 'true',
      }).toString(),
    });
    expect(out.statusCode).toBe(200);
    // the seller session and the admin's own one are both over
    expect((await authedClient(rt, api.jar).get('/api/profile')).statusCode).toBe(401);
    expect((await ownCopy.get('/api/profile')).statusCode).toBe(401);
    const audit = await auditOf(await client(rt, admin), seller.id);
    expect(audit.items[0]).toMatchObject({ action: 'login_as_stop', detail: { reason: 'signed_out' } });
  });

  it('counts as signed out once the admin’s own session, password or role no longer holds', async () => {
    // the admin changes their password on another device: their token version moves on
    const other = await makeAdmin(rt);
    const api = await client(rt, other);
    await loginAs(api, seller.id);
    const elsewhere = await client(rt, other);
    const changed = await elsewhere.post('/api/changePassword', {
      old_password: PASSWORD,
      password: 'another-pass-2',
      confirm_password: 'another-pass-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api.get('/api/fetch-products')).statusCode).toBe(401);

    // the admin is no longer an admin
    const third = await makeAdmin(rt);
    const api3 = await client(rt, third);
    await loginAs(api3, seller.id);
    expect((await api3.get('/api/fetch-products')).statusCode).toBe(200);
    await db().update(users).set({ role_id: 1 }).where(eq(users.id, third.id));
    expect((await api3.get('/api/fetch-products')).statusCode).toBe(401);
    expect(await sessionAnswer(api3)).toBeNull();
  });

  it('a seller who becomes an admin or a shopper meanwhile is no longer signed in as', async () => {
    for (const role of [3, 1]) {
      const target = await makeSeller(rt);
      const api = await client(rt, admin);
      await loginAs(api, target.id);
      await db().update(users).set({ role_id: role }).where(eq(users.id, target.id));
      // never that admin's back-office (nor a shopper's), whatever the browser's cookie says
      expect((await api.get('/api/sellers/fetch-items')).statusCode, `role ${role}`).toBe(401);
      expect((await api.get('/api/profile')).statusCode, `role ${role}`).toBe(401);
    }
  });

  it('the seller blocked, or their password changed, meanwhile: the way back still returns the admin to their own session', async () => {
    const cases: [string, (s: TestUser) => Promise<unknown>][] = [
      ['blocked', (s) => db().update(users).set({ status: 'blocked' }).where(eq(users.id, s.id))],
      [
        'password changed',
        async (s) =>
          (await client(rt, s)).post('/api/changePassword', {
            old_password: PASSWORD,
            password: 'changed-by-her-1',
            confirm_password: 'changed-by-her-1',
          }),
      ],
      ['made an admin', (s) => db().update(users).set({ role_id: 3 }).where(eq(users.id, s.id))],
    ];
    for (const [what, change] of cases) {
      const target = await makeSeller(rt);
      const api = await client(rt, admin);
      await loginAs(api, target.id);
      await change(target);
      expect((await api.get('/api/fetch-products')).statusCode, what).toBe(401);

      const back = await stop(api);
      expect(back.statusCode, `${what}: ${back.body}`).toBe(200);
      expect(back.json(), what).toMatchObject({ user: { id: admin.id, role_id: 3 }, impersonated_by: null });
      expect((await api.get('/api/sellers/fetch-items')).statusCode, what).toBe(200);
      const [imp] = await db().select().from(impersonations).where(eq(impersonations.seller_id, target.id));
      expect(imp.ended_at, what).toBeInstanceOf(Date);
      // the seller session opened for it is over
      expect(await db().select().from(userSessions).where(eq(userSessions.id, imp.session_id)), what).toEqual(
        [],
      );
      const [line] = await db()
        .select()
        .from(sellerAudit)
        .where(and(eq(sellerAudit.impersonation_id, imp.id), eq(sellerAudit.action, 'login_as_stop')));
      expect(line, what).toMatchObject({ admin_id: admin.id, detail: { reason: 'back_to_admin' } });
    }
  });

  it('the session answer takes the admin back to their own session once the seller can no longer be signed in as', async () => {
    const target = await makeSeller(rt);
    const api = await client(rt, admin);
    await loginAs(api, target.id);
    const copy = authedClient(rt, { ...api.jar });
    await db().update(users).set({ status: 'blocked' }).where(eq(users.id, target.id));

    // the app asks who is signed in after a 401: the admin, on their own session, not signed out
    const res = await rt.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(api.jar) } });
    mergeCookies(api.jar, res.headers['set-cookie']);
    expect(res.json()).toMatchObject({ user: { id: admin.id, role_id: 3 }, impersonated_by: null });
    expect((await api.get('/api/sellers/fetch-items')).statusCode).toBe(200);
    const [imp] = await db().select().from(impersonations).where(eq(impersonations.seller_id, target.id));
    expect(imp.ended_at).toBeInstanceOf(Date);
    const audit = await auditOf(api, target.id);
    expect(audit.items[0]).toMatchObject({
      action: 'login_as_stop',
      admin: { id: admin.id },
      detail: { reason: 'seller_unavailable' },
    });
    // the seller unblocked later: the copy of the login-as cookie stays signed out
    await db().update(users).set({ status: 'active' }).where(eq(users.id, target.id));
    expect((await copy.get('/api/fetch-products')).statusCode).toBe(401);
    expect((await copy.post('/api/sellers/login-as/stop')).statusCode).toBe(401);
  });

  it('a password restore asked for the seller meanwhile is in the audit; Auth.js’s own calls are not', async () => {
    const target = await makeSeller(rt);
    const api = await client(rt, admin);
    await loginAs(api, target.id);
    const restore = await api.post('/api/auth/restorePassword', { email: target.email });
    expect(restore.statusCode, restore.body).toBe(200);
    await rt.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(api.jar) } });
    await stop(api);
    const lines = (await auditOf(api, target.id)).items
      .map((i) => [i.action, i.method, i.path, i.status_code])
      .reverse();
    expect(lines).toEqual([
      ['login_as_start', null, null, null],
      ['request', 'POST', '/api/auth/restorePassword', 200],
      ['login_as_stop', null, null, null],
    ]);
  });

  it('the admin’s "remember me" decides the cookie’s lifetime at the start, each refresh and the way back', async () => {
    const sessionCookie = (res: { headers: Record<string, unknown> }) =>
      [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('authjs.session-token=')) as string;
    for (const remember of [false, true]) {
      const { jar } = await signIn(rt, admin.email, PASSWORD, { remember });
      const api = authedClient(rt, jar);
      const target = await makeSeller(rt);
      const start = await loginAs(api, target.id);
      // a session read re-signs the cookie once it is a day old
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * 3600_000 });
      const refreshed = await rt.app
        .inject({
          url: '/api/auth/session',
          headers: { cookie: cookieHeader(api.jar) },
        })
        .finally(() => vi.useRealTimers());
      mergeCookies(api.jar, refreshed.headers['set-cookie']);
      const back = await stop(api);
      for (const [step, res] of [
        ['start', start],
        ['refresh', refreshed],
        ['stop', back],
      ] as const) {
        const cookie = sessionCookie(res);
        expect(cookie, `${step} ${remember}`).toMatch(/; HttpOnly/i);
        expect(cookie, `${step} ${remember}`).toMatch(/; SameSite=Lax/i);
        if (remember) expect(cookie, `${step}`).toMatch(/Max-Age=2592000|Expires=/i);
        else expect(cookie, `${step}`).not.toMatch(/Max-Age|Expires/i);
      }
      expect(back.json().user.id).toBe(admin.id);
    }
  });

  it('a session read sent before a login-as or its way back, answered after it, leaves the new cookie in place', async () => {
    const sessionCookies = (res: { headers: Record<string, unknown> }) =>
      [res.headers['set-cookie']].flat().filter((c) => String(c).startsWith('authjs.session-token='));
    const target = await makeSeller(rt);
    const api = await client(rt, admin);
    const asAdmin = { ...api.jar };
    await loginAs(api, target.id);
    const asSeller = { ...api.jar };

    // the admin's read, still holding, re-signs nothing: the browser stays the seller
    const lateAdmin = await rt.app.inject({
      url: '/api/auth/session',
      headers: { cookie: cookieHeader(asAdmin) },
    });
    expect(lateAdmin.json().user.id).toBe(admin.id);
    expect(sessionCookies(lateAdmin)).toEqual([]);
    mergeCookies(api.jar, lateAdmin.headers['set-cookie']);
    expect((await sessionAnswer(api)).user.id).toBe(target.id);

    // after the way back, the seller's read of the ended login-as clears nothing: the admin stays
    await stop(api);
    const lateSeller = await rt.app.inject({
      url: '/api/auth/session',
      headers: { cookie: cookieHeader(asSeller) },
    });
    expect(lateSeller.json()).toBeNull();
    expect(sessionCookies(lateSeller)).toEqual([]);
    mergeCookies(api.jar, lateSeller.headers['set-cookie']);
    expect(await sessionAnswer(api)).toMatchObject({ user: { id: admin.id }, impersonated_by: null });
    expect((await api.get('/api/sellers/fetch-items')).statusCode).toBe(200);
  });

  it('a seller without a plan is shown to the admin as to them: plan_required, the profile open', async () => {
    const lapsed = await makeSeller(rt, { subscription: 'expired' });
    const api = await client(rt, admin);
    expect((await loginAs(api, lapsed.id)).statusCode).toBe(200);
    const res = await api.get('/api/fetch-products');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('plan_required');
    expect((await api.get('/api/profile')).statusCode).toBe(200);
    expect((await stop(api)).statusCode).toBe(200);
  });
});

describe('who may be signed in as', () => {
  it('an admin cannot log in as an admin, nor as themselves', async () => {
    const admin = await makeAdmin(rt);
    const api = await client(rt, admin);
    for (const id of [(await makeAdmin(rt)).id, admin.id]) {
      const res = await loginAs(api, id);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('impersonate_admin');
    }
    expect((await api.get('/api/profile')).json().user.id).toBe(admin.id);
    expect(await db().select().from(impersonations).where(eq(impersonations.admin_id, admin.id))).toEqual([]);
  });

  it('a shopper or an unknown id is not found; a blocked or pending seller is not active', async () => {
    const api = await client(rt, await makeAdmin(rt));
    for (const id of [(await makeBuyer(rt)).id, 2_000_000_000]) {
      expect((await loginAs(api, id)).statusCode).toBe(404);
    }
    expect((await api.post('/api/sellers/login-as/3000000000')).statusCode).toBe(400);
    for (const status of ['blocked', 'pending']) {
      const res = await loginAs(api, (await makeSeller(rt, { status })).id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('seller_not_active');
    }
  });

  it('sellers, another seller, shoppers and the signed-out are refused; stop without a login-as is 409', async () => {
    const target = await makeSeller(rt);
    const callers: [string, Api | null, number, string][] = [
      ['seller themselves', await client(rt, target), 403, 'forbidden'],
      ['another seller', await client(rt, await makeSeller(rt)), 403, 'forbidden'],
      ['shopper', await client(rt, await makeBuyer(rt)), 403, 'forbidden'],
    ];
    for (const [who, api, status, error] of callers) {
      const res = await (api as Api).post(`/api/sellers/login-as/${target.id}`);
      expect(res.statusCode, who).toBe(status);
      expect(res.json().error, who).toBe(error);
      const stopped = await (api as Api).post('/api/sellers/login-as/stop');
      expect(stopped.statusCode, who).toBe(409);
      expect(stopped.json().error, who).toBe('not_impersonating');
    }
    const admin = await client(rt, await makeAdmin(rt));
    expect((await admin.post('/api/sellers/login-as/stop')).json().error).toBe('not_impersonating');
    for (const url of [`/api/sellers/login-as/${target.id}`, '/api/sellers/login-as/stop']) {
      const res = await rt.app.inject({ method: 'POST', url, headers: { origin: ORIGIN } });
      expect(res.statusCode, url).toBe(401);
    }
    expect(await db().select().from(impersonations).where(eq(impersonations.seller_id, target.id))).toEqual(
      [],
    );
  });

  it('another site cannot start or stop a login-as', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, await makeAdmin(rt));
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const refused = await api.post(`/api/sellers/login-as/${seller.id}`, {}, foreign);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('bad_origin');
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await db().select().from(impersonations).where(eq(impersonations.seller_id, seller.id))).toEqual(
      [],
    );

    await loginAs(api, seller.id);
    const notStopped = await api.post('/api/sellers/login-as/stop', {}, foreign);
    expect(notStopped.json().error).toBe('bad_origin');
    expect((await api.get('/api/profile')).json().user.id).toBe(seller.id);
    expect((await stop(api)).statusCode).toBe(200);
  });
});

/** The GETs of SPEC that change something: recorded as changes while signed in as a seller. */
const STATE_CHANGING_GETS = [
  'GET /api/chatbot/change-active-all',
  'GET /api/chatbot/change-active/:id',
  'GET /api/livesession/remove/:id',
  'GET /api/livesession/start/:id',
  'GET /api/livesession/stop/:id',
  'GET /api/orders/connect-bycomment',
  'GET /api/orders/expire',
  'GET /api/orders/insert-status',
  'GET /api/orders/minus-item-order',
  'GET /api/orders/remove-item-order',
  'GET /api/payments/settings/stripe/callback',
  'GET /api/products/copy/:id',
  'GET /api/profile/generate-stripe-invoice',
  'GET /api/profile/set-locale',
  'GET /api/profile/unsubscription',
  'GET /api/remove-settings-file',
  'GET /api/shops/shopify/callback',
  'GET /api/shops/shopify/install',
  'GET /api/stores/facebook/callback',
  'GET /api/stores/facebook/connect',
];

/** What an admin signed in as a seller may not do: the account's password, e-mail, payment and shop credentials. */
const REFUSED_WHILE_SIGNED_IN_AS = [
  'DELETE /api/payments/settings/mollie',
  'DELETE /api/payments/settings/stripe',
  'GET /api/payments/settings/stripe/callback',
  'GET /api/payments/settings/stripe/connect',
  'GET /api/shops/shopify/callback',
  'GET /api/shops/shopify/install',
  'GET /api/stores/facebook/callback',
  'GET /api/stores/facebook/connect',
  'POST /api/changePassword',
  'POST /api/payments/settings/mollie',
  'POST /api/shops',
];

describe('the route table says which calls change state and which stay the seller’s own', () => {
  it('every GET that changes state declares it (a new one must be added here)', () => {
    const declared = rt.app.accessTable.filter((r) => r.changesState).map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual([...STATE_CHANGING_GETS].sort());
    expect(rt.app.accessTable.filter((r) => r.changesState && r.method !== 'GET')).toEqual([]);
  });

  it('the calls refused to an admin signed in as a seller are pinned', () => {
    const declared = rt.app.accessTable
      .filter((r) => r.refusedWhileImpersonating)
      .map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual([...REFUSED_WHILE_SIGNED_IN_AS].sort());
  });
});
