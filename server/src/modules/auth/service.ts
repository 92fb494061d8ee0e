import type { TInviteBody, TSetPasswordBody } from '@livecart/contract/auth';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { enqueueMail } from '../../jobs/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { linkOrdersOfEmail } from '../checkout/link.ts';
import { startTrial } from '../plans/trial.ts';
import { createUser, updateUser, userById } from '../users/accounts.ts';
import { bumpTokenVersion, findUserByEmail } from '../users/service.ts';
import { userTokens } from './tables.ts';

type Purpose = 'verify' | 'restore';
const TOKEN_TTL_MS: Record<Purpose, number> = { verify: 7 * 24 * 3600_000, restore: 3600_000 };

const localePrefix = (locale: TLocale) => (locale === 'en' ? '/en' : '');

async function issueToken(ctx: Ctx, userId: number, purpose: Purpose): Promise<string> {
  const token = randomToken();
  await ctx.db.insert(userTokens).values({
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
    const token = await issueToken({ ...ctx, db: tx }, user.id, 'verify');
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
 * Completes an invitation (or a restore): the e-mailed token sets the password, verifies the
 * e-mail, activates the account, and ends every other session of that user.
 */
export async function setPasswordWithToken(ctx: Ctx, body: TSetPasswordBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
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
    await tx.update(userTokens).set({ used_at: new Date() }).where(eq(userTokens.id, token.id));
    const user = await userById(tx, token.user_id);
    if (!user) throw new AppError('invalid_link');
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
    // A shopper's: the orders they paid as a guest with this e-mail join the account.
    if (user.status === 'pending' && user.role_id === ROLE.buyer && user.email) {
      await linkOrdersOfEmail(tx, user.id, user.email);
    }
    await bumpTokenVersion(tx, user.id);
  });
}

/** Forgot password: e-mails a restore link, or answers 'No registered email'. */
export async function restorePassword(ctx: Ctx, email: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.status === 'blocked')
      throw new AppError('no_registered_email', { email: 'no_registered_email' });
    const token = await issueToken({ ...ctx, db: tx }, user.id, 'restore');
    await enqueueMail(tx, `restore:${sha256(token)}`, {
      to: user.email!,
      template: 'restore_password',
      locale: ctx.locale,
      data: {
        first_name: user.first_name ?? '',
        url: `${ctx.config.publicUrl}${localePrefix(ctx.locale)}/restore-password?token=${token}`,
      },
    });
  });
}
