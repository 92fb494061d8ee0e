import { ROLE } from '@livecart/contract/constants';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { startTrial } from '../modules/plans/trial.ts';
import type { Db, Tx } from './client.ts';
import {
  addresses,
  colors,
  countries,
  productConfigurations,
  productKeywords,
  products,
  settings,
  sizes,
  stores,
  users,
} from './schema/index.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = ['admin@demo.test', 'seller@demo.test', 'buyer@demo.test'] as const;

/**
 * The demo a newcomer sees on first start: an admin, a seller on a 30-day trial with a store, and
 * a shopper, each with password demo1234. Runs on an empty embedded database, or when asked
 * (`--demo`); never twice (it stops if the demo seller exists).
 */
export async function seedDemo(db: Db, opts: { force: boolean; embedded: boolean }): Promise<boolean> {
  const [{ count }] = (
    (await db.execute(sql`SELECT count(*)::int AS count FROM users`)) as unknown as {
      rows: { count: number }[];
    }
  ).rows;
  if (!opts.force && !(opts.embedded && count === 0)) return false;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@demo.test'));
  if (existing) return false;

  const password_hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const base = { password_hash, status: 'active', email_verified_at: new Date() };
    await tx.insert(users).values({
      ...base,
      email: 'admin@demo.test',
      role_id: ROLE.admin,
      first_name: 'Alice',
      last_name: 'Admin',
    });
    const [seller] = await tx
      .insert(users)
      .values({
        ...base,
        email: 'seller@demo.test',
        role_id: ROLE.seller,
        first_name: 'Sophie',
        last_name: 'Martin',
        phone: '+33 6 12 34 56 78',
        company_name: 'Boutique Sophie',
        tax_id: '85234567800017',
        subscription_id: 'sub_demo_trial',
      })
      .returning();
    const [buyer] = await tx
      .insert(users)
      .values({
        ...base,
        email: 'buyer@demo.test',
        role_id: ROLE.buyer,
        first_name: 'Camille',
        last_name: 'Durand',
        phone: '+33 6 98 76 54 32',
      })
      .returning();

    await startTrial(tx, seller.id, { externalId: 'sub_demo_trial' });
    await tx.insert(stores).values({
      seller_id: seller.id,
      platform: 'facebook',
      external_id: 'demo-page-1',
      name: 'Boutique Sophie Live',
      follower_count: 1240,
      selected: true,
      // A demo page: no token, its replies kept by the sandbox (My Stores says so).
      sandbox: true,
    });
    await tx.insert(settings).values({ user_id: seller.id, cart_duration: 30 });
    const [france] = await tx.select().from(countries).where(eq(countries.iso, 'FR'));
    await tx.insert(addresses).values([
      {
        user_id: seller.id,
        address_type: 'seller',
        country_id: france.id,
        post_code: '75011',
        city: 'Paris',
        address1: '12 rue Oberkampf',
      },
      {
        user_id: buyer.id,
        address_type: 'shipping',
        country_id: france.id,
        post_code: '69002',
        city: 'Lyon',
        address1: '5 place Bellecour',
      },
    ]);
    await seedDemoProducts(tx, seller.id);
  });
  return true;
}

/**
 * The demo seller's inventory: a published dress in two colours × three sizes (keyword robe12), a
 * published scarf (foulard7) and an unpublished draft.
 */
async function seedDemoProducts(tx: Tx, sellerId: number) {
  const color = Object.fromEntries((await tx.select().from(colors)).map((c) => [c.code, c.id]));
  const size = Object.fromEntries(
    (await tx.select().from(sizes)).map((s) => [`${s.size_table}:${s.code}`, s.id]),
  );
  const demo = [
    {
      name: 'Robe fleurie',
      description: 'Robe légère en coton, coupe évasée.',
      keywords: 'robe12',
      is_publish: true,
      variants: ['red', 'blue'].flatMap((c, i) =>
        ['S', 'M', 'L'].map((sz, j) => ({
          color_id: color[c],
          size_id: size[`letters:${sz}`],
          price_cents: 3990,
          sku: `ROBE12${c.toUpperCase()}${sz}`,
          quantity: 3 + i + j,
        })),
      ),
    },
    {
      name: 'Foulard en soie',
      description: 'Foulard 90 × 90 cm, 100 % soie.',
      keywords: 'foulard7',
      is_publish: true,
      variants: [
        {
          color_id: color.pink,
          size_id: size['one_size:one_size'],
          price_cents: 2500,
          sku: 'FOULARD7',
          quantity: 10,
        },
      ],
    },
    {
      name: 'Pull en laine (brouillon)',
      description: '',
      keywords: 'pull9',
      is_publish: false,
      variants: [
        { color_id: color.navy, size_id: size['letters:M'], price_cents: 5900, sku: 'PULL9', quantity: 4 },
      ],
    },
  ];
  for (const p of demo) {
    const [row] = await tx
      .insert(products)
      .values({
        seller_id: sellerId,
        name: p.name,
        description: p.description,
        keywords: p.keywords,
        is_publish: p.is_publish,
        configured: p.variants.length > 1,
        sku: p.variants[0].sku,
        price_cents: Math.min(...p.variants.map((v) => v.price_cents)),
        quantity: p.variants.reduce((sum, v) => sum + v.quantity, 0),
      })
      .returning({ id: products.id });
    await tx
      .insert(productConfigurations)
      .values(p.variants.map((v) => ({ ...v, product_id: row.id, seller_id: sellerId })));
    if (p.is_publish) {
      await tx
        .insert(productKeywords)
        .values({ seller_id: sellerId, product_id: row.id, keyword: p.keywords });
    }
  }
}
