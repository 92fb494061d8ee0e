import type { TDashboardSales } from '@livecart/contract/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSession } from '../../../test/fixtures.ts';
import { client, makeAdmin, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { liveSessions, orders } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const DAY = 86_400_000;
/** The Europe/Paris day of an instant, YYYY-MM-DD. */
const parisDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });

/** A seller with a closed live: two paid carts today, one open; a sale 3 days ago and one 40 days ago. */
async function sellerWithSales() {
  const seller = await makeSeller(rt);
  const session = await insertSession(rt, seller.id);
  await rt.deps.database.db
    .update(liveSessions)
    .set({ status: 'closed', started_at: new Date(Date.now() - 3600_000), stopped_at: new Date() })
    .where(eq(liveSessions.id, session.id));
  const now = new Date();
  const inLive = [
    await insertOrder(rt, { seller_id: seller.id, status: 'payed', total_cents: 1234, paid_at: now }),
    await insertOrder(rt, { seller_id: seller.id, status: 'shipped', total_cents: 1000, paid_at: now }),
    await insertOrder(rt, { seller_id: seller.id, status: 'new', total_cents: 999 }),
  ];
  for (const o of inLive)
    await rt.deps.database.db.update(orders).set({ session_id: session.id }).where(eq(orders.id, o.id));
  const threeDays = new Date(Date.now() - 3 * DAY);
  await insertOrder(rt, { seller_id: seller.id, status: 'payed', total_cents: 555, paid_at: threeDays });
  await insertOrder(rt, {
    seller_id: seller.id,
    status: 'payed',
    total_cents: 777,
    paid_at: new Date(Date.now() - 40 * DAY),
  });
  return { seller, session, threeDays };
}

describe('orders #12 report: dashboard sales', () => {
  it('orders #12 report: sales per Paris day over 30 days and per live, matching the orders to the cent', async () => {
    const { seller, session, threeDays } = await sellerWithSales();
    const api = await client(rt, seller);
    const res = await api.get('/api/dashboard/sales');
    expect(res.statusCode, res.body).toBe(200);
    const sales = res.json() as TDashboardSales;
    expect(sales.days).toHaveLength(30);
    expect(sales.days.at(-1)?.day).toBe(parisDay(new Date()));
    expect(sales.days.at(-1)).toMatchObject({ paid: 2, revenue: 22.34 });
    expect(sales.days.find((d) => d.day === parisDay(threeDays))).toMatchObject({ paid: 1, revenue: 5.55 });
    const cents = sales.days.reduce((n, d) => n + Math.round(d.revenue * 100), 0);
    expect(cents).toBe(1234 + 1000 + 555);
    expect(sales.lives).toEqual([
      {
        session_id: session.id,
        event_date: session.event_date,
        event_time: '18:00',
        carts: 3,
        paid: 2,
        revenue: 22.34,
      },
    ]);

    // The same ledger as the dashboard's totals: all paid orders, the one of 40 days ago included.
    const totals = (await api.get('/api/dashboard/fetch-items')).json().totals;
    expect(Math.round(totals.total_amount * 100)).toBe(cents + 777);
  });

  it('orders #12 report: a seller sees only their sales, the admin any seller’s, a shopper none', async () => {
    const { seller } = await sellerWithSales();
    const other = await client(rt, await makeSeller(rt));
    const mine = (await other.get('/api/dashboard/sales')).json() as TDashboardSales;
    expect(mine.lives).toEqual([]);
    expect(mine.days.every((d) => d.paid === 0)).toBe(true);

    const admin = await client(rt, await makeAdmin(rt));
    const read = (await admin.get(`/api/dashboard/sales?seller_id=${seller.id}`)).json() as TDashboardSales;
    expect(read.days.at(-1)).toMatchObject({ paid: 2, revenue: 22.34 });

    const shopper = await client(rt, await makeBuyer(rt));
    expect((await shopper.get('/api/dashboard/sales')).statusCode).toBe(403);
  });
});
