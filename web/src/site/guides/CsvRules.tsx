import {
  CSV_MAX_BYTES,
  MAX_COLORS,
  MAX_KEYWORD_LENGTH,
  MAX_PRICE_EUROS,
  MAX_PRODUCT_PHOTOS,
  MAX_PRODUCTS_PER_SELLER,
  MAX_QUANTITY,
  MAX_SIZES,
  type TLocale,
} from '@livecart/contract/constants';
import type { TCsvColumn } from '@livecart/contract/products';
import { localized } from '../text';
import { guideOf } from './catalogue';
import { CSV_EXAMPLE_URL } from './csvExample';

const count = (locale: TLocale, n: number) =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB').format(n);
const MEGABYTES = CSV_MAX_BYTES / 1024 / 1024;

/** Each column's rule: required or not, what it holds, an example value. */
interface ColumnRule {
  required: string;
  rule: string;
  example: string;
}

const texts = localized<{
  intro: string;
  download: string;
  column: string;
  required: string;
  rule: string;
  example: string;
  columns: Record<TCsvColumn, ColumnRule>;
  headerNames: string;
  variations: string[];
  exampleCaption: string;
  grid: string[];
  formats: string[];
  limits: string[];
  report: string;
}>({
  fr: {
    intro:
      'Importez des centaines de produits d’un coup depuis un tableur (Excel, Numbers, Google Sheets) enregistré au format CSV : Inventaire → Importer un CSV. Une ligne par produit ou par variation, la première ligne nomme les colonnes.',
    download: 'Télécharger le fichier d’exemple',
    column: 'Colonne',
    required: 'Obligatoire',
    rule: 'Règle',
    example: 'Exemple',
    columns: {
      name: {
        required: 'Sur la 1re ligne du produit',
        rule: 'Le nom du produit, jusqu’à 255 caractères. Vide : la ligne est une variation du produit au-dessus.',
        example: 'Robe d’été fleurie',
      },
      description: {
        required: 'Non',
        rule: 'Le texte du produit, jusqu’à 5 000 caractères ; les retours à la ligne sont permis entre guillemets.',
        example: 'Robe légère en coton',
      },
      hashtags: {
        required: 'Non (conseillé)',
        rule: `Les mots-clés que vos clientes écrivent en commentaire, séparés par des virgules ; le # est facultatif, majuscules et accents ne comptent pas ; ${MAX_KEYWORD_LENGTH} caractères au plus chacun. Un mot-clé d’un produit publié doit être libre dans votre boutique et dans le fichier.`,
        example: 'robe12, #summerdress',
      },
      styles: {
        required: 'Non',
        rule: 'Les styles, séparés par des virgules (50 caractères au plus chacun) ; ils deviennent aussi les étiquettes du produit.',
        example: 'Bohème, Casual',
      },
      'photo links': {
        required: 'Non',
        rule: `Les adresses http ou https des photos, séparées par des virgules ; ${MAX_PRODUCT_PHOTOS} photos au plus par produit.`,
        example: 'https://exemple.fr/robe12.jpg',
      },
      publish: {
        required: 'Non',
        rule: 'TRUE pour publier le produit (ses mots-clés sont actifs en live), FALSE ou vide pour le garder masqué. VRAI/FAUX, OUI/NON et 1/0 sont compris aussi.',
        example: 'TRUE',
      },
      price: {
        required: 'Oui, chaque ligne',
        rule: `Le prix en euros : un nombre de 0 à ${count('fr', MAX_PRICE_EUROS)}, avec un point ou une virgule ; le signe € est accepté.`,
        example: '39,90',
      },
      quantity: {
        required: 'Oui, chaque ligne',
        rule: `Le stock de la ligne : un nombre entier de 0 à ${count('fr', MAX_QUANTITY)}.`,
        example: '5',
      },
      sku: {
        required: 'Oui, chaque ligne',
        rule: 'La référence : lettres et chiffres uniquement, sans espace ni tiret, 100 caractères au plus.',
        example: 'ROBE12BLEUS',
      },
      color: {
        required: 'Oui, chaque ligne',
        rule: 'La couleur, par son code ou son nom en français ou en anglais (blue, Bleu, Blue).',
        example: 'blue',
      },
      size: {
        required: 'Si le produit a plusieurs lignes',
        rule: 'La taille, par son code ou son nom (S, M, 38, Taille unique) ; vide pour un produit simple sans taille.',
        example: 'S',
      },
    },
    headerNames:
      'Les en-têtes peuvent aussi s’écrire en français, sans souci de majuscules ni d’accents : nom, mots clés, liens photos, publier, prix, quantité (ou stock), référence, couleur, taille. Une colonne que l’import ne connaît pas est ignorée.',
    variations: [
      'Un produit vendu en plusieurs couleurs ou tailles prend une ligne par variation. La première ligne porte le nom, la description, les mots-clés, les styles, les photos et la publication, ainsi que le prix, la quantité, la référence, la couleur et la taille de la première variation.',
      'Chaque variation suit juste en dessous avec une colonne « name » vide, et seulement son prix, sa quantité, sa référence, sa couleur et sa taille (elle peut ajouter des photos au produit). Chaque variation a son propre stock : c’est lui que le live réserve.',
    ],
    exampleCaption: 'Le fichier d’exemple : une robe en 2 couleurs × 2 tailles, puis un foulard simple.',
    grid: [
      'Les lignes d’un produit doivent remplir sa grille couleur × taille exactement une fois : une robe en bleu et rouge, tailles S et M, a quatre lignes, ni plus ni moins.',
      `${MAX_COLORS} couleurs et ${MAX_SIZES} tailles au plus par produit. Une taille comme 38 peut être une taille de vêtement ou une pointure : l’import choisit le tableau de tailles qui contient toutes celles du produit.`,
    ],
    formats: [
      'Séparateur : virgule, point-virgule (celui des tableurs français) ou tabulation, reconnu sur la première ligne.',
      'Encodage : UTF-8 de préférence ; les anciens exports Windows (Windows-1252) sont lus aussi.',
      'Un champ qui contient le séparateur, des guillemets ou un retour à la ligne se met entre guillemets doubles, comme le fait votre tableur.',
      'Les lignes vides sont ignorées ; les espaces au début et à la fin des cellules aussi.',
    ],
    limits: [
      `Un fichier fait ${count('fr', MEGABYTES)} Mo au plus.`,
      `Une boutique compte ${count('fr', MAX_PRODUCTS_PER_SELLER)} produits au plus : un import qui dépasserait ce nombre est refusé en entier.`,
      'Le fichier est vérifié en entier avant d’écrire quoi que ce soit : si une seule ligne est fausse, rien n’est importé.',
    ],
    report:
      'Le rapport d’erreurs donne, pour chaque problème, la ligne (1 est la ligne des en-têtes), la colonne et la raison : « Doit être TRUE ou FALSE », « Couleur inconnue », « Le mot-clé ROBE12 est déjà utilisé par … ». Corrigez-les dans votre tableur et importez à nouveau le même fichier.',
  },
  en: {
    intro:
      'Import hundreds of products at once from a spreadsheet (Excel, Numbers, Google Sheets) saved as CSV: Inventory → Import a CSV. One row per product or per variation; the first row names the columns.',
    download: 'Download the example file',
    column: 'Column',
    required: 'Required',
    rule: 'Rule',
    example: 'Example',
    columns: {
      name: {
        required: 'On the product’s first row',
        rule: 'The product’s name, up to 255 characters. Empty: the row is a variation of the product above.',
        example: 'Floral summer dress',
      },
      description: {
        required: 'No',
        rule: 'The product’s text, up to 5,000 characters; line breaks are allowed inside quotes.',
        example: 'Light cotton dress',
      },
      hashtags: {
        required: 'No (advised)',
        rule: `The keywords your shoppers write in comments, comma separated; the # is optional, case and accents do not count; at most ${MAX_KEYWORD_LENGTH} characters each. A published product’s keyword must be free in your shop and in the file.`,
        example: 'robe12, #summerdress',
      },
      styles: {
        required: 'No',
        rule: 'The styles, comma separated (at most 50 characters each); they also become the product’s tags.',
        example: 'Boho, Casual',
      },
      'photo links': {
        required: 'No',
        rule: `The photos’ http or https addresses, comma separated; at most ${MAX_PRODUCT_PHOTOS} photos per product.`,
        example: 'https://example.com/robe12.jpg',
      },
      publish: {
        required: 'No',
        rule: 'TRUE to publish the product (its keywords work in lives), FALSE or empty to keep it hidden. YES/NO and 1/0 are understood too.',
        example: 'TRUE',
      },
      price: {
        required: 'Yes, every row',
        rule: `The price in euros: a number from 0 to ${count('en', MAX_PRICE_EUROS)}, with a point or a comma; the € sign is accepted.`,
        example: '39.90',
      },
      quantity: {
        required: 'Yes, every row',
        rule: `The row’s stock: a whole number from 0 to ${count('en', MAX_QUANTITY)}.`,
        example: '5',
      },
      sku: {
        required: 'Yes, every row',
        rule: 'The reference: letters and digits only, no spaces or dashes, at most 100 characters.',
        example: 'ROBE12BLUES',
      },
      color: {
        required: 'Yes, every row',
        rule: 'The colour, by its code or its English or French name (blue, Blue, Bleu).',
        example: 'blue',
      },
      size: {
        required: 'When the product has several rows',
        rule: 'The size, by its code or name (S, M, 38, One size); empty for a simple product without sizes.',
        example: 'S',
      },
    },
    headerNames:
      'Headers may also be written in French, in any case and with or without accents: nom, mots clés, liens photos, publier, prix, quantité (or stock), référence, couleur, taille. A column the import does not know is ignored.',
    variations: [
      'A product sold in several colours or sizes takes one row per variation. The first row holds the name, description, keywords, styles, photos and publication, plus the price, quantity, reference, colour and size of the first variation.',
      'Each variation follows right under it with an empty “name” column, and only its price, quantity, reference, colour and size (it may add photos to the product). Each variation has its own stock: that is what a live reserves.',
    ],
    exampleCaption: 'The example file: a dress in 2 colours × 2 sizes, then a simple scarf.',
    grid: [
      'A product’s rows must fill its colour × size grid exactly once: a dress in blue and red, sizes S and M, has four rows, no more, no fewer.',
      `At most ${MAX_COLORS} colours and ${MAX_SIZES} sizes per product. A size such as 38 may be a clothing or a shoe size: the import picks the size table that holds all of the product’s sizes.`,
    ],
    formats: [
      'Separator: comma, semicolon (what French spreadsheets write) or tab, recognised on the first row.',
      'Encoding: UTF-8 preferably; older Windows exports (Windows-1252) are read too.',
      'A field holding the separator, quotes or a line break goes between double quotes, as your spreadsheet does.',
      'Empty rows are ignored, and so are spaces at the start and end of cells.',
    ],
    limits: [
      `A file is at most ${count('en', MEGABYTES)} MB.`,
      `A shop has at most ${count('en', MAX_PRODUCTS_PER_SELLER)} products: an import that would go past it is refused as a whole.`,
      'The file is checked as a whole before anything is written: if a single row is wrong, nothing is imported.',
    ],
    report:
      'The error report gives, for each problem, the line (1 is the header row), the column and the reason: “Must be TRUE or FALSE”, “Unknown colour”, “The keyword ROBE12 is already used by …”. Fix them in your spreadsheet and import the same file again.',
  },
});

/** The example file's rows (as GET products/csv-example serves them), for the variations' table. */
const EXAMPLE_ROWS: [string, string, string, string, string, string][] = [
  ["Robe d'été fleurie", '39.90', '5', 'ROBE12BLEUS', 'blue', 'S'],
  ['', '39.90', '4', 'ROBE12BLEUM', 'blue', 'M'],
  ['', '39.90', '6', 'ROBE12ROUGES', 'red', 'S'],
  ['', '42.00', '2', 'ROBE12ROUGEM', 'red', 'M'],
  ['Foulard en soie', '25', '10', 'FOULARD7', 'Rose', 'Taille unique'],
];
const EXAMPLE_COLUMNS = ['name', 'price', 'quantity', 'sku', 'color', 'size'] as const;

/**
 * The columns in the import's order (CSV_COLUMNS, checked by CsvRules.test.ts): read from the
 * rules' keys, since importing the contract's products module would bring zod to the page.
 */
export const columnsOf = (locale: TLocale) => Object.keys(texts(locale).columns) as TCsvColumn[];

/**
 * The CSV import rules (SPEC §5 CSV rules, as the importer applies them): columns, variations,
 * formats and limits, each an `<h2 id>` section. Plain React: the public guide and the app's
 * guide render it alike.
 */
export function CsvRules({ locale }: { locale: TLocale }) {
  const t = texts(locale);
  const guide = guideOf('guideRulesCsv', locale);
  const heading = (id: string) => guide.sections.find((s) => s.id === id)?.title;
  return (
    <div className="site-prose site-guide" data-testid="rules-csv-page">
      <p>{t.intro}</p>
      <p>
        <a className="site-btn" href={CSV_EXAMPLE_URL} download data-testid="csv-example-download">
          {t.download}
        </a>
      </p>

      <h2 id="columns">{heading('columns')}</h2>
      <table className="site-rules" data-testid="csv-rules-table">
        <thead>
          <tr>
            <th scope="col">{t.column}</th>
            <th scope="col">{t.required}</th>
            <th scope="col">{t.rule}</th>
            <th scope="col">{t.example}</th>
          </tr>
        </thead>
        <tbody>
          {columnsOf(locale).map((column) => (
            <tr key={column}>
              <th scope="row">
                <code>{column}</code>
              </th>
              <td data-label={t.required}>{t.columns[column].required}</td>
              <td data-label={t.rule}>{t.columns[column].rule}</td>
              <td data-label={t.example}>
                <code>{t.columns[column].example}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t.headerNames}</p>

      <h2 id="variations">{heading('variations')}</h2>
      {t.variations.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <figure className="site-figure">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; the keyboard must reach it */}
        <section className="site-table-scroll" tabIndex={0} aria-label={t.exampleCaption}>
          <table className="site-csv-example">
            <thead>
              <tr>
                {EXAMPLE_COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {EXAMPLE_ROWS.map((row) => (
                <tr key={row[3]}>
                  {row.map((cell, i) => (
                    <td key={EXAMPLE_COLUMNS[i]}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <figcaption>{t.exampleCaption}</figcaption>
      </figure>
      <ul>
        {t.grid.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>

      <h2 id="formats">{heading('formats')}</h2>
      <ul>
        {t.formats.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>

      <h2 id="limits">{heading('limits')}</h2>
      <ul>
        {t.limits.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p>{t.report}</p>
    </div>
  );
}
