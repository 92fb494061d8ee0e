import {
  MANDATORY_REPLIES,
  MAX_PLACEHOLDER_REPEATS,
  REPLY_PLACEHOLDERS,
  SYSTEM_REPLIES,
  type TChatbotMessage,
  type TSystemReplyItem,
} from '@livecart/contract/chatbot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatbotRowsOf, createReply, platformRows, recordAnswers } from '../../../test/chatbot-fixtures.ts';
import { insertSession } from '../../../test/fixtures.ts';
import { client, makeAdmin, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { liveSeller, startSession } from '../../../test/live-fixtures.ts';
import { type Api, sellerApi } from '../../../test/product-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let admin: Api;
let buyer: Api;

beforeAll(async () => {
  rt = await startTestApp();
  admin = await client(rt, await makeAdmin(rt));
  buyer = await client(rt, await makeBuyer(rt));
});
afterAll(() => rt.close());

const newSeller = () => sellerApi(rt);
const defaults = async (api: Api) => {
  const res = await api.get('/api/fetch-chatbot-default-messages');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as TSystemReplyItem[];
};
const reply = async (api: Api, name: string) => (await defaults(api)).find((i) => i.name === name);
/** The seller's own copy of a system reply, switched off. */
const switchOff = (api: Api, item: TSystemReplyItem) =>
  api.post('/api/chatbot-default', {
    name: item.name,
    message_fr: item.message_fr,
    message_en: item.message_en,
    active: false,
  });

const CART_FR = 'Coucou {first_name}, ton panier {items} t’attend {minutes} min : {link}';
const CART_EN = 'Hi {first_name}, your cart {items} waits {minutes} min: {link}';

describe('system replies as a seller has them', () => {
  it('lists one reply per event in order, with the platform’s texts, placeholders and mandatory flag', async () => {
    const { api } = await newSeller();
    const items = await defaults(api);
    expect(items.map((i) => i.name)).toEqual([...SYSTEM_REPLIES]);
    for (const item of items) {
      expect(item).toMatchObject({
        message_fr: item.default_fr,
        message_en: item.default_en,
        overridden: false,
        active: true,
        mandatory: MANDATORY_REPLIES.includes(item.name),
        placeholders: [...REPLY_PLACEHOLDERS[item.name]],
      });
    }
    const cart = items[0];
    expect(cart.message_fr).toContain('{link}');
    // admin sees the same platform rows
    expect((await defaults(admin)).map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('a seller writes their own text, for themselves alone, then goes back to the platform’s', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const platform = (await reply(a.api, 'cart_created')) as TSystemReplyItem;
    const res = await a.api.post('/api/chatbot-default', {
      name: 'cart_created',
      message_fr: CART_FR,
      message_en: CART_EN,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { item } = res.json() as { item: TSystemReplyItem };
    expect(item).toMatchObject({
      name: 'cart_created',
      message_fr: CART_FR,
      message_en: CART_EN,
      default_fr: platform.default_fr,
      default_en: platform.default_en,
      overridden: true,
      active: true,
      mandatory: true,
    });
    expect(item.id).not.toBe(platform.id);
    expect(await reply(a.api, 'cart_created')).toEqual(item);
    expect(await reply(b.api, 'cart_created')).toEqual(platform);
    expect(await reply(admin, 'cart_created')).toEqual(platform);

    // the list of type=system shows the seller's texts, in event order
    const listed = (await a.api.get('/api/fetch-chatbot-messages?type=system')).json() as {
      count: number;
      items: TChatbotMessage[];
    };
    expect(listed.count).toBe(SYSTEM_REPLIES.length);
    expect(listed.items.map((i) => i.name)).toEqual([...SYSTEM_REPLIES]);
    expect(listed.items[0]).toMatchObject({
      id: item.id,
      type: 'system',
      message_fr: CART_FR,
      keywords: [],
      product: null,
      mandatory: true,
    });

    // saved again: the same row, new text
    const again = await a.api.post('/api/chatbot-default', {
      name: 'cart_created',
      message_fr: `${CART_FR} !`,
      message_en: CART_EN,
    });
    expect(again.json().item).toMatchObject({ id: item.id, message_fr: `${CART_FR} !` });
    expect(await chatbotRowsOf(rt, a.seller.id)).toHaveLength(1);

    const reset = await a.api.post('/api/chatbot-default', { name: 'cart_created', reset: true });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().item).toEqual(platform);
    expect(await chatbotRowsOf(rt, a.seller.id)).toEqual([]);
  });

  it('a seller may switch off a reply that does not carry the cart', async () => {
    const { api } = await newSeller();
    const soldOut = (await reply(api, 'sold_out')) as TSystemReplyItem;
    const res = await switchOff(api, soldOut);
    expect(res.json().item).toMatchObject({ active: false, overridden: true });
    // saving its texts again keeps it off
    const texts = await api.post('/api/chatbot-default', {
      name: 'sold_out',
      message_fr: 'Plus de {product}, désolé {first_name}.',
      message_en: soldOut.message_en,
    });
    expect(texts.json().item).toMatchObject({
      active: false,
      message_fr: 'Plus de {product}, désolé {first_name}.',
    });
    const listed = await api.get(
      `/api/fetch-chatbot-messages?type=system&queryFilter=${encodeURIComponent('{"active":false}')}`,
    );
    expect(listed.json().items.map((i: TChatbotMessage) => i.name)).toEqual(['sold_out']);
  });
});

describe('the rules of a system reply, each refused with nothing saved', () => {
  it('a reply carrying the cart keeps {link} and stays on; texts hold the event’s placeholders only', async () => {
    const { seller, api } = await newSeller();
    const platformBefore = await platformRows(rt);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'cart_created', message_fr: 'Panier : {items}' }, { message_fr: 'link_required' }],
      [{ name: 'waiting_served', message_en: 'Your cart: {items}' }, { message_en: 'link_required' }],
      [{ name: 'cart_expiring', active: false }, { active: 'mandatory_reply' }],
      [
        { name: 'cart_created', message_fr: 'Panier {link} à {price}' },
        { message_fr: 'unknown_placeholder' },
      ],
      [{ name: 'sold_out', message_fr: '{product} épuisé : {link}' }, { message_fr: 'unknown_placeholder' }],
      [
        { name: 'cart_expiring', message_en: `${'{items} '.repeat(4)}{link}` },
        { message_en: `placeholder_repeated:${MAX_PLACEHOLDER_REPEATS}` },
      ],
      [{ name: 'sold_out', message_fr: '{product} épuisé', message_en: '{product} gone {first_name' }, {}],
      [{ name: 'not_an_event' }, { name: 'invalid' }],
      [{ name: 'cart_created', message_fr: undefined }, { message_fr: 'required' }],
      [{ name: 'cart_created', message_fr: 'Panier\u0000 {link}' }, { message_fr: 'invalid_characters' }],
      [{ name: 'cart_created', seller_id: 1 }, { seller_id: 'unknown_field' }],
    ];
    for (const [patch, fields] of cases) {
      for (const who of [api, admin]) {
        const res = await who.post('/api/chatbot-default', {
          message_fr: CART_FR,
          message_en: CART_EN,
          ...patch,
        });
        const label = JSON.stringify(patch);
        if (!Object.keys(fields).length) {
          // an unclosed brace is plain text, not a placeholder
          expect(res.statusCode, label).toBe(200);
          continue;
        }
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toMatchObject({ error: 'validation', fields });
      }
    }
    // the two saves that went through were sold_out's; nothing else changed
    expect((await chatbotRowsOf(rt, seller.id)).map((r) => JSON.parse(r).name)).toEqual(['sold_out']);
    const platformAfter = await platformRows(rt);
    expect(platformAfter.filter((r) => JSON.parse(r).name !== 'sold_out')).toEqual(
      platformBefore.filter((r) => JSON.parse(r).name !== 'sold_out'),
    );
    // restore the platform's sold_out text for the other tests
    const soldOut = JSON.parse(platformBefore.find((r) => JSON.parse(r).name === 'sold_out') as string);
    await admin.post('/api/chatbot-default', {
      name: 'sold_out',
      message_fr: soldOut.message_fr,
      message_en: soldOut.message_en,
    });
  });
});

describe('the replies that go out by e-mail', () => {
  it('hold no web address of their own: the platform’s e-mail carries only the cart’s {link}', async () => {
    const { seller, api } = await newSeller();
    const before = await chatbotRowsOf(rt, seller.id);
    const texts: Record<string, [string, string]> = {
      cart_expiring: ['{first_name}, payez ici : {link}', 'Pay here: {link}'],
      waiting_served: ['{items} vous attend : {link}', '{items} waits for you: {link}'],
      payment_received: ['Merci pour {order} !', 'Thanks for {order}!'],
    };
    const links = [
      'https://pay-livecart.example/secure',
      'http://evil.example',
      'www.evil.example',
      'evil.example/pay',
      'Rendez-vous sur boutique-sophie.fr',
      'HTTPS://EVIL.EXAMPLE',
      'hxxp://x javascript://alert(1)',
    ];
    for (const [name, [fr, en]] of Object.entries(texts)) {
      for (const link of links) {
        for (const [field, body] of [
          ['message_fr', { name, message_fr: `${fr} ${link}`, message_en: en }],
          ['message_en', { name, message_fr: fr, message_en: `${link} ${en}` }],
        ] as const) {
          for (const who of [api, admin]) {
            const res = await who.post('/api/chatbot-default', body);
            expect(res.statusCode, `${name} ${link}`).toBe(400);
            expect(res.json().fields).toEqual({ [field]: 'no_links' });
          }
        }
      }
      // amounts, order numbers, initials and sentences stay allowed
      const plain = await api.post('/api/chatbot-default', {
        name,
        message_fr: `${fr} M.Dupont vous remercie. 49.90 € LC-4F7K2Q ;-)`,
        message_en: en,
      });
      expect(plain.statusCode, plain.body).toBe(200);
    }
    // a reply sent only as the comment's private message may name the shop's site
    const soldOut = await api.post('/api/chatbot-default', {
      name: 'sold_out',
      message_fr: '{product} épuisé, voyez www.boutique-sophie.fr',
      message_en: '{product} sold out, see https://boutique-sophie.example',
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect((await chatbotRowsOf(rt, seller.id)).length).toBe(before.length + 4);
  });
});

describe('the admin edits the platform’s defaults', () => {
  it('every seller without their own text gets the new default; a seller with their own keeps it', async () => {
    const a = await newSeller();
    const b = await newSeller();
    const own = 'Merci {first_name}, paiement de {amount} reçu ({order}).';
    await a.api.post('/api/chatbot-default', {
      name: 'payment_received',
      message_fr: own,
      message_en: 'Thanks {first_name}!',
    });
    const before = (await reply(admin, 'payment_received')) as TSystemReplyItem;
    const edited = 'Paiement reçu pour {order}, merci {first_name} !';
    const res = await admin.post('/api/chatbot-default', {
      name: 'payment_received',
      message_fr: edited,
      message_en: before.message_en,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({
      id: before.id,
      message_fr: edited,
      default_fr: edited,
      overridden: false,
    });
    expect(await reply(b.api, 'payment_received')).toMatchObject({ message_fr: edited, overridden: false });
    expect(await reply(a.api, 'payment_received')).toMatchObject({
      message_fr: own,
      default_fr: edited,
      overridden: true,
    });

    // the admin has no default to go back to
    const reset = await admin.post('/api/chatbot-default', { name: 'payment_received', reset: true });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().fields).toEqual({ reset: 'invalid' });

    // the admin reads platform rows by id, a seller does not
    const byId = await admin.get(`/api/fetch-chatbot-message/${before.id}`);
    expect(byId.json().item).toMatchObject({ id: before.id, type: 'system', message_fr: edited });
    expect((await b.api.get(`/api/fetch-chatbot-message/${before.id}`)).statusCode).toBe(404);
    // the admin's list is the platform's system replies
    const listed = (await admin.get('/api/fetch-chatbot-messages')).json();
    expect(listed.count).toBe(SYSTEM_REPLIES.length);
    expect(listed.items.find((i: TChatbotMessage) => i.name === 'payment_received').message_fr).toBe(edited);

    await admin.post('/api/chatbot-default', {
      name: 'payment_received',
      message_fr: before.message_fr,
      message_en: before.message_en,
    });
  });

  it('a buyer is refused the system replies; a seller without a plan needs one', async () => {
    const expired = await client(rt, await makeSeller(rt, { subscription: 'expired' }));
    for (const res of [
      await buyer.get('/api/fetch-chatbot-default-messages'),
      await buyer.post('/api/chatbot-default', { name: 'sold_out', reset: true }),
      await buyer.get('/api/fetch-chatbot-messages?type=system'),
    ])
      expect(res.statusCode).toBe(403);
    const res = await expired.post('/api/chatbot-default', { name: 'sold_out', reset: true });
    expect(res.json().error).toBe('plan_required');
  });
});

describe('what the lives read of the chatbot', () => {
  it('the scenarios a session can use: active custom replies, then the active system replies', async () => {
    const { api } = await newSeller();
    const other = await newSeller();
    const on = await createReply(api, { name: 'Livraison' });
    await createReply(api, { name: 'Caché', active: false });
    await createReply(other.api, { name: 'Ailleurs' });
    const soldOut = (await reply(api, 'sold_out')) as TSystemReplyItem;
    const off = await switchOff(api, soldOut);
    const res = await api.get('/api/livesession/fetch-scenarios');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: number; name: string; type: string }[];
    expect(items[0]).toEqual({ id: on.id, name: 'Livraison', type: 'users' });
    expect(items.slice(1).map((i) => i.type)).toEqual(Array(SYSTEM_REPLIES.length - 1).fill('system'));
    expect(items.map((i) => i.name)).not.toContain('Caché');
    expect(items.map((i) => i.name)).not.toContain('Ailleurs');
    expect(items.map((i) => i.name)).not.toContain('sold_out');
    expect(off.json().item.id).not.toBe(soldOut.id);
  });

  it('the seller’s sessions live now, with the comments a custom reply answered in each', async () => {
    const { seller, api, sessionId } = await liveSeller(rt);
    const second = await startSession(rt, api);
    await insertSession(rt, seller.id); // scheduled: not listed
    const other = await newSeller();
    const r = await createReply(api);
    await recordAnswers(rt, { messageId: r.id, sessionId, sellerId: seller.id, answers: 4 });
    const res = await api.get('/api/fetch-active-sessions');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json();
    expect(items).toEqual([
      {
        id: sessionId,
        event_date: '2026-12-01',
        event_time: '20:30',
        started_at: expect.any(String),
        store: null,
        answered: 4,
      },
      expect.objectContaining({ id: second.sessionId, answered: 0 }),
    ]);
    await api.get(`/api/livesession/stop/${second.sessionId}`);
    expect(
      (await api.get('/api/fetch-active-sessions')).json().items.map((s: { id: number }) => s.id),
    ).toEqual([sessionId]);
    expect((await other.api.get('/api/fetch-active-sessions')).json()).toEqual({
      items: [],
      videos: [],
      stores: [],
    });
  });
});
