import { ROLE } from '@livecart/contract/constants';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx, Deps } from '../../lib/http.ts';
import { billingEnvOf } from '../plans/customers.ts';
import { endSubscriptionNow } from '../plans/subscriptions.ts';
import { userById } from '../users/accounts.ts';
import { recordAudit } from './impersonations.ts';

/** SPEC §8's success toast. */
const UNSUBSCRIBED = { fr: 'Le vendeur a été désabonné', en: 'Seller has been unsubscribed' } as const;

/**
 * `POST sellers/unsubscribe {seller}` (admin): the seller's subscription ends now, at the billing
 * provider too, without refund; their account, products, orders and sessions stay, and their next
 * call answers 403 `plan_required` (their sessions are kept, so the app sends them to /pricing,
 * where they may subscribe again). 404 for an id that is not a seller's; 409
 * `already_unsubscribed` when nothing runs.
 */
export async function unsubscribeSeller(ctx: Ctx, deps: Deps, sellerId: number) {
  const admin = ctx.user;
  if (admin?.role_id !== ROLE.admin) throw new AppError('forbidden');
  const seller = await userById(ctx.db, sellerId);
  if (seller?.role_id !== ROLE.seller) throw notFound();
  const ended = await endSubscriptionNow(billingEnvOf(deps, ctx.log), sellerId, {
    reason: `Ended by the platform's admin #${admin.id}`,
    record: (tx, before) =>
      recordAudit(tx, {
        sellerId,
        adminId: admin.id,
        action: 'unsubscribed',
        detail: { previous_status: before.status, plan_id: before.plan_id },
      }),
  });
  return {
    success: true as const,
    message: UNSUBSCRIBED[ctx.locale],
    subscription_status: ended.status as 'unsubscribed',
  };
}
