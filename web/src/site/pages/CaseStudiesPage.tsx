import { Band, PageHead, TrialAndDemo } from '../PageParts';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Études de cas : trois boutiques en live',
    description:
      'Prêt-à-porter, bijoux, seconde main enfant : comment trois boutiques organisent leurs lives avec LiveCart, en exemples chiffrés illustratifs.',
  },
  en: {
    title: 'Case studies: three shops that sell live',
    description:
      'Ready-to-wear, jewellery, kids’ second-hand: how three kinds of shops run their lives with LiveCart, told as illustrative examples with figures.',
  },
});

interface Study {
  id: string;
  title: string;
  place: string;
  context: string;
  lives: string[];
  figures: { label: string; value: string }[];
}

const text = localized<{
  eyebrow: string;
  title: string;
  lead: string;
  disclaimer: string;
  badge: string;
  contextTitle: string;
  livesTitle: string;
  figuresTitle: string;
  studies: Study[];
  ctaTitle: string;
  cta: string;
  demo: string;
}>({
  fr: {
    eyebrow: 'Études de cas',
    title: 'Trois façons de vendre en live avec LiveCart',
    lead: 'Une boutique de prêt-à-porter, une créatrice de bijoux, une friperie pour enfants : des manières différentes de préparer un live, de fixer le panier et d’offrir la livraison.',
    disclaimer:
      'Ces trois boutiques sont des exemples illustratifs, construits à partir du fonctionnement réel de l’outil : ce ne sont pas des témoignages de clientes, et leurs chiffres sont des ordres de grandeur, pas des résultats mesurés.',
    badge: 'Exemple illustratif',
    contextTitle: 'Le contexte',
    livesTitle: 'Comment se passent ses lives',
    figuresTitle: 'En chiffres (exemple)',
    studies: [
      {
        id: 'pret-a-porter',
        title: 'Une boutique de prêt-à-porter à Lyon',
        place: 'Prêt-à-porter femme · Facebook et Instagram',
        context:
          'Une boutique de centre-ville, trois personnes, deux lives par semaine en même temps sur sa page Facebook et son compte Instagram. Avant : les commandes notées à la main pendant le live, les liens de paiement envoyés un par un le soir, et deux ou trois robes vendues à deux clientes à chaque fois.',
        lives: [
          'Une centaine d’articles préparés la veille, chacun avec un mot-clé court (« robe12 », « jean7 ») et ses tailles.',
          'Panier réservé 30 minutes : les clientes paient pendant le live ou juste après, sans bloquer le stock toute la soirée.',
          'Livraison offerte dès 80 €, et une fenêtre le week-end : une cliente qui a payé le port une fois ne le repaie pas.',
          'Paiements par carte et PayPal sur le compte Mollie de la boutique.',
        ],
        figures: [
          { label: 'Paniers par live', value: '≈ 85' },
          { label: 'Paniers payés', value: '≈ 78 %' },
          { label: 'Temps gagné par semaine', value: '≈ 6 h' },
          { label: 'Articles vendus deux fois', value: '0' },
        ],
      },
      {
        id: 'bijoux',
        title: 'Une créatrice de bijoux',
        place: 'Bijoux faits main · Instagram',
        context:
          'Une créatrice seule dans son atelier, qui présente chaque mois une nouvelle collection en live sur Instagram. Beaucoup de pièces uniques ou en très petite série : le premier commentaire doit gagner, et personne ne doit payer une pièce déjà partie.',
        lives: [
          'Une quarantaine de pièces, un mot-clé par bijou, la couleur du métal comme variante (« bague3 doré »).',
          'Panier réservé 20 minutes : assez pour payer sur son téléphone, assez court pour que la pièce revienne vite.',
          'La liste d’attente fait le reste : une bague non payée passe d’elle-même à la personne suivante, qui reçoit son lien.',
          'Paiements par carte, PayPal et Bancontact sur le compte Stripe de l’atelier ; factures envoyées sans y penser.',
        ],
        figures: [
          { label: 'Paniers par live', value: '≈ 35' },
          { label: 'Paniers payés', value: '≈ 90 %' },
          { label: 'Pièces repassées par la liste d’attente', value: '≈ 10 par live' },
          { label: 'Articles vendus deux fois', value: '0' },
        ],
      },
      {
        id: 'seconde-main-enfant',
        title: 'Une friperie pour enfants',
        place: 'Seconde main 0–12 ans · Facebook',
        context:
          'Une friperie en ligne qui vend des vêtements d’enfants de seconde main en lots et à la pièce, trois lives par semaine sur sa page Facebook. Chaque article existe en un seul exemplaire et les lives rassemblent beaucoup de monde en même temps.',
        lives: [
          'Environ 200 articles par live, importés en CSV la veille avec leurs mots-clés et leurs tailles (« body18 6m »).',
          'Panier court, 15 minutes, car la même pièce intéresse souvent plusieurs parents.',
          'Fenêtre de livraison offerte sur la semaine : les parents regroupent leurs achats de plusieurs lives en un seul envoi payé.',
          'Le chatbot répond seul aux questions fréquentes (« livraison ? », « taille ? ») pendant que le live continue.',
        ],
        figures: [
          { label: 'Paniers par live', value: '≈ 140' },
          { label: 'Paniers payés', value: '≈ 72 %' },
          { label: 'Temps gagné par semaine', value: '≈ 8 h' },
          { label: 'Articles vendus deux fois', value: '0' },
        ],
      },
    ],
    ctaTitle: 'Et votre boutique ?',
    cta: 'Essayer gratuitement 30 jours',
    demo: 'Demander une démo',
  },
  en: {
    eyebrow: 'Case studies',
    title: 'Three ways to sell live with LiveCart',
    lead: 'A ready-to-wear boutique, a jewellery maker, a kids’ second-hand shop: different ways to prepare a live, set the cart timer and offer free shipping.',
    disclaimer:
      'These three shops are illustrative examples, built from how the tool really works: they are not customer testimonials, and their figures are orders of magnitude, not measured results.',
    badge: 'Illustrative example',
    contextTitle: 'The context',
    livesTitle: 'How its lives run',
    figuresTitle: 'In figures (example)',
    studies: [
      {
        id: 'ready-to-wear',
        title: 'A ready-to-wear boutique in Lyon',
        place: 'Women’s ready-to-wear · Facebook and Instagram',
        context:
          'A town-centre boutique, three people, two lives a week on its Facebook page and Instagram account at the same time. Before: orders written down by hand during the live, payment links sent one by one in the evening, and two or three dresses sold to two shoppers every time.',
        lives: [
          'About a hundred items prepared the day before, each with a short keyword (“robe12”, “jean7”) and its sizes.',
          'Carts reserved for 30 minutes: shoppers pay during the live or just after, without holding the stock all evening.',
          'Free shipping from €80, and a weekend window: a shopper who paid shipping once does not pay it again.',
          'Card and PayPal payments on the boutique’s own Mollie account.',
        ],
        figures: [
          { label: 'Carts per live', value: '≈ 85' },
          { label: 'Carts paid', value: '≈ 78 %' },
          { label: 'Time saved per week', value: '≈ 6 h' },
          { label: 'Items sold twice', value: '0' },
        ],
      },
      {
        id: 'jewellery',
        title: 'A jewellery maker',
        place: 'Handmade jewellery · Instagram',
        context:
          'A maker alone in her workshop, who shows a new collection live on Instagram every month. Many one-off pieces or very small runs: the first comment must win, and nobody may pay for a piece that is already gone.',
        lives: [
          'About forty pieces, one keyword per jewel, the metal colour as a variant (“ring3 gold”).',
          'Carts reserved for 20 minutes: long enough to pay on a phone, short enough for the piece to come back quickly.',
          'The waiting list does the rest: an unpaid ring goes by itself to the next person, who gets her link.',
          'Card, PayPal and Bancontact payments on the workshop’s Stripe account; invoices sent without a thought.',
        ],
        figures: [
          { label: 'Carts per live', value: '≈ 35' },
          { label: 'Carts paid', value: '≈ 90 %' },
          { label: 'Pieces passed on by the waiting list', value: '≈ 10 per live' },
          { label: 'Items sold twice', value: '0' },
        ],
      },
      {
        id: 'kids-second-hand',
        title: 'A kids’ second-hand shop',
        place: 'Second-hand, ages 0–12 · Facebook',
        context:
          'An online shop selling second-hand children’s clothes in bundles and by the piece, three lives a week on its Facebook page. Every item exists once, and the lives draw many people at the same time.',
        lives: [
          'About 200 items per live, imported by CSV the day before with their keywords and sizes (“body18 6m”).',
          'A short cart, 15 minutes, because the same piece often interests several parents.',
          'A free-shipping window over the week: parents group what they buy in several lives into one paid parcel.',
          'The chatbot answers common questions (“shipping?”, “size?”) on its own while the live goes on.',
        ],
        figures: [
          { label: 'Carts per live', value: '≈ 140' },
          { label: 'Carts paid', value: '≈ 72 %' },
          { label: 'Time saved per week', value: '≈ 8 h' },
          { label: 'Items sold twice', value: '0' },
        ],
      },
    ],
    ctaTitle: 'And your shop?',
    cta: 'Try it free for 30 days',
    demo: 'Request a demo',
  },
});

/** /case-studies: three kinds of shops and how they sell live, each marked as an illustrative example. */
export default function CaseStudiesPage() {
  const { locale } = useSite();
  const t = text(locale);
  return (
    <>
      <PageHead eyebrow={t.eyebrow} title={t.title} lead={t.lead}>
        <p className="site-disclaimer" data-testid="case-disclaimer">
          {t.disclaimer}
        </p>
      </PageHead>
      {t.studies.map((s, i) => (
        <section
          key={s.id}
          id={s.id}
          className={`site-section${i % 2 === 0 ? ' site-section-soft' : ''}`}
          aria-labelledby={`${s.id}-title`}
        >
          <article className="site-wrap site-case" data-testid="case-study">
            <p className="site-badge" data-testid="case-illustrative">
              {t.badge}
            </p>
            <h2 id={`${s.id}-title`}>{s.title}</h2>
            <p className="site-case-place">{s.place}</p>
            <div className="site-case-body">
              <div>
                <h3>{t.contextTitle}</h3>
                <p>{s.context}</p>
                <h3>{t.livesTitle}</h3>
                <ul className="site-checks">
                  {s.lives.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>{t.figuresTitle}</h3>
                <dl className="site-figures">
                  {s.figures.map((f) => (
                    <div key={f.label}>
                      <dt>{f.label}</dt>
                      <dd>{f.value}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </div>
          </article>
        </section>
      ))}
      <Band title={t.ctaTitle}>
        <TrialAndDemo trial={t.cta} demo={t.demo} />
      </Band>
    </>
  );
}
