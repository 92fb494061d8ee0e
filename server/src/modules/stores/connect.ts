/**
 * "Connect my pages": Facebook Login for Business for a seller, then the pages they pick become
 * stores. The OAuth state is signed with the server key, names the seller, expires after
 * {@link STATE_TTL_MS}, and its nonce is also kept in an httpOnly cookie of the seller's browser
 * that the callback consumes: a forged state, another seller's, an old one, or one replayed after
 * its callback is refused. Without a Meta app (FACEBOOK_APP_ID/SECRET) outside production the
 * sandbox offers demo pages instead; in production that answers `facebook_not_configured`.
 */
import type { TConnectStart } from '@livecart/contract/stores';
import { FACEBOOK_SCOPES } from '@livecart/contract/stores';
import { and, eq } from 'drizzle-orm';
import {
  FacebookAccountError,
  type FacebookAccounts,
  facebookAccounts,
} from '../../integrations/social/facebook-accounts.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { checkOAuthState, signOAuthState } from '../../lib/oauth-state.ts';
import { decryptSecret, encryptSecret, SecretError } from '../../lib/secrets.ts';
import { randomToken } from '../../lib/tokens.ts';
import { socialAccounts } from './tables.ts';

/** How long the seller has to come back from Facebook's dialog. */
export const STATE_TTL_MS = 15 * 60_000;
/** The cookie holding the state's nonce until the callback (path-scoped to the connect routes). */
export const STATE_COOKIE = 'fb_connect';
export const CONNECT_PATH = '/api/stores/facebook';

/** The calling seller's id (the routes let sellers only). */
export function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

/** Demo pages without Meta: no app configured and not production. */
export const isSandbox = (ctx: Pick<Ctx, 'config'>) =>
  !ctx.config.facebook && ctx.config.env !== 'production';

/** The Graph adapter for the seller's account and pages; `facebook_not_configured` without the app. */
export function facebookOf(ctx: Pick<Ctx, 'config'>): FacebookAccounts {
  const app = ctx.config.facebook;
  if (!app) throw new AppError('facebook_not_configured');
  return facebookAccounts({ graphUrl: ctx.config.graph.url, version: ctx.config.graph.version, app });
}

/** A failed Graph call as the answer the seller gets. */
export function facebookFailure(err: unknown): AppError {
  if (!(err instanceof FacebookAccountError)) throw err;
  if (err.kind === 'token') return new AppError('facebook_token_invalid', undefined, err.message);
  if (err.kind === 'unavailable') return new AppError('facebook_unavailable', undefined, err.message);
  return new AppError('facebook_connect_refused', undefined, err.message);
}

/** Where Facebook sends the seller back (the OAuth redirect URI registered in the Meta app). */
export const redirectUri = (ctx: Ctx) => `${ctx.config.publicUrl}${CONNECT_PATH}/callback`;

const PURPOSE = 'facebook-connect';

/** `<sellerId>.<expires ms>.<nonce>.<signature>` (lib/oauth-state.ts). */
export const signState = (ctx: Ctx, sellerId: number, nonce: string, now = Date.now()) =>
  signOAuthState(ctx.config.authSecret, PURPOSE, { sellerId, nonce, ttlMs: STATE_TTL_MS }, now);

/** True when `state` was signed here for this seller, has not expired and carries the browser's nonce. */
export const checkState = (
  ctx: Ctx,
  sellerId: number,
  state: string | undefined,
  nonce: string | undefined,
) => checkOAuthState(ctx.config.authSecret, PURPOSE, { sellerId, state, nonce });

/** GET stores/facebook/connect: Facebook's dialog (and the nonce for the cookie), or the sandbox. */
export function startConnect(ctx: Ctx): TConnectStart & { nonce: string | null } {
  const sellerId = sellerOf(ctx);
  if (isSandbox(ctx)) return { mode: 'sandbox', url: null, nonce: null };
  const fb = facebookOf(ctx);
  const nonce = randomToken(16);
  return {
    mode: 'facebook',
    url: fb.dialogUrl(redirectUri(ctx), signState(ctx, sellerId, nonce), FACEBOOK_SCOPES),
    nonce,
  };
}

/**
 * GET stores/facebook/callback: checks the state, exchanges the code for a long-lived user token,
 * checks every permission was granted (else `facebook_permission_missing` naming the first one
 * missing) and saves the seller's social account with its token encrypted. Nothing is saved on a
 * refusal.
 */
export async function finishConnect(
  ctx: Ctx,
  q: { code?: string; state?: string; error?: string },
  nonce: string | undefined,
): Promise<void> {
  const sellerId = sellerOf(ctx);
  const fb = facebookOf(ctx);
  if (q.error || !q.code || !checkState(ctx, sellerId, q.state, nonce)) {
    throw new AppError('facebook_connect_refused');
  }
  let token: string;
  let expiresAt: Date | null;
  let me: { id: string; name: string | null; granted: string[] };
  try {
    ({ token, expiresAt } = await fb.exchangeCode(q.code, redirectUri(ctx)));
    me = await fb.me(token);
  } catch (err) {
    const failure = facebookFailure(err);
    throw failure.code === 'facebook_token_invalid'
      ? new AppError('facebook_connect_refused', undefined, failure.message)
      : failure;
  }
  const missing = FACEBOOK_SCOPES.find((s) => !me.granted.includes(s));
  if (missing) {
    throw new AppError('facebook_permission_missing', undefined, undefined, {
      params: { permission: missing },
    });
  }
  const values = {
    external_user_id: me.id,
    name: me.name,
    access_token_encrypted: encryptSecret(ctx.config.authSecret, token),
    token_expires_at: expiresAt,
    token_error: null,
    granted_scopes: me.granted.join(','),
    updated_at: new Date(),
  };
  await ctx.db
    .insert(socialAccounts)
    .values({ seller_id: sellerId, platform: 'facebook', ...values })
    .onConflictDoUpdate({ target: [socialAccounts.seller_id, socialAccounts.platform], set: values });
}

/** The seller's Facebook account with its user token, or null (never connected, or its token unreadable). */
export async function facebookAccount(ctx: Ctx) {
  const [row] = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.seller_id, sellerOf(ctx)), eq(socialAccounts.platform, 'facebook')));
  if (!row?.access_token_encrypted) return null;
  try {
    return { ...row, token: decryptSecret(ctx.config.authSecret, row.access_token_encrypted) };
  } catch (err) {
    if (!(err instanceof SecretError)) throw err;
    return null;
  }
}

/** Records that Facebook rejected the account's user token. */
export async function markAccountToken(ctx: Ctx, accountId: number, tokenError: string) {
  await ctx.db
    .update(socialAccounts)
    .set({ token_error: tokenError, updated_at: new Date() })
    .where(eq(socialAccounts.id, accountId));
}
