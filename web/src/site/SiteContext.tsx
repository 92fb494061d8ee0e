import type { TLocale } from '@livecart/contract/constants';
import { type SiteData, sitePath, type TSitePageId } from '@livecart/contract/site';
import { createContext, useContext } from 'react';

export interface Site {
  data: SiteData;
  locale: TLocale;
  /** the address of a public page in the page's language */
  href: (id: TSitePageId) => string;
  /** the address of an app page (`/signup`) in the page's language (`/en/signup`) */
  appHref: (path: string) => string;
}

const SiteContext = createContext<Site | null>(null);

export function siteOf(data: SiteData): Site {
  const { locale } = data;
  return {
    data,
    locale,
    href: (id) => sitePath(id, locale),
    appHref: (path) => (locale === 'fr' ? path : `/en${path}`),
  };
}

export const SiteProvider = SiteContext.Provider;

/** The page's data, language and address helpers. */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteProvider');
  return site;
}
