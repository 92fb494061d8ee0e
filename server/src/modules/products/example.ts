import { CSV_COLUMNS } from '@livecart/contract/products';
import { csvField } from './csv.ts';

/**
 * The downloadable example of an import file (GET products/csv-example): a configured dress in
 * two colours × two sizes (its variation rows have an empty name) and a simple scarf. Colours and
 * sizes may be written by code (`blue`) or name in French or English (`Rose`, `Taille unique`).
 */
const ROWS: string[][] = [
  [...CSV_COLUMNS],
  [
    "Robe d'été fleurie",
    'Robe légère en coton, coupe évasée.\nLavable à 30 °C.',
    'robe12, #summerdress',
    'Bohème, Casual',
    'https://example.com/photos/robe12-bleue.jpg, https://example.com/photos/robe12-rouge.jpg',
    'TRUE',
    '39.90',
    '5',
    'ROBE12BLEUS',
    'blue',
    'S',
  ],
  ['', '', '', '', '', '', '39.90', '4', 'ROBE12BLEUM', 'blue', 'M'],
  ['', '', '', '', '', '', '39.90', '6', 'ROBE12ROUGES', 'red', 'S'],
  ['', '', '', '', '', '', '42.00', '2', 'ROBE12ROUGEM', 'red', 'M'],
  [
    'Foulard en soie',
    'Foulard 90 × 90 cm, 100 % soie',
    'foulard7',
    'Chic',
    '',
    'FALSE',
    '25',
    '10',
    'FOULARD7',
    'Rose',
    'Taille unique',
  ],
];

/** The example file, with a byte-order mark so spreadsheets open it as UTF-8. */
export const CSV_EXAMPLE = `\uFEFF${ROWS.map((row) => row.map((v) => csvField(v)).join(',')).join('\r\n')}\r\n`;
