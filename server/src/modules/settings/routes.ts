import { ROLE } from '@livecart/contract/constants';
import {
  ZShopSettingsResponse,
  ZUpdateSettingsBody,
  ZUpdateSettingsResult,
} from '@livecart/contract/settings';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { fetchSettings, updateSettings } from './service.ts';

const seller = { access: [ROLE.seller] } as const;

export async function settingsModule(app: App, deps: Deps) {
  app.get(
    '/api/fetch-settings',
    {
      config: seller,
      schema: {
        description:
          'The seller’s shop settings `{item: {user_id, shop_locale, cart_duration, updated_at}}`: ' +
          '`shop_locale` (fr or en, French until saved) is the language of everything the shop’s shoppers ' +
          'receive (private replies, checkout link, e-mails, invoices) unless a shopper chose another at ' +
          'checkout; `cart_duration` (minutes, 30 until saved) is the cart duration new live sessions ' +
          'start with. `updated_at` is null while never saved.',
        response: { 200: ZShopSettingsResponse },
      },
    },
    async (req) => ({ item: await fetchSettings(ctxOf(req, deps)) }),
  );

  app.post(
    '/api/update-settings',
    {
      config: seller,
      schema: {
        description:
          'Saves the fields given: `shop_locale` (fr or en), `cart_duration` (whole minutes 0..1440). A bad ' +
          'value answers 400 `validation` naming it, a field this call does not take `unknown_field`, ' +
          'an empty body `fill_one_field` (under `_`); nothing is saved then. Answers `{success, item}`.',
        body: ZUpdateSettingsBody,
        response: { 200: ZUpdateSettingsResult },
      },
    },
    async (req) => ({
      success: true as const,
      item: await updateSettings(ctxOf(req, deps), req.body),
    }),
  );
}
