import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, uniq } from '../../../test/product-fixtures.ts';
import { orders } from '../../db/schema/index.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { refreshShopperFigures } from '../buyers/figures.ts';
import { clientFigures, FIGURE_COLUMNS } from '../buyers/shoppers.ts';
import { markPaid, markPaidAfterRelease, type PaidOrder } from './paid.ts';

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
});
afterAll(() => rt.close());

type Op =
  | { kind: 'claim'; viewer: number; product: number; quantity: number }
  | { kind: 'burst'; viewers: number[]; product: number; quantity: number }
  | { kind: 'expire'; pick: number; bySweeper: boolean }
  | { kind: 'remove' | 'minus'; pick: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'setQty'; product: number; quantity: number }
  | { kind: 'block'; viewer: number; blocked: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      viewer: fc.nat(5),
      product: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      viewers: fc.uniqueArray(fc.nat(5), { minLength: 2, maxLength: 4 }),
      product: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('expire' as const), pick: fc.nat(20), bySweeper: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('minus' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(20) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('setQty' as const), product: fc.nat(1), quantity: fc.nat(6) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('block' as const), viewer: fc.nat(5), blocked: fc.boolean() }),
  },
);

/** A waiting-list request (one comment on one configuration): what it got, and what it still waits for. */
interface Request {
  comment_id: string;
  served: number;
  waiting: number;
}

describe('stock and the waiting list', () => {
  it('after any sequence of comments, bursts, expiries, removals, payments, stock changes and blocks: nothing oversold or lost, no free stock while someone waits, the queue served in comment order, nothing more for a blocked viewer, the shoppers’ figures as the orders say', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 14 }),
        fc.tuple(fc.nat(3), fc.nat(3)),
        async (ops, initial) => {
          const { seller, api, post } = await liveSeller(rt);
          const products = [
            await simpleProduct(rt, refs, api, initial[0]),
            await simpleProduct(rt, refs, api, initial[1]),
          ];
          const added = [0, 0];
          const viewers = Array.from({ length: 6 }, () => `fb-${uniq()}${uniq()}`);
          /** Blocked viewers (by identity id) and the units their carts held at the last check. */
          const blocked = new Map<number, number>();
          const unitsOf = async (identityId: number) =>
            (
              await queryRows<{ n: number }>(
                r.db(),
                sql`SELECT coalesce(sum(i.quantity), 0)::int AS n FROM order_items i
                    JOIN orders o ON o.id = i.order_id WHERE o.social_identity_id = ${identityId}`,
              )
            )[0].n;

          const openLines = () =>
            queryRows<{ id: number; order_id: number }>(
              r.db(),
              sql`SELECT i.id, i.order_id FROM order_items i JOIN orders o ON o.id = i.order_id
                WHERE o.seller_id = ${seller.id} AND o.status = 'new' ORDER BY i.id`,
            );
          const payable = () =>
            queryRows<PaidOrder>(
              r.db(),
              sql`SELECT id, order_number, seller_id, status FROM orders
                WHERE seller_id = ${seller.id} AND status IN ('new', 'expired')
                  AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id)
                ORDER BY id`,
            );

          for (const op of ops) {
            if (op.kind === 'claim') {
              const p = products[op.product];
              await post([comment(`${p.keyword} x${op.quantity}`, viewers[op.viewer])]);
            } else if (op.kind === 'burst') {
              // Several viewers' comments posted at once, as a capture tool may deliver them.
              const p = products[op.product];
              await Promise.all(
                op.viewers.map((v) => post([comment(`${p.keyword} x${op.quantity}`, viewers[v])])),
              );
            } else if (op.kind === 'setQty') {
              const p = products[op.product];
              added[op.product] += op.quantity - (await r.stockOf(p.config.id));
              const res = await api.post('/api/order/update-config-qty', {
                productConfigurationId: p.config.id,
                quantity: op.quantity,
              });
              expect(res.statusCode, res.body).toBe(200);
            } else if (op.kind === 'block') {
              const [identity] = await queryRows<{ id: number }>(
                r.db(),
                sql`SELECT id FROM social_identities
                    WHERE seller_id = ${seller.id} AND external_user_id = ${viewers[op.viewer]}`,
              );
              if (!identity) continue;
              const res = await api.post('/api/buyers/block', {
                identity_id: identity.id,
                blocked: op.blocked,
              });
              expect(res.statusCode, res.body).toBe(200);
              if (op.blocked) blocked.set(identity.id, await unitsOf(identity.id));
              else blocked.delete(identity.id);
            } else if (op.kind === 'pay') {
              const candidates = await payable();
              if (!candidates.length) continue;
              const order = candidates[op.pick % candidates.length];
              const facts = {
                paymentId: 0,
                provider: 'sandbox',
                externalId: null,
                amountCents: 0,
                method: null,
              };
              await inRetriedTransaction(rt.deps.database.db, (tx) =>
                order.status === 'new'
                  ? markPaid(tx, order, { ...facts, note: 'paid' })
                  : markPaidAfterRelease(tx, order, { ...facts, note: 'paid after expiry' }),
              );
            } else {
              const lines = await openLines();
              if (!lines.length) continue;
              const line = lines[op.pick % lines.length];
              if (op.kind === 'expire') {
                if (op.bySweeper) {
                  await r
                    .db()
                    .update(orders)
                    .set({ expires_at: new Date(Date.now() - 1000) })
                    .where(eq(orders.id, line.order_id));
                  await rt.sweeper.sweepNow();
                } else {
                  const res = await api.get(`/api/orders/expire?orderId=${line.order_id}`);
                  expect(res.statusCode, res.body).toBe(200);
                }
              } else {
                const res = await api.get(`/api/orders/${op.kind}-item-order?orderItemId=${line.id}`);
                expect(res.statusCode, res.body).toBe(200);
              }
            }

            for (const [k, p] of products.entries()) {
              // Every unit is free, in an open cart, or sold: none lost, none made, none oversold.
              const [held] = await queryRows<{ open: number; sold: number }>(
                r.db(),
                sql`SELECT coalesce(sum(i.quantity) FILTER (WHERE o.status = 'new'), 0)::int AS open,
                      coalesce(sum(i.quantity) FILTER (WHERE o.status = 'payed'), 0)::int AS sold
                    FROM order_items i JOIN orders o ON o.id = i.order_id
                    WHERE i.configuration_id = ${p.config.id}`,
              );
              const free = await r.stockOf(p.config.id);
              expect(free).toBeGreaterThanOrEqual(0);
              expect(free + held.open + held.sold).toBe(initial[k] + added[k]);
              // Requests in comment order (a request keeps the place of its first row).
              const requests = await queryRows<Request>(
                r.db(),
                sql`SELECT comment_id,
                      coalesce(sum(quantity) FILTER (WHERE status = 'served'), 0)::int AS served,
                      coalesce(sum(quantity) FILTER (WHERE status = 'waiting'), 0)::int AS waiting
                    FROM waiting_list WHERE configuration_id = ${p.config.id}
                    GROUP BY comment_id ORDER BY min(comment_time), min(id)`,
              );
              const waiting = requests.reduce((n, q) => n + q.waiting, 0);
              // Stock never sits free while someone waits for it.
              expect(free * waiting).toBe(0);
              // Nobody is overtaken: after the first request still waiting, none got anything.
              const head = requests.findIndex((q) => q.waiting > 0);
              if (head >= 0) expect(requests.slice(head + 1).every((q) => q.served === 0)).toBe(true);
            }
            // A blocked viewer waits for nothing and gets no article more.
            for (const [identityId, units] of blocked) {
              const [waits] = await queryRows<{ n: number }>(
                r.db(),
                sql`SELECT count(*)::int AS n FROM waiting_list
                    WHERE social_identity_id = ${identityId} AND status = 'waiting'`,
              );
              expect(waits.n).toBe(0);
              const now = await unitsOf(identityId);
              expect(now).toBeLessThanOrEqual(units);
              blocked.set(identityId, now);
            }
          }
          // The Shoppers list's figures, kept from the changes' marks, are what the orders say.
          await refreshShopperFigures(r.db(), seller.id);
          const kept = sql`SELECT ${FIGURE_COLUMNS} FROM shopper_figures WHERE seller_id = ${seller.id}`;
          const computed = sql`SELECT ${FIGURE_COLUMNS} FROM (${clientFigures(seller.id)}) f`;
          expect(
            await queryRows(r.db(), sql`(${kept} EXCEPT ${computed}) UNION ALL (${computed} EXCEPT ${kept})`),
          ).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
    // twelve drawn sequences of up to 14 operations, each on a seller of its own: how long they take
    // follows what was drawn and how busy the machine is, not a speed this test checks
  }, 120_000);
});

describe('deadlock retry', () => {
  const failing = (code: string, times: number) => {
    let calls = 0;
    const fn = async () => {
      calls++;
      if (calls <= times) throw Object.assign(new Error('query failed'), { cause: { code } });
      return 'done';
    };
    return { fn, calls: () => calls };
  };

  it('a transaction chosen as a deadlock victim or serialization failure runs again', async () => {
    for (const code of ['40P01', '40001']) {
      const t = failing(code, 2);
      expect(await inRetriedTransaction(rt.deps.database.db, t.fn)).toBe('done');
      expect(t.calls()).toBe(3);
    }
  });

  it('other errors, and a deadlock that keeps happening, reach the caller', async () => {
    const other = failing('23505', 1);
    await expect(inRetriedTransaction(rt.deps.database.db, other.fn)).rejects.toThrow('query failed');
    expect(other.calls()).toBe(1);
    const stuck = failing('40P01', 100);
    await expect(inRetriedTransaction(rt.deps.database.db, stuck.fn, 3)).rejects.toThrow('query failed');
    expect(stuck.calls()).toBe(3);
  });
});
