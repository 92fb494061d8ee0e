/**
 * The sandbox billing provider's hosted card page (`/sandbox/billing/{intentId}?k=…`): the
 * embedded default's stand-in for Stripe Checkout in setup mode. A small self-contained HTML page
 * (no script, so the page policy holds) listing the test cards, a card form and an IBAN form; the
 * 3155 card asks for an authentication step (Approve / Fail). Never in production; only with the
 * registration's own secret `k`, so nobody registers a card on someone else's account.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxBillingPageKey } from '../../integrations/billing/index.ts';
import { BillingProviderError } from '../../integrations/billing/provider.ts';
import {
  SANDBOX_TEST_CARDS,
  SANDBOX_TEST_IBAN,
  SandboxBilling,
  type SandboxSetupInput,
} from '../../integrations/billing/sandbox.ts';
import { notFound } from '../../lib/errors.ts';
import { drizzleSandboxBillingStore } from './sandbox-store.ts';

export type PageLang = 'fr' | 'en';

export interface SandboxPageEnv {
  config: Pick<Config, 'env' | 'authSecret' | 'publicUrl'>;
  db: DbOrTx;
}

const T = {
  title: { fr: 'Enregistrer un moyen de paiement', en: 'Save a payment method' },
  sandbox: {
    fr: 'Bac à sable : aucun argent ne circule. Utilisez une carte de test ci-dessous.',
    en: 'Sandbox: no money moves. Use one of the test cards below.',
  },
  testCards: { fr: 'Cartes de test', en: 'Test cards' },
  use: { fr: 'Utiliser', en: 'Use' },
  card: { fr: 'Carte bancaire', en: 'Card' },
  number: { fr: 'Numéro de carte', en: 'Card number' },
  expiry: { fr: 'Expiration (MM/AA)', en: 'Expiry (MM/YY)' },
  cvc: { fr: 'Cryptogramme (CVC)', en: 'Security code (CVC)' },
  save: { fr: 'Enregistrer la carte', en: 'Save the card' },
  sepa: { fr: 'Prélèvement SEPA', en: 'SEPA Direct Debit' },
  iban: { fr: 'IBAN', en: 'IBAN' },
  saveIban: { fr: 'Enregistrer l’IBAN', en: 'Save the IBAN' },
  mandate: {
    fr: 'En enregistrant votre IBAN, vous autorisez LiveCart à débiter ce compte pour votre abonnement.',
    en: 'By saving your IBAN, you authorise LiveCart to debit this account for your subscription.',
  },
  cancel: { fr: 'Annuler et revenir', en: 'Cancel and go back' },
  authTitle: { fr: 'Authentification de la banque', en: 'Bank authentication' },
  authText: {
    fr: 'Votre banque demande de confirmer l’enregistrement de la carte se terminant par {last4}.',
    en: 'Your bank asks you to confirm saving the card ending in {last4}.',
  },
  approve: { fr: 'Approuver', en: 'Approve' },
  fail: { fr: 'Échouer', en: 'Fail' },
  finished: {
    fr: 'Cet enregistrement est terminé.',
    en: 'This registration is finished.',
  },
  back: { fr: 'Revenir', en: 'Go back' },
  behaviours: {
    succeeds: { fr: 'accepté', en: 'succeeds' },
    declined: { fr: 'refusé à l’enregistrement', en: 'declined when saved' },
    charges_declined: { fr: 'enregistré, chaque prélèvement refusé', en: 'saved, every charge declined' },
    authentication: { fr: 'demande une authentification', en: 'asks for authentication' },
  },
  errors: {
    card_number: {
      fr: 'Numéro de carte : utilisez une des cartes de test.',
      en: 'Card number: use one of the test cards.',
    },
    card_expiry: {
      fr: 'Expiration : une date MM/AA à venir.',
      en: 'Expiry: a date MM/YY to come.',
    },
    card_cvc: { fr: 'Cryptogramme : 3 ou 4 chiffres.', en: 'Security code: 3 or 4 digits.' },
    iban: { fr: 'IBAN : utilisez l’IBAN de test.', en: 'IBAN: use the test IBAN.' },
    action: { fr: 'Action inconnue.', en: 'Unknown action.' },
  },
} as const;

export type PageErrorField = keyof typeof T.errors;

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const groups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f5f7;color:#1f1f1f}
main{max-width:480px;margin:0 auto;padding:16px}h1{font-size:1.3rem;margin:8px 0 4px}h2{font-size:1.05rem;margin:0 0 8px}
.note{background:#fffbe6;border:1px solid #ffe58f;border-radius:8px;padding:8px 12px;font-size:.9rem}
section{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 2px rgba(0,0,0,.06)}
label{display:block;font-size:.9rem;margin:8px 0 4px}input{width:100%;font-size:16px;padding:10px;border:1px solid #d9d9d9;border-radius:8px}
.row{display:flex;gap:8px}.row>div{flex:1}
button{font-size:16px;padding:10px 14px;border-radius:8px;border:0;background:#1677ff;color:#fff;cursor:pointer;margin-top:12px;width:100%}
button.secondary{background:#fff;color:#1677ff;border:1px solid #1677ff}button.danger{background:#ff4d4f}
ul{list-style:none;margin:0;padding:0}li{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:6px 0;border-bottom:1px solid #f0f0f0}
li form button{margin:0;width:auto;padding:6px 10px;font-size:14px}code{font-size:.95rem;user-select:all}small{color:#666}
.error{color:#cf1322;background:#fff1f0;border:1px solid #ffa39e;border-radius:8px;padding:8px 12px}a{color:#1677ff}
`;

function layout(lang: PageLang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** What the card page is for one registration. */
export interface PageContext {
  intentId: string;
  k: string;
  lang: PageLang;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  returnUrl: string;
  last4: string | null;
}

const postUrl = (c: PageContext) =>
  `/api/sandbox/billing/${encodeURIComponent(c.intentId)}?k=${encodeURIComponent(c.k)}${c.lang === 'en' ? '&lang=en' : ''}`;

const backUrl = (c: PageContext, status: 'succeeded' | 'failed') =>
  `${c.returnUrl}${c.returnUrl.includes('?') ? '&' : '?'}setup_intent=${encodeURIComponent(c.intentId)}&redirect_status=${status}`;

/** The page for a registration in its current state; `error` and `values` re-show a refused form. */
export function renderPage(
  c: PageContext,
  opts: { error?: PageErrorField; values?: Record<string, string> } = {},
): string {
  const l = c.lang;
  const t = (s: { fr: string; en: string }) => esc(s[l]);
  if (c.status === 'requires_action') {
    return layout(
      l,
      T.authTitle[l],
      `<h1>${t(T.authTitle)}</h1><p class="note">${t(T.sandbox)}</p><section><p>${esc(T.authText[l].replace('{last4}', c.last4 ?? ''))}</p>` +
        `<form method="post" action="${esc(postUrl(c))}"><input type="hidden" name="action" value="approve"><button type="submit">${t(T.approve)}</button></form>` +
        `<form method="post" action="${esc(postUrl(c))}"><input type="hidden" name="action" value="fail"><button type="submit" class="danger">${t(T.fail)}</button></form></section>`,
    );
  }
  if (c.status !== 'pending') {
    return layout(
      l,
      T.title[l],
      `<h1>${t(T.title)}</h1><section><p>${t(T.finished)}</p><a href="${esc(backUrl(c, c.status))}">${t(T.back)}</a></section>`,
    );
  }
  const v = (name: string) => esc(opts.values?.[name] ?? '');
  const cards = SANDBOX_TEST_CARDS.map(
    (card) =>
      `<li><span><code>${groups(card.number)}</code><br><small>${t(T.behaviours[card.behaviour])}</small></span>` +
      `<form method="post" action="${esc(postUrl(c))}"><input type="hidden" name="action" value="card"><input type="hidden" name="number" value="${card.number}"><input type="hidden" name="expiry" value="12/34"><input type="hidden" name="cvc" value="123"><button type="submit" class="secondary" aria-label="${t(T.use)} ${card.number.slice(-4)}">${t(T.use)}</button></form></li>`,
  ).join('');
  const iban = SANDBOX_TEST_IBAN.replace(/(.{4})(?=.)/g, '$1 ');
  return layout(
    l,
    T.title[l],
    `<h1>${t(T.title)}</h1><p class="note">${t(T.sandbox)}</p>` +
      (opts.error ? `<p class="error" role="alert">${t(T.errors[opts.error])}</p>` : '') +
      `<section><h2>${t(T.testCards)}</h2><ul>${cards}<li><span><code>${iban}</code><br><small>${t(T.sepa)} · ${t(T.behaviours.succeeds)}</small></span>` +
      `<form method="post" action="${esc(postUrl(c))}"><input type="hidden" name="action" value="iban"><input type="hidden" name="iban" value="${SANDBOX_TEST_IBAN}"><button type="submit" class="secondary" aria-label="${t(T.use)} IBAN">${t(T.use)}</button></form></li></ul></section>` +
      `<section><h2>${t(T.card)}</h2><form method="post" action="${esc(postUrl(c))}"><input type="hidden" name="action" value="card">` +
      `<label for="number">${t(T.number)}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" value="${v('number')}" required>` +
      `<div class="row"><div><label for="expiry">${t(T.expiry)}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="7" value="${v('expiry')}" required></div>` +
      `<div><label for="cvc">${t(T.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" value="${v('cvc')}" required></div></div>` +
      `<button type="submit">${t(T.save)}</button></form></section>` +
      `<section><h2>${t(T.sepa)}</h2><form method="post" action="${esc(postUrl(c))}"><input type="hidden" name="action" value="iban">` +
      `<label for="iban">${t(T.iban)}</label><input id="iban" name="iban" autocomplete="off" maxlength="42" value="${v('iban')}" required>` +
      `<p><small>${t(T.mandate)}</small></p><button type="submit">${t(T.saveIban)}</button></form></section>` +
      `<p><a href="${esc(backUrl(c, 'failed'))}">${t(T.cancel)}</a></p>`,
  );
}

export const sandboxBilling = (env: SandboxPageEnv) =>
  new SandboxBilling({
    store: drizzleSandboxBillingStore(env.db),
    publicUrl: env.config.publicUrl,
    pageKey: (id) => sandboxBillingPageKey(env.config.authSecret, id),
  });

/** The registration a page is for, when its secret is right; anything else (or production): 404. */
export async function pageContext(
  env: SandboxPageEnv,
  intentId: string,
  k: string | undefined,
  lang: PageLang,
): Promise<PageContext> {
  if (env.config.env === 'production') throw notFound();
  const expected = Buffer.from(sandboxBillingPageKey(env.config.authSecret, intentId));
  const given = Buffer.from(k ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
  const provider = sandboxBilling(env);
  const setup = await provider.pageSetup(intentId);
  if (!setup) throw notFound();
  return {
    intentId,
    k: k ?? '',
    lang,
    status: setup.status,
    returnUrl: setup.returnUrl,
    last4: setup.last4,
  };
}

/** What a form post does: go to `location` (303), or show the page again with `status`. */
export type PostOutcome = { location: string } | { status: number; html: string };

/** The card page's forms: a card, an IBAN, or the authentication step's answer. */
export async function postPage(
  env: SandboxPageEnv,
  c: PageContext,
  body: Record<string, unknown>,
  pageUrl: string,
): Promise<PostOutcome> {
  const str = (name: string) =>
    typeof body[name] === 'string' ? (body[name] as string).trim().slice(0, 60) : '';
  const action = str('action');
  const values = { number: str('number'), expiry: str('expiry'), cvc: str('cvc'), iban: str('iban') };
  const provider = sandboxBilling(env);
  const refused = (error: PageErrorField, status = 400): PostOutcome => ({
    status,
    html: renderPage(c, { error, values }),
  });
  const finished = (): PostOutcome => ({ status: 409, html: renderPage(c) });
  try {
    if (action === 'approve' || action === 'fail') {
      if (c.status !== 'requires_action') return finished();
      const outcome = await provider.authenticateSetup(c.intentId, action === 'approve');
      return { location: outcome.redirectUrl ?? pageUrl };
    }
    if (c.status !== 'pending') return finished();
    let input: SandboxSetupInput;
    if (action === 'card') {
      const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.expiry);
      if (!m) return refused('card_expiry');
      input = {
        kind: 'card',
        number: values.number,
        expMonth: Number(m[1]),
        expYear: Number(m[2]),
        cvc: values.cvc,
      };
    } else if (action === 'iban') {
      input = { kind: 'sepa_debit', iban: values.iban };
    } else {
      return refused('action');
    }
    const outcome = await provider.submitSetup(c.intentId, input);
    return { location: outcome.redirectUrl ?? pageUrl };
  } catch (err) {
    if (err instanceof BillingProviderError && err.kind === 'invalid_request') {
      // Another tab finished it meanwhile.
      if (err.message === 'setup_finished') {
        const now = await provider.pageSetup(c.intentId);
        return { status: 409, html: renderPage({ ...c, status: now?.status ?? c.status }) };
      }
      if (err.message in T.errors) return refused(err.message as PageErrorField);
    }
    throw err;
  }
}
