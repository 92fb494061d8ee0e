import { CART_DURATION_MAX_MINUTES, TRIAL_DAYS } from '@livecart/contract/constants';
import { LegalDocument, type LegalText } from '../legal';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Conditions générales',
    description:
      'Les conditions de LiveCart : essai gratuit de 30 jours, abonnement, pourcentage des ventes, paiements versés à la boutique, résiliation, droit français.',
  },
  en: {
    title: 'Terms and conditions',
    description:
      'LiveCart’s terms: 30-day free trial, subscription and percent of sales, payments made to the shop’s own provider, cancellation, liability, French law.',
  },
});

const cartHours = CART_DURATION_MAX_MINUTES / 60;

const text = localized<LegalText & { privacyLink: string }>({
  fr: {
    title: 'Conditions générales d’utilisation et de vente',
    updated: 'Dernière mise à jour : 28/11/2026',
    intro:
      'Ces conditions régissent l’utilisation de LiveCart par les boutiques qui vendent en direct et par leurs clientes. En créant un compte ou en passant commande, vous les acceptez.',
    toc: 'Sommaire',
    privacyLink: 'Lire la politique de confidentialité',
    parts: [
      {
        id: 'objet',
        title: '1. Objet et éditeur',
        blocks: [
          'LiveCart est édité par LiveCart SAS, 10 rue de la Paix, 75002 Paris, France. Il met à la disposition des boutiques (« la Boutique ») un outil de vente en direct sur Facebook et Instagram, et à leurs clientes (« la Cliente ») un espace de commande et de paiement.',
          'Chaque vente est conclue entre la Boutique et sa Cliente. LiveCart n’est ni vendeur, ni intermédiaire de paiement : il fournit l’outil qui transforme les commentaires en commandes.',
        ],
      },
      {
        id: 'compte',
        title: '2. Comptes',
        blocks: [
          'Le compte Boutique est réservé aux professionnels (entreprises, indépendants, associations qui vendent). La Boutique fournit des informations exactes (société, numéro d’identification, TVA le cas échéant) et les tient à jour. Le compte Cliente est gratuit et facultatif.',
          'Chacun garde ses identifiants confidentiels et nous prévient sans délai de toute utilisation qu’il n’a pas autorisée.',
        ],
      },
      {
        id: 'essai',
        title: '3. Essai gratuit',
        blocks: [
          `Chaque Boutique bénéficie d’un essai gratuit de ${TRIAL_DAYS} jours, une seule fois, avec toutes les fonctions de la formule choisie. Rien n’est prélevé pendant l’essai. La Boutique choisit sa formule et enregistre un moyen de paiement quand elle le souhaite pendant l’essai ; le premier prélèvement a lieu à sa fin.`,
          'Sans moyen de paiement à la fin de l’essai, l’abonnement prend fin : les outils de vente en live ne sont plus accessibles, mais les produits, commandes et réglages sont conservés et la Boutique peut reprendre à tout moment en choisissant une formule.',
        ],
      },
      {
        id: 'prix',
        title: '4. Abonnement, prix et facturation',
        blocks: [
          'Le service est facturé à la Boutique en deux parts :',
          [
            'un abonnement, mensuel ou annuel, au prix de la formule choisie affiché sur la page Tarifs ;',
            'un pourcentage des ventes, fixé par la formule (ou négocié pour l’offre sur devis), calculé chaque mois civil (heure de Paris) sur les commandes payées, déduction faite des commandes remboursées dans le mois. Les ventes payées avant la fin de l’essai ne sont jamais comptées.',
          ],
          'Les prix sont hors taxes ; la TVA au taux en vigueur (20 % en France) s’y ajoute. Chaque mois, une facture détaille l’abonnement, le pourcentage et les commandes sur lesquelles il a été calculé. Les montants sont prélevés sur la carte ou le compte (prélèvement SEPA) enregistré.',
          'En cas d’échec d’un prélèvement, la Boutique garde l’accès au service pendant 7 jours pour enregistrer un autre moyen de paiement ; passé ce délai, l’abonnement prend fin. Un changement de prix s’applique aux nouveaux abonnements et, pour les abonnements en cours, à partir de la période suivante, après information par e-mail au moins 30 jours avant.',
          'Une formule supérieure s’applique immédiatement, au prorata de la période en cours ; une formule inférieure prend effet à la fin de la période.',
        ],
      },
      {
        id: 'paiements',
        title: '5. Les paiements des ventes',
        blocks: [
          'La Boutique connecte son propre compte chez un prestataire de paiement (Mollie ou Stripe). Les paiements des Clientes sont versés directement sur ce compte, selon le contrat qui lie la Boutique à son prestataire, y compris ses frais. LiveCart ne reçoit, ne détient et ne reverse jamais les fonds des ventes.',
          'Les remboursements aux Clientes sont faits par la Boutique, depuis son compte de paiement. Un paiement arrivé après l’expiration d’un panier dont les articles ne sont plus disponibles est signalé à la Boutique pour remboursement.',
        ],
      },
      {
        id: 'ventes',
        title: '6. Les ventes entre la Boutique et la Cliente',
        blocks: [
          `Un panier créé par un commentaire est réservé pendant la durée fixée par la Boutique pour le live (jusqu’à ${cartHours} heures) ; à son expiration, les articles non payés retournent en stock ou vont à la personne suivante de la liste d’attente.`,
          'La Boutique est seule responsable de ses produits, de ses prix, des informations légales qu’elle doit à ses Clientes, de la livraison, des retours et du droit de rétractation de 14 jours des consommateurs, selon ses propres conditions affichées au paiement. LiveCart établit pour elle, à son nom, la facture de chaque commande payée et l’envoie à la Cliente.',
        ],
      },
      {
        id: 'meta',
        title: '7. Facebook et Instagram',
        blocks: [
          'La Boutique connecte des pages et comptes dont elle a la gestion et respecte les conditions de Meta. Elle accorde les autorisations nécessaires pour lire les commentaires de ses lives et envoyer les réponses privées. LiveCart ne peut être tenu responsable d’une indisponibilité de Facebook ou d’Instagram, ni des limites qu’ils imposent (par exemple, une réponse privée n’est possible que dans les 7 jours suivant un commentaire).',
        ],
      },
      {
        id: 'resiliation',
        title: '8. Résiliation',
        blocks: [
          'La Boutique peut arrêter son abonnement à tout moment depuis Mon abonnement. L’arrêt prend effet à la fin de la période payée, sans remboursement de la période en cours ; le pourcentage des ventes du dernier mois reste dû. Jusqu’à cette date, la Boutique peut revenir sur sa décision.',
          'LiveCart peut suspendre ou fermer un compte en cas d’usage frauduleux, illicite ou contraire à ces conditions, après mise en demeure restée sans effet pendant 8 jours, ou immédiatement en cas de manquement grave.',
          'Après la fin du contrat, la Boutique peut demander l’export de ses données pendant 30 jours ; elles sont ensuite supprimées, à l’exception de celles que la loi impose de conserver, comme les factures.',
        ],
      },
      {
        id: 'donnees',
        title: '9. Données personnelles',
        blocks: [
          'Pour les données de ses Clientes, la Boutique est responsable de traitement et LiveCart son sous-traitant (article 28 du RGPD). LiveCart s’engage à ne traiter ces données que pour exécuter le service et sur instruction de la Boutique, à en garantir la confidentialité et la sécurité, à n’employer que des sous-traitants tenus aux mêmes obligations, à aider la Boutique à répondre aux demandes des personnes, à lui notifier toute violation de données dans les meilleurs délais, et à supprimer ou restituer les données à la fin du contrat.',
          'Le reste est décrit dans notre politique de confidentialité.',
        ],
      },
      {
        id: 'responsabilite',
        title: '10. Disponibilité et responsabilité',
        blocks: [
          'LiveCart met en œuvre les moyens raisonnables pour que le service soit disponible et fiable, en particulier pendant les lives ; les maintenances prévues sont annoncées et faites en dehors des heures de forte affluence. Il s’agit d’une obligation de moyens.',
          'La responsabilité de LiveCart envers une Boutique est limitée aux dommages directs et, au total, aux sommes que la Boutique lui a versées au cours des 12 mois précédant le fait générateur. LiveCart ne répond pas des dommages indirects (perte de chiffre d’affaires, de clientèle ou de données dont la Boutique pouvait garder copie), ni des défaillances des prestataires de paiement, de Meta ou des transporteurs. Ces limites ne s’appliquent pas en cas de faute lourde ou intentionnelle, ni envers les consommateurs.',
        ],
      },
      {
        id: 'propriete',
        title: '11. Propriété intellectuelle',
        blocks: [
          'Le service, son code et sa marque restent la propriété de LiveCart. La Boutique reste propriétaire de ses contenus (produits, photos, textes) et autorise LiveCart à les utiliser dans la seule mesure nécessaire au service.',
        ],
      },
      {
        id: 'droit',
        title: '12. Modifications, droit applicable et litiges',
        blocks: [
          'LiveCart peut modifier ces conditions ; les Boutiques en sont informées par e-mail au moins 30 jours avant l’entrée en vigueur d’un changement important et peuvent résilier avant cette date.',
          'Ces conditions sont soumises au droit français. En cas de litige, les parties cherchent d’abord une solution amiable. À défaut, les litiges entre professionnels relèvent des tribunaux de Paris. Une Cliente consommatrice peut recourir gratuitement à un médiateur de la consommation, ou saisir le tribunal de son domicile.',
        ],
      },
    ],
  },
  en: {
    title: 'Terms and conditions of use and sale',
    updated: 'Last updated: 28/11/2026',
    intro:
      'These terms govern the use of LiveCart by shops that sell live and by their shoppers. By creating an account or placing an order, you accept them.',
    toc: 'Contents',
    privacyLink: 'Read the privacy policy',
    parts: [
      {
        id: 'object',
        title: '1. Purpose and publisher',
        blocks: [
          'LiveCart is published by LiveCart SAS, 10 rue de la Paix, 75002 Paris, France. It provides shops (“the Shop”) with a tool for selling live on Facebook and Instagram, and their shoppers (“the Shopper”) with an ordering and payment space.',
          'Each sale is made between the Shop and its Shopper. LiveCart is neither a seller nor a payment intermediary: it provides the tool that turns comments into orders.',
        ],
      },
      {
        id: 'accounts',
        title: '2. Accounts',
        blocks: [
          'Shop accounts are for businesses only (companies, sole traders, associations that sell). The Shop gives accurate information (company, registration number, VAT number where relevant) and keeps it up to date. The Shopper account is free and optional.',
          'Everyone keeps their credentials confidential and tells us at once of any use they did not authorise.',
        ],
      },
      {
        id: 'trial',
        title: '3. Free trial',
        blocks: [
          `Each Shop gets a ${TRIAL_DAYS}-day free trial, once, with every feature of the chosen plan. Nothing is charged during the trial. The Shop chooses its plan and registers a payment method whenever it likes during the trial; the first charge is made when the trial ends.`,
          'Without a payment method when the trial ends, the subscription ends: the live-selling tools are no longer available, but products, orders and settings are kept and the Shop can carry on at any time by choosing a plan.',
        ],
      },
      {
        id: 'pricing',
        title: '4. Subscription, prices and billing',
        blocks: [
          'The service is billed to the Shop in two parts:',
          [
            'a subscription, monthly or yearly, at the price of the chosen plan shown on the Pricing page;',
            'a percent of sales, set by the plan (or negotiated for the plan on request), worked out for each calendar month (Paris time) on the orders paid, less the orders refunded in the month. Sales paid before the trial ends are never counted.',
          ],
          'Prices exclude VAT; VAT at the current rate (20 % in France) is added. Each month, an invoice details the subscription, the percent and the orders it was worked out from. Amounts are charged to the card or account (SEPA direct debit) registered.',
          'If a charge fails, the Shop keeps access to the service for 7 days to register another payment method; after that, the subscription ends. A price change applies to new subscriptions and, for current ones, from the next period, after notice by e-mail at least 30 days before.',
          'A higher plan applies at once, prorated over the current period; a lower plan takes effect at the end of the period.',
        ],
      },
      {
        id: 'payments',
        title: '5. Payments for sales',
        blocks: [
          'The Shop connects its own account with a payment provider (Mollie or Stripe). Shoppers’ payments are paid straight into that account, under the contract between the Shop and its provider, including its fees. LiveCart never receives, holds or pays out the money from sales.',
          'Refunds to Shoppers are made by the Shop, from its payment account. A payment that arrives after a cart expired and its items are no longer available is flagged to the Shop for refund.',
        ],
      },
      {
        id: 'sales',
        title: '6. Sales between the Shop and the Shopper',
        blocks: [
          `A cart created by a comment is reserved for the time the Shop set for the live (up to ${cartHours} hours); when it expires, unpaid items go back into stock or to the next person on the waiting list.`,
          'The Shop alone is responsible for its products, its prices, the legal information it owes its Shoppers, delivery, returns and consumers’ 14-day right of withdrawal, under its own terms shown at checkout. LiveCart makes out, in the Shop’s name, the invoice of each paid order and sends it to the Shopper.',
        ],
      },
      {
        id: 'meta',
        title: '7. Facebook and Instagram',
        blocks: [
          'The Shop connects pages and accounts it manages and complies with Meta’s terms. It grants the permissions needed to read the comments of its lives and send private replies. LiveCart cannot be held responsible for Facebook or Instagram being unavailable, nor for the limits they set (for example, a private reply is only possible within 7 days of a comment).',
        ],
      },
      {
        id: 'cancellation',
        title: '8. Cancellation',
        blocks: [
          'The Shop can stop its subscription at any time from My Plan. Stopping takes effect at the end of the paid period, with no refund for the current period; the last month’s percent of sales is still due. Until then, the Shop can change its mind.',
          'LiveCart may suspend or close an account used fraudulently, unlawfully or against these terms, after a formal notice left without effect for 8 days, or at once in case of serious breach.',
          'After the contract ends, the Shop may ask for an export of its data for 30 days; the data is then deleted, except what the law requires to be kept, such as invoices.',
        ],
      },
      {
        id: 'data',
        title: '9. Personal data',
        blocks: [
          'For its Shoppers’ data, the Shop is the controller and LiveCart its processor (Article 28 of the GDPR). LiveCart undertakes to handle that data only to provide the service and on the Shop’s instructions, to keep it confidential and secure, to use only sub-processors bound by the same obligations, to help the Shop answer people’s requests, to notify it of any data breach without undue delay, and to delete or return the data when the contract ends.',
          'Everything else is described in our privacy policy.',
        ],
      },
      {
        id: 'liability',
        title: '10. Availability and liability',
        blocks: [
          'LiveCart uses reasonable means to keep the service available and reliable, especially during lives; planned maintenance is announced and done outside busy hours. This is an obligation of means.',
          'LiveCart’s liability towards a Shop is limited to direct damage and, in total, to the amounts the Shop paid it in the 12 months before the event. LiveCart is not liable for indirect damage (loss of turnover, customers, or data the Shop could have kept a copy of), nor for failures of payment providers, Meta or carriers. These limits do not apply in case of gross negligence or wilful misconduct, nor towards consumers.',
        ],
      },
      {
        id: 'ip',
        title: '11. Intellectual property',
        blocks: [
          'The service, its code and its brand remain LiveCart’s property. The Shop remains the owner of its content (products, photos, texts) and allows LiveCart to use it only as far as the service needs.',
        ],
      },
      {
        id: 'law',
        title: '12. Changes, applicable law and disputes',
        blocks: [
          'LiveCart may change these terms; Shops are told by e-mail at least 30 days before a significant change takes effect and may cancel before that date.',
          'These terms are governed by French law. In a dispute, the parties first seek an amicable solution. Failing that, disputes between businesses go to the courts of Paris. A consumer Shopper may use a consumer mediator free of charge, or go to the court where she lives.',
        ],
      },
    ],
  },
});

/** /terms-and-conditions: the terms of use and sale (trial, subscription, percent, payments, law). */
export default function TermsPage() {
  const { locale, href } = useSite();
  const t = text(locale);
  return (
    <LegalDocument
      text={t}
      testId="legal-terms"
      end={
        <p>
          <a href={href('privacy')}>{t.privacyLink}</a>
        </p>
      }
    />
  );
}
