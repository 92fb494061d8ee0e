import { LOCALES } from '@livecart/contract/constants';
import { SITE_PAGE_IDS, sitePath } from '@livecart/contract/site';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Every public page in both languages, each with its other-language alternates (Google's
 * `xhtml:link` annotations), French as the default.
 */
export function sitemapXml(origin: string): string {
  const urls = SITE_PAGE_IDS.flatMap((id) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map(
          (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${xml(origin + sitePath(id, l))}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + sitePath(id, 'fr'))}"/>`,
      ];
      const priority = id === 'home' ? '1.0' : id === 'pricing' ? '0.9' : '0.7';
      return [
        '  <url>',
        `    <loc>${xml(origin + sitePath(id, locale))}</loc>`,
        ...alternates,
        `    <priority>${priority}</priority>`,
        '  </url>',
      ].join('\n');
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Crawlers read the public pages (each path exactly, `$`, so no search result or app page under
 * them) and the files they load, and nothing else: the back-office, the checkout links (which
 * carry a shopper's token), the API and the development pages stay out of the index.
 */
export function robotsTxt(origin: string): string {
  const pages = SITE_PAGE_IDS.flatMap((id) => LOCALES.map((l) => `Allow: ${sitePath(id, l)}$`));
  return [
    'User-agent: *',
    ...pages,
    'Allow: /assets/',
    'Allow: /og-image.png',
    'Allow: /sitemap.xml',
    'Disallow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
