import { ERRORS, FIELD_ERRORS } from '@livecart/contract/errors';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import i18n, { loadLocale } from './i18n';

/** Every `[key, text]` of a nested translation object. */
function texts(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? texts(v, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
}

/** A message starts with a capital letter (or a figure or placeholder, as "{{count}} produits…"). */
const startsWell = (text: string) => /^(\p{Lu}|\p{N}|\{\{|«|“|\()/u.test(text);

/**
 * Words written the same in French and English, which the French file may share with the English
 * one: brand and provider names, and French words that are also English.
 */
const SAME_IN_BOTH = new Set([
  'LiveCart',
  'LC',
  '© {{year}} LiveCart',
  'Menu',
  'Chatbot',
  'Support',
  'Guides',
  'Cookies',
  'Notifications',
  'Message',
  'Date',
  'Min',
  'Max',
  'Total',
  'Basic',
  'Business',
  'Platinum',
  'HTML',
  'PDF',
  'Photo',
  'Photos',
  'Logo',
  'HH:MM',
  'Actions',
  'Style',
  'Description',
  'SKU',
  'Variations',
  'Participants',
  'URL',
  'Mollie',
  'Stripe',
  'Facebook',
  'Instagram @{{username}}',
  'PayPal',
  'Bancontact',
  'iDEAL',
  'Apple Pay',
  'Google Pay',
  'Klarna',
  'Sofort',
  'Facebook',
  'Instagram',
  'Shopify',
  'WooCommerce',
  'Option',
  // a log line's sentence and its figures (shop sync)
  '{{main}} ({{details}})',
]);

describe('screens #2: error messages start with a capital letter in both languages', () => {
  it('every message of the error table and every field message', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      for (const lang of ['fr', 'en'] as const) {
        expect(startsWell(entry[lang]), `ERRORS.${code}.${lang}: ${entry[lang]}`).toBe(true);
      }
    }
    for (const [code, entry] of Object.entries(FIELD_ERRORS)) {
      for (const lang of ['fr', 'en'] as const) {
        expect(startsWell(entry[lang]), `FIELD_ERRORS.${code}.${lang}: ${entry[lang]}`).toBe(true);
      }
    }
  });

  it('every error, field and toast message the web app shows', async () => {
    await Promise.all([loadLocale('fr'), loadLocale('en')]);
    for (const lang of ['fr', 'en'] as const) {
      const bundle = i18n.getResourceBundle(lang, 'translation');
      for (const section of ['errors', 'fields', 'messages'] as const) {
        for (const [key, text] of texts(bundle[section], `${section}.`)) {
          expect(startsWell(text), `${lang} ${key}: ${text}`).toBe(true);
        }
      }
    }
  });
});

describe('screens #2: the French interface has no English left', () => {
  it('a French text equal to its English one is a word both languages write alike', () => {
    const english = new Map(texts(en));
    const left = texts(fr).filter(([key, text]) => english.get(key) === text && !SAME_IN_BOTH.has(text));
    expect(left).toEqual([]);
  });

  it('the live selling screens are named in French', () => {
    expect(fr.nav.liveselling).toBe('Ventes en live');
    expect(fr.live.title).toBe('Ventes en live');
  });
});
