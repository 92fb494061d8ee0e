import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeSeller, startTestApp } from '../../../test/helpers.ts';
import {
  type Api,
  activeSeller,
  CARDS,
  chargesOf,
  enterCard,
  HOUR,
  sandboxOf,
  subscriptionRow,
  tick,
} from '../../../test/subscription-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

/** Registers a card through add-payment-method and its return; answers the methods after. */
async function addCard(api: Api, number: string = CARDS.ok, path = 'add-payment-method-after-registration') {
  const start = await api.post('/api/profile/add-payment-method?locale=en', { returnTo: 'plan' });
  expect(start.statusCode, start.body).toBe(200);
  const setup = start.json();
  expect(new URL(setup.redirectUrl).pathname).toContain(setup.intentId);
  const page = await enterCard(rt, setup, number);
  // the card that asks for the holder's authentication: the second page's Approve
  if (page.status === 'requires_action') await sandboxOf(rt).authenticateSetup(setup.intentId, true);
  const done = await api.post(`/api/profile/${path}?locale=en`, {
    setupIntent: setup.intentId,
    setupIntentSecret: setup.clientSecret,
  });
  expect(done.statusCode, done.body).toBe(200);
  expect(done.json().message).toBe('Payment methods saved');
  return done.json().items as { id: number; last4: string; is_default: boolean }[];
}

describe('a seller’s payment methods', () => {
  it('the first method becomes the default; another one does not until chosen', async () => {
    const api = await client(rt, await makeSeller(rt));
    expect((await api.get('/api/profile/payment-methods')).json().items).toEqual([]);
    const first = await addCard(api);
    expect(first).toMatchObject([{ last4: '4242', is_default: true }]);
    const both = await addCard(api, CARDS.authentication, 'add-payment-method-from-subscription');
    expect(both).toHaveLength(2);
    const second = both.find((m) => m.last4 === '3155');
    expect(second?.is_default).toBe(false);
    const chosen = await api.post('/api/profile/default-payment-method', { paymentId: second?.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().items[0]).toMatchObject({ id: second?.id, is_default: true });
  });

  it('without a renewing plan any method can go; the default moves to another', async () => {
    const api = await client(rt, await makeSeller(rt));
    await addCard(api);
    const both = await addCard(api, CARDS.chargesDeclined);
    const def = both.find((m) => m.is_default);
    const res = await api.post('/api/profile/delete-payment-method', { paymentId: def?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject([{ last4: '0341', is_default: true }]);
  });

  it('while a plan renews: the only method cannot go, nor the default one before another is chosen', async () => {
    const { api } = await activeSeller(rt, 'basic');
    const [only] = (await api.get('/api/profile/payment-methods')).json().items;
    const alone = await api.post('/api/profile/delete-payment-method', { paymentId: only.id });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toBe('payment_method_required');
    const both = await addCard(api, CARDS.ok);
    const def = await api.post('/api/profile/delete-payment-method', { paymentId: only.id });
    expect(def.statusCode).toBe(409);
    expect(def.json().error).toBe('payment_method_default');
    const other = both.find((m) => m.id !== only.id);
    const res = await api.post('/api/profile/delete-payment-method', { paymentId: other?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(1);
  });

  it('another seller’s method answers 404 and stays', async () => {
    const owner = await client(rt, await makeSeller(rt));
    const [mine] = await addCard(owner);
    const other = await client(rt, await makeSeller(rt));
    for (const url of ['/api/profile/default-payment-method', '/api/profile/delete-payment-method']) {
      const res = await other.post(url, { paymentId: mine.id });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await owner.get('/api/profile/payment-methods')).json().items).toHaveLength(1);
    for (const paymentId of ['abc', -1, 0, 1.5, 2 ** 40, null]) {
      const res = await owner.post('/api/profile/delete-payment-method', { paymentId });
      expect(res.statusCode, String(paymentId)).toBe(400);
      expect(res.json().fields).toHaveProperty('paymentId');
    }
  });

  it('after a declined renewal, a new default card pays the open invoice and ends the grace', async () => {
    const { seller, api } = await activeSeller(rt, 'basic');
    const declining = (await addCard(api, CARDS.chargesDeclined)).find((m) => m.last4 === '0341');
    await api.post('/api/profile/default-payment-method', { paymentId: declining?.id });
    const row = await subscriptionRow(rt, seller.id);
    await tick(rt, new Date((row.current_period_end as Date).getTime() + HOUR));
    expect((await api.get('/api/profile/subscription')).json().subscription.grace_until).not.toBeNull();

    const good = (await addCard(api, CARDS.ok)).find(
      (m) => !m.is_default && m.last4 === '4242' && m.id !== declining?.id,
    );
    const res = await api.post('/api/profile/default-payment-method', { paymentId: good?.id });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await api.get('/api/profile/subscription')).json().subscription;
    expect(after).toMatchObject({ status: 'active', payment_failed_at: null, grace_until: null });
    const charges = await chargesOf(rt, seller.id);
    expect(charges.filter((c) => c.status === 'paid')).toHaveLength(2);
  });
});
