import type { TCheckoutAddressBody, TCheckoutResponse } from '@livecart/contract/checkout';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  address,
  cartOf,
  checkout,
  inject,
  orderRow,
  pageKeys,
  paymentsOf,
  payPage,
  settle,
  shop,
  submit,
  useCheckoutFixtures,
} from '../../../test/checkout-fixtures.ts';
import { client, makeBuyer, startTestApp } from '../../../test/helpers.ts';
import { comment, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import {
  countries,
  freeShippingPeriods,
  notifications,
  orderStatusHistory,
  orders,
  outbox,
  settings,
} from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { orderAccessToken } from '../orders/cart.ts';
import { sandboxProvider } from '../payments/providers.ts';

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
let FR: number;
let BE: number;
let DE: number;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
  ({ FR, BE, DE } = await useCheckoutFixtures(rt, refs));
});
afterAll(() => rt.close());

const historyOf = (orderId: number, status: string) =>
  r
    .db()
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.order_id, orderId), eq(orderStatusHistory.status, status as 'payed')));
const invoiceJobs = (orderId: number) =>
  r
    .db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'invoice'), eq(outbox.dedupe_key, `invoice:${orderId}`)));
const paidNotices = (sellerId: number) =>
  r
    .db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, sellerId), eq(notifications.type, 'order_paid')));

describe('GET checkout: access', () => {
  it('opens with the link token, for the owner and the seller; anyone else gets the 404 of a missing order', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const ok = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().order.order_number).toBe(cart.order_number);

    const missing = await inject('GET', '/api/checkout?orderNumber=LCNOSUCHORDER1');
    expect(missing.statusCode).toBe(404);
    const wrong = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual(missing.json());
    expect((await inject('GET', `/api/checkout?orderNumber=${cart.order_number}`)).statusCode).toBe(404);

    const other = await client(rt, await makeBuyer(rt));
    expect((await other.get(`/api/checkout?orderNumber=${cart.order_number}`)).statusCode).toBe(404);
    // The token of another order does not open this one.
    const second = await cartOf(s);
    expect(
      (await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${second.t}`)).statusCode,
    ).toBe(404);

    const asSeller = await s.api.get(`/api/checkout?orderNumber=${cart.order_number}`);
    expect(asSeller.statusCode).toBe(200);
    // The seller may look but not pay.
    const sellerPays = await submit(
      cart.order_number,
      undefined,
      { shipping_method_id: s.colissimo.id },
      s.api,
    );
    expect(sellerPays.statusCode).toBe(404);
  });

  it('shows the lines, totals, countdown, legal documents, active payment methods and the waiting products', async () => {
    const s = await shop();
    const soldOut = await simpleProduct(rt, refs, s.api, 0);
    const { cart, from, t } = await cartOf(s);
    await s.post([comment(soldOut.keyword, from)]);
    const res = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TCheckoutResponse;
    expect(body.order.status).toBe('new');
    expect(body.order.items).toHaveLength(1);
    expect(body.order.items[0]).toMatchObject({ quantity: 1, unit_price: 25, line_total: 25 });
    expect(body.order.subtotal).toBe(25);
    expect(body.order.total_amount).toBe(25);
    expect(Date.parse(body.order.expires_at as string)).toBeGreaterThan(Date.parse(body.order.serverTime));
    expect(body.order.seller.store_name).toBeTruthy();
    expect(body.order.legalDocuments).toEqual([
      { type: 'terms', url: 'https://shop.example/cgv' },
      { type: 'privacy', url: 'https://shop.example/privacy' },
    ]);
    expect(body.order.paymentMethods.map((m) => m.code)).toEqual(['sandbox:card', 'sandbox:paypal']);
    expect(body.order.signedIn).toBe(false);
    expect(body.address).toBeNull();
    expect(body.shippingMethods).toEqual([]);
    expect(body.orderItemsWait.productsWaiting).toHaveLength(1);
    expect(body.orderItemsWait.productsWaiting[0]).toMatchObject({
      product_id: soldOut.product.id,
      quantity: 1,
      price: 25,
    });
  });
});

describe('shipping prices', () => {
  it('lists the switched-on methods priced for the country; a country not served has none', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const fr = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${cart.id}&countryId=${FR}&t=${t}`,
    );
    expect(fr.statusCode, fr.body).toBe(200);
    expect(fr.json().shippingMethods.map((m: { name: string; price: number }) => [m.name, m.price])).toEqual([
      ['Mondial Relay', 3.9],
      ['Colissimo', 4.9],
    ]);
    const be = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${cart.id}&countryId=${BE}&t=${t}`,
    );
    expect(be.json().shippingMethods.map((m: { name: string; price: number }) => [m.name, m.price])).toEqual([
      ['Colissimo', 8.9],
    ]);
    const de = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${cart.id}&countryId=${DE}&t=${t}`,
    );
    expect(de.json().shippingMethods).toEqual([]);
    expect(
      (await inject('GET', `/api/checkout/fetch-shipping-methods?orderId=${cart.id}&countryId=${FR}`))
        .statusCode,
    ).toBe(404);

    // Choosing a country the method does not serve is refused, nothing saved.
    const res = await submit(cart.order_number, t, {
      shipping_method_id: s.relay.id,
      address: address({ country_id: BE, post_code: '1000', phone: '0470 12 34 56' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('shipping_method_unavailable');
    expect((await orderRow(cart.id)).ship_address1).toBeNull();
    expect(await paymentsOf(cart.id)).toHaveLength(0);
  });

  it('ships free at or above the seller threshold, and the order total follows', async () => {
    const s = await shop();
    await r
      .db()
      .update(settings)
      .set({ free_shipping_status: true, free_shipping_threshold_cents: 2500 })
      .where(eq(settings.user_id, s.seller.id));
    const { cart, t } = await cartOf(s);
    const fr = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${cart.id}&countryId=${FR}&t=${t}`,
    );
    expect(fr.json().shippingMethods[0]).toMatchObject({
      price: 0,
      base_price: 3.9,
      free_reason: 'threshold',
    });
    await checkout(s, cart, t);
    const o = await orderRow(cart.id);
    expect(o.shipping_cents).toBe(0);
    expect(o.total_amount_cents).toBe(2500);

    // Below the threshold it is paid.
    await r
      .db()
      .update(settings)
      .set({ free_shipping_threshold_cents: 2501 })
      .where(eq(settings.user_id, s.seller.id));
    const other = await cartOf(s);
    const res = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${other.cart.id}&countryId=${FR}&t=${other.t}`,
    );
    expect(res.json().shippingMethods[0]).toMatchObject({ price: 3.9, free_reason: null });
  });

  it('ships free in an active window once the shopper paid shipping on an earlier order in it', async () => {
    const s = await shop();
    await r.db().update(settings).set({ free_shipping_timer: true }).where(eq(settings.user_id, s.seller.id));
    await r
      .db()
      .insert(freeShippingPeriods)
      .values({
        seller_id: s.seller.id,
        free_shipping_from: new Date(Date.now() - 3600_000),
        free_shipping_to: new Date(Date.now() + 3600_000),
      });
    const from = viewer();
    const first = await cartOf(s, from);
    const before = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${first.cart.id}&countryId=${FR}&t=${first.t}`,
    );
    expect(before.json().shippingMethods[1]).toMatchObject({ name: 'Colissimo', price: 4.9 });
    const paymentId = await checkout(s, first.cart, first.t);
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    expect((await orderRow(first.cart.id)).shipping_cents).toBe(490);

    // Same viewer, next cart: free. Another viewer: not.
    const second = await cartOf(s, from);
    expect(second.cart.id).not.toBe(first.cart.id);
    const after = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${second.cart.id}&countryId=${FR}&t=${second.t}`,
    );
    expect(
      after
        .json()
        .shippingMethods.map((m: { price: number; free_reason: string }) => [m.price, m.free_reason]),
    ).toEqual([
      [0, 'window'],
      [0, 'window'],
    ]);
    const stranger = await cartOf(s);
    const theirs = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${stranger.cart.id}&countryId=${FR}&t=${stranger.t}`,
    );
    expect(theirs.json().shippingMethods[0].price).toBe(3.9);

    // The window over: paid again.
    await r
      .db()
      .update(freeShippingPeriods)
      .set({ active: false })
      .where(eq(freeShippingPeriods.seller_id, s.seller.id));
    const closed = await inject(
      'GET',
      `/api/checkout/fetch-shipping-methods?orderId=${second.cart.id}&countryId=${FR}&t=${second.t}`,
    );
    expect(closed.json().shippingMethods[0].price).toBe(3.9);
  });
});

describe('POST checkout: validation', () => {
  it('answers each address rule with its field error and saves nothing', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const cases: [Partial<TCheckoutAddressBody>, string, string][] = [
      [{ first_name: '' }, 'address.first_name', 'required'],
      [{ first_name: 'M4rie' }, 'address.first_name', 'only_letters'],
      [{ last_name: ' Curie' }, 'address.last_name', 'no_edge_spaces'],
      [{ email: 'marie@' }, 'address.email', 'email'],
      [{ phone: '1234' }, 'address.phone', 'min_chars:5'],
      [{ state: 'ab' }, 'address.state', 'min_chars:3'],
      [{ city: 'Pa' }, 'address.city', 'min_chars:3'],
      [{ address1: '12 r' }, 'address.address1', 'min_chars:5'],
      [{ post_code: '' }, 'address.post_code', 'required'],
      [{ country_id: undefined }, 'address.country_id', 'country'],
    ];
    for (const [patch, field, code] of cases) {
      const res = await submit(cart.order_number, t, {
        shipping_method_id: s.colissimo.id,
        address: address(patch),
      });
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(res.json().error).toBe('validation');
      expect(res.json().fields[field], field).toBe(code);
    }
    const o = await orderRow(cart.id);
    expect(o.ship_address1).toBeNull();
    expect(o.shipping_method_id).toBeNull();
    expect(await paymentsOf(cart.id)).toHaveLength(0);
  });

  it('refuses without accepted terms, and an unknown or switched-off payment method', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const terms = await submit(cart.order_number, t, {
      shipping_method_id: s.colissimo.id,
      accept_terms: false,
    });
    expect(terms.statusCode).toBe(400);
    expect(terms.json()).toMatchObject({
      error: 'terms_required',
      message: 'Les conditions générales doivent être acceptées',
      fields: { accept_terms: 'terms' },
    });
    const en = await inject('POST', '/api/checkout?locale=en', {
      orderNumber: cart.order_number,
      t,
      address: address(),
      shipping_method_id: s.colissimo.id,
      payment_method: 'sandbox:card',
      accept_terms: false,
    });
    expect(en.json().message).toBe('Terms and conditions must be accepted');
    const off = await submit(cart.order_number, t, {
      shipping_method_id: s.colissimo.id,
      payment_method: 'sandbox:bancontact',
    });
    expect(off.json().error).toBe('payment_method_unavailable');
    const unknown = await submit(cart.order_number, t, {
      shipping_method_id: s.colissimo.id,
      payment_method: 'mollie:card',
    });
    expect(unknown.json().error).toBe('payment_method_unavailable');
    const disabledShipping = await submit(cart.order_number, t, { shipping_method_id: s.off.id });
    expect(disabledShipping.json().error).toBe('shipping_method_unavailable');
    expect(await paymentsOf(cart.id)).toHaveLength(0);
    expect((await orderRow(cart.id)).ship_address1).toBeNull();
  });

  it('an expired countdown at checkout expires the cart now: its stock goes back and the page says so', async () => {
    const s = await shop({ stock: 3 });
    const { cart, t } = await cartOf(s);
    expect(await r.stockOf(s.product.config.id)).toBe(2);
    await r
      .db()
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.id, cart.id));
    const res = await submit(cart.order_number, t, { shipping_method_id: s.colissimo.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('cart_expired');
    expect((await orderRow(cart.id)).status).toBe('expired');
    expect(await r.stockOf(s.product.config.id)).toBe(3);
    expect(await paymentsOf(cart.id)).toHaveLength(0);
    const page = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`);
    expect(page.json().order).toMatchObject({ status: 'expired', expires_at: null });
  });
});

describe('screens #4: an address that fits its country', () => {
  it('a post code not of the country, a phone that is no number, a missing region answer 400 naming the field; nothing is saved', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const [{ id: IT }] = await r.db().select().from(countries).where(eq(countries.iso, 'IT'));
    const cases: [Partial<TCheckoutAddressBody>, string, string][] = [
      [{ post_code: 'zz' }, 'address.post_code', 'post_code'],
      [{ post_code: '7501' }, 'address.post_code', 'post_code'],
      [{ country_id: BE, post_code: '75011', phone: '+33612345678' }, 'address.post_code', 'post_code'],
      [{ post_code: null }, 'address.post_code', 'required'],
      [{ phone: 'abc' }, 'address.phone', 'phone'],
      [{ phone: 'abcdefgh' }, 'address.phone', 'phone'],
      [{ phone: '06 12 34' }, 'address.phone', 'phone'],
      [{ country_id: IT, state: null, post_code: '00184', city: 'Roma' }, 'address.state', 'required'],
    ];
    for (const [patch, field, code] of cases) {
      const res = await submit(cart.order_number, t, {
        shipping_method_id: s.colissimo.id,
        address: address(patch),
      });
      expect(res.statusCode, `${JSON.stringify(patch)} ${res.body}`).toBe(400);
      expect(res.json().error).toBe('validation');
      expect(res.json().fields, JSON.stringify(patch)).toEqual({ [field]: code });
    }
    const o = await orderRow(cart.id);
    expect(o.ship_address1).toBeNull();
    expect(o.ship_phone).toBeNull();
    expect(o.shipping_method_id).toBeNull();
    expect(await paymentsOf(cart.id)).toHaveLength(0);
  });

  it('France needs no region; the phone is stored in E.164 and the post code in the country’s form', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    await checkout(s, cart, t, {
      address: address({ state: null, phone: '06 12 34 56 78', post_code: '75 005' }),
    });
    const o = await orderRow(cart.id);
    expect(o).toMatchObject({ ship_phone: '+33612345678', ship_state: null, ship_post_code: '75005' });

    // a Belgian number for a French address, as dialled from abroad
    const other = await cartOf(s);
    await checkout(s, other.cart, other.t, { address: address({ phone: '+32 470 12 34 56' }) });
    expect((await orderRow(other.cart.id)).ship_phone).toBe('+32470123456');
  });
});

describe('sandbox payment and confirmation', () => {
  it('pay → order payed once, with one history row, one invoice job and one seller notification, however often it is confirmed', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    const o = await orderRow(cart.id);
    expect(o).toMatchObject({
      ship_city: 'Paris',
      ship_first_name: 'Marie',
      country_id: FR,
      shipping_method_id: s.colissimo.id,
      shipping_method_name: 'Colissimo',
      shipping_cents: 490,
      total_amount_cents: 2990,
      payment_method: 'card',
      status: 'new',
    });
    // The page now shows what was chosen, priced by the server.
    const chosen = (await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`)).json();
    expect(chosen.address).toMatchObject({ city: 'Paris', email: 'marie@example.com', country_id: FR });
    expect(chosen.order).toMatchObject({
      shipping: 4.9,
      total_amount: 29.9,
      shipping_method_id: s.colissimo.id,
    });
    expect(chosen.shippingMethods.map((m: { name: string }) => m.name)).toEqual([
      'Mondial Relay',
      'Colissimo',
    ]);
    const [p] = await paymentsOf(cart.id);
    expect(p).toMatchObject({
      id: paymentId,
      provider: 'sandbox',
      status: 'open',
      amount_cents: 2990,
      external_id: `sbx_${paymentId}`,
    });

    const page = await inject('GET', payPage(paymentId));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      amount: 29.9,
      currency: 'EUR',
      order_number: cart.order_number,
      status: 'open',
    });
    expect(page.json().merchant).toBeTruthy();

    // Payment ids are sequential: without the page's secret nobody else can see or settle it.
    for (const path of [
      `/api/sandbox/payments/${paymentId}`,
      `/api/sandbox/payments/${paymentId}?k=${pageKeys.get(paymentId)?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      `/api/sandbox/payments/${paymentId}?k=${pageKeys.get(paymentId - 1) ?? 'x'.repeat(43)}`,
    ]) {
      expect((await inject('GET', path)).statusCode).toBe(404);
      expect((await inject('POST', path, { outcome: 'paid' })).statusCode).toBe(404);
    }
    expect((await orderRow(cart.id)).status).toBe('new');
    expect((await paymentsOf(cart.id))[0].status).toBe('open');

    const paid = await settle(paymentId, 'paid');
    expect(paid.statusCode, paid.body).toBe(200);
    const back = new URL(paid.json().redirectUrl);
    expect(back.pathname).toBe(`/checkout/${cart.order_number}`);
    expect(back.searchParams.get('type')).toBe('sandbox');
    expect(back.searchParams.get('t')).toBe(t);
    const hash = back.searchParams.get('hash') as string;
    expect(hash).toBeTruthy();

    const after = await orderRow(cart.id);
    expect(after.status).toBe('payed');
    expect(after.paid_at).not.toBeNull();
    expect(after.expires_at).toBeNull();

    // The webhook twice, the return page twice, insert-status, the Pay button again: nothing more happens.
    for (let i = 0; i < 2; i++) {
      const hook = await inject(
        'POST',
        `/api/payments/webhook/sandbox?paymentId=${paymentId}`,
        `id=sbx_${paymentId}`,
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
      expect(hook.statusCode, hook.body).toBe(200);
      const ret = await inject('POST', '/api/checkout/confirm?locale=fr', { hash, type: 'sandbox' });
      expect(ret.json()).toEqual({
        paymentStatus: 'paid',
        orderStatus: 'payed',
        orderNumber: cart.order_number,
      });
    }
    const status = await inject(
      'GET',
      `/api/orders/insert-status?orderId=${cart.id}&status=payed&locale=fr&t=${t}`,
    );
    expect(status.json()).toEqual({ success: true, status: 'payed', paymentStatus: 'paid' });
    expect((await settle(paymentId, 'paid')).statusCode).toBe(200);
    // Another outcome on a settled payment changes nothing.
    expect((await settle(paymentId, 'failed')).json().status).toBe('paid');

    expect(await historyOf(cart.id, 'payed')).toHaveLength(1);
    expect(await invoiceJobs(cart.id)).toHaveLength(1);
    expect((await invoiceJobs(cart.id))[0].payload).toEqual({ orderId: cart.id });
    expect(await paidNotices(s.seller.id)).toHaveLength(1);
    const [again] = await paymentsOf(cart.id);
    expect(again.status).toBe('paid');
    expect(again.paid_at).not.toBeNull();
    expect((again.raw as { sandbox: { status: string } }).sandbox.status).toBe('paid');

    // Paid: no second checkout.
    const more = await submit(cart.order_number, t, { shipping_method_id: s.colissimo.id });
    expect(more.json().error).toBe('order_already_paid');
    expect(
      (await inject('GET', `/api/orders/fetch-total-amount?orderNumber=${cart.order_number}&t=${t}`)).json(),
    ).toEqual({
      total_amount: 29.9,
    });
  });

  it('the return page before any webhook confirms by reading the provider; a lying insert-status changes nothing', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    const lie = await inject(
      'GET',
      `/api/orders/insert-status?orderId=${cart.id}&status=payed&locale=en&t=${t}`,
    );
    expect(lie.statusCode).toBe(400);
    expect(lie.json()).toMatchObject({
      error: 'payment_not_confirmed',
      message: 'Status of payment not confirmed',
    });
    expect((await orderRow(cart.id)).status).toBe('new');

    const page = await inject('GET', payPage(paymentId));
    const hash = new URL(page.json().returnUrl).searchParams.get('hash') as string;
    const early = await inject('POST', '/api/checkout/confirm', { hash, type: 'sandbox' });
    expect(early.json()).toMatchObject({ paymentStatus: 'open', orderStatus: 'new' });

    // The provider settles, nobody has told us yet: the return page finds out.
    await sandboxProvider({ db: r.db(), config: rt.deps.config }).settle(paymentId, 'paid');
    expect((await orderRow(cart.id)).status).toBe('new');
    const ret = await inject('POST', '/api/checkout/confirm', { hash, type: 'sandbox' });
    expect(ret.json()).toMatchObject({ paymentStatus: 'paid', orderStatus: 'payed' });
    const hook = await inject('POST', '/api/payments/webhook/sandbox', { id: `sbx_${paymentId}` });
    expect(hook.statusCode).toBe(200);
    expect(await historyOf(cart.id, 'payed')).toHaveLength(1);
    expect(await invoiceJobs(cart.id)).toHaveLength(1);

    // Forged or mismatched return hashes answer null.
    expect(
      (
        await inject('POST', '/api/checkout/confirm', {
          hash: `${paymentId}.AAAAAAAAAAAAAAAAAAAAAAAA`,
          type: 'sandbox',
        })
      ).json(),
    ).toEqual({
      paymentStatus: null,
      orderStatus: null,
      orderNumber: null,
    });
    expect(
      (await inject('POST', '/api/checkout/confirm', { hash, type: 'mollie' })).json().paymentStatus,
    ).toBeNull();
  });

  it('failed and canceled payments leave the cart new and counting down; the shopper can try again', async () => {
    const s = await shop();
    const { cart, t } = await cartOf(s);
    const deadline = (await orderRow(cart.id)).expires_at;
    const first = await checkout(s, cart, t);
    const failed = await settle(first, 'failed');
    expect(failed.json().status).toBe('failed');
    expect(await orderRow(cart.id)).toMatchObject({ status: 'new', expires_at: deadline });
    const second = await checkout(s, cart, t, { payment_method: 'sandbox:paypal' });
    expect(second).not.toBe(first);
    expect((await settle(second, 'canceled')).json().status).toBe('canceled');
    expect((await orderRow(cart.id)).status).toBe('new');
    const rows = await paymentsOf(cart.id);
    expect(rows.map((p) => [p.method, p.status]).sort()).toEqual([
      ['card', 'failed'],
      ['paypal', 'canceled'],
    ]);
    expect(await historyOf(cart.id, 'payed')).toHaveLength(0);
    expect(await invoiceJobs(cart.id)).toHaveLength(0);
    const status = await inject('GET', `/api/orders/insert-status?orderId=${cart.id}&status=payed&t=${t}`);
    expect(status.json().error).toBe('payment_not_confirmed');
    // No payment in progress any more: the countdown over, the sweeper expires the cart.
    await r
      .db()
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.id, cart.id));
    await rt.sweeper.sweepNow();
    expect((await orderRow(cart.id)).status).toBe('expired');
    expect((await inject('GET', '/api/sandbox/payments/99999999')).statusCode).toBe(404);
  });

  it('a payment in progress holds the cart past its countdown; paid after expiry takes the stock again or asks for a refund', async () => {
    const s = await shop({ stock: 1 });
    const { cart, t } = await cartOf(s);
    const paymentId = await checkout(s, cart, t);
    await r
      .db()
      .update(orders)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orders.id, cart.id));
    await rt.sweeper.sweepNow();
    expect((await orderRow(cart.id)).status).toBe('new');
    // A new payment may not start past the countdown.
    expect((await submit(cart.order_number, t, { shipping_method_id: s.colissimo.id })).json().error).toBe(
      'cart_expired',
    );

    // The seller expires it anyway; the unit is free again, then the payment completes: taken back.
    expect((await s.api.get(`/api/orders/expire?orderId=${cart.id}`)).statusCode).toBe(200);
    expect(await r.stockOf(s.product.config.id)).toBe(1);
    await settle(paymentId, 'paid');
    expect((await orderRow(cart.id)).status).toBe('payed');
    expect(await r.stockOf(s.product.config.id)).toBe(0);
    expect(await invoiceJobs(cart.id)).toHaveLength(1);

    // Same again, but someone else took the unit meanwhile: the order stays expired, refund flagged.
    await s.api.post('/api/order/update-config-qty', {
      productConfigurationId: s.product.config.id,
      quantity: 1,
    });
    const next = await cartOf(s);
    const nextPayment = await checkout(s, next.cart, next.t);
    expect((await s.api.get(`/api/orders/expire?orderId=${next.cart.id}`)).statusCode).toBe(200);
    await cartOf(s);
    expect(await r.stockOf(s.product.config.id)).toBe(0);
    await settle(nextPayment, 'paid');
    expect((await orderRow(next.cart.id)).status).toBe('expired');
    const [p] = await paymentsOf(next.cart.id);
    expect(p.status).toBe('paid');
    expect((p.raw as { refund_required?: boolean }).refund_required).toBe(true);
    expect(await invoiceJobs(next.cart.id)).toHaveLength(0);
    const refundNotices = await r
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, s.seller.id), eq(notifications.type, 'payment_refund_required')));
    expect(refundNotices).toHaveLength(1);
  });
});

describe('orders calls of the checkout and linking by comment', () => {
  it('check-order-by-number, fetch-total-amount; connect-bycomment links the identity and its later orders', async () => {
    const s = await shop();
    const { cart, t, commentId, from } = await cartOf(s);
    expect(
      (
        await inject('GET', `/api/orders/check-order-by-number?orderNumber=${cart.order_number}&t=${t}`)
      ).json(),
    ).toEqual({
      exist_order: true,
    });
    expect(
      (await inject('GET', `/api/orders/check-order-by-number?orderNumber=${cart.order_number}`)).json(),
    ).toEqual({
      exist_order: false,
    });
    expect(
      (await inject('GET', `/api/orders/fetch-total-amount?orderNumber=${cart.order_number}`)).statusCode,
    ).toBe(404);

    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    // Not linked yet: nothing to find, and a comment id alone does not link.
    expect((await api.get(`/api/orders/find-order-by-comment?commentId=${commentId}`)).statusCode).toBe(404);
    expect((await api.get(`/api/orders/connect-bycomment?commentId=${commentId}`)).statusCode).toBe(404);
    expect((await api.get(`/api/orders/find-order-by-db-id?orderId=${cart.id}`)).statusCode).toBe(404);

    const linked = await api.get(
      `/api/orders/connect-bycomment?commentId=${commentId}&t=${t}&userFbEmail=${buyer.email}`,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ success: true, orders: 1, orderNumber: cart.order_number });
    expect((await orderRow(cart.id)).buyer_id).toBe(buyer.id);

    const found = await api.get(`/api/orders/find-order-by-comment?commentId=${commentId}`);
    expect(found.json()).toMatchObject({ orderNumber: cart.order_number });
    expect(found.json().storeName).toBeTruthy();
    const byId = await api.get(`/api/orders/find-order-by-db-id?orderId=${cart.id}`);
    expect(byId.json()).toMatchObject({
      id: cart.id,
      orderNumber: cart.order_number,
      status: 'new',
      total_amount: 25,
    });

    // Signed in, the owner needs no token; the page prefills from the account.
    const page = await api.get(`/api/checkout?orderNumber=${cart.order_number}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().order.signedIn).toBe(true);
    expect(page.json().address).toMatchObject({ first_name: 'Test', email: buyer.email });

    // Another account cannot take the identity over, even with the token.
    const thief = await client(rt, await makeBuyer(rt));
    expect((await thief.get(`/api/orders/connect-bycomment?commentId=${commentId}&t=${t}`)).statusCode).toBe(
      404,
    );
    expect((await thief.get(`/api/orders/find-order-by-db-id?orderId=${cart.id}`)).statusCode).toBe(404);

    // A later cart of the identity at this seller belongs to the account.
    await s.post([comment(s.product.keyword, from)]);
    const later = await r.cartOfViewer(s.seller.id, from);
    expect(later?.buyer_id).toBe(buyer.id);

    // Checking out signed in saves the address to the account.
    const res = await submit(cart.order_number, undefined, { shipping_method_id: s.colissimo.id }, api);
    expect(res.statusCode, res.body).toBe(200);
    const [saved] = await queryRows<{ city: string }>(
      r.db(),
      sql`SELECT city FROM addresses WHERE user_id = ${buyer.id} AND address_type = 'shipping'`,
    );
    expect(saved.city).toBe('Paris');
  });

  it('find-wait-order-by-comment gives the waiting products to the linked shopper', async () => {
    const s = await shop();
    const soldOut = await simpleProduct(rt, refs, s.api, 0);
    const from = viewer();
    const c = comment(soldOut.keyword, from);
    await s.post([c]);
    const buyer = await makeBuyer(rt);
    const api = await client(rt, buyer);
    expect((await api.get(`/api/orders/find-wait-order-by-comment?commentId=${c.id}`)).statusCode).toBe(404);
    const [cartRow] = await queryRows<{ order_number: string }>(
      r.db(),
      sql`SELECT o.order_number FROM orders o JOIN social_identities si ON si.id = o.social_identity_id
          WHERE si.external_user_id = ${from} AND o.seller_id = ${s.seller.id}`,
    );
    // A waiting viewer has an (empty) cart too, whose link proves the identity.
    expect(cartRow).toBeDefined();
    const t = orderAccessToken(rt.deps.config.authSecret, cartRow.order_number);
    const linked = await api.get(`/api/orders/connect-bycomment?commentId=${c.id}&t=${t}`);
    expect(linked.statusCode, linked.body).toBe(200);
    const res = await api.get(`/api/orders/find-wait-order-by-comment?commentId=${c.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().productsWaiting).toHaveLength(1);
    expect(res.json().productsWaiting[0].product_id).toBe(soldOut.product.id);
  });
});
