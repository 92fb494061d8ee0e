import type { SiteData } from '@livecart/contract/site';
import { describe, expect, it } from 'vitest';
import { type Manifest, renderSitePage, siteBuildFiles } from './render';

const data = (over: Partial<SiteData> = {}): SiteData => ({
  page: 'faq',
  locale: 'fr',
  origin: 'https://livecart.example',
  plans: [],
  schedulingUrl: null,
  query: '',
  cookieChoice: false,
  signedIn: false,
  ...over,
});
const assets = { script: '/assets/site-1.js', preloads: ['/assets/react-2.js'], css: '.site{color:red}' };

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('a public page as the server sends it', () => {
  it('has its head in its language: title, description, canonical, alternates, Open Graph', async () => {
    const html = await renderSitePage(data({ page: 'faq', locale: 'en' }), assets);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(attr(html, /<title>(.*?)<\/title>/)).toMatch(/· LiveCart$/);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)?.length).toBeGreaterThan(0);
    expect(html).toContain('<link rel="canonical" href="https://livecart.example/en/faq">');
    expect(html).toContain('<link rel="alternate" hreflang="fr" href="https://livecart.example/faq">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://livecart.example/en/faq">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://livecart.example/faq">');
    expect(html).toContain('<meta property="og:url" content="https://livecart.example/en/faq">');
    expect(html).toContain('<meta property="og:locale" content="en_GB">');
  });

  it('the French home is `/`, with its text readable without a script', async () => {
    const html = await renderSitePage(data({ page: 'home' }), assets);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<link rel="canonical" href="https://livecart.example/">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://livecart.example/en">');
    // the frame's texts are in the HTML: navigation, language switch, footer
    expect(html).toContain('Tarifs');
    expect(html).toContain('hrefLang="en"');
    expect(html).toMatch(/<h1[^>]*>/);
  });

  it('inlines the stylesheet and loads the script and its chunks, nothing inline to run', async () => {
    const html = await renderSitePage(data(), assets);
    expect(html).toContain('<style>.site{color:red}</style>');
    expect(html).toContain('<script type="module" src="/assets/site-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/react-2.js">');
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.every((a) => a.includes('src=') || a.includes('type="application/json"'))).toBe(true);
  });

  it('carries its data for the browser intact, whatever a search typed', async () => {
    const typed = data({ page: 'guides', query: '</script><script>alert(1)</script> <!-- \u2028' });
    const html = await renderSitePage(typed, assets);
    expect(html).not.toContain('<script>alert(1)');
    const json = /<script type="application\/json" id="site-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(typed);
  });

  it('shows the cookie banner until the visitor chose', async () => {
    expect(await renderSitePage(data(), assets)).toContain('data-testid="cookie-banner"');
    expect(await renderSitePage(data({ cookieChoice: true }), assets)).not.toContain('cookie-banner');
  });

  it('offers sign in and the trial to a visitor, their space to a signed-in user', async () => {
    const visitor = await renderSitePage(data({ locale: 'en' }), assets);
    expect(visitor).toContain('href="/en/signin"');
    expect(visitor).toContain('href="/en/signup?role=seller"');
    const user = await renderSitePage(data({ signedIn: true }), assets);
    expect(user).toContain('href="/dashboard"');
    expect(user).not.toContain('href="/signin"');
  });
});

describe('the files a page loads, from the build manifest', () => {
  const manifest: Manifest = {
    'src/site/client.tsx': { file: 'assets/site-1.js', imports: ['_react.js'], css: ['assets/site-1.css'] },
    '_react.js': { file: 'assets/react-2.js' },
    '_forms.js': { file: 'assets/forms-3.js', imports: ['_react.js'], css: ['assets/forms-3.css'] },
    'src/site/pages/ContactPage.tsx': {
      file: 'assets/ContactPage-4.js',
      imports: ['_forms.js', 'src/site/client.tsx'],
    },
    'src/site/pages/FaqPage.tsx': { file: 'assets/FaqPage-5.js', imports: ['src/site/client.tsx'] },
  };

  it("preloads the entry's chunks and the page's, each once, never another page's", () => {
    expect(siteBuildFiles(manifest, 'contact')).toEqual({
      script: '/assets/site-1.js',
      preloads: ['/assets/react-2.js', '/assets/ContactPage-4.js', '/assets/forms-3.js'],
      // a stylesheet a shared chunk carries is the page's too
      styles: ['assets/site-1.css', 'assets/forms-3.css'],
    });
    expect(siteBuildFiles(manifest, 'faq').styles).toEqual(['assets/site-1.css']);
    expect(siteBuildFiles(manifest, 'faq').preloads).toEqual(['/assets/react-2.js', '/assets/FaqPage-5.js']);
  });

  it('refuses a build without the site entry', () => {
    expect(() => siteBuildFiles({}, 'home')).toThrow(/manifest/);
  });
});
