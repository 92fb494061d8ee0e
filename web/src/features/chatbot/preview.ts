import { PREVIEW_VALUES, type TPlaceholder } from '@livecart/contract/chatbot';
import type { TLocale } from '@livecart/contract/constants';

/** The languages a reply is written in, in the order the editors show them. */
export const REPLY_LANGS = ['fr', 'en'] as const satisfies readonly TLocale[];
export type ReplyLang = (typeof REPLY_LANGS)[number];

const PRICE_FORMAT: Record<ReplyLang, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }),
  en: new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }),
};

/** A price as a message in `lang` shows it: `49,90 €`, `€49.90`. */
export const priceIn = (price: number, lang: ReplyLang) => PRICE_FORMAT[lang].format(price);

/** A discount as a message in `lang` shows it: `10 %`, `10%`. */
export const discountIn = (percent: number, lang: ReplyLang) =>
  lang === 'fr' ? `${percent} %` : `${percent}%`;

/** What a custom reply brings to its own preview: its product and its discount. */
export interface ReplyExtras {
  product?: { name: string; price: number; keyword: string } | null;
  discount?: number | null;
}

/**
 * The example values a preview fills placeholders with in `lang`: the contract's, with the reply's
 * own product (name, price, keyword) and discount when it has them.
 */
export function previewValues(lang: ReplyLang, extras: ReplyExtras = {}): Record<TPlaceholder, string> {
  const values = { ...PREVIEW_VALUES[lang] };
  const { product, discount } = extras;
  if (product) {
    values.product = product.name;
    values.price = priceIn(product.price, lang);
    if (product.keyword) values.keyword = product.keyword;
  }
  if (discount) values.discount = discountIn(discount, lang);
  return values;
}

/** The text of `lang` of a reply (`message_fr`, `message_en`). */
export const messageField = (lang: ReplyLang) => `message_${lang}` as const;
