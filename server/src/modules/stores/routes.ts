import { ROLE } from '@livecart/contract/constants';
import { ZSuccess } from '@livecart/contract/products';
import {
  ZConnectCallbackQuery,
  ZConnectStart,
  ZSocialPages,
  ZSocialSyncBody,
  ZSocialSyncResult,
  ZStoreIdParams,
  ZStoreList,
  ZStoreListQuery,
  ZStoreResult,
} from '@livecart/contract/stores';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { CONNECT_PATH, finishConnect, STATE_COOKIE, STATE_TTL_MS, startConnect } from './connect.ts';
import { disconnectStore, listStores, selectStore, syncStore } from './my-stores.ts';
import { listSocialPages, socialSync } from './pages.ts';

const sellers = { access: [ROLE.seller] } as const;

/** My Stores (SPEC §7 Stores, Profile): connect Facebook, pick pages, sync, select, disconnect. */
export async function storesModule(app: App, deps: Deps) {
  app.get(
    `${CONNECT_PATH}/connect`,
    {
      // issues the OAuth state and its cookie
      config: { ...sellers, changesState: true, refusedWhileImpersonating: true },
      schema: {
        description:
          '"Connect my pages": `{mode: "facebook", url}`, Facebook’s login dialog to open (a signed state ' +
          'bound to this browser by an httpOnly cookie, valid 15 minutes, single use), or `{mode: "sandbox"}` ' +
          'without a Meta app outside production (pick demo pages at once). In production without the Meta ' +
          'app: 503 `facebook_not_configured`.',
        response: { 200: ZConnectStart },
      },
    },
    async (req, reply) => {
      const { nonce, ...start } = startConnect(ctxOf(req, deps));
      if (nonce) {
        reply.setCookie(STATE_COOKIE, nonce, {
          path: CONNECT_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.config.publicUrl.startsWith('https:'),
          maxAge: STATE_TTL_MS / 1000,
        });
      }
      return start;
    },
  );

  app.get(
    `${CONNECT_PATH}/callback`,
    {
      // Facebook sends the browser back from its own site; the signed state and the cookie name the seller.
      config: { ...sellers, crossSite: 'oauth_return', changesState: true, refusedWhileImpersonating: true },
      schema: {
        description:
          'The OAuth redirect URI: checks the state, exchanges the code for a long-lived user token, checks ' +
          'the permissions, saves the account (token encrypted) and redirects to /stores?connect=pick; ' +
          'refused (bad or reused state, denied, a permission missing): /stores?connect=error&error=<code>' +
          '[&permission=<name>], nothing saved.',
        querystring: ZConnectCallbackQuery,
      },
    },
    async (req, reply) => {
      const base = `${req.locale === 'en' ? '/en' : ''}/stores`;
      const nonce = req.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, { path: CONNECT_PATH });
      try {
        await finishConnect(ctxOf(req, deps), req.query, nonce);
        return reply.redirect(`${base}?connect=pick`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        req.log.warn({ err: err.message }, 'facebook connect refused');
        const permission = err.extra?.params?.permission;
        return reply.redirect(
          `${base}?connect=error&error=${encodeURIComponent(err.code)}${
            permission ? `&permission=${encodeURIComponent(String(permission))}` : ''
          }`,
        );
      }
    },
  );

  app.get(
    '/api/social-account/pages',
    {
      config: sellers,
      schema: {
        description:
          'The pages of the seller’s connected Facebook account (every `/me/accounts` page) with their ' +
          'Instagram business account, each marked `added` when already a store; the demo pages in the ' +
          'sandbox. Not connected: 400 `facebook_account_missing`; token rejected: `facebook_token_invalid`.',
        response: { 200: ZSocialPages },
      },
    },
    (req) => listSocialPages(ctxOf(req, deps)),
  );

  app.post(
    '/api/social-sync',
    {
      config: sellers,
      schema: {
        description:
          'Adds (or refreshes) the chosen pages `page_ids` and their Instagram accounts as stores, page ' +
          'tokens encrypted, each page subscribed to the app’s webhooks (feed, live_videos). An id that is ' +
          'not one of the account’s pages: 400 `page_not_found`, nothing changed. The first store becomes ' +
          'the selected one when there is none; replies refused for a rejected token are sent again ' +
          '(`resent`). Answers `{success, count, resent, items}`.',
        body: ZSocialSyncBody,
        response: { 200: ZSocialSyncResult },
      },
    },
    (req) => socialSync(ctxOf(req, deps), req.body.page_ids),
  );

  app.get(
    '/api/fetch-stores',
    {
      config: sellers,
      schema: {
        description:
          'My Stores: the seller’s pages and Instagram accounts, 20 a page (limit 20, offset), newest ' +
          'first, `query` searching names; each with its token state. Answers `{count, items}`.',
        querystring: ZStoreListQuery,
        response: { 200: ZStoreList },
      },
    },
    (req) => listStores(ctxOf(req, deps), req.query),
  );

  app.post(
    '/api/stores/sync/:id',
    {
      config: sellers,
      schema: {
        description:
          'Synchronises the store: re-reads its page (name, photo, followers, Instagram account) and its ' +
          'token’s validity and expiry. A token Facebook rejects marks the store and answers 400 ' +
          '`facebook_token_invalid` (connect again); a working one clears the mark and sends again the ' +
          'replies refused for it (`resent`). Another seller’s id: 404.',
        params: ZStoreIdParams,
        response: { 200: ZStoreResult },
      },
    },
    (req) => syncStore(ctxOf(req, deps), req.params.id),
  );

  app.post(
    '/api/stores/select/:id',
    {
      config: sellers,
      schema: {
        description:
          'Makes the store the seller’s default one: new live sessions use it (one per seller). Another ' +
          'seller’s id: 404.',
        params: ZStoreIdParams,
        response: { 200: ZStoreResult },
      },
    },
    (req) => selectStore(ctxOf(req, deps), req.params.id),
  );

  app.delete(
    '/api/stores/:id',
    {
      config: sellers,
      schema: {
        description:
          'Disconnects the store: a Facebook page is unsubscribed from the webhooks and removed with its ' +
          'Instagram account, tokens included; sessions stay and reply through the simulator. Another ' +
          'seller’s id: 404. Answers `{success, count}` (stores removed).',
        params: ZStoreIdParams,
        response: { 200: ZSuccess },
      },
    },
    (req) => disconnectStore(ctxOf(req, deps), req.params.id),
  );
}
