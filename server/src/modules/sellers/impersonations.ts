import { ROLE } from '@livecart/contract/constants';
import type { TSellerAuditAction } from '@livecart/contract/sellers';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { RequestImpersonator } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { endSession } from '../auth/sessions.ts';
import { impersonations, sellerAudit } from './tables.ts';

/*
 * "Log in as" a seller, as rows: an impersonation names the admin, the seller, the seller's session
 * opened for it and the admin's own session that waits to be returned to. The session token of the
 * browser carries both (auth/authjs.ts); every request checks here that the impersonation still
 * runs and that the admin's own session, token version and role still hold.
 */

/** What the session token says about the admin behind it. */
export interface ImpersonationClaims {
  /** `impersonations.id`. */
  id: number;
  /** The admin's user id, token version and own session. */
  uid: number;
  tv: number;
  sid: string;
  /** The admin's "remember me", given back with their own session. */
  remember: boolean;
}

/**
 * The admin behind a token signed in as seller `sellerId` on session `sellerSid`, or null when
 * that impersonation ended, the account is no longer a seller's (made an admin or a shopper since:
 * an admin is never signed in as another admin), or the admin's own session ended, their token
 * version moved on (password changed), or they are no longer an active admin: the caller then
 * counts as signed out.
 */
export async function impersonatorOf(
  db: DbOrTx,
  sellerId: number,
  sellerSid: string,
  imp: ImpersonationClaims,
): Promise<RequestImpersonator | null> {
  const [row] = await queryRows<{ id: number; email: string | null }>(
    db,
    sql`SELECT a.id, a.email FROM impersonations i
        JOIN users a ON a.id = i.admin_id
        JOIN users sl ON sl.id = i.seller_id AND sl.role_id = ${ROLE.seller}
        JOIN user_sessions s ON s.id = i.admin_session_id AND s.user_id = a.id AND s.expires_at > now()
        WHERE i.id = ${imp.id} AND i.ended_at IS NULL AND i.seller_id = ${sellerId}
          AND i.session_id = ${sellerSid} AND i.admin_id = ${imp.uid} AND i.admin_session_id = ${imp.sid}
          AND a.role_id = ${ROLE.admin} AND a.status <> 'blocked' AND a.token_version = ${imp.tv}`,
  );
  return row ? { id: Number(row.id), email: row.email, impersonationId: imp.id } : null;
}

/**
 * The admin behind a login-as that still runs, whatever became of the seller since (blocked,
 * password changed, no longer a seller): their own session alive, token version unchanged, still
 * an active admin. Null otherwise.
 */
export async function adminOfImpersonation(
  db: DbOrTx,
  imp: ImpersonationClaims,
): Promise<RequestImpersonator | null> {
  const [row] = await queryRows<{ id: number; email: string | null }>(
    db,
    sql`SELECT a.id, a.email FROM impersonations i
        JOIN users a ON a.id = i.admin_id
        JOIN user_sessions s ON s.id = i.admin_session_id AND s.user_id = a.id AND s.expires_at > now()
        WHERE i.id = ${imp.id} AND i.ended_at IS NULL AND i.admin_id = ${imp.uid}
          AND i.admin_session_id = ${imp.sid}
          AND a.role_id = ${ROLE.admin} AND a.status <> 'blocked' AND a.token_version = ${imp.tv}`,
  );
  return row ? { id: Number(row.id), email: row.email, impersonationId: imp.id } : null;
}

/**
 * Ends a login-as and answers the admin to give the browser back to (their own session), or null
 * when the admin's side no longer holds (then the browser counts as signed out, never as the admin).
 */
export async function returnToAdmin(
  db: DbOrTx,
  imp: ImpersonationClaims,
  reason: Exclude<StopReason, 'signed_out'>,
): Promise<RequestImpersonator | null> {
  const admin = await adminOfImpersonation(db, imp);
  if (!admin) return null;
  await db.transaction((tx) => closeImpersonation(tx, imp.id, reason));
  return admin;
}

/** A new impersonation of `sellerId` by `adminId` on the seller session just opened; answers its id. */
export async function openImpersonation(
  db: DbOrTx,
  p: { adminId: number; sellerId: number; sessionId: string; adminSessionId: string },
): Promise<number> {
  const [row] = await db
    .insert(impersonations)
    .values({
      admin_id: p.adminId,
      seller_id: p.sellerId,
      session_id: p.sessionId,
      admin_session_id: p.adminSessionId,
    })
    .returning({ id: impersonations.id });
  await recordAudit(db, {
    sellerId: p.sellerId,
    adminId: p.adminId,
    impersonationId: row.id,
    action: 'login_as_start',
  });
  return row.id;
}

/**
 * Why an impersonation ended: the banner's way back, the admin signing out from it, or the seller
 * who could no longer be signed in as (blocked, password changed, no longer a seller).
 */
export type StopReason = 'back_to_admin' | 'signed_out' | 'seller_unavailable';

/**
 * Ends an impersonation once (a second stop finds it ended and does nothing): the seller session
 * opened for it ends, and the stop is recorded. Signing out ends the admin's own session too.
 * Answers whether this call ended it.
 */
export async function closeImpersonation(
  db: DbOrTx,
  impersonationId: number,
  reason: StopReason,
): Promise<boolean> {
  const [row] = await db
    .update(impersonations)
    .set({ ended_at: new Date() })
    .where(and(eq(impersonations.id, impersonationId), isNull(impersonations.ended_at)))
    .returning();
  if (!row) return false;
  await endSession(db, row.session_id);
  if (reason === 'signed_out') await endSession(db, row.admin_session_id);
  await recordAudit(db, {
    sellerId: row.seller_id,
    adminId: row.admin_id,
    impersonationId: row.id,
    action: 'login_as_stop',
    detail: { reason },
  });
  return true;
}

/** One line of a seller's audit. */
export async function recordAudit(
  db: DbOrTx,
  a: {
    sellerId: number;
    adminId: number;
    impersonationId?: number | null;
    action: TSellerAuditAction;
    method?: string;
    path?: string;
    statusCode?: number;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(sellerAudit).values({
    seller_id: a.sellerId,
    admin_id: a.adminId,
    impersonation_id: a.impersonationId ?? null,
    action: a.action,
    method: a.method ?? null,
    path: a.path?.slice(0, 500) ?? null,
    status_code: a.statusCode ?? null,
    detail: a.detail ?? null,
  });
}
