import nodemailer from 'nodemailer';

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

/** Sends over SMTP (`SMTP_URL`); `keep` receives every mail instead when there is no SMTP server. */
export function createMailer(opts: { smtpUrl?: string; from: string; keep: Mailer }): Mailer {
  if (!opts.smtpUrl) return opts.keep;
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
