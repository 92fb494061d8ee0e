import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { liveSeller } from '../../../test/live-fixtures.ts';
import {
  type Api,
  createProduct,
  loadRefs,
  type Refs,
  simpleBody,
  uniq,
} from '../../../test/product-fixtures.ts';
import { liveComments, outbox, privateReplies, waitingList } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * The live claim as a post of many comments sees it: participants counted exactly across
 * concurrent posts, a viewer's comments of one post claimed in order, the catalogue read again
 * as soon as the seller adds a product, and the reply text shown before and after it is sent.
 */

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

let clock = Date.parse('2026-12-02T20:31:00Z');
function comment(message: string, from: string, id = `cb-${uniq()}`) {
  clock += 1000;
  return {
    id,
    from: { id: from, name: `Viewer ${from}` },
    message,
    created_time: new Date(clock).toISOString(),
  };
}
const viewer = () => `fb-${uniq()}`;

async function simpleProduct(api: Api, stock: number, keyword = `robe${uniq()}`) {
  await createProduct(
    api,
    simpleBody(refs, { keywords: keyword, isPublish: true, quantity: stock, price: 25 }),
  );
  return keyword;
}

describe('claiming the comments of many posts', () => {
  it('counts each viewer once in participants, whatever posts carried their comments', async () => {
    const { api, sessionId, post } = await liveSeller(rt);
    const keyword = await simpleProduct(api, 100);
    const viewers = Array.from({ length: 12 }, viewer);
    // Three posts at once, each with every viewer (some twice), then one more with a newcomer.
    const posts = [0, 1, 2].map((k) =>
      viewers.flatMap((v, i) => [comment(k === i % 3 ? `${keyword}` : 'bonsoir', v), comment('❤️', v)]),
    );
    await Promise.all(posts.map((messages) => post(messages)));
    const participants = async () =>
      (await api.get(`/api/livesession/${sessionId}`)).json().item.participants as number;
    expect(await participants()).toBe(12);
    await post([comment('bonsoir', viewers[0]), comment('hello', viewer())]);
    expect(await participants()).toBe(13);
  });

  it('claims one viewer’s comments of a post in comment order, beside other viewers', async () => {
    const { seller, api, post } = await liveSeller(rt);
    const keyword = await simpleProduct(api, 3);
    const me = viewer();
    const others = [viewer(), viewer()];
    const mine = [comment(keyword, me), comment(keyword, me), comment('bonsoir', others[0])];
    const theirs = [comment(`${keyword}`, others[0]), comment(keyword, me), comment(keyword, others[1])];
    const res = await post([...mine, ...theirs]);
    // 3 units for 5 orders in comment order: me, me, others[0]; then me and others[1] wait.
    expect(res).toMatchObject({ stored: 6, ordered: 3, waiting: 2 });
    const waiting = await db().select().from(waitingList).where(eq(waitingList.seller_id, seller.id));
    expect(waiting.map((w) => w.comment_id).sort()).toEqual([theirs[1].id, theirs[2].id].sort());
  });

  it('recognises a product published between two posts of the same live', async () => {
    const { api, sessionId, post } = await liveSeller(rt);
    const first = await simpleProduct(api, 5);
    expect(await post([comment(first, viewer())])).toMatchObject({ ordered: 1 });
    const second = await simpleProduct(api, 5);
    expect(await post([comment(second, viewer())])).toMatchObject({ ordered: 1 });
    const outcomes = await db()
      .select({ outcome: liveComments.outcome })
      .from(liveComments)
      .where(eq(liveComments.session_id, sessionId));
    expect(outcomes.map((o) => o.outcome)).toEqual(['cart', 'cart']);
  });

  it('shows the pending reply with its checkout link, and the same text once sent', async () => {
    const { api, sessionId, post } = await liveSeller(rt);
    const keyword = await simpleProduct(api, 5);
    const c = comment(`${keyword} x2`, viewer());
    await post([c]);
    const [row] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupe_key, `reply:${sessionId}:${c.id}`));
    // The stored row keeps no checkout secret: the link is put in when the text is rendered.
    expect(JSON.stringify(row.payload)).not.toContain('/checkout/');
    const listed = async () => (await api.get(`/api/livesession/${sessionId}/comments`)).json().items[0];
    const pending = await listed();
    expect(pending.reply.status).toBe('pending');
    expect(pending.reply.text).toContain(`${ORIGIN}/checkout/${pending.order_number}?storeName=`);
    expect(pending.reply.text).toMatch(/×2/);

    await rt.worker.drain();
    const [sent] = await db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
    expect(sent).toMatchObject({ status: 'sent', text: pending.reply.text });
    expect((await listed()).reply).toEqual({ status: 'sent', text: pending.reply.text });
  });
});
