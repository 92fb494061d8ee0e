import { BLOCKED_MESSAGE_DEFAULTS, type TBuyerDetail } from '@livecart/contract/buyers';
import type { TLiveComment } from '@livecart/contract/live';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { type Api, loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { buyerBlocks, privateReplies, settings, socialIdentities } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * A seller blocks a shopper who does not pay: their next comments reserve nothing, open no cart,
 * join no waiting list, get outcome `blocked` and the seller's message as their one reply.
 */

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

async function identityOf(sellerId: number, from: string) {
  const [row] = await db()
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.seller_id, sellerId), eq(socialIdentities.external_user_id, from)));
  return row;
}

async function block(api: Api, body: Record<string, unknown>) {
  const res = await api.post('/api/buyers/block', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The console's row of a comment (outcome, reply) once the reply worker ran. */
async function consoleRow(api: Api, sessionId: number, externalId: string) {
  await rt.worker.drain();
  const res = await api.get(`/api/livesession/${sessionId}/comments?limit=100`);
  expect(res.statusCode).toBe(200);
  return (res.json().items as TLiveComment[]).find((c) => c.external_id === externalId) as TLiveComment;
}

async function replyOf(sessionId: number, externalId: string, api: Api) {
  return (await consoleRow(api, sessionId, externalId)).reply?.text;
}

describe('a blocked commenter', () => {
  it('reserves nothing, joins no waiting list, gets outcome blocked and the default message; unblocked, orders again', async () => {
    const live = await liveSeller(rt);
    const r = reads(rt);
    const inStock = await simpleProduct(rt, refs, live.api, 5);
    const soldOut = await simpleProduct(rt, refs, live.api, 0);
    const lea = viewer();

    // Léa orders once, and is a shopper of the seller
    await live.post([comment(`${inStock.keyword}`, lea)]);
    const identity = await identityOf(live.seller.id, lea);
    expect(await r.stockOf(inStock.config.id)).toBe(4);
    const blocked = await block(live.api, { identity_id: identity.id, blocked: true });
    expect(blocked).toMatchObject({ success: true, blocked: true, message: 'Le client a été bloqué' });
    const cartsBefore = (await r.cartsOf(live.seller.id)).length;

    const ordering = comment(`${inStock.keyword} x2`, lea);
    const waiting = comment(`${soldOut.keyword}`, lea);
    const result = await live.post([ordering, waiting]);
    expect(result).toMatchObject({ ordered: 0, waiting: 0 });
    expect(await r.stockOf(inStock.config.id)).toBe(4);
    expect(await r.waitingOf(live.seller.id)).toEqual([]);
    expect((await r.cartsOf(live.seller.id)).length).toBe(cartsBefore);
    const cart = await r.cartOfViewer(live.seller.id, lea);
    expect(cart?.lines.map((l) => l.quantity)).toEqual([1]);

    const row = await consoleRow(live.api, live.sessionId, ordering.id);
    expect(row).toMatchObject({ outcome: 'blocked', order_number: null });
    expect(row.reply).toEqual({ status: 'sent', text: BLOCKED_MESSAGE_DEFAULTS.fr });
    expect((await consoleRow(live.api, live.sessionId, waiting.id)).outcome).toBe('blocked');
    // one reply per comment, the seller's message
    const replies = await db()
      .select()
      .from(privateReplies)
      .where(eq(privateReplies.session_id, live.sessionId));
    expect(replies.filter((p) => p.text === BLOCKED_MESSAGE_DEFAULTS.fr)).toHaveLength(2);

    // the seller writes their own message: the next comment gets it
    const saved = await live.api.post('/api/update-settings', {
      blocked_message: '  Merci de régler vos paniers.  ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item.blocked_message).toBe('Merci de régler vos paniers.');
    const again = comment(`${inStock.keyword}`, lea);
    await live.post([again]);
    expect(await replyOf(live.sessionId, again.id, live.api)).toBe('Merci de régler vos paniers.');

    // unblocked: her next comment reserves again
    const unblocked = await block(live.api, { identity_id: identity.id, blocked: false });
    expect(unblocked).toMatchObject({ blocked: false, message: 'Le client a été débloqué' });
    const back = comment(`${inStock.keyword}`, lea);
    expect(await live.post([back])).toMatchObject({ ordered: 1 });
    expect(await r.stockOf(inStock.config.id)).toBe(3);
    expect((await consoleRow(live.api, live.sessionId, back.id)).outcome).toBe('ordered');
  });

  it('the default message follows the shop’s language, and an empty message goes back to it', async () => {
    const live = await liveSeller(rt);
    const product = await simpleProduct(rt, refs, live.api, 5);
    const tom = viewer();
    await live.post([comment(product.keyword, tom)]);
    await block(live.api, { identity_id: (await identityOf(live.seller.id, tom)).id, blocked: true });
    await live.api.post('/api/update-settings', { shop_locale: 'en', blocked_message: 'Custom' });
    await live.api.post('/api/update-settings', { blocked_message: '' });
    const [row] = await db().select().from(settings).where(eq(settings.user_id, live.seller.id));
    expect(row.blocked_message).toBeNull();
    const c = comment(product.keyword, tom);
    await live.post([c]);
    expect(await replyOf(live.sessionId, c.id, live.api)).toBe(BLOCKED_MESSAGE_DEFAULTS.en);
  });

  it('a message over 1000 characters, or with a NUL, is refused naming it, and the saved one stays', async () => {
    const live = await liveSeller(rt);
    await live.api.post('/api/update-settings', { blocked_message: 'Avant' });
    const long = await live.api.post('/api/update-settings', { blocked_message: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ blocked_message: 'max_chars:1000' });
    const nul = await live.api.post('/api/update-settings', { blocked_message: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toHaveProperty('blocked_message');
    const ok = await live.api.post('/api/update-settings', { blocked_message: 'x'.repeat(1000) });
    expect(ok.statusCode).toBe(200);
    const read = (await live.api.get('/api/fetch-settings')).json().item;
    expect(read.blocked_message).toHaveLength(1000);
  });

  it('the seller’s message is sent as written: no placeholder filled, no checkout link, no cart named', async () => {
    const live = await liveSeller(rt);
    const product = await simpleProduct(rt, refs, live.api, 5);
    const v = viewer();
    await live.post([comment(product.keyword, v)]);
    await block(live.api, { identity_id: (await identityOf(live.seller.id, v)).id, blocked: true });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: placeholders a seller might type, to be sent as typed
    const message = '<b>Bloqué</b> {link} {{url}} ${orderNumber} %s {storeName}\nÉcrivez-nous 😀';
    expect((await live.api.post('/api/update-settings', { blocked_message: message })).statusCode).toBe(200);
    const c = comment(product.keyword, v);
    await live.post([c]);
    const row = await consoleRow(live.api, live.sessionId, c.id);
    expect(row).toMatchObject({ outcome: 'blocked', order_number: null, reply: { text: message } });
    const [sent] = await db().select().from(privateReplies).where(eq(privateReplies.live_comment_id, row.id));
    expect(sent.text).toBe(message);
  });

  it('blocked at one seller, the same viewer id orders at another', async () => {
    const a = await liveSeller(rt);
    const b = await liveSeller(rt);
    const pa = await simpleProduct(rt, refs, a.api, 5);
    const pb = await simpleProduct(rt, refs, b.api, 5);
    const same = viewer();
    await a.post([comment(pa.keyword, same)]);
    await block(a.api, { identity_id: (await identityOf(a.seller.id, same)).id, blocked: true });
    expect(await b.post([comment(pb.keyword, same)])).toMatchObject({ ordered: 1 });
    expect(await a.post([comment(pa.keyword, same)])).toMatchObject({ ordered: 0 });
  });
});

describe('a blocked account', () => {
  it('blocks every identity linked to it at this seller, now or later; unblocking lifts all', async () => {
    const live = await liveSeller(rt);
    const r = reads(rt);
    const product = await simpleProduct(rt, refs, live.api, 10);
    const zoe = await makeBuyer(rt);
    const [first, second] = [viewer(), viewer()];
    await live.post([comment(product.keyword, first)]);
    const firstIdentity = await identityOf(live.seller.id, first);
    await db()
      .update(socialIdentities)
      .set({ user_id: zoe.id })
      .where(eq(socialIdentities.id, firstIdentity.id));

    await block(live.api, { buyer_id: zoe.id, blocked: true });
    // a second identity of hers, seen and linked after the block
    await live.post([comment('bonjour', second)]);
    await live.post([comment(product.keyword, second)]);
    expect(await r.stockOf(product.config.id)).toBe(8);
    const secondIdentity = await identityOf(live.seller.id, second);
    await db()
      .update(socialIdentities)
      .set({ user_id: zoe.id })
      .where(eq(socialIdentities.id, secondIdentity.id));
    const blockedNow = [comment(product.keyword, first), comment(product.keyword, second)];
    expect(await live.post(blockedNow)).toMatchObject({ ordered: 0 });
    expect(await r.stockOf(product.config.id)).toBe(8);
    for (const c of blockedNow)
      expect((await consoleRow(live.api, live.sessionId, c.id)).outcome).toBe('blocked');

    // the list and the detail say so; the detail lists her comments with their outcomes
    const listed = (await live.api.get(`/api/buyers/fetch-items?queryFilter=${q({ blocked: true })}`)).json();
    expect(listed.items.map((i: { buyer_id: number }) => i.buyer_id)).toEqual([zoe.id]);
    const detail = (
      await live.api.get(`/api/buyers/fetch-item?queryFilter=${q({ buyer_id: zoe.id })}`)
    ).json().item as TBuyerDetail;
    expect(detail.blocked).toBe(true);
    expect(detail.comments_count).toBe(4);
    expect(detail.comments.slice(0, 2).map((c) => c.outcome)).toEqual(['blocked', 'blocked']);
    expect(detail.comments.map((c) => c.outcome)).toContain('ordered');
    expect(detail.comments.find((c) => c.outcome === 'ordered')?.order_number).toBe(
      detail.orders[0].order_number,
    );

    await block(live.api, { buyer_id: zoe.id, blocked: false });
    expect(await live.post([comment(product.keyword, second)])).toMatchObject({ ordered: 1 });
    expect(await r.stockOf(product.config.id)).toBe(7);
  });

  it('an identity blocked before its viewer signed in keeps its block as part of the account, until the account is unblocked', async () => {
    const live = await liveSeller(rt);
    const product = await simpleProduct(rt, refs, live.api, 10);
    const v = viewer();
    await live.post([comment(product.keyword, v)]);
    const identity = await identityOf(live.seller.id, v);
    await block(live.api, { identity_id: identity.id, blocked: true });
    const zoe = await makeBuyer(rt);
    await db().update(socialIdentities).set({ user_id: zoe.id }).where(eq(socialIdentities.id, identity.id));
    // the identity is now Zoé: named by identity_id it answers as her account
    const byIdentity = (
      await live.api.get(`/api/buyers/fetch-item?queryFilter=${q({ identity_id: identity.id })}`)
    ).json().item as TBuyerDetail;
    expect(byIdentity).toMatchObject({ buyer_id: zoe.id, identity_id: null, blocked: true });
    expect(await live.post([comment(product.keyword, v)])).toMatchObject({ ordered: 0 });
    await block(live.api, { buyer_id: zoe.id, blocked: false });
    expect(await db().select().from(buyerBlocks).where(eq(buyerBlocks.seller_id, live.seller.id))).toEqual(
      [],
    );
    expect(await live.post([comment(product.keyword, v)])).toMatchObject({ ordered: 1 });
  });

  it('an identity blocked before its viewer signed in blocks the account’s other identities at this seller too: the claim does what the list shows', async () => {
    const live = await liveSeller(rt);
    const r = reads(rt);
    const product = await simpleProduct(rt, refs, live.api, 10);
    // the same person at one seller under two identities (two pages of the seller, say)
    const [onPage1, onPage2] = [viewer(), viewer()];
    await live.post([comment(product.keyword, onPage1), comment(product.keyword, onPage2)]);
    const [first, second] = [
      await identityOf(live.seller.id, onPage1),
      await identityOf(live.seller.id, onPage2),
    ];
    await block(live.api, { identity_id: first.id, blocked: true });
    const zoe = await makeBuyer(rt);
    for (const identity of [first, second]) {
      await db()
        .update(socialIdentities)
        .set({ user_id: zoe.id })
        .where(eq(socialIdentities.id, identity.id));
    }
    const listed = (
      await live.api.get(`/api/buyers/fetch-items?queryFilter=${q({ buyer_id: zoe.id })}`)
    ).json();
    expect(listed.items.map((i: { blocked: boolean }) => i.blocked)).toEqual([true]);
    const stock = await r.stockOf(product.config.id);
    const next = comment(product.keyword, onPage2);
    expect(await live.post([next])).toMatchObject({ ordered: 0 });
    expect(await r.stockOf(product.config.id)).toBe(stock);
    expect((await consoleRow(live.api, live.sessionId, next.id)).outcome).toBe('blocked');
  });

  it('blocking twice keeps one block; a cross-site request changes nothing', async () => {
    const live = await liveSeller(rt);
    const product = await simpleProduct(rt, refs, live.api, 3);
    const v = viewer();
    await live.post([comment(product.keyword, v)]);
    const identity = await identityOf(live.seller.id, v);
    await block(live.api, { identity_id: identity.id, blocked: true });
    await block(live.api, { identity_id: identity.id, blocked: true });
    expect(
      await db().select().from(buyerBlocks).where(eq(buyerBlocks.seller_id, live.seller.id)),
    ).toHaveLength(1);
    const evil = await live.api.post(
      '/api/buyers/block',
      { identity_id: identity.id, blocked: false },
      { origin: 'https://evil.example' },
    );
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toBe('bad_origin');
    expect(
      await db().select().from(buyerBlocks).where(eq(buyerBlocks.seller_id, live.seller.id)),
    ).toHaveLength(1);
  });
});

describe('a commenter’s detail', () => {
  it('shows their comments at this seller’s lives and the articles they wait for', async () => {
    const live = await liveSeller(rt);
    const soldOut = await simpleProduct(rt, refs, live.api, 0);
    const v = viewer();
    await live.post([comment(`${soldOut.keyword} x2`, v), comment('trop beau', v)]);
    const identity = await identityOf(live.seller.id, v);
    const res = await live.api.get(`/api/buyers/fetch-item?queryFilter=${q({ identity_id: identity.id })}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().item as TBuyerDetail;
    expect(d).toMatchObject({ identity_id: identity.id, buyer_id: null, orders_count: 0, waiting_count: 1 });
    expect(d.waiting).toEqual([
      expect.objectContaining({ product_id: soldOut.product.id, quantity: 2, session_id: live.sessionId }),
    ]);
    // the comment without a keyword was never linked to the identity: only the claimed one shows
    expect(d.comments.map((c) => [c.message, c.outcome, c.session_id])).toEqual([
      [`${soldOut.keyword} x2`, 'waiting', live.sessionId],
    ]);
    const other = await client(rt, await makeBuyer(rt));
    expect(
      (await other.get(`/api/buyers/fetch-item?queryFilter=${q({ identity_id: identity.id })}`)).statusCode,
    ).toBe(403);
  });
});

describe('a blocked shopper’s waiting requests', () => {
  /** A sold-out article (one unit, in the cart of a first viewer) and the viewers waiting for it, in order. */
  async function queue(waiters: number) {
    const live = await liveSeller(rt);
    const product = await simpleProduct(rt, refs, live.api, 1);
    const holder = viewer();
    await live.post([comment(product.keyword, holder)]);
    const viewers = Array.from({ length: waiters }, () => viewer());
    for (const v of viewers) await live.post([comment(product.keyword, v)]);
    const cart = await reads(rt).cartOfViewer(live.seller.id, holder);
    return { live, product, viewers, cartId: cart?.id as number };
  }

  const waitingRows = async (sellerId: number) =>
    (await reads(rt).waitingOf(sellerId)).filter((w) => w.status === 'waiting');

  it('blocking drops them: the stock released later goes to the next viewer, never to the blocked one', async () => {
    const { live, product, viewers, cartId } = await queue(2);
    const [blocked, next] = viewers;
    const identity = await identityOf(live.seller.id, blocked);
    expect((await waitingRows(live.seller.id)).map((w) => w.social_identity_id)).toContain(identity.id);

    await block(live.api, { identity_id: identity.id, blocked: true });
    expect((await waitingRows(live.seller.id)).map((w) => w.social_identity_id)).not.toContain(identity.id);
    const detail = (
      await live.api.get(`/api/buyers/fetch-item?queryFilter=${q({ identity_id: identity.id })}`)
    ).json().item as TBuyerDetail;
    expect(detail).toMatchObject({ blocked: true, waiting_count: 0, waiting: [] });

    // the first cart expires: its unit goes to the next viewer in the queue
    expect((await live.api.get(`/api/orders/expire?orderId=${cartId}`)).statusCode).toBe(200);
    const r = reads(rt);
    expect((await r.cartOfViewer(live.seller.id, blocked))?.lines ?? []).toEqual([]);
    expect((await r.cartOfViewer(live.seller.id, next))?.lines.map((l) => l.quantity)).toEqual([1]);
    expect(await r.stockOf(product.config.id)).toBe(0);
    // unblocking does not bring the dropped request back
    await block(live.api, { identity_id: identity.id, blocked: false });
    expect(await waitingRows(live.seller.id)).toEqual([]);
  });

  it('blocking an account drops the requests of every identity it linked at this seller, and none at another seller', async () => {
    const { live, viewers } = await queue(2);
    const other = await liveSeller(rt);
    const otherProduct = await simpleProduct(rt, refs, other.api, 0);
    const zoe = await makeBuyer(rt);
    const same = viewers[0];
    await other.post([comment(otherProduct.keyword, same)]);
    for (const v of viewers) {
      const identity = await identityOf(live.seller.id, v);
      await db()
        .update(socialIdentities)
        .set({ user_id: zoe.id })
        .where(eq(socialIdentities.id, identity.id));
    }
    const otherIdentity = await identityOf(other.seller.id, same);
    await db()
      .update(socialIdentities)
      .set({ user_id: zoe.id })
      .where(eq(socialIdentities.id, otherIdentity.id));

    await block(live.api, { buyer_id: zoe.id, blocked: true });
    expect(await waitingRows(live.seller.id)).toEqual([]);
    expect((await waitingRows(other.seller.id)).map((w) => w.social_identity_id)).toEqual([otherIdentity.id]);
  });

  it('a request made before its viewer was known as a blocked account is passed over when stock comes back', async () => {
    const { live, product, viewers, cartId } = await queue(2);
    const [late, next] = viewers;
    // Zoé (known as `known`) is blocked; later she signs in from the link of a comment she made as `late`
    const zoe = await makeBuyer(rt);
    const lateIdentity = await identityOf(live.seller.id, late);
    const known = viewer();
    await live.post([comment(product.keyword, known)]);
    const knownIdentity = await identityOf(live.seller.id, known);
    await db()
      .update(socialIdentities)
      .set({ user_id: zoe.id })
      .where(eq(socialIdentities.id, knownIdentity.id));
    await block(live.api, { buyer_id: zoe.id, blocked: true });
    await db()
      .update(socialIdentities)
      .set({ user_id: zoe.id })
      .where(eq(socialIdentities.id, lateIdentity.id));
    expect((await waitingRows(live.seller.id)).map((w) => w.social_identity_id)).toContain(lateIdentity.id);

    expect((await live.api.get(`/api/orders/expire?orderId=${cartId}`)).statusCode).toBe(200);
    const r = reads(rt);
    expect((await r.cartOfViewer(live.seller.id, late))?.lines ?? []).toEqual([]);
    expect((await r.cartOfViewer(live.seller.id, next))?.lines.map((l) => l.quantity)).toEqual([1]);
    // her request left the queue: nothing free while someone waits, nobody waits for a blocked shopper
    expect((await waitingRows(live.seller.id)).map((w) => w.social_identity_id)).not.toContain(
      lateIdentity.id,
    );
  });
});

describe('a shopper shared by two sellers', () => {
  it('each seller reads only their own comments, waiting items and figures of her; blocking at one leaves the other alone', async () => {
    const a = await liveSeller(rt);
    const b = await liveSeller(rt);
    const soldOutAtA = await simpleProduct(rt, refs, a.api, 0);
    const atB = await simpleProduct(rt, refs, b.api, 5);
    // the same person comments at both (page-scoped ids: two identities), signed in at both
    const [atPageA, atPageB] = [viewer(), viewer()];
    await a.post([comment(`${soldOutAtA.keyword} x2`, atPageA)]);
    await b.post([comment(atB.keyword, atPageB), comment('secret de B', atPageB)]);
    const zoe = await makeBuyer(rt);
    const identityA = await identityOf(a.seller.id, atPageA);
    const identityB = await identityOf(b.seller.id, atPageB);
    for (const id of [identityA.id, identityB.id]) {
      await db().update(socialIdentities).set({ user_id: zoe.id }).where(eq(socialIdentities.id, id));
    }

    const detail = async (api: Api, f: Record<string, number>) => {
      const res = await api.get(`/api/buyers/fetch-item?queryFilter=${q(f)}`);
      return res.statusCode === 200 ? (res.json().item as TBuyerDetail) : res.statusCode;
    };
    const atA = (await detail(a.api, { buyer_id: zoe.id })) as TBuyerDetail;
    expect(atA).toMatchObject({ orders_count: 0, waiting_count: 1, comments_count: 1 });
    expect(atA.comments.map((c) => c.message)).toEqual([`${soldOutAtA.keyword} x2`]);
    const atBView = (await detail(b.api, { buyer_id: zoe.id })) as TBuyerDetail;
    expect(atBView).toMatchObject({ orders_count: 1, waiting_count: 0 });
    expect(atBView.comments.map((c) => c.message)).toEqual([atB.keyword]);
    expect(JSON.stringify(atBView)).not.toContain(soldOutAtA.keyword);
    expect(JSON.stringify(atA)).not.toContain(atB.keyword);

    // the other seller's identity of her, or the admin-only parameters, name nothing of the other
    expect(await detail(a.api, { identity_id: identityB.id })).toBe(404);
    expect(await detail(a.api, { buyer_id: zoe.id, seller_id: b.seller.id })).toMatchObject({
      seller_id: a.seller.id,
      orders_count: 0,
    });
    const listed = (
      await a.api.get(`/api/buyers/fetch-items?queryFilter=${q({ seller_id: b.seller.id })}`)
    ).json();
    expect(listed.items.map((i: { seller_id: number }) => i.seller_id)).toEqual([a.seller.id]);
    expect(
      (await a.api.get(`/api/buyers/fetch-items?queryFilter=${q({ identity_id: identityB.id })}`)).json(),
    ).toEqual({ count: 0, items: [] });
    expect((await a.api.get('/api/buyers/fetch-items?view=shoppers')).statusCode).toBe(403);
    // blocking her at A leaves her at B as she was
    await block(a.api, { buyer_id: zoe.id, blocked: true });
    expect(((await detail(b.api, { buyer_id: zoe.id })) as TBuyerDetail).blocked).toBe(false);
    expect(await b.post([comment(atB.keyword, atPageB)])).toMatchObject({ ordered: 1 });
  });
});

describe('the viewers of a post, resolved together', () => {
  type Answer = { k: number; id: number; user_id: number | null; blocked: boolean };
  const many = async (sellerId: number, viewers: Record<string, unknown>[]) =>
    (
      await rt.deps.database.raw<Answer>(
        'SELECT k, id, user_id, blocked FROM buyers_viewer_identities($1, $2::jsonb) ORDER BY k',
        [sellerId, JSON.stringify(viewers)],
      )
    ).map((a) => ({ ...a, k: Number(a.k), id: Number(a.id) }));
  const one = async (sellerId: number, from: string, name: string | null) => {
    const [row] = await rt.deps.database.raw<Omit<Answer, 'k'>>(
      `SELECT id, user_id, blocked FROM buyers_viewer_identity($1, 'facebook', $2, $3)`,
      [sellerId, from, name],
    );
    return { ...row, id: Number(row.id) };
  };

  it('answers each comment what the one-by-one call answers: known, renamed, new twice, blocked, no name', async () => {
    const live = await liveSeller(rt);
    const other = await liveSeller(rt);
    const [known, renamed, blocked, fresh, nameless] = [viewer(), viewer(), viewer(), viewer(), viewer()];
    const ids = {
      known: (await one(live.seller.id, known, 'Léa')).id,
      renamed: (await one(live.seller.id, renamed, 'Zoé')).id,
      blocked: (await one(live.seller.id, blocked, 'Inès')).id,
      nameless: (await one(live.seller.id, nameless, 'Noé')).id,
    };
    await block(live.api, { identity_id: ids.blocked, blocked: true });
    const fb = (k: number, fromId: string, fromName: string | null) => ({
      k,
      platform: 'facebook',
      fromId,
      fromName,
    });

    const answers = await many(live.seller.id, [
      fb(1, known, 'Léa'),
      fb(2, renamed, 'Zoé B.'),
      fb(3, fresh, 'Ana'),
      fb(4, blocked, 'Inès'),
      fb(5, fresh, 'Ana'),
      fb(6, nameless, null),
      fb(7, known, 'Léa'),
    ]);
    const fresh1 = answers.find((a) => a.k === 3)?.id as number;
    expect(answers).toEqual([
      { k: 1, id: ids.known, user_id: null, blocked: false },
      { k: 2, id: ids.renamed, user_id: null, blocked: false },
      { k: 3, id: fresh1, user_id: null, blocked: false },
      { k: 4, id: ids.blocked, user_id: null, blocked: true },
      { k: 5, id: fresh1, user_id: null, blocked: false },
      { k: 6, id: ids.nameless, user_id: null, blocked: false },
      { k: 7, id: ids.known, user_id: null, blocked: false },
    ]);
    // What the one-by-one call finds afterwards: the new viewer made once, the new name kept, the
    // name of a comment without one left as it was.
    expect(await one(live.seller.id, fresh, 'Ana')).toEqual({ id: fresh1, user_id: null, blocked: false });
    expect((await identityOf(live.seller.id, renamed)).name).toBe('Zoé B.');
    expect((await identityOf(live.seller.id, nameless)).name).toBe('Noé');
    // The same viewer ids at another seller are other identities, blocked by nobody.
    const elsewhere = await many(other.seller.id, [fb(1, blocked, 'Inès'), fb(2, known, 'Léa')]);
    expect(elsewhere.map((a) => a.blocked)).toEqual([false, false]);
    expect(elsewhere.map((a) => a.id)).not.toContain(ids.blocked);
    expect(elsewhere.map((a) => a.id)).not.toContain(ids.known);
  });

  it('a viewer whose comments of one post carry two names ends with the last one, as one by one', async () => {
    const live = await liveSeller(rt);
    const v = viewer();
    const id = (await one(live.seller.id, v, 'Old')).id;
    const answers = await many(live.seller.id, [
      { k: 1, platform: 'facebook', fromId: v, fromName: 'New' },
      { k: 2, platform: 'facebook', fromId: v, fromName: 'Old' },
    ]);
    expect(answers.map((a) => a.id)).toEqual([id, id]);
    expect((await identityOf(live.seller.id, v)).name).toBe('Old');
  });
});
