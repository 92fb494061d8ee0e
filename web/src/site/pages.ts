import type { TLocale } from '@livecart/contract/constants';
import type { TSitePageId } from '@livecart/contract/site';
import type { ComponentType } from 'react';
import type { PageMeta } from './text';

/** A public page: its body (inside the site's frame) and its head in each language. */
export interface SitePageModule {
  default: ComponentType;
  meta: (locale: TLocale) => PageMeta;
}

/**
 * Each page is its own chunk: the browser loads the frame and the page it opened, nothing else.
 * The server awaits the same loaders before it renders.
 */
export const SITE_PAGES: Record<TSitePageId, () => Promise<SitePageModule>> = {
  home: () => import('./pages/HomePage'),
  pricing: () => import('./pages/PricingPage'),
  faq: () => import('./pages/FaqPage'),
  caseStudies: () => import('./pages/CaseStudiesPage'),
  about: () => import('./pages/AboutPage'),
  contact: () => import('./pages/ContactPage'),
  requestDemo: () => import('./pages/RequestDemoPage'),
  privacy: () => import('./pages/PrivacyPage'),
  terms: () => import('./pages/TermsPage'),
  guides: () => import('./pages/GuidesPage'),
  guideLiveSelling: () => import('./pages/GuideLiveSellingPage'),
  guideRulesCsv: () => import('./pages/GuideRulesCsvPage'),
};

/** Each page's source file: its chunk's key in the build's manifest. */
export const SITE_PAGE_FILES: Record<TSitePageId, string> = {
  home: 'src/site/pages/HomePage.tsx',
  pricing: 'src/site/pages/PricingPage.tsx',
  faq: 'src/site/pages/FaqPage.tsx',
  caseStudies: 'src/site/pages/CaseStudiesPage.tsx',
  about: 'src/site/pages/AboutPage.tsx',
  contact: 'src/site/pages/ContactPage.tsx',
  requestDemo: 'src/site/pages/RequestDemoPage.tsx',
  privacy: 'src/site/pages/PrivacyPage.tsx',
  terms: 'src/site/pages/TermsPage.tsx',
  guides: 'src/site/pages/GuidesPage.tsx',
  guideLiveSelling: 'src/site/pages/GuideLiveSellingPage.tsx',
  guideRulesCsv: 'src/site/pages/GuideRulesCsvPage.tsx',
};
