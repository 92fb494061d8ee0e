import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { mailbox } from '../../modules/dev/tables.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

/** Sends one e-mail: over SMTP, or into the embedded mailbox shown at /dev/mailbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; database: Database }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          })),
        });
      },
      close: async () => transport.close(),
    };
  }
  return {
    kind: 'mailbox',
    async send(mail) {
      await opts.database.db.insert(mailbox).values({
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
