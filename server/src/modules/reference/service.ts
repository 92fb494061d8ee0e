/**
 * Reference data every seller shares (seeded by db/seed-reference.ts): countries, colours, sizes,
 * styles, materials.
 */
import { SIZE_TABLES } from '@livecart/contract/constants';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { colors, countries, materials, sizes, styles } from './tables.ts';

/** Reference colours, sizes, styles and materials in their display order (product editor, CSV import). */
export async function referenceData(db: DbOrTx) {
  const colorRows = await db
    .select({
      id: colors.id,
      code: colors.code,
      name_fr: colors.name_fr,
      name_en: colors.name_en,
      hex: colors.hex,
    })
    .from(colors)
    .orderBy(asc(colors.sort), asc(colors.id));
  const sizeRows = await db
    .select({
      id: sizes.id,
      code: sizes.code,
      name_fr: sizes.name_fr,
      name_en: sizes.name_en,
      size_table: sizes.size_table,
      sort: sizes.sort,
    })
    .from(sizes);
  const sizeRefs = sizeRows
    .sort(
      (a, b) =>
        SIZE_TABLES.indexOf(a.size_table) - SIZE_TABLES.indexOf(b.size_table) ||
        a.sort - b.sort ||
        a.id - b.id,
    )
    .map(({ sort: _s, ...s }) => s);
  const styleRows = await db
    .select({ id: styles.id, code: styles.code, name_fr: styles.name_fr, name_en: styles.name_en })
    .from(styles)
    .orderBy(asc(styles.id));
  const materialRows = await db
    .select({
      id: materials.id,
      code: materials.code,
      name_fr: materials.name_fr,
      name_en: materials.name_en,
    })
    .from(materials)
    .orderBy(asc(materials.id));
  return { colors: colorRows, sizes: sizeRefs, styles: styleRows, materials: materialRows };
}

/** Every country, by French name (checkout and profile forms). */
export const listCountries = (db: DbOrTx) => db.select().from(countries).orderBy(asc(countries.name_fr));

/** The ISO 3166 code of country `id` (its address rules follow from it); null when there is none. */
export async function countryIso(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ iso: countries.iso }).from(countries).where(eq(countries.id, id));
  return row?.iso ?? null;
}
