import type { TPaymentPlan } from '@livecart/contract/billing';
import { TRIAL_DAYS } from '@livecart/contract/constants';
import { Band, PageHead, TrialAndDemo } from '../PageParts';
import { monthlyPrice, percentLine, planText, salesLine, yearlyPrice } from '../plans';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Tarifs : abonnement et pourcentage des ventes',
    description:
      'Les formules LiveCart : un abonnement mensuel ou annuel et un petit pourcentage des ventes. 30 jours d’essai gratuit, sans prélèvement avant la fin.',
  },
  en: {
    title: 'Pricing: a plan and a percent of sales',
    description:
      'LiveCart plans for live selling: a monthly or yearly subscription and a small percent of your sales. 30-day free trial, and nothing is charged before it ends.',
  },
});

const text = localized({
  fr: {
    eyebrow: 'Tarifs',
    title: 'Un abonnement simple, un pourcentage sur ce que vous vendez',
    lead: 'Choisissez la formule qui correspond à vos ventes du mois. Les paiements de vos clientes arrivent sur votre propre compte Mollie ou Stripe : LiveCart ne touche jamais à votre argent.',
    vat: 'Prix hors taxes ; la TVA française (20 %) s’ajoute sur nos factures.',
    monthly: 'Mensuel',
    yearly: 'Annuel',
    monthsFree: (n: number) => (n === 1 ? 'soit 1 mois offert' : `soit ${n} mois offerts`),
    monthlyOnly: 'Mensuel uniquement',
    start: (plan: string) => `Essayer ${plan} au mois`,
    startYearly: (plan: string) => `Essayer ${plan} à l’année`,
    requestDemo: 'Demander une démo',
    features: (plan: string) => `Inclus dans ${plan}`,
    faqTitle: 'Questions sur les tarifs',
    faq: [
      {
        q: 'Que se passe-t-il à la fin de l’essai gratuit ?',
        a: `L’essai dure ${TRIAL_DAYS} jours et rien n’est prélevé avant sa fin. Choisissez une formule et ajoutez une carte ou un IBAN quand vous voulez pendant l’essai : le premier prélèvement a lieu le jour où il se termine. Sans moyen de paiement à cette date, l’abonnement s’arrête ; vos produits, commandes et réglages sont conservés et vous reprenez en choisissant une formule.`,
      },
      {
        q: 'Comment le pourcentage des ventes est-il calculé ?',
        a: 'Sur les commandes payées pendant le mois civil (heure de Paris), remboursements déduits. Les ventes encaissées pendant l’essai ne sont jamais comptées. Le montant est prélevé une fois par mois avec une facture détaillée, commande par commande, TVA en sus.',
      },
      {
        q: 'Puis-je changer de formule ?',
        a: 'Oui, depuis Mon abonnement. Une formule supérieure s’applique tout de suite, au prorata ; une formule inférieure prend effet à la fin de la période en cours. Pendant l’essai, tout changement est immédiat et gratuit.',
      },
      {
        q: 'Puis-je arrêter quand je veux ?',
        a: 'Oui, sans frais : l’arrêt prend effet à la fin de la période déjà payée, et vous pouvez revenir sur votre décision jusque-là. Le pourcentage du dernier mois reste dû.',
      },
    ],
    ctaTitle: 'Essayez sur votre prochain live',
    ctaText:
      'Créez votre boutique, ajoutez vos produits et lancez un live : vous verrez vos premiers paniers arriver.',
    cta: 'Commencer l’essai gratuit',
    demo: 'Parler à l’équipe',
  },
  en: {
    eyebrow: 'Pricing',
    title: 'A simple plan, a percent of what you sell',
    lead: 'Pick the plan that fits your monthly sales. Your shoppers’ payments go to your own Mollie or Stripe account: LiveCart never touches your money.',
    vat: 'Prices exclude VAT; French VAT (20 %) is added on our invoices.',
    monthly: 'Monthly',
    yearly: 'Yearly',
    monthsFree: (n: number) => (n === 1 ? 'that is 1 month free' : `that is ${n} months free`),
    monthlyOnly: 'Monthly only',
    start: (plan: string) => `Try ${plan} monthly`,
    startYearly: (plan: string) => `Try ${plan} yearly`,
    requestDemo: 'Request a demo',
    features: (plan: string) => `Included in ${plan}`,
    faqTitle: 'Questions about pricing',
    faq: [
      {
        q: 'What happens when the free trial ends?',
        a: `The trial lasts ${TRIAL_DAYS} days and nothing is charged before it ends. Choose a plan and add a card or an IBAN whenever you like during the trial: the first charge is made on the day it ends. Without a payment method by then, the subscription stops; your products, orders and settings are kept and you carry on by choosing a plan.`,
      },
      {
        q: 'How is the percent of sales worked out?',
        a: 'On the orders paid during the calendar month (Paris time), less refunds. Sales paid during the trial are never counted. The amount is charged once a month with a detailed invoice, order by order, plus VAT.',
      },
      {
        q: 'Can I change plans?',
        a: 'Yes, from My Plan. A higher plan applies at once, prorated; a lower plan takes effect at the end of the current period. During the trial, any change is immediate and free.',
      },
      {
        q: 'Can I stop whenever I want?',
        a: 'Yes, at no cost: stopping takes effect at the end of the period already paid, and you can change your mind until then. The last month’s percent of sales is still due.',
      },
    ],
    ctaTitle: 'Try it on your next live',
    ctaText: 'Create your shop, add your products and go live: you will watch your first carts arrive.',
    cta: 'Start the free trial',
    demo: 'Talk to the team',
  },
});

/** Months a yearly price saves against twelve monthly ones (0 when none). */
const monthsFree = (plan: TPaymentPlan) =>
  plan.price && plan.yearly_price !== null
    ? Math.round((plan.price * 12 - plan.yearly_price) / plan.price)
    : 0;

/** One plan: its prices by the month and by the year, percent, the sales it suits, features, its way in. */
function PlanCard({ plan }: { plan: TPaymentPlan }) {
  const { locale, href, appHref } = useSite();
  const t = text(locale);
  const p = planText(locale);
  const yearly = yearlyPrice(plan, locale);
  const free = monthsFree(plan);
  const sales = salesLine(plan, locale);
  const signup = `${appHref('/signup')}?role=seller&plan=${plan.code}`;
  return (
    <article className="site-card site-plan" data-testid={`plan-${plan.code}`}>
      <h2>{plan.name}</h2>
      {plan.on_request ? (
        <p className="site-plan-price" data-testid={`plan-price-${plan.code}`}>
          {p.onRequest}
        </p>
      ) : (
        <dl className="site-plan-prices">
          <dt>{t.monthly}</dt>
          <dd className="site-plan-price" data-testid={`plan-price-${plan.code}`}>
            {monthlyPrice(plan, locale)} <small>{p.exclVat}</small>
          </dd>
          <dt>{t.yearly}</dt>
          <dd data-testid={`plan-yearly-${plan.code}`}>
            {yearly ? (
              <>
                {yearly} <small>{p.exclVat}</small>
                {free > 0 && (
                  <>
                    {' '}
                    <span className="site-plan-save">{t.monthsFree(free)}</span>
                  </>
                )}
              </>
            ) : (
              t.monthlyOnly
            )}
          </dd>
        </dl>
      )}
      <ul className="site-checks">
        <li>
          <strong>{percentLine(plan, locale)}</strong>
        </li>
        {sales && <li>{sales}</li>}
      </ul>
      {plan.features.length > 0 && (
        <>
          <h3 className="site-plan-features-title">{t.features(plan.name)}</h3>
          <ul className="site-checks">
            {plan.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      <div className="site-plan-actions">
        {plan.on_request ? (
          <a
            className="site-btn site-btn-primary"
            href={href('requestDemo')}
            data-testid={`plan-demo-${plan.code}`}
          >
            {t.requestDemo}
          </a>
        ) : (
          <>
            <a className="site-btn site-btn-primary" href={signup} data-testid={`plan-start-${plan.code}`}>
              {t.start(plan.name)}
            </a>
            {yearly && (
              <a
                className="site-btn"
                href={`${signup}&type=year`}
                data-testid={`plan-start-yearly-${plan.code}`}
              >
                {t.startYearly(plan.name)}
              </a>
            )}
          </>
        )}
      </div>
    </article>
  );
}

/** /pricing: the plans from the database, monthly and yearly side by side, the trial, a short FAQ. */
export default function PricingPage() {
  const { data, locale } = useSite();
  const t = text(locale);
  return (
    <>
      <PageHead eyebrow={t.eyebrow} title={t.title} lead={t.lead}>
        <p className="site-trial" data-testid="pricing-trial">
          {planText(locale).trial(TRIAL_DAYS)}
        </p>
      </PageHead>
      <section className="site-section site-section-tight">
        <div className="site-wrap">
          <div className="site-plans">
            {data.plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </div>
          <p className="site-note">{t.vat}</p>
        </div>
      </section>
      <section className="site-section site-section-soft">
        <div className="site-wrap">
          <div className="site-prose">
            <h2>{t.faqTitle}</h2>
            <div className="site-faq">
              {t.faq.map((item) => (
                <details key={item.q} data-testid="faq-item">
                  <summary>{item.q}</summary>
                  <div>
                    <p>{item.a}</p>
                  </div>
                </details>
              ))}
            </div>
          </div>
        </div>
      </section>
      <Band title={t.ctaTitle} text={t.ctaText}>
        <TrialAndDemo trial={t.cta} demo={t.demo} />
      </Band>
    </>
  );
}
