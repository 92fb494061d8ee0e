import { z } from 'zod';
import { zId, zText } from './validation.ts';

/*
 * Shop-platform synchronisation (Business plan and above, and every trial): a seller's web shop on
 * Shopify or WooCommerce shares its catalogue, its stock, its orders and its prices with the live.
 */

export const SHOP_PLATFORMS = ['shopify', 'woocommerce'] as const;
export type TShopPlatform = (typeof SHOP_PLATFORMS)[number];

/** The plans whose sellers may sync a shop (a running trial opens it to every plan). */
export const SHOP_SYNC_PLANS = ['business', 'platinum'] as const;

/** Products read from the shop a request during an import. */
export const SHOP_IMPORT_PAGE_SIZE = 50;

/** A credential field (an access token, a consumer key or secret, a signing secret): printable ASCII, no spaces. */
const zCredential = () => zText(1, 500).refine((s) => /^[!-~]+$/.test(s), 'invalid');

/**
 * POST shops: connect a shop after a test call. Shopify: `url` the store's address
 * (`https://boutique.myshopify.com`), `key` the Admin API access token of a custom app, `secret`
 * the app's webhook signing secret. WooCommerce: `url` the site's address, `key` and `secret` the
 * REST API consumer key and secret. The address must be https (checked further by the server: a
 * public address).
 */
export const ZShopCreate = z
  .object({
    platform: z.enum(SHOP_PLATFORMS, { error: 'required' }),
    url: zText(1, 255).refine((s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, 'url'),
    key: zCredential(),
    secret: zCredential(),
  })
  .strict();
export type TShopCreate = z.infer<typeof ZShopCreate>;

/** PATCH shops/{id}: the pause switch. */
export const ZShopUpdate = z.object({ paused: z.boolean() }).strict();
export type TShopUpdate = z.infer<typeof ZShopUpdate>;

export const ZShopIdParams = z.object({ id: zId() });
export const ZShopLogParams = z.object({ id: zId(), logId: zId() });

/** `connected`: calls succeed; `failing`: the last call failed (see `last_error`); `paused` by the seller. */
export const SHOP_STATES = ['connected', 'failing', 'paused'] as const;
export type TShopState = (typeof SHOP_STATES)[number];

/** One shop of GET shops. */
export const ZShop = z.object({
  id: z.number(),
  platform: z.enum(SHOP_PLATFORMS),
  url: z.string(),
  name: z.string(),
  currency: z.string(),
  state: z.enum(SHOP_STATES),
  paused: z.boolean(),
  /** The platform's message of the last failed call, as it gave it. */
  last_error: z.string().nullable(),
  /** Variants of the shop linked to configurations here. */
  linked_variants: z.number(),
  /** Stock changes of the live waiting to reach the shop. */
  pending_changes: z.number(),
  /** Webhooks registered at the shop (else the periodic reconciliation alone brings its sales). */
  webhooks: z.boolean(),
  last_synced_at: z.string().nullable(),
  last_reconciled_at: z.string().nullable(),
  created_at: z.string(),
});
export type TShop = z.infer<typeof ZShop>;

export const ZShopList = z.object({
  count: z.number(),
  items: z.array(ZShop),
  /** The platform has its own Shopify app: a shop can be connected by approving it (`GET shops/shopify/install`). */
  shopify_app: z.boolean().optional(),
});

/** GET shops/shopify/install?shop=: the shop's page approving the app (a nonce cookie is set). */
export const ZShopifyInstallQuery = z.object({ shop: z.string().min(1).max(255) });
export const ZShopifyInstallStart = z.object({ url: z.string() });
export type TShopList = z.infer<typeof ZShopList>;

export const ZShopItem = z.object({ item: ZShop });

/** A colour or size value of the shop that matches nothing here: reported, never guessed. */
export const ZUnknownOption = z.object({
  product: z.string(),
  option: z.string(),
  value: z.string(),
});
export type TUnknownOption = z.infer<typeof ZUnknownOption>;

export const SHOP_IMPORT_STATES = ['running', 'done', 'failed'] as const;

/** A product the import made or updated, with the keyword it proposes (editable before publishing). */
export const ZImportedProduct = z.object({
  id: z.number(),
  name: z.string(),
  keyword: z.string(),
  is_publish: z.boolean(),
  variants: z.number(),
  created: z.boolean(),
});
export type TImportedProduct = z.infer<typeof ZImportedProduct>;

/** POST shops/{id}/import → {job}; GET shops/{id}/import → {job} (the latest, null when none). */
export const ZShopImportJob = z.object({
  id: z.number(),
  shop_id: z.number(),
  status: z.enum(SHOP_IMPORT_STATES),
  /** Products read from the shop so far, and how many it has when it says (else null). */
  done: z.number(),
  total: z.number().nullable(),
  created: z.number(),
  updated: z.number(),
  /** Products left out (no variant could be mapped), with why. */
  skipped: z.array(z.object({ product: z.string(), reason: z.string() })),
  unknown_options: z.array(ZUnknownOption),
  products: z.array(ZImportedProduct),
  /** Why the import stopped, when it failed (the platform's message). */
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TShopImportJob = z.infer<typeof ZShopImportJob>;
export const ZShopImportAnswer = z.object({ job: ZShopImportJob.nullable() });

/** POST shops/{id}/publish: the imported products to publish, each with its keyword as edited. */
export const ZShopPublish = z
  .object({
    items: z
      .array(z.object({ id: zId(), keyword: zText(1, 100) }).strict())
      .min(1, 'required')
      .max(5000),
  })
  .strict();
export type TShopPublish = z.infer<typeof ZShopPublish>;

/**
 * What a log entry records: `connect`, `import`, `stock_out` (the live's stock sent to the shop),
 * `stock_in` (a shop sale or count applied here), `order_out` (a paid live order created in the
 * shop), `shipped_out` / `shipped_in` (a shipment told to the other side), `price_in`, `reconcile`,
 * `conflict` (both sold the same last unit), `webhook` (a notification refused or not understood).
 */
export const SHOP_LOG_KINDS = [
  'connect',
  'import',
  'stock_out',
  'stock_in',
  'order_out',
  'shipped_out',
  'shipped_in',
  'price_in',
  'reconcile',
  'conflict',
  'webhook',
  'pause',
  'resume',
] as const;
export type TShopLogKind = (typeof SHOP_LOG_KINDS)[number];

export const SHOP_LOG_STATUSES = ['ok', 'failed', 'conflict'] as const;

/** One line of GET shops/{id}/log: what moved, when; a failure with the platform's message. */
export const ZShopLogEntry = z.object({
  id: z.number(),
  kind: z.enum(SHOP_LOG_KINDS),
  status: z.enum(SHOP_LOG_STATUSES),
  /** What the entry is about, for its sentence: `{sku, product, delta, quantity, order, …}`. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The platform's own message of a failure. */
  platform_message: z.string().nullable(),
  /** A failed push the seller can send again now (it is retried on its own too). */
  can_retry: z.boolean(),
  created_at: z.string(),
});
export type TShopLogEntry = z.infer<typeof ZShopLogEntry>;

export const ZShopLogQuery = z.object({
  status: z.enum(SHOP_LOG_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ZShopLog = z.object({ count: z.number(), items: z.array(ZShopLogEntry) });
export type TShopLog = z.infer<typeof ZShopLog>;

/** GET shops/sandbox (never in production): the demo shops to connect without an outside account. */
export const ZShopSandbox = z.object({
  shops: z.array(
    z.object({ platform: z.enum(SHOP_PLATFORMS), url: z.string(), key: z.string(), secret: z.string() }),
  ),
});
export type TShopSandbox = z.infer<typeof ZShopSandbox>;
