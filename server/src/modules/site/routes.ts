import { COOKIE_CONSENT_NAME, LOCALES, type TLocale } from '@livecart/contract/constants';
import {
  SITE_PAGE_IDS,
  SITE_PAGES_IN_APP,
  type SiteData,
  sitePath,
  type TSitePageId,
} from '@livecart/contract/site';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, Deps } from '../../lib/http.ts';
import { pagePolicyFraming } from '../../lib/security-headers.ts';
import { readSessionUser } from '../auth/session.ts';
import { listPlans, toPaymentPlans } from '../plans/catalogue.ts';
import { loadSiteRenderer, type SiteRenderer } from './renderer.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

/** Rendered pages kept, by everything they are rendered from; past this many the cache starts over. */
const CACHE_SIZE = 500;
/** The knowledge centre's search: a few words. */
const QUERY_MAX = 100;

/** The words of a `?q=` search: text only (no control characters or lone surrogates), trimmed, short. */
export function searchWords(raw: unknown): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return '';
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .trim()
      .slice(0, QUERY_MAX)
  );
}

/**
 * The public site (SPEC §2: home, pricing, FAQ, case studies, about, contact, request a demo,
 * privacy, terms, guides and the knowledge centre), in French at `/…` and English at `/en/…`,
 * rendered to HTML on the server so visitors and search engines read it without JavaScript; the
 * browser then hydrates it. A signed-in user opening `/` lands on their dashboard, and the pages
 * the app shows in its own frame (the plan choice, the guides) open in the app. Plus
 * `/sitemap.xml` and `/robots.txt`.
 */
export async function siteModule(app: App, deps: Deps) {
  const { publicUrl, siteRenderer, webDir } = deps.config;
  const render = await loadSiteRenderer(siteRenderer, webDir);
  // without the built web app the API serves alone (and still tells crawlers what to read)
  if (render) sitePages(app, deps, render);

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(publicUrl)),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );
}

function sitePages(app: App, deps: Deps, render: SiteRenderer) {
  const { config } = deps;
  const cache = new Map<string, string>();

  const page = async (request: FastifyRequest, reply: FastifyReply, id: TSitePageId, locale: TLocale) => {
    const user = await readSessionUser(request, deps).catch(() => null);
    const signedIn = user !== null;
    if (signedIn && id === 'home') {
      return reply.redirect(locale === 'fr' ? '/dashboard' : '/en/dashboard', 302);
    }
    // the web app's own page (its catch-all answers index.html)
    if (signedIn && SITE_PAGES_IN_APP.includes(id)) return reply.callNotFound();

    const data: SiteData = {
      page: id,
      locale,
      origin: config.publicUrl,
      plans: toPaymentPlans(await listPlans(deps.database.db), locale),
      schedulingUrl: config.schedulingUrl ?? null,
      query: id === 'guides' ? searchWords((request.query as Record<string, unknown> | undefined)?.q) : '',
      cookieChoice: !!request.cookies[COOKIE_CONSENT_NAME],
      signedIn,
    };
    const key = JSON.stringify(data);
    let html = cache.get(key);
    if (html === undefined) {
      html = await render(data);
      if (cache.size >= CACHE_SIZE) cache.clear();
      cache.set(key, html);
    }
    // the about page opens the scheduling widget in a frame: that site, on that page only
    if (id === 'about' && config.schedulingUrl) {
      reply.header('content-security-policy', pagePolicyFraming(config.schedulingUrl));
    }
    return (
      reply
        .type('text/html; charset=utf-8')
        // the page differs by the visitor's cookies (signed in, cookie choice): no shared cache keeps it
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie')
        .send(html)
    );
  };

  for (const id of SITE_PAGE_IDS) {
    for (const locale of LOCALES) {
      app.get(sitePath(id, locale), async (request, reply) => page(request, reply, id, locale));
    }
  }
}
