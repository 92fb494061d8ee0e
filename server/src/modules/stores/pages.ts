/**
 * The pages of the seller's Facebook account (GET social-account/pages) and their addition as
 * stores (POST social-sync): each chosen page becomes (or refreshes) a Facebook store with its page
 * token encrypted, its linked Instagram business account an Instagram store on the same token,
 * and the page is subscribed to the app's webhooks (Instagram's fields come through it). In the
 * sandbox the demo pages are added, marked `sandbox`, without tokens.
 */
import type { TSocialPage, TSocialPages, TSocialSyncResult } from '@livecart/contract/stores';
import { and, eq } from 'drizzle-orm';
import type { FacebookPageFields } from '../../integrations/social/facebook-accounts.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import { resendTokenRefusedReplies } from '../live/resend.ts';
import {
  facebookAccount,
  facebookFailure,
  facebookOf,
  isSandbox,
  markAccountToken,
  sellerOf,
} from './connect.ts';
import { storesByIds } from './my-stores.ts';
import { stores } from './tables.ts';

/** The demo pages of the sandbox: a page with its Instagram account, and a page alone. */
export const DEMO_PAGES: FacebookPageFields[] = [
  {
    id: 'demo-boutique',
    name: 'Boutique démo',
    followers_count: 1280,
    instagram_business_account: {
      id: 'demo-boutique-ig',
      username: 'boutique.demo',
      name: 'Boutique démo',
      followers_count: 3450,
    },
  },
  { id: 'demo-atelier', name: 'Atelier démo', followers_count: 640 },
];

/** The pages the seller can add: the demo ones, or their Facebook account's (token rejected: marked). */
async function accountPages(
  ctx: Ctx,
): Promise<{ name: string | null; sandbox: boolean; pages: FacebookPageFields[] }> {
  if (isSandbox(ctx)) return { name: null, sandbox: true, pages: DEMO_PAGES };
  const fb = facebookOf(ctx);
  const account = await facebookAccount(ctx);
  if (!account) throw new AppError('facebook_account_missing');
  try {
    return { name: account.name, sandbox: false, pages: await fb.pages(account.token) };
  } catch (err) {
    const failure = facebookFailure(err);
    if (failure.code === 'facebook_token_invalid') await markAccountToken(ctx, account.id, 'invalid');
    throw failure;
  }
}

const photoOf = (p: FacebookPageFields) => p.picture?.data?.url ?? null;
const followersOf = (p: FacebookPageFields) => p.followers_count ?? p.fan_count ?? 0;

/** GET social-account/pages. */
export async function listSocialPages(ctx: Ctx): Promise<TSocialPages> {
  const sellerId = sellerOf(ctx);
  const { name, sandbox, pages } = await accountPages(ctx);
  const added = new Set(
    (
      await ctx.db
        .select({ platform: stores.platform, external_id: stores.external_id })
        .from(stores)
        .where(eq(stores.seller_id, sellerId))
    ).map((s) => `${s.platform}:${s.external_id}`),
  );
  const items: TSocialPage[] = pages.map((p) => {
    const ig = p.instagram_business_account;
    return {
      id: p.id,
      name: p.name,
      photo: photoOf(p),
      follower_count: followersOf(p),
      added: added.has(`facebook:${p.id}`),
      instagram: ig
        ? {
            id: ig.id,
            username: ig.username ?? ig.id,
            name: ig.name ?? null,
            photo: ig.profile_picture_url ?? null,
            follower_count: ig.followers_count ?? 0,
            added: added.has(`instagram:${ig.id}`),
          }
        : null,
    };
  });
  return { account: { name, sandbox }, items };
}

/**
 * POST social-sync: every id must be one of the account's pages (else 400 `page_not_found` on
 * `page_ids`, nothing changed). Subscribes each page to the webhooks, then saves the stores in one
 * transaction; the first store becomes the selected one when the seller has none. A store that had
 * a rejected token gets the fresh one and its replies refused for the token are sent again.
 */
export async function socialSync(ctx: Ctx, pageIds: string[]): Promise<TSocialSyncResult> {
  const sellerId = sellerOf(ctx);
  const { pages, sandbox } = await accountPages(ctx);
  const chosen = [...new Set(pageIds)].map((id) => pages.find((p) => p.id === id));
  if (chosen.some((p) => !p)) throw new AppError('page_not_found', { page_ids: 'page_not_found' });
  const picked = chosen as FacebookPageFields[];
  const account = sandbox ? null : await facebookAccount(ctx);
  if (!sandbox) {
    const fb = facebookOf(ctx);
    try {
      for (const p of picked) await fb.subscribe(p.id, p.access_token ?? '');
    } catch (err) {
      throw facebookFailure(err);
    }
  }
  const now = new Date();
  const token = (p: FacebookPageFields) =>
    p.access_token ? encryptSecret(ctx.config.authSecret, p.access_token) : null;
  const ids = await ctx.db.transaction(async (tx) => {
    const saved: number[] = [];
    const upsert = async (values: typeof stores.$inferInsert) => {
      const { seller_id, platform, external_id, ...set } = values;
      const [row] = await tx
        .insert(stores)
        .values(values)
        .onConflictDoUpdate({
          target: [stores.seller_id, stores.platform, stores.external_id],
          set: { ...set, updated_at: now },
        })
        .returning({ id: stores.id });
      saved.push(row.id);
    };
    for (const p of picked) {
      const common = {
        seller_id: sellerId,
        social_account_id: account?.id ?? null,
        access_token_encrypted: token(p),
        token_expires_at: null,
        token_error: null,
        sync_status: 'synced' as const,
        synced_at: now,
        sync_error: null,
        webhooks_subscribed_at: sandbox ? null : now,
        sandbox,
      };
      await upsert({
        ...common,
        platform: 'facebook',
        external_id: p.id,
        name: p.name,
        username: null,
        page_id: null,
        photo: photoOf(p),
        follower_count: followersOf(p),
      });
      const ig = p.instagram_business_account;
      if (ig) {
        await upsert({
          ...common,
          platform: 'instagram',
          external_id: ig.id,
          name: ig.name ?? ig.username ?? ig.id,
          username: ig.username ?? null,
          page_id: p.id,
          photo: ig.profile_picture_url ?? null,
          follower_count: ig.followers_count ?? 0,
        });
      }
    }
    const [selected] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.seller_id, sellerId), eq(stores.selected, true)));
    if (!selected && saved.length) {
      await tx.update(stores).set({ selected: true }).where(eq(stores.id, saved[0]));
    }
    return saved;
  });
  const resent = await resendTokenRefusedReplies(ctx.db, sellerId, ids);
  const items = await storesByIds(ctx, ids);
  return { success: true, count: ids.length, resent, items };
}
