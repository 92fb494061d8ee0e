import { COOKIE_CONSENT_DAYS } from '@livecart/contract/constants';
import { LegalDocument, type LegalText } from '../legal';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Politique de confidentialité',
    description:
      'Comment LiveCart traite les données des boutiques, de leurs clientes et des visiteurs : rôles RGPD, durées, sous-traitants, cookies et vos droits.',
  },
  en: {
    title: 'Privacy policy',
    description:
      'How LiveCart handles the data of shops, their shoppers and visitors: GDPR roles, what is kept and for how long, sub-processors, cookies and your rights.',
  },
});

const text = localized<LegalText & { contactLink: string }>({
  fr: {
    title: 'Politique de confidentialité',
    updated: 'Dernière mise à jour : 28/11/2026',
    intro:
      'LiveCart est un service de vente en direct pour les boutiques qui vendent sur Facebook et Instagram, et un espace de commande et de paiement pour leurs clientes. Cette politique explique quelles données nous traitons, pourquoi, combien de temps, avec qui, et comment exercer vos droits.',
    toc: 'Sommaire',
    contactLink: 'Écrire depuis la page Contact',
    parts: [
      {
        id: 'roles',
        title: '1. Qui est responsable de vos données',
        blocks: [
          'LiveCart SAS, 10 rue de la Paix, 75002 Paris, France (« LiveCart », « nous ») est responsable de traitement des données des comptes boutiques, des comptes clientes, des visiteurs de ce site et des personnes qui nous écrivent.',
          'Pour les données des clientes d’une boutique traitées pour ses ventes (commentaires laissés pendant ses lives, paniers, commandes, adresses de livraison, factures), la boutique est responsable de traitement et LiveCart agit comme sous-traitant au sens de l’article 28 du RGPD : nous ne traitons ces données que pour exécuter les ventes de la boutique, selon ses instructions et les engagements de nos conditions générales.',
        ],
      },
      {
        id: 'data',
        title: '2. Les données que nous traitons',
        blocks: [
          'Boutiques :',
          [
            'identité et coordonnées : nom, prénom, e-mail, téléphone, adresse, nom de la société, numéro d’identification et de TVA ;',
            'compte de paiement : identifiant Stripe ou clé d’API Mollie, stockés chiffrés ;',
            'pages Facebook et comptes Instagram connectés, avec leurs jetons d’accès, stockés chiffrés ;',
            'catalogue, lives, réglages, abonnement, factures de la plateforme et historique des échanges avec le support.',
          ],
          'Clientes des boutiques :',
          [
            'nom public et identifiant de la plateforme, texte des commentaires publiés pendant les lives des boutiques, réponses privées envoyées ;',
            'compte client le cas échéant : nom, e-mail, téléphone, mot de passe (jamais stocké en clair) ;',
            'adresses de livraison, paniers, commandes, listes d’attente, factures ;',
            'paiements : montant, statut, moyen utilisé et référence chez le prestataire. Les numéros de carte ne passent jamais par LiveCart : ils sont saisis chez Mollie ou Stripe.',
          ],
          'Visiteurs : le contenu des formulaires de contact et de demande de démo, et des journaux techniques (adresse IP, navigateur, pages demandées) utilisés pour la sécurité du service.',
        ],
      },
      {
        id: 'purposes',
        title: '3. Pourquoi, et sur quelle base',
        blocks: [
          [
            'fournir le service (créer les paniers, envoyer les liens de paiement, les factures et les messages liés aux commandes, facturer l’abonnement) : exécution du contrat ;',
            'tenir la comptabilité et conserver les factures : obligation légale ;',
            'sécuriser le service, limiter les abus et prévenir la fraude : intérêt légitime ;',
            'répondre aux messages et demandes de démo : mesures précontractuelles ou intérêt légitime ;',
            'mesurer l’audience du site : consentement, donné ou refusé dans le bandeau cookies.',
          ],
          'Vos données ne sont ni vendues ni louées, et ne servent à aucune publicité ciblée.',
        ],
      },
      {
        id: 'retention',
        title: '4. Combien de temps nous les gardons',
        blocks: [
          [
            'compte boutique ou client : tant que le compte est ouvert, puis supprimé dans les 30 jours suivant sa fermeture ;',
            'commandes et factures : 10 ans, comme l’impose le Code de commerce (article L123-22) ;',
            'commentaires de live qui n’ont mené à aucune commande : 12 mois après le live ;',
            'demandes de contact et de démo : 3 ans après le dernier échange ;',
            'journaux techniques : 12 mois ;',
            `choix sur les cookies : ${COOKIE_CONSENT_DAYS} jours.`,
          ],
        ],
      },
      {
        id: 'recipients',
        title: '5. Qui y a accès',
        blocks: [
          'La boutique chez qui une cliente commande reçoit les informations nécessaires à la commande, à la livraison et à la facturation. Au sein de LiveCart, seules les personnes qui en ont besoin pour le support ou l’exploitation y accèdent. Nous faisons appel aux sous-traitants suivants :',
          [
            'hébergement du service et des fichiers : centres de données situés dans l’Union européenne ;',
            'envoi des e-mails (liens de paiement, factures, confirmations) : prestataire d’e-mail transactionnel hébergé dans l’Union européenne ;',
            'paiements : Mollie B.V. (Pays-Bas) et Stripe Payments Europe Ltd (Irlande), pour les paiements des clientes sur le compte de la boutique et pour les abonnements ;',
            'Facebook et Instagram : Meta Platforms Ireland Ltd, pour lire les commentaires des lives et envoyer les réponses privées.',
          ],
          'La liste à jour de nos sous-traitants est communiquée sur simple demande. Lorsqu’un prestataire transfère des données hors de l’Union européenne (Stripe, Meta), le transfert est encadré par le cadre de protection des données UE–États-Unis ou par des clauses contractuelles types de la Commission européenne.',
        ],
      },
      {
        id: 'security',
        title: '6. Sécurité',
        blocks: [
          'Connexions chiffrées (HTTPS), mots de passe hachés, jetons Facebook et clés de paiement chiffrés, accès aux données limité au nécessaire et journalisé, sauvegardes régulières. Les factures et pièces jointes ne sont accessibles qu’à la boutique, à sa cliente et à l’équipe d’administration.',
        ],
      },
      {
        id: 'rights',
        title: '7. Vos droits',
        blocks: [
          'Vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation, de portabilité et d’opposition, ainsi que du droit de définir des directives sur le sort de vos données après votre décès. Vous corrigez la plupart de vos informations vous-même depuis votre profil ; pour le reste, écrivez-nous depuis la page Contact. Nous répondons dans un délai d’un mois.',
          'Si votre demande porte sur des données qu’une boutique traite pour ses ventes, nous la lui transmettons et l’aidons à y répondre.',
          'Vous pouvez aussi adresser une réclamation à la CNIL (www.cnil.fr).',
        ],
      },
      {
        id: 'cookies',
        title: '8. Cookies',
        blocks: [
          [
            'un cookie de session vous garde connecté(e) ; il est indispensable et ne demande pas votre accord ;',
            `un cookie mémorise votre choix sur les cookies pendant ${COOKIE_CONSENT_DAYS} jours, pour ne pas vous redemander à chaque visite ;`,
            'des cookies de mesure d’audience ne sont déposés que si vous les acceptez dans le bandeau.',
          ],
          'Aucun cookie publicitaire n’est déposé. Pour revenir sur votre choix, supprimez les cookies de ce site dans votre navigateur : le bandeau réapparaîtra.',
        ],
      },
      {
        id: 'contact',
        title: '9. Nous contacter',
        blocks: [
          'Pour toute question sur vos données : le formulaire de la page Contact, ou par courrier à LiveCart SAS, 10 rue de la Paix, 75002 Paris, France. Nous pouvons modifier cette politique ; la date de mise à jour figure en haut de la page et les boutiques sont prévenues par e-mail de tout changement important.',
        ],
      },
    ],
  },
  en: {
    title: 'Privacy policy',
    updated: 'Last updated: 28/11/2026',
    intro:
      'LiveCart is a live-selling service for shops that sell on Facebook and Instagram, and an ordering and payment space for their shoppers. This policy explains which data we handle, why, for how long, with whom, and how to exercise your rights.',
    toc: 'Contents',
    contactLink: 'Write from the Contact page',
    parts: [
      {
        id: 'roles',
        title: '1. Who is responsible for your data',
        blocks: [
          'LiveCart SAS, 10 rue de la Paix, 75002 Paris, France (“LiveCart”, “we”) is the controller of the data of shop accounts, shopper accounts, visitors to this site and people who write to us.',
          'For the data of a shop’s shoppers handled for its sales (comments left during its lives, carts, orders, delivery addresses, invoices), the shop is the controller and LiveCart acts as its processor within the meaning of Article 28 of the GDPR: we handle that data only to carry out the shop’s sales, on its instructions and under the commitments of our terms.',
        ],
      },
      {
        id: 'data',
        title: '2. The data we handle',
        blocks: [
          'Shops:',
          [
            'identity and contact details: name, e-mail, phone, address, company name, company and VAT numbers;',
            'payment account: Stripe account id or Mollie API key, stored encrypted;',
            'connected Facebook pages and Instagram accounts, with their access tokens, stored encrypted;',
            'catalogue, lives, settings, subscription, platform invoices and the history of exchanges with support.',
          ],
          'Shoppers:',
          [
            'public name and platform id, the text of comments posted during the shops’ lives, private replies sent;',
            'shopper account where there is one: name, e-mail, phone, password (never stored in clear);',
            'delivery addresses, carts, orders, waiting lists, invoices;',
            'payments: amount, status, method used and the provider’s reference. Card numbers never pass through LiveCart: they are entered at Mollie or Stripe.',
          ],
          'Visitors: what they write in the contact and demo forms, and technical logs (IP address, browser, pages requested) used to keep the service secure.',
        ],
      },
      {
        id: 'purposes',
        title: '3. Why, and on what basis',
        blocks: [
          [
            'providing the service (creating carts, sending payment links, invoices and order messages, billing the subscription): performance of the contract;',
            'keeping accounts and invoices: legal obligation;',
            'securing the service, limiting abuse and preventing fraud: legitimate interest;',
            'answering messages and demo requests: pre-contractual steps or legitimate interest;',
            'measuring the site’s audience: consent, given or refused in the cookie banner.',
          ],
          'Your data is neither sold nor rented, and is never used for targeted advertising.',
        ],
      },
      {
        id: 'retention',
        title: '4. How long we keep it',
        blocks: [
          [
            'shop or shopper account: while the account is open, then deleted within 30 days of its closure;',
            'orders and invoices: 10 years, as the French Commercial Code requires (Article L123-22);',
            'live comments that led to no order: 12 months after the live;',
            'contact and demo requests: 3 years after the last exchange;',
            'technical logs: 12 months;',
            `cookie choice: ${COOKIE_CONSENT_DAYS} days.`,
          ],
        ],
      },
      {
        id: 'recipients',
        title: '5. Who can see it',
        blocks: [
          'The shop a shopper orders from receives what it needs for the order, the delivery and the invoice. Within LiveCart, only the people who need it for support or operations have access. We use the following sub-processors:',
          [
            'hosting of the service and its files: data centres located in the European Union;',
            'sending e-mails (payment links, invoices, confirmations): a transactional e-mail provider hosted in the European Union;',
            'payments: Mollie B.V. (Netherlands) and Stripe Payments Europe Ltd (Ireland), for shoppers’ payments to the shop’s account and for subscriptions;',
            'Facebook and Instagram: Meta Platforms Ireland Ltd, to read live comments and send private replies.',
          ],
          'The current list of our sub-processors is available on request. When a provider transfers data outside the European Union (Stripe, Meta), the transfer relies on the EU–US Data Privacy Framework or on the European Commission’s standard contractual clauses.',
        ],
      },
      {
        id: 'security',
        title: '6. Security',
        blocks: [
          'Encrypted connections (HTTPS), hashed passwords, encrypted Facebook tokens and payment keys, access to data limited to what is needed and logged, regular backups. Invoices and attachments are only available to the shop, its shopper and the administration team.',
        ],
      },
      {
        id: 'rights',
        title: '7. Your rights',
        blocks: [
          'You have the right of access, rectification, erasure, restriction, portability and objection, and the right to give instructions about your data after your death. You can correct most of your information yourself from your profile; for the rest, write to us from the Contact page. We answer within one month.',
          'If your request concerns data a shop handles for its sales, we pass it on to the shop and help it answer.',
          'You may also lodge a complaint with the CNIL, the French data protection authority (www.cnil.fr).',
        ],
      },
      {
        id: 'cookies',
        title: '8. Cookies',
        blocks: [
          [
            'a session cookie keeps you signed in; it is essential and needs no consent;',
            `a cookie remembers your cookie choice for ${COOKIE_CONSENT_DAYS} days, so we do not ask again at every visit;`,
            'audience measurement cookies are only set if you accept them in the banner.',
          ],
          'No advertising cookie is ever set. To change your choice, delete this site’s cookies in your browser: the banner will show again.',
        ],
      },
      {
        id: 'contact',
        title: '9. Contact us',
        blocks: [
          'For any question about your data: the form on the Contact page, or by post to LiveCart SAS, 10 rue de la Paix, 75002 Paris, France. We may change this policy; the date of the last update is at the top of the page and shops are told by e-mail of any significant change.',
        ],
      },
    ],
  },
});

/** /privacy: the privacy policy (GDPR roles, data, durations, sub-processors, rights, cookies). */
export default function PrivacyPage() {
  const { locale, href } = useSite();
  const t = text(locale);
  return (
    <LegalDocument
      text={t}
      testId="legal-privacy"
      end={
        <p>
          <a href={href('contact')}>{t.contactLink}</a>
        </p>
      }
    />
  );
}
