import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authedClient,
  client,
  cookieHeader,
  makeBuyer,
  makeSeller,
  mergeCookies,
  ORIGIN,
  sentMails,
  signIn,
  startTestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { users, userTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const ip = () => `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('Auth.js endpoints', () => {
  it('lists the credentials provider and hands out a CSRF token', async () => {
    const providers = await rt.app.inject({ url: '/api/auth/providers' });
    expect(providers.statusCode).toBe(200);
    expect(Object.keys(providers.json())).toContain('credentials');
    const csrf = await rt.app.inject({ url: '/api/auth/csrf' });
    expect(csrf.json().csrfToken).toMatch(/\w{20,}/);
  });

  it('signs in with the right password and the session carries the current-user fields', async () => {
    const seller = await makeSeller(rt);
    const { jar, ok } = await signIn(rt, seller.email, seller.password, { ip: ip() });
    expect(ok).toBe(true);
    const session = await rt.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(jar) } });
    const body = session.json();
    expect(body.user).toMatchObject({
      id: seller.id,
      email: seller.email,
      role_id: 2,
      status: 'active',
      subscription_expired: false,
      selected_locale: 'fr',
    });
    expect(body.user.planId).toEqual(expect.any(Number));
    expect(body.user).toHaveProperty('subscription_id');
  });

  it('refuses a wrong password and an unknown e-mail with the Auth.js error in the result URL', async () => {
    const buyer = await makeBuyer(rt);
    const wrong = await signIn(rt, buyer.email, 'not-the-password', { ip: ip() });
    expect(wrong.ok).toBe(false);
    expect(wrong.url.searchParams.get('error')).toBe('CredentialsSignin');
    const unknown = await signIn(rt, 'nobody@test.local', 'whatever', { ip: ip() });
    expect(unknown.url.searchParams.get('error')).toBe('CredentialsSignin');
    const session = await rt.app.inject({
      url: '/api/auth/session',
      headers: { cookie: cookieHeader(wrong.jar) },
    });
    expect(session.json()).toBeNull();
  });

  it('refuses a sign-in without the CSRF token', async () => {
    const buyer = await makeBuyer(rt);
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-auth-return-redirect': '1',
        origin: ORIGIN,
      },
      payload: new URLSearchParams({ email: buyer.email, password: buyer.password, json: 'true' }).toString(),
    });
    const url = new URL(res.json().url);
    expect(url.searchParams.get('error')).toBe('MissingCSRF');
    expect(res.headers['set-cookie']?.toString() ?? '').not.toContain('session-token');
  });

  it('slows down sign-in attempts on one e-mail, even from different addresses', async () => {
    const buyer = await makeBuyer(rt);
    for (let i = 0; i < 10; i++) await signIn(rt, buyer.email, 'bad-password', { ip: ip() });
    const blocked = await signIn(rt, buyer.email, buyer.password, { ip: ip() });
    expect(blocked.ok).toBe(false);
    expect(blocked.url.searchParams.get('code')).toBe('rate_limited');
  });

  it('counts failed attempts only: many people signing in from one address are not blocked', async () => {
    const address = ip();
    const buyer = await makeBuyer(rt);
    for (let i = 0; i < 12; i++) {
      const ok = await signIn(rt, buyer.email, buyer.password, { ip: address });
      expect(ok.ok).toBe(true);
    }
  });

  it('rate-limits sign-in attempts per IP address', async () => {
    const address = ip();
    for (let i = 0; i < 10; i++) await signIn(rt, `someone${i}@test.local`, 'bad-password', { ip: address });
    const buyer = await makeBuyer(rt);
    const blocked = await signIn(rt, buyer.email, buyer.password, { ip: address });
    expect(blocked.url.searchParams.get('code')).toBe('rate_limited');
  });

  it('signs out: the session is gone', async () => {
    const buyer = await makeBuyer(rt);
    const { jar } = await signIn(rt, buyer.email, buyer.password, { ip: ip() });
    const csrf = await rt.app.inject({ url: '/api/auth/csrf', headers: { cookie: cookieHeader(jar) } });
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: {
        cookie: cookieHeader(jar),
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
    expect(res.statusCode).toBe(200);
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(/authjs\.session-token=;/);
  });

  it('without "remember me" the session cookie ends with the browser', async () => {
    const buyer = await makeBuyer(rt);
    const kept = await signIn(rt, buyer.email, buyer.password, { ip: ip(), remember: true });
    const session = String(kept.response.headers['set-cookie']);
    expect(session).toMatch(/authjs\.session-token=[^;]+;[^,]*Expires=/i);
    const brief = await signIn(rt, buyer.email, buyer.password, { ip: ip(), remember: false });
    const cookie = [brief.response.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('authjs.session-token='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/expires=|max-age=/i);
  });
});

describe('screens #7: the providers list names Facebook only when it is configured', () => {
  it('without Facebook keys the web app is told of credentials only, and shows no Facebook button', async () => {
    const providers = (await rt.app.inject({ url: '/api/auth/providers' })).json();
    expect(Object.keys(providers)).toEqual(['credentials']);
  });
});

describe('token version', () => {
  it('a password change ends the other sessions but keeps the current one', async () => {
    const seller = await makeSeller(rt);
    const phone = await client(rt, seller);
    const laptop = await client(rt, seller);
    expect((await laptop.get('/api/profile')).statusCode).toBe(200);

    const res = await phone.post('/api/changePassword', {
      old_password: seller.password,
      password: 'newpass99',
      confirm_password: 'newpass99',
    });
    expect(res.statusCode).toBe(200);
    const fresh = authedClient(rt, { ...phone.jar });
    for (const c of [res.headers['set-cookie']].flat()) {
      if (c) fresh.jar[c.split('=')[0]] = c.split(';')[0].split('=').slice(1).join('=');
    }
    expect((await laptop.get('/api/profile')).statusCode).toBe(401);
    expect(
      (
        await rt.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(laptop.jar) } })
      ).json(),
    ).toBeNull();
    expect((await fresh.get('/api/profile')).statusCode).toBe(200);
    expect((await signIn(rt, seller.email, 'newpass99', { ip: ip() })).ok).toBe(true);
  });

  it('a wrong current password changes nothing', async () => {
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    const res = await api.post('/api/changePassword', {
      old_password: 'nope-nope',
      password: 'abcdef1',
      confirm_password: 'abcdef1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'wrong_password',
      message: 'Le mot de passe actuel est incorrect',
    });
    expect((await api.get('/api/profile')).statusCode).toBe(200);
    expect((await signIn(rt, buyer.email, buyer.password, { ip: ip() })).ok).toBe(true);
  });
});

describe('sign-up by e-mail link', () => {
  const signup = (payload: Record<string, unknown>, locale = 'fr') =>
    rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: `/api/auth/invite?locale=${locale}`,
      payload,
      headers: { origin: ORIGIN },
    });

  it('a shopper signs up, receives the link, creates a password and can sign in', async () => {
    const email = `new-${Date.now()}@test.local`;
    const res = await signup(
      { role_id: 1, email, first_name: 'Léa', last_name: 'Martin', accept_terms: true },
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const mail = (await sentMails(rt)).find((m) => m.to === email);
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.text).toContain(`${ORIGIN}/en/verify-email?token=`);

    expect((await signIn(rt, email, 'whatever1', { ip: ip() })).ok).toBe(false);
    const done = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { token: linkToken(mail!.text), password: 'mypass1', confirm_password: 'mypass1' },
    });
    expect(done.json()).toMatchObject({ success: true });
    expect((await signIn(rt, email, 'mypass1', { ip: ip() })).ok).toBe(true);

    const reuse = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { token: linkToken(mail!.text), password: 'other12', confirm_password: 'other12' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_link');
  });

  it('a seller must give phone, company and tax id, and accept the terms', async () => {
    const email = `seller-new-${Date.now()}@test.local`;
    const res = await signup({
      role_id: 2,
      email,
      first_name: 'Ana',
      last_name: 'Diaz',
      accept_terms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      accept_terms: 'terms',
      phone: 'required',
      company_name: 'required',
      tax_id: 'required',
    });
    const [row] = await rt.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeUndefined();
  });

  it('each SPEC §5 rule of the sign-up form answers its message and saves nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', 'required'],
      [{ email: 'not-an-email' }, 'email', 'email'],
      [{ email: ' lead@test.local' }, 'email', 'no_edge_spaces'],
      [{ first_name: 'J0hn' }, 'first_name', 'only_letters'],
      [{ last_name: '' }, 'last_name', 'required'],
      [{ last_name: 'Doe ' }, 'last_name', 'no_edge_spaces'],
    ];
    for (const [patch, field, code] of cases) {
      const email = `rule-${Math.random()}@test.local`;
      const res = await signup({
        role_id: 1,
        email,
        first_name: 'Jo',
        last_name: 'Doe',
        accept_terms: true,
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().fields[field]).toBe(code);
      const [row] = await rt.deps.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toBeUndefined();
    }
  });

  it('an address with an account answers "Email already exists"', async () => {
    const buyer = await makeBuyer(rt);
    const res = await signup(
      {
        role_id: 1,
        email: buyer.email.toUpperCase(),
        first_name: 'Jo',
        last_name: 'Doe',
        accept_terms: true,
      },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'email_exists', message: 'Email already exists' });
  });

  it('passwords must match and be at least 6 characters', async () => {
    const res = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { token: 'x'.repeat(20), password: 'abc', confirm_password: 'abd' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      password: 'password_min',
      confirm_password: 'passwords_match',
    });
  });
});

describe('screens #5: setting the first password signs the newcomer in', () => {
  const signup = (payload: Record<string, unknown>) =>
    rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/invite?locale=fr',
      payload: { accept_terms: true, ...payload },
      headers: { origin: ORIGIN },
    });
  const setPassword = (payload: Record<string, unknown>) =>
    rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { password: 'bienvenue1', confirm_password: 'bienvenue1', ...payload },
    });
  const sessionCookie = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('authjs.session-token=')) as
      | string
      | undefined;
  const linkOf = async (email: string) => {
    const mail = (await sentMails(rt)).find((m) => m.to === email);
    return linkToken(mail?.text ?? '');
  };

  it('a seller who sets the password is signed in on the trial, with the session a sign-in gives', async () => {
    const email = `newseller-${Date.now()}@test.local`;
    await signup({
      role_id: 2,
      email,
      first_name: 'Inès',
      last_name: 'Morel',
      phone: '0611223344',
      company_name: 'Atelier Inès',
      tax_id: '85234567800017',
    });
    const res = await setPassword({ token: await linkOf(email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { email, role_id: 2, status: 'active', first_name: 'Inès', subscription_expired: false },
    });
    expect(res.json().user.trial_end).toEqual(expect.any(String));
    const cookie = sessionCookie(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // "remember me" not asked: the cookie ends with the browser, as after a sign-in without it
    expect(cookie).not.toMatch(/expires=|max-age=/i);
    const jar = mergeCookies({}, res.headers['set-cookie']);
    const session = await rt.app.inject({ url: '/api/auth/session', headers: { cookie: cookieHeader(jar) } });
    expect(session.json().user).toMatchObject({ email, role_id: 2, status: 'active' });
    const api = authedClient(rt, jar);
    expect((await api.get('/api/profile')).statusCode).toBe(200);
    expect((await api.get('/api/livesession/fetch-items')).statusCode).toBe(200);
  });

  it('a shopper who asks to be remembered keeps the session 30 days', async () => {
    const email = `newbuyer-${Date.now()}@test.local`;
    await signup({ role_id: 1, email, first_name: 'Léa', last_name: 'Martin' });
    const res = await setPassword({ token: await linkOf(email), remember: true });
    expect(res.json().user).toMatchObject({ email, role_id: 1 });
    expect(sessionCookie(res)).toMatch(/Max-Age=2592000/i);
  });

  it('the link is single-use: used again it answers invalid_link, signs no one in and changes nothing', async () => {
    const email = `twice-${Date.now()}@test.local`;
    await signup({ role_id: 1, email, first_name: 'Léa', last_name: 'Martin' });
    const token = await linkOf(email);
    expect((await setPassword({ token })).statusCode).toBe(200);
    const again = await setPassword({ token, password: 'intruder1', confirm_password: 'intruder1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_link');
    expect(sessionCookie(again)).toBeUndefined();
    expect((await signIn(rt, email, 'intruder1', { ip: ip() })).ok).toBe(false);
    expect((await signIn(rt, email, 'bienvenue1', { ip: ip() })).ok).toBe(true);
  });

  it('a bad "remember" value answers 400 naming it and uses nothing', async () => {
    const email = `badremember-${Date.now()}@test.local`;
    await signup({ role_id: 1, email, first_name: 'Léa', last_name: 'Martin' });
    const token = await linkOf(email);
    const bad = await setPassword({ token, remember: 'yes please' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ remember: 'invalid' });
    expect((await setPassword({ token })).statusCode).toBe(200);
  });

  it('a restore link signs the user in too, and the other sessions end', async () => {
    const buyer = await makeBuyer(rt);
    const other = await client(rt, buyer);
    await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/restorePassword',
      headers: { origin: ORIGIN },
      payload: { email: buyer.email },
    });
    const res = await setPassword({ token: await linkOf(buyer.email) });
    expect(res.json().user).toMatchObject({ id: buyer.id });
    const fresh = authedClient(rt, mergeCookies({}, res.headers['set-cookie']));
    expect((await fresh.get('/api/profile')).statusCode).toBe(200);
    expect((await other.get('/api/profile')).statusCode).toBe(401);
  });

  it('the link names its account before it is used, and only while it can be used', async () => {
    const email = `named-${Date.now()}@test.local`;
    await signup({ role_id: 1, email, first_name: 'Léa', last_name: 'Martin' });
    const token = await linkOf(email);
    const read = (t: string) => rt.app.inject({ url: `/api/auth/link?token=${encodeURIComponent(t)}` });
    const before = await read(token ?? '');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ email, purpose: 'verify' });
    // reading it used nothing
    expect((await setPassword({ token })).statusCode).toBe(200);
    const after = await read(token ?? '');
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe('invalid_link');
    expect((await read('not-a-token-at-all')).json().error).toBe('invalid_link');
    expect((await read('short')).statusCode).toBe(400);
  });

  describe('one link used, every other link of the account opens nothing', () => {
    const restore = (email: string) =>
      rt.app.inject({
        remoteAddress: uniqueIp(),
        method: 'POST',
        url: '/api/auth/restorePassword',
        headers: { origin: ORIGIN },
        payload: { email },
      });
    const linksOf = async (email: string) =>
      (await sentMails(rt)).filter((m) => m.to === email).map((m) => linkToken(m.text));
    const refused = async (token: string | undefined, email: string) => {
      const res = await setPassword({ token, password: 'intruder1', confirm_password: 'intruder1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_link');
      expect(sessionCookie(res)).toBeUndefined();
      expect((await signIn(rt, email, 'intruder1', { ip: ip() })).ok).toBe(false);
    };

    it('the older of two restore links, once the newer set the password', async () => {
      const buyer = await makeBuyer(rt);
      await restore(buyer.email);
      await restore(buyer.email);
      const [newer, older] = await linksOf(buyer.email);
      expect(newer).not.toBe(older);
      expect((await setPassword({ token: newer })).statusCode).toBe(200);
      await refused(older, buyer.email);
    });

    it('the first of two sign-up mails, once the second made the account', async () => {
      const email = `twomails-${Date.now()}@test.local`;
      await signup({ role_id: 1, email, first_name: 'Léa', last_name: 'Martin' });
      await signup({ role_id: 1, email, first_name: 'Léa', last_name: 'Martin' });
      const [second, first] = await linksOf(email);
      expect((await setPassword({ token: second })).statusCode).toBe(200);
      await refused(first, email);
    });

    it('a restore link still unused, once the owner changed the password in their profile', async () => {
      const buyer = await makeBuyer(rt);
      await restore(buyer.email);
      const [link] = await linksOf(buyer.email);
      const api = await client(rt, buyer);
      const changed = await api.post('/api/changePassword', {
        old_password: buyer.password,
        password: 'changed99',
        confirm_password: 'changed99',
      });
      expect(changed.statusCode).toBe(200);
      await refused(link, buyer.email);
      expect((await signIn(rt, buyer.email, 'changed99', { ip: ip() })).ok).toBe(true);
    });

    it('a verification link of an account already active', async () => {
      const buyer = await makeBuyer(rt);
      const [user] = await rt.deps.database.db.select().from(users).where(eq(users.email, buyer.email));
      await rt.deps.database.db.insert(userTokens).values({
        user_id: user.id,
        purpose: 'verify',
        token_hash: sha256('active-user-verify-token'),
        expires_at: new Date(Date.now() + 60_000),
      });
      await refused('active-user-verify-token', buyer.email);
      expect((await signIn(rt, buyer.email, buyer.password, { ip: ip() })).ok).toBe(true);
    });
  });

  it('a blocked account gets its password but no session', async () => {
    const blocked = await makeBuyer(rt, { status: 'blocked' });
    const [user] = await rt.deps.database.db.select().from(users).where(eq(users.email, blocked.email));
    await rt.deps.database.db.insert(userTokens).values({
      user_id: user.id,
      purpose: 'restore',
      token_hash: sha256('blocked-user-restore-token'),
      expires_at: new Date(Date.now() + 60_000),
    });
    const res = await setPassword({ token: 'blocked-user-restore-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toBeNull();
    expect(sessionCookie(res)).toBeUndefined();
  });
});

describe('forgot password', () => {
  it('e-mails a restore link that sets a new password and ends other sessions', async () => {
    const buyer = await makeBuyer(rt);
    const other = await client(rt, buyer);
    const res = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/restorePassword?locale=fr',
      headers: { origin: ORIGIN },
      payload: { email: buyer.email },
    });
    expect(res.json().status).toBe(true);
    const mail = (await sentMails(rt)).find((m) => m.to === buyer.email);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe');
    const done = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { token: linkToken(mail!.text), password: 'restored1', confirm_password: 'restored1' },
    });
    expect(done.statusCode).toBe(200);
    expect((await other.get('/api/profile')).statusCode).toBe(401);
    expect((await signIn(rt, buyer.email, 'restored1', { ip: ip() })).ok).toBe(true);
  });
});

describe('an address longer than any mailbox', () => {
  const long = `${'a'.repeat(5000)}@example.com`;
  const post = (url: string, payload: object) =>
    rt.app.inject({ remoteAddress: uniqueIp(), method: 'POST', url, headers: { origin: ORIGIN }, payload });

  it('answers 400 naming the e-mail on forgot password and sign-up, and creates nothing', async () => {
    for (const [url, payload] of [
      ['/api/auth/restorePassword', { email: long }],
      [
        '/api/auth/invite',
        {
          role_id: 1,
          email: `${'b'.repeat(300)}@example.com`,
          first_name: 'Léa',
          last_name: 'Martin',
          accept_terms: true,
        },
      ],
    ] as const) {
      const res = await post(url, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toMatchObject({ email: expect.stringMatching(/^max_chars/) });
    }
    const [row] = await rt.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, `${'b'.repeat(300)}@example.com`));
    expect(row).toBeUndefined();
  });

  it('is a wrong e-mail or password on sign-in, not a server error', async () => {
    const res = await signIn(rt, long, 'whatever1', { ip: ip() });
    expect(res.ok).toBe(false);
    expect(res.url.searchParams.get('error')).toBe('CredentialsSignin');
  });
});

describe('screens #6: forgot password answers the same whether the address has an account or not', () => {
  const restore = (email: string, locale = 'en') =>
    rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: `/api/auth/restorePassword?locale=${locale}`,
      headers: { origin: ORIGIN },
      payload: { email },
    });
  const restoreTokens = async (userId: number) =>
    rt.deps.database.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.user_id, userId), eq(userTokens.purpose, 'restore')));

  it('same status and body for a known and an unknown address; only the known one gets the e-mail', async () => {
    const buyer = await makeBuyer(rt);
    const ghost = `ghost-${Date.now()}@test.local`;
    const known = await restore(buyer.email);
    const unknown = await restore(ghost);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({
      status: true,
      message: 'If an account exists with this email, a link to choose a new password has been sent',
    });
    const mails = await sentMails(rt);
    expect(mails.filter((m) => m.to === buyer.email).map((m) => m.subject)).toEqual(['Reset your password']);
    expect(mails.filter((m) => m.to === ghost)).toEqual([]);
  });

  it('the answer does not wait for the look-up: the link is made after it, by the outbox worker', async () => {
    const buyer = await makeBuyer(rt);
    await rt.worker.drain();
    const res = await restore(buyer.email, 'fr');
    expect(res.json().message).toBe(
      'Si un compte existe avec cet e-mail, un lien pour choisir un nouveau mot de passe a été envoyé',
    );
    // Both paths did the same work when the answer left: one queued request, no token yet.
    expect(await restoreTokens(buyer.id)).toEqual([]);
    const mail = (await sentMails(rt)).find((m) => m.to === buyer.email);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe');
    expect(await restoreTokens(buyer.id)).toHaveLength(1);
  });

  it('a blocked account gets nothing, and the answer is still the same', async () => {
    const blocked = await makeBuyer(rt, { status: 'blocked' });
    const res = await restore(blocked.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    expect((await sentMails(rt)).filter((m) => m.to === blocked.email)).toEqual([]);
  });

  it('keeps the rate limit: the same address asked too often answers 429 and queues nothing more', async () => {
    const email = `flood-${Date.now()}@test.local`;
    for (let i = 0; i < 10; i++) expect((await restore(email)).statusCode).toBe(200);
    const blocked = await restore(email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('rate_limited');
  });

  it('a malformed address answers 400 naming the field', async () => {
    const res = await restore('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'email' });
  });
});

describe('trust #9: signing up again with a pending address only sends the link again', () => {
  it('keeps the role, name and company of the first sign-up, and mails a new link that works', async () => {
    const email = `pending-${Date.now()}@test.local`;
    const signup = (payload: Record<string, unknown>, locale: string) =>
      rt.app.inject({
        remoteAddress: uniqueIp(),
        method: 'POST',
        url: `/api/auth/invite?locale=${locale}`,
        headers: { origin: ORIGIN },
        payload: { email, accept_terms: true, ...payload },
      });
    expect((await signup({ role_id: 1, first_name: 'Léa', last_name: 'Martin' }, 'fr')).statusCode).toBe(200);
    const again = await signup(
      {
        role_id: 2,
        first_name: 'Mallory',
        last_name: 'Intruse',
        phone: '0600000000',
        company_name: 'Prise de contrôle SARL',
        tax_id: '12345678900011',
      },
      'en',
    );
    expect(again.statusCode).toBe(200);
    const [user] = await rt.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      role_id: 1,
      first_name: 'Léa',
      last_name: 'Martin',
      company_name: null,
      tax_id: null,
      phone: null,
      selected_locale: 'fr',
      status: 'pending',
    });
    const mails = (await sentMails(rt)).filter((m) => m.to === email);
    expect(mails).toHaveLength(2);
    // The second link is in the first sign-up's language and name, and it activates the account.
    expect(mails[0].subject).toBe('Confirmez votre adresse e-mail');
    expect(mails[0].text).toContain('Léa');
    const done = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { token: linkToken(mails[0].text), password: 'secret12', confirm_password: 'secret12' },
    });
    expect(done.statusCode).toBe(200);
    const [active] = await rt.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(active).toMatchObject({ role_id: 1, status: 'active', company_name: null });
  });
});
