import { z } from 'zod';
import { BLOCKED_MESSAGE_MAX } from './buyers.ts';
import { DOCUMENT_TYPES, LOCALES } from './constants.ts';
import { fieldMessage, zCartDuration, zUrl } from './validation.ts';

/**
 * The seller's shop settings (SPEC §3 "Settings item"): the language of everything the shop's
 * shoppers receive (private replies, checkout link, e-mails, invoices), the default cart duration
 * of new live sessions, free shipping (threshold on/off and amount in euros; the window's switch)
 * and the legal documents. Each document is an uploaded PDF (`*_doc`, the address it is served
 * at) or a link (`*_link`), never both; `doctype` is the kind saved last. `updated_at` is null
 * while the seller never saved them (the defaults apply).
 */
export const ZShopSettings = z.object({
  user_id: z.number(),
  shop_locale: z.enum(LOCALES),
  cart_duration: z.number(),
  free_shipping_status: z.boolean(),
  free_shipping_threshold: z.number().nullable(),
  free_shipping_timer: z.boolean(),
  doctype: z.enum(['file', 'link']),
  privacy_doc: z.string().nullable(),
  terms_doc: z.string().nullable(),
  delivery_doc: z.string().nullable(),
  return_doc: z.string().nullable(),
  privacy_link: z.string().nullable(),
  terms_link: z.string().nullable(),
  delivery_link: z.string().nullable(),
  return_link: z.string().nullable(),
  /** What a blocked shopper's comment is answered with; null: the default text in the shop's language. */
  blocked_message: z.string().nullable(),
  created_at: z.string().nullable(),
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
    // trimmed; empty or null goes back to the default text
    blocked_message: z
      .string({ error: 'invalid' })
      .trim()
      .max(BLOCKED_MESSAGE_MAX, fieldMessage('max_chars', BLOCKED_MESSAGE_MAX))
      .nullable()
      .transform((s) => s || null)
      .optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'fill_one_field',
    path: ['_'],
  });
export type TUpdateSettingsBody = z.infer<typeof ZUpdateSettingsBody>;

/** POST update-settings answers the settings as saved (as do the legal-document calls). */
export const ZUpdateSettingsResult = z.object({ success: z.literal(true), item: ZShopSettings });

/** The legal documents, as `typedoc` / `type` name them (SPEC §7), and their columns. */
export { DOCUMENT_TYPES };
export type TLegalDocType = (typeof DOCUMENT_TYPES)[number];
export const LEGAL_DOC_COLUMN = {
  policy: 'privacy',
  terms: 'terms',
  delivery: 'delivery',
  return: 'return',
} as const satisfies Record<TLegalDocType, string>;

/** An uploaded legal document: a PDF checked by content, at most 10 MB. */
export const LEGAL_DOC_MAX_BYTES = 10 * 1024 * 1024;
export const LEGAL_LINK_MAX = 1000;

/**
 * What an address never holds as typed: spaces, line breaks, control characters and invisible
 * ones (zero-width, right-to-left override). NUL is left to the text guard (`invalid_characters`).
 */
const NOT_IN_LINK = /(?!\0)[\s\p{Cc}\p{Cf}]/u;

const zLink = () =>
  z
    .union([
      z.null(),
      z.literal(''),
      // checks side by side (not piped): a link too long is named `max_chars`, not an unknown union error
      zUrl()
        .refine((s) => !NOT_IN_LINK.test(s), 'url')
        .max(LEGAL_LINK_MAX, fieldMessage('max_chars', LEGAL_LINK_MAX)),
    ])
    .transform((v) => v || null)
    .optional();

/**
 * POST update-link-settings: the links given replace the seller's (empty or null removes one; a
 * link replaces that document's uploaded PDF); links left out stay. http(s) only, without spaces
 * or invisible characters, else `url` ("Wrong URL format"). At least one document or link must remain (`legal_settings_empty`).
 */
export const ZLinkSettingsBody = z
  .strictObject({
    privacy_link: zLink(),
    terms_link: zLink(),
    delivery_link: zLink(),
    return_link: zLink(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'fill_one_field',
    path: ['_'],
  });
export type TLinkSettingsBody = z.infer<typeof ZLinkSettingsBody>;

/** POST update-file-settings?typedoc=policy|terms|delivery|return (multipart, one PDF). */
export const ZFileSettingsQuery = z.object({
  typedoc: z.enum(DOCUMENT_TYPES, { error: 'invalid' }),
});

/** GET remove-settings-file?type=…: `tmpfile` and `ext` of SPEC are accepted and not needed. */
export const ZRemoveFileQuery = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: 'invalid' }),
  tmpfile: z.string().max(500, 'invalid').optional(),
  ext: z.string().max(10, 'invalid').optional(),
});
