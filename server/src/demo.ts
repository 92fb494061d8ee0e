import type { FastifyBaseLogger } from 'fastify';
import { seedDemo } from './db/seed-demo.ts';
import { seedDemoCheckout } from './db/seed-demo-checkout.ts';
import { saveSession } from './modules/live/sessions.ts';
import { seedDemoSupport } from './modules/support/demo-seed.ts';
import { findUserByEmail, loadCurrentUser } from './modules/users/service.ts';
import type { Runtime } from './runtime.ts';

/** Today in Europe/Paris as YYYY-MM-DD. */
const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * The demo a newcomer sees: the accounts, store and products of `seedDemo`, plus a live session
 * scheduled tonight at 20:00 with 30-minute carts, created through the live-session service so it
 * has its ingest token, what the checkout needs (`seedDemoCheckout`): shipping for France and
 * Belgium, sandbox payments, legal links, paid and unpaid orders; and a support inbox with an
 * answered question of the seller and an open contact message. Never under NODE_ENV=production.
 */
export async function seedDemoData(
  runtime: Runtime,
  opts: { force: boolean; embedded: boolean },
): Promise<boolean> {
  const { db } = runtime.deps.database;
  // The demo accounts have a published password: never in production.
  if (runtime.deps.config.env === 'production') {
    if (opts.force)
      throw new Error('--demo is refused with NODE_ENV=production: its accounts have a published password');
    return false;
  }
  const seeded = await seedDemo(db, opts);
  if (!seeded) return false;
  const seller = await findUserByEmail(db, 'seller@demo.test');
  const current = seller && (await loadCurrentUser(db, seller.id));
  if (!current) return true;
  await saveSession(
    {
      db,
      user: current.user,
      locale: 'fr',
      config: runtime.deps.config,
      log: runtime.app.log as FastifyBaseLogger,
    },
    { event_date: parisToday(), event_time: '20:00', order_timer: 30 },
  );
  const buyer = await findUserByEmail(db, 'buyer@demo.test');
  if (buyer) {
    const { config } = runtime.deps;
    const demo = await seedDemoCheckout(db, {
      sellerId: current.user.id,
      buyerId: buyer.id,
      publicUrl: config.publicUrl,
      authSecret: config.authSecret,
    });
    runtime.app.log.info(
      { orders: demo.orders, checkout: demo.guestCheckoutUrl },
      'demo: shipping FR/BE, sandbox payments and orders ready; open the checkout link to pay as a guest',
    );
  }
  const admin = await findUserByEmail(db, 'admin@demo.test');
  if (admin) await seedDemoSupport(db, { sellerId: current.user.id, adminId: admin.id });
  return true;
}
