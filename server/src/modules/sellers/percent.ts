import { ROLE } from '@livecart/contract/constants';
import type { TAdminRef, TPercentChange, TUpdatePercentBody } from '@livecart/contract/sellers';
import type { TCurrentUser } from '@livecart/contract/user';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { percentHistoryOf, recordPercentChange } from '../plans/percent-history.ts';
import { setSellerPercent } from '../users/accounts.ts';
import { findUserByEmail } from '../users/service.ts';
import { recordAudit } from './impersonations.ts';

/*
 * A seller's own percent of sales, set by an admin (SPEC §1, §2 percent form / confirm / history).
 * It replaces the plan's percent wherever the percent is read: the monthly billing run
 * (plans/ledger.ts `effectivePercentBp`) and the payment providers' application fee
 * (payments/providers.ts `sellerFeePercent`), from the next charge on.
 */

const adminRef = (admin: TCurrentUser): TAdminRef => ({
  id: admin.id,
  email: admin.email,
  name: [admin.first_name, admin.last_name].filter(Boolean).join(' ') || admin.email || `#${admin.id}`,
});

function theAdmin(ctx: Ctx): TCurrentUser {
  if (ctx.user?.role_id !== ROLE.admin) throw new AppError('forbidden');
  return ctx.user;
}

/**
 * `POST sellers/update-percent`: the seller's percent, its history line and the admin's audit line
 * in one transaction. 404 for an id that is not a seller's.
 */
export async function updatePercent(ctx: Ctx, body: TUpdatePercentBody): Promise<TPercentChange> {
  const admin = theAdmin(ctx);
  const bp = Math.round(body.percent * 100);
  return ctx.db.transaction(async (tx) => {
    const set = await setSellerPercent(tx, body.seller_id, bp);
    if (!set) throw notFound();
    const change = await recordPercentChange(tx, {
      sellerId: body.seller_id,
      bp,
      previousOwnBp: set.previousBp,
      changedBy: admin.id,
    });
    const previous = change.previousBp === null ? null : change.previousBp / 100;
    await recordAudit(tx, {
      sellerId: body.seller_id,
      adminId: admin.id,
      action: 'percent_changed',
      detail: { percent: bp / 100, previous },
    });
    return {
      percent: bp / 100,
      previous,
      changed_at: change.createdAt.toISOString(),
      changed_by: adminRef(admin),
    };
  });
}

/** `GET sellers/history?emailSeller`: the percent changes of the seller with that e-mail, newest first. */
export async function percentHistory(ctx: Ctx, email: string): Promise<{ items: TPercentChange[] }> {
  theAdmin(ctx);
  const seller = await findUserByEmail(ctx.db, email);
  if (seller?.role_id !== ROLE.seller) throw notFound();
  return { items: await percentHistoryOf(ctx.db, seller.id) };
}
