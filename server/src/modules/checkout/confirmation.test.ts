import type { TCheckoutResponse } from '@livecart/contract/checkout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  address,
  cartOf,
  checkout,
  inject,
  type Shop,
  settle,
  shop,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import {
  authedClient,
  client,
  makeBuyer,
  ORIGIN,
  sentMails,
  signIn,
  startTestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { loadRefs } from '../../../test/product-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
  await useCheckoutFixtures(rt, await loadRefs(rt));
});
afterAll(() => rt.close());

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A guest pays a cart of the shop with the link alone: the cart, its token and the e-mail given. */
async function guestPays(s: Shop, email = `guest-${uniq()}@example.com`) {
  const { cart, t } = await cartOf(s);
  const paymentId = await checkout(s, cart, t, {
    address: address({ email, first_name: 'Inès', last_name: 'Moreau', phone: '06 11 22 33 44' }),
  });
  expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
  return { cart, t, email };
}

const page = async (orderNumber: string, t?: string) =>
  (
    await inject('GET', `/api/checkout?orderNumber=${orderNumber}${t ? `&t=${t}` : ''}`)
  ).json() as TCheckoutResponse;

describe('screens #3: a guest’s confirmation that finishes well', () => {
  it('the paid order’s page says its number, articles, total paid, address and carrier, then its invoice once issued', async () => {
    const s = await shop();
    const { cart, t, email } = await guestPays(s);

    const paid = await page(cart.order_number, t);
    expect(paid.order).toMatchObject({
      order_number: cart.order_number,
      status: 'payed',
      total_amount: 29.9,
      shipping: 4.9,
      shipping_method_name: 'Colissimo',
      signedIn: false,
      // the outbox has not issued it yet: the page waits for it
      invoice: null,
    });
    expect(paid.order.items).toEqual([
      expect.objectContaining({ name: 'Foulard en soie', color_label: 'Rouge', quantity: 1, line_total: 25 }),
    ]);
    expect(paid.address).toMatchObject({
      first_name: 'Inès',
      email,
      phone: '+33611223344',
      post_code: '75005',
      city: 'Paris',
      address1: '12 rue Pierre et Marie Curie',
    });

    await rt.worker.drain();
    const issued = await page(cart.order_number, t);
    expect(issued.order.invoice?.number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(issued.order.invoice?.url).toBe(`/api/invoices/${cart.order_number}.pdf?t=${t}`);

    // the invoice opens with the link's token, without an account; not without it
    const pdf = await rt.app.inject({ url: issued.order.invoice?.url as string });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await rt.app.inject({ url: `/api/invoices/${cart.order_number}.pdf` })).statusCode).toBe(404);
    const other = await cartOf(s);
    expect(
      (await rt.app.inject({ url: `/api/invoices/${cart.order_number}.pdf?t=${other.t}` })).statusCode,
    ).toBe(404);
  });

  it('stays as private as the checkout: the order number alone, another order’s token or another account answer 404', async () => {
    const s = await shop();
    const { cart } = await guestPays(s);
    const other = await cartOf(s);
    const missing = await inject('GET', '/api/checkout?orderNumber=LCNOSUCHORDER1');
    for (const url of [
      `/api/checkout?orderNumber=${cart.order_number}`,
      `/api/checkout?orderNumber=${cart.order_number}&t=${other.t}`,
    ]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    const stranger = await client(rt, await makeBuyer(rt));
    expect((await stranger.get(`/api/checkout?orderNumber=${cart.order_number}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/invoices/${cart.order_number}.pdf`)).statusCode).toBe(404);
  });

  it('the confirmation e-mail carries the order, articles, total, address, carrier, the invoice and the account offer', async () => {
    const s = await shop();
    const { cart, t, email } = await guestPays(s);
    const mail = (await sentMails(rt)).find((m) => m.to === email);
    expect(mail?.subject).toMatch(new RegExp(`^Commande ${cart.order_number} confirmée – \\S`));
    // amounts are written with no-break spaces: read as plain ones
    const text = (mail?.text ?? '').replace(/\s/g, (c) => (c === '\n' ? c : ' '));
    for (const part of [
      cart.order_number,
      'Foulard en soie (Rouge) × 1 : 25,00 €',
      'Livraison : 4,90 €',
      'Total payé : 29,90 €',
      'Inès Moreau',
      '12 rue Pierre et Marie Curie',
      '75005 Paris',
      'France',
      'Transporteur : Colissimo',
    ]) {
      expect(text, part).toContain(part);
    }
    const invoiceUrl = `${ORIGIN}/api/invoices/${cart.order_number}.pdf?t=${t}`;
    expect(text).toContain(invoiceUrl);
    expect(text).toContain(`${ORIGIN}/checkout/${cart.order_number}?storeName=`);
    // a guest: an account with the e-mail given, coming back to this order
    const signup = /https?:\/\/\S+\/signup\?\S+/.exec(text)?.[0] ?? '';
    const params = new URL(signup).searchParams;
    expect(params.get('email')).toBe(email);
    expect(params.get('callbackUrl')).toMatch(new RegExp(`^/checkout/${cart.order_number}\\?.*t=${t}`));
    expect(mail?.html).toContain('Créer mon compte');
    expect(mail?.html).toContain('<table');
    expect((await rt.app.inject({ url: invoiceUrl.slice(ORIGIN.length) })).statusCode).toBe(200);
  });

  it('an e-mail that has an account is offered to sign in; a signed-in shopper’s order offers nothing', async () => {
    const s = await shop();
    const known = await makeBuyer(rt);
    const guest = await guestPays(s, known.email);
    const mails = await sentMails(rt);
    const text = mails.find((m) => m.to === known.email)?.text ?? '';
    expect(text).toContain(
      `/signin?callbackUrl=${encodeURIComponent(`/checkout/${guest.cart.order_number}?`)}`,
    );
    expect(text).not.toContain('/signup?');

    const owner = await makeBuyer(rt);
    const api = await client(rt, owner);
    const mine = await cartOf(s);
    const linked = await api.post('/api/checkout/link', { orderNumber: mine.cart.order_number, t: mine.t });
    expect(linked.json().linked).toBe(true);
    const paymentId = await checkout(s, mine.cart, mine.t, { address: address({ email: owner.email }) });
    await settle(paymentId, 'paid');
    const ownerMail = (await sentMails(rt)).find((m) => m.to === owner.email);
    expect(ownerMail?.text).toContain(mine.cart.order_number);
    expect(ownerMail?.text).not.toMatch(/\/(signup|signin)\?/);
  });

  it('an account created with the e-mail given gets the order when it comes back with the order’s link, never by the e-mail alone', async () => {
    const s = await shop();
    const { cart, t, email } = await guestPays(s);
    // someone else holding another cart's link types the same address, and never pays
    const planted = await cartOf(s);
    await checkout(s, planted.cart, planted.t, { address: address({ email }) });
    await rt.worker.drain();
    const signup = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/invite?locale=fr',
      headers: { origin: ORIGIN },
      payload: { role_id: 1, email, first_name: 'Inès', last_name: 'Moreau', accept_terms: true },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const verify = (await sentMails(rt)).find(
      (m) => m.to === email && m.text.includes('/verify-email?token='),
    );
    const token = /token=([\w-]+)/.exec(verify?.text ?? '')?.[1];
    const done = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { token, password: 'secret123', confirm_password: 'secret123' },
    });
    expect(done.statusCode, done.body).toBe(200);

    const { jar, ok } = await signIn(rt, email, 'secret123');
    expect(ok).toBe(true);
    const api = authedClient(rt, jar);
    const mine = async () =>
      (await api.get('/api/orders/fetch-items'))
        .json()
        .items.map((o: { order_number: string }) => o.order_number);
    // a confirmed e-mail alone joins nothing: an address typed at checkout proves nothing
    expect(await mine()).toEqual([]);
    expect((await api.get(`/api/checkout?orderNumber=${cart.order_number}`)).statusCode).toBe(404);

    // back on the order's link (the confirmation page, or its e-mail), signed in: the token joins it
    const linked = await api.post('/api/checkout/link', { orderNumber: cart.order_number, t });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().linked).toBe(true);
    const res = await api.get(`/api/checkout?orderNumber=${cart.order_number}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.signedIn).toBe(true);
    expect(await mine()).toEqual([cart.order_number]);
  });
});
