import { z } from 'zod';
import { EMAIL_PATTERN } from './user.ts';

/**
 * Zod building blocks whose issue messages are field-error codes of `errors.ts`
 * (`required`, `min_chars:5`, …), so server and web show the same SPEC §5 text.
 */
export const fieldMessage = (code: string, charNumber?: number) =>
  charNumber === undefined ? code : `${code}:${charNumber}`;

/** Splits `min_chars:5` into its code and number. */
export function parseFieldMessage(message: string): { code: string; charNumber?: number } {
  const [code, n] = message.split(':');
  return n === undefined ? { code } : { code, charNumber: Number(n) };
}

const noEdgeSpaces = (s: string) => s === s.trim();

/** A required text: not empty, no leading or trailing spaces, at least `min` characters. */
export const zText = (min = 1, max = 255) =>
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .refine(noEdgeSpaces, 'no_edge_spaces')
    .refine((s) => s.length >= min, fieldMessage('min_chars', min))
    .refine((s) => s.length <= max, fieldMessage('max_chars', max));

/** An optional text: empty or null becomes null. */
export const zOptionalText = (max = 255) =>
  z
    .string()
    .max(max, fieldMessage('max_chars', max))
    .refine(noEdgeSpaces, 'no_edge_spaces')
    .nullish()
    .transform((s) => (s ? s : null));

/** Letters (any alphabet), spaces, apostrophes and hyphens: names. */
export const zName = () => zText(1, 100).refine((s) => /^[\p{L}][\p{L}\p{M}' -]*$/u.test(s), 'only_letters');

export const zEmail = () =>
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .refine(noEdgeSpaces, 'no_edge_spaces')
    .refine((s) => EMAIL_PATTERN.test(s), 'email')
    .transform((s) => s.toLowerCase());

export const zPassword = () =>
  z.string({ error: 'required' }).min(1, 'required').min(6, 'password_min').max(200);

export const zPhone = () => zText(5, 30);

export const zCountryId = () => z.coerce.number({ error: 'country' }).int('country').positive('country');

export const zUrl = () =>
  z.string().refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'url');

export const zId = () => z.coerce.number().int().positive();
