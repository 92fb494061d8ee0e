import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import {
  comment,
  liveSeller,
  lockWaited,
  reads,
  simpleProduct,
  viewer,
} from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs, uniq } from '../../../test/product-fixtures.ts';
import { chatbotMessages, liveComments, privateReplies } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * The chatbot in the live when two transactions meet: a PostgreSQL server only (two connections
 * at once), selected by vitest.config.ts when DATABASE_URL is set (the CI's second run).
 */

let rt: Runtime;
let refs: Refs;
let r: ReturnType<typeof reads>;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  r = reads(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

async function customReply(sellerId: number, keywords: string) {
  const [row] = await db()
    .insert(chatbotMessages)
    .values({
      seller_id: sellerId,
      type: 'users',
      name: `Réponse ${uniq()}`,
      keywords,
      message_fr: 'Bonjour {first_name} ! Livraison offerte dès 50 € chez {store}.',
      message_en: 'Hi {first_name}! Free shipping from €50 at {store}.',
    })
    .returning();
  return row;
}

const commentsOf = (sessionId: number) =>
  db().select().from(liveComments).where(eq(liveComments.session_id, sessionId)).orderBy(liveComments.id);

async function repliesOf(sessionId: number) {
  await rt.worker.drain();
  return db()
    .select()
    .from(privateReplies)
    .where(eq(privateReplies.session_id, sessionId))
    .orderBy(privateReplies.live_comment_id);
}

it('a reply deleted while a comment naming it is claimed: the order goes through, the reply is silent', async () => {
  const { seller, api, post, sessionId } = await liveSeller(rt);
  const { keyword } = await simpleProduct(rt, refs, api, 5);
  const reply = await customReply(seller.id, 'livraison');
  const who = viewer();
  // The seller's delete has locked the reply and not committed yet when the comment is claimed.
  const seller$ = new pg.Client({ connectionString: rt.deps.config.databaseUrl });
  await seller$.connect();
  try {
    await seller$.query('BEGIN');
    await seller$.query('DELETE FROM chatbot_messages WHERE id = $1', [reply.id]);
    const posted = post([comment(`${keyword} et la livraison ?`, who)]);
    await lockWaited(rt);
    await seller$.query('COMMIT');
    await posted;
  } finally {
    await seller$.end();
  }
  const [claimed] = await commentsOf(sessionId);
  expect([claimed.outcome, claimed.outcome_reason]).toEqual(['cart', null]);
  expect((await r.cartOfViewer(seller.id, who))?.lines).toMatchObject([{ quantity: 1 }]);
  const [one] = await repliesOf(sessionId);
  expect(one.text).toMatch(/^Merci Viewer ! Réservé pour vous : .* http\S+$/);
});
