import { TRIAL_DAYS } from '@livecart/contract/constants';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { updateUser } from '../users/accounts.ts';
import { billingSetups, plans, subscriptions } from './tables.ts';

/** The registration row that remembers the plan chosen on the sign-up-with-plan form (no provider intent yet). */
export const signUpChoiceId = (userId: number) => `signup_${userId}`;

/** The plan and interval a seller chose when signing up with a plan, if any. */
async function signUpChoice(
  db: DbOrTx,
  userId: number,
): Promise<{ planId: number; interval: 'month' | 'year' } | null> {
  const [row] = await queryRows<{ plan_id: number | null; interval: 'month' | 'year' | null }>(
    db,
    sql`SELECT plan_id, interval FROM billing_setups
        WHERE user_id = ${userId} AND external_id = ${signUpChoiceId(userId)} LIMIT 1`,
  );
  return row?.plan_id ? { planId: row.plan_id, interval: row.interval ?? 'month' } : null;
}

/**
 * The free trial of SPEC §1: a seller starts `trialing` for TRIAL_DAYS days, without a card, on
 * the plan they chose (`planId`, else the one chosen on the sign-up-with-plan form, else Basic).
 * The one place a trial begins: when a seller's account is activated, the new skip flow, and the
 * demo seller. A seller who already has a subscription (or had one) gets no second trial. At its
 * end, without a payment method, the plan rules (`plan_required`, /pricing) apply.
 */
export async function startTrial(
  db: DbOrTx,
  userId: number,
  opts: { externalId?: string; now?: Date; planId?: number; interval?: 'month' | 'year' } = {},
): Promise<boolean> {
  const [had] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM subscriptions WHERE user_id = ${userId} LIMIT 1`,
  );
  if (had) return false;
  const chosen = opts.planId
    ? { planId: opts.planId, interval: opts.interval ?? 'month' }
    : await signUpChoice(db, userId);
  const [basic] = await db.select().from(plans).where(eq(plans.code, 'basic'));
  const start = opts.now ?? new Date();
  const end = new Date(start.getTime() + TRIAL_DAYS * 24 * 3600_000);
  const externalId = opts.externalId ?? `trial_${userId}`;
  await db.insert(subscriptions).values({
    user_id: userId,
    plan_id: chosen?.planId ?? basic.id,
    interval: chosen?.interval ?? 'month',
    provider: 'sandbox',
    external_id: externalId,
    status: 'trialing',
    trial_end: end,
    current_period_end: end,
  });
  if (chosen) await db.delete(billingSetups).where(eq(billingSetups.external_id, signUpChoiceId(userId)));
  await updateUser(db, userId, { subscription_id: externalId });
  return true;
}
