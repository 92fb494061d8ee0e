import { type MouseEvent, useRef, useState } from 'react';
import { SiteForm } from '../forms';
import { PageHead } from '../PageParts';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'À propos : l’équipe derrière LiveCart',
    description:
      'LiveCart aide les boutiques à vendre en live sur Facebook et Instagram. Nos principes : votre argent et vos données restent à vous, l’outil tient le choc.',
  },
  en: {
    title: 'About: the team behind LiveCart',
    description:
      'LiveCart helps shops sell live on Facebook and Instagram. Our principles: your money and your data stay yours, and the tool holds up during your busiest lives.',
  },
});

const text = localized({
  fr: {
    eyebrow: 'À propos de LiveCart',
    title: 'Nous construisons l’outil des boutiques qui vendent en live',
    lead: 'LiveCart est un logiciel conçu et exploité en France. Il part d’un constat que partagent beaucoup de boutiques qui vendent en live : les commandes notées sur un carnet, les liens de paiement envoyés à la main jusqu’à minuit, la même robe promise à deux clientes.',
    whyTitle: 'Pourquoi LiveCart existe',
    why: [
      'La vente en live marche : une boutique présente ses pièces, ses clientes posent des questions et achètent dans l’instant. Ce qui coince, c’est tout ce qui suit le commentaire.',
      'LiveCart fait ce travail à votre place : il lit chaque commentaire, réserve la pièce, envoie le lien de paiement en message privé, tient la liste d’attente et fait la facture. Vous restez face à la caméra.',
    ],
    valuesTitle: 'Ce à quoi nous tenons',
    values: [
      {
        title: 'Votre argent reste à vous',
        text: 'Les paiements de vos clientes vont directement sur votre compte Mollie ou Stripe. Nous ne détenons jamais l’argent de vos ventes et ne le faisons pas transiter par nous.',
      },
      {
        title: 'Vos données aussi',
        text: 'Vous êtes responsable des données de vos clientes ; nous les traitons pour vous, les hébergeons dans l’Union européenne, ne les vendons jamais et vous les rendons sur demande.',
      },
      {
        title: 'Tenir pendant le live',
        text: 'Un live ne se rejoue pas. Chaque commentaire est traité une seule fois, le stock ne descend jamais sous zéro, et un incident ne perd aucun commentaire : il est repris dès le retour du service.',
      },
      {
        title: 'Des prix lisibles',
        text: 'Un abonnement et un pourcentage des ventes, calculé sur les commandes payées du mois, détaillé commande par commande sur votre facture. Pas de frais cachés.',
      },
    ],
    meetTitle: 'Parlons de votre boutique',
    meetText:
      'Vous voulez nous montrer comment vous vendez aujourd’hui, ou voir l’outil sur un live de démonstration ? Prenez un rendez-vous de 30 minutes en visio.',
    schedule: 'Prendre rendez-vous',
    dialogTitle: 'Prendre rendez-vous',
    dialogFormIntro:
      'Laissez-nous vos coordonnées et vos disponibilités : nous vous proposons un créneau sous un jour ouvré.',
    iframeTitle: 'Calendrier de prise de rendez-vous',
    close: 'Fermer',
  },
  en: {
    eyebrow: 'About LiveCart',
    title: 'We build the tool for shops that sell live',
    lead: 'LiveCart is software designed and run in France. It starts from what many shops that sell live know too well: orders written in a notebook, payment links sent by hand until midnight, the same dress promised to two shoppers.',
    whyTitle: 'Why LiveCart exists',
    why: [
      'Live selling works: a shop shows its pieces, shoppers ask questions and buy on the spot. What gets stuck is everything after the comment.',
      'LiveCart does that work for you: it reads each comment, reserves the piece, sends the payment link in a private message, keeps the waiting list and makes the invoice. You stay in front of the camera.',
    ],
    valuesTitle: 'What we hold to',
    values: [
      {
        title: 'Your money stays yours',
        text: 'Your shoppers’ payments go straight to your Mollie or Stripe account. We never hold the money from your sales and it never passes through us.',
      },
      {
        title: 'So does your data',
        text: 'You are responsible for your shoppers’ data; we process it for you, host it in the European Union, never sell it, and give it back to you on request.',
      },
      {
        title: 'Holding up during the live',
        text: 'A live cannot be replayed. Each comment is handled exactly once, stock never goes below zero, and an incident loses no comment: it is picked up as soon as the service is back.',
      },
      {
        title: 'Readable prices',
        text: 'A subscription and a percent of sales, worked out on the month’s paid orders and detailed order by order on your invoice. No hidden fees.',
      },
    ],
    meetTitle: 'Let’s talk about your shop',
    meetText:
      'Want to show us how you sell today, or see the tool on a demo live? Book a 30-minute video call.',
    schedule: 'Book a meeting',
    dialogTitle: 'Book a meeting',
    dialogFormIntro:
      'Leave us your details and when you are free: we will offer you a time within one working day.',
    iframeTitle: 'Meeting booking calendar',
    close: 'Close',
  },
});

/**
 * The meeting button and its modal: the scheduling widget (an iframe of `schedulingUrl`, loaded
 * when first opened) or, without one, the contact form. Before the page is hydrated the button is
 * a plain link to the contact page.
 */
function ScheduleMeeting() {
  const { data, locale, href } = useSite();
  const t = text(locale);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const [opened, setOpened] = useState(false);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpened(true);
    dialogRef.current?.showModal();
  };

  return (
    <>
      <a
        ref={triggerRef}
        className="site-btn site-btn-primary site-btn-large"
        href={href('contact')}
        aria-haspopup="dialog"
        onClick={open}
        data-testid="about-schedule"
      >
        {t.schedule}
      </a>
      <dialog
        ref={dialogRef}
        className="site-dialog"
        aria-labelledby="about-dialog-title"
        onClose={() => triggerRef.current?.focus()}
        data-testid="about-dialog"
      >
        <div className="site-dialog-head">
          <h2 id="about-dialog-title">{t.dialogTitle}</h2>
          <button type="button" className="site-btn" onClick={() => dialogRef.current?.close()}>
            {t.close}
          </button>
        </div>
        <div className="site-dialog-body">
          {data.schedulingUrl ? (
            <iframe
              title={t.iframeTitle}
              src={opened ? data.schedulingUrl : undefined}
              data-testid="about-iframe"
            />
          ) : (
            <>
              <p>{t.dialogFormIntro}</p>
              <SiteForm kind="contact" />
            </>
          )}
        </div>
      </dialog>
    </>
  );
}

/** /about-us: who we are, why, what we hold to, and a meeting to book. */
export default function AboutPage() {
  const { locale } = useSite();
  const t = text(locale);
  return (
    <div data-testid="legal-about">
      <PageHead eyebrow={t.eyebrow} title={t.title} lead={t.lead} />
      <section className="site-section site-section-tight">
        <div className="site-wrap">
          <div className="site-prose">
            <h2>{t.whyTitle}</h2>
            {t.why.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
      </section>
      <section className="site-section site-section-soft" aria-labelledby="values-title">
        <div className="site-wrap">
          <h2 id="values-title">{t.valuesTitle}</h2>
          <ul className="site-grid site-features">
            {t.values.map((v) => (
              <li key={v.title} className="site-card">
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="site-section">
        <div className="site-wrap">
          <div className="site-band">
            <h2>{t.meetTitle}</h2>
            <p>{t.meetText}</p>
            <div className="site-cta">
              <ScheduleMeeting />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
