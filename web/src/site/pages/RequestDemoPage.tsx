import { SiteForm } from '../forms';
import { PageHead } from '../PageParts';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Demander une démo de LiveCart',
    description:
      'Voyez LiveCart en action : 30 minutes en visio pour suivre un live de démonstration, du commentaire au paiement, et poser vos questions sur votre boutique.',
  },
  en: {
    title: 'Request a LiveCart demo',
    description:
      'See LiveCart at work: a 30-minute video call following a demo live from comment to payment, with time for your questions about your own shop and your lives.',
  },
});

const text = localized({
  fr: {
    eyebrow: 'Démo',
    title: 'Demander une démo',
    lead: 'Trente minutes en visio avec l’équipe : nous lançons un live de démonstration, vous commentez depuis votre téléphone et vous voyez le panier, le message privé et le paiement arriver.',
    whatTitle: 'Pendant la démo',
    what: [
      'Un live de démonstration, du commentaire au paiement.',
      'Vos produits et vos mots-clés : comment les préparer.',
      'Le choix de l’abonnement selon vos ventes, y compris l’offre Platinum sur devis.',
      'Vos questions sur Facebook, Instagram, Mollie ou Stripe.',
    ],
    trial: 'Vous voulez plutôt essayer seul·e ? L’essai gratuit de 30 jours démarre en deux minutes.',
    trialLink: 'Commencer l’essai gratuit',
  },
  en: {
    eyebrow: 'Demo',
    title: 'Request a demo',
    lead: 'Thirty minutes on a video call with the team: we start a demo live, you comment from your phone and watch the cart, the private message and the payment arrive.',
    whatTitle: 'During the demo',
    what: [
      'A demo live, from comment to payment.',
      'Your products and keywords: how to prepare them.',
      'Choosing a plan for your sales, including the Platinum plan on request.',
      'Your questions about Facebook, Instagram, Mollie or Stripe.',
    ],
    trial: 'Rather try it on your own? The 30-day free trial starts in two minutes.',
    trialLink: 'Start the free trial',
  },
});

/** /request-demo: the demo request form, which reaches the team's support inbox. */
export default function RequestDemoPage() {
  const { locale, appHref } = useSite();
  const t = text(locale);
  return (
    <>
      <PageHead eyebrow={t.eyebrow} title={t.title} lead={t.lead} />
      <section className="site-section site-section-tight">
        <div className="site-wrap site-form-layout">
          <SiteForm kind="demo" />
          <aside className="site-card site-aside" aria-labelledby="demo-aside">
            <h2 id="demo-aside">{t.whatTitle}</h2>
            <ul className="site-checks">
              {t.what.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
            <p>{t.trial}</p>
            <a className="site-btn" href={`${appHref('/signup')}?role=seller`}>
              {t.trialLink}
            </a>
          </aside>
        </div>
      </section>
    </>
  );
}
