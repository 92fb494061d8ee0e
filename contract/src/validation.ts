import { z } from 'zod';
import { CART_DURATION_MAX_MINUTES, MAX_ID } from './constants.ts';
import { EMAIL_PATTERN } from './email.ts';

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

/**
 * Characters as a person counts them: an emoji is one, not the two UTF-16 units of `length`.
 * Counted by code points, as PostgreSQL's `char_length` does.
 */
export const charCount = (s: string) => [...s].length;

/** A required text: not empty, no leading or trailing spaces, at least `min` characters. */
export const zText = (min = 1, max = 255) =>
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .refine(noEdgeSpaces, 'no_edge_spaces')
    .refine((s) => s.length >= min, fieldMessage('min_chars', min))
    .refine((s) => s.length <= max, fieldMessage('max_chars', max));

/** An optional text: empty or null becomes null; when given, at least `min` characters. */
export const zOptionalText = (max = 255, min = 1) =>
  z
    .string()
    .max(max, fieldMessage('max_chars', max))
    .refine(noEdgeSpaces, 'no_edge_spaces')
    .refine((s) => !s || s.length >= min, fieldMessage('min_chars', min))
    .nullish()
    .transform((s) => (s ? s : null));

/** Letters (any alphabet), spaces, apostrophes and hyphens: names. */
export const zName = () => zText(1, 100).refine((s) => /^[\p{L}][\p{L}\p{M}' -]*$/u.test(s), 'only_letters');

/** The longest address SMTP carries (RFC 5321: 254 characters); the columns hold 255. */
export const EMAIL_MAX = 254;

export const zEmail = () =>
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .max(EMAIL_MAX, fieldMessage('max_chars', EMAIL_MAX))
    .refine(noEdgeSpaces, 'no_edge_spaces')
    .refine((s) => EMAIL_PATTERN.test(s), 'email')
    .transform((s) => s.toLowerCase());

export const zPassword = () =>
  z.string({ error: 'required' }).min(1, 'required').min(6, 'password_min').max(200);

/** What a phone number may be written with: digits, spaces, `+`, brackets, dots, dashes, slashes. */
export const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/;

/**
 * A phone number as typed: its characters first (`abc` is not a short number), then SPEC's
 * minimum of 5. Whether it is a number of the address's country is `checkAddressForCountry`'s.
 */
export const zPhone = () =>
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .refine(noEdgeSpaces, 'no_edge_spaces')
    .refine((s) => PHONE_CHARACTERS.test(s), 'phone')
    .refine((s) => s.length >= 5, fieldMessage('min_chars', 5))
    .refine((s) => s.length <= 30, fieldMessage('max_chars', 30));

/** A row id: a whole number from 1 to MAX_ID, given as a number or as text (query strings). */
export const zId = (error = 'invalid') =>
  z.coerce.number({ error }).int(error).positive(error).max(MAX_ID, error);

export const zCountryId = () => zId('country');

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `s` is a day of the calendar as `YYYY-MM-DD`, years 0001 to 9999 (2026-02-31 is not). */
export function isCalendarDay(s: string): boolean {
  const m = DAY_PATTERN.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/**
 * A day `YYYY-MM-DD` that exists: another format is `invalid`, a day the calendar does not have
 * (2026-02-31, year 0000) is `date`. A regex alone lets PostgreSQL refuse it later (a 500).
 */
export const zCalendarDay = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .regex(DAY_PATTERN, { message: 'invalid', abort: true })
    .refine(isCalendarDay, 'date');

export const zUrl = () =>
  z.string().refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'url');

/** A cart duration in minutes: 0 (carts never expire by timer) to 24 hours (SPEC §9). */
export const zCartDuration = () =>
  z
    .number({ error: 'numeric' })
    .int('integer')
    .min(0, 'cart_duration_range')
    .max(CART_DURATION_MAX_MINUTES, 'cart_duration_range');
