import type { TEmailedLink, TInviteBody, TSetPasswordBody } from '@livecart/contract/auth';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue, enqueueMail } from '../../jobs/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx, Deps } from '../../lib/http.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { startTrial } from '../plans/trial.ts';
import { createUser, updateUser, userById } from '../users/accounts.ts';
import { bumpTokenVersion, findUserByEmail } from '../users/service.ts';
import { userTokens } from './tables.ts';

type Purpose = 'verify' | 'restore';
const TOKEN_TTL_MS: Record<Purpose, number> = { verify: 7 * 24 * 3600_000, restore: 3600_000 };

const localePrefix = (locale: TLocale) => (locale === 'en' ? '/en' : '');

async function issueToken(db: DbOrTx, userId: number, purpose: Purpose): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    user_id: userId,
    purpose,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Sign-up: creates the account as pending (shopper or seller) and e-mails the verification link.
 * An address that already has an active account answers 'Email already exists'. A pending one only
 * gets a fresh link, in the language and with the name it signed up with: an anonymous caller
 * never changes its role, name or company (the first link keeps working until it expires).
 */
export async function invite(ctx: Ctx, body: TInviteBody): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, body.email);
    if (existing && existing.status !== 'pending')
      throw new AppError('email_exists', { email: 'email_exists' });
    const user =
      existing ??
      (await createUser(tx, {
        email: body.email,
        role_id: body.role_id,
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone ?? null,
        company_name: body.role_id === ROLE.seller ? (body.company_name ?? null) : null,
        tax_id: body.role_id === ROLE.seller ? (body.tax_id ?? null) : null,
        selected_locale: ctx.locale,
        status: 'pending',
      }));
    const locale = (user.selected_locale === 'en' ? 'en' : 'fr') as TLocale;
    const token = await issueToken(tx, user.id, 'verify');
    await enqueueMail(tx, `verify:${sha256(token)}`, {
      to: user.email ?? body.email,
      template: 'verify_email',
      locale,
      data: {
        first_name: user.first_name ?? '',
        url: `${ctx.config.publicUrl}${localePrefix(locale)}/verify-email?token=${token}`,
      },
    });
  });
}

/**
 * Every e-mailed link of the account still unused stops working: one set the password, or the
 * owner changed it, so an older link (another restore, a second sign-up mail) opens nothing.
 */
export async function retireEmailedLinks(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(and(eq(userTokens.user_id, userId), isNull(userTokens.used_at)));
}

/**
 * The account an e-mailed link still opens (unused, not expired; a verification link only while
 * the account is pending), so its page names the account before anyone types a password there:
 * a link someone else forwarded opens their account, not the reader's. Else `invalid_link`.
 */
export async function emailedLink(ctx: Ctx, token: string): Promise<TEmailedLink> {
  const [row] = await ctx.db
    .select({ purpose: userTokens.purpose, user_id: userTokens.user_id })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.token_hash, sha256(token)),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, new Date()),
      ),
    )
    .limit(1);
  const user = row && (await userById(ctx.db, row.user_id));
  const email = user && (user.email ?? user.email_real);
  if (!row || !user || !email || (row.purpose === 'verify' && user.status !== 'pending')) {
    throw new AppError('invalid_link');
  }
  return { email, purpose: row.purpose === 'verify' ? 'verify' : 'restore' };
}

/** What setting a password from an e-mailed link did: the account it signs in. */
export interface PasswordSet {
  userId: number;
  tokenVersion: number;
}

/**
 * Completes an invitation (or a restore): the e-mailed token sets the password, verifies the
 * e-mail, activates the account, and ends every other session of that user. The token is used
 * once, and with it every other link mailed to the account: a second use, an older link, a
 * verification link of an account already active, or one past its expiry answers `invalid_link`.
 */
export async function setPasswordWithToken(ctx: Ctx, body: TSetPasswordBody): Promise<PasswordSet> {
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    const [token] = await tx
      .select()
      .from(userTokens)
      .where(
        and(
          eq(userTokens.token_hash, sha256(body.token)),
          isNull(userTokens.used_at),
          gt(userTokens.expires_at, new Date()),
        ),
      )
      .limit(1)
      .for('update');
    if (!token) throw new AppError('invalid_link');
    const user = await userById(tx, token.user_id);
    // a verification link finishes a sign-up once: the account it made is not pending any more
    if (!user || (token.purpose === 'verify' && user.status !== 'pending'))
      throw new AppError('invalid_link');
    await retireEmailedLinks(tx, user.id);
    await updateUser(tx, user.id, {
      password_hash: passwordHash,
      status: user.status === 'pending' ? 'active' : user.status,
      email_verified_at: user.email_verified_at ?? new Date(),
      ...(body.first_name && { first_name: body.first_name }),
      ...(body.last_name && { last_name: body.last_name }),
      ...(body.phone && { phone: body.phone }),
    });
    // A seller's account activated: the 30-day free trial starts (once).
    if (user.status === 'pending' && user.role_id === ROLE.seller) await startTrial(tx, user.id);
    return { userId: user.id, tokenVersion: await bumpTokenVersion(tx, user.id) };
  });
}

/** An outbox row asking for a restore link: the address as typed, the page's language. */
export interface RestoreRequest {
  /** Unique per request: the restore e-mail's dedupe key, so a retried row mails once. */
  id: string;
  email: string;
  locale: TLocale;
}

/**
 * Forgot password, the request: queued as it is, whether the address has an account or not, so
 * the answer is the same in status, body and time for every address (docs/decisions.md, issue 11).
 * The outbox worker looks the address up ({@link runRestoreRequest}).
 */
export async function requestPasswordRestore(ctx: Ctx, email: string): Promise<void> {
  const request: RestoreRequest = { id: randomToken(16), email, locale: ctx.locale };
  await enqueue(ctx.db, {
    kind: 'password_restore',
    dedupeKey: `restore-request:${request.id}`,
    payload: request,
  });
}

/**
 * Forgot password, the work (an outbox job): an account that may sign in gets a restore link
 * (valid one hour) in the language of the page it was asked from; any other address gets nothing.
 */
export async function runRestoreRequest(deps: Deps, request: RestoreRequest): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, request.email);
    if (!user?.email || user.status === 'blocked') return;
    const token = await issueToken(tx, user.id, 'restore');
    await enqueueMail(tx, `restore:${request.id}`, {
      to: user.email,
      template: 'restore_password',
      locale: request.locale,
      data: {
        first_name: user.first_name ?? '',
        url: `${deps.config.publicUrl}${localePrefix(request.locale)}/restore-password?token=${token}`,
      },
    });
  });
}
