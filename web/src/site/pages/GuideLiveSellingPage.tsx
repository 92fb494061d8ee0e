import { guideOf } from '../guides/catalogue';
import { GuideFrame } from '../guides/GuideFrame';
import { liveSellingText } from '../guides/liveSellingText';
import { Shot } from '../guides/Shot';
import checkoutPhone from '../img/checkout-phone.jpg';
import inventory from '../img/inventory.jpg';
import liveCarts from '../img/live-carts.jpg';
import liveConsole from '../img/live-console.jpg';
import paidPhone from '../img/paid-phone.jpg';
import privateMessage from '../img/private-message.jpg';
import scheduleLive from '../img/schedule-live.jpg';
import waitingList from '../img/waiting-list.jpg';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Guide : préparer et animer un live',
    description:
      'Mots-clés, variantes et stock, pages Facebook et Instagram, syntaxe des commentaires, minuteur du panier, liste d’attente : tout pour vendre en live.',
  },
  en: {
    title: 'Guide: preparing and running a live',
    description:
      'Keywords, variants and stock, Facebook and Instagram pages, the comment syntax, the cart timer and the waiting list: everything to sell during a live.',
  },
});

/** The screenshots' alternative texts and captions. */
const shots = localized({
  fr: {
    inventory: {
      alt: 'L’inventaire LiveCart : liste de produits avec leur photo, leurs mots-clés, leur prix et leur stock.',
      caption: 'L’inventaire : chaque produit avec ses mots-clés et son stock.',
    },
    schedule: {
      alt: 'La fenêtre « Programmer un live » : date, heure de début, durée du panier et scénario du chatbot.',
      caption: 'Programmer un live : la date, l’heure, la durée du panier et le scénario.',
    },
    console: {
      alt: 'La console du live : les commentaires arrivent et deviennent des paniers, avec la réponse envoyée.',
      caption: 'La console : chaque commentaire, ce qu’il a donné et la réponse privée.',
    },
    message: {
      alt: 'La réponse privée reçue par une spectatrice, avec ses articles réservés et le lien de son panier.',
      caption: 'Le message privé envoyé à la spectatrice, tel que la console l’affiche.',
    },
    carts: {
      alt: 'L’écran Paniers live : les paniers en cours avec leur compte à rebours.',
      caption: 'Paniers live : le temps restant de chaque panier.',
    },
    waiting: {
      alt: 'L’écran Liste d’attente : les variantes épuisées, les clientes qui attendent et le stock actuel.',
      caption: 'La liste d’attente, variante par variante.',
    },
    checkout: {
      alt: 'La page de paiement sur un téléphone : articles, compte à rebours, adresse et livraison.',
      caption: 'La commande sur le téléphone de la cliente.',
    },
    paid: {
      alt: 'La confirmation de paiement sur un téléphone : commande payée.',
      caption: 'Payé : la confirmation, puis la facture par e-mail.',
    },
  },
  en: {
    inventory: {
      alt: 'The LiveCart inventory: a list of products with their photo, keywords, price and stock.',
      caption: 'Inventory: each product with its keywords and stock.',
    },
    schedule: {
      alt: 'The “Schedule a live” window: date, start time, cart duration and chatbot scenario.',
      caption: 'Scheduling a live: date, time, cart duration and scenario.',
    },
    console: {
      alt: 'The live console: comments arrive and become carts, with the reply sent.',
      caption: 'The console: each comment, what it led to and the private reply.',
    },
    message: {
      alt: 'The private reply a viewer receives, with her reserved items and her cart’s link.',
      caption: 'The private message sent to the viewer, as the console shows it.',
    },
    carts: {
      alt: 'The Live Carts screen: open carts with their countdown.',
      caption: 'Live Carts: the time left on each cart.',
    },
    waiting: {
      alt: 'The Waiting list screen: sold-out variants, the shoppers waiting and the current stock.',
      caption: 'The waiting list, variant by variant.',
    },
    checkout: {
      alt: 'The payment page on a phone: items, countdown, address and delivery.',
      caption: 'The order on the shopper’s phone.',
    },
    paid: {
      alt: 'The payment confirmation on a phone: order paid.',
      caption: 'Paid: the confirmation, then the invoice by e-mail.',
    },
  },
});

const WIDE = { width: 1440, height: 860 };
const PHONE = { width: 780, height: 1688 };

/** /guides/liveselling: how a merchant prepares and runs a live, for the merchant. */
export default function GuideLiveSellingPage() {
  const { locale, href, appHref } = useSite();
  const t = liveSellingText(locale);
  const s = shots(locale);
  const guide = guideOf('guideLiveSelling', locale);
  const heading = (id: string) => guide.sections.find((x) => x.id === id)?.title;
  const paragraphs = (list: string[]) => list.map((p) => <p key={p}>{p}</p>);
  return (
    <GuideFrame page="guideLiveSelling" lead={t.lead}>
      <div className="site-prose site-guide">
        <h2 id="products">{heading('products')}</h2>
        {paragraphs(t.products)}
        <p>
          <a className="site-btn" href={href('guideRulesCsv')}>
            {t.productsCsv}
          </a>
        </p>
        <Shot src={inventory} {...WIDE} {...s.inventory} />

        <h2 id="stores">{heading('stores')}</h2>
        {paragraphs(t.stores)}

        <h2 id="schedule">{heading('schedule')}</h2>
        {paragraphs(t.schedule.slice(0, 1))}
        <Shot src={scheduleLive} {...WIDE} {...s.schedule} />
        {paragraphs(t.schedule.slice(1))}
        <Shot src={liveConsole} {...WIDE} {...s.console} />

        <h2 id="comments">{heading('comments')}</h2>
        {paragraphs(t.comments)}
        <table className="site-rules site-comments" data-testid="comment-examples">
          <thead>
            <tr>
              <th scope="col">{t.commentHead.comment}</th>
              <th scope="col">{t.commentHead.result}</th>
            </tr>
          </thead>
          <tbody>
            {t.examples.map((e) => (
              <tr key={e.comment}>
                <th scope="row">
                  <code>{e.comment}</code>
                </th>
                <td data-label={t.commentHead.result}>{e.result}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {paragraphs(t.commentsAfter)}

        <h2 id="timer">{heading('timer')}</h2>
        {paragraphs(t.timer)}
        <Shot src={liveCarts} {...WIDE} {...s.carts} />

        <h2 id="waiting-list">{heading('waiting-list')}</h2>
        {paragraphs(t.waiting)}
        <Shot src={waitingList} {...WIDE} {...s.waiting} />

        <h2 id="shopper">{heading('shopper')}</h2>
        {paragraphs(t.shopper.slice(0, 1))}
        <blockquote className="site-quote">
          <p>{t.privateMessageExample}</p>
          <footer>{t.privateMessageCaption}</footer>
        </blockquote>
        <Shot src={privateMessage} width={1126} height={1024} {...s.message} />
        {paragraphs(t.shopper.slice(1))}
        <div className="site-shot-pair">
          <Shot src={checkoutPhone} {...PHONE} {...s.checkout} phone />
          <Shot src={paidPhone} {...PHONE} {...s.paid} phone />
        </div>

        <h2 id="after">{heading('after')}</h2>
        {paragraphs(t.after)}
        <div className="site-cta">
          <a className="site-btn site-btn-primary site-btn-large" href={`${appHref('/signup')}?role=seller`}>
            {t.cta}
          </a>
        </div>
      </div>
    </GuideFrame>
  );
}
