import type { TSitePageId } from '@livecart/contract/site';
import { localized } from '../text';

/** One section of a guide: its anchor (`<h2 id>`), heading and what it answers. */
export interface GuideSection {
  id: string;
  title: string;
  summary: string;
  /** Words a merchant may search with that the heading and summary do not say. */
  keywords: string;
}

/** A page of the knowledge centre: its title, summary and sections (none for the FAQ). */
export interface GuideEntry {
  page: TSitePageId;
  title: string;
  summary: string;
  keywords: string;
  sections: GuideSection[];
}

/**
 * The knowledge centre's contents in both languages: what the guides index lists, what its search
 * reads, and the headings and table of contents of the guides themselves (one source for each).
 */
export const guideCatalogue = localized<GuideEntry[]>({
  fr: [
    {
      page: 'guideLiveSelling',
      title: 'Vendre en live, pas à pas',
      summary:
        'Préparer ses produits et mots-clés, relier ses pages, lancer le live, puis suivre paniers, liste d’attente et paiements.',
      keywords: 'live facebook instagram commentaire vente direct',
      sections: [
        {
          id: 'products',
          title: 'Produits et mots-clés',
          summary:
            'Chaque produit a un ou plusieurs mots-clés, uniques dans votre boutique, et un stock par couleur et par taille.',
          keywords: 'inventaire hashtag variante couleur taille stock sku référence',
        },
        {
          id: 'stores',
          title: 'Relier vos pages Facebook et Instagram',
          summary:
            'Dans Mes boutiques, connectez vos pages : les commentaires y sont lus et les messages privés envoyés en leur nom. Ou branchez un outil de capture.',
          keywords: 'meta page compte synchroniser jeton capture outil connexion',
        },
        {
          id: 'schedule',
          title: 'Programmer le live et passer en direct',
          summary:
            'Choisissez la date, l’heure, la durée du panier et la boutique, puis passez en live depuis la console.',
          keywords: 'programmer session console démarrer arrêter simulateur',
        },
        {
          id: 'comments',
          title: 'Ce que vos spectatrices écrivent',
          summary:
            'Le mot-clé suivi de la couleur, de la taille et de la quantité, dans n’importe quel ordre, majuscules ou non.',
          keywords: 'syntaxe commentaire quantité x2 couleur taille exemple commander',
        },
        {
          id: 'timer',
          title: 'Le minuteur du panier',
          summary:
            'Le panier est gardé 30 minutes par défaut (de 0 à 24 heures) ; à l’expiration, les articles retournent en stock.',
          keywords: 'durée compte à rebours expiration expirer délai minutes réservation',
        },
        {
          id: 'waiting-list',
          title: 'La liste d’attente',
          summary:
            'Un article épuisé met la cliente en file d’attente ; le stock libéré va à la première arrivée.',
          keywords: 'épuisé rupture file attente libéré servir quantité',
        },
        {
          id: 'shopper',
          title: 'Ce que reçoit votre cliente',
          summary:
            'Un message privé avec le lien de paiement, une page de commande en trois gestes, le paiement chez vous et la facture par e-mail.',
          keywords: 'message privé lien paiement checkout facture e-mail carte paypal',
        },
        {
          id: 'after',
          title: 'Après le live',
          summary:
            'Le rapport du live, les commandes payées à expédier et les relances des paniers non payés.',
          keywords: 'rapport commandes expédition livraison relance statistiques',
        },
      ],
    },
    {
      page: 'guideRulesCsv',
      title: 'Importer ses produits par CSV',
      summary:
        'Les colonnes du fichier, les champs obligatoires, les formats acceptés, les variations et les limites de l’import.',
      keywords: 'csv import tableur excel fichier produits',
      sections: [
        {
          id: 'columns',
          title: 'Les colonnes du fichier',
          summary:
            'Onze colonnes nommées en première ligne, en français ou en anglais ; cinq sont obligatoires.',
          keywords: 'colonne en-tête obligatoire name price quantity sku color size',
        },
        {
          id: 'variations',
          title: 'Couleurs, tailles et variations',
          summary: 'Une ligne par variation, sous la première ligne du produit, avec un nom vide.',
          keywords: 'variante couleur taille ligne grille',
        },
        {
          id: 'formats',
          title: 'Formats acceptés',
          summary:
            'Séparateur virgule, point-virgule ou tabulation, UTF-8 ; prix avec point ou virgule ; TRUE ou FALSE.',
          keywords: 'séparateur encodage utf-8 prix nombre publish vrai faux',
        },
        {
          id: 'limits',
          title: 'Limites et vérification',
          summary:
            'Le fichier est vérifié en entier : une erreur et rien n’est importé, un rapport donne chaque problème.',
          keywords: 'limite taille fichier erreur rapport mot-clé déjà utilisé',
        },
      ],
    },
    {
      page: 'faq',
      title: 'Questions fréquentes',
      summary:
        'Essai gratuit, frais, moyens de paiement, Facebook et Instagram, liste d’attente, factures et données.',
      keywords: 'faq question prix abonnement essai frais données rgpd',
      sections: [],
    },
  ],
  en: [
    {
      page: 'guideLiveSelling',
      title: 'Selling live, step by step',
      summary:
        'Prepare your products and keywords, connect your pages, go live, then follow carts, the waiting list and payments.',
      keywords: 'live facebook instagram comment sale stream',
      sections: [
        {
          id: 'products',
          title: 'Products and keywords',
          summary:
            'Each product has one or more keywords, unique in your shop, and stock per colour and size.',
          keywords: 'inventory hashtag variant colour color size stock sku reference',
        },
        {
          id: 'stores',
          title: 'Connecting your Facebook and Instagram pages',
          summary:
            'In My Stores, connect your pages: comments are read there and private messages sent in their name. Or plug in a capture tool.',
          keywords: 'meta page account sync token capture tool connect',
        },
        {
          id: 'schedule',
          title: 'Scheduling the live and going live',
          summary: 'Pick the date, time, cart duration and store, then go live from the console.',
          keywords: 'schedule session console start stop simulator',
        },
        {
          id: 'comments',
          title: 'What your viewers write',
          summary: 'The keyword followed by colour, size and quantity, in any order, upper or lower case.',
          keywords: 'syntax comment quantity x2 colour color size example order',
        },
        {
          id: 'timer',
          title: 'The cart timer',
          summary:
            'A cart is kept for 30 minutes by default (0 to 24 hours); when it expires, the items go back to stock.',
          keywords: 'duration countdown expiry expire delay minutes reservation',
        },
        {
          id: 'waiting-list',
          title: 'The waiting list',
          summary: 'A sold-out item puts the shopper in a queue; released stock goes to the first in line.',
          keywords: 'sold out out of stock queue released serve quantity',
        },
        {
          id: 'shopper',
          title: 'What your shopper receives',
          summary:
            'A private message with the payment link, an order page in three taps, payment to you and the invoice by e-mail.',
          keywords: 'private message link payment checkout invoice e-mail email card paypal',
        },
        {
          id: 'after',
          title: 'After the live',
          summary: 'The live report, the paid orders to ship and reminders for unpaid carts.',
          keywords: 'report orders shipping delivery reminder statistics',
        },
      ],
    },
    {
      page: 'guideRulesCsv',
      title: 'Importing products from a CSV file',
      summary:
        'The file’s columns, the required fields, the accepted formats, variations and the import’s limits.',
      keywords: 'csv import spreadsheet excel file products',
      sections: [
        {
          id: 'columns',
          title: 'The file’s columns',
          summary: 'Eleven columns named on the first line, in English or French; five are required.',
          keywords: 'column header required name price quantity sku color size',
        },
        {
          id: 'variations',
          title: 'Colours, sizes and variations',
          summary: 'One row per variation, under the product’s first row, with an empty name.',
          keywords: 'variant colour color size row grid',
        },
        {
          id: 'formats',
          title: 'Accepted formats',
          summary: 'Comma, semicolon or tab separated, UTF-8; prices with a point or a comma; TRUE or FALSE.',
          keywords: 'separator encoding utf-8 price number publish true false',
        },
        {
          id: 'limits',
          title: 'Limits and checks',
          summary:
            'The file is checked as a whole: one error and nothing is imported, a report lists every problem.',
          keywords: 'limit file size error report keyword already used',
        },
      ],
    },
    {
      page: 'faq',
      title: 'Frequently asked questions',
      summary:
        'Free trial, fees, payment providers, Facebook and Instagram, the waiting list, invoices and data.',
      keywords: 'faq question price subscription trial fees data gdpr',
      sections: [],
    },
  ],
});

/** A guide's entry in a language (the live-selling guide, the CSV rules). */
export function guideOf(page: TSitePageId, locale: Parameters<typeof guideCatalogue>[0]): GuideEntry {
  const entry = guideCatalogue(locale).find((g) => g.page === page);
  if (!entry) throw new Error(`${page} is not in the guides catalogue`);
  return entry;
}
