import type { TLocale } from '@livecart/contract/constants';

/**
 * The texts of a part of the public site in both languages. English must have every key French
 * has, with the same shape (a missing or extra key is a type error), so no page is half translated.
 */
export function localized<T>(texts: { fr: T; en: NoInfer<T> }): (locale: TLocale) => T {
  return (locale) => texts[locale];
}

/** A page's head: its title (the brand is appended) and its description, per language. */
export interface PageMeta {
  title: string;
  description: string;
}
