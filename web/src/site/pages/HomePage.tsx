import { TRIAL_DAYS } from '@livecart/contract/constants';
import checkoutPhone from '../img/checkout-phone.jpg';
import inventory from '../img/inventory.jpg';
import liveCarts from '../img/live-carts.jpg';
import liveConsole from '../img/live-console.jpg';
import paidPhone from '../img/paid-phone.jpg';
import privateMessage from '../img/private-message.jpg';
import scheduleLive from '../img/schedule-live.jpg';
import waitingList from '../img/waiting-list.jpg';
import { Band, TrialAndDemo } from '../PageParts';
import { monthlyPrice, percentLine, planText } from '../plans';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'LiveCart : vendez en live sur Facebook et Instagram',
    description:
      'Un commentaire devient un panier, le stock est réservé, la cliente reçoit son lien en message privé et paie sur son téléphone. Essai gratuit de 30 jours.',
  },
  en: {
    title: 'LiveCart: sell live on Facebook and Instagram',
    description:
      'A comment becomes a cart, the stock is reserved, the shopper gets her link in a private message and pays on her phone. Invoice included. 30-day free trial.',
  },
});

/** The product's screenshots: file, size (for the layout before it loads), whether it is a phone's. */
const SHOTS = {
  liveConsole: { src: liveConsole, width: 1440, height: 860 },
  liveCarts: { src: liveCarts, width: 1440, height: 860 },
  privateMessage: { src: privateMessage, width: 1126, height: 1024 },
  checkoutPhone: { src: checkoutPhone, width: 780, height: 1688, phone: true },
  paidPhone: { src: paidPhone, width: 780, height: 1688, phone: true },
  inventory: { src: inventory, width: 1440, height: 860 },
  scheduleLive: { src: scheduleLive, width: 1440, height: 860 },
  waitingList: { src: waitingList, width: 1440, height: 860 },
};
type TShot = keyof typeof SHOTS;

const text = localized({
  fr: {
    eyebrow: 'Vente en live sur Facebook et Instagram',
    title: 'Du commentaire au paiement, pendant votre live',
    lead: 'Une cliente écrit « robe12 noir M » sous votre live : son panier est créé, l’article lui est réservé et elle reçoit en message privé son lien pour payer. Vous, vous continuez à présenter.',
    signup: 'Essayer gratuitement 30 jours',
    pricing: 'Voir les tarifs',
    trialNote: 'Sans carte pour commencer. Rien n’est prélevé avant la fin de l’essai.',
    heroAlt:
      'La console du live dans LiveCart : les commentaires arrivent et chacun devient un panier, avec le produit, la variante et le compte à rebours.',
    loopEyebrow: 'Comment ça marche',
    loopTitle: 'Quatre étapes, aucune saisie à la main',
    steps: [
      {
        shot: 'liveCarts' as TShot,
        title: 'Elle commente, son panier se crée',
        text: 'Le mot-clé, la couleur, la taille, la quantité : LiveCart lit le commentaire et réserve la pièce en moins d’une seconde. Le stock est tenu en temps réel, jamais rien n’est vendu deux fois.',
        alt: 'L’écran Paniers en live : chaque panier avec la cliente, ses articles, le total et le temps restant.',
      },
      {
        shot: 'privateMessage' as TShot,
        title: 'Elle reçoit son lien en message privé',
        text: 'Une réponse privée par commentaire, sur Messenger ou Instagram : ce qui lui est réservé, le temps qu’il lui reste et son lien de paiement personnel.',
        alt: 'La réponse privée envoyée à une spectatrice : article réservé, durée du panier et lien de paiement.',
      },
      {
        shot: 'checkoutPhone' as TShot,
        title: 'Elle paie sur son téléphone',
        text: 'Adresse, livraison, paiement : quelques touches suffisent. Carte, PayPal, Bancontact ou iDEAL, directement sur votre compte Mollie ou Stripe.',
        alt: 'La page de paiement sur un téléphone : articles, adresse de livraison, mode de livraison et moyens de paiement.',
      },
      {
        shot: 'paidPhone' as TShot,
        title: 'C’est payé, la facture part',
        text: 'La commande passe en payée dans votre espace, la facture PDF numérotée est envoyée par e-mail à la cliente. Il ne vous reste qu’à préparer le colis.',
        alt: 'La confirmation de paiement sur un téléphone, avec le numéro de commande et la facture.',
      },
    ],
    prepTitle: 'Avant le live : cinq minutes de préparation',
    prepText:
      'Ajoutez vos produits (ou importez-les en CSV) avec un mot-clé chacun, programmez votre live sur votre page Facebook et votre compte Instagram, choisissez la durée du panier. C’est prêt.',
    inventoryAlt:
      'L’inventaire : les produits avec leurs mots-clés, leurs variantes, leur stock et leur prix.',
    inventoryCaption: 'Vos produits et leurs mots-clés',
    scheduleAlt: 'La programmation d’un live : date, heure, durée du panier et pages connectées.',
    scheduleCaption: 'Un live programmé en quelques clics',
    whyEyebrow: 'Pourquoi LiveCart',
    whyTitle: 'Pensé pour la vente en direct',
    why: [
      {
        title: 'Stock en temps réel',
        text: 'Chaque pièce est réservée au moment où le commentaire est lu, même quand des centaines de personnes écrivent à la même seconde.',
      },
      {
        title: 'Compte à rebours du panier',
        text: 'Vous choisissez la durée par live ; à son terme, les articles non payés reviennent en stock.',
      },
      {
        title: 'Liste d’attente',
        text: 'Un article épuisé ? La cliente rejoint la file et reçoit la pièce dès qu’elle se libère, dans l’ordre des commentaires.',
      },
      {
        title: 'Livraison offerte',
        text: 'Au-delà d’un montant, ou pendant une période : la livraison payée une fois couvre les commandes suivantes.',
      },
      {
        title: 'Chatbot',
        text: 'Des réponses automatiques aux questions de vos lives, avec vos propres messages et déclencheurs.',
      },
      {
        title: 'Factures automatiques',
        text: 'Une facture PDF à numérotation continue, envoyée par e-mail à chaque paiement.',
      },
      {
        title: 'Facebook et Instagram',
        text: 'Vos pages et comptes Instagram connectés ; un même live peut recevoir les commentaires des deux.',
      },
      {
        title: 'Synchronisation boutique',
        text: 'Avec Business : produits, stocks, prix et commandes synchronisés avec votre boutique en ligne.',
      },
    ],
    waitingAlt:
      'La liste d’attente : les articles épuisés, les quantités demandées et le nombre de clientes en file.',
    waitingCaption: 'La liste d’attente, servie toute seule',
    waitingText:
      'Chaque article épuisé garde sa file, dans l’ordre des commentaires. Un panier expire, une cliente retire un article, vous recomptez votre stock : la pièce part aussitôt à la première personne, avec un nouveau lien et un nouveau compte à rebours.',
    plansEyebrow: 'Tarifs',
    plansTitle: 'Un abonnement et un pourcentage des ventes',
    plansText: 'Prix hors taxes. L’argent de vos ventes va directement sur votre compte de paiement.',
    plansLink: 'Voir le détail des tarifs',
    ctaTitle: `${TRIAL_DAYS} jours pour essayer sur vos vrais lives`,
    ctaText:
      'Créez votre boutique, connectez votre page, lancez un live : vos premiers paniers arrivent. Rien n’est prélevé avant la fin de l’essai.',
    cta: 'Commencer l’essai gratuit',
    demo: 'Demander une démo',
  },
  en: {
    eyebrow: 'Live selling on Facebook and Instagram',
    title: 'From comment to payment, during your live',
    lead: 'A shopper writes “robe12 black M” under your live: her cart is created, the item is reserved for her and she gets her payment link in a private message. You just keep presenting.',
    signup: 'Try it free for 30 days',
    pricing: 'See pricing',
    trialNote: 'No card to start. Nothing is charged before the trial ends.',
    heroAlt:
      'The live console in LiveCart: comments come in and each one becomes a cart, with the product, the variant and the countdown.',
    loopEyebrow: 'How it works',
    loopTitle: 'Four steps, nothing typed by hand',
    steps: [
      {
        shot: 'liveCarts' as TShot,
        title: 'She comments, her cart is created',
        text: 'Keyword, colour, size, quantity: LiveCart reads the comment and reserves the piece in under a second. Stock is kept in real time, and nothing is ever sold twice.',
        alt: 'The Live Carts screen: each cart with the shopper, her items, the total and the time left.',
      },
      {
        shot: 'privateMessage' as TShot,
        title: 'She gets her link in a private message',
        text: 'One private reply per comment, on Messenger or Instagram: what is reserved for her, the time she has left and her own payment link.',
        alt: 'The private reply sent to a viewer: item reserved, cart time and payment link.',
      },
      {
        shot: 'checkoutPhone' as TShot,
        title: 'She pays on her phone',
        text: 'Address, delivery, payment: a few taps are enough. Card, PayPal, Bancontact or iDEAL, straight to your Mollie or Stripe account.',
        alt: 'The checkout on a phone: items, delivery address, shipping method and payment methods.',
      },
      {
        shot: 'paidPhone' as TShot,
        title: 'It is paid, the invoice goes out',
        text: 'The order shows as paid in your space, and the numbered PDF invoice is e-mailed to the shopper. All that is left is packing the parcel.',
        alt: 'The payment confirmation on a phone, with the order number and the invoice.',
      },
    ],
    prepTitle: 'Before the live: five minutes of preparation',
    prepText:
      'Add your products (or import them by CSV) with a keyword each, schedule your live on your Facebook page and Instagram account, choose the cart time. You are ready.',
    inventoryAlt: 'The inventory: products with their keywords, variants, stock and price.',
    inventoryCaption: 'Your products and their keywords',
    scheduleAlt: 'Scheduling a live: date, time, cart time and connected pages.',
    scheduleCaption: 'A live scheduled in a few clicks',
    whyEyebrow: 'Why LiveCart',
    whyTitle: 'Made for selling live',
    why: [
      {
        title: 'Real-time stock',
        text: 'Each piece is reserved the moment the comment is read, even when hundreds of people write in the same second.',
      },
      {
        title: 'Cart countdown',
        text: 'You choose the time per live; when it ends, unpaid items go back into stock.',
      },
      {
        title: 'Waiting list',
        text: 'Item sold out? The shopper joins the queue and gets the piece as soon as it is released, in comment order.',
      },
      {
        title: 'Free shipping',
        text: 'Above an amount, or during a window: shipping paid once covers the next orders.',
      },
      {
        title: 'Chatbot',
        text: 'Automatic answers to the questions asked in your lives, with your own messages and triggers.',
      },
      {
        title: 'Automatic invoices',
        text: 'A continuously numbered PDF invoice, e-mailed with every payment.',
      },
      {
        title: 'Facebook and Instagram',
        text: 'Your pages and Instagram accounts connected; one live can take the comments of both.',
      },
      {
        title: 'Shop sync',
        text: 'With Business: products, stock, prices and orders synced with your online shop.',
      },
    ],
    waitingAlt:
      'The waiting list: sold-out items, the quantities asked for and the number of shoppers in the queue.',
    waitingCaption: 'The waiting list, served on its own',
    waitingText:
      'Each sold-out item keeps its queue, in comment order. A cart expires, a shopper removes an item, you recount your stock: the piece goes at once to the first person, with a new link and a new countdown.',
    plansEyebrow: 'Pricing',
    plansTitle: 'A plan and a percent of sales',
    plansText: 'Prices exclude VAT. The money from your sales goes straight to your payment account.',
    plansLink: 'See pricing in detail',
    ctaTitle: `${TRIAL_DAYS} days to try it on your real lives`,
    ctaText:
      'Create your shop, connect your page, go live: your first carts arrive. Nothing is charged before the trial ends.',
    cta: 'Start the free trial',
    demo: 'Request a demo',
  },
});

/** A screenshot of the product with its intrinsic size, so the page does not move as it loads. */
function Shot({ name, alt, eager }: { name: TShot; alt: string; eager?: boolean }) {
  const shot = SHOTS[name];
  return (
    <img
      src={shot.src}
      width={shot.width}
      height={shot.height}
      alt={alt}
      className={'phone' in shot ? 'site-shot-phone' : undefined}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? undefined : 'async'}
    />
  );
}

/** `/`, `/en`: the loop from comment to payment with screenshots, why, plans, the trial. */
export default function HomePage() {
  const { data, locale, href, appHref } = useSite();
  const t = text(locale);
  const signup = `${appHref('/signup')}?role=seller`;
  return (
    <>
      <section className="site-hero">
        <div className="site-wrap site-hero-grid">
          <div>
            <p className="site-eyebrow">{t.eyebrow}</p>
            <h1>{t.title}</h1>
            <p className="site-lead">{t.lead}</p>
            <div className="site-cta">
              <a className="site-btn site-btn-primary site-btn-large" href={signup} data-testid="home-signup">
                {t.signup}
              </a>
              <a className="site-btn site-btn-large" href={href('pricing')}>
                {t.pricing}
              </a>
            </div>
            <p className="site-note">{t.trialNote}</p>
          </div>
          <figure className="site-figure site-hero-shot">
            <Shot name="liveConsole" alt={t.heroAlt} eager />
          </figure>
        </div>
      </section>

      <section className="site-section" aria-labelledby="loop-title">
        <div className="site-wrap">
          <p className="site-eyebrow">{t.loopEyebrow}</p>
          <h2 id="loop-title">{t.loopTitle}</h2>
          <ol className="site-steps">
            {t.steps.map((step, i) => (
              <li
                key={step.title}
                className={'phone' in SHOTS[step.shot] ? 'site-step site-step-phone' : 'site-step'}
                data-testid="home-step"
              >
                <div className="site-step-text">
                  <span className="site-step-number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </div>
                <figure className="site-figure site-step-shot">
                  <Shot name={step.shot} alt={step.alt} />
                </figure>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="site-section site-section-soft" aria-labelledby="prep-title">
        <div className="site-wrap">
          <h2 id="prep-title">{t.prepTitle}</h2>
          <p className="site-lead">{t.prepText}</p>
          <div className="site-pair">
            <figure className="site-figure">
              <Shot name="inventory" alt={t.inventoryAlt} />
              <figcaption>{t.inventoryCaption}</figcaption>
            </figure>
            <figure className="site-figure">
              <Shot name="scheduleLive" alt={t.scheduleAlt} />
              <figcaption>{t.scheduleCaption}</figcaption>
            </figure>
          </div>
        </div>
      </section>

      <section className="site-section" aria-labelledby="why-title">
        <div className="site-wrap">
          <p className="site-eyebrow">{t.whyEyebrow}</p>
          <h2 id="why-title">{t.whyTitle}</h2>
          <ul className="site-grid site-features">
            {t.why.map((w) => (
              <li key={w.title} className="site-card">
                <h3>{w.title}</h3>
                <p>{w.text}</p>
              </li>
            ))}
          </ul>
          <div className="site-split">
            <div>
              <h3>{t.waitingCaption}</h3>
              <p>{t.waitingText}</p>
            </div>
            <figure className="site-figure">
              <Shot name="waitingList" alt={t.waitingAlt} />
            </figure>
          </div>
        </div>
      </section>

      <section className="site-section site-section-soft" aria-labelledby="plans-title">
        <div className="site-wrap">
          <p className="site-eyebrow">{t.plansEyebrow}</p>
          <h2 id="plans-title">{t.plansTitle}</h2>
          <p>{planText(locale).trial(TRIAL_DAYS)}</p>
          <ul className="site-grid site-plan-summary">
            {data.plans.map((plan) => (
              <li key={plan.id} className="site-card" data-testid={`home-plan-${plan.code}`}>
                <h3>{plan.name}</h3>
                <p className="site-plan-price">{monthlyPrice(plan, locale)}</p>
                <p>{percentLine(plan, locale)}</p>
              </li>
            ))}
          </ul>
          <p className="site-note">{t.plansText}</p>
          <a className="site-btn" href={href('pricing')}>
            {t.plansLink}
          </a>
        </div>
      </section>

      <Band title={t.ctaTitle} text={t.ctaText}>
        <TrialAndDemo trial={t.cta} demo={t.demo} />
      </Band>
    </>
  );
}
