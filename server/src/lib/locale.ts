import { DEFAULT_LOCALE, LOCALES, type TLocale } from '@livecart/contract/constants';

export const isLocale = (v: unknown): v is TLocale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** The header the web app sends with every call: the language of the page the person reads. */
export const PAGE_LOCALE_HEADER = 'x-page-locale';

/**
 * The language of an answer: `?locale=`, then the page's (PAGE_LOCALE_HEADER), then the user's
 * last choice, then Accept-Language, then French. The page comes before the account so a person
 * reading /en sees English data even when their account last chose French (another tab, a link).
 */
export function pickLocale(opts: {
  query?: unknown;
  pageLocale?: unknown;
  userLocale?: string | null;
  acceptLanguage?: string;
}): TLocale {
  const q = (opts.query as { locale?: unknown } | undefined)?.locale;
  if (isLocale(q)) return q;
  if (isLocale(opts.pageLocale)) return opts.pageLocale;
  if (isLocale(opts.userLocale)) return opts.userLocale;
  const first = opts.acceptLanguage?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
