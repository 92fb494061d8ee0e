import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.ts';
import { client, makeBuyer, startTestApp } from './helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'web/dist');

let rt: Runtime;
beforeAll(async () => {
  // The app serves the built web app: build it once when it is not there (a fresh checkout).
  if (!existsSync(path.join(dist, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'ignore' });
  }
  rt = await startTestApp();
}, 300_000);
afterAll(() => rt.close());

type Res = Awaited<ReturnType<Runtime['app']['inject']>>;

/** The directives of a Content-Security-Policy header, by name. */
function directives(res: Res): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

function expectEverywhere(res: Res, label: string) {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toBe('same-origin');
  expect(res.headers['x-frame-options'], label).toBe('DENY');
}

/** A page: the app's policy, and no site may frame it. */
function expectPage(res: Res, label: string) {
  expect(res.statusCode, label).toBe(200);
  expect(res.headers['content-type'], label).toMatch(/^text\/html/);
  expectEverywhere(res, label);
  const csp = directives(res);
  expect(csp['frame-ancestors'], label).toEqual(["'none'"]);
  expect(csp['default-src'], label).toEqual(["'self'"]);
  expect(csp['script-src'], label).toEqual(["'self'"]);
  expect(csp['object-src'], label).toEqual(["'none'"]);
  expect(csp['connect-src'], label).toEqual(["'self'"]);
}

/** The same-origin addresses an HTML page loads by tag (scripts, styles, icons), and its inline scripts. */
function loads(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  return {
    inlineScripts: scripts.filter(([, attrs, body]) => !/\bsrc=/.test(attrs) && body.trim()),
    scriptSrcs: scripts.map(([, attrs]) => /\bsrc="([^"]+)"/.exec(attrs)?.[1]).filter(Boolean) as string[],
    links: [...html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
    eventHandlers: [...html.matchAll(/<[^>]+\son[a-z]+=/g)],
  };
}

describe('trust #10: security headers on every page', () => {
  it('the app, a client route, the English sign-in and the checkout carry the policy, and cannot be framed', async () => {
    for (const url of [
      '/signin',
      '/en/signin',
      '/checkout/LCABCDEF2345?storeName=Boutique&t=secret',
      '/orders',
    ]) {
      expectPage(await rt.app.inject({ url }), url);
    }
    // `/` carries the same headers whatever serves it.
    const home = await rt.app.inject({ url: '/' });
    expectEverywhere(home, '/');
    expect(directives(home)['frame-ancestors']).toEqual(["'none'"]);
  });

  it('the policy allows what the built pages load: their own scripts and styles, no inline script', async () => {
    const page = await rt.app.inject({ url: '/signin' });
    const csp = directives(page);
    const { inlineScripts, scriptSrcs, links, eventHandlers } = loads(page.body);
    expect(inlineScripts).toEqual([]);
    expect(eventHandlers).toEqual([]);
    expect(scriptSrcs.length).toBeGreaterThan(0);
    for (const src of [...scriptSrcs, ...links.filter((l) => !l.startsWith('data:'))]) {
      expect(src, 'loaded from the app itself').toMatch(/^\/assets\//);
      const asset = await rt.app.inject({ url: src });
      expect(asset.statusCode, src).toBe(200);
      expectEverywhere(asset, src);
      expect(asset.headers['content-security-policy'], src).toBeUndefined();
    }
    // The favicon is a data: image; uploaded photos come from the app, linked ones from any site.
    expect(links.some((l) => l.startsWith('data:image/'))).toBe(true);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    // Ant Design writes its styles in <style> elements and style attributes.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    // The built styles load nothing from elsewhere (fonts, images).
    const css = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css'));
    for (const file of css) {
      const text = readFileSync(path.join(dist, 'assets', file), 'utf8');
      expect(text, file).not.toMatch(/url\(\s*['"]?(https?:)?\/\//);
      expect(text, file).not.toMatch(/@import/);
    }
  });

  it('the Swagger UI at /api/docs loads only its own files under the same policy', async () => {
    const docs = await rt.app.inject({ url: '/api/docs/' });
    expectPage(docs, '/api/docs/');
    const { inlineScripts, scriptSrcs, links } = loads(docs.body);
    expect(inlineScripts).toEqual([]);
    for (const src of [...scriptSrcs, ...links]) {
      expect(src).toMatch(/^\.\/static\//);
      const file = await rt.app.inject({ url: `/api/docs/${src.slice(2)}` });
      expect(file.statusCode, src).toBe(200);
    }
  });

  it('API answers and files carry nosniff and the referrer policy; JSON answers load nothing and cannot be framed', async () => {
    const buyer = await client(rt, await makeBuyer(rt));
    const answers: [string, Res][] = [
      ['signed in', await buyer.get('/api/profile')],
      ['public', await rt.app.inject({ url: '/api/countries' })],
      ['refused', await rt.app.inject({ url: '/api/profile' })],
      ['unknown', await rt.app.inject({ url: '/api/no-such-call' })],
      ['invalid', await buyer.get('/api/invoices/%00.pdf')],
    ];
    for (const [label, res] of answers) {
      expectEverywhere(res, label);
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], label).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
    const csv = await rt.app.inject({ url: '/api/products/csv-example' });
    expectEverywhere(csv, 'csv');
    expect(csv.headers['content-security-policy']).toBeUndefined();
  });
});
