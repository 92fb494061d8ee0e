import { z } from 'zod';
import { ZAddressPlace } from './address.ts';
import { LOCALES } from './constants.ts';
import { zEmail, zId, zName, zOptionalText, zPassword, zPhone } from './validation.ts';

/** My profile: personal information. The e-mail can be added when the account has none. */
export const ZProfileBody = z.object({
  first_name: zName(),
  last_name: zName(),
  phone: zPhone().nullish(),
  company_name: zOptionalText(150),
  /** A seller's company registration number and VAT number (invoices, first-live checklist). */
  tax_id: zOptionalText(50),
  vat_number: zOptionalText(50).refine((s) => !s || /^[A-Za-z]{2}[A-Za-z0-9 .+*-]{2,20}$/.test(s), 'vat'),
  email: zEmail().optional(),
});
export type TProfileBody = z.infer<typeof ZProfileBody>;

export const ZChangePasswordBody = z
  .object({
    old_password: z.string().min(1, 'required'),
    password: zPassword(),
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'passwords_match',
  });

/** An address; `id` present means update (SPEC §3 Address). */
export const ZAddressBody = z.object({ id: zId().optional(), ...ZAddressPlace.shape });
export type TAddressBody = z.infer<typeof ZAddressBody>;

export const ZAddress = z.object({
  id: z.number(),
  address_type: z.string(),
  country_id: z.number(),
  state: z.string().nullable(),
  post_code: z.string().nullable(),
  city: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZSetLocaleQuery = z.object({ locale: z.enum(LOCALES) });

export const ZCountry = z.object({
  id: z.number(),
  iso: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
});
export type TCountry = z.infer<typeof ZCountry>;
