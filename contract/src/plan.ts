import { FAKE_SUBSCRIPTION_MARKERS, ROLE } from './constants.ts';
import type { TCurrentUser } from './user.ts';

/*
 * Plan checks without zod: the web app's route guards run them in the entry chunk every page
 * loads, the shopper's checkout included. `user.ts` re-exports them.
 */

/** A seller that must choose a plan before any seller call (SPEC §4 Seller access). */
export function sellerNeedsPlan(
  user: Pick<TCurrentUser, 'role_id' | 'status' | 'subscription_id' | 'subscription_expired'>,
): boolean {
  if (user.role_id !== ROLE.seller) return false;
  if (user.status === 'cancel') return true;
  if (user.subscription_expired) return true;
  return hasFakeSubscription(user);
}

/** A subscription id carrying `fake_sub` or `skip_sub`: My Plan leads to /pricing, stores and documents hidden. */
export function hasFakeSubscription(user: Pick<TCurrentUser, 'subscription_id'>): boolean {
  const id = user.subscription_id ?? '';
  return FAKE_SUBSCRIPTION_MARKERS.some((m) => id.includes(m));
}
