/*
 * The public site (SPEC §2): the pages a visitor reads before signing up, the same in French (no
 * prefix) and English (`/en`). The server renders them to HTML for visitors, lists them in
 * /sitemap.xml and keeps every other path out of search engines; the web app renders the same
 * pages when it navigates to them.
 */
import type { TPaymentPlan } from './billing.ts';
import type { TLocale } from './constants.ts';

export const SITE_PAGE_IDS = [
  'home',
  'pricing',
  'faq',
  'caseStudies',
  'about',
  'contact',
  'requestDemo',
  'privacy',
  'terms',
  'guides',
  'guideLiveSelling',
  'guideRulesCsv',
] as const;
export type TSitePageId = (typeof SITE_PAGE_IDS)[number];

/** Each page's path without its locale prefix. */
export const SITE_PATHS: Record<TSitePageId, string> = {
  home: '/',
  pricing: '/pricing',
  faq: '/faq',
  caseStudies: '/case-studies',
  about: '/about-us',
  contact: '/contact',
  requestDemo: '/request-demo',
  privacy: '/privacy',
  terms: '/terms-and-conditions',
  guides: '/guides',
  guideLiveSelling: '/guides/liveselling',
  guideRulesCsv: '/guides/rules-csv',
};

/**
 * The pages the signed-in app renders in its own frame (the plan choice of a signed-in seller, the
 * guides beside the seller's sidebar): a signed-in request gets the app for them, a visitor the
 * public page.
 */
export const SITE_PAGES_IN_APP: readonly TSitePageId[] = [
  'pricing',
  'guides',
  'guideLiveSelling',
  'guideRulesCsv',
];

const BY_PATH = new Map<string, TSitePageId>(
  (Object.entries(SITE_PATHS) as [TSitePageId, string][]).map(([id, path]) => [path, id]),
);

/** The page a path (without locale prefix, query or hash) shows, or null; a trailing slash is the same page. */
export function sitePageOf(path: string): TSitePageId | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return BY_PATH.get(trimmed || '/') ?? null;
}

/** A page's address in a locale: `/faq` in French, `/en/faq` in English, `/en` for the English home. */
export function sitePath(id: TSitePageId, locale: TLocale): string {
  const path = SITE_PATHS[id];
  if (locale === 'fr') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** The data a public page is rendered from, on the server and again in the browser (hydration). */
export interface SiteData {
  page: TSitePageId;
  locale: TLocale;
  /** the public address of the site, for canonical and Open Graph URLs (no trailing slash) */
  origin: string;
  /** the active plans (the pricing page and the home's summary) */
  plans: TPaymentPlan[];
  /** the scheduling widget's address (the about page's modal); null offers a contact form instead */
  schedulingUrl: string | null;
  /** the knowledge centre's search, from `?q=` (the page answers without JavaScript) */
  query: string;
  /** the visitor already chose on cookies: the banner is not rendered */
  cookieChoice: boolean;
  /** a signed-in visitor sees "Mon espace" instead of sign in / sign up */
  signedIn: boolean;
}
