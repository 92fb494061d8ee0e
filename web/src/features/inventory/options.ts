import type { TLocale } from '@livecart/contract/constants';
import { SIZE_TABLES } from '@livecart/contract/constants';
import type { TProductAdditional } from '@livecart/contract/products';
import type { TFunction } from 'i18next';

/** A reference row's name in the page language. */
export const nameOf = (r: { name_fr: string; name_en: string }, locale: TLocale) =>
  locale === 'en' ? r.name_en : r.name_fr;

/** Size options grouped by size table (letters, EU, shoes, one size). */
export function sizeOptions(additional: TProductAdditional | undefined, locale: TLocale, t: TFunction) {
  if (!additional) return [];
  return SIZE_TABLES.filter((table) => additional.sizesTable[table].length > 0).map((table) => ({
    label: t(`product.sizeTables.${table}`),
    title: table,
    options: additional.sizesTable[table].map((s) => ({ value: s.id, label: nameOf(s, locale) })),
  }));
}
