import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOnFile, pastTrial, planCharge, sale, sandboxOf } from '../../../test/billing-fixtures.ts';
import { pdfText } from '../../../test/documents.ts';
import { client, makeSeller, startTestApp } from '../../../test/helpers.ts';
import {
  billingCharges,
  billingRuns,
  platformInvoiceOrders,
  platformInvoices,
  users,
} from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { type BillingRunDeps, billingRunDeps, runBilling, type SellerRunResult } from './billing-run.ts';
import { BillingScheduler } from './billing-scheduler.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const APRIL = new Date('2026-04-02T08:00:00Z');
const deps = (): BillingRunDeps => billingRunDeps(rt.deps);
const runMarch = (sellerId: number, d: BillingRunDeps = deps()) =>
  runBilling(d, { month: '2026-03', sellerId, now: APRIL });
const invoiceOf = (r: SellerRunResult) => {
  if (r.outcome !== 'invoiced') throw new Error(`expected an invoice, got ${JSON.stringify(r)}`);
  return r.invoice;
};
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

async function readPdf(path: string | null): Promise<Buffer> {
  const stream = path ? rt.deps.storage.read(path) : null;
  if (!stream) throw new Error('no PDF stored');
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('the monthly billing run', () => {
  it('charges the month’s percent and issues one invoice with the plan, the percent, VAT and the orders', async () => {
    const seller = await makeSeller(rt);
    await pastTrial(rt, seller.id);
    await cardOnFile(rt, seller);
    await planCharge(rt, seller.id, '2026-03-01T09:00:00Z');
    const kept = await sale(rt, seller.id, 1000_00, '2026-03-05T10:00:00Z');
    const refunded = await sale(rt, seller.id, 200_00, '2026-03-06T10:00:00Z', '2026-03-07T10:00:00Z');
    await sale(rt, seller.id, 300_00, '2026-04-01T10:00:00Z'); // April: not this invoice

    const [result] = await runMarch(seller.id);
    const invoice = invoiceOf(result);
    expect(invoice.number).toMatch(/^LC-2026-\d{6}$/);
    // 49 € plan + 5 % of 1 000 € = 50 €; VAT 20 % of 99 € = 19,80 €.
    expect(invoice).toMatchObject({
      month: '2026-03',
      plan_cents: 49_00,
      sales_cents: 1000_00,
      percent_bp: 500,
      percent_cents: 50_00,
      vat_cents: 19_80,
      total_cents: 118_80,
      status: 'paid',
    });
    const charges = await db()
      .select()
      .from(billingCharges)
      .where(and(eq(billingCharges.seller_id, seller.id), eq(billingCharges.kind, 'percent')));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amount_cents: 50_00,
      vat_cents: 10_00,
      status: 'paid',
      month: '2026-03',
    });
    const orders = await db()
      .select()
      .from(platformInvoiceOrders)
      .where(eq(platformInvoiceOrders.invoice_id, invoice.id));
    expect(orders.map((o) => [o.order_number, o.counted_cents]).sort()).toEqual(
      [
        [kept.order_number, 1000_00],
        [refunded.order_number, 0],
      ].sort(),
    );

    const text = plain(await pdfText(await readPdf(invoice.path)));
    expect(text).toContain(invoice.number);
    expect(text).toContain('LiveCart SAS');
    expect(text).toContain('mars 2026');
    expect(text).toContain('49,00 €');
    expect(text).toContain('50,00 €');
    expect(text).toContain('19,80 €');
    expect(text).toContain('118,80 €');
    expect(text).toContain(kept.order_number);

    // Run again: the same invoice, no second charge.
    const [again] = await runMarch(seller.id);
    expect(again).toMatchObject({ outcome: 'skipped', invoice: { id: invoice.id } });
    const all = await db().select().from(platformInvoices).where(eq(platformInvoices.seller_id, seller.id));
    expect(all).toHaveLength(1);
  });

  it('two runs at once for the same seller and month make one invoice and one charge', async () => {
    const seller = await makeSeller(rt);
    await pastTrial(rt, seller.id);
    await cardOnFile(rt, seller);
    await sale(rt, seller.id, 400_00, '2026-03-10T10:00:00Z');
    const results = await Promise.all([runMarch(seller.id), runMarch(seller.id), runMarch(seller.id)]);
    const outcomes = results.map(([r]) => r.outcome).sort();
    expect(outcomes).toEqual(['invoiced', 'skipped', 'skipped']);
    const invoices = await db()
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.seller_id, seller.id));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ plan_cents: 0, percent_cents: 20_00, total_cents: 24_00 });
    const charges = await db().select().from(billingCharges).where(eq(billingCharges.seller_id, seller.id));
    expect(charges).toHaveLength(1);
  });

  it('a declined percent gives a failed invoice; without a card the invoice waits, open', async () => {
    const declined = await makeSeller(rt);
    await pastTrial(rt, declined.id);
    await cardOnFile(rt, declined, '4000000000000341');
    await sale(rt, declined.id, 100_00, '2026-03-10T10:00:00Z');
    expect(invoiceOf((await runMarch(declined.id))[0])).toMatchObject({ status: 'failed', paid_at: null });

    const noCard = await makeSeller(rt);
    await pastTrial(rt, noCard.id);
    await sale(rt, noCard.id, 100_00, '2026-03-10T10:00:00Z');
    expect(invoiceOf((await runMarch(noCard.id))[0])).toMatchObject({ status: 'open', total_cents: 6_00 });
    const charges = await db().select().from(billingCharges).where(eq(billingCharges.seller_id, noCard.id));
    expect(charges).toHaveLength(0);
  });

  it('a new default card pays the percent left unpaid: a declined one and one billed without a card', async () => {
    const declined = await makeSeller(rt);
    await pastTrial(rt, declined.id);
    await cardOnFile(rt, declined, '4000000000000341');
    await sale(rt, declined.id, 100_00, '2026-03-10T10:00:00Z');
    expect(invoiceOf((await runMarch(declined.id))[0])).toMatchObject({ status: 'failed' });
    const noCard = await makeSeller(rt);
    await pastTrial(rt, noCard.id);
    await sale(rt, noCard.id, 100_00, '2026-03-10T10:00:00Z');
    expect(invoiceOf((await runMarch(noCard.id))[0])).toMatchObject({ status: 'open' });

    for (const seller of [declined, noCard]) {
      const api = await client(rt, seller);
      const added = await api.post('/api/profile/add-payment-method', { returnTo: 'plan' });
      expect(added.statusCode, added.body).toBe(200);
      const setup = added.json();
      await sandboxOf(rt).submitSetup(setup.intentId, {
        kind: 'card',
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      });
      const done = await api.post('/api/profile/add-payment-method-from-subscription', {
        setupIntent: setup.intentId,
        setupIntentSecret: setup.clientSecret,
      });
      expect(done.statusCode, done.body).toBe(200);
      const methods = done.json().items as { id: number; last4: string; is_default: boolean }[];
      const card = methods.find((m) => m.last4 === '4242')!;
      if (!card.is_default) {
        const made = await api.post('/api/profile/default-payment-method', { paymentId: card.id });
        expect(made.statusCode, made.body).toBe(200);
      }
      const [bill] = await db()
        .select()
        .from(platformInvoices)
        .where(eq(platformInvoices.seller_id, seller.id));
      expect(bill).toMatchObject({ status: 'paid', paid_at: expect.any(Date) });
      const charges = await db()
        .select()
        .from(billingCharges)
        .where(and(eq(billingCharges.seller_id, seller.id), eq(billingCharges.kind, 'percent')));
      expect(charges.filter((c) => c.status === 'paid')).toHaveLength(1);
      expect(charges.find((c) => c.status === 'paid')).toMatchObject({ amount_cents: 5_00, vat_cents: 1_00 });
    }
  });

  it('a month with nothing to bill gives no invoice and is done; the trial’s sales are not charged', async () => {
    const seller = await makeSeller(rt);
    await pastTrial(rt, seller.id, new Date('2026-04-10T00:00:00Z'));
    await sale(rt, seller.id, 900_00, '2026-03-10T10:00:00Z');
    expect((await runMarch(seller.id))[0]).toEqual({ sellerId: seller.id, outcome: 'nothing' });
    const [run] = await db().select().from(billingRuns).where(eq(billingRuns.seller_id, seller.id));
    expect(run).toMatchObject({ month: '2026-03', status: 'done' });
    expect(
      await db().select().from(platformInvoices).where(eq(platformInvoices.seller_id, seller.id)),
    ).toHaveLength(0);
  });

  it('the percent is the seller’s own when an admin set one', async () => {
    const seller = await makeSeller(rt);
    await pastTrial(rt, seller.id);
    await db().update(users).set({ seller_percent_bp: 250 }).where(eq(users.id, seller.id));
    await sale(rt, seller.id, 1000_00, '2026-03-10T10:00:00Z');
    expect(invoiceOf((await runMarch(seller.id))[0])).toMatchObject({
      percent_bp: 250,
      percent_cents: 25_00,
    });
  });

  it('numbers stay gapless across sellers when a PDF cannot be written, and the failed run is retried', async () => {
    const [a, b, c] = [await makeSeller(rt), await makeSeller(rt), await makeSeller(rt)];
    for (const s of [a, b, c]) {
      await pastTrial(rt, s.id);
      await sale(rt, s.id, 100_00, '2026-03-10T10:00:00Z');
    }
    const first = invoiceOf((await runMarch(a.id))[0]);
    const broken: BillingRunDeps = {
      ...deps(),
      storage: { ...rt.deps.storage, put: () => Promise.reject(new Error('disk full')) },
    };
    const failed = (await runMarch(b.id, broken))[0];
    expect(failed).toMatchObject({ outcome: 'failed', error: 'disk full' });
    const [run] = await db().select().from(billingRuns).where(eq(billingRuns.seller_id, b.id));
    expect(run).toMatchObject({ status: 'failed', error: 'disk full' });
    const third = invoiceOf((await runMarch(c.id))[0]);
    expect(third.seq).toBe(first.seq + 1);
    const retried = invoiceOf((await runMarch(b.id))[0]);
    expect(retried.seq).toBe(first.seq + 2);

    const seqs = (await db().select().from(platformInvoices).orderBy(asc(platformInvoices.seq))).map(
      (r) => r.seq,
    );
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  });

  it('refuses a month that is not over', async () => {
    const seller = await makeSeller(rt);
    await expect(
      runBilling(deps(), { month: '2026-04', sellerId: seller.id, now: APRIL }),
    ).rejects.toMatchObject({
      code: 'month_not_closed',
    });
  });

  it('the scheduler closes the month before for every seller who had a subscription in it, once', async () => {
    const seller = await makeSeller(rt);
    await pastTrial(rt, seller.id);
    await sale(rt, seller.id, 300_00, '2026-03-18T10:00:00Z');
    const scheduler = new BillingScheduler(deps, rt.app.log);
    const first = await scheduler.runNow(APRIL);
    expect(first.find((r) => r.sellerId === seller.id)).toMatchObject({ outcome: 'invoiced' });
    const second = await scheduler.runNow(APRIL);
    expect(second.find((r) => r.sellerId === seller.id)).toMatchObject({ outcome: 'skipped' });
    expect(second.every((r) => r.outcome !== 'invoiced')).toBe(true);
    const invoices = await db()
      .select()
      .from(platformInvoices)
      .where(eq(platformInvoices.seller_id, seller.id));
    expect(invoices).toHaveLength(1);
    await scheduler.stop();
  });
});
