import type { TShopPlatform } from '@livecart/contract/shops';
import type { Config } from '../../config.ts';
import type { ShopConnection, ShopPlatform } from '../../integrations/shops/platform.ts';
import { shopifyPlatform } from '../../integrations/shops/shopify.ts';
import { wooPlatform } from '../../integrations/shops/woocommerce.ts';
import { decryptSecret } from '../../lib/secrets.ts';
import type { shops } from './tables.ts';

export type ShopRow = typeof shops.$inferSelect;

const FACTORIES: Record<TShopPlatform, (conn: ShopConnection) => ShopPlatform> = {
  shopify: (conn) => shopifyPlatform(conn),
  woocommerce: (conn) => wooPlatform(conn),
};

/** The sandbox's own shops, served by this process (development): their local address is allowed. */
const sandboxOrigins = new Set<string>();
export function allowSandboxOrigin(origin: string) {
  sandboxOrigins.add(origin);
}

/** Whether a shop at `url` may be called over local http: SHOP_SYNC_ALLOW_LOCAL_HTTP, or the sandbox's own shop. */
export function localHttpAllowed(config: Config, url: string): boolean {
  if (config.shopSync.allowLocalHttp) return true;
  try {
    return config.shopSync.sandbox && config.env !== 'production' && sandboxOrigins.has(new URL(url).origin);
  } catch {
    return false;
  }
}

/** The adapter of a connection being made (before any row exists). */
export function platformFor(
  config: Config,
  platform: TShopPlatform,
  conn: Omit<ShopConnection, 'allowLocalHttp'>,
) {
  return FACTORIES[platform]({ ...conn, allowLocalHttp: localHttpAllowed(config, conn.url) });
}

/** The adapter of a connected shop, its credentials decrypted. */
export function platformOf(config: Config, shop: ShopRow): ShopPlatform {
  const extra = { ...shop.extra };
  if (extra.webhookSecret) extra.webhookSecret = decryptSecret(config.authSecret, extra.webhookSecret);
  return platformFor(config, shop.platform, {
    url: shop.url,
    key: decryptSecret(config.authSecret, shop.key_encrypted),
    secret: decryptSecret(config.authSecret, shop.secret_encrypted),
    extra,
  });
}
