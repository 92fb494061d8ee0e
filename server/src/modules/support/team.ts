import { DEFAULT_LOCALE, ROLE } from '@livecart/contract/constants';
import type { TSupportType } from '@livecart/contract/support';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { renderMail } from '../../integrations/mail/templates.ts';
import { enqueue, type OutboxHandler } from '../../jobs/outbox.ts';
import type { Deps } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { notify } from '../notifications/service.ts';
import { requestById } from './read.ts';

/** The words of the admins' notification, per kind of request. */
const NOTICE: Record<TSupportType, { fr: string; en: string }> = {
  support: { fr: 'Nouvelle demande de support', en: 'New support request' },
  contact: { fr: 'Nouveau message de contact', en: 'New contact message' },
  demo: { fr: 'Nouvelle demande de démo', en: 'New demo request' },
};

/** Providers that ignore the dots of an address's local part (`j.doe` is `jdoe`). */
const DOTLESS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as the per-e-mail limits count it: lower case, without a `+tag`
 * (`jo+1@x.com` is `jo@x.com`), without a final dot of the domain, and without the dots Gmail
 * ignores. Otherwise one mailbox spelt anew each time would escape the limits.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase().split('+')[0];
  let domain = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  if (DOTLESS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * The outbox key of a public form's acknowledgement: one per mailbox, form and day
 * (Europe/Paris). Anyone may type anyone's address in the form; the request is always kept for
 * the team, but the mailbox hears from us at most once a day, however many client addresses and
 * spellings of it the sender uses.
 */
export const acknowledgementKey = (form: 'contact' | 'demo', email: string, now = new Date()) =>
  `${form}-ack:${mailboxKey(email)}:${now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' })}`;

/** Where the admin reads a request: the inbox with its drawer open. */
export const inboxLink = (id: number) => `/support?id=${id}`;

/**
 * Tells the team about a new request, in the transaction that files it: a notification to every
 * active admin (the bell links to the request in the inbox), and an outbox row that e-mails the
 * team's address (SUPPORT_EMAIL) when one is configured.
 */
export async function tellTheTeam(
  tx: DbOrTx,
  request: { id: number; type: TSupportType; subject: string; from: string },
): Promise<void> {
  const admins = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM users WHERE role_id = ${ROLE.admin} AND status = 'active' ORDER BY id`,
  );
  const words = NOTICE[request.type];
  for (const admin of admins) {
    await notify(tx, {
      userId: admin.id,
      type: 'support_new',
      title_fr: `${words.fr} : ${request.subject}`,
      title_en: `${words.en}: ${request.subject}`,
      body_fr: request.from,
      body_en: request.from,
      link: inboxLink(request.id),
      data: { support_message_id: request.id },
    });
  }
  await enqueue(tx, {
    kind: 'support_new',
    dedupeKey: `support-new:${request.id}`,
    payload: { id: request.id },
  });
}

/** `Amélie Durand (Boutique Amélie) <amelie@boutique.test>`, with what is known. */
export function authorLine(a: {
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string | null;
}): string {
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return [name, a.company_name && `(${a.company_name})`, a.email && `<${a.email}>`].filter(Boolean).join(' ');
}

/**
 * The outbox job of {@link tellTheTeam}: the request as it is now, mailed in French (the
 * platform's language) to SUPPORT_EMAIL; nothing when no address is configured.
 */
export function supportTeamMailHandler(deps: Deps): OutboxHandler {
  return async (job: { id: number }) => {
    const to = deps.config.supportEmail;
    if (!to) return;
    const item = await requestById(deps.database.db, job.id);
    if (!item) return;
    const content = renderMail('support_new', DEFAULT_LOCALE, {
      type: item.type,
      from: authorLine(item.author),
      subject: item.subject,
      message: item.message,
      url: `${deps.config.publicUrl}${inboxLink(item.id)}`,
    });
    await deps.mailer.send({ to, ...content });
  };
}
