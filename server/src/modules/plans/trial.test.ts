import { TRIAL_DAYS } from '@livecart/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authedClient,
  makeSeller,
  ORIGIN,
  sentMails,
  signIn,
  startTestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const day = 24 * 3600_000;
const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

/** A merchant signs up exactly as the sign-up form does, opens the e-mailed link and signs in. */
async function newSeller(email: string) {
  const invite = await rt.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/auth/invite?locale=fr',
    headers: { origin: ORIGIN },
    payload: {
      role_id: 2,
      email,
      first_name: 'Inès',
      last_name: 'Morel',
      phone: '0611223344',
      company_name: 'Atelier Inès',
      tax_id: '85234567800017',
      accept_terms: true,
    },
  });
  expect(invite.statusCode, invite.body).toBe(200);
  const mail = (await sentMails(rt)).find((m) => m.to === email);
  const done = await rt.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/auth/changePassword',
    headers: { origin: ORIGIN },
    payload: { token: linkToken(mail?.text ?? ''), password: 'motdepasse1', confirm_password: 'motdepasse1' },
  });
  expect(done.statusCode, done.body).toBe(200);
  const { jar, ok } = await signIn(rt, email, 'motdepasse1', { ip: '10.44.0.1' });
  expect(ok).toBe(true);
  return authedClient(rt, jar);
}

describe('trust #13: a new seller starts a 30-day free trial, without a card', () => {
  it('a seller who signs up and opens the link can use the seller screens at once, on a trial ending in 30 days', async () => {
    const before = Date.now();
    const api = await newSeller(`merchant-${before}@test.local`);
    const session = (await api.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({ role_id: 2, status: 'active', subscription_expired: false });
    const end = Date.parse(session.user.trial_end);
    expect(end).toBeGreaterThanOrEqual(before + TRIAL_DAYS * day - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * day + 1000);
    for (const url of ['/api/fetch-products', '/api/livesession/fetch-items', '/api/dashboard/fetch-items']) {
      const res = await api.get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const created = await api.post('/api/livesession', {
      event_date: '2026-12-24',
      event_time: '20:00',
      order_timer: 15,
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  it('opening a second link (a password restore) starts no second trial', async () => {
    const email = `again-${Date.now()}@test.local`;
    await newSeller(email);
    const restore = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/restorePassword',
      headers: { origin: ORIGIN },
      payload: { email },
    });
    expect(restore.statusCode).toBe(200);
    const mail = (await sentMails(rt)).find((m) => m.to === email && m.text.includes('restore-password'));
    await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/changePassword',
      headers: { origin: ORIGIN },
      payload: { token: linkToken(mail?.text ?? ''), password: 'autre1234', confirm_password: 'autre1234' },
    });
    const [user] = await rt.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(
      await rt.deps.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id)),
    ).toHaveLength(1);
  });

  it('when the trial is over, the seller is asked for a plan', async () => {
    const seller = await makeSeller(rt, { subscription: 'expired' });
    const { jar } = await signIn(rt, seller.email, seller.password, { ip: '10.44.0.2' });
    const api = authedClient(rt, jar);
    const res = await api.get('/api/fetch-products');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('plan_required');
    expect((await api.get('/api/auth/session')).json().user.subscription_expired).toBe(true);
  });
});
