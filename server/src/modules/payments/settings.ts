import { timingSafeEqual } from 'node:crypto';
import type { TCheckoutPaymentMethod } from '@livecart/contract/checkout';
import {
  SANDBOX_METHOD_CODES,
  type TPaymentMethod,
  type TPaymentProviderName,
  type TPaymentSettings,
} from '@livecart/contract/payments';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { MollieProvider } from '../../integrations/payments/mollie.ts';
import { PaymentProviderError, type TPaymentProvider } from '../../integrations/payments/provider.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import { queryRows, toIso } from '../../lib/sql.ts';
import { derivedToken, randomToken } from '../../lib/tokens.ts';
import { stripePlatform } from './providers.ts';

/*
 * The seller's payment methods (SPEC §2 Payments "payment methods on or off", Payment Settings).
 * One row per (provider, method) in `payment_methods`; the provider's credential (a Mollie API
 * key, a connected Stripe account id) is stored encrypted on each of its rows, checked with a
 * call to the provider before it is saved, and only ever answered masked. The sandbox needs no
 * credential and any seller may turn it on.
 */

/** Mollie methods we offer when Mollie does not say which the key takes. */
const MOLLIE_DEFAULT_METHODS = ['card', 'paypal', 'bancontact', 'ideal'];
/** How long a Stripe OAuth state stays valid. */
const STATE_TTL_MS = 30 * 60_000;
const PROVIDER_ORDER = sql.raw(`CASE provider WHEN 'sandbox' THEN 0 WHEN 'mollie' THEN 1 ELSE 2 END`);

const sellerIdOf = (ctx: Ctx) => {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
};

/** `test_••••••••AbCd`, `acct_••••••••1234`: the prefix up to `_` and the last 4 characters. */
export function maskSecret(value: string): string {
  const sep = value.indexOf('_');
  const prefix = sep > 0 && sep <= 5 ? value.slice(0, sep + 1) : '';
  return `${prefix}••••••••${value.length > 8 ? value.slice(-4) : ''}`;
}

interface MethodRow {
  id: number;
  provider: TPaymentProviderName;
  method: string;
  status: boolean;
  account_label: string | null;
  credentials_encrypted: string | null;
  updated_at: Date | string;
}

/** The stored credential, bare (it may be kept as JSON `{apiKey}` / `{accountId}`). */
function credentialOf(ctx: Ctx, encrypted: string | null): string | null {
  if (!encrypted) return null;
  try {
    const plain = decryptSecret(ctx.config.authSecret, encrypted).trim();
    if (!plain.startsWith('{')) return plain;
    const parsed = JSON.parse(plain) as Record<string, unknown>;
    const value = parsed.apiKey ?? parsed.accountId ?? parsed.key ?? parsed.id;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The sandbox takes no money: never in production, where it would mark orders paid for free. */
export const sandboxAvailable = (ctx: Pick<Ctx, 'config'>) => ctx.config.env !== 'production';

function methodOf(ctx: Ctx, r: MethodRow): TPaymentMethod {
  const credential = r.provider === 'sandbox' ? null : credentialOf(ctx, r.credentials_encrypted);
  const state = r.provider === 'sandbox' ? 'sandbox' : credential ? 'valid' : 'missing';
  const usable = r.provider === 'sandbox' ? sandboxAvailable(ctx) : state !== 'missing';
  return {
    id: r.id,
    provider: r.provider,
    method: r.method,
    status: r.status,
    account_label: r.account_label,
    credentials: credential ? maskSecret(credential) : null,
    credentials_state: state,
    can_activate: usable,
    updated_at: toIso(r.updated_at) as string,
  };
}

async function methodRows(db: DbOrTx, sellerId: number, where?: SQL): Promise<MethodRow[]> {
  return queryRows<MethodRow>(
    db,
    sql`SELECT id, provider, method, status, account_label, credentials_encrypted, updated_at
        FROM payment_methods WHERE seller_id = ${sellerId}${where ? sql` AND ${where}` : sql``}
        ORDER BY ${PROVIDER_ORDER}, method, id`,
  );
}

/** GET payments/fetch-methods. */
export async function fetchMethods(ctx: Ctx): Promise<TPaymentMethod[]> {
  return (await methodRows(ctx.db, sellerIdOf(ctx))).map((r) => methodOf(ctx, r));
}

/**
 * PATCH payments/change-methods-statuses: all or nothing. An id that is not the seller's answers
 * 404; turning on a method whose provider was disconnected answers `payment_credentials_missing`.
 */
export async function changeMethodStatuses(
  ctx: Ctx,
  items: { id: number; status: boolean }[],
): Promise<TPaymentMethod[]> {
  const sellerId = sellerIdOf(ctx);
  const wanted = new Map(items.map((i) => [i.id, i.status]));
  const ids = [...wanted.keys()];
  const rows = await methodRows(
    ctx.db,
    sellerId,
    sql`id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  if (rows.length !== ids.length) throw notFound();
  for (const r of rows) {
    if (wanted.get(r.id) && !methodOf(ctx, r).can_activate) {
      throw new AppError(r.provider === 'sandbox' ? 'sandbox_unavailable' : 'payment_credentials_missing');
    }
  }
  for (const status of [true, false]) {
    const switched = ids.filter((id) => wanted.get(id) === status);
    if (!switched.length) continue;
    await ctx.db.execute(
      sql`UPDATE payment_methods SET status = ${status}, updated_at = now()
          WHERE seller_id = ${sellerId} AND id IN (${sql.join(
            switched.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  return fetchMethods(ctx);
}

/** GET payments/settings: where each provider stands, with the methods. */
export async function paymentSettings(ctx: Ctx): Promise<TPaymentSettings> {
  const methods = await fetchMethods(ctx);
  const of = (p: TPaymentProviderName) => methods.filter((m) => m.provider === p);
  const account = (p: TPaymentProviderName) => {
    const withCredential = of(p).find((m) => m.credentials);
    return {
      connected: !!withCredential,
      credentials: withCredential?.credentials ?? null,
      account_label: withCredential?.account_label ?? null,
    };
  };
  return {
    sandbox: { enabled: of('sandbox').some((m) => m.status), available: sandboxAvailable(ctx) },
    mollie: account('mollie'),
    stripe: { available: !!ctx.config.payments?.stripe?.clientId, ...account('stripe') },
    methods,
  };
}

/**
 * Creates the provider's method rows with the credential (new rows on), updates the existing
 * ones (their on/off stays), and turns off those the account no longer takes.
 */
async function saveProviderMethods(
  ctx: Ctx,
  provider: 'mollie' | 'stripe',
  credential: string,
  label: string,
  methods: string[],
) {
  const sellerId = sellerIdOf(ctx);
  const encrypted = encryptSecret(ctx.config.authSecret, credential);
  await ctx.db.transaction(async (tx) => {
    for (const method of methods) {
      await tx.execute(
        sql`INSERT INTO payment_methods (seller_id, provider, method, status, credentials_encrypted, account_label)
            VALUES (${sellerId}, ${provider}, ${method}, true, ${encrypted}, ${label})
            ON CONFLICT (seller_id, provider, method) DO UPDATE
            SET credentials_encrypted = excluded.credentials_encrypted,
                account_label = excluded.account_label, updated_at = now()`,
      );
    }
    await tx.execute(
      sql`UPDATE payment_methods SET status = false, credentials_encrypted = ${encrypted},
            account_label = ${label}, updated_at = now()
          WHERE seller_id = ${sellerId} AND provider = ${provider}
            AND method NOT IN (${sql.join(
              methods.map((m) => sql`${m}`),
              sql`, `,
            )})`,
    );
  });
}

/** A provider's refusal as our answer: 422 with its message, 502 when it cannot be reached. */
function credentialError(err: unknown): never {
  if (err instanceof PaymentProviderError) {
    if (err.kind === 'unavailable')
      throw new AppError('payment_provider_unavailable', undefined, err.message);
    throw new AppError('payment_credentials_invalid', undefined, err.message, {
      params: { reason: err.message },
    });
  }
  throw err;
}

/** POST payments/settings/mollie: checked with Mollie first; nothing is saved when refused. */
export async function connectMollie(ctx: Ctx, apiKey: string): Promise<TPaymentSettings> {
  sellerIdOf(ctx);
  // A test key's payments move no money: in production they would mark orders paid for free.
  if (ctx.config.env === 'production' && apiKey.startsWith('test_')) throw new AppError('payment_test_key');
  const mollieApiUrl = ctx.config.payments?.mollieApiUrl;
  const provider = new MollieProvider({ apiKey, ...(mollieApiUrl ? { apiEndpoint: mollieApiUrl } : {}) });
  const check = await provider.testCredentials().catch(credentialError);
  const methods = check.methods?.length ? [...new Set(check.methods)] : MOLLIE_DEFAULT_METHODS;
  await saveProviderMethods(ctx, 'mollie', apiKey, check.label, methods);
  return paymentSettings(ctx);
}

/** DELETE payments/settings/{provider}: the provider's rows and credential are removed. */
export async function disconnectProvider(
  ctx: Ctx,
  provider: TPaymentProviderName,
): Promise<TPaymentSettings> {
  const sellerId = sellerIdOf(ctx);
  await ctx.db.execute(
    sql`DELETE FROM payment_methods WHERE seller_id = ${sellerId} AND provider = ${provider}`,
  );
  return paymentSettings(ctx);
}

/** POST payments/settings/sandbox: the sandbox's card, PayPal and Bancontact, on. */
export async function enableSandbox(ctx: Ctx): Promise<TPaymentSettings> {
  const sellerId = sellerIdOf(ctx);
  if (!sandboxAvailable(ctx)) throw new AppError('sandbox_unavailable');
  for (const method of SANDBOX_METHOD_CODES) {
    await ctx.db.execute(
      sql`INSERT INTO payment_methods (seller_id, provider, method, status, account_label)
          VALUES (${sellerId}, 'sandbox', ${method}, true, 'Sandbox')
          ON CONFLICT (seller_id, provider, method) DO UPDATE SET status = true, updated_at = now()`,
    );
  }
  return paymentSettings(ctx);
}

// ---------------------------------------------------------------------------------------------
// Stripe Connect (OAuth)

const stateSignature = (ctx: Ctx, payload: string) =>
  derivedToken(ctx.config.authSecret, `stripe-connect:${payload}`);

/** `<sellerId>.<expires ms>.<nonce>.<signature>`: binds the OAuth round trip to this seller. */
export function signStripeState(ctx: Ctx, sellerId: number, now = Date.now()): string {
  const payload = `${sellerId}.${now + STATE_TTL_MS}.${randomToken(12)}`;
  return `${payload}.${stateSignature(ctx, payload)}`;
}

/** True when `state` was signed here for `sellerId` and has not expired. */
export function checkStripeState(ctx: Ctx, sellerId: number, state: string | undefined): boolean {
  const parts = state?.split('.') ?? [];
  if (parts.length !== 4) return false;
  const [seller, expires, nonce, signature] = parts;
  const expected = Buffer.from(stateSignature(ctx, `${seller}.${expires}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return Number(seller) === sellerId && Number(expires) > Date.now();
}

/** Where Stripe sends the seller back. */
export const stripeRedirectUri = (ctx: Ctx) =>
  `${ctx.config.publicUrl}/api/payments/settings/stripe/callback`;

/** GET payments/settings/stripe/connect. */
export function stripeConnectUrl(ctx: Ctx): string {
  const sellerId = sellerIdOf(ctx);
  const platform = stripePlatform(ctx.config);
  if (!platform || !ctx.config.payments?.stripe?.clientId) throw new AppError('stripe_not_configured');
  return platform.authorizeUrl({
    state: signStripeState(ctx, sellerId),
    redirectUri: stripeRedirectUri(ctx),
  });
}

/**
 * GET payments/settings/stripe/callback: checks the state, exchanges the code for the connected
 * account id and stores it (encrypted) on the seller's Stripe card row. Throws an AppError
 * (`stripe_connect_refused`, `stripe_not_configured`) when refused; nothing is saved then.
 */
export async function finishStripeConnect(
  ctx: Ctx,
  q: { code?: string; state?: string; error?: string },
): Promise<void> {
  const sellerId = sellerIdOf(ctx);
  const platform = stripePlatform(ctx.config);
  if (!platform) throw new AppError('stripe_not_configured');
  if (q.error || !q.code || !checkStripeState(ctx, sellerId, q.state))
    throw new AppError('stripe_connect_refused');
  let accountId: string;
  try {
    ({ accountId } = await platform.exchangeCode(q.code));
  } catch (err) {
    if (err instanceof PaymentProviderError && err.kind === 'unavailable') {
      throw new AppError('payment_provider_unavailable', undefined, err.message);
    }
    throw new AppError('stripe_connect_refused', undefined, (err as Error).message);
  }
  let label = 'Stripe';
  try {
    label = (await platform.forAccount(accountId, { feePercent: 0 }).testCredentials()).label;
  } catch {
    // The account may not take payments yet (onboarding unfinished): connected all the same.
  }
  await saveProviderMethods(ctx, 'stripe', accountId, label, ['card']);
}

/** The seller's switched-on payment methods that can take a payment on this server. */
export async function activePaymentMethods(
  ctx: Pick<Ctx, 'config'>,
  db: DbOrTx,
  sellerId: number,
): Promise<TCheckoutPaymentMethod[]> {
  const rows = await queryRows<{ provider: TPaymentProvider; method: string; has_credentials: boolean }>(
    db,
    sql`SELECT provider, method, bool_or(credentials_encrypted IS NOT NULL)
          OVER (PARTITION BY provider) AS has_credentials
        FROM payment_methods WHERE seller_id = ${sellerId} AND status
        ORDER BY id`,
  );
  return rows
    .filter(
      (r) =>
        (r.provider === 'sandbox' && sandboxAvailable(ctx)) ||
        (r.has_credentials && (r.provider === 'mollie' || !!stripePlatform(ctx.config))),
    )
    .map((r) => ({ code: `${r.provider}:${r.method}`, provider: r.provider, method: r.method }));
}
