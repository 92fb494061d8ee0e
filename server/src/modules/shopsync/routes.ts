import { ROLE } from '@livecart/contract/constants';
import { ZSuccess } from '@livecart/contract/products';
import {
  ZShopCreate,
  ZShopIdParams,
  ZShopImportAnswer,
  ZShopItem,
  ZShopifyInstallQuery,
  ZShopifyInstallStart,
  ZShopList,
  ZShopLog,
  ZShopLogParams,
  ZShopLogQuery,
  ZShopPublish,
  ZShopSandbox,
  ZShopUpdate,
} from '@livecart/contract/shops';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { shopSyncSeller } from './access.ts';
import { publishShopProducts } from './import.ts';
import { sandboxShops, stopSandboxShops } from './sandbox.ts';
import {
  connectShop,
  disconnectShop,
  latestImport,
  listShops,
  retryLogEntry,
  setPaused,
  shopLogPage,
  startImport,
  syncNow,
} from './service.ts';
import {
  finishInstall,
  INSTALL_COOKIE,
  INSTALL_PATH,
  INSTALL_TTL_MS,
  startInstall,
} from './shopify-install.ts';
import { receiveWebhook } from './webhooks.ts';

const sellers = { access: [ROLE.seller] } as const;
const ZReceived = z.object({ success: z.literal(true) });

/** Shop sync (issue 19): connect a Shopify or WooCommerce shop, import, sync stock, orders and prices. */
export async function shopSyncModule(app: App, deps: Deps) {
  app.addHook('onClose', stopSandboxShops);

  app.get(
    '/api/shops',
    {
      config: sellers,
      schema: {
        description:
          "The seller's synced shops. 403 `shop_sync_plan_required` outside Business and Platinum (a trial opens it).",
        response: { 200: ZShopList },
      },
    },
    async (req) => listShops(ctxOf(req, deps)),
  );

  app.post(
    '/api/shops',
    {
      config: { ...sellers, refusedWhileImpersonating: true },
      schema: {
        description:
          'Connect a shop: `{platform, url, key, secret}` (Shopify: the Admin API access token and the webhook ' +
          'signing secret; WooCommerce: the REST consumer key and secret). The address must be https at a public ' +
          'address (400 `shop_url_not_allowed`); a test call checks the credentials (400 ' +
          '`shop_credentials_invalid`, 502 `shop_unreachable`); 409 `shop_exists`. Credentials are encrypted at ' +
          "rest; the shop's notifications are subscribed.",
        body: ZShopCreate,
        response: { 200: ZShopItem },
      },
    },
    async (req) => ({ item: await connectShop(ctxOf(req, deps), req.body) }),
  );

  app.patch(
    '/api/shops/:id',
    {
      config: sellers,
      schema: {
        description: "Pause or resume a shop's sync (`{paused}`): paused, the live's changes wait.",
        params: ZShopIdParams,
        body: ZShopUpdate,
        response: { 200: ZShopItem },
      },
    },
    async (req) => ({ item: await setPaused(ctxOf(req, deps), req.params.id, req.body.paused) }),
  );

  app.delete(
    '/api/shops/:id',
    {
      config: sellers,
      schema: {
        description: 'Disconnect a shop: its links, journal and log go; the imported products stay.',
        params: ZShopIdParams,
        response: { 200: ZSuccess },
      },
    },
    async (req) => {
      await disconnectShop(ctxOf(req, deps), req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/shops/:id/import',
    {
      config: sellers,
      schema: {
        description:
          "Start importing the shop's catalogue (products, variants, prices, SKUs, photos by link, stock), in " +
          'the background: `{job}`; poll `GET` for its progress and report. 409 `shop_import_running`.',
        params: ZShopIdParams,
        response: { 200: ZShopImportAnswer },
      },
    },
    async (req) => ({ job: await startImport(ctxOf(req, deps), deps.database, req.params.id) }),
  );

  app.get(
    '/api/shops/:id/import',
    {
      config: sellers,
      schema: {
        description: "The shop's latest import: progress while it runs, then its report (null: none yet).",
        params: ZShopIdParams,
        response: { 200: ZShopImportAnswer },
      },
    },
    async (req) => ({ job: await latestImport(ctxOf(req, deps), req.params.id) }),
  );

  app.post(
    '/api/shops/:id/publish',
    {
      config: sellers,
      schema: {
        description:
          'Publish imported products with their keywords as edited: `{items: [{id, keyword}]}`. A keyword taken ' +
          'is refused on its item (`fields["items.<i>.keyword"]`), and nothing is published.',
        params: ZShopIdParams,
        body: ZShopPublish,
        response: { 200: z.object({ success: z.literal(true), published: z.number() }) },
      },
    },
    async (req) => publishShopProducts(ctxOf(req, deps), req.params.id, req.body),
  );

  app.get(
    '/api/shops/:id/log',
    {
      config: sellers,
      schema: {
        description:
          "The shop's sync log, newest first: what moved and when, failures with the platform's message.",
        params: ZShopIdParams,
        querystring: ZShopLogQuery,
        response: { 200: ZShopLog },
      },
    },
    async (req) => shopLogPage(ctxOf(req, deps), req.params.id, req.query),
  );

  app.post(
    '/api/shops/:id/log/:logId/retry',
    {
      config: sellers,
      schema: {
        description: 'Send a failed order or shipment to the shop again now. 409 `shop_log_not_retryable`.',
        params: ZShopLogParams,
        response: { 200: ZSuccess },
      },
    },
    async (req) => {
      await retryLogEntry(ctxOf(req, deps), req.params.id, req.params.logId);
      return { success: true as const };
    },
  );

  app.post(
    '/api/shops/:id/sync',
    {
      config: sellers,
      schema: {
        description:
          "Sync the shop now: the live's pending stock changes, orders and shipments, then its whole stock read again.",
        params: ZShopIdParams,
        response: { 200: ZShopItem },
      },
    },
    async (req) => ({ item: await syncNow(ctxOf(req, deps), deps.database, req.params.id) }),
  );

  app.get(
    `${INSTALL_PATH}/install`,
    {
      // issues the OAuth state and its cookie
      config: { ...sellers, changesState: true, refusedWhileImpersonating: true },
      schema: {
        description:
          "With the platform's Shopify app configured: the shop's page approving it (`{url}`, a signed state bound " +
          'to this browser by an httpOnly cookie, valid 15 minutes). 404 without the app.',
        querystring: ZShopifyInstallQuery,
        response: { 200: ZShopifyInstallStart },
      },
    },
    async (req, reply) => {
      const { url, nonce } = await startInstall(ctxOf(req, deps), req.query.shop);
      reply.setCookie(INSTALL_COOKIE, nonce, {
        path: INSTALL_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.config.publicUrl.startsWith('https:'),
        maxAge: INSTALL_TTL_MS / 1000,
      });
      return { url };
    },
  );

  app.get(
    `${INSTALL_PATH}/callback`,
    {
      // Shopify sends the browser back from the shop's admin; its signature and the state name the seller.
      config: { ...sellers, crossSite: 'oauth_return', changesState: true, refusedWhileImpersonating: true },
      schema: {
        description:
          "Shopify's redirect after the app's approval: checks Shopify's `hmac`, the state and cookie, exchanges " +
          'the code for the access token, checks the scopes and connects the shop, then redirects to ' +
          '/inventory?tab=shops&connect=ok (or `connect=error&error=<code>`, nothing saved).',
      },
    },
    async (req, reply) => {
      const base = `${req.locale === 'en' ? '/en' : ''}/inventory?tab=shops`;
      const nonce = req.cookies[INSTALL_COOKIE];
      reply.clearCookie(INSTALL_COOKIE, { path: INSTALL_PATH });
      try {
        await finishInstall(ctxOf(req, deps), req.query as Record<string, string>, nonce);
        return reply.redirect(`${base}&connect=ok`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        req.log.warn({ err: err.message }, 'shopify install refused');
        return reply.redirect(`${base}&connect=error&error=${encodeURIComponent(err.code)}`);
      }
    },
  );

  app.get(
    '/api/shops/sandbox',
    {
      config: sellers,
      schema: {
        description:
          'Outside production: the demo Shopify and WooCommerce shops this server runs, to connect without an ' +
          'outside account. 404 in production.',
        response: { 200: ZShopSandbox },
      },
    },
    async (req) => {
      if (!deps.config.shopSync.sandbox || deps.config.env === 'production') throw new AppError('not_found');
      await shopSyncSeller(ctxOf(req, deps));
      return { shops: await sandboxShops(app) };
    },
  );

  // The platforms sign the exact bytes: this route alone gets its body unparsed.
  await app.register(async (scope) => {
    // (WooCommerce's first ping is a form.)
    scope.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
    scope.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'buffer' },
      (_req, body, done) => done(null, body),
    );
    (scope as unknown as App).post(
      '/api/shops/webhooks/:id',
      {
        config: { access: 'public', crossSite: 'server' },
        schema: {
          description:
            "A shop's notification (Shopify `X-Shopify-Hmac-Sha256`, WooCommerce `X-WC-Webhook-Signature`): " +
            'signature checked (401 `webhook_signature_invalid`), kept once per delivery, applied by the sync.',
          params: ZShopIdParams,
          response: { 200: ZReceived },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await receiveWebhook(
          { db: deps.database.db, config: deps.config, log: req.log },
          req.params.id,
          raw,
          req.headers,
        );
        return { success: true as const };
      },
    );
  });
}
