import type { TShopSandbox } from '@livecart/contract/shops';
import { startFakeShopify } from '../../integrations/shops/fakes/shopify.ts';
import { startFakeWoo } from '../../integrations/shops/fakes/woocommerce.ts';
import type { App } from '../../lib/http.ts';
import { allowSandboxOrigin } from './platforms.ts';

/**
 * The sandbox's shops (never in production): a demo Shopify and a demo WooCommerce served by this
 * process on loopback ports by the same fakes the tests use, started on first use, so the whole
 * sync (connect, import, stock both ways, orders) works without an outside account.
 */
type Running = { shops: TShopSandbox['shops']; close: () => Promise<void> };
let running: Promise<Running> | null = null;

export function sandboxShops(app: App): Promise<TShopSandbox['shops']> {
  if (!running) {
    running = (async () => {
      const shopify = await startFakeShopify({ seed: 'demo' });
      const woo = await startFakeWoo({ seed: 'demo' });
      allowSandboxOrigin(new URL(shopify.url).origin);
      allowSandboxOrigin(new URL(woo.url).origin);
      app.log.info({ shopify: shopify.url, woocommerce: woo.url }, 'sandbox shops started');
      return {
        shops: [
          { platform: 'shopify' as const, url: shopify.url, key: shopify.token, secret: shopify.secret },
          { platform: 'woocommerce' as const, url: woo.url, key: woo.key, secret: woo.secret },
        ],
        close: async () => {
          await shopify.close();
          await woo.close();
        },
      };
    })();
  }
  return running.then((r) => r.shops);
}

/** Stops the sandbox's shops (the app closing). */
export async function stopSandboxShops(): Promise<void> {
  const r = running;
  running = null;
  if (r) await (await r).close();
}
