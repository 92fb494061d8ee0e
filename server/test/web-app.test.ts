import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.ts';
import { startTestApp } from './helpers.ts';

/* The built web app as a newcomer reaches it: the address `npm start` prints is `/`. */

const INDEX =
  '<!doctype html><html lang="fr"><head><title>LiveCart</title></head><body><div id="root"></div></body></html>';

let rt: Runtime;
beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'livecart-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
