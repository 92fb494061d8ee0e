import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  address,
  cartOf,
  checkout,
  inject,
  orderRow,
  type Shop,
  settle,
  shop,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { client, makeAdmin, makeBuyer, ORIGIN, sentMails, startTestApp } from '../../../test/helpers.ts';
import { comment, viewer } from '../../../test/live-fixtures.ts';
import { pdfText } from '../../../test/payment-fixtures.ts';
import { loadRefs } from '../../../test/product-fixtures.ts';
import { privateReplies, settings, socialIdentities, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
  await useCheckoutFixtures(rt, await loadRefs(rt));
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** The private replies of a session, once the outbox has sent them. */
async function repliesOf(sessionId: number) {
  await rt.worker.drain();
  return db().select().from(privateReplies).where(eq(privateReplies.session_id, sessionId));
}

/** The seller's interface in `locale`, as the language switcher saves it. */
async function switchInterface(s: Shop, locale: 'fr' | 'en') {
  const res = await s.api.get(`/api/profile/set-locale?locale=${locale}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().user.selected_locale).toBe(locale);
}

/** The mail sent to `to` (the outbox drained), and the text of the invoice the seller downloads. */
async function invoiceOf(s: Shop, orderNumber: string, to: string) {
  const mails = (await sentMails(rt)).filter((m) => m.to === to && m.text.includes(orderNumber));
  const pdf = await s.api.get(`/api/invoices/${orderNumber}.pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  return { mails, pdf: await pdfText(pdf.rawPayload) };
}

describe("screens #1: the shop speaks its own language, never a person's interface language", () => {
  it('a seller who switches the back-office to English still has French replies, links, e-mails and invoices for their shoppers', async () => {
    const s = await shop();
    await switchInterface(s, 'en');
    const { cart, t } = await cartOf(s);
    expect(cart.locale).toBe('fr');
    const [reply] = await repliesOf(s.sessionId);
    expect(reply.text).toMatch(/^Merci \S+ ! Réservé pour vous : Foulard en soie \(Rouge\) ×1\./);
    expect(reply.text).toContain(`${ORIGIN}/checkout/${cart.order_number}?`);
    expect(reply.text).toContain('Votre panier est gardé 30 min :');

    const paymentId = await checkout(s, cart, t);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    const { mails, pdf } = await invoiceOf(s, cart.order_number, 'marie@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Commande LC\w+ confirmée – /)]);
    expect(pdf).toContain('Facture');
    expect(pdf).toContain('Couleur : Rouge');
    expect(pdf).not.toContain('Invoice');
  });

  it('a shop set to English sends English replies, links, e-mails and invoices, whatever the seller reads', async () => {
    const s = await shop();
    const set = await s.api.post('/api/update-settings', { shop_locale: 'en' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ success: true, item: { shop_locale: 'en', cart_duration: 30 } });
    await switchInterface(s, 'fr');
    const { cart, t } = await cartOf(s);
    expect(cart.locale).toBe('en');
    const [reply] = await repliesOf(s.sessionId);
    expect(reply.text).toMatch(/^Thank you \S+! Reserved for you: Foulard en soie \(Red\) ×1\./);
    expect(reply.text).toContain(`${ORIGIN}/en/checkout/${cart.order_number}?`);

    // the checkout page opens in English and says so
    const page = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`);
    expect(page.json().order.locale).toBe('en');

    // a checkout that does not say its language keeps the shop's, whatever its caller's browser says
    const res = await inject(
      'POST',
      '/api/checkout',
      {
        orderNumber: cart.order_number,
        t,
        address: address(),
        payment_method: 'sandbox:card',
        shipping_method_id: s.colissimo.id,
        accept_terms: true,
      },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(cart.id)).locale).toBe('en');
    const pay = new URL(res.json().redirectUrl);
    const paid = await inject('POST', `/api/sandbox/payments/${pay.pathname.split('/').pop()}${pay.search}`, {
      outcome: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { mails, pdf } = await invoiceOf(s, cart.order_number, 'marie@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Order LC\w+ confirmed – /)]);
    expect(pdf).toContain('Invoice');
    expect(pdf).toContain('Colour: Red');
  });

  it('a shopper who switched the checkout to English gets their e-mails and invoice in English, in a French shop', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    expect(cart.locale).toBe('fr');
    const res = await inject('POST', '/api/checkout?locale=en', {
      orderNumber: cart.order_number,
      t,
      address: address({ email: 'amy@example.com' }),
      payment_method: 'sandbox:card',
      shipping_method_id: s.colissimo.id,
      accept_terms: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(cart.id)).locale).toBe('en');
    const pay = new URL(res.json().redirectUrl);
    const paid = await inject('POST', `/api/sandbox/payments/${pay.pathname.split('/').pop()}${pay.search}`, {
      outcome: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // back to the English checkout page
    expect(new URL(paid.json().redirectUrl).pathname).toBe(`/en/checkout/${cart.order_number}`);
    const { mails, pdf } = await invoiceOf(s, cart.order_number, 'amy@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Order LC\w+ confirmed – /)]);
    expect(mails[0].text).toContain('We have received your payment of €29.90 for order');
    expect(pdf).toContain('Invoice');
    expect(pdf).toContain('Colour: Red');
    expect(pdf).not.toContain('Rouge');
  });

  it('a shop that changes its language during a live answers the next comment in the new one', async () => {
    const s = await shop();
    const before = await cartOf(s);
    expect((await s.api.post('/api/update-settings', { shop_locale: 'en' })).statusCode).toBe(200);
    const after = await cartOf(s);
    expect([before.cart.locale, after.cart.locale]).toEqual(['fr', 'en']);
    const texts = (await repliesOf(s.sessionId)).map((r) => r.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Merci Viewer !/),
        expect.stringMatching(/^Thank you Viewer!/),
      ]),
    );
  });

  it('a waiting shopper served by a release gets the mail in the shop language, not in their account’s', async () => {
    const s = await shop({ stock: 1 });
    await switchInterface(s, 'en');
    const first = await cartOf(s);
    const waiter = viewer();
    await s.post([comment(s.product.keyword, waiter)]);
    const buyer = await makeBuyer(rt);
    await db().update(users).set({ selected_locale: 'en' }).where(eq(users.id, buyer.id));
    await db()
      .update(socialIdentities)
      .set({ user_id: buyer.id })
      .where(and(eq(socialIdentities.seller_id, s.seller.id), eq(socialIdentities.external_user_id, waiter)));

    const expired = await s.api.get(`/api/orders/expire?orderId=${first.cart.id}`);
    expect(expired.statusCode, expired.body).toBe(200);
    const [mail] = (await sentMails(rt)).filter((m) => m.to === buyer.email);
    expect(mail.subject).toBe('Bonne nouvelle : votre article est dans votre panier');
    expect(mail.text).toContain('Foulard en soie (Rouge) ×1');
    expect(mail.text).toMatch(new RegExp(`${ORIGIN}/checkout/LC\\w+\\?storeName=`));
  });

  it('the default cart duration of the settings is the one new live sessions start with', async () => {
    const s = await shop();
    const saved = await s.api.post('/api/update-settings', { cart_duration: 45 });
    expect(saved.json().item).toMatchObject({ cart_duration: 45, shop_locale: 'fr' });
    const created = await s.api.post('/api/livesession', { event_date: '2026-12-24', event_time: '18:00' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().item.order_timer).toBe(45);
    // a session given its own keeps it; an update without one keeps its own
    const own = await s.api.post('/api/livesession', {
      event_date: '2026-12-24',
      event_time: '19:00',
      order_timer: 10,
    });
    expect(own.json().item.order_timer).toBe(10);
    const moved = await s.api.post('/api/livesession', {
      id: own.json().item.id,
      event_date: '2026-12-25',
      event_time: '19:00',
    });
    expect(moved.json().item).toMatchObject({ order_timer: 10, event_date: '2026-12-25' });
  });
});

describe('screens #1: fetch-settings and update-settings take only what they should', () => {
  it('a seller who never saved gets the defaults; a save changes the fields given only', async () => {
    const s = await shop();
    await db().delete(settings).where(eq(settings.user_id, s.seller.id));
    const first = await s.api.get('/api/fetch-settings');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      item: {
        user_id: s.seller.id,
        shop_locale: 'fr',
        cart_duration: 30,
        free_shipping_status: false,
        free_shipping_threshold: null,
        free_shipping_timer: false,
        doctype: 'file',
        privacy_doc: null,
        terms_doc: null,
        delivery_doc: null,
        return_doc: null,
        privacy_link: null,
        terms_link: null,
        delivery_link: null,
        return_link: null,
        blocked_message: null,
        created_at: null,
        updated_at: null,
      },
    });
    expect((await s.api.post('/api/update-settings', { shop_locale: 'en' })).statusCode).toBe(200);
    expect((await s.api.post('/api/update-settings', { cart_duration: 0 })).statusCode).toBe(200);
    const after = (await s.api.get('/api/fetch-settings')).json().item;
    expect(after).toMatchObject({ shop_locale: 'en', cart_duration: 0 });
    expect(after.updated_at).not.toBeNull();
  });

  it('a bad value answers 400 naming its field and changes nothing', async () => {
    const s = await shop();
    await s.api.post('/api/update-settings', { shop_locale: 'fr', cart_duration: 20 });
    const bad: [unknown, Record<string, string>][] = [
      [{ shop_locale: 'de' }, { shop_locale: 'invalid' }],
      [{ shop_locale: 'EN' }, { shop_locale: 'invalid' }],
      [{ shop_locale: 1 }, { shop_locale: 'invalid' }],
      [{ shop_locale: null }, { shop_locale: 'invalid' }],
      [{ cart_duration: '30' }, { cart_duration: 'numeric' }],
      [{ cart_duration: -1 }, { cart_duration: 'cart_duration_range' }],
      [{ cart_duration: 1441 }, { cart_duration: 'cart_duration_range' }],
      [{ cart_duration: 2.5 }, { cart_duration: 'integer' }],
      [{ blocked_message: 42 }, { blocked_message: 'invalid' }],
      [{ blocked_message: 'x'.repeat(1001) }, { blocked_message: 'max_chars:1000' }],
      [{ shop_locale: 'en', cart_durations: 5 }, { cart_durations: 'unknown_field' }],
      [{}, { _: 'fill_one_field' }],
      // names an object already has are named like any other
      [{ shop_locale: 'fr', constructor: 1 }, { constructor: 'unknown_field' }],
      [{ shop_locale: 'fr', toString: 'x' }, { toString: 'unknown_field' }],
    ];
    for (const [body, fields] of bad) {
      const res = await s.api.post('/api/update-settings?locale=en', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: 'validation', fields });
      expect(res.json().message).toBe('Please check the highlighted fields');
    }
    for (const raw of ['null', '[]', '"en"', '{"shop_locale":']) {
      const res = await s.api.post('/api/update-settings', raw, { 'content-type': 'application/json' });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().message, raw).toMatch(/^[A-ZÀ-Ý]/);
    }
    expect((await s.api.get('/api/fetch-settings')).json().item).toMatchObject({
      shop_locale: 'fr',
      cart_duration: 20,
    });
  });

  it('only the seller reaches them: shoppers and admins are refused, strangers must sign in, other sites are refused', async () => {
    const s = await shop();
    const buyer = await client(rt, await makeBuyer(rt));
    const admin = await client(rt, await makeAdmin(rt));
    for (const api of [buyer, admin]) {
      expect((await api.get('/api/fetch-settings')).statusCode).toBe(403);
      expect((await api.post('/api/update-settings', { shop_locale: 'en' })).statusCode).toBe(403);
    }
    expect((await inject('GET', '/api/fetch-settings')).statusCode).toBe(401);
    expect((await inject('POST', '/api/update-settings', { shop_locale: 'en' })).statusCode).toBe(401);
    const foreign = await s.api.post(
      '/api/update-settings',
      { shop_locale: 'en' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('bad_origin');
    expect((await s.api.get('/api/fetch-settings')).json().item.shop_locale).toBe('fr');
  });
});
