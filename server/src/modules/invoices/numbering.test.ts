import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, startTestApp } from '../../../test/helpers.ts';
import { invoices, orders } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { formatInvoiceNumber, issueInvoice } from './numbering.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(async () => rt?.close());

const db = () => rt.deps.database.db;

async function makeOrders(sellerId: number, count: number) {
  const rows = await db()
    .insert(orders)
    .values(
      Array.from({ length: count }, () => ({
        seller_id: sellerId,
        order_number: randomBytes(8).toString('hex'),
        status: 'new' as const,
        total_amount_cents: 2500,
      })),
    )
    .returning();
  return rows.map((o) => o.id);
}

const issue = (sellerId: number, orderId: number, issuedAt?: Date) =>
  db().transaction((tx) => issueInvoice(tx, { orderId, sellerId, totalCents: 2500, issuedAt }));

const numbersOf = async (sellerId: number) =>
  (
    await db()
      .select({ seq: invoices.seq, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.seller_id, sellerId))
      .orderBy(asc(invoices.seq))
  ).map((r) => r.number);

describe('invoice numbering', () => {
  it('prints the year of issue in Paris and six digits', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('F-2026-000001');
    expect(formatInvoiceNumber(2026, 1234567)).toBe('F-2026-1234567');
  });

  it("numbers a seller's invoices from 1 in the Paris year of issue", async () => {
    const seller = await makeSeller(rt);
    const [a, b] = await makeOrders(seller.id, 2);
    // 31/12/2025 23:30 UTC is already 2026 in Paris.
    const first = await issue(seller.id, a, new Date('2025-12-31T23:30:00Z'));
    const second = await issue(seller.id, b, new Date('2026-01-02T10:00:00Z'));
    expect(first).toMatchObject({
      created: true,
      invoice: { seq: 1, number: 'F-2026-000001', total_cents: 2500 },
    });
    expect(second.invoice.number).toBe('F-2026-000002');
  });

  it('gives concurrent payments of one seller consecutive numbers, none skipped or repeated', async () => {
    const [s1, s2] = [await makeSeller(rt), await makeSeller(rt)];
    const [o1, o2] = [await makeOrders(s1.id, 25), await makeOrders(s2.id, 10)];
    const issuedAt = new Date('2026-05-04T12:00:00Z');
    await Promise.all([
      ...o1.map((o) => issue(s1.id, o, issuedAt)),
      ...o2.map((o) => issue(s2.id, o, issuedAt)),
    ]);

    expect(await numbersOf(s1.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => formatInvoiceNumber(2026, i + 1)),
    );
    expect(await numbersOf(s2.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => formatInvoiceNumber(2026, i + 1)),
    );
  });

  it('gives a number back when the payment transaction rolls back, so no gap is left', async () => {
    const seller = await makeSeller(rt);
    const [a, b] = await makeOrders(seller.id, 2);
    await issue(seller.id, a);
    await expect(
      db().transaction(async (tx) => {
        const { invoice } = await issueInvoice(tx, { orderId: b, sellerId: seller.id, totalCents: 2500 });
        expect(invoice.seq).toBe(2);
        throw new Error('mail failed, payment rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const retried = await issue(seller.id, b);
    expect(retried.invoice.seq).toBe(2);
    expect(await numbersOf(seller.id)).toHaveLength(2);
  });

  it('keeps one invoice per order when the confirmation runs again, even at the same time', async () => {
    const seller = await makeSeller(rt);
    const [order, next] = await makeOrders(seller.id, 2);
    const results = await Promise.all([
      issue(seller.id, order),
      issue(seller.id, order),
      issue(seller.id, order),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.invoice.id)).size).toBe(1);
    expect((await issue(seller.id, next)).invoice.seq).toBe(2);
  });
});
