import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedClient, cookieHeader, ORIGIN, signIn, startTestApp } from '../../test/helpers.ts';
import { seedDemoData } from '../demo.ts';
import type { Runtime } from '../runtime.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

let rt: Runtime;
beforeAll(async () => {
  // Always an empty embedded database, whatever DATABASE_URL says: the demo seeds only there.
  rt = await startTestApp({ databaseUrl: undefined });
});
afterAll(() => rt.close());

describe('demo seed', () => {
  it('is never seeded into a PostgreSQL server database unless asked', async () => {
    expect(await seedDemo(rt.deps.database.db, { force: false, embedded: false })).toBe(false);
  });

  it('seeds an empty embedded database once, and each demo account signs in', async () => {
    expect(await seedDemoData(rt, { force: false, embedded: true })).toBe(true);
    expect(await seedDemo(rt.deps.database.db, { force: true, embedded: true })).toBe(false);
    for (const email of DEMO_ACCOUNTS) {
      const { ok, jar } = await signIn(rt, email, DEMO_PASSWORD, { ip: `10.3.0.${email.length}` });
      expect(ok, email).toBe(true);
      const session = await rt.app.inject({
        url: '/api/auth/session',
        headers: {
          cookie: cookieHeader(jar),
          origin: ORIGIN,
        },
      });
      const user = session.json().user;
      expect(user.email).toBe(email);
      if (email.startsWith('seller')) {
        expect(user).toMatchObject({ role_id: 2, subscription_expired: false });
        expect(user.planId).toEqual(expect.any(Number));
        const api = authedClient(rt, jar);
        expect((await api.get('/api/fetch-products')).json().count).toBeGreaterThanOrEqual(3);
        const sessions = (await api.get('/api/livesession/fetch-items')).json();
        expect(sessions.items).toEqual([
          expect.objectContaining({ status: 'scheduled', event_time: '20:00', order_timer: 30 }),
        ]);
      }
    }
  });
});
