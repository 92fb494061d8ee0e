import type { TBillingPaymentMethod } from '@livecart/contract/billing';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { PaymentMethodInfo } from '../../integrations/billing/provider.ts';
import { AppError } from '../../lib/errors.ts';
import { type BillingEnv, customerOf, providerCall } from './customers.ts';
import { retryUnpaidBills } from './events.ts';
import { billingPaymentMethods } from './tables.ts';
import { atProvider, currentSubscription, isLive } from './view.ts';

type MethodRow = typeof billingPaymentMethods.$inferSelect;

function toMethod(row: MethodRow, now = new Date()): TBillingPaymentMethod {
  const expired =
    row.exp_year !== null &&
    row.exp_month !== null &&
    row.exp_year * 12 + row.exp_month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return {
    id: row.id,
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    is_default: row.is_default,
    status: expired ? 'expired' : 'active',
  };
}

/** The seller's saved methods at the provider in use, the default first. */
export async function listPaymentMethods(env: BillingEnv, userId: number): Promise<TBillingPaymentMethod[]> {
  const rows = await env.db
    .select()
    .from(billingPaymentMethods)
    .where(
      and(eq(billingPaymentMethods.user_id, userId), eq(billingPaymentMethods.provider, env.provider.name)),
    )
    .orderBy(desc(billingPaymentMethods.is_default), asc(billingPaymentMethods.id));
  return rows.map((r) => toMethod(r));
}

/**
 * Keeps a method the provider registered for the seller. It becomes the default when asked (a plan's
 * registration) or when the seller had none; the provider then charges it.
 */
export async function saveMethod(
  env: BillingEnv,
  userId: number,
  pm: PaymentMethodInfo,
  opts: { makeDefault: boolean },
): Promise<MethodRow> {
  await env.db
    .insert(billingPaymentMethods)
    .values({
      user_id: userId,
      provider: env.provider.name,
      external_id: pm.id,
      kind: pm.kind,
      brand: pm.brand?.slice(0, 30) ?? null,
      last4: pm.last4?.slice(-4) ?? null,
      exp_month: pm.expMonth,
      exp_year: pm.expYear,
    })
    .onConflictDoNothing();
  const [row] = await env.db
    .select()
    .from(billingPaymentMethods)
    .where(
      and(
        eq(billingPaymentMethods.provider, env.provider.name),
        eq(billingPaymentMethods.external_id, pm.id),
      ),
    );
  if (!row || row.user_id !== userId) throw new AppError('not_found');
  const [other] = await env.db
    .select({ id: billingPaymentMethods.id })
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.user_id, userId), eq(billingPaymentMethods.is_default, true)));
  if (opts.makeDefault || !other) return makeDefault(env, userId, row);
  return row;
}

async function makeDefault(env: BillingEnv, userId: number, row: MethodRow): Promise<MethodRow> {
  const customer = await customerOf(env, userId);
  if (customer) await providerCall(() => env.provider.setDefaultPaymentMethod(customer, row.external_id));
  await env.db.transaction(async (tx) => {
    await tx
      .update(billingPaymentMethods)
      .set({ is_default: false })
      .where(and(eq(billingPaymentMethods.user_id, userId), ne(billingPaymentMethods.id, row.id)));
    await tx
      .update(billingPaymentMethods)
      .set({ is_default: true })
      .where(eq(billingPaymentMethods.id, row.id));
  });
  return { ...row, is_default: true };
}

/** One of the seller's own methods, else 404 (another seller's id answers the same as none). */
async function ownMethod(env: BillingEnv, userId: number, id: number): Promise<MethodRow> {
  const [row] = await env.db
    .select()
    .from(billingPaymentMethods)
    .where(
      and(
        eq(billingPaymentMethods.id, id),
        eq(billingPaymentMethods.user_id, userId),
        eq(billingPaymentMethods.provider, env.provider.name),
      ),
    );
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * POST profile/default-payment-method: renewals and the percent are charged to it from now on.
 * After a declined renewal, the open invoice is tried again on it at once.
 */
export async function setDefaultMethod(env: BillingEnv, userId: number, id: number) {
  const row = await ownMethod(env, userId, id);
  await makeDefault(env, userId, row);
  await retryUnpaidBills(env, userId);
  return listPaymentMethods(env, userId);
}

/**
 * POST profile/delete-payment-method. While a plan renews on its own, the seller keeps a method:
 * the default one goes only once another is the default (409 `payment_method_default`), the only
 * one not at all (409 `payment_method_required`).
 */
export async function deleteMethod(env: BillingEnv, userId: number, id: number) {
  const row = await ownMethod(env, userId, id);
  const sub = await currentSubscription(env.db, userId);
  const renews =
    isLive(sub) &&
    !sub.cancel_at_period_end &&
    sub.status !== 'cancel_at_period_end' &&
    atProvider(sub, env.provider.name);
  const others = (await listPaymentMethods(env, userId)).filter((m) => m.id !== row.id);
  if (renews && others.length === 0) throw new AppError('payment_method_required');
  if (renews && row.is_default) throw new AppError('payment_method_default');
  await providerCall(() => env.provider.detachPaymentMethod(row.external_id));
  await env.db.delete(billingPaymentMethods).where(eq(billingPaymentMethods.id, row.id));
  const next = others[0];
  if (row.is_default && next) await makeDefault(env, userId, await ownMethod(env, userId, next.id));
  return listPaymentMethods(env, userId);
}
