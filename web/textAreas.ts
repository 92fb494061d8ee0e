import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { sectionsOf, TEXT_AREAS, type TTextArea } from './src/i18n/areas.ts';

const PREFIX = 'virtual:texts/';
const RESOLVED = `\0${PREFIX}`;
const LANGS = ['fr', 'en'];

/**
 * `import('virtual:texts/fr/shopper')`: one part of one language's texts (src/i18n/areas.ts) as
 * a module of its own, cut from src/i18n/<lang>.json, which stays the one file a text is written in.
 */
export function textAreas(): Plugin {
  const jsonOf = (lang: string) => fileURLToPath(new URL(`./src/i18n/${lang}.json`, import.meta.url));
  return {
    name: 'livecart:text-areas',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const [lang, area] = id.slice(RESOLVED.length).split('/');
      if (!LANGS.includes(lang) || !TEXT_AREAS.includes(area as TTextArea)) {
        this.error(`unknown texts ${id.slice(1)}`);
      }
      const file = jsonOf(lang);
      this.addWatchFile(file);
      const texts = sectionsOf(JSON.parse(readFileSync(file, 'utf8')), area as TTextArea);
      // JSON.parse of a string literal: parsed faster than the same object as code
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
    },
  };
}
