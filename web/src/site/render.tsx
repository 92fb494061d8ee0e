/*
 * The server's entry of the public site (built with `vite build --ssr`): a page's whole HTML
 * document from its data, readable without JavaScript; the browser then hydrates it (client.tsx).
 */
import type { SiteData, TSitePageId } from '@livecart/contract/site';
import { renderToString } from 'react-dom/server';
import { headOf } from './head';
import { SITE_PAGE_FILES, SITE_PAGES } from './pages';
import { SiteApp } from './SiteApp';

/** The built files the page loads: its script, the chunks it imports, its stylesheet's text. */
export interface SiteAssets {
  script: string;
  preloads: string[];
  /** the site's stylesheet, inlined: the first paint waits for no request */
  css: string;
}

/** One chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const SITE_ENTRY = 'src/site/client.tsx';

/**
 * The built files a page needs, from the browser build's manifest: the site's script, the chunks
 * it and the page import (preloaded, so they load in parallel), the stylesheets (to inline).
 */
export function siteBuildFiles(
  manifest: Manifest,
  page: TSitePageId,
): { script: string; preloads: string[]; styles: string[] } {
  const entry = manifest[SITE_ENTRY];
  if (!entry) throw new Error(`${SITE_ENTRY} is missing from the build manifest`);
  const seen = new Set<string>();
  const files: string[] = [];
  const styles: string[] = [];
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (key !== SITE_ENTRY) files.push(`/${chunk.file}`);
    styles.push(...(chunk.css ?? []));
    for (const k of chunk.imports ?? []) walk(k);
  };
  walk(SITE_ENTRY);
  walk(SITE_PAGE_FILES[page]);
  return { script: `/${entry.file}`, preloads: files, styles: [...new Set(styles)] };
}

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'%3E%3Crect width='64' height='64' rx='14' fill='%231677ff'/%3E%3Ccircle cx='20' cy='22' r='7' fill='%23ff4d4f'/%3E%3Cpath d='M14 34h36l-5 16H19z' fill='%23fff'/%3E%3C/svg%3E";

/** JSON inside a `<script type="application/json">`: no `</script>` or `<!--` can close it. */
const jsonInHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export async function renderSitePage(data: SiteData, assets: SiteAssets): Promise<string> {
  const mod = await SITE_PAGES[data.page]();
  const body = renderToString(<SiteApp data={data} Page={mod.default} />);
  return `<!doctype html>
<html lang="${data.locale}">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="theme-color" content="#1677ff">
    ${headOf(data, mod.meta(data.locale))}
    <link rel="icon" type="image/svg+xml" href="${FAVICON}">
    <style>${assets.css}</style>
    <script type="module" src="${assets.script}"></script>
    ${assets.preloads.map((p) => `<link rel="modulepreload" href="${p}">`).join('\n    ')}
  </head>
  <body>
    <div id="root">${body}</div>
    <script type="application/json" id="site-data">${jsonInHtml(data)}</script>
  </body>
</html>
`;
}
