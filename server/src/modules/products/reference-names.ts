import { SIZE_TABLES, type TSizeTable } from '@livecart/contract/constants';
import type { DbOrTx } from '../../db/client.ts';
import { foldText } from '../../lib/sql.ts';
import { referenceData } from '../reference/service.ts';

/*
 * Reference colours, sizes and styles by every name an outside catalogue may give them (code,
 * French, English): shared by the CSV import and the shop import, which both read colour and size
 * names written by people and never guess one that matches nothing.
 */

/** Lower case, no accents, punctuation as single spaces: how names, headers and options are compared. */
export const foldName = (s: string) =>
  foldText(s)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** What a column header or a shop's option name may call a colour or a size (compared folded). */
export const COLOR_NAMES = [
  'color',
  'colour',
  'couleur',
  'colors',
  'colours',
  'couleurs',
  'coloris',
  'teinte',
];
export const SIZE_NAMES = ['size', 'taille', 'pointure', 'sizes', 'tailles', 'pointures', 'shoe size'];
/** Size names meaning shoes: their values are read in the shoe table first (`38` is then a shoe size). */
export const SHOE_SIZE_NAMES = ['pointure', 'pointures', 'shoe size'];

/** A size a name may mean: `38` is both an EU clothing size and a shoe size. */
export interface SizeChoice {
  id: number;
  size_table: TSizeTable;
}

type ReferenceRows = Pick<Awaited<ReturnType<typeof referenceData>>, 'colors' | 'sizes' | 'styles'>;

/** Colour, size and style ids by folded name, and the rows by id (reports). */
export function referenceNames(ref: ReferenceRows) {
  const colorsByName = new Map<string, number>();
  for (const c of ref.colors)
    for (const n of [c.code, c.name_fr, c.name_en]) colorsByName.set(foldName(n), c.id);
  const sizesByName = new Map<string, SizeChoice[]>();
  for (const s of ref.sizes) {
    for (const n of new Set([foldName(s.code), foldName(s.name_fr), foldName(s.name_en)])) {
      sizesByName.set(n, [...(sizesByName.get(n) ?? []), { id: s.id, size_table: s.size_table }]);
    }
  }
  const stylesByName = new Map<string, number>();
  for (const s of ref.styles)
    for (const n of [s.code, s.name_fr, s.name_en]) stylesByName.set(foldName(n), s.id);
  const colorName = new Map(ref.colors.map((c) => [c.id, c]));
  const sizeName = new Map(ref.sizes.map((s) => [s.id, s]));
  return { colorsByName, sizesByName, stylesByName, colorName, sizeName };
}

export type ReferenceNames = ReturnType<typeof referenceNames>;

/** {@link referenceNames} of the reference data as the database has it. */
export async function loadReferenceNames(db: DbOrTx): Promise<ReferenceNames> {
  return referenceNames(await referenceData(db));
}

/**
 * The size table a product's size values are read in: the first table (`prefer` first, then the
 * order of SIZE_TABLES) holding every value, so `36, 38, 40` are EU sizes and `38, 39` shoe sizes;
 * undefined when no table holds them all (each value then takes its first meaning).
 */
export function sizeTableOf(values: SizeChoice[][], prefer?: TSizeTable): TSizeTable | undefined {
  const tables = prefer ? [prefer, ...SIZE_TABLES.filter((t) => t !== prefer)] : SIZE_TABLES;
  return tables.find((t) => values.every((choices) => choices.some((s) => s.size_table === t)));
}

/** The size a value means in `table`, else its first meaning. */
export const sizeIn = (choices: SizeChoice[], table: TSizeTable | undefined): number =>
  (choices.find((s) => s.size_table === table) ?? choices[0]).id;
