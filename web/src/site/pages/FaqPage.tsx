import { CART_DURATION_MAX_MINUTES, TRIAL_DAYS } from '@livecart/contract/constants';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'FAQ : essai, paiements, Facebook, factures',
    description:
      'Les réponses sur LiveCart : essai gratuit, frais, Mollie et Stripe, Facebook et Instagram, commentaires, panier, liste d’attente, factures et RGPD.',
  },
  en: {
    title: 'FAQ: trial, payments, Facebook, invoices',
    description:
      'Every answer about LiveCart: free trial, fees, Mollie and Stripe, Facebook and Instagram, comment syntax, cart timer, waiting list, invoices, shipping and GDPR.',
  },
});

interface Group {
  id: string;
  title: string;
  items: { q: string; a: string[] }[];
}

const hours = CART_DURATION_MAX_MINUTES / 60;

const text = localized<{
  eyebrow: string;
  title: string;
  lead: string;
  toc: string;
  more: string;
  contact: string;
  groups: Group[];
}>({
  fr: {
    eyebrow: 'Questions fréquentes',
    title: 'Tout ce que les boutiques nous demandent',
    lead: 'Essai, frais, paiements, Facebook et Instagram, commentaires, paniers, factures, données : des réponses précises, telles que l’outil fonctionne aujourd’hui.',
    toc: 'Thèmes',
    more: 'Votre question n’y est pas ?',
    contact: 'Écrivez-nous',
    groups: [
      {
        id: 'essai',
        title: 'Essai et abonnements',
        items: [
          {
            q: 'Combien de temps dure l’essai gratuit, et faut-il une carte ?',
            a: [
              `${TRIAL_DAYS} jours, avec toutes les fonctions de la formule choisie. Aucune carte n’est demandée pour commencer et rien n’est prélevé avant la fin de l’essai. Vous ajoutez une carte ou un IBAN quand vous choisissez votre formule ; le premier prélèvement a lieu le jour où l’essai se termine.`,
            ],
          },
          {
            q: 'Quelle formule choisir ?',
            a: [
              'Basic convient aux boutiques qui démarrent en live. Business s’adresse aux boutiques qui vendent davantage : pourcentage plus bas, plusieurs pages Facebook et comptes Instagram, synchronisation avec votre boutique en ligne. Platinum, sur devis, est pensée pour les gros volumes avec un pourcentage négocié. Les montants et seuils de ventes sont sur la page Tarifs.',
            ],
          },
        ],
      },
      {
        id: 'frais',
        title: 'Frais',
        items: [
          {
            q: 'Que paie-t-on exactement ?',
            a: [
              'L’abonnement (au mois ou à l’année) et un pourcentage des ventes payées dans le mois, remboursements déduits, hors taxes. Les ventes encaissées pendant l’essai ne sont jamais comptées. Votre prestataire de paiement (Mollie ou Stripe) facture ses propres frais par transaction sur votre compte chez lui ; LiveCart n’y ajoute rien.',
            ],
          },
          {
            q: 'Mes clientes paient-elles quelque chose pour utiliser LiveCart ?',
            a: [
              'Non. Le compte client est gratuit et facultatif : une cliente peut payer sa commande directement depuis le lien reçu en message privé. Elle paie seulement ses articles et la livraison.',
            ],
          },
        ],
      },
      {
        id: 'paiements',
        title: 'Paiements',
        items: [
          {
            q: 'Qui encaisse l’argent des ventes ?',
            a: [
              'Vous. Vous connectez votre propre compte Mollie (avec votre clé d’API) ou Stripe (en un clic) : chaque paiement va directement sur ce compte, puis sur votre compte bancaire selon le calendrier de votre prestataire. LiveCart ne détient jamais l’argent de vos ventes.',
            ],
          },
          {
            q: 'Quels moyens de paiement mes clientes peuvent-elles utiliser ?',
            a: [
              'Ceux que votre compte Mollie ou Stripe propose : carte bancaire, PayPal, Bancontact, iDEAL et d’autres selon les pays. Dès la connexion, LiveCart les liste ; vous activez ou coupez chacun depuis l’écran Paiements.',
            ],
          },
          {
            q: 'Et si une cliente paie après l’expiration de son panier ?',
            a: [
              'Si les articles sont encore disponibles, ils lui sont réservés à nouveau et la commande passe en payée. Sinon, la commande n’est pas livrée, le paiement est signalé « à rembourser » et vous recevez une notification : rien n’est vendu deux fois.',
            ],
          },
        ],
      },
      {
        id: 'facebook-instagram',
        title: 'Facebook et Instagram',
        items: [
          {
            q: 'Quelles pages et quels comptes puis-je connecter ?',
            a: [
              'Les pages Facebook que vous gérez et le compte Instagram professionnel relié à chacune. Depuis Mes boutiques, vous vous connectez avec Facebook, choisissez vos pages, et chaque page devient une boutique avec son compte Instagram.',
            ],
          },
          {
            q: 'Quelles autorisations LiveCart demande-t-il, et pourquoi ?',
            a: [
              'Lister vos pages, lire les commentaires de vos lives Facebook et Instagram et envoyer les réponses privées (pages_messaging, instagram_manage_comments, instagram_manage_messages…). Si vous en refusez une, rien n’est enregistré et l’écran vous dit laquelle manque : une page qui lirait les commentaires sans pouvoir répondre laisserait vos clientes sans lien de paiement.',
            ],
          },
          {
            q: 'Que reçoit la personne qui commente ?',
            a: [
              'Une réponse privée par commentaire (Messenger ou message Instagram), dans la langue de votre boutique : ce qui lui est réservé, ce qui est en liste d’attente et son lien de paiement personnel. Facebook n’autorise ces réponses privées que dans les 7 jours qui suivent le commentaire.',
            ],
          },
        ],
      },
      {
        id: 'commentaire',
        title: 'Le commentaire',
        items: [
          {
            q: 'Comment mes clientes commandent-elles en commentaire ?',
            a: [
              'En écrivant le mot-clé du produit, suivi si besoin de la couleur, de la taille et de la quantité : « robe12 noir M », « robe12 x2 », « 2x robe12 », « robe12 taille 38 ». Majuscules et accents ne comptent pas, plusieurs produits peuvent tenir dans un même commentaire, et les prix ou émojis autour sont ignorés.',
              'Une même personne peut réserver jusqu’à 10 pièces d’un article par commentaire. Si le commentaire hésite (« robe12 rouge ou noir »), rien n’est réservé au hasard : le chatbot lui demande de préciser.',
            ],
          },
          {
            q: 'Un mot-clé peut-il servir à deux produits ?',
            a: [
              'Non : chaque mot-clé désigne un seul produit de votre boutique et l’outil refuse un mot-clé déjà pris. Un produit peut en revanche avoir plusieurs mots-clés (par exemple « robe12 » et « robefleurie »).',
            ],
          },
        ],
      },
      {
        id: 'panier',
        title: 'Panier et liste d’attente',
        items: [
          {
            q: 'Combien de temps un panier reste-t-il réservé ?',
            a: [
              `La durée que vous choisissez pour chaque live, de 0 à ${hours} heures (30 minutes par défaut). Le compte à rebours démarre au premier article et repart à chaque article ajouté. À son terme, le stock revient et passe à la première personne de la liste d’attente. Avec 0, le panier n’expire pas.`,
            ],
          },
          {
            q: 'Peut-on vendre plus que le stock ?',
            a: [
              'Non. Chaque pièce est réservée au moment où le commentaire est lu, même quand des centaines de personnes écrivent le même mot-clé dans la même seconde. Un même commentaire reçu deux fois ne crée qu’une seule ligne de commande.',
            ],
          },
          {
            q: 'Comment fonctionne la liste d’attente ?',
            a: [
              'Quand un article est épuisé, la personne qui le demande rejoint automatiquement la liste d’attente. Dès qu’une pièce se libère (panier expiré, article retiré, stock ajouté), elle va à la première personne de la file, dans l’ordre des commentaires ; celle-ci est prévenue et son compte à rebours repart.',
            ],
          },
        ],
      },
      {
        id: 'factures',
        title: 'Factures',
        items: [
          {
            q: 'Les factures sont-elles faites automatiquement ?',
            a: [
              'Oui. Dès que le paiement est confirmé, une facture PDF est créée à votre nom et envoyée par e-mail à votre cliente, dans la langue de sa commande. Elle se télécharge aussi depuis vos Commandes et vos Paiements.',
              'La numérotation est continue par boutique (F-2026-000042, F-2026-000043…) : aucun numéro sauté, aucun numéro utilisé deux fois, comme l’exige la loi française.',
            ],
          },
        ],
      },
      {
        id: 'livraison',
        title: 'Livraison',
        items: [
          {
            q: 'Comment offrir la livraison ?',
            a: [
              'De deux façons, cumulables. Un seuil : au-delà d’un montant de commande, la livraison est offerte. Une période : pendant la fenêtre que vous fixez (un week-end de lives, par exemple), une cliente qui a payé la livraison une fois ne la paie plus sur ses commandes suivantes.',
            ],
          },
          {
            q: 'Quels modes de livraison puis-je proposer ?',
            a: [
              'Ceux du catalogue de LiveCart : Colissimo, Mondial Relay, Chronopost, DPD, GLS, UPS, bpost, retrait en boutique… : vous activez ceux que vous utilisez et fixez un prix par pays. La cliente choisit au moment de payer.',
            ],
          },
        ],
      },
      {
        id: 'donnees',
        title: 'Données et RGPD',
        items: [
          {
            q: 'Qui est responsable des données de mes clientes ?',
            a: [
              'Vous êtes responsable de traitement des données de vos clientes ; LiveCart agit comme sous-traitant, uniquement pour exécuter vos ventes. Les données sont hébergées dans l’Union européenne, ne sont jamais vendues, et les jetons Facebook comme les clés de paiement sont chiffrés.',
            ],
          },
          {
            q: 'Puis-je récupérer ou supprimer mes données ?',
            a: [
              'Vos commandes s’exportent à tout moment en CSV (lisible tel quel par Excel) et vos factures en PDF. Sur simple demande au support, nous vous envoyons un export complet ou supprimons votre compte ; seules les factures sont gardées 10 ans, comme la loi l’impose.',
            ],
          },
        ],
      },
      {
        id: 'support',
        title: 'Support',
        items: [
          {
            q: 'Comment joindre l’équipe ?',
            a: [
              'Depuis la page Aide de votre espace (vous pouvez joindre une capture d’écran) ou par le formulaire de contact. Nous répondons sous un jour ouvré, en français ou en anglais ; le support est prioritaire avec Business et Platinum.',
            ],
          },
        ],
      },
    ],
  },
  en: {
    eyebrow: 'Frequently asked questions',
    title: 'Everything shops ask us',
    lead: 'Trial, fees, payments, Facebook and Instagram, comments, carts, invoices, data: precise answers, as the tool works today.',
    toc: 'Topics',
    more: 'Your question is not here?',
    contact: 'Write to us',
    groups: [
      {
        id: 'trial',
        title: 'Trial and plans',
        items: [
          {
            q: 'How long is the free trial, and do I need a card?',
            a: [
              `${TRIAL_DAYS} days, with every feature of the plan you choose. No card is needed to start and nothing is charged before the trial ends. You add a card or an IBAN when you choose your plan; the first charge is made on the day the trial ends.`,
            ],
          },
          {
            q: 'Which plan should I choose?',
            a: [
              'Basic suits shops starting with live selling. Business is for shops that sell more: a lower percent, several Facebook pages and Instagram accounts, and sync with your online shop. Platinum, on request, is made for large volumes with a negotiated percent. Amounts and sales thresholds are on the Pricing page.',
            ],
          },
        ],
      },
      {
        id: 'fees',
        title: 'Fees',
        items: [
          {
            q: 'What exactly do I pay?',
            a: [
              'The subscription (monthly or yearly) and a percent of the sales paid in the month, less refunds, excluding VAT. Sales paid during the trial are never counted. Your payment provider (Mollie or Stripe) charges its own per-transaction fees on your account with them; LiveCart adds nothing to them.',
            ],
          },
          {
            q: 'Do my shoppers pay anything to use LiveCart?',
            a: [
              'No. The shopper account is free and optional: a shopper can pay her order straight from the link in her private message. She only pays for her items and the delivery.',
            ],
          },
        ],
      },
      {
        id: 'payments',
        title: 'Payments',
        items: [
          {
            q: 'Who receives the money from sales?',
            a: [
              'You do. You connect your own Mollie account (with your API key) or Stripe account (in one click): every payment goes straight to that account, then to your bank account on your provider’s schedule. LiveCart never holds the money from your sales.',
            ],
          },
          {
            q: 'Which payment methods can my shoppers use?',
            a: [
              'The ones your Mollie or Stripe account offers: cards, PayPal, Bancontact, iDEAL and others depending on the country. Once connected, LiveCart lists them; you switch each one on or off from the Payments screen.',
            ],
          },
          {
            q: 'What if a shopper pays after her cart expired?',
            a: [
              'If the items are still available, they are reserved for her again and the order is paid. Otherwise the order is not delivered, the payment is flagged “to refund” and you get a notification: nothing is ever sold twice.',
            ],
          },
        ],
      },
      {
        id: 'facebook-instagram',
        title: 'Facebook and Instagram',
        items: [
          {
            q: 'Which pages and accounts can I connect?',
            a: [
              'The Facebook pages you manage and the Instagram professional account linked to each. From My Stores, you sign in with Facebook, pick your pages, and each page becomes a store along with its Instagram account.',
            ],
          },
          {
            q: 'Which permissions does LiveCart ask for, and why?',
            a: [
              'Listing your pages, reading the comments of your Facebook and Instagram lives and sending the private replies (pages_messaging, instagram_manage_comments, instagram_manage_messages…). If you decline one, nothing is saved and the screen names the one missing: a page that read comments but could not answer would leave your shoppers without a payment link.',
            ],
          },
          {
            q: 'What does the person who comments receive?',
            a: [
              'One private reply per comment (Messenger or an Instagram message), in your shop’s language: what is reserved for her, what is on the waiting list and her own payment link. Facebook only allows these private replies within 7 days of the comment.',
            ],
          },
        ],
      },
      {
        id: 'comment',
        title: 'The comment',
        items: [
          {
            q: 'How do my shoppers order in a comment?',
            a: [
              'By writing the product’s keyword, followed if needed by the colour, size and quantity: “robe12 black M”, “robe12 x2”, “2x robe12”, “robe12 size 38”. Case and accents do not matter, several products fit in one comment, and prices or emojis around them are ignored.',
              'One person can reserve up to 10 pieces of an item per comment. If the comment hesitates (“robe12 red or black”), nothing is reserved at random: the chatbot asks her to say which.',
            ],
          },
          {
            q: 'Can one keyword point to two products?',
            a: [
              'No: each keyword names one product of your shop and the tool refuses a keyword already taken. A product can, however, have several keywords (for example “robe12” and “flowerdress”).',
            ],
          },
        ],
      },
      {
        id: 'cart',
        title: 'Cart and waiting list',
        items: [
          {
            q: 'How long is a cart reserved?',
            a: [
              `The time you choose for each live, from 0 to ${hours} hours (30 minutes by default). The countdown starts at the first item and restarts with each item added. When it ends, the stock comes back and goes to the first person on the waiting list. With 0, the cart does not expire.`,
            ],
          },
          {
            q: 'Can I sell more than my stock?',
            a: [
              'No. Each piece is reserved the moment the comment is read, even when hundreds of people write the same keyword in the same second. The same comment received twice makes a single order line.',
            ],
          },
          {
            q: 'How does the waiting list work?',
            a: [
              'When an item is sold out, the person asking for it joins the waiting list automatically. As soon as a piece is released (cart expired, item removed, stock added), it goes to the first person in the queue, in comment order; she is told and her countdown restarts.',
            ],
          },
        ],
      },
      {
        id: 'invoices',
        title: 'Invoices',
        items: [
          {
            q: 'Are invoices made automatically?',
            a: [
              'Yes. As soon as the payment is confirmed, a PDF invoice is made out in your name and e-mailed to your shopper, in the language of her order. It can also be downloaded from your Orders and Payments.',
              'Numbering is continuous per shop (F-2026-000042, F-2026-000043…): no number skipped, none used twice, as French law requires.',
            ],
          },
        ],
      },
      {
        id: 'shipping',
        title: 'Shipping',
        items: [
          {
            q: 'How can I offer free shipping?',
            a: [
              'In two ways, which can be combined. A threshold: above an order amount, shipping is free. A window: during the period you set (a weekend of lives, say), a shopper who has paid for shipping once no longer pays it on her next orders.',
            ],
          },
          {
            q: 'Which shipping methods can I offer?',
            a: [
              'Those of the LiveCart catalogue: Colissimo, Mondial Relay, Chronopost, DPD, GLS, UPS, bpost, pick-up in store…: you switch on the ones you use and set a price per country. The shopper chooses when she pays.',
            ],
          },
        ],
      },
      {
        id: 'data',
        title: 'Data and GDPR',
        items: [
          {
            q: 'Who is responsible for my shoppers’ data?',
            a: [
              'You are the controller of your shoppers’ data; LiveCart acts as your processor, only to carry out your sales. The data is hosted in the European Union, never sold, and Facebook tokens and payment keys are stored encrypted.',
            ],
          },
          {
            q: 'Can I get my data back or have it deleted?',
            a: [
              'Your orders export at any time as CSV (Excel opens it as is) and your invoices as PDF. On a simple request to support, we send you a full export or delete your account; only invoices are kept for 10 years, as the law requires.',
            ],
          },
        ],
      },
      {
        id: 'support',
        title: 'Support',
        items: [
          {
            q: 'How do I reach the team?',
            a: [
              'From the Help page of your space (you can attach a screenshot) or through the contact form. We answer within one working day, in French or English; support is priority with Business and Platinum.',
            ],
          },
        ],
      },
    ],
  },
});

/** /faq: the questions shops ask, grouped by topic, each a `<details>` that opens without JavaScript. */
export default function FaqPage() {
  const { locale, href } = useSite();
  const t = text(locale);
  return (
    <>
      <section className="site-page-head">
        <div className="site-wrap">
          <p className="site-eyebrow">{t.eyebrow}</p>
          <h1>{t.title}</h1>
          <p className="site-lead">{t.lead}</p>
          <nav aria-label={t.toc} className="site-toc">
            {t.groups.map((g) => (
              <a key={g.id} href={`#${g.id}`}>
                {g.title}
              </a>
            ))}
          </nav>
        </div>
      </section>
      <section className="site-section site-section-tight">
        <div className="site-wrap">
          <div className="site-prose">
            {t.groups.map((g) => (
              <section key={g.id} id={g.id} aria-labelledby={`${g.id}-title`} className="site-faq-group">
                <h2 id={`${g.id}-title`}>{g.title}</h2>
                <div className="site-faq">
                  {g.items.map((item) => (
                    <details key={item.q} data-testid="faq-item">
                      <summary>{item.q}</summary>
                      <div>
                        {item.a.map((p) => (
                          <p key={p}>{p}</p>
                        ))}
                      </div>
                    </details>
                  ))}
                </div>
              </section>
            ))}
            <p className="site-faq-more">
              {t.more} <a href={href('contact')}>{t.contact}</a>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
