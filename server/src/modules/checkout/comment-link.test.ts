import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { privateReplies } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

/** The checkout link of the private reply of the session's one comment. */
async function replyLink(sessionId: number) {
  await rt.worker.drain();
  const [reply] = await rt.deps.database.db
    .select()
    .from(privateReplies)
    .where(eq(privateReplies.session_id, sessionId));
  const url = /https?:\/\/\S+/.exec(reply.text)?.[0];
  if (!url) throw new Error(`no link in ${reply.text}`);
  return new URL(url);
}

describe('orders #12 report: buyer linked by comment', () => {
  it('orders #12 report: the private reply link carries the comment id, which links the signed-in shopper', async () => {
    const live = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, live.api, 5);
    const written = comment(keyword, viewer());
    await live.post([written]);
    const link = await replyLink(live.sessionId);
    expect(link.searchParams.get('comment')).toBe(written.id);
    const orderNumber = link.pathname.split('/').at(-1) as string;

    const shopper = await client(rt, await makeBuyer(rt));
    const commentId = encodeURIComponent(written.id);
    // Before linking, the comment's order is not the shopper's.
    expect((await shopper.get(`/api/orders/find-order-by-comment?commentId=${commentId}`)).statusCode).toBe(
      404,
    );
    const t = link.searchParams.get('t') as string;
    const connected = await shopper.get(`/api/orders/connect-bycomment?commentId=${commentId}&t=${t}`);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ success: true, orderNumber });
    const found = await shopper.get(`/api/orders/find-order-by-comment?commentId=${commentId}`);
    expect(found.json()).toMatchObject({ orderNumber, storeName: link.searchParams.get('storeName') });
  });

  it('orders #12 report: connect-action answers 410 Gone with the reason, in both languages', async () => {
    const fr = await rt.app.inject({ method: 'GET', url: '/api/orders/connect-action' });
    expect(fr.statusCode).toBe(410);
    expect(fr.json()).toEqual({
      error: 'gone',
      message: "Ce lien n'est plus utilisé : ouvrez le lien de votre message privé",
    });
    const en = await rt.app.inject({ method: 'GET', url: '/api/orders/connect-action?locale=en' });
    expect(en.statusCode).toBe(410);
    expect(en.json().message).toBe('This link is no longer used: open the link of your private message');
    const shopper = await client(rt, await makeBuyer(rt));
    expect((await shopper.get('/api/orders/connect-action')).statusCode).toBe(410);
  });
});
