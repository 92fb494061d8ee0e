import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../test/fixtures.ts';
import { makeSeller, startTestApp } from '../../../test/helpers.ts';
import { orders, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import {
  effectivePercentBp,
  monthClosed,
  monthSales,
  parisMonthOf,
  parisMonthRange,
  percentOf,
  previousMonth,
} from './ledger.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** A paid order (cents), refunded at `refundedAt` when given. */
async function sale(
  sellerId: number,
  cents: number,
  paidAt: string,
  opts: { status?: 'payed' | 'shipped'; refundedAt?: string } = {},
) {
  const row = await insertOrder(rt, {
    seller_id: sellerId,
    status: opts.status ?? 'payed',
    total_cents: cents,
    paid_at: new Date(paidAt),
  });
  if (opts.refundedAt) {
    await db()
      .update(orders)
      .set({ status: 'canceled', canceled_at: new Date(opts.refundedAt) })
      .where(eq(orders.id, row.id));
  }
  return row;
}

describe('Paris months', () => {
  it('a month runs from its first Paris midnight to the next, across a change of summer time', () => {
    const march = parisMonthRange('2026-03');
    expect(march.start.toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(march.end.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    const december = parisMonthRange('2025-12');
    expect(december.end.toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(parisMonthOf(new Date('2026-03-31T21:59:59Z'))).toBe('2026-03');
    expect(parisMonthOf(new Date('2026-03-31T22:00:00Z'))).toBe('2026-04');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(monthClosed('2026-03', new Date('2026-03-31T21:59:00Z'))).toBe(false);
    expect(monthClosed('2026-03', new Date('2026-03-31T22:00:00Z'))).toBe(true);
  });
});

describe('the order ledger of a month', () => {
  it('counts paid and shipped orders when paid and refunds when made, leaving out the trial and unpaid carts', async () => {
    const seller = await makeSeller(rt);
    const trialEnd = new Date('2026-02-28T23:10:00Z'); // 00:10 in Paris, March 1st;
    const paid = await sale(seller.id, 100_00, '2026-03-05T09:00:00Z');
    const lastMinute = await sale(seller.id, 50_00, '2026-03-31T21:30:00Z', { status: 'shipped' });
    const firstMinute = await sale(seller.id, 20_00, '2026-02-28T23:30:00Z');
    await sale(seller.id, 80_00, '2026-02-28T22:30:00Z'); // 23:30 in Paris, February
    const sameMonth = await sale(seller.id, 30_00, '2026-03-10T10:00:00Z', {
      refundedAt: '2026-03-12T10:00:00Z',
    });
    const laterMonth = await sale(seller.id, 40_00, '2026-03-20T10:00:00Z', {
      refundedAt: '2026-04-02T10:00:00Z',
    });
    // Paid in the trial, refunded after it: neither counts.
    await sale(seller.id, 70_00, '2026-02-28T23:05:00Z', { refundedAt: '2026-03-15T10:00:00Z' });
    await insertOrder(rt, { seller_id: seller.id, status: 'new', total_cents: 99_00 });
    const other = await makeSeller(rt);
    await sale(other.id, 999_00, '2026-03-05T09:00:00Z');

    const march = await monthSales(db(), seller.id, '2026-03', { from: trialEnd });
    expect(march.salesCents).toBe(100_00 + 50_00 + 20_00 + 0 + 40_00);
    const byNumber = new Map(march.orders.map((o) => [o.order_number, o]));
    expect(march.orders).toHaveLength(5);
    expect(byNumber.get(paid.order_number)?.counted_cents).toBe(100_00);
    expect(byNumber.get(lastMinute.order_number)?.counted_cents).toBe(50_00);
    expect(byNumber.get(firstMinute.order_number)?.counted_cents).toBe(20_00);
    expect(byNumber.get(sameMonth.order_number)).toMatchObject({
      total_cents: 30_00,
      refunded_cents: 30_00,
      counted_cents: 0,
    });
    expect(byNumber.get(laterMonth.order_number)?.counted_cents).toBe(40_00);

    // April: the refund of a March sale subtracts; a new sale counts.
    const aprilSale = await sale(seller.id, 60_00, '2026-04-10T10:00:00Z');
    const april = await monthSales(db(), seller.id, '2026-04', { from: trialEnd });
    expect(april.salesCents).toBe(60_00 - 40_00);
    expect(april.orders.map((o) => [o.order_number, o.counted_cents])).toEqual([
      [laterMonth.order_number, -40_00],
      [aprilSale.order_number, 60_00],
    ]);

    // Without the trial's end, the trial's sale and its refund cancel out in March.
    const whole = await monthSales(db(), seller.id, '2026-03');
    expect(whole.salesCents).toBe(march.salesCents);
    expect(whole.orders).toHaveLength(6);
    // Up to a moment: what was paid from then on is left out.
    const soFar = await monthSales(db(), seller.id, '2026-03', {
      from: trialEnd,
      to: new Date('2026-03-06T00:00:00Z'),
    });
    expect(soFar.salesCents).toBe(120_00);
  });

  it('a month whose refunds exceed its sales counts nothing', async () => {
    const seller = await makeSeller(rt);
    await sale(seller.id, 90_00, '2026-05-20T10:00:00Z', { refundedAt: '2026-06-02T10:00:00Z' });
    await sale(seller.id, 10_00, '2026-06-03T10:00:00Z');
    expect((await monthSales(db(), seller.id, '2026-06')).salesCents).toBe(0);
  });

  it('the percent is the plan’s, or the seller’s own once an admin set one', async () => {
    const seller = await makeSeller(rt);
    expect(await effectivePercentBp(db(), seller.id)).toBe(500);
    expect(percentOf(210_00, 500)).toBe(10_50);
    await db().update(users).set({ seller_percent_bp: 250 }).where(eq(users.id, seller.id));
    expect(await effectivePercentBp(db(), seller.id)).toBe(250);
    expect(percentOf(210_01, 250)).toBe(5_25);
  });
});
