import { ERRORS, FIELD_ERRORS } from '@livecart/contract/errors';
import { parseFieldMessage } from '@livecart/contract/validation';
import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import { isApiError } from '../lib/api';
import { splitLocale } from './locale';

type Lang = 'fr' | 'en';

function messagesOf<T extends Record<string, Record<Lang, string>>>(table: T, lang: Lang) {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v[lang]])) as {
    [K in keyof T]: string;
  };
}

/** The web's own texts plus the contract's error and field messages under `errors.*` and `fields.*`. */
function translationOf(base: typeof fr, lang: Lang) {
  return {
    ...base,
    errors: { ...base.errors, ...messagesOf(ERRORS, lang) },
    fields: messagesOf(FIELD_ERRORS, lang),
  };
}

export const resources = {
  fr: { translation: translationOf(fr, 'fr') },
  en: { translation: translationOf(en, 'en') },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: ReturnType<typeof translationOf> };
  }
}

i18n.use(initReactI18next).init({
  resources,
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

/** The text of a field-error code such as `required` or `min_chars:5`. */
export function fieldText(t: TFunction, message: string): string {
  const { code, charNumber } = parseFieldMessage(message);
  return tDynamic(t, `fields.${code}`, message, { charNumber });
}
