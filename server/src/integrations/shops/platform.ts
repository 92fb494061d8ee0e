import type { TShopPlatform } from '@livecart/contract/shops';

/**
 * The seam between the sync engine (`modules/shopsync`) and a shop platform: Shopify (GraphQL
 * Admin API) and WooCommerce (REST `wc/v3`). An adapter speaks the platform's documented HTTP API
 * through `shopRequest` (`./http.ts`: https to public addresses only) and answers in the shapes
 * below; money is integer cents, stock whole units. Every failure throws {@link ShopCallError}.
 *
 * How the engine uses it:
 * - connect: `check()` (the test call), then `registerWebhooks(callbackUrl)`;
 * - import: `products(cursor)` page by page;
 * - stock: `adjustStock(ref, delta)` for the live's changes (answers the shop's quantity before and
 *   after, so a sale the shop made meanwhile is seen and applied here), `stockOf(refs)` for the
 *   webhooks' re-reads and the reconciliation;
 * - orders: `findOrder(reference)` then `createOrder` (pushed once even when retried),
 *   `fulfilOrder`, `orderFulfilment`;
 * - webhooks: `verifyWebhook` then `parseWebhook` into {@link ShopEvent}s.
 */

export type ShopPlatformName = TShopPlatform;

/** What an adapter is built from: the shop's address and its credentials (decrypted). */
export interface ShopConnection {
  /** The shop's origin, `https://boutique.myshopify.com` (no trailing slash). */
  url: string;
  /** Shopify: the Admin API access token; WooCommerce: the consumer key. */
  key: string;
  /** Shopify: the webhook signing secret (the app's client secret); WooCommerce: the consumer secret. */
  secret: string;
  /**
   * What `check()` answered in `extra` and the engine saved (Shopify: the location whose stock is
   * synced), and WooCommerce's webhook secret (`webhookSecret`), which the engine makes.
   */
  extra: Record<string, string>;
  /** `SHOP_SYNC_ALLOW_LOCAL_HTTP=true` (tests, development) or the sandbox's own address. */
  allowLocalHttp: boolean;
  /** Tests: a shorter timeout. */
  timeoutMs?: number;
}

export interface ShopInfo {
  name: string;
  /** ISO 4217, upper case. */
  currency: string;
  /** Saved with the shop and given back in {@link ShopConnection.extra} (Shopify: `locationId`). */
  extra: Record<string, string>;
}

/**
 * A variant as both sides name it: the product's and variant's ids at the shop, and Shopify's
 * inventory item (WooCommerce: null). A simple WooCommerce product is its own variant
 * (`variantId` = `productId`).
 */
export interface VariantRef {
  productId: string;
  variantId: string;
  inventoryItemId: string | null;
}

export interface ShopVariant extends VariantRef {
  sku: string | null;
  priceCents: number;
  /** Stock the shop can sell; null when the shop does not track it. */
  stock: number | null;
  /** Option name → value as the shop spells them: `[{name: 'Couleur', value: 'Rouge'}, {name: 'Size', value: 'M'}]`. */
  options: { name: string; value: string }[];
  imageUrl: string | null;
}

export interface ShopProduct {
  id: string;
  title: string;
  /** Shopify's handle, WooCommerce's slug. */
  handle: string;
  /** Plain text (HTML removed). */
  description: string;
  imageUrls: string[];
  variants: ShopVariant[];
}

export interface ShopProductPage {
  items: ShopProduct[];
  /** Give it back for the next page; null after the last. */
  next: string | null;
  /** Products the shop has in all, when it says (WooCommerce's `X-WP-Total`), else null. */
  total: number | null;
}

export interface ShopAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  phone: string | null;
}

/** A paid live order, as it is created in the shop (a paid order; its stock already counted). */
export interface ShopOrderInput {
  /** Our order number (`LC-000123`): the shop's order carries it in a tag and its note, and `findOrder` looks for it. */
  reference: string;
  /** The note: the live it was sold in. */
  note: string;
  tags: string[];
  currency: string;
  email: string | null;
  customer: { firstName: string; lastName: string; email: string | null; phone: string | null };
  shippingAddress: ShopAddress | null;
  /** `discountCents`: what the shopper did not pay of the line (a live discount), 0 for none. */
  lines: {
    ref: VariantRef;
    title: string;
    sku: string | null;
    quantity: number;
    unitPriceCents: number;
    discountCents: number;
  }[];
  shipping: { title: string; priceCents: number } | null;
  /** What the shopper paid for these lines and the shipping: the lines less their discounts, plus the shipping. */
  totalCents: number;
  paidAt: Date;
}

export interface ShopOrderRef {
  id: string;
  /** The shop's own order name or number (`#1001`). */
  name: string;
}

export interface ShopTracking {
  number: string | null;
  url: string | null;
  company: string | null;
}

/**
 * What a notification means, once verified:
 * - `stock`: the stock of these variants may have changed at the shop (re-read them);
 * - `order`: an order was created at the shop (its variants' stock changed; `ours` when it is a
 *   live order we pushed);
 * - `fulfilled`: an order of the shop was shipped;
 * - `product`: a product changed (its variants' prices, as the shop has them now);
 * - `ignored`: a topic the engine does not use.
 */
export type ShopEvent =
  | { kind: 'stock'; variants: Partial<VariantRef>[] }
  | {
      kind: 'order';
      orderId: string;
      createdAt: Date | null;
      ours: boolean;
      lines: { ref: Partial<VariantRef>; quantity: number }[];
    }
  | { kind: 'fulfilled'; orderId: string; tracking: ShopTracking | null }
  | { kind: 'product'; productId: string; variants: { variantId: string; priceCents: number }[] }
  | { kind: 'ignored'; topic: string };

export interface ShopWebhook {
  /** The delivery's id (Shopify `X-Shopify-Webhook-Id`, WooCommerce `X-WC-Webhook-Delivery-ID`): a delivery is applied once. */
  deliveryId: string;
  topic: string;
  events: ShopEvent[];
}

export type Headers = Record<string, string | string[] | undefined>;

export interface ShopPlatform {
  readonly name: ShopPlatformName;
  /** The test call: the credentials work and the shop answers. */
  check(): Promise<ShopInfo>;
  /** One page of products with their variants; `cursor` null for the first. */
  products(cursor: string | null, pageSize: number): Promise<ShopProductPage>;
  /** The shop's sellable stock of these variants now, by `variantId` (untracked ones are left out). */
  stockOf(refs: VariantRef[]): Promise<Map<string, number>>;
  /**
   * Adds `delta` (negative: takes) to the variant's stock at the shop; answers the quantity just
   * before and just after the change, as the shop had them.
   */
  adjustStock(ref: VariantRef, delta: number): Promise<{ before: number; after: number }>;
  /** The shop's order made for our `reference`, if one exists (a retry after a lost answer). */
  findOrder(reference: string): Promise<ShopOrderRef | null>;
  /** Creates the paid order without counting its stock again (the live already took it). */
  createOrder(order: ShopOrderInput): Promise<ShopOrderRef>;
  /** Marks the shop's order shipped, with its tracking when known. Shipped already: no change. */
  fulfilOrder(orderId: string, tracking: ShopTracking | null): Promise<void>;
  /** Whether the shop's order is shipped now, with its tracking (the reconciliation's read). */
  orderFulfilment(orderId: string): Promise<{ fulfilled: boolean; tracking: ShopTracking | null }>;
  /** Subscribes the shop's notifications to `callbackUrl` (idempotent: existing ones are kept). */
  registerWebhooks(callbackUrl: string): Promise<void>;
  /** The signature of a notification's raw body is the shop's. */
  verifyWebhook(rawBody: Buffer, headers: Headers): boolean;
  /** A verified notification, read. Throws {@link ShopCallError} `invalid` on a body it cannot read. */
  parseWebhook(rawBody: Buffer, headers: Headers): ShopWebhook;
}

/**
 * `credentials`: the shop refused the key (401/403); `unreachable`: no answer, a timeout or an
 * address refused by `shopRequest`; `not_found`: the object is gone at the shop; `rate_limited`:
 * try later; `platform`: the shop answered an error (its message in `message`); `invalid`: an
 * answer or notification that does not read as documented.
 */
export type ShopCallErrorKind =
  | 'credentials'
  | 'unreachable'
  | 'not_found'
  | 'rate_limited'
  | 'platform'
  | 'invalid';

export class ShopCallError extends Error {
  override name = 'ShopCallError';
  constructor(
    readonly kind: ShopCallErrorKind,
    /** The platform's own message (never the credentials). */
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}
