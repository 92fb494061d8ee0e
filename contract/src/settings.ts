import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { zCartDuration } from './validation.ts';

/**
 * The seller's shop settings (SPEC §3 "Settings item"): the language of everything the shop's
 * shoppers receive (private replies, checkout link, e-mails, invoices) and the default cart
 * duration of new live sessions. Free shipping and legal documents join this item and the same
 * calls later. `updated_at` is null while the seller never saved them (the defaults apply).
 */
export const ZShopSettings = z.object({
  user_id: z.number(),
  shop_locale: z.enum(LOCALES),
  cart_duration: z.number(),
  updated_at: z.string().nullable(),
});
export type TShopSettings = z.infer<typeof ZShopSettings>;

/** GET fetch-settings. */
export const ZShopSettingsResponse = z.object({ item: ZShopSettings });

/**
 * POST update-settings: only the fields given change. A field the call does not know answers 400
 * naming it (`unknown_field`), an empty body `fill_one_field`.
 */
export const ZUpdateSettingsBody = z
  .strictObject({
    shop_locale: z.enum(LOCALES, { error: 'invalid' }).optional(),
    cart_duration: zCartDuration().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'fill_one_field',
    path: ['_'],
  });
export type TUpdateSettingsBody = z.infer<typeof ZUpdateSettingsBody>;

/** POST update-settings answers the settings as saved. */
export const ZUpdateSettingsResult = z.object({ success: z.literal(true), item: ZShopSettings });
