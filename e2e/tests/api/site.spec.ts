import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { sessionFile } from '../support/accounts.ts';
import {
  contactBody,
  demoBody,
  freshAddress,
  inbox,
  mailsTo,
  PUBLIC_PAGES,
  robotsAllows,
} from '../support/site.ts';

/* The public site over plain HTTP, as a crawler or a script reads it: the home answers a visitor,
   robots.txt lets search engines read the public pages and nothing else, the back-office says
   noindex, and the two public forms refuse bad input without keeping anything. (The sitemap is
   read with a real XML parser in tests/ui/site.spec.ts.) */

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL, storageState: sessionFile('admin') });
});
test.afterAll(async () => {
  await admin?.dispose();
});

test('issue 18: a visitor opening / gets the public home page, not a sign-in page or a refusal', async ({
  request,
}) => {
  for (const path of ['/', '/en']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
    expect(html, path).toContain(`<html lang="${path === '/' ? 'fr' : 'en'}"`);
    expect(html, path).not.toContain('data-testid="signin-submit"');
  }
});

test('issue 18: every public page answers 200 with its text in the HTML itself, in both languages', async ({
  request,
}) => {
  for (const { path, locale } of PUBLIC_PAGES) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain(`<html lang="${locale}"`);
    expect(html.match(/<h1[\s>]/g) ?? [], `${path}: one h1`).toHaveLength(1);
    expect(res.headers()['x-robots-tag'], path).toBeUndefined();
  }
});

test('issue 18: robots.txt lets crawlers read exactly the public pages and keeps out the back-office, checkouts and the API', async ({
  request,
}) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const robots = await res.text();
  expect(robots).toMatch(/^User-agent: \*$/m);
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  for (const { path } of PUBLIC_PAGES) expect(robotsAllows(robots, path), `${path} allowed`).toBe(true);
  const closed = [
    '/dashboard',
    '/en/dashboard',
    '/inventory',
    '/orders',
    '/account',
    '/signin',
    '/signup',
    '/checkout/LC8CKNQBZ9XJ?storeName=Demo&t=abc',
    '/en/checkout/LC8CKNQBZ9XJ',
    '/api/',
    '/api/auth/session',
    '/dev/mailbox',
    '/guides/unknown-guide',
    '/faq/anything',
  ];
  for (const path of closed) expect(robotsAllows(robots, path), `${path} disallowed`).toBe(false);
});

test('issue 18: a back-office page is served with X-Robots-Tag noindex', async ({ request }) => {
  for (const path of ['/dashboard', '/en/inventory', '/signin']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(res.headers()['x-robots-tag'], path).toMatch(/noindex/);
  }
});

test('issue 18: the picture of a shared link (og:image) is there, a 1200×630 PNG', async ({ request }) => {
  const res = await request.get('/og-image.png');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  const png = await res.body();
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

/** Posts a public form as the page does (same origin), answering status and JSON. */
async function post(request: APIRequestContext, baseURL: string, path: string, body: unknown) {
  const res = await request.post(path, {
    data: body,
    headers: { Origin: new URL(baseURL).origin, 'Sec-Fetch-Site': 'same-origin' },
  });
  return {
    status: res.status(),
    body: (await res.json()) as { error?: string; message?: string; fields?: Record<string, string> },
  };
}

const FORMS = {
  contact: {
    path: '/api/contact',
    type: 'contact',
    good: contactBody,
    required: ['first_name', 'last_name', 'email', 'subject', 'message'],
  },
  demo: {
    path: '/api/request-demo',
    type: 'demo',
    good: demoBody,
    required: ['first_name', 'last_name', 'email', 'company_name'],
  },
} as const;

for (const [name, form] of Object.entries(FORMS)) {
  test(`issue 18: the ${name} form's call refuses bad input naming the field, and keeps nothing`, async ({
    request,
    baseURL,
  }) => {
    const before = (await inbox(admin, form.type)).count;
    const address = freshAddress(`refused-${name}`);
    const good = form.good(address) as Record<string, string>;
    const refusals: [string, Record<string, unknown>, string][] = [
      ['every required field empty', Object.fromEntries(form.required.map((f) => [f, ''])), form.required[0]],
      ['a bad e-mail', { ...good, email: 'lea.garnier@' }, 'email'],
      ['a NUL byte in a name', { ...good, first_name: 'Lé\u0000a' }, 'first_name'],
      ['an over-long name', { ...good, last_name: 'x'.repeat(5000) }, 'last_name'],
      ['an over-long company', { ...good, company_name: 'c'.repeat(5000) }, 'company_name'],
      ['an over-long message', { ...good, message: 'm'.repeat(100_000) }, 'message'],
      ...(name === 'contact'
        ? ([
            ['a too-short message', { ...good, message: 'ok' }, 'message'],
            ['an over-long subject', { ...good, subject: 's'.repeat(5000) }, 'subject'],
          ] as [string, Record<string, unknown>, string][])
        : []),
    ];
    for (const [what, body, field] of refusals) {
      for (const locale of ['fr', 'en']) {
        const res = await post(request, baseURL as string, `${form.path}?locale=${locale}`, body);
        expect(res.status, `${what} (${locale})`).toBe(400);
        expect(res.body.error, what).toBe('validation');
        expect(res.body.message, what).toMatch(locale === 'fr' ? /champs/ : /fields/);
        expect(Object.keys(res.body.fields ?? {}), what).toContain(field);
      }
    }
    const empty = await post(request, baseURL as string, form.path, {});
    expect(Object.keys(empty.body.fields ?? {}).sort()).toEqual([...form.required].sort());

    expect((await inbox(admin, form.type)).count, 'nothing kept').toBe(before);
    expect(await mailsTo(request, address), 'nothing e-mailed').toEqual([]);
  });

  test(`issue 18: a good ${name} request lands in the admin's inbox and is acknowledged by e-mail`, async ({
    request,
    baseURL,
  }) => {
    const before = (await inbox(admin, form.type)).count;
    const address = freshAddress(`api-${name}`);
    const res = await post(request, baseURL as string, `${form.path}?locale=en`, form.good(address));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true });
    const after = await inbox(admin, form.type);
    expect(after.count).toBe(before + 1);
    expect(after.items.find((i) => i.author.email === address)).toBeTruthy();
    await expect.poll(async () => (await mailsTo(request, address)).length).toBe(1);
  });
}
