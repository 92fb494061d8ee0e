import type { TChatbotMessage, TChatbotMessageBody } from '@livecart/contract/chatbot';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { chatbotMessages, chatbotSessionAnswers, liveComments } from '../src/db/schema/index.ts';
import type { Runtime } from '../src/runtime.ts';
import { type Api, uniq } from './product-fixtures.ts';

/* Helpers of the chatbot tests: reply bodies, replies made through the API, rows read back. */

/** A valid custom reply: a name of its own, two trigger words, both texts. */
export function replyBody(patch: Partial<TChatbotMessageBody> = {}): TChatbotMessageBody {
  return {
    name: `Livraison ${uniq()}`,
    keywords: ['livraison', 'shipping'],
    message_fr: 'Livraison offerte dès 50 € chez {store} !',
    message_en: 'Free shipping from €50 at {store}!',
    ...patch,
  };
}

/** Creates a custom reply through POST chatbot and answers it. */
export async function createReply(
  api: Api,
  patch: Partial<TChatbotMessageBody> = {},
): Promise<TChatbotMessage> {
  const res = await api.post('/api/chatbot', replyBody(patch));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item as TChatbotMessage;
}

/** Every chatbot row of a seller (custom replies and system overrides), as text: compares before/after. */
export async function chatbotRowsOf(rt: Runtime, sellerId: number): Promise<string[]> {
  const rows = await rt.deps.database.db
    .select()
    .from(chatbotMessages)
    .where(eq(chatbotMessages.seller_id, sellerId))
    .orderBy(chatbotMessages.id);
  return rows.map((r) => JSON.stringify(r));
}

/** The platform's system rows (no seller), as text. */
export async function platformRows(rt: Runtime): Promise<string[]> {
  const rows = await rt.deps.database.db
    .select()
    .from(chatbotMessages)
    .where(and(isNull(chatbotMessages.seller_id), eq(chatbotMessages.type, 'system')))
    .orderBy(chatbotMessages.id);
  return rows.map((r) => JSON.stringify(r));
}

/**
 * Records that a reply answered `answers` comments in a session (as the live engine counts them),
 * and one such comment.
 */
export async function recordAnswers(
  rt: Runtime,
  o: { messageId: number; sessionId: number; sellerId: number; answers: number },
) {
  const db = rt.deps.database.db;
  await db
    .insert(chatbotSessionAnswers)
    .values({ message_id: o.messageId, session_id: o.sessionId, seller_id: o.sellerId, answers: o.answers })
    .onConflictDoUpdate({
      target: [chatbotSessionAnswers.message_id, chatbotSessionAnswers.session_id],
      set: { answers: sql`${chatbotSessionAnswers.answers} + ${o.answers}` },
    });
  const [comment] = await db
    .insert(liveComments)
    .values({
      session_id: o.sessionId,
      seller_id: o.sellerId,
      external_id: `c-${uniq()}`,
      message: "c'est quoi la livraison ?",
      created_time: new Date(),
      processed_at: new Date(),
      outcome: 'answered',
    })
    .returning();
  return comment;
}
