import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALES } from '@livecart/contract/constants';
import { SITE_PAGE_IDS, type SiteData, sitePath } from '@livecart/contract/site';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import type { Runtime } from '../../runtime.ts';
import { plans } from '../plans/tables.ts';
import { searchWords } from './routes.ts';

/*
 * The server's side of the public site, with a stand-in for the web app's two builds: a renderer
 * that writes the data it was given into the page (the real pages are tested in web/ and end to
 * end), a manifest, a stylesheet and the app's index.html.
 */
const INDEX = '<!doctype html><html><body><div id="root"></div>app</body></html>';
const RENDERER = `
export function siteBuildFiles(manifest, page) {
  return { script: '/' + manifest['src/site/client.tsx'].file, preloads: ['/assets/' + page + '.js'], styles: manifest['src/site/client.tsx'].css };
}
export async function renderSitePage(data, assets) {
  return '<!doctype html><html lang="' + data.locale + '"><head><style>' + assets.css + '</style>' +
    '<script type="module" src="' + assets.script + '"></script></head><body>' +
    '<script type="application/json" id="site-data">' + JSON.stringify(data).replace(/</g, '\\\\u003c') + '</script></body></html>';
}`;

function fakeBuilds() {
  const root = mkdtempSync(path.join(tmpdir(), 'livecart-site-'));
  const webDir = path.join(root, 'dist');
  mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'site-1.css'), '.site{color:#111}');
  writeFileSync(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/site/client.tsx': { file: 'assets/site-1.js', css: ['assets/site-1.css'] } }),
  );
  const siteRenderer = path.join(root, 'render.js');
  writeFileSync(siteRenderer, RENDERER);
  return { webDir, siteRenderer };
}

/** The data a page was rendered from, read back out of the stand-in's HTML. */
function dataOf(html: string): SiteData {
  const json = /<script type="application\/json" id="site-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error(`no site data in ${html.slice(0, 200)}`);
  return JSON.parse(json) as SiteData;
}

let rt: Runtime;
const get = (url: string, headers: Record<string, string> = {}) =>
  rt.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  rt = await startTestApp({ ...fakeBuilds(), schedulingUrl: 'https://cal.example.com/livecart/demo' });
});
afterAll(() => rt.close());

describe('the public pages, for a visitor', () => {
  it('every page answers its own HTML in both languages, from the right data', async () => {
    for (const id of SITE_PAGE_IDS) {
      for (const locale of LOCALES) {
        const url = sitePath(id, locale);
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        const data = dataOf(res.body);
        expect({ page: data.page, locale: data.locale, signedIn: data.signedIn }, url).toEqual({
          page: id,
          locale,
          signedIn: false,
        });
        expect(data.origin).toBe('http://localhost:3000');
        // the site's stylesheet is in the page (no request before the first paint), its script linked
        expect(res.body).toContain('<style>.site{color:#111}</style>');
        expect(res.body).toContain('src="/assets/site-1.js"');
      }
    }
  });

  it('a page is never kept by a shared cache (it depends on the cookies) and is indexable', async () => {
    const res = await get('/faq');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    expect(res.headers['x-robots-tag']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const head = await rt.app.inject({ method: 'HEAD', url: '/en/pricing' });
    expect(head.statusCode).toBe(200);
  });

  it('the plans are the active plans of the moment, in the page language', async () => {
    const fr = dataOf((await get('/pricing')).body);
    expect(fr.plans.map((p) => p.code)).toEqual(['basic', 'business', 'platinum']);
    const business = fr.plans.find((p) => p.code === 'business');
    expect(business?.name).toBe(business?.name_fr);
    const en = dataOf((await get('/en/pricing')).body).plans.find((p) => p.code === 'business');
    expect(en?.name).toBe(en?.name_en);

    const db = rt.deps.database.db;
    const [row] = await db.select().from(plans).where(eq(plans.code, 'business'));
    await db.update(plans).set({ monthly_cents: 17_900 }).where(eq(plans.id, row.id));
    try {
      const after = dataOf((await get('/pricing')).body).plans.find((p) => p.code === 'business');
      expect(after?.price).toBe(179);
      await db.update(plans).set({ active: false }).where(eq(plans.code, 'platinum'));
      expect(dataOf((await get('/')).body).plans.map((p) => p.code)).toEqual(['basic', 'business']);
    } finally {
      await db.update(plans).set({ monthly_cents: row.monthly_cents }).where(eq(plans.id, row.id));
      await db.update(plans).set({ active: true }).where(eq(plans.code, 'platinum'));
    }
  });

  it('the cookie banner is left out once the visitor chose', async () => {
    expect(dataOf((await get('/')).body).cookieChoice).toBe(false);
    expect(dataOf((await get('/', { cookie: 'cookie_consent=decline' })).body).cookieChoice).toBe(true);
  });

  it('only the about page may frame the scheduling widget, and only its site', async () => {
    const about = await get('/about-us');
    expect(dataOf(about.body).schedulingUrl).toBe('https://cal.example.com/livecart/demo');
    const policy = String(about.headers['content-security-policy']);
    expect(policy).toContain('frame-src https://cal.example.com');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(String((await get('/en/about-us')).headers['content-security-policy'])).toContain(
      'frame-src https://cal.example.com',
    );
    expect(String((await get('/contact')).headers['content-security-policy'])).not.toContain('frame-src');
  });

  it('the knowledge centre searches the words of ?q=, cleaned; other pages ignore it', async () => {
    expect(dataOf((await get('/guides?q=panier%20minuteur')).body).query).toBe('panier minuteur');
    expect(dataOf((await get('/en/guides?q=%00cart%01%0A')).body).query).toBe('cart');
    expect(dataOf((await get(`/guides?q=${'a'.repeat(500)}`)).body).query).toHaveLength(100);
    expect(dataOf((await get('/guides?q=a&q=b')).body).query).toBe('a');
    expect(dataOf((await get('/faq?q=panier')).body).query).toBe('');
  });

  it('searchWords drops control characters and lone surrogates, keeps real text', () => {
    expect(searchWords('robe\u0000 rouge')).toBe('robe  rouge');
    expect(searchWords('caf\u00e9 \ud83d\ude00')).toBe('café 😀');
    expect(searchWords('a\ud800b\udc00c')).toBe('abc');
    expect(searchWords(undefined)).toBe('');
    expect(searchWords({ x: 1 })).toBe('');
  });
});

describe('the public pages, for a signed-in user', () => {
  it('`/` and `/en` lead to the dashboard', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const fr = await seller.get('/');
    expect(fr.statusCode).toBe(302);
    expect(fr.headers.location).toBe('/dashboard');
    const en = await seller.get('/en');
    expect(en.headers.location).toBe('/en/dashboard');
  });

  it('the plan choice and the guides open in the app; the other pages say who is signed in', async () => {
    const buyer = await client(rt, await makeBuyer(rt));
    for (const url of ['/pricing', '/en/pricing', '/guides', '/guides/liveselling', '/en/guides/rules-csv']) {
      const res = await buyer.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
    }
    const faq = dataOf((await buyer.get('/faq')).body);
    expect(faq.signedIn).toBe(true);
  });

  it('an altered session cookie is a visitor', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const altered = Object.entries(seller.jar).map(([name, value]) =>
      name.includes('session-token') ? `${name}=${value.slice(0, -4)}AAAA` : `${name}=${value}`,
    );
    expect(altered.join(';')).not.toBe(
      Object.entries(seller.jar)
        .map(([n, v]) => `${n}=${v}`)
        .join(';'),
    );
    const res = await get('/', { cookie: altered.join('; ') });
    expect(res.statusCode).toBe(200);
    expect(dataOf(res.body).signedIn).toBe(false);
  });
});

describe('what crawlers read', () => {
  it('/sitemap.xml lists every public page in both languages, each with its alternates', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    const expected = SITE_PAGE_IDS.flatMap((id) =>
      LOCALES.map((l) => `http://localhost:3000${sitePath(id, l)}`),
    );
    expect(locs.sort()).toEqual(expected.sort());
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="http://localhost:3000/en/guides/liveselling"/>',
    );
  });

  it('/robots.txt opens the public pages exactly and closes the rest', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines).toContain('Allow: /$');
    expect(lines).toContain('Allow: /en/faq$');
    expect(lines).toContain('Disallow: /');
    expect(lines).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    for (const closed of ['/checkout', '/dashboard', '/api', '/inventory']) {
      expect(
        lines.some((l) => l.startsWith(`Allow: ${closed}`)),
        closed,
      ).toBe(false);
    }
  });

  it('the app answers its own pages as not to be indexed', async () => {
    const res = await get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });
});
