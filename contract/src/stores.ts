import { z } from 'zod';
import { STORES_PAGE_SIZE } from './constants.ts';
import { zListQuery, zListResponse } from './lists.ts';
import { zId } from './validation.ts';

/** The permissions "Connect my pages" asks Facebook for; every one is needed (docs/operations.md). */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_metadata',
  'pages_messaging',
  'instagram_basic',
  'instagram_manage_comments',
  'instagram_manage_messages',
] as const;

export const STORE_PLATFORMS = ['facebook', 'instagram'] as const;
export type TStorePlatform = (typeof STORE_PLATFORMS)[number];

/**
 * What the My Stores screen shows of a token: `valid` (no end known), `expiring` (valid until
 * `token_expires_at`), `expired` or `invalid` (rejected by the platform: resynchronise), `none`
 * (a store without a token: a demo store, or one disconnected; its replies are kept, not sent).
 */
export const TOKEN_STATES = ['valid', 'expiring', 'expired', 'invalid', 'none'] as const;
export type TTokenState = (typeof TOKEN_STATES)[number];

/** One store of GET fetch-stores. */
export const ZStore = z.object({
  id: z.number(),
  platform: z.enum(STORE_PLATFORMS),
  external_id: z.string(),
  name: z.string(),
  /** The Instagram account's @username; null for a Facebook page. */
  username: z.string().nullable(),
  photo: z.string().nullable(),
  follower_count: z.number(),
  token_state: z.enum(TOKEN_STATES),
  token_expires_at: z.string().nullable(),
  selected: z.boolean(),
  sandbox: z.boolean(),
  /** Disconnected: no token and no webhooks any more; its past sessions stay. */
  connected: z.boolean(),
  synced_at: z.string().nullable(),
  sync_error: z.string().nullable(),
  created_at: z.string(),
});
export type TStore = z.infer<typeof ZStore>;

/** GET fetch-stores: the seller's stores, 20 a page, newest first. */
export const ZStoreListQuery = zListQuery({
  columns: ['created_at', 'name'] as const,
  defaultColumn: 'created_at',
  filter: z.object({}),
  pageSizes: [STORES_PAGE_SIZE],
  defaultLimit: STORES_PAGE_SIZE,
});
export type TStoreListQuery = z.output<typeof ZStoreListQuery>;
export const ZStoreList = zListResponse(ZStore);
export type TStoreList = z.infer<typeof ZStoreList>;

export const ZStoreIdParams = z.object({ id: zId() });

/** GET stores/facebook/connect: where to go next. */
export const ZConnectStart = z.object({
  /** `facebook`: open `url` (Facebook's dialog); `sandbox`: pick among the demo pages at once. */
  mode: z.enum(['facebook', 'sandbox']),
  url: z.string().nullable(),
});
export type TConnectStart = z.infer<typeof ZConnectStart>;

/** GET stores/facebook/callback: what Facebook sends the browser back with. */
export const ZConnectCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** An Instagram business account linked to a page. */
export const ZSocialInstagram = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  photo: z.string().nullable(),
  follower_count: z.number(),
  added: z.boolean(),
});

/** A page the seller manages, as GET social-account/pages lists it. */
export const ZSocialPage = z.object({
  id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  follower_count: z.number(),
  instagram: ZSocialInstagram.nullable(),
  /** Already one of the seller's stores (connected). */
  added: z.boolean(),
});
export type TSocialPage = z.infer<typeof ZSocialPage>;

/** GET social-account/pages: the connected account and its pages. */
export const ZSocialPages = z.object({
  account: z.object({ name: z.string().nullable(), sandbox: z.boolean() }),
  items: z.array(ZSocialPage),
});
export type TSocialPages = z.infer<typeof ZSocialPages>;

/** A page id of the platform (digits), or of a demo page of the sandbox (`demo-…`). */
const zPageId = z.string({ error: 'invalid' }).regex(/^(\d{1,30}|demo-[a-z0-9-]{1,40})$/, 'invalid');

/** POST social-sync: the pages to add (or refresh) as stores, with their Instagram accounts. */
export const ZSocialSyncBody = z
  .object({
    page_ids: z.array(zPageId, { error: 'invalid' }).min(1, 'select_item').max(100, 'invalid'),
  })
  .strict();
export type TSocialSyncBody = z.infer<typeof ZSocialSyncBody>;

export const ZSocialSyncResult = z.object({
  success: z.literal(true),
  /** Stores added or refreshed. */
  count: z.number(),
  /** Replies refused for the token that are sent again now. */
  resent: z.number(),
  items: z.array(ZStore),
});
export type TSocialSyncResult = z.infer<typeof ZSocialSyncResult>;

/** POST stores/sync/{id}, stores/select/{id}, DELETE stores/{id}. */
export const ZStoreResult = z.object({ success: z.literal(true), item: ZStore, resent: z.number() });
export type TStoreResult = z.infer<typeof ZStoreResult>;
