import { ROLE, type TLocale, type TUserStatus } from '@livecart/contract/constants';
import type { TCurrentUser } from '@livecart/contract/user';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The current user of SPEC §3 with the token version the session must match. The subscription
 * decides `subscription_expired` and `planId` for sellers: no subscription, an unsubscribed or
 * incomplete one, or one past its period (or trial) end counts as expired (cancelled at period
 * end included, once that end passed). After a declined renewal, `grace_until` decides instead:
 * valid until then, even past the period's end.
 */
export async function loadCurrentUser(
  db: DbOrTx,
  id: number,
  /** The session id of the caller's token: the user is answered only while that session lives. */
  sessionId?: string,
): Promise<{ user: TCurrentUser; token_version: number } | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  const session =
    sessionId === undefined
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM user_sessions us WHERE us.id = ${sessionId} AND us.user_id = u.id
              AND us.expires_at > now())`;
  const result = await db.execute(sql`
    SELECT u.*, s.plan_id AS sub_plan_id, s.status AS sub_status, s.trial_end AS sub_trial_end,
           COALESCE(s.current_period_end, s.trial_end) AS sub_end, s.grace_until AS sub_grace_until
    FROM users u
    LEFT JOIN LATERAL (
      SELECT plan_id, status, current_period_end, trial_end, grace_until FROM subscriptions
      WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) s ON true
    WHERE u.id = ${id} ${session}`);
  const row = (result as unknown as { rows: unknown[] }).rows[0] as
    | (UserRow & {
        sub_plan_id: number | null;
        sub_status: string | null;
        sub_trial_end: string | Date | null;
        sub_end: string | Date | null;
        sub_grace_until: string | Date | null;
      })
    | undefined;
  if (!row || row.status === 'blocked') return null;
  const isSeller = row.role_id === ROLE.seller;
  const end = row.sub_end ? new Date(row.sub_end) : null;
  // A declined renewal keeps the tools until the grace period ends, whatever the period says.
  const grace = row.sub_grace_until ? new Date(row.sub_grace_until).getTime() : null;
  const now = Date.now();
  const expired =
    isSeller &&
    (!row.sub_status ||
      row.sub_status === 'unsubscribed' ||
      row.sub_status === 'incomplete' ||
      (grace !== null ? grace <= now : end !== null && end.getTime() < now));
  const trialEnd =
    isSeller && row.sub_status === 'trialing' && row.sub_trial_end
      ? new Date(row.sub_trial_end).toISOString()
      : null;
  return {
    user: { ...toCurrentUser(row, { expired, planId: row.sub_plan_id ?? null }), trial_end: trialEnd },
    token_version: row.token_version,
  };
}

/** The public shape of a user row. */
export function toCurrentUser(row: UserRow, sub: { expired: boolean; planId: number | null }): TCurrentUser {
  return {
    id: row.id,
    email: row.email,
    email_real: row.email_real,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    company_name: row.company_name,
    tax_id: row.tax_id,
    vat_number: row.vat_number,
    photo: row.photo,
    role_id: row.role_id as TCurrentUser['role_id'],
    status: row.status as TUserStatus,
    subscription_id: row.subscription_id,
    subscription_expired: sub.expired,
    selected_locale: row.selected_locale as TLocale,
    planId: sub.planId,
  };
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The user whose password matches, or null (same time spent either way). */
export async function signInWithPassword(
  db: DbOrTx,
  email: string,
  password: string,
): Promise<UserRow | null> {
  const user = email ? await findUserByEmail(db, email) : undefined;
  const ok = await verifyPassword(password, user?.password_hash);
  if (!user || !ok || user.status === 'blocked' || user.status === 'pending') return null;
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, user.id));
  return user;
}

/** The account of a Facebook login, created as a shopper on first sign-in. */
export async function findOrCreateFacebookUser(
  db: DbOrTx,
  p: { facebookId: string; email: string | null; name: string | null },
): Promise<UserRow> {
  const [existing] = await db.select().from(users).where(eq(users.facebook_id, p.facebookId)).limit(1);
  if (existing) return existing;
  const byEmail = p.email ? await findUserByEmail(db, p.email) : undefined;
  if (byEmail) {
    const [linked] = await db
      .update(users)
      .set({ facebook_id: p.facebookId, updated_at: new Date() })
      .where(eq(users.id, byEmail.id))
      .returning();
    return linked;
  }
  const [first, ...rest] = (p.name ?? '').split(' ');
  const [created] = await db
    .insert(users)
    .values({
      role_id: ROLE.buyer,
      status: 'active',
      facebook_id: p.facebookId,
      email_real: p.email,
      first_name: first || null,
      last_name: rest.join(' ') || null,
      email_verified_at: p.email ? new Date() : null,
    })
    .returning();
  return created;
}

/** Ends every other session of a user: their tokens carry an older version. */
export async function bumpTokenVersion(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1`, updated_at: new Date() })
    .where(eq(users.id, userId))
    .returning({ token_version: users.token_version });
  return row.token_version;
}
