/*
 * The public site's two forms, contact and demo request: they post to the support module's public
 * calls (`POST /api/contact`, `POST /api/request-demo`), whose requests land in the admin's inbox
 * and send the visitor an acknowledgement e-mail. The checks here mirror the contract's
 * (ZContactBody in contract/src/support.ts, ZRequestDemoBody in contract/src/billing.ts) without
 * importing zod into the site's bundle; the server checks again and its field errors are shown
 * under the same fields.
 */
import { MIN_LENGTH, type TLocale } from '@livecart/contract/constants';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSite } from './SiteContext';
import { localized } from './text';

export type TFormField =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'company_name'
  | 'subject'
  | 'message';

type Check = 'name' | 'email' | 'phone' | 'text';

interface FieldRule {
  name: TFormField;
  check: Check;
  required: boolean;
  min: number;
  max: number;
}

/** zName: letters of any alphabet, then letters, marks, apostrophes, spaces and hyphens. */
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M}' -]*$/u;
/** contract/src/email.ts EMAIL_PATTERN. */
const EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+\.[^\s@<>()[\],;:"\\]+$/;
/** contract/src/validation.ts PHONE_CHARACTERS. */
const PHONE_PATTERN = /^\+?[\d\s().\-/]+$/;

const NAME = { check: 'name', required: true, min: 1, max: 100 } as const;
const EMAIL = { check: 'email', required: true, min: 1, max: 254 } as const;
const PHONE = { check: 'phone', required: false, min: MIN_LENGTH.phone, max: 30 } as const;

export type TFormKind = 'contact' | 'demo';

/** The fields of each form, in order, with the contract's limits. */
const FORMS: Record<TFormKind, FieldRule[]> = {
  contact: [
    { name: 'first_name', ...NAME },
    { name: 'last_name', ...NAME },
    { name: 'email', ...EMAIL },
    { name: 'phone', ...PHONE },
    { name: 'company_name', check: 'text', required: false, min: 1, max: 150 },
    { name: 'subject', check: 'text', required: true, min: 1, max: 150 },
    { name: 'message', check: 'text', required: true, min: MIN_LENGTH.generic, max: 5000 },
  ],
  demo: [
    { name: 'first_name', ...NAME },
    { name: 'last_name', ...NAME },
    { name: 'email', ...EMAIL },
    { name: 'phone', ...PHONE },
    { name: 'company_name', check: 'text', required: true, min: 1, max: 150 },
    { name: 'message', check: 'text', required: false, min: 1, max: 2000 },
  ],
};

const ENDPOINTS: Record<TFormKind, string> = { contact: '/api/contact', demo: '/api/request-demo' };

const AUTOCOMPLETE: Record<TFormField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
  company_name: 'organization',
  subject: 'off',
  message: 'off',
};

const formText = localized({
  fr: {
    labels: {
      first_name: 'Prénom',
      last_name: 'Nom',
      email: 'Adresse e-mail',
      phone: 'Téléphone',
      company_name: 'Boutique ou entreprise',
      subject: 'Sujet',
      message: 'Message',
    } as Record<TFormField, string>,
    optional: '(facultatif)',
    requiredNote: 'Les champs marqués d’un astérisque (*) sont obligatoires.',
    required: 'obligatoire',
    send: { contact: 'Envoyer le message', demo: 'Demander ma démo' } as Record<TFormKind, string>,
    sending: 'Envoi…',
    errors: {
      required: 'Ce champ est obligatoire.',
      name: 'Lettres, espaces, apostrophes et tirets uniquement.',
      email: 'Saisissez une adresse e-mail valide, par exemple nom@exemple.fr.',
      phone: 'Chiffres, espaces, +, parenthèses, points, tirets et barres obliques uniquement.',
      min: (n: number) => `Au moins ${n} caractères.`,
      max: (n: number) => `Au plus ${n} caractères.`,
      network: 'Le message n’a pas pu partir. Vérifiez votre connexion et réessayez.',
      server: 'Une erreur est survenue. Réessayez dans un instant.',
      rateLimited: 'Trop de demandes en peu de temps. Réessayez dans quelques minutes.',
      fix: 'Corrigez les champs signalés puis renvoyez le formulaire.',
    },
    success: {
      contact: 'Merci, votre message est bien arrivé ! Nous vous répondons sous un jour ouvré.',
      demo: 'Merci, votre demande de démo est bien arrivée ! Nous vous recontactons sous un jour ouvré pour fixer un créneau.',
    } as Record<TFormKind, string>,
    acknowledgement: (email: string) =>
      `Un e-mail de confirmation vient d’être envoyé à ${email}. Pensez à regarder dans vos courriers indésirables.`,
  },
  en: {
    labels: {
      first_name: 'First name',
      last_name: 'Last name',
      email: 'E-mail address',
      phone: 'Phone',
      company_name: 'Shop or company',
      subject: 'Subject',
      message: 'Message',
    } as Record<TFormField, string>,
    optional: '(optional)',
    requiredNote: 'Fields marked with an asterisk (*) are required.',
    required: 'required',
    send: { contact: 'Send the message', demo: 'Request my demo' } as Record<TFormKind, string>,
    sending: 'Sending…',
    errors: {
      required: 'This field is required.',
      name: 'Letters, spaces, apostrophes and hyphens only.',
      email: 'Enter a valid e-mail address, for example name@example.com.',
      phone: 'Digits, spaces, +, brackets, dots, dashes and slashes only.',
      min: (n: number) => `At least ${n} characters.`,
      max: (n: number) => `At most ${n} characters.`,
      network: 'The message could not be sent. Check your connection and try again.',
      server: 'Something went wrong. Please try again in a moment.',
      rateLimited: 'Too many requests in a short time. Please try again in a few minutes.',
      fix: 'Correct the fields marked below, then send the form again.',
    },
    success: {
      contact: 'Thank you, your message has arrived! We answer within one working day.',
      demo: 'Thank you, your demo request has arrived! We will get back to you within one working day to set a time.',
    } as Record<TFormKind, string>,
    acknowledgement: (email: string) =>
      `An acknowledgement e-mail has just been sent to ${email}. Do check your spam folder.`,
  },
});

type Errors = Partial<Record<TFormField, string>>;

/** The first problem of one field's value (already trimmed), as the contract would find it. */
function checkField(rule: FieldRule, value: string, locale: TLocale): string | null {
  const t = formText(locale).errors;
  if (!value) return rule.required ? t.required : null;
  if (rule.check === 'name' && !NAME_PATTERN.test(value)) return t.name;
  if (rule.check === 'email' && !EMAIL_PATTERN.test(value)) return t.email;
  if (rule.check === 'phone' && !PHONE_PATTERN.test(value)) return t.phone;
  if (value.length < rule.min) return t.min(rule.min);
  if (value.length > rule.max) return t.max(rule.max);
  return null;
}

/** Every field's problem, by field; empty when the form can be sent. */
export function checkForm(
  kind: TFormKind,
  values: Partial<Record<TFormField, string>>,
  locale: TLocale,
): Errors {
  const errors: Errors = {};
  for (const rule of FORMS[kind]) {
    const problem = checkField(rule, values[rule.name]?.trim() ?? '', locale);
    if (problem) errors[rule.name] = problem;
  }
  return errors;
}

/** The body the API takes: trimmed values, optional fields left out when empty. */
function bodyOf(kind: TFormKind, values: Partial<Record<TFormField, string>>) {
  const body: Partial<Record<TFormField, string>> = {};
  for (const rule of FORMS[kind]) {
    const value = values[rule.name]?.trim() ?? '';
    if (value || rule.required) body[rule.name] = value;
  }
  return body;
}

interface ServerError {
  message?: string;
  fields?: Record<string, string>;
}

async function readError(response: Response): Promise<ServerError> {
  try {
    return (await response.json()) as ServerError;
  } catch {
    return {};
  }
}

/**
 * The contact form (`kind="contact"`) or the demo request (`kind="demo"`): visible labels,
 * checks before sending, the server's field errors under their fields and its other errors in an
 * alert; once sent, a success box in its place.
 */
export function SiteForm({ kind }: { kind: TFormKind }) {
  const { locale } = useSite();
  const t = formText(locale);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const prefix = kind === 'contact' ? 'contact' : 'demo';

  const focusFirstError = (found: Errors) => {
    const first = FORMS[kind].find((r) => found[r.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      FORMS[kind].map((r) => [r.name, String(data.get(r.name) ?? '')]),
    ) as Record<TFormField, string>;
    const found = checkForm(kind, values, locale);
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    setSending(true);
    try {
      const response = await fetch(`${ENDPOINTS[kind]}?locale=${locale}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bodyOf(kind, values)),
      });
      if (response.ok) {
        setSentTo(values.email.trim());
        return;
      }
      const problem = await readError(response);
      if (response.status === 429) {
        setAlert(problem.message ?? t.errors.rateLimited);
        return;
      }
      const known = Object.fromEntries(
        Object.entries(problem.fields ?? {}).filter(([name]) => FORMS[kind].some((r) => r.name === name)),
      ) as Errors;
      if (Object.keys(known).length > 0) {
        setErrors(known);
        setAlert(t.errors.fix);
        focusFirstError(known);
      } else setAlert(problem.message ?? t.errors.server);
    } catch {
      setAlert(t.errors.network);
    } finally {
      setSending(false);
    }
  };

  if (sentTo !== null)
    return (
      <div className="site-success" role="status" data-testid={`${prefix}-success`}>
        <p>
          <strong>{t.success[kind]}</strong>
        </p>
        <p>{t.acknowledgement(sentTo)}</p>
      </div>
    );

  const field = (rule: FieldRule) => {
    const inputId = `${id}-${rule.name}`;
    const errorId = `${inputId}-error`;
    const error = errors[rule.name];
    const common = {
      id: inputId,
      name: rule.name,
      autoComplete: AUTOCOMPLETE[rule.name],
      required: rule.required,
      maxLength: rule.max,
      'aria-invalid': error ? ('true' as const) : undefined,
      'aria-describedby': error ? errorId : undefined,
    };
    return (
      <div className="site-field" key={rule.name}>
        <label htmlFor={inputId}>
          {t.labels[rule.name]}{' '}
          {rule.required ? (
            <abbr title={t.required} className="site-required">
              *
            </abbr>
          ) : (
            <span className="site-optional">{t.optional}</span>
          )}
        </label>
        {rule.name === 'message' ? (
          <textarea {...common} rows={6} />
        ) : (
          <input
            {...common}
            type={rule.check === 'email' ? 'email' : rule.check === 'phone' ? 'tel' : 'text'}
            inputMode={rule.check === 'email' ? 'email' : rule.check === 'phone' ? 'tel' : undefined}
          />
        )}
        {error && (
          <p className="site-error" id={errorId} data-testid={`field-error-${rule.name}`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const rules = FORMS[kind];
  const byName = (name: TFormField) => rules.find((r) => r.name === name) as FieldRule;
  return (
    <form
      ref={formRef}
      className="site-form"
      method="post"
      noValidate
      onSubmit={submit}
      data-testid={`${prefix}-form`}
    >
      <p className="site-note">{t.requiredNote}</p>
      {alert && (
        <div className="site-alert" role="alert">
          {alert}
        </div>
      )}
      <div className="site-form-row">
        {field(byName('first_name'))}
        {field(byName('last_name'))}
      </div>
      <div className="site-form-row">
        {field(byName('email'))}
        {field(byName('phone'))}
      </div>
      {rules.filter((r) => !['first_name', 'last_name', 'email', 'phone'].includes(r.name)).map(field)}
      <div>
        <button
          type="submit"
          className="site-btn site-btn-primary site-btn-large"
          disabled={sending}
          data-testid={`${prefix}-submit`}
        >
          {sending ? t.sending : t.send[kind]}
        </button>
      </div>
    </form>
  );
}
