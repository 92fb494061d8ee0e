import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { comment, startSession } from '../../../test/live-fixtures.ts';
import { createProduct, loadRefs, simpleBody, uniq } from '../../../test/product-fixtures.ts';
import { privateReplies, stores } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * Without a Meta app the product works all the same outside production: "Connect my pages" offers
 * demo pages, marked sandbox, whose replies the sandbox platform keeps. In production no such door
 * opens: connecting answers facebook_not_configured.
 */

describe('sandbox: no Meta app, not production', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await startTestApp();
  });
  afterAll(() => rt.close());

  it('connects the demo pages without tokens; their replies are kept by the sandbox', async () => {
    const seller = await makeSeller(rt);
    const api = await client(rt, seller);
    const start = await api.get('/api/stores/facebook/connect');
    expect(start.json()).toEqual({ mode: 'sandbox', url: null });
    expect(start.headers['set-cookie']).toBeUndefined();

    const pages = (await api.get('/api/social-account/pages')).json();
    expect(pages.account.sandbox).toBe(true);
    expect(pages.items[0]).toMatchObject({
      id: 'demo-boutique',
      name: 'Boutique démo',
      instagram: { username: 'boutique.demo' },
    });
    const synced = await api.post('/api/social-sync', { page_ids: ['demo-boutique'] });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().count).toBe(2);
    const list = (await api.get('/api/fetch-stores')).json();
    expect(list.count).toBe(2);
    for (const s of list.items)
      expect(s).toMatchObject({ sandbox: true, connected: true, token_state: 'none' });
    const rows = await rt.deps.database.db.select().from(stores).where(eq(stores.seller_id, seller.id));
    expect(rows.every((r) => r.access_token_encrypted === null && r.sandbox)).toBe(true);
    const fb = rows.find((r) => r.platform === 'facebook');
    expect(fb?.selected).toBe(true);
    expect((await api.post(`/api/stores/sync/${fb?.id}`, {})).json().item.synced_at).toBeTruthy();

    const refs = await loadRefs(rt);
    const keyword = `robe${uniq()}`;
    await createProduct(
      api,
      simpleBody(refs, { keywords: keyword, isPublish: true, quantity: 3, price: 12 }),
    );
    const { sessionId, post } = await startSession(rt, api);
    await post([comment(keyword, `fb-${uniq()}`)]);
    await rt.worker.drain();
    const [reply] = await rt.deps.database.db
      .select()
      .from(privateReplies)
      .where(eq(privateReplies.session_id, sessionId));
    expect(reply.status).toBe('sent');

    const gone = await api.delete(`/api/stores/${fb?.id}`);
    expect(gone.json()).toEqual({ success: true, count: 2 });
    expect((await api.get('/api/fetch-stores')).json().count).toBe(0);
  });
});

describe('production without the Meta app', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await startTestApp({ env: 'production' });
  });
  afterAll(() => rt.close());

  it('connecting answers facebook_not_configured and no demo page is offered', async () => {
    const api = await client(rt, await makeSeller(rt));
    const start = await api.get('/api/stores/facebook/connect');
    expect(start.statusCode).toBe(503);
    expect(start.json().error).toBe('facebook_not_configured');
    expect((await api.get('/api/social-account/pages')).statusCode).toBe(503);
    const sync = await api.post('/api/social-sync', { page_ids: ['demo-boutique'] });
    expect(sync.statusCode).toBe(503);
    expect((await api.get('/api/fetch-stores')).json()).toEqual({ count: 0, items: [] });
  });
});
