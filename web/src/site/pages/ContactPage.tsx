import { SiteForm } from '../forms';
import { PageHead } from '../PageParts';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Contact : une question sur la vente en live ?',
    description:
      'Écrivez à l’équipe LiveCart : essai gratuit, tarifs, Facebook, Instagram ou paiements. Réponse sous un jour ouvré, en français ou en anglais.',
  },
  en: {
    title: 'Contact: a question about live selling?',
    description:
      'Write to the LiveCart team about the free trial, pricing, Facebook, Instagram or your payments. We answer within one working day, in French or English.',
  },
});

const text = localized({
  fr: {
    eyebrow: 'Contact',
    title: 'Écrivez-nous',
    lead: 'Une question avant de vous lancer, un besoin particulier pour vos lives, une facture à comprendre ? Laissez-nous un message : une personne de l’équipe vous répond sous un jour ouvré.',
    asideTitle: 'Avant d’écrire',
    faq: 'Les réponses aux questions les plus fréquentes :',
    faqLink: 'Lire la FAQ',
    seller:
      'Vous avez déjà un compte boutique ? La page Aide de votre espace garde l’historique de vos demandes et nos réponses.',
    demo: 'Vous préférez voir l’outil en action pendant 30 minutes ?',
    demoLink: 'Demander une démo',
  },
  en: {
    eyebrow: 'Contact',
    title: 'Write to us',
    lead: 'A question before you start, a special need for your lives, an invoice to understand? Leave us a message: someone from the team answers within one working day.',
    asideTitle: 'Before you write',
    faq: 'Answers to the most common questions:',
    faqLink: 'Read the FAQ',
    seller: 'Already have a shop account? The Help page of your space keeps your requests and our answers.',
    demo: 'Would you rather see the tool at work for 30 minutes?',
    demoLink: 'Request a demo',
  },
});

/** /contact: the contact form, whose messages reach the team's support inbox. */
export default function ContactPage() {
  const { locale, href } = useSite();
  const t = text(locale);
  return (
    <>
      <PageHead eyebrow={t.eyebrow} title={t.title} lead={t.lead} />
      <section className="site-section site-section-tight">
        <div className="site-wrap site-form-layout">
          <SiteForm kind="contact" />
          <aside className="site-card site-aside" aria-labelledby="contact-aside">
            <h2 id="contact-aside">{t.asideTitle}</h2>
            <p>
              {t.faq} <a href={href('faq')}>{t.faqLink}</a>
            </p>
            <p>{t.seller}</p>
            <p>
              {t.demo} <a href={href('requestDemo')}>{t.demoLink}</a>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
