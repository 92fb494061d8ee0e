import { z } from 'zod';
import { LOCALES, MIN_LENGTH, ROLE, USER_STATUSES } from './constants.ts';

/** The signed-in user as the session and `GET profile` describe it (SPEC §3 Current user). */
export const ZCurrentUser = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  email_real: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  /** A seller's company registration number (SIRET…) and VAT number, printed on invoices. */
  tax_id: z.string().nullable().optional(),
  vat_number: z.string().nullable().optional(),
  photo: z.string().nullable(),
  role_id: z.union([z.literal(ROLE.buyer), z.literal(ROLE.seller), z.literal(ROLE.admin)]),
  status: z.enum(USER_STATUSES),
  subscription_id: z.string().nullable(),
  subscription_expired: z.boolean(),
  selected_locale: z.enum(LOCALES),
  planId: z.number().int().nullable(),
  /** A seller on the free trial: when it ends (ISO); null or absent otherwise. */
  trial_end: z.string().nullable().optional(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/**
 * The admin signed in as the current user (a seller) through "log in as": present in the session
 * and profile answers while it lasts, so every page shows the banner that leads back.
 */
export const ZImpersonator = z.object({ id: z.number().int(), email: z.string().nullable() });
export type TImpersonator = z.infer<typeof ZImpersonator>;

/** What `GET /api/auth/session` answers once signed in. */
export const ZSession = z.object({
  user: ZCurrentUser,
  expires: z.string(),
  /** While an admin is signed in as this seller: that admin; null otherwise. */
  impersonated_by: ZImpersonator.nullable().optional(),
});
export type TSession = z.infer<typeof ZSession>;

// zod-free, so the back office's frame stays light (email.ts)
export { EMAIL_PATTERN, isValidEmail, needsEmail } from './email.ts';
// zod-free, so the web app's guards stay light (plan.ts)
export { hasFakeSubscription, sellerNeedsPlan } from './plan.ts';

export { MIN_LENGTH };
