import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertSocialIdentity } from '../../../test/fixtures.ts';
import { makeSeller, startTestApp } from '../../../test/helpers.ts';
import { orders } from '../../db/schema/index.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import type { Runtime } from '../../runtime.ts';
import { markPaidAfterRelease } from './paid.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const facts = {
  paymentId: 0,
  provider: 'sandbox',
  externalId: null,
  amountCents: 0,
  method: null,
  note: 'paid',
};
const statusOf = async (id: number) =>
  (await rt.deps.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]
    .status;

describe('an order paid after its cart released its stock', () => {
  it('becomes paid while the same viewer already has a newer open cart', async () => {
    const seller = await makeSeller(rt);
    const viewer = await insertSocialIdentity(rt, seller.id, 'Viewer');
    const expired = await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: viewer.id,
      status: 'expired',
    });
    const open = await insertOrder(rt, {
      seller_id: seller.id,
      social_identity_id: viewer.id,
      status: 'new',
    });

    const paid = await inRetriedTransaction(rt.deps.database.db, (tx) =>
      markPaidAfterRelease(tx, expired, facts),
    );

    expect(paid).toBe(true);
    expect(await statusOf(expired.id)).toBe('payed');
    expect(await statusOf(open.id)).toBe('new');
  });

  it('changes nothing when the order left the status it was read with', async () => {
    const seller = await makeSeller(rt);
    const order = await insertOrder(rt, { seller_id: seller.id, status: 'expired' });
    await rt.deps.database.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, order.id));

    const paid = await inRetriedTransaction(rt.deps.database.db, (tx) =>
      markPaidAfterRelease(tx, order, facts),
    );

    expect(paid).toBe(false);
    expect(await statusOf(order.id)).toBe('canceled');
  });
});
