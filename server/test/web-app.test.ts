import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.ts';
import { startTestApp } from './helpers.ts';

/* The built web app as a newcomer reaches it: the address `npm start` prints is `/`. */

const ENTRY = 'entry-9f8e7d.js';
const ENTRY_JS = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Panier ${i}`))};`;
const INDEX =
  '<!doctype html><html lang="fr"><head><title>LiveCart</title></head><body><div id="root"></div></body></html>';

let rt: Runtime;
beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'livecart-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the build writes next to each asset (web/scripts/compress.mjs).
  writeFileSync(path.join(webDir, 'assets', `${ENTRY}`), ENTRY_JS);
  writeFileSync(path.join(webDir, 'assets', `${ENTRY}.br`), brotliCompressSync(ENTRY_JS));
  writeFileSync(path.join(webDir, 'assets', `${ENTRY}.gz`), gzipSync(ENTRY_JS));
  writeFileSync(path.join(webDir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(webDir, 'index.html.gz'), gzipSync(INDEX));
  rt = await startTestApp({ webDir });
});
afterAll(() => rt.close());

const get = (url: string) => rt.app.inject({ method: 'GET', url });

describe('trust #12: a newcomer gets the app at /', () => {
  it('/ answers the app, not an error', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('every client route answers the app on reload; assets are cached, unknown API paths answer JSON 404', async () => {
    for (const url of ['/en', '/signin', '/en/signin', '/dashboard', '/checkout/LC123?storeName=x&t=y']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().error).toBe('not_found');
  });
});

describe('screens #7: /fr opens the French app (French has no prefix, English has /en)', () => {
  it('/fr and /fr/… redirect for good to the same French page without the prefix, query kept', async () => {
    for (const [from, to] of [
      ['/fr', '/'],
      ['/fr/', '/'],
      ['/fr/signin', '/signin'],
      ['/fr/checkout/LC123?storeName=Shop&t=tok', '/checkout/LC123?storeName=Shop&t=tok'],
      ['/fr?x=1', '/?x=1'],
    ]) {
      const res = await get(from);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    const head = await rt.app.inject({ method: 'HEAD', url: '/fr/dashboard' });
    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe('/dashboard');
  });

  it('never leads to another site, and leaves other paths alone', async () => {
    // (the static files' handler refuses `//` paths before any redirect; either way no other site)
    for (const from of ['/fr//evil.example/x', '/fr/\\evil.example', '/fr/%09/evil.example']) {
      const location = (await get(from)).headers.location;
      if (location !== undefined) expect(String(location), from).toMatch(/^\/[^/\\]/);
    }
    expect((await get('/fr/%09/evil.example')).headers.location).toBe('/%09/evil.example');
    expect((await get('/frites')).statusCode).toBe(200);
    expect((await get('/en/fr')).statusCode).toBe(200);
    const api = await rt.app.inject({ method: 'POST', url: '/fr/signin' });
    expect(api.statusCode).toBe(404);
  });
});

describe('trust #16: what travels is compressed', () => {
  const fetch = (url: string, encoding?: string) =>
    rt.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('assets and pages go out as their build-time brotli or gzip copies, as the browser accepts', async () => {
    for (const [url, original] of [
      [`/assets/${ENTRY}`, ENTRY_JS],
      ['/', INDEX],
      ['/checkout/LC123', INDEX],
    ] as const) {
      const br = await fetch(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(original));
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(original);
      const gz = await fetch(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(original);
      const plain = await fetch(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(original);
    }
  });

  it('API answers over 1 KiB are compressed; small ones are not', async () => {
    const big = await fetch('/api/countries', 'br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const countries = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(countries.countries.length).toBeGreaterThan(100);
    const small = await fetch('/api/auth/providers', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
