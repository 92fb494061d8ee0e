import { MANDATORY_REPLIES, SYSTEM_REPLIES } from '@livecart/contract/chatbot';
import { PLANS } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import countryNames from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import { DEFAULT_SYSTEM_TEXTS } from '../modules/chatbot/defaults.ts';
import type { Db } from './client.ts';
import { chatbotMessages, colors, countries, materials, plans, sizes, styles } from './schema/index.ts';

countryNames.registerLocale(fr);
countryNames.registerLocale(en);

/** [code, French, English, hex] */
const COLORS: [string, string, string, string][] = [
  ['black', 'Noir', 'Black', '#000000'],
  ['white', 'Blanc', 'White', '#FFFFFF'],
  ['ecru', 'Écru', 'Ecru', '#F3EBDD'],
  ['grey', 'Gris', 'Grey', '#8E8E8E'],
  ['beige', 'Beige', 'Beige', '#D8C3A5'],
  ['camel', 'Camel', 'Camel', '#C19A6B'],
  ['brown', 'Marron', 'Brown', '#6F4E37'],
  ['navy', 'Bleu marine', 'Navy blue', '#1F2A44'],
  ['blue', 'Bleu', 'Blue', '#1E66D0'],
  ['sky_blue', 'Bleu ciel', 'Sky blue', '#87CEEB'],
  ['turquoise', 'Turquoise', 'Turquoise', '#30D5C8'],
  ['green', 'Vert', 'Green', '#2E8B57'],
  ['khaki', 'Kaki', 'Khaki', '#78866B'],
  ['yellow', 'Jaune', 'Yellow', '#F5D033'],
  ['orange', 'Orange', 'Orange', '#F28C28'],
  ['red', 'Rouge', 'Red', '#D22B2B'],
  ['burgundy', 'Bordeaux', 'Burgundy', '#800020'],
  ['pink', 'Rose', 'Pink', '#F4A6C1'],
  ['fuchsia', 'Fuchsia', 'Fuchsia', '#D1177E'],
  ['purple', 'Violet', 'Purple', '#7D3C98'],
  ['gold', 'Doré', 'Gold', '#D4AF37'],
  ['silver', 'Argenté', 'Silver', '#C0C0C0'],
];

// 37 sizes in all: the most a configured product may have (SPEC §9).
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '4XL', '5XL'];
const EU_SIZES = [32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54];
const SHOE_SIZES = [34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47];

/** [code, French, English] */
const MATERIALS: [string, string, string][] = [
  ['cotton', 'Coton', 'Cotton'],
  ['linen', 'Lin', 'Linen'],
  ['wool', 'Laine', 'Wool'],
  ['cashmere', 'Cachemire', 'Cashmere'],
  ['silk', 'Soie', 'Silk'],
  ['satin', 'Satin', 'Satin'],
  ['velvet', 'Velours', 'Velvet'],
  ['lace', 'Dentelle', 'Lace'],
  ['denim', 'Jean', 'Denim'],
  ['polyester', 'Polyester', 'Polyester'],
  ['viscose', 'Viscose', 'Viscose'],
  ['nylon', 'Nylon', 'Nylon'],
  ['elastane', 'Élasthanne', 'Elastane'],
  ['leather', 'Cuir', 'Leather'],
  ['faux_leather', 'Simili cuir', 'Faux leather'],
  ['synthetic', 'Synthétique', 'Synthetic'],
];

const STYLES: [string, string, string][] = [
  ['casual', 'Décontracté', 'Casual'],
  ['chic', 'Chic', 'Chic'],
  ['classic', 'Classique', 'Classic'],
  ['office', 'Bureau', 'Office'],
  ['evening', 'Soirée', 'Evening'],
  ['sport', 'Sport', 'Sportswear'],
  ['streetwear', 'Streetwear', 'Streetwear'],
  ['bohemian', 'Bohème', 'Bohemian'],
  ['vintage', 'Vintage', 'Vintage'],
  ['rock', 'Rock', 'Rock'],
  ['beach', 'Plage', 'Beachwear'],
];

/** What each plan's card lists (the admin edits them in Payment plans). */
const PLAN_FEATURES = {
  basic: {
    features_fr: [
      'Lives Facebook et Instagram illimités',
      'Paniers, stock réservé et liste d’attente',
      'Factures et e-mails automatiques',
      'Chatbot avec vos propres réponses',
    ],
    features_en: [
      'Unlimited Facebook and Instagram lives',
      'Carts, reserved stock and waiting list',
      'Automatic invoices and e-mails',
      'Chatbot with your own replies',
    ],
  },
  business: {
    features_fr: [
      'Tout Basic',
      'Synchronisation Shopify et WooCommerce',
      'Plusieurs pages et comptes Instagram',
      'Support prioritaire',
    ],
    features_en: [
      'Everything in Basic',
      'Shopify and WooCommerce sync',
      'Several pages and Instagram accounts',
      'Priority support',
    ],
  },
  platinum: {
    features_fr: ['Tout Business', 'Pourcentage négocié', 'Accompagnement dédié pour vos lives'],
    features_en: ['Everything in Business', 'Negotiated percent', 'Dedicated help for your lives'],
  },
};

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/**
 * Inserts the reference data every install needs: countries, colours, sizes, materials, styles,
 * plans and the default chatbot replies. Safe to run on every start: names of reference rows are
 * refreshed, while plans and chatbot replies, which the admin may edit, are only added if missing.
 */
export async function seedReference(db: Db): Promise<void> {
  const namesFr = countryNames.getNames('fr', { select: 'official' });
  const namesEn = countryNames.getNames('en', { select: 'official' });
  const countryRows = Object.entries(namesEn).map(([iso, nameEn]) => ({
    iso,
    name_fr: namesFr[iso] ?? nameEn,
    name_en: nameEn,
  }));

  const sizeRows = [
    ...LETTER_SIZES.map((code, i) => ({
      code,
      name_fr: code,
      name_en: code,
      size_table: 'letters' as const,
      sort: i,
    })),
    ...EU_SIZES.map((n, i) => ({
      code: String(n),
      name_fr: String(n),
      name_en: String(n),
      size_table: 'eu' as const,
      sort: i,
    })),
    ...SHOE_SIZES.map((n, i) => ({
      code: String(n),
      name_fr: String(n),
      name_en: String(n),
      size_table: 'shoes' as const,
      sort: i,
    })),
    {
      code: 'one_size',
      name_fr: 'Taille unique',
      name_en: 'One size',
      size_table: 'one_size' as const,
      sort: 0,
    },
  ];

  const names = { name_fr: excluded('name_fr'), name_en: excluded('name_en') };

  await db.transaction(async (tx) => {
    await tx.insert(countries).values(countryRows).onConflictDoUpdate({ target: countries.iso, set: names });
    await tx
      .insert(colors)
      .values(COLORS.map(([code, name_fr, name_en, hex], sort) => ({ code, name_fr, name_en, hex, sort })))
      .onConflictDoUpdate({
        target: colors.code,
        set: { ...names, hex: excluded('hex'), sort: excluded('sort') },
      });
    await tx
      .insert(sizes)
      .values(sizeRows)
      .onConflictDoUpdate({
        target: [sizes.size_table, sizes.code],
        set: { ...names, sort: excluded('sort') },
      });
    await tx
      .insert(materials)
      .values(MATERIALS.map(([code, name_fr, name_en]) => ({ code, name_fr, name_en })))
      .onConflictDoUpdate({ target: materials.code, set: names });
    await tx
      .insert(styles)
      .values(STYLES.map(([code, name_fr, name_en]) => ({ code, name_fr, name_en })))
      .onConflictDoUpdate({ target: styles.code, set: names });
    await tx
      .insert(plans)
      .values([
        {
          code: 'basic',
          name_fr: 'Basic',
          name_en: 'Basic',
          monthly_cents: PLANS.basic.monthlyCents,
          percent_bp: PLANS.basic.percent * 100,
          sales_limit_cents: 5_000_00,
          yearly_cents: 490_00,
          ...PLAN_FEATURES.basic,
          sort: 1,
        },
        {
          code: 'business',
          name_fr: 'Business',
          name_en: 'Business',
          monthly_cents: PLANS.business.monthlyCents,
          percent_bp: PLANS.business.percent * 100,
          sales_limit_cents: 50_000_00,
          yearly_cents: 1_490_00,
          ...PLAN_FEATURES.business,
          sort: 2,
        },
        {
          code: 'platinum',
          name_fr: 'Platinum',
          name_en: 'Platinum',
          monthly_cents: PLANS.platinum.monthlyCents,
          percent_bp: PLANS.platinum.percent,
          sales_limit_cents: null,
          ...PLAN_FEATURES.platinum,
          sort: 3,
        },
      ])
      .onConflictDoNothing({ target: plans.code });
    await tx
      .insert(chatbotMessages)
      .values(
        SYSTEM_REPLIES.map((name) => ({
          seller_id: null,
          type: 'system' as const,
          name,
          message_fr: DEFAULT_SYSTEM_TEXTS[name].fr,
          message_en: DEFAULT_SYSTEM_TEXTS[name].en,
          mandatory: MANDATORY_REPLIES.includes(name),
        })),
      )
      .onConflictDoNothing({ target: [chatbotMessages.seller_id, chatbotMessages.name] });
  });
}
