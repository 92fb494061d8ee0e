import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/** Each language's JSON is its own chunk: a page loads only the language it is shown in. */
const JSON_OF: Record<Lang, () => Promise<{ default: typeof fr }>> = {
  fr: () => import('../i18n/fr.json'),
  en: () => import('../i18n/en.json'),
};

const loading = new Map<Lang, Promise<void>>();

/**
 * Loads one language's texts (web JSON + the contract's error and field messages) into i18next,
 * once. The app's first render and every locale root wait for it (main.tsx, LocaleRoot).
 */
export function loadLocale(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = Promise.all([JSON_OF[lang](), import('./translations')]).then(
      ([json, { translationOf }]) => {
        i18n.addResourceBundle(lang, 'translation', translationOf(json.default, lang), true, true);
      },
      (error: unknown) => {
        // a failed chunk load may succeed on the next try
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, p);
  }
  return p;
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
