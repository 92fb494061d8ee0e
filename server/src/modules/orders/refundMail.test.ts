import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { makeOrder } from '../../../test/payment-fixtures.ts';
import { type LocalSmtp, readMailsTo, startSmtp } from '../../../test/smtp.ts';
import { orders, payments } from '../../db/schema/index.ts';
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

const db = () => rt.deps.database.db;
const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];

/**
 * A paid order of a new seller to a new shopper, its payment at the sandbox provider; `refunded`
 * marks the sandbox payment as having nothing left to refund, so a refund is refused.
 */
async function paidOrder(locale: 'fr' | 'en', opts: { refunded?: boolean } = {}) {
  const seller = await makeSeller(rt);
  const buyer = await makeBuyer(rt);
  const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id, status: 'payed', locale });
  const [payment] = await db().select().from(payments).where(eq(payments.order_id, order.id));
  await db()
    .update(payments)
    .set({
      external_id: `sbx_${payment.id}`,
      raw: {
        sandbox: {
          status: 'paid',
          amountCents: payment.amount_cents,
          refundedCents: opts.refunded ? payment.amount_cents : 0,
          method: 'card',
          paidAt: new Date().toISOString(),
        },
      },
    })
    .where(eq(payments.id, payment.id));
  return { seller, buyer, order };
}

describe('orders #12: the refund e-mail', () => {
  it('e-mails the shopper of a refunded order in French: the amount in euros, the articles, where the money goes', async () => {
    const { seller, buyer, order } = await paidOrder('fr');
    const api = await client(rt, seller);
    const res = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.json().done).toHaveLength(1);

    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    // 2 × 39,90 + 12,50 + 6,90 of shipping
    expect(mails[0]).toMatch(new RegExp(`a remboursé votre commande ${order.order_number} : 99,20\\s€`));
    expect(mails[0]).toContain('Robe à fleurs (Bleu ciel / M) × 2');
    expect(mails[0]).toContain('Écharpe × 1');
    expect(mails[0]).toContain(
      'recrédité sur le moyen de paiement utilisé pour cette commande, sous quelques jours',
    );
  });

  it('writes in English to an English order, once on a double click', async () => {
    const { seller, buyer, order } = await paidOrder('en');
    const api = await client(rt, seller);
    const answers = await Promise.all([
      api.post('/api/orders/bulk-cancel', { data: [order.id] }),
      api.post('/api/orders/bulk-cancel', { data: [order.id] }),
    ]);
    expect(answers.flatMap((a) => a.json().done)).toHaveLength(1);

    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`has refunded your order ${order.order_number}: €99.20.`);
    expect(mails[0]).toContain('Robe à fleurs (Bleu ciel / M) × 2');
    expect(mails[0]).toContain('The money goes back to the means of payment you used');
  });

  it('sends nothing for an open cart canceled without a refund', async () => {
    const seller = await makeSeller(rt);
    const buyer = await makeBuyer(rt);
    const cart = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    const api = await client(rt, seller);
    const res = await api.post('/api/orders/bulk-cancel', { data: [cart.id] });
    expect(res.json().done).toHaveLength(1);
    expect((await orderOf(cart.id)).status).toBe('canceled');
    expect(await mailsTo(buyer.email)).toEqual([]);
  });

  it('sends nothing when the provider refuses the refund', async () => {
    const { seller, buyer, order } = await paidOrder('fr', { refunded: true });
    const api = await client(rt, seller);
    const res = await api.post('/api/orders/bulk-cancel', { data: [order.id] });
    expect(res.json().refused).toEqual([expect.objectContaining({ reason: 'refund_refused' })]);
    expect((await orderOf(order.id)).status).toBe('payed');
    expect(await mailsTo(buyer.email)).toEqual([]);
  });
});
