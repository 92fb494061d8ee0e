import { z } from 'zod';
import { LOCALES, ROLE } from './constants.ts';
import { zEmail, zName, zPassword, zPhone, zText } from './validation.ts';

export const ZLocaleQuery = z.object({ locale: z.enum(LOCALES).default('fr') });

/** Sign-up form: shopper or seller, terms accepted (SPEC §2, §5). Sends the e-mail link. */
export const ZInviteBody = z
  .object({
    role_id: z.union([z.literal(ROLE.buyer), z.literal(ROLE.seller)]),
    email: zEmail(),
    first_name: zName(),
    last_name: zName(),
    phone: zPhone().optional(),
    company_name: zText(1, 150).optional(),
    tax_id: zText(1, 50).optional(),
    accept_terms: z.boolean({ error: 'terms' }),
  })
  .superRefine((v, ctx) => {
    if (v.accept_terms !== true) ctx.addIssue({ code: 'custom', path: ['accept_terms'], message: 'terms' });
    if (v.role_id !== ROLE.seller) return;
    if (!v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'required' });
    if (!v.company_name) ctx.addIssue({ code: 'custom', path: ['company_name'], message: 'required' });
    if (!v.tax_id) ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'required' });
  });
export type TInviteBody = z.infer<typeof ZInviteBody>;

/**
 * E-mail verification (or restore) page: creates the password from the e-mailed token and signs
 * the browser in.
 */
export const ZSetPasswordBody = z
  .object({
    token: z.string().min(10),
    password: zPassword(),
    confirm_password: z.string(),
    first_name: zName().optional(),
    last_name: zName().optional(),
    phone: zPhone().optional(),
    /** Keep this browser signed in for 30 days (as "remember me" on the sign-in form). */
    remember: z.boolean({ error: 'invalid' }).optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    message: 'passwords_match',
  });
export type TSetPasswordBody = z.infer<typeof ZSetPasswordBody>;

export const ZRestorePasswordBody = z.object({ email: zEmail() });

/** An e-mailed link read before it is used: `GET auth/link?token`. */
export const ZEmailedLinkQuery = z.object({ token: z.string().min(10).max(200) });

/** The account an e-mailed link sets the password of, shown on its page before anything is typed. */
export const ZEmailedLink = z.object({ email: z.string(), purpose: z.enum(['verify', 'restore']) });
export type TEmailedLink = z.infer<typeof ZEmailedLink>;

export const ZOkResponse = z.object({ success: z.boolean(), message: z.string().optional() });
