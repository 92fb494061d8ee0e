import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteData, TSitePageId } from '@livecart/contract/site';

/** What the public site's server build (web/src/site/render.tsx) exports. */
interface SiteRenderModule {
  siteBuildFiles(
    manifest: unknown,
    page: TSitePageId,
  ): { script: string; preloads: string[]; styles: string[] };
  renderSitePage(
    data: SiteData,
    assets: { script: string; preloads: string[]; css: string },
  ): Promise<string>;
}

/** Renders a public page's HTML document from its data. */
export type SiteRenderer = (data: SiteData) => Promise<string>;

/**
 * The public site's renderer, from the two builds of the web app: the server's (`render.js`) and
 * the browser's manifest (which script and stylesheet each page loads), or null when either is
 * missing (the web app is not built: the API still serves).
 */
export async function loadSiteRenderer(rendererFile: string, webDir: string): Promise<SiteRenderer | null> {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(rendererFile) || !existsSync(manifestFile)) return null;
  const mod = (await import(pathToFileURL(rendererFile).href)) as SiteRenderModule;
  const manifest: unknown = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const styles = new Map<string, string>();
  const styleText = (file: string) => {
    let text = styles.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(webDir, file), 'utf8');
      styles.set(file, text);
    }
    return text;
  };
  return async (data) => {
    const files = mod.siteBuildFiles(manifest, data.page);
    const css = files.styles.map(styleText).join('\n');
    return mod.renderSitePage(data, { script: files.script, preloads: files.preloads, css });
  };
}
