import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeBuyer, makeSeller, startTestApp } from '../../../test/helpers.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { notify } from './service.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const give = (userId: number, n: number, type = 'order_paid') =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      notify(rt.deps.database.db, {
        userId,
        type,
        title_fr: `Commande payée ${i}`,
        title_en: `Order paid ${i}`,
        body_fr: 'Corps',
        body_en: 'Body',
        link: '/orders',
        data: { i },
      }),
    ),
  );

const unreadOf = async (userId: number) =>
  (await rt.deps.database.db.select().from(notifications).where(eq(notifications.user_id, userId))).filter(
    (n) => n.read_at === null,
  ).length;

describe('notifications', () => {
  it('a user sees only their own notifications, in their language', async () => {
    const seller = await makeSeller(rt);
    const other = await makeBuyer(rt);
    await give(seller.id, 3);
    await give(other.id, 2);
    const api = await client(rt, seller);

    const list = await api.get('/api/fetch-notifications');
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(3);
    expect(list.json().items[0]).toEqual({
      id: expect.any(Number),
      type: 'order_paid',
      title: expect.stringMatching(/^Commande payée/),
      body: 'Corps',
      link: '/orders',
      read_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const english = await api.get('/api/fetch-notifications?locale=en');
    expect(english.json().items[0]).toMatchObject({
      title: expect.stringMatching(/^Order paid/),
      body: 'Body',
    });
  });

  it('new-notice answers the true unread count and the 5 latest', async () => {
    const buyer = await makeBuyer(rt);
    await give(buyer.id, 7);
    const api = await client(rt, buyer);
    const res = await api.get('/api/new-notice');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 7, cntNew: 5 });
    expect(res.json().items).toHaveLength(5);
  });

  it('a seller without a plan still has the bell', async () => {
    const seller = await makeSeller(rt, { subscription: 'expired' });
    await give(seller.id, 1);
    const api = await client(rt, seller);
    expect((await api.get('/api/new-notice')).json().count).toBe(1);
  });

  it('marks the given notifications read, then all of them', async () => {
    const buyer = await makeBuyer(rt);
    await give(buyer.id, 4);
    const api = await client(rt, buyer);
    const ids = (await api.get('/api/fetch-notifications')).json().items.map((n: { id: number }) => n.id);

    const some = await api.post('/api/notifications/read', { ids: ids.slice(0, 2) });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ updated: 2, count: 2 });
    const unread = await api.get(
      `/api/fetch-notifications?queryFilter=${encodeURIComponent('{"unread":true}')}`,
    );
    expect(unread.json().count).toBe(2);
    const read = await api.get(
      `/api/fetch-notifications?queryFilter=${encodeURIComponent('{"unread":false}')}`,
    );
    expect(read.json().items.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);

    const all = await api.post('/api/notifications/read', {});
    expect(all.json()).toEqual({ updated: 2, count: 0 });
    expect((await api.get('/api/new-notice')).json()).toMatchObject({ count: 0, cntNew: 0 });
  });

  it("another user's ids change nothing of theirs", async () => {
    const victim = await makeBuyer(rt);
    const intruder = await makeBuyer(rt);
    await give(victim.id, 2);
    await give(intruder.id, 1);
    const victimIds = (
      await rt.deps.database.db.select().from(notifications).where(eq(notifications.user_id, victim.id))
    ).map((n) => n.id);
    const api = await client(rt, intruder);
    const res = await api.post('/api/notifications/read', { ids: victimIds });
    expect(res.json()).toEqual({ updated: 0, count: 1 });
    expect(await unreadOf(victim.id)).toBe(2);
    // "All" means all of the caller's own.
    await api.post('/api/notifications/read');
    expect(await unreadOf(victim.id)).toBe(2);
    expect(await unreadOf(intruder.id)).toBe(0);
  });

  it('notify works inside a transaction and disappears with its rollback', async () => {
    const buyer = await makeBuyer(rt);
    await rt.deps.database.db
      .transaction(async (tx) => {
        await notify(tx, { userId: buyer.id, type: 't', title_fr: 'a', title_en: 'a' });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await unreadOf(buyer.id)).toBe(0);
  });

  it('signed-out callers get 401', async () => {
    expect((await rt.app.inject({ url: '/api/new-notice' })).statusCode).toBe(401);
  });
});
