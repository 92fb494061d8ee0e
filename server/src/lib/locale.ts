import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@livecart/contract/constants';

export const isLocale = (v: unknown): v is TLocale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** The language of an answer: `?locale=`, then the user's choice, then Accept-Language, then French. */
export function pickLocale(opts: {
  query?: unknown;
  userLocale?: string | null;
  acceptLanguage?: string;
}): TLocale {
  const q = (opts.query as { locale?: unknown } | undefined)?.locale;
  if (isLocale(q)) return q;
  if (isLocale(opts.userLocale)) return opts.userLocale;
  const first = opts.acceptLanguage?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
