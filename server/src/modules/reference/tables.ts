import { SIZE_TABLES } from '@livecart/contract/constants';
import { check, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/columns.ts';

/** Reference colours (seeded), shared by every seller. */
export const colors = pgTable('colors', {
  id: serial('id').primaryKey(),
  /** Stable key used by the seed and CSV import (`red`, `navy`). */
  code: varchar('code', { length: 30 }).notNull().unique(),
  name_fr: varchar('name_fr', { length: 50 }).notNull(),
  name_en: varchar('name_en', { length: 50 }).notNull(),
  hex: varchar('hex', { length: 7 }).notNull(),
  sort: smallint('sort').notNull().default(0),
});

/** Reference sizes (seeded), grouped in size tables: letters, EU clothing, shoes, one size. */
export const sizes = pgTable(
  'sizes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    name_fr: varchar('name_fr', { length: 50 }).notNull(),
    name_en: varchar('name_en', { length: 50 }).notNull(),
    size_table: varchar('size_table', { length: 20, enum: SIZE_TABLES }).notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    unique('sizes_table_code_unique').on(t.size_table, t.code),
    check('sizes_size_table_check', oneOf(t.size_table, SIZE_TABLES)),
  ],
);

/** Reference materials (seeded). */
export const materials = pgTable('materials', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 30 }).notNull().unique(),
  name_fr: varchar('name_fr', { length: 50 }).notNull(),
  name_en: varchar('name_en', { length: 50 }).notNull(),
});

/** Reference styles (seeded). */
export const styles = pgTable('styles', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 30 }).notNull().unique(),
  name_fr: varchar('name_fr', { length: 50 }).notNull(),
  name_en: varchar('name_en', { length: 50 }).notNull(),
});

/** ISO 3166 countries with French and English names. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  iso: varchar('iso', { length: 2 }).notNull().unique(),
  name_fr: varchar('name_fr', { length: 100 }).notNull(),
  name_en: varchar('name_en', { length: 100 }).notNull(),
});
