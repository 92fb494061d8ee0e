import { trackingUrl } from '@livecart/contract/tracking';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { makeOrder, markPaid } from '../../../test/payment-fixtures.ts';
import { type LocalSmtp, readMailsTo, startSmtp } from '../../../test/smtp.ts';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let smtp: LocalSmtp;
let rt: Runtime;

beforeAll(async () => {
  smtp = await startSmtp();
  rt = await startTestApp({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await rt.close();
  await smtp.close();
});

const mailsTo = (to: string) => readMailsTo(rt, smtp, to);

const orderOf = async (id: number) =>
  (await rt.deps.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const historyOf = (id: number) =>
  rt.deps.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.order_id, id));

describe('orders #12: tracking links', () => {
  it('links the parcel at Colissimo/La Poste, Chronopost, Mondial Relay, DHL and UPS, and nowhere else', () => {
    expect(trackingUrl('Colissimo', '6A12345678901')).toBe(
      'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901',
    );
    expect(trackingUrl('La Poste Lettre suivie', 'LS123')).toContain('laposte.fr');
    expect(trackingUrl('Chronopost 13h', 'XY1')).toContain('chronopost.fr');
    expect(trackingUrl('Mondial Relay', '12345678')).toContain('mondialrelay.fr');
    expect(trackingUrl('DHL Express', '1234567890')).toContain('dhl.com');
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('Colissimo', 'a b/c')).toContain('code=a%20b%2Fc');
    expect(trackingUrl('Colissimo', null)).toBeNull();
    expect(trackingUrl('Colissimo', '  ')).toBeNull();
    expect(trackingUrl(null, '123')).toBeNull();
    expect(trackingUrl('Coursier du quartier', '123')).toBeNull();
    expect(trackingUrl('Groups', '123')).toBeNull();
  });
});

describe('orders #12: bulk shipping', () => {
  it('ships a paid order with its carrier and tracking number and e-mails the shopper in the order’s language with the tracking link', async () => {
    const seller = await makeSeller(rt);
    const buyer = await makeBuyer(rt);
    const order = await makeOrder(rt, {
      sellerId: seller.id,
      buyerId: buyer.id,
      status: 'payed',
      locale: 'en',
    });
    const api = await client(rt, seller);

    const res = await api.post('/api/orders/bulk-shipping?locale=en', {
      data: JSON.stringify([{ id: order.id, checked: true }]),
      shipments: [{ id: order.id, carrier: 'Colissimo', tracking_number: ' 6A12345678901 ' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Products has been shipped',
      done: [{ id: order.id, order_number: order.order_number, status: 'shipped' }],
      refused: [],
    });
    const after = await orderOf(order.id);
    expect(after).toMatchObject({
      status: 'shipped',
      carrier: 'Colissimo',
      tracking_number: '6A12345678901',
    });
    expect(after.shipped_at).toBeInstanceOf(Date);
    const history = await historyOf(order.id);
    expect(history).toEqual([
      expect.objectContaining({ status: 'shipped', user_id: seller.id, note: 'Colissimo 6A12345678901' }),
    ]);

    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Your order ${order.order_number} has been shipped`);
    expect(mails[0]).toContain('Tracking number: 6A12345678901');
    expect(mails[0]).toContain('https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901');
  });

  it('without a carrier given, ships with the checkout’s shipping method and writes in French to a French order', async () => {
    const seller = await makeSeller(rt);
    const buyer = await makeBuyer(rt);
    const order = await makeOrder(rt, {
      sellerId: seller.id,
      buyerId: buyer.id,
      status: 'payed',
      shippingName: 'Mondial Relay',
    });
    const api = await client(rt, seller);
    const res = await api.post('/api/orders/bulk-shipping', { data: JSON.stringify([order.id]) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Les produits ont été expédiés');
    expect(await orderOf(order.id)).toMatchObject({
      status: 'shipped',
      carrier: 'Mondial Relay',
      tracking_number: null,
    });
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('a été expédiée');
    expect(mails[0]).not.toContain('mondialrelay.fr');
    expect(mails[0]).toContain(`/checkout/${order.order_number}?storeName=`);
  });

  it('writes to the e-mail a guest gave at checkout', async () => {
    const seller = await makeSeller(rt);
    const order = await makeOrder(rt, { sellerId: seller.id });
    const guest = `guest-${order.order_number.toLowerCase()}@test.local`;
    await markPaid(rt, order, { checkoutEmail: guest });
    const api = await client(rt, seller);
    const res = await api.post('/api/orders/bulk-shipping', {
      data: [order.id],
      shipments: [{ id: order.id, carrier: 'UPS', tracking_number: '1Z999AA10123456784' }],
    });
    expect(res.json().done).toHaveLength(1);
    // The invoice's mail, then the shipping one.
    const shipped = (await mailsTo(guest)).filter((m) => m.includes(`commande ${order.order_number} a été`));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('refuses every order that is not paid, already shipped, refunded or another seller’s, and changes nothing of them', async () => {
    const seller = await makeSeller(rt);
    const buyer = await makeBuyer(rt);
    const spec = { sellerId: seller.id, buyerId: buyer.id };
    const open = await makeOrder(rt, spec);
    const expired = await makeOrder(rt, { ...spec, status: 'expired' });
    const shipped = await makeOrder(rt, { ...spec, status: 'shipped' });
    const canceled = await makeOrder(rt, { ...spec, status: 'canceled' });
    const paid = await makeOrder(rt, { ...spec, status: 'payed' });
    const foreign = await makeOrder(rt, {
      sellerId: (await makeSeller(rt)).id,
      buyerId: buyer.id,
      status: 'payed',
    });
    const api = await client(rt, seller);

    const ids = [open, expired, shipped, canceled, foreign, paid].map((o) => o.id);
    const res = await api.post('/api/orders/bulk-shipping?locale=en', { data: JSON.stringify(ids) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.done).toEqual([{ id: paid.id, order_number: paid.order_number, status: 'shipped' }]);
    expect(body.refused).toEqual([
      {
        id: open.id,
        order_number: open.order_number,
        reason: 'not_payed',
        message: 'This order is not paid',
      },
      {
        id: expired.id,
        order_number: expired.order_number,
        reason: 'not_payed',
        message: 'This order is not paid',
      },
      {
        id: shipped.id,
        order_number: shipped.order_number,
        reason: 'already_shipped',
        message: 'This order is already shipped',
      },
      {
        id: canceled.id,
        order_number: canceled.order_number,
        reason: 'already_refunded',
        message: 'This order is already refunded or canceled',
      },
      // Seller B's order is not said to exist.
      { id: foreign.id, order_number: null, reason: 'not_found', message: 'Order not found' },
    ]);
    for (const o of [open, expired, shipped, canceled, foreign]) {
      const after = await orderOf(o.id);
      expect(after.status).toBe(o.status);
      expect(after.updated_at).toEqual(o.updated_at);
      expect(await historyOf(o.id)).toEqual([]);
    }
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });

  it('answers select_item when nothing is checked, 403 to a shopper, and lets admin ship any seller’s order', async () => {
    const seller = await makeSeller(rt);
    const order = await makeOrder(rt, { sellerId: seller.id, status: 'payed' });
    const asSeller = await client(rt, seller);
    for (const body of [{}, { data: '[]' }, { data: JSON.stringify([{ id: order.id, checked: false }]) }]) {
      const res = await asSeller.post('/api/orders/bulk-shipping?locale=en', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'select_item', message: 'Select at least one item' });
    }
    const asBuyer = await client(rt, await makeBuyer(rt));
    expect((await asBuyer.post('/api/orders/bulk-shipping', { data: [order.id] })).statusCode).toBe(403);
    expect((await orderOf(order.id)).status).toBe('payed');

    const admin = await makeAdmin(rt);
    const asAdmin = await client(rt, admin);
    const res = await asAdmin.post('/api/orders/bulk-shipping', { data: [order.id] });
    expect(res.json().done).toHaveLength(1);
    expect(await historyOf(order.id)).toEqual([
      expect.objectContaining({ status: 'shipped', user_id: admin.id }),
    ]);
  });
});
