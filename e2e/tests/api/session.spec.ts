import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, email, ROLE_ID, ROLES, SIGNED_OUT, sessionFile } from '../support/accounts.ts';

/* GET /api/auth/session: the signed-in user of SPEC §3 for a stored session, nobody without one;
   a session ends where it signs out, wherever its cookie was copied, and nowhere else. */

const SESSION_COOKIE = 'authjs.session-token';

/** Signs in through the Auth.js credentials call, as the sign-in form does; answers the session cookie. */
async function signInByApi(request: APIRequestContext, address: string) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: address, password: DEMO_PASSWORD, json: 'true' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const cookie = (await request.storageState()).cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie, 'the session cookie').toBeTruthy();
  return { csrfToken, cookie: `${SESSION_COOKIE}=${cookie?.value}` };
}

const profileStatus = async (request: APIRequestContext, cookie?: string) =>
  (await request.get('/api/profile', { headers: cookie ? { Cookie: cookie } : {} })).status();

for (const role of ROLES) {
  test.describe(`the ${role}'s stored session`, () => {
    test.use({ storageState: sessionFile(role) });

    test(`/api/auth/session answers the ${role}, active, as the profile does`, async ({ request }) => {
      const res = await request.get('/api/auth/session');
      expect(res.status()).toBe(200);
      const { user, expires } = (await res.json()) as { user: { id: number }; expires: string };
      expect(user).toMatchObject({ email: email(role), role_id: ROLE_ID[role], status: 'active' });
      expect(Date.parse(expires)).toBeGreaterThan(Date.now());
      const profile = await request.get('/api/profile');
      expect(profile.status()).toBe(200);
      expect(((await profile.json()) as { user: { id: number } }).user.id).toBe(user.id);
    });
  });
}

test.describe('without the stored sessions', () => {
  test.use({ storageState: SIGNED_OUT });

  test('/api/auth/session answers nobody, and a signed route answers 401', async ({ request }) => {
    const res = await request.get('/api/auth/session');
    expect(res.status()).toBe(200);
    expect(await res.json()).toBeNull();
    expect(await profileStatus(request)).toBe(401);
  });

  test('a forged session cookie counts as signed out', async ({ request }) => {
    const forged = `${SESSION_COOKIE}=not-a-signed-token`;
    expect(await profileStatus(request, forged)).toBe(401);
    const session = await request.get('/api/auth/session', { headers: { Cookie: forged } });
    expect(await session.json()).toBeNull();
  });

  test('signing out ends that session wherever its cookie was copied, and only that session', async ({
    request,
    playwright,
    baseURL,
  }) => {
    const { csrfToken, cookie } = await signInByApi(request, email('buyer'));
    const elsewhere = await playwright.request.newContext({ baseURL, storageState: SIGNED_OUT });
    expect(await profileStatus(elsewhere, cookie)).toBe(200);

    const out = await request.post('/api/auth/signout', { form: { csrfToken }, maxRedirects: 0 });
    expect(out.status()).toBe(302);
    expect(await profileStatus(request)).toBe(401);
    expect(await profileStatus(elsewhere, cookie)).toBe(401);
    await elsewhere.dispose();

    // the buyer's other session, the stored one, is still signed in
    const stored = await playwright.request.newContext({ baseURL, storageState: sessionFile('buyer') });
    expect(await profileStatus(stored)).toBe(200);
    await stored.dispose();
  });
});
