import type { TCurrentUser } from './user.ts';

/*
 * E-mail checks without zod: the back office's frame runs `needsEmail` on every page, and the
 * schemas of `user.ts` would bring zod into its first load. `user.ts` re-exports them.
 */

/**
 * Loose e-mail pattern of SPEC §5: one bare address. Without the characters that make an address
 * header a list or a name (`<>()[],;:"\`): `a<victim@x.com` or `victim@x.com,b` would reach the
 * same mailbox under a new spelling each time, past the per-e-mail limits of the public forms.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\]+$/;

export const isValidEmail = (value: string | null | undefined): boolean =>
  !!value && EMAIL_PATTERN.test(value);

/** The add-an-email notice shows when neither email nor email_real is valid. */
export const needsEmail = (user: Pick<TCurrentUser, 'email' | 'email_real'>): boolean =>
  !isValidEmail(user.email) && !isValidEmail(user.email_real);
