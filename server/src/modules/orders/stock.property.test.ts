import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, uniq } from '../../../test/product-fixtures.ts';
import { orders } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { inRetriedTransaction } from './cart.ts';

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
  | { kind: 'expire'; pick: number; bySweeper: boolean }
  | { kind: 'remove' | 'minus'; pick: number }
  | { kind: 'setQty'; product: number; quantity: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      viewer: fc.nat(5),
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
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('setQty' as const), product: fc.nat(1), quantity: fc.nat(6) }),
  },
);

describe('stock conservation', () => {
  it('after any interleaving of claims, expiries, removals, minus and quantity changes, no unit is lost or made', async () => {
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

          const openLines = () =>
            queryRows<{ id: number; order_id: number }>(
              r.db(),
              sql`SELECT i.id, i.order_id FROM order_items i JOIN orders o ON o.id = i.order_id
                WHERE o.seller_id = ${seller.id} AND o.status = 'new' ORDER BY i.id`,
            );

          for (const op of ops) {
            if (op.kind === 'claim') {
              const p = products[op.product];
              await post([comment(`${p.keyword} x${op.quantity}`, viewers[op.viewer])]);
            } else if (op.kind === 'setQty') {
              const p = products[op.product];
              added[op.product] += op.quantity - (await r.stockOf(p.config.id));
              const res = await api.post('/api/order/update-config-qty', {
                productConfigurationId: p.config.id,
                quantity: op.quantity,
              });
              expect(res.statusCode, res.body).toBe(200);
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
              const [held] = await queryRows<{ n: number }>(
                r.db(),
                sql`SELECT coalesce(sum(i.quantity), 0)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id
                  WHERE o.status = 'new' AND i.configuration_id = ${p.config.id}`,
              );
              const stock = await r.stockOf(p.config.id);
              expect(stock).toBeGreaterThanOrEqual(0);
              expect(stock + held.n).toBe(initial[k] + added[k]);
              // Served rows are always the head of the queue in comment order: nobody is overtaken.
              const queue = await queryRows<{ status: string }>(
                r.db(),
                sql`SELECT status FROM waiting_list WHERE configuration_id = ${p.config.id} ORDER BY comment_time, id`,
              );
              const firstWaiting = queue.findIndex((w) => w.status === 'waiting');
              if (firstWaiting >= 0)
                expect(queue.slice(firstWaiting).every((w) => w.status === 'waiting')).toBe(true);
              // Stock left with someone at the head of the queue only when it is too little for them.
              const [head] = await queryRows<{ quantity: number }>(
                r.db(),
                sql`SELECT quantity FROM waiting_list WHERE configuration_id = ${p.config.id} AND status = 'waiting'
                  ORDER BY comment_time, id LIMIT 1`,
              );
              if (head) expect(stock).toBeLessThan(head.quantity);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });
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
