import { TRIAL_DAYS } from '@livecart/contract/constants';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { updateUser } from '../users/accounts.ts';
import { plans, subscriptions } from './tables.ts';

/**
 * The free trial of SPEC §1: a seller starts on the Basic plan, `trialing` for TRIAL_DAYS days,
 * without a card (billing comes with the plans). The one place a trial begins: when a seller's
 * account is activated, and for the demo seller. A seller who already has a subscription (or had
 * one) gets no second trial. At its end the plan rules (`plan_required`, /pricing) apply.
 */
export async function startTrial(
  db: DbOrTx,
  userId: number,
  opts: { externalId?: string; now?: Date } = {},
): Promise<boolean> {
  const [had] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM subscriptions WHERE user_id = ${userId} LIMIT 1`,
  );
  if (had) return false;
  const [basic] = await db.select().from(plans).where(eq(plans.code, 'basic'));
  const start = opts.now ?? new Date();
  const end = new Date(start.getTime() + TRIAL_DAYS * 24 * 3600_000);
  const externalId = opts.externalId ?? `trial_${userId}`;
  await db.insert(subscriptions).values({
    user_id: userId,
    plan_id: basic.id,
    provider: 'sandbox',
    external_id: externalId,
    status: 'trialing',
    trial_end: end,
    current_period_end: end,
  });
  await updateUser(db, userId, { subscription_id: externalId });
  return true;
}
