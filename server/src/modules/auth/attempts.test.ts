import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authedClient,
  cookieHeader,
  makeBuyer,
  mergeCookies,
  ORIGIN,
  signIn,
  startTestApp,
} from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { App } from '../../lib/http.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

let n = 0;
const freshIp = () => `10.${60 + (n % 100)}.${Math.floor(n++ / 100) % 250}.${1 + (n % 250)}`;

/** A sign-in through Auth.js on `app`, from `remoteAddress`, with optional extra headers. */
async function tryIn(
  app: App,
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  const jar: Record<string, string> = {};
  const csrf = await app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress, headers });
  mergeCookies(jar, csrf.headers['set-cookie']);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    remoteAddress,
    headers: {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      origin: ORIGIN,
      cookie: cookieHeader(jar),
    },
    payload: new URLSearchParams({
      csrfToken: (csrf.json() as { csrfToken: string }).csrfToken,
      email,
      password,
      callbackUrl: `${ORIGIN}/dashboard`,
      json: 'true',
    }).toString(),
  });
  const url = new URL((res.json() as { url: string }).url);
  return url.searchParams.get('code') === 'rate_limited'
    ? 'limited'
    : url.searchParams.get('error')
      ? 'wrong'
      : 'in';
}

describe('trust #6: rate limits cannot be bypassed, nor used to lock the owner out', () => {
  it('40 guesses at once from one address: no more than the limit are checked', async () => {
    const victim = await makeBuyer(rt);
    const address = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => tryIn(rt.app, victim.email, `guess-${i}`, address)),
    );
    expect(answers.filter((a) => a === 'wrong')).toHaveLength(10);
    expect(answers.filter((a) => a === 'limited')).toHaveLength(30);
  });

  it('X-Forwarded-For does not let a client choose its address when no proxy is trusted', async () => {
    const address = freshIp();
    for (let i = 0; i < 10; i++) {
      expect(
        await tryIn(rt.app, `nobody${i}-${n}@test.local`, 'x', address, { 'x-forwarded-for': freshIp() }),
      ).toBe('wrong');
    }
    const buyer = await makeBuyer(rt);
    expect(await tryIn(rt.app, buyer.email, buyer.password, address, { 'x-forwarded-for': freshIp() })).toBe(
      'limited',
    );
  });

  it('the failures of others never keep the owner out of the address they sign in from', async () => {
    const owner = await makeBuyer(rt);
    const home = freshIp();
    expect(await tryIn(rt.app, owner.email, owner.password, home)).toBe('in');
    // 25 guesses from 25 addresses: past the tenth, each must wait longer and longer.
    const answers: string[] = [];
    for (let i = 0; i < 25; i++) answers.push(await tryIn(rt.app, owner.email, `guess-${i}`, freshIp()));
    expect(answers.slice(0, 10).every((a) => a === 'wrong')).toBe(true);
    expect(answers.filter((a) => a === 'wrong').length).toBeLessThanOrEqual(12);
    // From a new address the owner waits like anyone; at home they are never slowed down.
    expect(await tryIn(rt.app, owner.email, owner.password, freshIp())).toBe('limited');
    expect(await tryIn(rt.app, owner.email, owner.password, home)).toBe('in');
    // And the restore e-mail always comes.
    const restore = await rt.app.inject({
      method: 'POST',
      url: '/api/auth/restorePassword',
      remoteAddress: freshIp(),
      headers: { origin: ORIGIN },
      payload: { email: owner.email },
    });
    expect(restore.statusCode).toBe(200);
  });

  it('every server process counts the same attempts', async () => {
    // A second app on the same database, as a second process would be.
    const other = await buildApp(rt.deps);
    await other.ready();
    try {
      const address = freshIp();
      for (let i = 0; i < 10; i++) {
        await tryIn(i % 2 ? other : rt.app, `someone${i}-${n}@test.local`, 'x', address);
      }
      const buyer = await makeBuyer(rt);
      expect(await tryIn(other, buyer.email, buyer.password, address)).toBe('limited');
      expect(await tryIn(rt.app, buyer.email, buyer.password, address)).toBe('limited');
    } finally {
      await other.close();
    }
  });
});

describe('trust #6: configured proxies say who the client is', () => {
  let behind: Runtime;
  beforeAll(async () => {
    behind = await startTestApp({ trustProxy: 1 });
  });
  afterAll(() => behind.close());

  it("behind one trusted hop, each client has its own limit and the proxy's address none", async () => {
    const proxy = '10.200.0.1';
    const clientA = freshIp();
    for (let i = 0; i < 10; i++)
      await tryIn(behind.app, `a${i}-${n}@test.local`, 'x', proxy, { 'x-forwarded-for': clientA });
    const buyer = await makeBuyer(behind);
    expect(await tryIn(behind.app, buyer.email, buyer.password, proxy, { 'x-forwarded-for': clientA })).toBe(
      'limited',
    );
    expect(
      await tryIn(behind.app, buyer.email, buyer.password, proxy, { 'x-forwarded-for': freshIp() }),
    ).toBe('in');
  });
});

describe('trust #8: signing out ends the session, a copied cookie included', () => {
  it('the signed-out cookie answers as signed out; the same user on another device stays in', async () => {
    const buyer = await makeBuyer(rt);
    const laptop = await signIn(rt, buyer.email, buyer.password, { ip: freshIp() });
    const phone = await signIn(rt, buyer.email, buyer.password, { ip: freshIp() });
    const copied = { ...laptop.jar };
    const csrf = await rt.app.inject({
      url: '/api/auth/csrf',
      headers: { cookie: cookieHeader(laptop.jar) },
    });
    mergeCookies(laptop.jar, csrf.headers['set-cookie']);
    const out = await rt.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: {
        cookie: cookieHeader(laptop.jar),
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

    const stolen = authedClient(rt, copied);
    expect((await stolen.get('/api/profile')).statusCode).toBe(401);
    const session = await stolen.get('/api/auth/session');
    expect(session.json()?.user ?? null).toBeNull();
    expect((await authedClient(rt, phone.jar).get('/api/profile')).statusCode).toBe(200);
  });
});
