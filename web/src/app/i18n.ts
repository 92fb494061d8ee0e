import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TTextArea } from '../i18n/areas';
import type fr from '../i18n/fr.json';
import { isApiError } from '../lib/api';
import { splitLocale } from './locale';
import type { Lang, TTranslation } from './translations';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TTranslation };
  }
}

/**
 * Each language's texts come in three parts (src/i18n/areas.ts), each a chunk of its own: a page
 * loads only its language, a shopper's page only the shopper's part, and the back office's first
 * screen (the dashboard) the frame's part without the other screens'. The contract's error and
 * field messages come with the shopper's part (a checkout shows them too).
 */
const PART_OF: Record<Lang, Record<TTextArea, () => Promise<{ default: Record<string, unknown> }>>> = {
  fr: {
    shopper: () => import('virtual:texts/fr/shopper'),
    frame: () => import('virtual:texts/fr/frame'),
    backOffice: () => import('virtual:texts/fr/backOffice'),
  },
  en: {
    shopper: () => import('virtual:texts/en/shopper'),
    frame: () => import('virtual:texts/en/frame'),
    backOffice: () => import('virtual:texts/en/backOffice'),
  },
};

/** The parts the app has needed so far: a language switched to later loads them all at once. */
const wanted = new Set<TTextArea>(['shopper']);
const parts = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function loadPart(lang: Lang, area: TTextArea): Promise<void> {
  const key = `${lang}/${area}`;
  let p = parts.get(key);
  if (!p) {
    const texts =
      area === 'shopper'
        ? Promise.all([PART_OF[lang].shopper(), import('./translations')]).then(([part, { translationOf }]) =>
            translationOf(part.default as typeof fr, lang),
          )
        : PART_OF[lang][area]().then((part) => part.default);
    p = texts.then(
      (bundle) => {
        i18n.addResourceBundle(lang, 'translation', bundle, true, true);
        loaded.add(key);
      },
      (error: unknown) => {
        // a failed chunk load may succeed on the next try
        parts.delete(key);
        throw error;
      },
    );
    parts.set(key, p);
  }
  return p;
}

const byCall = new Map<string, Promise<void>>();

/**
 * Loads one language's texts into i18next, each part once: `areas`, or else every part the app
 * has needed so far (the shopper's at first). The app's first render, every locale root and the
 * back office's frame wait for it (main.tsx, LocaleRoot, router.tsx).
 */
export function loadLocale(lang: Lang, areas: readonly TTextArea[] = [...wanted]): Promise<void> {
  for (const area of areas) wanted.add(area);
  const key = `${lang}:${[...areas].sort().join()}`;
  let p = byCall.get(key);
  if (!p) {
    p = Promise.all(areas.map((area) => loadPart(lang, area))).then(
      () => undefined,
      (error: unknown) => {
        byCall.delete(key);
        throw error;
      },
    );
    byCall.set(key, p);
  }
  return p;
}

/** Whether every part the app has needed so far is there in `lang`. */
export function hasLocale(lang: Lang): boolean {
  return [...wanted].every((area) => loaded.has(`${lang}/${area}`));
}

i18n.use(initReactI18next).init({
  // filled per language by loadLocale
  resources: {},
  lng: typeof window === 'undefined' ? 'fr' : splitLocale(window.location.pathname).locale,
  fallbackLng: 'fr',
  supportedLngs: ['fr', 'en'],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export default i18n;

/** Translates a key built at run time (an error or field code), or returns `fallback`. */
export function tDynamic(
  t: TFunction,
  key: string,
  fallback: string,
  params?: Record<string, unknown>,
): string {
  return i18n.exists(key) ? String((t as (k: string, p?: unknown) => string)(key, params)) : fallback;
}

/** The text a person sees for a failure: `errors.<code>` when known, else the server's message. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) return tDynamic(t, `errors.${error.code}`, error.message, error.params);
  if (error instanceof Error && error.message) return error.message;
  return t('errors.internal');
}

/**
 * `min_chars:5` → code and number; the same split as the contract's `parseFieldMessage`, kept
 * here because contract/validation builds zod schemas and this file is in every page's entry.
 */
function splitFieldMessage(message: string): { code: string; charNumber?: number } {
  const [code, n] = message.split(':');
  return n === undefined ? { code } : { code, charNumber: Number(n) };
}

/** The text of a field-error code such as `required` or `min_chars:5`. */
export function fieldText(t: TFunction, message: string): string {
  const { code, charNumber } = splitFieldMessage(message);
  return tDynamic(t, `fields.${code}`, message, { charNumber });
}
