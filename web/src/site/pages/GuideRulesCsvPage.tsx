import { CsvRules } from '../guides/CsvRules';
import { GuideFrame } from '../guides/GuideFrame';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Importer ses produits par CSV : les règles',
    description:
      'Les colonnes du fichier CSV, les champs obligatoires, les variations couleur et taille, les formats et les limites de l’import de produits LiveCart.',
  },
  en: {
    title: 'Importing products from CSV: the rules',
    description:
      'The CSV file’s columns, required fields, colour and size variations, accepted formats and limits of the LiveCart product import, with an example file.',
  },
});

const lead = localized({
  fr: 'Tout votre catalogue en un fichier : ce que chaque colonne attend, comment écrire les variations et ce que l’import vérifie.',
  en: 'Your whole catalogue in one file: what each column expects, how to write variations and what the import checks.',
});

/** /guides/rules-csv: the CSV import rules (the same rules the app's guide shows). */
export default function GuideRulesCsvPage() {
  const { locale } = useSite();
  return (
    <GuideFrame page="guideRulesCsv" lead={lead(locale)}>
      <CsvRules locale={locale} />
    </GuideFrame>
  );
}
