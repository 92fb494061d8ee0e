import { desc } from 'drizzle-orm';
import { mailbox } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';

/** Embedded mode only (no SMTP_URL): the mails the product would have sent, newest first. */
export async function devModule(app: App, deps: Deps) {
  app.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        description:
          'Embedded mode only (no SMTP_URL): the kept e-mails, newest first: {items}. 404 otherwise.',
      },
    },
    async () => {
      if (deps.mailer.kind !== 'mailbox') throw notFound();
      const rows = await deps.database.db
        .select()
        .from(mailbox)
        .orderBy(desc(mailbox.created_at), desc(mailbox.id))
        .limit(200);
      return { items: rows.map(({ id: _id, ...m }) => m) };
    },
  );
}
