import { isFreeTotal } from '@livecart/contract/checkout';
import type { TLocale } from '@livecart/contract/constants';
import type { TPaymentRefundReason } from '@livecart/contract/payments';
import { eurosIn } from '../../lib/money.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  // line breaks written in a text (a support answer) stay line breaks
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(p)}</p>`)
    .join('');
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
const euros = eurosIn;

type Templates = {
  [K in keyof TemplateData]: (locale: TLocale, data: TemplateData[K]) => MailContent;
};

/** The data each e-mail template needs. */
export interface TemplateData {
  verify_email: { first_name: string; url: string };
  restore_password: { first_name: string; url: string };
  password_changed: { first_name: string };
  /**
   * A released article went from the waiting list to the shopper's cart; `message` is the seller's
   * `waiting_served` text, rendered (absent in mails queued before the chatbot).
   */
  waiting_served: {
    first_name: string;
    product: string;
    variant: string;
    quantity: number;
    url: string;
    message?: string;
  };
  /** The countdown of an unpaid cart is nearly over: the seller's `cart_expiring` text, rendered. */
  cart_expiring: { message: string; url: string };
  /**
   * The seller reminds a shopper of their unpaid carts of a live: each cart's number, total and
   * checkout link (with its token), in the cart's language.
   */
  cart_reminder: {
    first_name: string;
    merchant: string;
    carts: { order_number: string; total_cents: number; url: string }[];
  };
  /**
   * A paid order confirmed to its shopper once its invoice is issued (PDF attached): the order,
   * its articles and amounts, where and how it ships, the invoice and the order's page; for a
   * shopper without an account, the offer to create one (or sign in) to follow it.
   */
  invoice: {
    first_name: string;
    merchant: string;
    invoice_number: string;
    order_number: string;
    lines: { name: string; variant: string; quantity: number; total_cents: number }[];
    subtotal_cents: number;
    discount_cents: number;
    shipping_cents: number;
    total_cents: number;
    /** The carrier chosen at checkout. */
    carrier: string | null;
    /** The delivery address, one line each (name, street, post code and city, region, country). */
    address: string[];
    /** The order's confirmation page (with its link token). */
    order_url: string;
    /** The invoice PDF (with its link token). */
    invoice_url: string;
    /** The e-mail given at checkout, which an account would be created with. */
    email: string;
    account: { kind: 'signup' | 'signin'; url: string } | null;
    /**
     * The seller's `payment_received` text, rendered, in place of the greeting and thanks; null:
     * the seller switched it off (the greeting alone); absent in mails queued before the chatbot.
     */
    message?: string | null;
  };
  /** A paid order left the shop: the carrier, the tracking number and its link when known. */
  order_shipped: {
    first_name: string;
    merchant: string;
    order_number: string;
    carrier: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
    /** The order's page (with its link token). */
    order_url: string;
  };
  /**
   * A paid order refunded by the seller: the amount given back, the articles, and that the money
   * returns to the means of payment used, in a few days.
   */
  order_refunded: {
    first_name: string;
    merchant: string;
    order_number: string;
    amount_cents: number;
    lines: { name: string; variant: string; quantity: number }[];
    /** The order's page (with its link token). */
    order_url: string;
  };
  /**
   * A payment the seller refunded on its own, as it delivered nothing (it did not cover the order,
   * came after the articles went back, paid an order paid already): the amount, why, and whether
   * the cart is still open to be paid.
   */
  payment_refunded: {
    first_name: string;
    merchant: string;
    order_number: string;
    amount_cents: number;
    reason: TPaymentRefundReason;
    cart_open: boolean;
    order_url: string;
  };
  /**
   * A demo request from the public site, acknowledged to the person who sent it. Anyone may type
   * any address in the form: the acknowledgement repeats nothing else they typed (no company name
   * carrying a link), so it cannot carry someone's words to a stranger.
   */
  demo_request: { first_name: string };
  /** A message from the public contact form, acknowledged to the person who sent it (as demo_request). */
  contact_request: { first_name: string };
  /** A new request in the team's inbox, told to the team's address (SUPPORT_EMAIL). */
  support_new: {
    type: 'support' | 'contact' | 'demo';
    /** Who wrote: name, company and e-mail as known. */
    from: string;
    subject: string;
    message: string;
    /** The request in the admin's inbox. */
    url: string;
  };
  /**
   * The team's answer to a request, to its author in the request's language: the answer, the
   * request it answers and, for a seller's help request, their Support page.
   */
  support_reply: {
    first_name: string | null;
    subject: string;
    answer: string;
    request: string;
    url: string | null;
  };
}

export type TemplateName = keyof TemplateData;

/** Every e-mail, in French and English. */
export const templates: Templates = {
  contact_request: (locale, d) =>
    locale === 'en'
      ? build('We received your message', [
          `Hello ${d.first_name},`,
          'Thank you for writing to LiveCart. Our team will answer you at this address within two working days.',
        ])
      : build('Nous avons bien reçu votre message', [
          `Bonjour ${d.first_name},`,
          'Merci d’avoir écrit à LiveCart. Notre équipe vous répond à cette adresse sous deux jours ouvrés.',
        ]),
  support_new: (locale, d) => {
    const kind =
      locale === 'en'
        ? { support: 'Support request', contact: 'Contact form', demo: 'Demo request' }[d.type]
        : { support: 'Demande de support', contact: 'Formulaire de contact', demo: 'Demande de démo' }[
            d.type
          ];
    return locale === 'en'
      ? build(`${kind}: ${d.subject}`, [`From ${d.from}`, d.message], {
          label: 'Open in the inbox',
          url: d.url,
        })
      : build(`${kind} : ${d.subject}`, [`De ${d.from}`, d.message], {
          label: 'Ouvrir dans la boîte de réception',
          url: d.url,
        });
  },
  support_reply: (locale, d) =>
    locale === 'en'
      ? build(
          `Answer to your request: ${d.subject}`,
          [
            d.first_name ? `Hello ${d.first_name},` : 'Hello,',
            d.answer,
            'Your request:',
            d.request,
            'The LiveCart team',
          ],
          d.url ? { label: 'See my requests', url: d.url } : undefined,
        )
      : build(
          `Réponse à votre demande : ${d.subject}`,
          [
            d.first_name ? `Bonjour ${d.first_name},` : 'Bonjour,',
            d.answer,
            'Votre demande :',
            d.request,
            'L’équipe LiveCart',
          ],
          d.url ? { label: 'Voir mes demandes', url: d.url } : undefined,
        ),
  demo_request: (locale, d) =>
    locale === 'en'
      ? build('We received your demo request', [
          `Hello ${d.first_name},`,
          'Thank you for your interest in LiveCart. Our team will contact you within two working days to arrange your demo and talk about the Platinum plan.',
        ])
      : build('Nous avons bien reçu votre demande de démo', [
          `Bonjour ${d.first_name},`,
          'Merci de l’intérêt que vous portez à LiveCart. Notre équipe vous contacte sous deux jours ouvrés pour organiser votre démo et vous présenter l’offre Platinum.',
        ]),
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
          d.message
            ? [d.message]
            : [
                `Hello ${d.first_name},`,
                `An article you were waiting for is available again and was added to your cart: ${article}.`,
                'Confirm your order before the countdown of your cart runs out, or it goes to the next person waiting.',
              ],
          { label: 'Open my cart', url: d.url },
        )
      : build(
          'Bonne nouvelle : votre article est dans votre panier',
          d.message
            ? [d.message]
            : [
                `Bonjour ${d.first_name},`,
                `Un article que vous attendiez est de nouveau disponible et a été ajouté à votre panier : ${article}.`,
                "Validez votre commande avant la fin du compte à rebours de votre panier, sinon il passe à la personne suivante sur la liste d'attente.",
              ],
          { label: 'Ouvrir mon panier', url: d.url },
        );
  },
  cart_expiring: (locale, d) =>
    locale === 'en'
      ? build('Your cart expires soon', [d.message], { label: 'Complete my order', url: d.url })
      : build('Votre panier expire bientôt', [d.message], { label: 'Finaliser ma commande', url: d.url }),
  cart_reminder: (locale, d) => {
    const colon = locale === 'en' ? ':' : ' :';
    const carts = d.carts.map((c) => `${c.order_number} – ${euros(c.total_cents, locale)}${colon} ${c.url}`);
    const first = d.carts[0]?.url ?? '';
    return locale === 'en'
      ? build(
          `Your cart at ${d.merchant} is waiting for you`,
          [
            `Hello ${d.first_name},`,
            `${d.merchant} is holding the articles of your live cart for you. Confirm your order to receive them:`,
            ...carts,
          ],
          { label: 'Pay my cart', url: first },
        )
      : build(
          `Votre panier chez ${d.merchant} vous attend`,
          [
            `Bonjour ${d.first_name},`,
            `${d.merchant} vous réserve les articles de votre panier du live. Validez votre commande pour les recevoir :`,
            ...carts,
          ],
          { label: 'Payer mon panier', url: first },
        );
  },
  invoice: (locale, d) => orderConfirmation(locale, d),
  order_shipped: (locale, d) => {
    const hello = `${locale === 'en' ? 'Hello' : 'Bonjour'}${d.first_name ? ` ${d.first_name}` : ''},`;
    const parcel =
      locale === 'en'
        ? [
            ...(d.carrier ? [`Carrier: ${d.carrier}`] : []),
            ...(d.tracking_number ? [`Tracking number: ${d.tracking_number}`] : []),
          ]
        : [
            ...(d.carrier ? [`Transporteur : ${d.carrier}`] : []),
            ...(d.tracking_number ? [`Numéro de suivi : ${d.tracking_number}`] : []),
          ];
    return locale === 'en'
      ? build(
          `Your order ${d.order_number} has been shipped – ${d.merchant}`,
          [hello, `Good news: ${d.merchant} has shipped your order ${d.order_number}.`, ...parcel],
          d.tracking_url
            ? { label: 'Track my parcel', url: d.tracking_url }
            : { label: 'View my order', url: d.order_url },
        )
      : build(
          `Votre commande ${d.order_number} a été expédiée – ${d.merchant}`,
          [hello, `Bonne nouvelle : ${d.merchant} a expédié votre commande ${d.order_number}.`, ...parcel],
          d.tracking_url
            ? { label: 'Suivre mon colis', url: d.tracking_url }
            : { label: 'Voir ma commande', url: d.order_url },
        );
  },
  payment_refunded: (locale, d) => {
    const amount = euros(d.amount_cents, locale);
    const words = PAYMENT_REFUNDED[locale === 'en' ? 'en' : 'fr'];
    return build(
      words.subject(d, amount),
      [
        `${words.hello}${d.first_name ? ` ${d.first_name}` : ''},`,
        words.refunded(d, amount),
        words.reasons[d.reason],
        words.money,
        ...(d.cart_open ? [words.cartOpen] : []),
      ],
      { label: words.link, url: d.order_url },
    );
  },
  order_refunded: (locale, d) => {
    const amount = euros(d.amount_cents, locale);
    const articles = d.lines.map((l) => `- ${l.name}${l.variant ? ` (${l.variant})` : ''} × ${l.quantity}`);
    return locale === 'en'
      ? build(
          `Your order ${d.order_number} has been refunded – ${d.merchant}`,
          [
            `Hello${d.first_name ? ` ${d.first_name}` : ''},`,
            `${d.merchant} has refunded your order ${d.order_number}: ${amount}.`,
            'Refunded items:',
            ...articles,
            'The money goes back to the means of payment you used for this order, within a few days.',
          ],
          { label: 'View my order', url: d.order_url },
        )
      : build(
          `Votre commande ${d.order_number} a été remboursée – ${d.merchant}`,
          [
            `Bonjour${d.first_name ? ` ${d.first_name}` : ''},`,
            `${d.merchant} a remboursé votre commande ${d.order_number} : ${amount}.`,
            'Articles remboursés :',
            ...articles,
            'Le montant sera recrédité sur le moyen de paiement utilisé pour cette commande, sous quelques jours.',
          ],
          { label: 'Voir ma commande', url: d.order_url },
        );
  },
};

/** The words of a payment refunded on its own, per language. */
const PAYMENT_REFUNDED = {
  fr: {
    subject: (d: TemplateData['payment_refunded'], amount: string) =>
      `Votre paiement de ${amount} vous est remboursé – ${d.merchant}`,
    hello: 'Bonjour',
    refunded: (d: TemplateData['payment_refunded'], amount: string) =>
      `${d.merchant} vous rembourse votre paiement de ${amount} pour la commande ${d.order_number}.`,
    reasons: {
      amount_differs: 'Son montant ne correspondait pas à celui demandé.',
      not_covering: 'Il ne couvrait pas le total de la commande, qui avait changé pendant le paiement.',
      expired_out_of_stock:
        'Il est arrivé après l’expiration du panier, et ses articles ne sont plus disponibles.',
      canceled_out_of_stock:
        'Il est arrivé après l’annulation du panier, et ses articles ne sont plus disponibles.',
      paid_twice: 'La commande était déjà payée par un autre paiement.',
    } satisfies Record<TPaymentRefundReason, string>,
    money: 'Le montant sera recrédité sur le moyen de paiement utilisé, sous quelques jours.',
    cartOpen: 'Votre panier reste ouvert : vous pouvez le payer depuis le lien ci-dessous.',
    link: 'Voir ma commande',
  },
  en: {
    subject: (d: TemplateData['payment_refunded'], amount: string) =>
      `Your payment of ${amount} is refunded – ${d.merchant}`,
    hello: 'Hello',
    refunded: (d: TemplateData['payment_refunded'], amount: string) =>
      `${d.merchant} is refunding your payment of ${amount} for order ${d.order_number}.`,
    reasons: {
      amount_differs: 'Its amount was not the one asked.',
      not_covering: 'It did not cover the order’s total, which changed while you were paying.',
      expired_out_of_stock: 'It came after the cart expired, and its articles are no longer available.',
      canceled_out_of_stock: 'It came after the cart was canceled, and its articles are no longer available.',
      paid_twice: 'The order was already paid by another payment.',
    } satisfies Record<TPaymentRefundReason, string>,
    money: 'The money goes back to the means of payment you used, within a few days.',
    cartOpen: 'Your cart is still open: you can pay it from the link below.',
    link: 'View my order',
  },
};

/** The words of the order confirmation, per language. */
const CONFIRMATION = {
  fr: {
    subject: (d: TemplateData['invoice']) => `Commande ${d.order_number} confirmée – ${d.merchant}`,
    hello: 'Bonjour',
    thanks: (d: TemplateData['invoice'], paid: string) =>
      `Merci pour votre commande ${d.order_number} chez ${d.merchant}. Votre paiement de ${paid} a bien été reçu.`,
    thanksFree: (d: TemplateData['invoice']) =>
      `Merci pour votre commande ${d.order_number} chez ${d.merchant} : elle vous est offerte, vous n’avez rien à payer.`,
    articles: 'Vos articles',
    subtotal: 'Sous-total',
    discount: 'Remise',
    shipping: 'Livraison',
    free: 'Offerte',
    total: 'Total payé',
    delivery: 'Adresse de livraison',
    carrier: 'Transporteur',
    invoice: (n: string) => `Votre facture ${n} est jointe à cet e-mail (PDF) et téléchargeable ici :`,
    invoiceLink: 'Télécharger la facture',
    orderLink: 'Voir ma commande',
    signupTitle: 'Suivez votre commande',
    signup: (email: string) =>
      `Créez votre compte avec ${email} pour retrouver cette commande et les suivantes : elle y est ajoutée dès que vous ouvrez la commande par son lien dans cet e-mail, connecté à votre compte.`,
    signupLink: 'Créer mon compte',
    signin: (email: string) =>
      `Vous avez déjà un compte avec ${email} : connectez-vous pour y ajouter cette commande.`,
    signinLink: 'Me connecter',
  },
  en: {
    subject: (d: TemplateData['invoice']) => `Order ${d.order_number} confirmed – ${d.merchant}`,
    hello: 'Hello',
    thanks: (d: TemplateData['invoice'], paid: string) =>
      `Thank you for your order ${d.order_number} with ${d.merchant}. Your payment of ${paid} was received.`,
    thanksFree: (d: TemplateData['invoice']) =>
      `Thank you for your order ${d.order_number} with ${d.merchant}: it is offered to you, there is nothing to pay.`,
    articles: 'Your items',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total paid',
    delivery: 'Delivery address',
    carrier: 'Carrier',
    invoice: (n: string) => `Your invoice ${n} is attached to this e-mail (PDF) and can be downloaded here:`,
    invoiceLink: 'Download the invoice',
    orderLink: 'View my order',
    signupTitle: 'Follow your order',
    signup: (email: string) =>
      `Create your account with ${email} to find this order and the next ones: it joins your account as soon as you open the order from its link in this e-mail, signed in.`,
    signupLink: 'Create my account',
    signin: (email: string) => `You already have an account with ${email}: sign in to add this order to it.`,
    signinLink: 'Sign in',
  },
} as const;

const BUTTON =
  'background:#e6007e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block';
const CELL = 'padding:6px 0;border-bottom:1px solid #eee;vertical-align:top';

/** The confirmation of a paid order, in text and HTML (articles as a table). */
function orderConfirmation(locale: TLocale, d: TemplateData['invoice']): MailContent {
  const w = CONFIRMATION[locale === 'en' ? 'en' : 'fr'];
  const money = (cents: number) => euros(cents, locale);
  const title = w.subject(d);
  // The seller's own words, when they wrote the payment_received reply, greet and thank.
  const greeting =
    d.message === undefined
      ? [
          `${w.hello}${d.first_name ? ` ${d.first_name}` : ''},`,
          isFreeTotal(d.total_cents) ? w.thanksFree(d) : w.thanks(d, money(d.total_cents)),
        ]
      : d.message === null
        ? [`${w.hello}${d.first_name ? ` ${d.first_name}` : ''},`]
        : [d.message];
  const article = (l: TemplateData['invoice']['lines'][number]) =>
    `${l.name}${l.variant ? ` (${l.variant})` : ''} × ${l.quantity}`;
  const sums: [string, string][] = [
    [w.subtotal, money(d.subtotal_cents)],
    ...(d.discount_cents > 0 ? [[w.discount, `−${money(d.discount_cents)}`] as [string, string]] : []),
    [w.shipping, d.shipping_cents === 0 ? w.free : money(d.shipping_cents)],
    [w.total, money(d.total_cents)],
  ];
  const account =
    d.account &&
    (d.account.kind === 'signup'
      ? { title: w.signupTitle, text: w.signup(d.email), label: w.signupLink, url: d.account.url }
      : { title: w.signupTitle, text: w.signin(d.email), label: w.signinLink, url: d.account.url });

  // French puts a space before a colon
  const colon = locale === 'en' ? ':' : ' :';
  const text = [
    title,
    '',
    ...greeting,
    '',
    `${w.articles}${colon}`,
    ...d.lines.map((l) => `- ${article(l)}${colon} ${money(l.total_cents)}`),
    ...sums.map(([k, v]) => `${k}${colon} ${v}`),
    '',
    `${w.delivery}${colon}`,
    ...d.address,
    ...(d.carrier ? [`${w.carrier}${colon} ${d.carrier}`] : []),
    '',
    w.invoice(d.invoice_number),
    d.invoice_url,
    '',
    `${w.orderLink}${colon} ${d.order_url}`,
    ...(account ? ['', account.title, account.text, `${account.label}${colon} ${account.url}`] : []),
  ].join('\n');

  const e = escapeHtml;
  const p = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;
  const h2 = (s: string) => `<h2 style="font-size:16px;margin:24px 0 8px">${e(s)}</h2>`;
  const button = (label: string, url: string) =>
    `<p style="margin:16px 0"><a href="${e(url)}" style="${BUTTON}">${e(label)}</a></p>`;
  const rows = [
    ...d.lines.map(
      (l) =>
        `<tr><td style="${CELL}">${e(article(l))}</td><td style="${CELL};text-align:right;white-space:nowrap">${e(money(l.total_cents))}</td></tr>`,
    ),
    ...sums.map(
      ([k, v], i) =>
        `<tr${i === sums.length - 1 ? ' style="font-weight:bold"' : ''}><td style="padding:4px 0">${e(k)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${e(v)}</td></tr>`,
    ),
  ].join('');
  const body = [
    ...greeting.map((g) => p(e(g))),
    h2(w.articles),
    `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">${rows}</table>`,
    h2(w.delivery),
    p(d.address.map(e).join('<br>')),
    ...(d.carrier ? [p(`${e(w.carrier)}${colon} ${e(d.carrier)}`)] : []),
    p(e(w.invoice(d.invoice_number))),
    button(w.invoiceLink, d.invoice_url),
    button(w.orderLink, d.order_url),
    ...(account ? [h2(account.title), p(e(account.text)), button(account.label, account.url)] : []),
  ].join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${e(title)}</h1>${body}<p style="font-size:12px;color:#999;margin-top:32px">LiveCart</p></body></html>`;
  return { subject: title, text, html };
}

export function renderMail<K extends TemplateName>(
  name: K,
  locale: TLocale,
  data: TemplateData[K],
): MailContent {
  return templates[name](locale, data);
}
