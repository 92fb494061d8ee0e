import type { TActiveSessions } from '@livecart/contract/chatbot';
import type { TLiveScenario } from '@livecart/contract/live';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { liveVideosNow } from '../live/capture.ts';
import { liveSessionsNow } from '../live/sessions.ts';
import { callerOf } from './messages.ts';
import { effectiveSystemRows } from './system.ts';

/*
 * What the lives read of the chatbot: the scenarios a session can use, and the seller's sessions
 * live now with how many comments a custom reply answered in each.
 */

/**
 * GET livesession/fetch-scenarios: the scenarios a session can answer with, the seller's active
 * custom replies, then the active system replies as the seller has them, each by name.
 */
export async function listScenarios(ctx: Ctx): Promise<{ items: TLiveScenario[] }> {
  const sellerId = callerOf(ctx);
  const items = await queryRows<TLiveScenario>(
    ctx.db,
    sql`SELECT c.id, c.name, c.type FROM (
          SELECT id, name, type, active FROM chatbot_messages WHERE type = 'users' AND seller_id = ${sellerId}
          UNION ALL
          SELECT id, name, type, active FROM ${effectiveSystemRows(sellerId)} AS s
        ) AS c
        WHERE c.active
        ORDER BY c.type DESC, c.name, c.id`,
  );
  return { items };
}

/**
 * GET fetch-active-sessions: the seller's sessions live now (for "test in a live"), with the
 * store each sells on and the comments a custom reply answered in it; and the broadcasts live now
 * on the seller's stores with the stores themselves (what a session can be tied to and fed by).
 */
export async function activeSessions(ctx: Ctx): Promise<TActiveSessions> {
  const sellerId = callerOf(ctx);
  const [sessions, now] = await Promise.all([
    liveSessionsNow(ctx.db, sellerId),
    liveVideosNow(ctx, sellerId),
  ]);
  if (!sessions.length) return { items: [], ...now };
  const answered = await queryRows<{ session_id: number; answered: number }>(
    ctx.db,
    sql`SELECT session_id, sum(answers)::int AS answered FROM chatbot_session_answers
         WHERE seller_id = ${sellerId} AND session_id = ANY(${sql.param(sessions.map((s) => s.id))}::int[])
         GROUP BY session_id`,
  );
  const bySession = new Map(answered.map((a) => [a.session_id, a.answered]));
  return { items: sessions.map((s) => ({ ...s, answered: bySession.get(s.id) ?? 0 })), ...now };
}
