import { ERRORS, FIELD_ERRORS } from '@livecart/contract/errors';
import type fr from '../i18n/fr.json';

/*
 * One language's texts as i18next gets them. Loaded on demand with that language (app/i18n.ts
 * `loadLocale`), so the contract's error table and the JSON of the other language stay out of the
 * entry chunk every page loads.
 */

export type Lang = 'fr' | 'en';

function messagesOf<T extends Record<string, Record<Lang, string>>>(table: T, lang: Lang) {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v[lang]])) as {
    [K in keyof T]: string;
  };
}

/** The web's own texts plus the contract's error and field messages under `errors.*` and `fields.*`. */
export function translationOf(base: typeof fr, lang: Lang) {
  return {
    ...base,
    errors: { ...base.errors, ...messagesOf(ERRORS, lang) },
    fields: messagesOf(FIELD_ERRORS, lang),
  };
}

export type TTranslation = ReturnType<typeof translationOf>;
