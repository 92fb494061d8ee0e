import { z } from 'zod';
import { zPrice } from './products.ts';
import { fieldMessage, zCountryId, zText } from './validation.ts';

/*
 * Shipping (SPEC §2 Shipping, §3 Shipping method and Free-shipping period, §7 Shipping).
 * The admin owns the carrier catalogue (name, logo). Every seller sees every catalogue method
 * with their own switch, countries and prices: the ids of these calls are the catalogue's, the
 * same for every seller, and what a seller sets is theirs alone. Prices are euros.
 */

/** A shipping logo: png, jpg, webp or svg checked by content, at most 1 MB. */
export const SHIPPING_LOGO_MAX_BYTES = 1024 * 1024;
/** A method is priced for at most this many countries (every country of the reference list fits). */
export const MAX_SHIPPING_COUNTRIES = 300;

/** A price of a method to one country. */
export const ZShippingCountryPrice = z.object({ country_id: z.number(), price: z.number() });
export type TShippingCountryPrice = z.infer<typeof ZShippingCountryPrice>;

/**
 * One method of the list. For a seller: `status` is their switch (off until they switch it on or
 * price a country), `countries` their prices. For admin: `status` is true, `countries` empty, and
 * `sellers` counts the sellers who have it on with at least one price.
 */
export const ZShippingMethod = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  status: z.boolean(),
  countries: z.array(ZShippingCountryPrice),
  sellers: z.number().optional(),
});
export type TShippingMethod = z.infer<typeof ZShippingMethod>;

/** GET shipping/fetch-all: every catalogue method, by name. */
export const ZShippingFetchAllResponse = z.object({ shippings: z.array(ZShippingMethod) });
/** GET shipping/fetch/{id}. */
export const ZShippingFetchResponse = z.object({ item: ZShippingMethod });

/** Control characters (tabs, bells, line breaks) and invisible ones (zero-width, bidi overrides). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * The form a carrier name is compared in: compatibility forms folded (`Ｃ` is `C`, a no-break
 * space a space), lower case, spaces collapsed. Two catalogue names may not share it.
 */
export const shippingNameKey = (name: string) =>
  name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * POST shipping/create, POST shipping/update/{id} (JSON, or multipart with a `logo` file). A name
 * holding a control or invisible character is `invalid_characters`.
 */
export const ZShippingMethodBody = z.strictObject({
  name: zText(1, 100).refine((s) => !INVISIBLE.test(s), 'invalid_characters'),
});
export type TShippingMethodBody = z.infer<typeof ZShippingMethodBody>;

/** PUT shipping/change-status/{id}, PUT shipping/change-statuses: a seller's switch. */
export const ZShippingStatusBody = z.strictObject({ status: z.boolean({ error: 'invalid' }) });

/**
 * POST shipping/save-countries/{id}: replaces the seller's list. Each country once; a price in
 * euros, 0 or more (0 ships free to that country).
 */
export const ZSaveCountriesBody = z.strictObject({
  countries: z
    .array(z.strictObject({ country_id: zCountryId(), price: zPrice() }), { error: 'invalid' })
    .max(MAX_SHIPPING_COUNTRIES, fieldMessage('max_items', MAX_SHIPPING_COUNTRIES))
    .refine((list) => new Set(list.map((c) => c.country_id)).size === list.length, 'duplicate_country'),
});
export type TSaveCountriesBody = z.infer<typeof ZSaveCountriesBody>;

/** Answers of the calls that change one method: the method as the caller now sees it. */
export const ZShippingMethodResult = z.object({ success: z.literal(true), item: ZShippingMethod });
export const ZShippingStatusesResult = z.object({
  success: z.literal(true),
  shippings: z.array(ZShippingMethod),
});

/**
 * POST shipping/threshold: free shipping from this order amount (euros); null (or an empty field)
 * clears it. The field is required: a body without it changes nothing (`required`); a bad amount
 * is named as the price fields name it (`numeric`, `not_negative`, `invalid`).
 */
export const ZThresholdBody = z.strictObject({
  threshold: z.preprocess((v) => (v === '' ? null : v), zPrice().nullable()),
});
export type TThresholdBody = z.infer<typeof ZThresholdBody>;
export const ZThresholdResult = z.object({ success: z.literal(true), threshold: z.number().nullable() });

/** A free-shipping window as the seller sees it; `state` compares it with now. */
export const FREE_PERIOD_STATES = ['scheduled', 'active', 'ended'] as const;
export const ZFreePeriod = z.object({
  id: z.number(),
  free_shipping_from: z.string(),
  free_shipping_to: z.string(),
  state: z.enum(FREE_PERIOD_STATES),
  created_at: z.string(),
});
export type TFreePeriod = z.infer<typeof ZFreePeriod>;

/** GET shipping/free-period: the seller's window (scheduled, active, or ended and not yet replaced or cleared), or null. */
export const ZFreePeriodResponse = z.object({ item: ZFreePeriod.nullable() });

/** The instants PostgreSQL and ISO 8601 both write with four-digit years (after the offset is applied). */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An ISO 8601 date-time with its offset (`2026-12-04T19:00:00+01:00`, `…Z`), a day the calendar
 * has, at an instant of the years 0001 to 9999 once its offset is applied (`9999-12-31T23:00-01:00`
 * is in the year 10000: `date`).
 */
export const zDateTime = () =>
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(s), 'date')
    .refine((s) => {
      const t = Date.parse(s);
      if (Number.isNaN(t) || t < FIRST_INSTANT || t > LAST_INSTANT) return false;
      // 2026-02-31T… parses in some engines by rolling over: the day must be the one written
      const day = s.slice(0, 10);
      const [y, m, d] = day.split('-').map(Number);
      const check = new Date(Date.UTC(y, m - 1, d));
      return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
    }, 'date');

/**
 * POST shipping/free-period: a new window (it replaces the current one, which the screen confirms
 * first). `free_shipping_to` after `free_shipping_from` and after now.
 */
export const ZFreePeriodBody = z
  .strictObject({ free_shipping_from: zDateTime(), free_shipping_to: zDateTime() })
  .refine((b) => Date.parse(b.free_shipping_to) > Date.parse(b.free_shipping_from), {
    message: 'period_order',
    path: ['free_shipping_to'],
  });
export type TFreePeriodBody = z.infer<typeof ZFreePeriodBody>;
export const ZFreePeriodResult = z.object({ success: z.literal(true), item: ZFreePeriod });
