import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, startTestApp } from '../../../test/helpers.ts';
import { orders, payments } from '../../db/schema/index.ts';
import { drizzleSandboxStore } from '../../modules/payments/sandbox-store.ts';
import type { Runtime } from '../../runtime.ts';
import { memorySandboxStore, SandboxProvider, type SandboxStore } from './sandbox.ts';

const PUBLIC_URL = 'https://shop.example';
const input = (paymentId: number) => ({
  paymentId,
  orderNumber: 'SBX1',
  amountCents: 4990,
  description: 'Order SBX1',
  method: 'card',
  redirectUrl: `${PUBLIC_URL}/checkout/SBX1?storeName=demo`,
  webhookUrl: `${PUBLIC_URL}/api/webhooks/sandbox/${paymentId}`,
});

/** The behaviour every store must give the sandbox. */
function sandboxBehaviour(
  name: string,
  setup: () => Promise<{ store: SandboxStore; newPaymentId: () => Promise<number> }>,
) {
  describe(`sandbox provider (${name})`, () => {
    let sandbox: SandboxProvider;
    let newPaymentId: () => Promise<number>;
    beforeAll(async () => {
      const s = await setup();
      sandbox = new SandboxProvider({ publicUrl: `${PUBLIC_URL}/`, store: s.store });
      newPaymentId = s.newPaymentId;
    });

    it('sends the shopper to the sandbox pay page of the payment', async () => {
      const id = await newPaymentId();
      const created = await sandbox.createPayment(input(id));
      expect(created).toMatchObject({
        externalId: `sbx_${id}`,
        checkoutUrl: `${PUBLIC_URL}/sandbox/pay/${id}`,
        status: 'open',
      });
      await expect(sandbox.getStatus(created.externalId)).resolves.toMatchObject({
        status: 'open',
        amountCents: 4990,
        refundedCents: 0,
        paidAt: null,
      });
    });

    it('reads Pay back as paid, and a second Pay changes nothing', async () => {
      const id = await newPaymentId();
      const { externalId } = await sandbox.createPayment(input(id));
      const paid = await sandbox.settle(id, 'paid');
      expect(paid.status).toBe('paid');
      expect(paid.paidAt).toBeInstanceOf(Date);
      await expect(sandbox.settle(id, 'paid')).resolves.toMatchObject({
        status: 'paid',
        paidAt: paid.paidAt,
      });
      await expect(sandbox.getStatus(externalId)).resolves.toMatchObject({ status: 'paid', method: 'card' });
    });

    it('refuses Cancel on a paid payment', async () => {
      const id = await newPaymentId();
      await sandbox.createPayment(input(id));
      await sandbox.settle(id, 'paid');
      await expect(sandbox.settle(id, 'canceled')).rejects.toMatchObject({ kind: 'invalid_request' });
    });

    it.each(['failed', 'canceled'] as const)('reads a %s payment back as such', async (outcome) => {
      const id = await newPaymentId();
      const { externalId } = await sandbox.createPayment(input(id));
      await sandbox.settle(id, outcome);
      await expect(sandbox.getStatus(externalId)).resolves.toMatchObject({ status: outcome, paidAt: null });
    });

    it('cancels an open payment, which can then no longer be paid; a paid one cannot be canceled', async () => {
      const id = await newPaymentId();
      const { externalId } = await sandbox.createPayment(input(id));
      await expect(sandbox.cancel(externalId)).resolves.toMatchObject({ status: 'canceled' });
      await expect(sandbox.settle(id, 'paid')).rejects.toMatchObject({ kind: 'invalid_request' });
      const other = await newPaymentId();
      const paid = await sandbox.createPayment(input(other));
      await sandbox.settle(other, 'paid');
      await expect(sandbox.cancel(paid.externalId)).rejects.toMatchObject({ kind: 'invalid_request' });
    });

    it('refunds part then the rest, and no more', async () => {
      const id = await newPaymentId();
      const { externalId } = await sandbox.createPayment(input(id));
      await expect(sandbox.refund(externalId)).rejects.toMatchObject({ kind: 'invalid_request' });
      await sandbox.settle(id, 'paid');
      await expect(sandbox.refund(externalId, 990)).resolves.toMatchObject({
        status: 'paid',
        refundedCents: 990,
      });
      await expect(sandbox.refund(externalId, 4001)).rejects.toMatchObject({ kind: 'invalid_request' });
      await expect(sandbox.refund(externalId)).resolves.toMatchObject({
        status: 'refunded',
        refundedCents: 4990,
      });
      await expect(sandbox.getStatus(externalId)).resolves.toMatchObject({ status: 'refunded' });
    });

    it('orders #12: a refund asked again with the same idempotency key is answered, not made again', async () => {
      const id = await newPaymentId();
      const { externalId } = await sandbox.createPayment(input(id));
      await sandbox.settle(id, 'paid');
      const first = await sandbox.refund(externalId, 1000, { idempotencyKey: 'k1' });
      const again = await sandbox.refund(externalId, 1000, { idempotencyKey: 'k1' });
      expect(again.refundId).toBe(first.refundId);
      expect(again.refundedCents).toBe(1000);
      const other = await sandbox.refund(externalId, 1000, { idempotencyKey: 'k2' });
      expect(other.refundId).not.toBe(first.refundId);
      expect(other.refundedCents).toBe(2000);
    });

    it('accepts a webhook naming a known payment and refuses any other', async () => {
      const id = await newPaymentId();
      await sandbox.createPayment(input(id));
      await expect(sandbox.verifyWebhook({ rawBody: `id=sbx_${id}`, headers: {} })).resolves.toEqual({
        externalId: `sbx_${id}`,
      });
      await expect(
        sandbox.verifyWebhook({ rawBody: JSON.stringify({ id: `sbx_${id}` }), headers: {} }),
      ).resolves.toEqual({
        externalId: `sbx_${id}`,
      });
      for (const rawBody of ['id=sbx_999999999', 'id=tr_abc', '', 'id=sbx_0']) {
        await expect(sandbox.verifyWebhook({ rawBody, headers: {} })).rejects.toMatchObject({
          kind: 'webhook_refused',
        });
      }
    });

    it('answers not_found for a payment it never created', async () => {
      await expect(sandbox.getStatus('sbx_999999999')).rejects.toMatchObject({ kind: 'not_found' });
      await expect(sandbox.settle(999999999, 'paid')).rejects.toMatchObject({ kind: 'not_found' });
    });
  });
}

let next = 1;
sandboxBehaviour('memory store', async () => ({
  store: memorySandboxStore(),
  newPaymentId: async () => next++,
}));

let rt: Runtime;
afterAll(async () => rt?.close());

sandboxBehaviour('database store', async () => {
  rt = await startTestApp();
  const db = rt.deps.database.db;
  const seller = await makeSeller(rt);
  return {
    store: drizzleSandboxStore(db),
    newPaymentId: async () => {
      const [order] = await db
        .insert(orders)
        .values({
          seller_id: seller.id,
          order_number: randomBytes(8).toString('hex'),
          total_amount_cents: 4990,
        })
        .returning();
      const [payment] = await db
        .insert(payments)
        .values({
          order_id: order.id,
          seller_id: seller.id,
          provider: 'sandbox',
          amount_cents: 4990,
          raw: { note: 'kept' },
        })
        .returning();
      return payment.id;
    },
  };
});

describe('database sandbox store', () => {
  it("keeps the sandbox state in the payment row's raw column, next to what was there, and leaves status alone", async () => {
    const db = rt.deps.database.db;
    const sandbox = new SandboxProvider({ publicUrl: PUBLIC_URL, store: drizzleSandboxStore(db) });
    const seller = await makeSeller(rt);
    const [order] = await db
      .insert(orders)
      .values({ seller_id: seller.id, order_number: randomBytes(8).toString('hex') })
      .returning();
    const [payment] = await db
      .insert(payments)
      .values({
        order_id: order.id,
        seller_id: seller.id,
        provider: 'sandbox',
        amount_cents: 1500,
        raw: { note: 'kept' },
      })
      .returning();
    await sandbox.createPayment({ ...input(payment.id), amountCents: 1500 });
    // A second server process sees the same state: a fresh store on the same database.
    await new SandboxProvider({ publicUrl: PUBLIC_URL, store: drizzleSandboxStore(db) }).settle(
      payment.id,
      'paid',
    );

    const [row] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row.status).toBe('open');
    expect(row.raw).toMatchObject({
      note: 'kept',
      sandbox: { status: 'paid', amountCents: 1500, refundedCents: 0 },
    });
  });

  it('refuses to keep state for a payment row of another provider', async () => {
    const db = rt.deps.database.db;
    const seller = await makeSeller(rt);
    const [order] = await db
      .insert(orders)
      .values({ seller_id: seller.id, order_number: randomBytes(8).toString('hex') })
      .returning();
    const [payment] = await db
      .insert(payments)
      .values({ order_id: order.id, seller_id: seller.id, provider: 'mollie', amount_cents: 1500 })
      .returning();
    const sandbox = new SandboxProvider({ publicUrl: PUBLIC_URL, store: drizzleSandboxStore(db) });
    await expect(sandbox.createPayment(input(payment.id))).rejects.toMatchObject({ kind: 'not_found' });
  });
});
