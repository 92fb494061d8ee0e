import { DEFAULT_LOCALE, type TLocale } from '@livecart/contract/constants';

/** English pages live under this prefix; French (the default) has none. */
export const EN_PREFIX = '/en';

/** Splits `/en/dashboard` into `{locale: 'en', path: '/dashboard'}`; `/dashboard` is French. */
export function splitLocale(pathname: string): { locale: TLocale; path: string } {
  if (pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`)) {
    return { locale: 'en', path: pathname.slice(EN_PREFIX.length) || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** Puts an app path (which may carry `?query` and `#hash`) in a locale: `/dashboard?a=1` → `/en/dashboard?a=1`. */
export function localizePath(path: string, locale: TLocale): string {
  if (locale === DEFAULT_LOCALE) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  return `${EN_PREFIX}${pathname === '/' ? '' : pathname}${rest}`;
}

/** The same page (path, query and hash) in another locale. */
export function switchLocaleHref(
  location: { pathname: string; search?: string; hash?: string },
  target: TLocale,
) {
  const { path } = splitLocale(location.pathname);
  return localizePath(`${path}${location.search ?? ''}${location.hash ?? ''}`, target);
}

export const otherLocale = (locale: TLocale): TLocale => (locale === 'fr' ? 'en' : 'fr');
