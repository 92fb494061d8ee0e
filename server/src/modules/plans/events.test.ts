import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import {
  activeSeller,
  chargesOf,
  DAY,
  HOUR,
  sandboxOf,
  subscriptionRow,
} from '../../../test/subscription-fixtures.ts';
import type { Runtime } from '../../runtime.ts';
import { billingEnvOf } from './customers.ts';
import { applyBillingEvent } from './events.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

describe('provider events', () => {
  it('a replayed event changes nothing the second time', async () => {
    const { seller } = await activeSeller(rt, 'basic');
    const env = billingEnvOf(rt.deps);
    const row = await subscriptionRow(rt, seller.id);
    const events = await sandboxOf(rt).advanceClock(
      new Date((row.current_period_end as Date).getTime() + HOUR),
    );
    const mine = events.filter((e) => e.type.startsWith('invoice.') || e.objectId === row.external_id);
    expect(mine.map((e) => e.type)).toContain('invoice.paid');
    for (const e of events) expect(await applyBillingEvent(env, e)).toBe('applied');
    const once = { sub: await subscriptionRow(rt, seller.id), charges: await chargesOf(rt, seller.id) };
    expect(once.charges).toHaveLength(2);
    for (const e of events) expect(await applyBillingEvent(env, e)).toBe('duplicate');
    expect(await chargesOf(rt, seller.id)).toEqual(once.charges);
    expect(await subscriptionRow(rt, seller.id)).toEqual(once.sub);
  });

  it('an older subscription event delivered after a newer one never overwrites it', async () => {
    const { seller } = await activeSeller(rt, 'basic');
    const env = billingEnvOf(rt.deps);
    const row = await subscriptionRow(rt, seller.id);
    const id = row.external_id as string;
    const now = Date.now();
    await applyBillingEvent(env, {
      id: `evt_new_${id}`,
      type: 'customer.subscription.updated',
      created: new Date(now),
      objectId: id,
    });
    // the provider's state changes after that event; an event from before it arrives late
    await sandboxOf(rt).setCancelAtPeriodEnd(id, true);
    const late = await applyBillingEvent(env, {
      id: `evt_old_${id}`,
      type: 'customer.subscription.updated',
      created: new Date(now - DAY),
      objectId: id,
    });
    expect(late).toBe('applied');
    expect((await subscriptionRow(rt, seller.id)).status).toBe('active');
    // a newer one brings the change
    await applyBillingEvent(env, {
      id: `evt_newer_${id}`,
      type: 'customer.subscription.updated',
      created: new Date(now + 1000),
      objectId: id,
    });
    expect((await subscriptionRow(rt, seller.id)).status).toBe('cancel_at_period_end');
  });

  it('an event about a subscription that is not ours is acknowledged and changes nothing', async () => {
    const env = billingEnvOf(rt.deps);
    expect(
      await applyBillingEvent(env, {
        id: 'evt_unknown_1',
        type: 'customer.subscription.deleted',
        created: new Date(),
        objectId: 'sbx_sub_unknown',
      }),
    ).toBe('applied');
  });

  it('the Stripe billing webhook does not exist while the sandbox bills', async () => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe-billing',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: '{"id":"evt_1"}',
    });
    expect(res.statusCode).toBe(404);
  });
});
