import type { TLocale } from '@livecart/contract/constants';
import { forwardRef, useCallback } from 'react';
import { Link, type LinkProps, useLocation } from 'react-router';
import { localizePath, splitLocale } from './locale';

/** The locale of the current page, from its path. */
export function useLocale(): TLocale {
  return splitLocale(useLocation().pathname).locale;
}

/** The current path without its locale prefix (`/en/dashboard` → `/dashboard`). */
export function useAppPath(): string {
  return splitLocale(useLocation().pathname).path;
}

/** A function that puts an app path in the current locale. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

/** A router Link whose `to` is an app path, opened in the current locale. */
export const LocaleLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, 'to'> & { to: string }>(
  function LocaleLink({ to, ...rest }, ref) {
    const lp = useLocalePath();
    return <Link ref={ref} to={lp(to)} {...rest} />;
  },
);
