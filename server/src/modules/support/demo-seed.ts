import type { DbOrTx } from '../../db/client.ts';
import { supportMessages, supportReplies } from './tables.ts';

const daysAgo = (days: number, hour: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/**
 * The demo's support inbox, so a newcomer sees it at work: the demo seller's question, answered
 * by the demo admin, and a prospect's message from the contact form, still open. Written as past
 * conversations: no e-mail and no notification is sent for them.
 */
export async function seedDemoSupport(db: DbOrTx, ids: { sellerId: number; adminId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const asked = daysAgo(2, 9);
    const answered = daysAgo(2, 11);
    const [question] = await tx
      .insert(supportMessages)
      .values({
        type: 'support',
        user_id: ids.sellerId,
        locale: 'fr',
        subject: 'Importer mon catalogue depuis un fichier CSV',
        message:
          'Bonjour, j’ai 120 robes dans un tableur. Comment les importer avec leurs tailles et leurs couleurs sans tout ressaisir ?',
        status: 'answered',
        created_at: asked,
        updated_at: answered,
      })
      .returning({ id: supportMessages.id });
    await tx.insert(supportReplies).values({
      message_id: question.id,
      author_id: ids.adminId,
      body: 'Bonjour Sophie,\nenregistrez votre tableur en CSV puis importez-le depuis Inventaire > Importer : une ligne par produit, puis une ligne par taille et couleur en dessous. Les règles sont dans Guides > Règles CSV.\nBonne journée !',
      created_at: answered,
    });
    const written = daysAgo(1, 16);
    await tx.insert(supportMessages).values({
      type: 'contact',
      first_name: 'Léa',
      last_name: 'Moreau',
      email: 'lea.moreau@atelier-lea.test',
      company_name: 'Atelier Léa',
      locale: 'fr',
      subject: 'Vendre pendant mes lives Instagram',
      message:
        'Bonjour, je vends des bijoux en live sur Instagram chaque jeudi. LiveCart fonctionne-t-il aussi avec Instagram ?',
      created_at: written,
      updated_at: written,
    });
  });
}
