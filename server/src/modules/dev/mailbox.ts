/**
 * The development mailbox: without an SMTP server (the embedded mode), the mails the product sends
 * are kept here and shown at /dev/mailbox (routes.ts says who may read them).
 */
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { mailbox } from './tables.ts';

/** A mailer that keeps each mail (attachments by name, type and size) instead of sending it. */
export function mailboxMailer(db: DbOrTx): Mailer {
  return {
    kind: 'mailbox',
    async send(mail) {
      await db.insert(mailbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: Buffer.from(a.contentBase64, 'base64').length,
        })),
      });
    },
    close: async () => {},
  };
}

/** The kept mails, newest first. */
export async function keptMails(db: DbOrTx, limit = 200) {
  const rows = await db
    .select()
    .from(mailbox)
    .orderBy(desc(mailbox.created_at), desc(mailbox.id))
    .limit(limit);
  return rows.map(({ id: _id, ...m }) => m);
}
