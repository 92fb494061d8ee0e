import { ROLE, TRIAL_DAYS } from '@livecart/contract/constants';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import type { Db } from './client.ts';
import { addresses, countries, plans, settings, stores, subscriptions, users } from './schema/index.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = ['admin@demo.test', 'seller@demo.test', 'buyer@demo.test'] as const;

/**
 * The demo a newcomer sees on first start: an admin, a seller on a 30-day trial with a store, and
 * a shopper, each with password demo1234. Runs on an empty embedded database, or when asked
 * (`--demo`); never twice (it stops if the demo seller exists).
 */
export async function seedDemo(db: Db, opts: { force: boolean; embedded: boolean }): Promise<boolean> {
  const [{ count }] = (
    (await db.execute(sql`SELECT count(*)::int AS count FROM users`)) as unknown as {
      rows: { count: number }[];
    }
  ).rows;
  if (!opts.force && !(opts.embedded && count === 0)) return false;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@demo.test'));
  if (existing) return false;

  const password_hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const base = { password_hash, status: 'active', email_verified_at: new Date() };
    await tx.insert(users).values({
      ...base,
      email: 'admin@demo.test',
      role_id: ROLE.admin,
      first_name: 'Alice',
      last_name: 'Admin',
    });
    const [seller] = await tx
      .insert(users)
      .values({
        ...base,
        email: 'seller@demo.test',
        role_id: ROLE.seller,
        first_name: 'Sophie',
        last_name: 'Martin',
        phone: '+33 6 12 34 56 78',
        company_name: 'Boutique Sophie',
        tax_id: '85234567800017',
        subscription_id: 'sub_demo_trial',
      })
      .returning();
    const [buyer] = await tx
      .insert(users)
      .values({
        ...base,
        email: 'buyer@demo.test',
        role_id: ROLE.buyer,
        first_name: 'Camille',
        last_name: 'Durand',
        phone: '+33 6 98 76 54 32',
      })
      .returning();

    const [basic] = await tx.select().from(plans).where(eq(plans.code, 'basic'));
    const trialEnd = new Date(Date.now() + TRIAL_DAYS * 24 * 3600_000);
    await tx.insert(subscriptions).values({
      user_id: seller.id,
      plan_id: basic.id,
      provider: 'sandbox',
      external_id: 'sub_demo_trial',
      status: 'trialing',
      trial_end: trialEnd,
      current_period_end: trialEnd,
    });
    await tx.insert(stores).values({
      seller_id: seller.id,
      platform: 'facebook',
      external_id: 'demo-page-1',
      name: 'Boutique Sophie Live',
      follower_count: 1240,
      selected: true,
    });
    await tx.insert(settings).values({ user_id: seller.id, cart_duration: 30 });
    const [france] = await tx.select().from(countries).where(eq(countries.iso, 'FR'));
    await tx.insert(addresses).values([
      {
        user_id: seller.id,
        address_type: 'seller',
        country_id: france.id,
        state: 'Île-de-France',
        post_code: '75011',
        city: 'Paris',
        address1: '12 rue Oberkampf',
      },
      {
        user_id: buyer.id,
        address_type: 'shipping',
        country_id: france.id,
        state: 'Rhône',
        post_code: '69002',
        city: 'Lyon',
        address1: '5 place Bellecour',
      },
    ]);
  });
  return true;
}
