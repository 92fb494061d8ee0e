import { SHOP_SYNC_PLANS } from '@livecart/contract/shops';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { planById } from '../plans/catalogue.ts';
import { currentSubscription, inTrial, isLive } from '../plans/view.ts';
import { sellerOf } from '../products/service.ts';

/** Whether the seller may sync a shop: Business and Platinum, and every plan during the 30-day trial. */
export async function shopSyncAllowed(
  ctx: Pick<Ctx, 'db'>,
  sellerId: number,
  now = new Date(),
): Promise<boolean> {
  const sub = await currentSubscription(ctx.db, sellerId);
  if (!isLive(sub, now)) return false;
  if (inTrial(sub, now)) return true;
  const plan = await planById(ctx.db, sub.plan_id);
  return !!plan && (SHOP_SYNC_PLANS as readonly string[]).includes(plan.code);
}

/** The seller calling, refused with `shop_sync_plan_required` (the upsell) when their plan has no shop sync. */
export async function shopSyncSeller(ctx: Ctx): Promise<number> {
  const sellerId = sellerOf(ctx);
  if (!(await shopSyncAllowed(ctx, sellerId))) throw new AppError('shop_sync_plan_required');
  return sellerId;
}
