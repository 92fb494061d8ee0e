import type { TLocale } from '@livecart/contract/constants';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#e6007e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#999;margin-top:32px">LiveCart</p></body></html>`;
}

function build(title: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  const text = [title, '', ...paragraphs, ...(action ? ['', `${action.label}: ${action.url}`] : [])].join(
    '\n',
  );
  return { subject: title, text, html: layout(title, paragraphs, action) };
}

/** Euros as the invoice prints them: `1 234,50 €`, `€1,234.50`. */
const euros = (cents: number, locale: TLocale) =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

type Templates = {
  [K in keyof TemplateData]: (locale: TLocale, data: TemplateData[K]) => MailContent;
};

/** The data each e-mail template needs. */
export interface TemplateData {
  verify_email: { first_name: string; url: string };
  restore_password: { first_name: string; url: string };
  password_changed: { first_name: string };
  /** A released article went from the waiting list to the shopper's cart. */
  waiting_served: { first_name: string; product: string; variant: string; quantity: number; url: string };
  /** The invoice of a paid order, PDF attached. */
  invoice: {
    first_name: string;
    merchant: string;
    invoice_number: string;
    order_number: string;
    total_cents: number;
  };
}

export type TemplateName = keyof TemplateData;

/** Every e-mail, in French and English. */
export const templates: Templates = {
  verify_email: (locale, d) =>
    locale === 'en'
      ? build(
          'Confirm your e-mail address',
          [
            `Hello ${d.first_name},`,
            'Welcome to LiveCart. Confirm your e-mail address and choose your password to finish creating your account. The link is valid for 7 days.',
          ],
          { label: 'Confirm my e-mail', url: d.url },
        )
      : build(
          'Confirmez votre adresse e-mail',
          [
            `Bonjour ${d.first_name},`,
            'Bienvenue sur LiveCart. Confirmez votre adresse e-mail et choisissez votre mot de passe pour terminer la création de votre compte. Le lien est valable 7 jours.',
          ],
          { label: 'Confirmer mon e-mail', url: d.url },
        ),
  restore_password: (locale, d) =>
    locale === 'en'
      ? build(
          'Reset your password',
          [
            `Hello ${d.first_name},`,
            'Someone asked to reset the password of your LiveCart account. If it was you, choose a new password with the link below (valid for 1 hour). Otherwise, ignore this e-mail.',
          ],
          { label: 'Choose a new password', url: d.url },
        )
      : build(
          'Réinitialisez votre mot de passe',
          [
            `Bonjour ${d.first_name},`,
            "Une demande de réinitialisation du mot de passe de votre compte LiveCart a été faite. Si c'est vous, choisissez un nouveau mot de passe avec le lien ci-dessous (valable 1 heure). Sinon, ignorez cet e-mail.",
          ],
          { label: 'Choisir un nouveau mot de passe', url: d.url },
        ),
  password_changed: (locale, d) =>
    locale === 'en'
      ? build('Your password was changed', [
          `Hello ${d.first_name},`,
          'The password of your LiveCart account was just changed. Your other sessions were signed out. If it was not you, reset your password at once.',
        ])
      : build('Votre mot de passe a été modifié', [
          `Bonjour ${d.first_name},`,
          "Le mot de passe de votre compte LiveCart vient d'être modifié. Vos autres sessions ont été déconnectées. Si ce n'est pas vous, réinitialisez votre mot de passe sans attendre.",
        ]),
  waiting_served: (locale, d) => {
    const article = `${d.product}${d.variant ? ` (${d.variant})` : ''} ×${d.quantity}`;
    return locale === 'en'
      ? build(
          'Good news: your article is in your cart',
          [
            `Hello ${d.first_name},`,
            `An article you were waiting for is available again and was added to your cart: ${article}.`,
            'Confirm your order before the countdown of your cart runs out, or it goes to the next person waiting.',
          ],
          { label: 'Open my cart', url: d.url },
        )
      : build(
          'Bonne nouvelle : votre article est dans votre panier',
          [
            `Bonjour ${d.first_name},`,
            `Un article que vous attendiez est de nouveau disponible et a été ajouté à votre panier : ${article}.`,
            "Validez votre commande avant la fin du compte à rebours de votre panier, sinon il passe à la personne suivante sur la liste d'attente.",
          ],
          { label: 'Ouvrir mon panier', url: d.url },
        );
  },
  invoice: (locale, d) => {
    const hello = d.first_name ? ` ${d.first_name}` : '';
    return locale === 'en'
      ? build(`Your invoice ${d.invoice_number} from ${d.merchant}`, [
          `Hello${hello},`,
          `Thank you for your order ${d.order_number} with ${d.merchant}. Your payment of ${euros(d.total_cents, locale)} was received.`,
          `Your invoice ${d.invoice_number} is attached to this e-mail (PDF).`,
        ])
      : build(`Votre facture ${d.invoice_number} de ${d.merchant}`, [
          `Bonjour${hello},`,
          `Merci pour votre commande ${d.order_number} chez ${d.merchant}. Votre paiement de ${euros(d.total_cents, locale)} a bien été reçu.`,
          `Votre facture ${d.invoice_number} est jointe à cet e-mail (PDF).`,
        ]);
  },
};

export function renderMail<K extends TemplateName>(
  name: K,
  locale: TLocale,
  data: TemplateData[K],
): MailContent {
  return templates[name](locale, data);
}
