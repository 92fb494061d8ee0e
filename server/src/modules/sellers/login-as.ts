import { ROLE } from '@livecart/contract/constants';
import type { TLoginAsResponse } from '@livecart/contract/sellers';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx, RequestImpersonator } from '../../lib/http.ts';
import { REMEMBER_MAX_AGE, type SessionClaims } from '../auth/authjs.ts';
import { startSession } from '../auth/sessions.ts';
import { userById } from '../users/accounts.ts';
import { loadCurrentUser } from '../users/service.ts';
import { openImpersonation, returnToAdmin } from './impersonations.ts';

/*
 * Log in as a seller (SPEC §1) and back. Starting opens a session of the seller's (its own row,
 * so ending it touches none of the seller's own devices) and answers the claims of the cookie the
 * route then writes: the seller's, plus the login-as and the admin's own session, token version
 * and "remember me". Stopping ends that session and gives the admin's own claims back. Neither
 * reads nor changes the seller's password.
 */

/** Who is asking: their session's claims and, signed in as a seller already, the admin behind it. */
export interface Caller {
  claims: SessionClaims | null;
  impersonator: RequestImpersonator | null;
}

export interface SignedInAs {
  claims: SessionClaims;
  answer: TLoginAsResponse;
}

/**
 * `POST sellers/login-as/{id}`: 409 `already_impersonating` when signed in as a seller already;
 * 403 for anyone but an admin, `impersonate_admin` for an admin's id; 404 for a shopper or an
 * unknown id; 409 `seller_not_active` for a seller blocked or who never activated their account.
 */
export async function loginAs(ctx: Ctx, caller: Caller, sellerId: number): Promise<SignedInAs> {
  if (caller.impersonator) throw new AppError('already_impersonating');
  const admin = ctx.user;
  if (!admin || admin.role_id !== ROLE.admin || !caller.claims) throw new AppError('forbidden');
  const target = await userById(ctx.db, sellerId);
  if (!target || (target.role_id !== ROLE.seller && target.role_id !== ROLE.admin)) throw notFound();
  if (target.role_id === ROLE.admin) throw new AppError('impersonate_admin');
  if (target.status === 'blocked' || target.status === 'pending') throw new AppError('seller_not_active');
  const adminClaims = caller.claims;
  const opened = await ctx.db.transaction(async (tx) => {
    const sid = await startSession(tx, target.id, REMEMBER_MAX_AGE);
    const id = await openImpersonation(tx, {
      adminId: admin.id,
      sellerId: target.id,
      sessionId: sid,
      adminSessionId: adminClaims.sid,
    });
    return { sid, id };
  });
  const current = await loadCurrentUser(ctx.db, target.id, opened.sid);
  if (!current) throw new AppError('seller_not_active');
  return {
    claims: {
      uid: target.id,
      tv: current.token_version,
      sid: opened.sid,
      // the browser stays the admin's: their "remember me" decides how long the cookie lasts
      remember: adminClaims.remember,
      imp: {
        id: opened.id,
        uid: admin.id,
        tv: adminClaims.tv,
        sid: adminClaims.sid,
        remember: adminClaims.remember,
      },
    },
    answer: { user: current.user, impersonated_by: { id: admin.id, email: admin.email } },
  };
}

/**
 * `POST sellers/login-as/stop`, called as the seller: ends the login-as and its seller session,
 * records the stop, and answers the admin's own session. It also works once the seller can no
 * longer be signed in as (blocked, password changed, no longer a seller: their calls answer 401),
 * as long as the admin's own session holds; otherwise 401. 409 `not_impersonating` for a session
 * that is not a login-as.
 */
export async function stopLoginAs(ctx: Ctx, caller: Caller): Promise<SignedInAs> {
  const imp = caller.claims?.imp;
  if (!imp) throw new AppError(ctx.user ? 'not_impersonating' : 'unauthorized');
  if (!(await returnToAdmin(ctx.db, imp, 'back_to_admin'))) throw new AppError('unauthorized');
  const admin = await loadCurrentUser(ctx.db, imp.uid, imp.sid);
  if (!admin || admin.token_version !== imp.tv) throw new AppError('unauthorized');
  return {
    claims: { uid: imp.uid, tv: imp.tv, sid: imp.sid, remember: imp.remember },
    answer: { user: admin.user, impersonated_by: null },
  };
}
