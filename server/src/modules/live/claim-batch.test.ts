import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { liveSeller } from '../../../test/live-fixtures.ts';
import {
  type Api,
  configuredBody,
  createProduct,
  loadRefs,
  type Refs,
  simpleBody,
  uniq,
} from '../../../test/product-fixtures.ts';
import {
  chatbotMessages,
  liveComments,
  notifications,
  orderItems,
  orderStatusHistory,
  orders,
  outbox,
  privateReplies,
  socialIdentities,
  waitingList,
} from '../../db/schema/index.ts';
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

/**
 * Runs `f` with every comment claimed alone by `live_claim_comment_once`, the claim of one comment:
 * the post's call is made to fail, so its comments are claimed one by one (claim.ts). The
 * reference a post's decisions are compared with.
 */
async function oneByOne<T>(f: () => Promise<T>): Promise<T> {
  const [{ def }] = await rt.deps.database.raw<{ def: string }>(
    `SELECT pg_get_functiondef('live_claim_post(jsonb)'::regprocedure) AS def`,
  );
  await rt.deps.database.raw(
    `CREATE OR REPLACE FUNCTION live_claim_post(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'claimed one by one'; END $$`,
  );
  try {
    return await f();
  } finally {
    await rt.deps.database.raw(def);
  }
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

  it('decides a post of many viewers, articles, waiting lists and chatter as its comments one by one', async () => {
    // The same comments, for two sellers with the same stock: all in one post, or each alone.
    const script = (keywords: string[], viewers: string[]) =>
      [
        [0, `${keywords[0]}`],
        [1, `${keywords[0]} x2`],
        [2, 'bonsoir'],
        [0, `${keywords[1]}`],
        [3, `${keywords[0]}`],
        [1, `${keywords[1]} x3`],
        [2, `${keywords[2]}`],
        [4, '❤️'],
        [3, `${keywords[1]}`],
        [0, `${keywords[0]} x2`],
        [4, `${keywords[2]} x2`],
      ].map(([v, text]) => comment(text as string, viewers[v as number]));
    const run = async (onePost: boolean) => {
      const { seller, api, sessionId, post } = await liveSeller(rt);
      const keywords = [
        await simpleProduct(api, 3),
        await simpleProduct(api, 2),
        await simpleProduct(api, 0),
      ];
      const viewers = Array.from({ length: 5 }, viewer);
      const comments = script(keywords, viewers);
      if (onePost) await post(comments);
      else for (const c of comments) await post([c]);
      const byComment = await db()
        .select({ external: liveComments.external_id, outcome: liveComments.outcome })
        .from(liveComments)
        .where(eq(liveComments.session_id, sessionId))
        .orderBy(asc(liveComments.id));
      const waiting = await db()
        .select({ comment: waitingList.comment_id, quantity: waitingList.quantity })
        .from(waitingList)
        .where(eq(waitingList.seller_id, seller.id));
      const lines = await db()
        .select({
          viewer: socialIdentities.external_user_id,
          name: orderItems.name,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .innerJoin(socialIdentities, eq(socialIdentities.id, orders.social_identity_id))
        .where(eq(orderItems.seller_id, seller.id));
      const replies = await db().select().from(outbox);
      const index = new Map(comments.map((c, i) => [c.id, i]));
      return {
        outcomes: byComment.map((c) => c.outcome),
        waiting: waiting.map((w) => `${index.get(w.comment ?? '')}:${w.quantity}`).sort(),
        lines: lines
          .map(
            (l) =>
              `${viewers.indexOf(l.viewer)}:${keywords.findIndex((k) => l.name.includes(k))}:${l.quantity}`,
          )
          .sort(),
        replies: comments
          .filter((c) => replies.some((r) => r.dedupe_key === `reply:${sessionId}:${c.id}`))
          .map((c) => index.get(c.id)),
      };
    };
    const together = await run(true);
    const alone = await oneByOne(() => run(false));
    expect(together).toEqual(alone);
    expect(together.outcomes).toEqual([
      'cart',
      'cart',
      'no_match',
      'cart',
      'waiting',
      'cart',
      'waiting',
      'no_match',
      'waiting',
      'waiting',
      'waiting',
    ]);
    expect(together.waiting).toEqual(['10:2', '4:1', '5:2', '6:1', '8:1', '9:2'].sort());
  });

  it('decides a post mixing orders, custom replies, variant questions and a blocked viewer as its comments one by one', async () => {
    // Orders of articles are decided together in a post; every other comment in its place between
    // them. The same comments, for two sellers with the same catalogue: in one post, or each alone.
    const script = (k: { a: string; b: string; c: string; word: string }, viewers: string[]) =>
      [
        [0, k.a],
        [1, `${k.word} ?`],
        [1, `${k.a} x2`],
        [4, k.a],
        [2, k.c],
        [2, k.b],
        [0, k.b],
        [3, `${k.a} ${k.word}`],
        [3, k.a],
        [0, `${k.a} x2`],
        [5, `${k.b} ${k.a}`],
      ].map(([v, text]) => comment(text as string, viewers[v as number]));
    const run = async (onePost: boolean) => {
      const { seller, api, sessionId, post } = await liveSeller(rt);
      const k = {
        a: await simpleProduct(api, 3),
        b: await simpleProduct(api, 1),
        c: `robe${uniq()}`,
        word: `livraison${uniq()}`,
      };
      await createProduct(
        api,
        configuredBody(refs.colorIds.slice(0, 2), refs.sizeIds.slice(0, 2), {
          keywords: k.c,
          isPublish: true,
        }),
      );
      await db()
        .insert(chatbotMessages)
        .values({
          seller_id: seller.id,
          type: 'users',
          name: `Livraison ${uniq()}`,
          keywords: k.word,
          message_fr: 'Livraison offerte, et 10 % sur votre panier.',
          message_en: 'Free shipping, and 10% off your cart.',
          discount_percent: 10,
        });
      const viewers = Array.from({ length: 6 }, viewer);
      // Viewer 4 is known to the seller (from an earlier live), and blocked, before the script.
      const [blocked] = await db()
        .insert(socialIdentities)
        .values({
          seller_id: seller.id,
          platform: 'facebook',
          external_user_id: viewers[4],
          name: `Viewer ${viewers[4]}`,
        })
        .returning({ id: socialIdentities.id });
      expect(
        (await api.post('/api/buyers/block', { identity_id: blocked.id, blocked: true })).statusCode,
      ).toBe(200);
      const comments = script(k, viewers);
      if (onePost) await post(comments);
      else for (const c of comments) await post([c]);
      const index = new Map(comments.map((c, i) => [c.id, i]));
      const byComment = await db()
        .select({
          external: liveComments.external_id,
          outcome: liveComments.outcome,
          reason: liveComments.outcome_reason,
        })
        .from(liveComments)
        .where(eq(liveComments.session_id, sessionId))
        .orderBy(asc(liveComments.id));
      const waiting = await db()
        .select({ comment: waitingList.comment_id, quantity: waitingList.quantity })
        .from(waitingList)
        .where(eq(waitingList.seller_id, seller.id))
        .orderBy(asc(waitingList.id));
      const carts = await db()
        .select({
          viewer: socialIdentities.external_user_id,
          id: orders.id,
          subtotal: orders.subtotal_cents,
          discount: orders.discount_cents,
          total: orders.total_amount_cents,
          counting: orders.expires_at,
        })
        .from(orders)
        .innerJoin(socialIdentities, eq(socialIdentities.id, orders.social_identity_id))
        .where(eq(orders.seller_id, seller.id));
      const lines = await db()
        .select({ order: orderItems.order_id, name: orderItems.name, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.seller_id, seller.id));
      const history = await db()
        .select({ order: orderStatusHistory.order_id, note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.seller_id, seller.id));
      const notices = await db().select().from(notifications).where(eq(notifications.user_id, seller.id));
      const replies = await db().select().from(outbox);
      const who = (orderId: number) => viewers.indexOf(carts.find((c) => c.id === orderId)?.viewer ?? '');
      const article = (name: string) => Object.entries(k).find(([, w]) => name.includes(w))?.[0];
      return {
        outcomes: byComment.map((c) => `${c.outcome}:${c.reason ?? ''}`),
        waiting: waiting.map((w) => `${index.get(w.comment ?? '')}:${w.quantity}`),
        carts: carts
          .map(
            (c) =>
              `${viewers.indexOf(c.viewer)}:${c.subtotal}-${c.discount}=${c.total}:${c.counting !== null}`,
          )
          .sort(),
        lines: lines.map((l) => `${who(l.order)}:${article(l.name)}:${l.quantity}`).sort(),
        history: history.map((h) => `${who(h.order)}:${h.note}`).sort(),
        notices: notices
          .map((n) => `${n.type}:${who(Number((n.data as { orderId: number }).orderId))}`)
          .sort(),
        replies: comments.flatMap((c) => {
          const job = replies.find((r) => r.dedupe_key === `reply:${sessionId}:${c.id}`);
          if (!job) return [];
          const p = job.payload as {
            orderNumber: string | null;
            locale: string;
            answer?: { text: string };
            blocked?: unknown;
            parts?: { reserved: string[]; waiting: string[]; choose: unknown[]; texts: unknown };
          };
          const named = (labels: string[]) =>
            labels.map((l) => `${article(l)}${l.slice(l.lastIndexOf(' '))}`);
          return [
            {
              comment: index.get(c.id),
              cart: p.orderNumber !== null,
              locale: p.locale,
              answer: p.answer?.text ?? null,
              blocked: 'blocked' in p,
              reserved: named(p.parts?.reserved ?? []),
              waiting: named(p.parts?.waiting ?? []),
              choose: p.parts?.choose ?? null,
              texts: p.parts?.texts ?? null,
            },
          ];
        }),
      };
    };
    const together = await run(true);
    const alone = await oneByOne(() => run(false));
    expect(together).toEqual(alone);
    expect(together.outcomes).toEqual([
      'cart:',
      'answered:',
      'cart:',
      'blocked:',
      expect.stringMatching(/^chatbot:/),
      'cart:',
      'waiting:',
      'waiting:',
      'waiting:',
      'waiting:',
      'waiting:',
    ]);
    // Viewer 1's cart: two articles at 25 €, 10 % off from the custom reply they triggered first.
    expect(together.carts).toContain('1:5000-500=4500:true');
    expect(together.replies.find((r) => r.comment === 1)?.answer).toBe(
      'Livraison offerte, et 10 % sur votre panier.',
    );
    expect(together.replies.some((r) => r.comment === 3)).toBe(true);
  });

  it('a comment whose claim fails is `error` alone; the other comments of its post are decided', async () => {
    const { api, sessionId, post } = await liveSeller(rt);
    const good = await simpleProduct(api, 5);
    const poison = `poison${uniq()}`;
    await createProduct(
      api,
      simpleBody(refs, { name: `Robe ${poison}`, keywords: poison, isPublish: true, quantity: 5, price: 25 }),
    );
    // The database refuses that article's cart line.
    const fn = `refuse_${poison}`;
    await rt.deps.database.raw(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.name LIKE 'Robe ${poison}%' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
    );
    await rt.deps.database.raw(
      `CREATE TRIGGER ${fn} BEFORE INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
    try {
      const comments = [
        comment(good, viewer()),
        comment(poison, viewer()),
        comment(good, viewer()),
        comment('bonsoir', viewer()),
      ];
      const res = await post(comments);
      expect(res).toMatchObject({ stored: 4, ordered: 2 });
      const outcomes = await db()
        .select({ outcome: liveComments.outcome, reason: liveComments.outcome_reason })
        .from(liveComments)
        .where(eq(liveComments.session_id, sessionId))
        .orderBy(asc(liveComments.id));
      expect(outcomes).toEqual([
        { outcome: 'cart', reason: null },
        { outcome: 'error', reason: 'claim_failed' },
        { outcome: 'cart', reason: null },
        { outcome: 'no_match', reason: null },
      ]);
      const queued = await db().select().from(outbox);
      expect(queued.filter((r) => r.dedupe_key.startsWith(`reply:${sessionId}:`))).toHaveLength(2);
    } finally {
      await rt.deps.database.raw(`DROP TRIGGER ${fn} ON order_items`);
      await rt.deps.database.raw(`DROP FUNCTION ${fn}()`);
    }
  });
});
