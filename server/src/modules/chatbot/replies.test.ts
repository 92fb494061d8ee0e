import {
  MAX_CUSTOM_REPLIES,
  MAX_PLACEHOLDER_REPEATS,
  MAX_TRIGGERS,
  type TChatbotMessage,
} from '@livecart/contract/chatbot';
import { MAX_CHECKED_IDS, MAX_ID } from '@livecart/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotRowsOf, createReply, recordAnswers, replyBody } from '../../../test/chatbot-fixtures.ts';
import { insertSession } from '../../../test/fixtures.ts';
import { client, makeAdmin, makeBuyer, makeSeller, ORIGIN, startTestApp } from '../../../test/helpers.ts';
import {
  type Api,
  createProduct,
  loadRefs,
  type Refs,
  sellerApi,
  simpleBody,
} from '../../../test/product-fixtures.ts';
import { chatbotMessages, liveComments } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
let admin: Api;
let buyer: Api;

beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  admin = await client(rt, await makeAdmin(rt));
  buyer = await client(rt, await makeBuyer(rt));
});
afterAll(() => rt.close());

const newSeller = () => sellerApi(rt);
const list = async (api: Api, params = '') => {
  const res = await api.get(`/api/fetch-chatbot-messages?type=users${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; items: TChatbotMessage[] };
};
const names = async (api: Api, params = '') => (await list(api, params)).items.map((i) => i.name);
const filter = (f: object) => `&queryFilter=${encodeURIComponent(JSON.stringify(f))}`;

describe('a seller writes custom replies', () => {
  it('creates a reply with a product and a discount, and reads it back by id and in the list', async () => {
    const { api } = await newSeller();
    const product = await createProduct(
      api,
      simpleBody(refs, { keywords: 'robe12, dress12', isPublish: true, price: 49.9 }),
    );
    const res = await api.post(
      '/api/chatbot',
      replyBody({
        name: 'Prix',
        keywords: ' Prix , combien,prix?, Taille ? ',
        message_fr: '{product} est à {price}, commentez {keyword} ! -{discount} avec ce message.',
        product_id: product.id,
        discount: 10,
        max_answer_count: 50,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { success, item } = res.json() as { success: true; item: TChatbotMessage };
    expect(success).toBe(true);
    expect(item).toMatchObject({
      type: 'users',
      name: 'Prix',
      // trimmed; "prix?" is the same trigger as "Prix" and kept once
      keywords: ['Prix', 'combien', 'Taille ?'],
      product: { id: product.id, name: 'Foulard en soie', price: 49.9, keyword: 'robe12' },
      discount: 10,
      max_answer_count: 50,
      answer_count: 0,
      active: true,
      mandatory: false,
    });
    expect((await api.get(`/api/fetch-chatbot-message/${item.id}`)).json()).toEqual({ item });
    expect(await list(api)).toEqual({ count: 1, items: [item] });
    // the seller's default list is their custom replies
    expect((await api.get('/api/fetch-chatbot-messages')).json()).toEqual({ count: 1, items: [item] });
  });

  it('updates a reply by id; 0 discount and empty answer limit mean none', async () => {
    const { api } = await newSeller();
    const created = await createReply(api, { discount: 15, max_answer_count: 3 });
    const res = await api.post(
      '/api/chatbot',
      replyBody({
        id: created.id,
        name: created.name,
        keywords: 'frais de port',
        discount: 0,
        max_answer_count: null,
        active: false,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({
      id: created.id,
      keywords: ['frais de port'],
      discount: null,
      max_answer_count: null,
      active: false,
    });
    expect((await list(api)).count).toBe(1);
  });

  it("another seller's reply is 404 to read, update, delete or switch, and stays as it was", async () => {
    const a = await newSeller();
    const b = await newSeller();
    const reply = await createReply(a.api);
    const before = await chatbotRowsOf(rt, a.seller.id);
    for (const res of [
      await b.api.get(`/api/fetch-chatbot-message/${reply.id}`),
      await b.api.post('/api/chatbot', replyBody({ id: reply.id })),
      await b.api.delete(`/api/chatbot/delete/${reply.id}`),
      await b.api.post('/api/chatbot/bulk-delete', { ids: [reply.id] }),
      await b.api.get(`/api/chatbot/change-active/${reply.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect((await b.api.get('/api/chatbot/change-active-all?status=false')).json()).toEqual({
      success: true,
      active: false,
      count: 0,
    });
    expect(await chatbotRowsOf(rt, a.seller.id)).toEqual(before);
    expect(await chatbotRowsOf(rt, b.seller.id)).toEqual([]);
    expect((await list(b.api)).count).toBe(0);
  });
});

describe('the rules of a reply, each refused with nothing saved', () => {
  it('a name is unique among the seller’s replies in any case, and never a system event’s', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const first = await createReply(a.api, { name: 'Livraison' });
    const second = await createReply(a.api, { name: 'Prix' });
    const before = await chatbotRowsOf(rt, a.seller.id);
    for (const [body, label] of [
      [replyBody({ name: 'livraison' }), 'same name in another case'],
      [replyBody({ name: 'LIVRAISON' }), 'upper case'],
      [replyBody({ id: second.id, name: 'Livraison' }), 'an update taking another reply’s name'],
      [replyBody({ name: 'cart_created' }), 'a system event'],
      [replyBody({ name: 'Payment_Received' }), 'a system event in another case'],
    ] as const) {
      const res = await a.api.post('/api/chatbot', body);
      expect(res.statusCode, label).toBe(409);
      expect(res.json(), label).toMatchObject({
        error: 'chatbot_name_taken',
        fields: { name: 'chatbot_name_taken' },
      });
    }
    expect(await chatbotRowsOf(rt, a.seller.id)).toEqual(before);
    // a reply keeps its own name; another seller may use it
    const kept = await a.api.post('/api/chatbot', replyBody({ id: first.id, name: 'Livraison' }));
    expect(kept.statusCode, kept.body).toBe(200);
    await createReply(b.api, { name: 'Livraison' });
  });

  it('refuses unknown placeholders, discounts outside 0–100, bad answer limits and bad triggers', async () => {
    const { seller, api } = await newSeller();
    const existing = await createReply(api);
    const before = await chatbotRowsOf(rt, seller.id);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ message_fr: 'Bonjour {prenom} !' }, { message_fr: 'unknown_placeholder' }],
      [{ message_en: 'Your cart: {items}' }, { message_en: 'unknown_placeholder' }],
      [
        { message_fr: '{product} {product} {product} {product}' },
        { message_fr: `placeholder_repeated:${MAX_PLACEHOLDER_REPEATS}` },
      ],
      [{ discount: 101 }, { discount: 'discount_range' }],
      [{ discount: -5 }, { discount: 'discount_range' }],
      [{ discount: 12.5 }, { discount: 'integer' }],
      [{ max_answer_count: 0 }, { max_answer_count: 'min_one' }],
      [{ keywords: [] }, { keywords: 'required' }],
      [{ keywords: ['?!'] }, { 'keywords.0': 'trigger_letters' }],
      [
        { keywords: Array.from({ length: MAX_TRIGGERS + 1 }, (_, i) => `mot${i}`) },
        { keywords: `too_many_triggers:${MAX_TRIGGERS}` },
      ],
      [{ name: '' }, { name: 'required' }],
      [{ id: MAX_ID + 1 }, { id: 'invalid' }],
    ];
    for (const [patch, fields] of cases) {
      for (const id of [undefined, existing.id]) {
        const res = await api.post('/api/chatbot', { ...replyBody({ id }), ...patch });
        const label = `${JSON.stringify(patch)} ${id ? 'update' : 'create'}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toMatchObject({ error: 'validation', fields });
      }
    }
    expect(await chatbotRowsOf(rt, seller.id)).toEqual(before);
  });

  it('a product must be the seller’s own and not deleted', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const foreign = await createProduct(b.api, simpleBody(refs));
    const deleted = await createProduct(a.api, simpleBody(refs));
    expect((await a.api.delete(`/api/products/delete/${deleted.id}`)).statusCode).toBe(200);
    const before = await chatbotRowsOf(rt, a.seller.id);
    for (const productId of [foreign.id, deleted.id, 2_000_000_000]) {
      const res = await a.api.post('/api/chatbot', replyBody({ product_id: productId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { product_id: 'product' } });
    }
    const tooBig = await a.api.post('/api/chatbot', replyBody({ product_id: MAX_ID + 1 }));
    expect(tooBig.json()).toMatchObject({ error: 'validation', fields: { product_id: 'product' } });
    expect(await chatbotRowsOf(rt, a.seller.id)).toEqual(before);
  });

  it('a text with a NUL byte is refused by the input guard', async () => {
    const { seller, api } = await newSeller();
    const res = await api.post('/api/chatbot', replyBody({ message_fr: 'Livraison\u0000 offerte' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', fields: { message_fr: 'invalid_characters' } });
    expect(await chatbotRowsOf(rt, seller.id)).toEqual([]);
  });

  it(`a seller keeps at most ${MAX_CUSTOM_REPLIES} replies`, async () => {
    const { seller, api } = await newSeller();
    await rt.deps.database.db.insert(chatbotMessages).values(
      Array.from({ length: MAX_CUSTOM_REPLIES - 1 }, (_, i) => ({
        seller_id: seller.id,
        type: 'users' as const,
        name: `Réponse ${i}`,
        keywords: `mot${i}`,
        message_fr: 'Bonjour',
        message_en: 'Hello',
      })),
    );
    const last = await createReply(api);
    const before = await chatbotRowsOf(rt, seller.id);
    const res = await api.post('/api/chatbot', replyBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('chatbot_limit');
    expect(await chatbotRowsOf(rt, seller.id)).toEqual(before);
    // an update is not a new reply
    const updated = await api.post('/api/chatbot', replyBody({ id: last.id, name: last.name }));
    expect(updated.statusCode, updated.body).toBe(200);
  });
});

describe('the list of custom replies', () => {
  it('searches names and trigger words, filters, sorts by scenario and by answers, and pages', async () => {
    const { seller, api } = await newSeller();
    const product = await createProduct(api, simpleBody(refs));
    const shipping = await createReply(api, { name: 'Livraison', keywords: 'frais de port, shipping' });
    const price = await createReply(api, { name: 'prix', keywords: 'combien', product_id: product.id });
    const size = await createReply(api, { name: 'Étiquette', keywords: 'taille', active: false });
    const s1 = await insertSession(rt, seller.id);
    const s2 = await insertSession(rt, seller.id);
    await recordAnswers(rt, { messageId: price.id, sessionId: s1.id, sellerId: seller.id, answers: 2 });
    await recordAnswers(rt, { messageId: price.id, sessionId: s2.id, sellerId: seller.id, answers: 3 });
    await recordAnswers(rt, { messageId: size.id, sessionId: s1.id, sellerId: seller.id, answers: 1 });

    expect(await names(api)).toEqual(['Étiquette', 'prix', 'Livraison']);
    expect(await names(api, '&column=name&sort=ASC')).toEqual(['Étiquette', 'Livraison', 'prix']);
    expect(await names(api, '&column=name&sort=DESC')).toEqual(['prix', 'Livraison', 'Étiquette']);
    expect(await names(api, '&column=answer_count&sort=DESC')).toEqual(['prix', 'Étiquette', 'Livraison']);
    expect((await list(api, '&column=answer_count')).items.map((i) => i.answer_count)).toEqual([5, 1, 0]);
    expect(await names(api, '&query=PORT')).toEqual(['Livraison']);
    expect(await names(api, '&query=etiq')).toEqual(['Étiquette']);
    expect(await names(api, filter({ active: false }))).toEqual(['Étiquette']);
    expect(await names(api, filter({ product_id: product.id }))).toEqual(['prix']);
    const page = await list(api, '&column=name&sort=ASC&limit=10&offset=2');
    expect(page.count).toBe(3);
    expect(page.items.map((i) => i.id)).toEqual([price.id]);
    expect(shipping.answer_count).toBe(0);
  });

  it('refuses a bad type, column or filter', async () => {
    const { api } = await newSeller();
    for (const [query, field] of [
      ['?type=other', 'type'],
      ['?column=keywords', 'column'],
      [`?queryFilter=${encodeURIComponent('{"product_id":0}')}`, 'queryFilter.product_id'],
    ]) {
      const res = await api.get(`/api/fetch-chatbot-messages${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields, query).toHaveProperty([field]);
    }
  });
});

describe('deleting and switching replies', () => {
  it('deletes one or several; the comments they answered stay', async () => {
    const { seller, api } = await newSeller();
    const [r1, r2, r3] = [await createReply(api), await createReply(api), await createReply(api)];
    const session = await insertSession(rt, seller.id);
    const answered = await recordAnswers(rt, {
      messageId: r1.id,
      sessionId: session.id,
      sellerId: seller.id,
      answers: 1,
    });

    const one = await api.delete(`/api/chatbot/delete/${r1.id}`);
    expect(one.json()).toEqual({ success: true, count: 1 });
    expect((await api.get(`/api/fetch-chatbot-message/${r1.id}`)).statusCode).toBe(404);
    const [comment] = await rt.deps.database.db
      .select()
      .from(liveComments)
      .where(eq(liveComments.id, answered.id));
    expect(comment.outcome).toBe('answered');

    const bulk = await api.post('/api/chatbot/bulk-delete', {
      data: JSON.stringify([
        { id: r2.id, checked: true },
        { id: r3.id, checked: true },
      ]),
    });
    expect(bulk.json()).toEqual({ success: true, count: 2 });
    expect((await list(api)).count).toBe(0);
  });

  it('none checked is select_item; one id that is not the seller’s reply deletes nothing', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const mine = await createReply(a.api);
    const theirs = await createReply(b.api);
    const [platformId] = (await a.api.get('/api/fetch-chatbot-default-messages'))
      .json()
      .items.map((i: { id: number }) => i.id);
    const before = await chatbotRowsOf(rt, a.seller.id);
    const none = await a.api.post('/api/chatbot/bulk-delete', { data: '[]' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('select_item');
    for (const other of [theirs.id, platformId, 999_999_999]) {
      const res = await a.api.post('/api/chatbot/bulk-delete', { ids: [mine.id, other] });
      expect(res.statusCode).toBe(404);
    }
    expect((await a.api.delete(`/api/chatbot/delete/${MAX_ID + 1}`)).statusCode).toBe(400);
    expect(await chatbotRowsOf(rt, a.seller.id)).toEqual(before);
  });

  it(`more than ${MAX_CHECKED_IDS.toLocaleString('en')} checked ids are refused at once, with nothing deleted`, async () => {
    const { seller, api } = await newSeller();
    const mine = await createReply(api);
    const before = await chatbotRowsOf(rt, seller.id);
    const ids = [mine.id, ...Array.from({ length: 200_000 }, (_, i) => i + 1)];
    for (const body of [{ ids }, { data: JSON.stringify(ids.map((id) => ({ id, checked: true }))) }]) {
      const started = Date.now();
      const res = await api.post('/api/chatbot/bulk-delete', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ [Object.keys(body)[0]]: `too_many_checked:${MAX_CHECKED_IDS}` });
      // parsed in one pass, not compared pair by pair (which blocked the server for seconds)
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(await chatbotRowsOf(rt, seller.id)).toEqual(before);
  });

  it('as many checked ids as allowed are one statement (no 500), and a duplicated id counts once', async () => {
    const { api } = await newSeller();
    const mine = await createReply(api);
    const others = Array.from({ length: MAX_CHECKED_IDS - 1 }, (_, i) => MAX_ID - i);
    const res = await api.post('/api/chatbot/bulk-delete', { ids: [mine.id, ...others] });
    expect(res.statusCode, res.body).toBe(404);
    const twice = await api.post('/api/chatbot/bulk-delete', {
      ids: [mine.id, mine.id],
      data: `[${mine.id}]`,
    });
    expect(twice.json()).toEqual({ success: true, count: 1 });
  });

  it('switches one reply, then all of them', async () => {
    const { api } = await newSeller();
    const r1 = await createReply(api);
    const r2 = await createReply(api, { active: false });
    expect((await api.get(`/api/chatbot/change-active/${r1.id}`)).json()).toEqual({
      success: true,
      active: false,
      count: 1,
    });
    expect((await api.get(`/api/chatbot/change-active/${r1.id}`)).json()).toMatchObject({ active: true });
    expect((await api.get('/api/chatbot/change-active-all?status=true')).json()).toEqual({
      success: true,
      active: true,
      count: 1,
    });
    expect((await list(api)).items.every((i) => i.active)).toBe(true);
    expect((await api.get('/api/chatbot/change-active-all?status=0')).json()).toMatchObject({ count: 2 });
    expect((await api.get(`/api/fetch-chatbot-message/${r2.id}`)).json().item.active).toBe(false);
    expect((await api.get('/api/chatbot/change-active-all?status=maybe')).statusCode).toBe(400);
  });

  it('the switches are changes: another site cannot make them', async () => {
    const { seller, api } = await newSeller();
    const reply = await createReply(api);
    const before = await chatbotRowsOf(rt, seller.id);
    for (const url of [
      `/api/chatbot/change-active/${reply.id}`,
      '/api/chatbot/change-active-all?status=false',
    ]) {
      const res = await api.get(url, { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('bad_origin');
    }
    expect(await chatbotRowsOf(rt, seller.id)).toEqual(before);
    expect(
      (await api.get(`/api/chatbot/change-active/${reply.id}`, { referer: `${ORIGIN}/chatbot` })).statusCode,
    ).toBe(200);
  });
});

describe('who may call the custom replies', () => {
  it('the admin and a buyer are refused (403), a signed-out caller 401, a seller without a plan plan_required', async () => {
    const { seller, api } = await newSeller();
    const reply = await createReply(api);
    const expired = await client(rt, await makeSeller(rt, { subscription: 'expired' }));
    const calls = (who: Api) => [
      () => who.post('/api/chatbot', replyBody()),
      () => who.get('/api/fetch-chatbot-messages?type=users'),
      () => who.get(`/api/fetch-chatbot-message/${reply.id}`),
      () => who.delete(`/api/chatbot/delete/${reply.id}`),
      () => who.post('/api/chatbot/bulk-delete', { ids: [reply.id] }),
      () => who.get(`/api/chatbot/change-active/${reply.id}`),
      () => who.get('/api/chatbot/change-active-all?status=false'),
      () => who.get('/api/fetch-active-sessions'),
    ];
    for (const call of calls(buyer)) expect((await call()).statusCode).toBe(403);
    for (const [i, call] of calls(admin).entries()) {
      const res = await call();
      // the admin reads system rows by id: a custom reply is not one
      expect(res.statusCode, String(i)).toBe(i === 2 ? 404 : 403);
    }
    for (const call of calls(expired)) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('plan_required');
    }
    const anonymous = await rt.app.inject({ method: 'GET', url: '/api/fetch-chatbot-messages' });
    expect(anonymous.statusCode).toBe(401);
    expect(await chatbotRowsOf(rt, seller.id)).toHaveLength(1);
    expect((await api.get(`/api/fetch-chatbot-message/${reply.id}`)).json().item).toEqual(reply);
  });
});
