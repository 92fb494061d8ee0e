/**
 * My Stores: the seller's pages and Instagram accounts (GET fetch-stores), the one new live
 * sessions use (select), a synchronisation that re-reads a page and its token, and disconnection.
 */
import type {
  TStore,
  TStoreList,
  TStoreListQuery,
  TStoreResult,
  TTokenState,
} from '@livecart/contract/stores';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  FacebookAccountError,
  type FacebookPageFields,
} from '../../integrations/social/facebook-accounts.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { decryptSecret, encryptSecret, SecretError } from '../../lib/secrets.ts';
import { toIso } from '../../lib/sql.ts';
import { resendTokenRefusedReplies } from '../live/resend.ts';
import { facebookAccount, facebookFailure, facebookOf, markAccountToken, sellerOf } from './connect.ts';
import { stores } from './tables.ts';

type StoreRow = typeof stores.$inferSelect;

/** What the screen shows of a store's token. */
export function tokenState(
  r: Pick<StoreRow, 'access_token_encrypted' | 'token_error' | 'token_expires_at'>,
): TTokenState {
  if (!r.access_token_encrypted) return 'none';
  if (r.token_error) return r.token_error === 'expired' ? 'expired' : 'invalid';
  const expires = r.token_expires_at ? new Date(r.token_expires_at) : null;
  if (expires && expires.getTime() <= Date.now()) return 'expired';
  return expires ? 'expiring' : 'valid';
}

/** A store row as the API shows it (never its token). */
export function storeOf(r: StoreRow): TStore {
  return {
    id: r.id,
    platform: r.platform,
    external_id: r.external_id,
    name: r.name,
    username: r.username,
    photo: r.photo,
    follower_count: r.follower_count,
    token_state: tokenState(r),
    token_expires_at: toIso(r.token_expires_at),
    selected: r.selected,
    sandbox: r.sandbox,
    connected: r.sandbox || !!r.access_token_encrypted,
    synced_at: toIso(r.synced_at),
    sync_error: r.sync_error,
    created_at: toIso(r.created_at) ?? '',
  };
}

/** GET fetch-stores: the seller's stores, newest first, 20 a page. */
export function listStores(ctx: Ctx, q: TStoreListQuery): Promise<TStoreList> {
  const sellerId = sellerOf(ctx);
  const list: ListDef<TStoreListQuery, StoreRow, TStore> = {
    select: sql`s.*`,
    from: sql`stores s`,
    where: () => [sql`s.seller_id = ${sellerId}`],
    search: [sql`s.name`, sql`s.username`],
    order: {
      columns: { created_at: sql`s.created_at`, name: sql`s.name` },
      tieBreaker: sql`s.id`,
      notNull: ['created_at', 'name'],
    },
    map: storeOf,
  };
  return runList(ctx.db, list, q);
}

/** These stores of the seller, in the order given. */
export async function storesByIds(ctx: Ctx, ids: number[]): Promise<TStore[]> {
  if (!ids.length) return [];
  const rows = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.seller_id, sellerOf(ctx)), inArray(stores.id, ids)));
  return ids.flatMap((id) => rows.filter((r) => r.id === id).map(storeOf));
}

/** The seller's store of this id; another's or none: 404. */
async function ownStore(ctx: Ctx, id: number): Promise<StoreRow> {
  const [row] = await ctx.db
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), eq(stores.seller_id, sellerOf(ctx))));
  if (!row) throw notFound();
  return row;
}

const one = async (ctx: Ctx, id: number, resent = 0): Promise<TStoreResult> => ({
  success: true,
  item: storeOf(await ownStore(ctx, id)),
  resent,
});

/** POST stores/select/{id}: the store new live sessions use (one per seller). */
export async function selectStore(ctx: Ctx, id: number): Promise<TStoreResult> {
  const store = await ownStore(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(stores)
      .set({ selected: false })
      .where(and(eq(stores.seller_id, store.seller_id), eq(stores.selected, true)));
    await tx.update(stores).set({ selected: true, updated_at: new Date() }).where(eq(stores.id, id));
  });
  return one(ctx, id);
}

/** The stores on one Facebook page's token: the page and its Instagram account. */
const pageStores = (ctx: Ctx, sellerId: number, pageId: string) =>
  ctx.db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.seller_id, sellerId),
        sql`((${stores.platform} = 'facebook' AND ${stores.external_id} = ${pageId}) OR ${stores.page_id} = ${pageId})`,
      ),
    );

const pageIdOf = (s: StoreRow) => (s.platform === 'facebook' ? s.external_id : (s.page_id ?? s.external_id));

/**
 * POST stores/sync/{id}: re-reads the page (and its Instagram account) with the seller's user token,
 * which also gives a fresh page token; when that token is rejected, with the store's page token.
 * `debug_token` tells the page token's expiry. A token Facebook rejects marks the store (and the
 * stores on the same page) `token_error` and answers `facebook_token_invalid` (connect again); a
 * working token clears it and sends again the replies refused for it. A demo store only records
 * the time.
 */
export async function syncStore(ctx: Ctx, id: number): Promise<TStoreResult> {
  const store = await ownStore(ctx, id);
  const now = new Date();
  if (store.sandbox) {
    await ctx.db
      .update(stores)
      .set({ synced_at: now, sync_status: 'synced', sync_error: null })
      .where(eq(stores.id, id));
    return one(ctx, id);
  }
  const fb = facebookOf(ctx);
  const pageId = pageIdOf(store);
  const siblings = await pageStores(ctx, store.seller_id, pageId);
  const account = await facebookAccount(ctx);
  const stored = storedToken(ctx, store);
  let page: FacebookPageFields | undefined;
  let failure: unknown;
  if (account && !account.token_error) {
    try {
      page = await fb.page(pageId, account.token);
    } catch (err) {
      failure = err;
      if (err instanceof FacebookAccountError && err.kind === 'token') {
        await markAccountToken(ctx, account.id, err.tokenError ?? 'invalid');
      }
    }
  }
  if (!page && stored && !(failure instanceof FacebookAccountError && failure.kind === 'unavailable')) {
    try {
      page = await fb.page(pageId, stored);
      failure = undefined;
    } catch (err) {
      failure = err;
    }
  }
  if (!page) {
    const err = facebookFailure(
      failure ?? new FacebookAccountError('No token to read the page', 'token', 'invalid'),
    );
    const tokenError =
      failure instanceof FacebookAccountError ? (failure.tokenError ?? 'invalid') : 'invalid';
    await ctx.db
      .update(stores)
      .set({
        sync_status: 'error',
        sync_error: err.message.slice(0, 255),
        ...(err.code === 'facebook_token_invalid' && { token_error: tokenError }),
        updated_at: now,
      })
      .where(
        inArray(
          stores.id,
          siblings.map((s) => s.id),
        ),
      );
    throw err;
  }
  const pageToken = page.access_token ?? stored ?? '';
  let expiresAt: Date | null = null;
  try {
    const debug = await fb.debugToken(pageToken);
    expiresAt = debug.expiresAt;
  } catch (err) {
    if (!(err instanceof FacebookAccountError)) throw err;
    ctx.log.warn({ err: err.message }, 'debug_token failed; expiry left unknown');
  }
  const ig = page.instagram_business_account;
  const token = encryptSecret(ctx.config.authSecret, pageToken);
  const ids = siblings.map((s) => s.id);
  await ctx.db.transaction(async (tx) => {
    for (const s of siblings) {
      const fields =
        s.platform === 'facebook'
          ? {
              name: page.name,
              photo: page.picture?.data?.url ?? s.photo,
              follower_count: page.followers_count ?? page.fan_count ?? s.follower_count,
            }
          : ig?.id === s.external_id
            ? {
                name: ig.name ?? ig.username ?? s.name,
                username: ig.username ?? s.username,
                photo: ig.profile_picture_url ?? s.photo,
                follower_count: ig.followers_count ?? s.follower_count,
              }
            : {};
      await tx
        .update(stores)
        .set({
          ...fields,
          access_token_encrypted: token,
          token_expires_at: expiresAt,
          token_error: null,
          sync_status: 'synced',
          sync_error: null,
          synced_at: now,
          updated_at: now,
        })
        .where(eq(stores.id, s.id));
    }
  });
  const resent = await resendTokenRefusedReplies(ctx.db, store.seller_id, ids);
  return one(ctx, id, resent);
}

/** The store's page token, decrypted (null: none, or unreadable). */
function storedToken(ctx: Ctx, s: StoreRow): string | null {
  if (!s.access_token_encrypted) return null;
  try {
    return decryptSecret(ctx.config.authSecret, s.access_token_encrypted);
  } catch (err) {
    if (!(err instanceof SecretError)) throw err;
    return null;
  }
}

/**
 * DELETE stores/{id}: disconnects the store. A Facebook page is unsubscribed from the app's
 * webhooks (`DELETE /{page-id}/subscribed_apps`; a token Facebook already rejects is let go) and
 * removed with its Instagram account, which lives on its token; an Instagram account alone is just
 * removed. Their tokens go with the rows; past and scheduled sessions stay and reply through the
 * simulator. Facebook unreachable: 502 and nothing changed.
 */
export async function disconnectStore(ctx: Ctx, id: number): Promise<{ success: true; count: number }> {
  const store = await ownStore(ctx, id);
  const gone =
    store.platform === 'facebook' ? await pageStores(ctx, store.seller_id, store.external_id) : [store];
  const token =
    store.platform === 'facebook' && !store.sandbox && ctx.config.facebook ? storedToken(ctx, store) : null;
  if (token) {
    try {
      await facebookOf(ctx).unsubscribe(store.external_id, token);
    } catch (err) {
      if (!(err instanceof FacebookAccountError && err.kind === 'token')) throw facebookFailure(err);
      ctx.log.info({ err: err.message }, 'page token already rejected: unsubscribed by Facebook');
    }
  }
  await ctx.db.delete(stores).where(
    and(
      eq(stores.seller_id, store.seller_id),
      inArray(
        stores.id,
        gone.map((s) => s.id),
      ),
    ),
  );
  return { success: true, count: gone.length };
}
