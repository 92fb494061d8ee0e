import { index, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** What the mailbox keeps of an attachment: its name, type and size, not its content. */
export interface MailboxAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/** Mails kept instead of sent in the embedded mode (no SMTP_URL), shown at /dev/mailbox. */
export const mailbox = pgTable(
  'mailbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 255 }).notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    text: text('text'),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailboxAttachment[]>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mailbox_to_created_idx').on(t.to, t.created_at),
    index('mailbox_created_idx').on(t.created_at),
  ],
);
