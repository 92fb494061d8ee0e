import { LOCALES } from '@livecart/contract/constants';
import { type SiteData, sitePath } from '@livecart/contract/site';
import type { PageMeta } from './text';

const html = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The head of a public page: title, description, canonical address, the page in each language
 * (`hreflang`, French as the default) and the Open Graph card a shared link shows.
 */
export function headOf(data: SiteData, meta: PageMeta): string {
  const url = (locale: (typeof LOCALES)[number]) => `${data.origin}${sitePath(data.page, locale)}`;
  const title = data.page === 'home' ? meta.title : `${meta.title} · LiveCart`;
  const tags = [
    `<title>${html(title)}</title>`,
    `<meta name="description" content="${html(meta.description)}">`,
    `<link rel="canonical" href="${html(url(data.locale))}">`,
    ...LOCALES.map((l) => `<link rel="alternate" hreflang="${l}" href="${html(url(l))}">`),
    `<link rel="alternate" hreflang="x-default" href="${html(url('fr'))}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="LiveCart">',
    `<meta property="og:title" content="${html(title)}">`,
    `<meta property="og:description" content="${html(meta.description)}">`,
    `<meta property="og:url" content="${html(url(data.locale))}">`,
    `<meta property="og:locale" content="${data.locale === 'fr' ? 'fr_FR' : 'en_GB'}">`,
    `<meta property="og:locale:alternate" content="${data.locale === 'fr' ? 'en_GB' : 'fr_FR'}">`,
    `<meta property="og:image" content="${html(`${data.origin}/og-image.png`)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ];
  return tags.join('\n    ');
}
