import { randomBytes } from 'node:crypto';
import type { TSimulateBody, TSimulateResult } from '@livecart/contract/live';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { claimComments } from './claim.ts';
import { ingestComments } from './comments.ts';
import { liveSessions } from './tables.ts';

/**
 * The viewer id of a simulated name: lower-cased, accents and extra spaces dropped, so "Camille",
 * " camille " and "CAMILLE" are the same viewer and their comments fill one cart.
 */
export function simulatedViewerId(name: string): string {
  const normalized = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
  return `sim:${normalized}`.slice(0, 64);
}

/**
 * One comment typed in the seller's simulator: stored and claimed exactly like a capture tool's
 * (`ingestComments` + `claimComments`), so a session that is not live stores it as ignored.
 */
export async function simulateComment(
  ctx: Ctx,
  sessionId: number,
  input: TSimulateBody,
): Promise<TSimulateResult> {
  if (!ctx.user) throw new AppError('unauthorized');
  const [session] = await ctx.db
    .select()
    .from(liveSessions)
    .where(
      and(
        eq(liveSessions.id, sessionId),
        eq(liveSessions.seller_id, ctx.user.id),
        isNull(liveSessions.deleted_at),
      ),
    );
  if (!session) throw notFound();
  const message = {
    id: `sim-${randomBytes(9).toString('base64url')}`,
    from: { id: input.from_id ?? simulatedViewerId(input.from_name), name: input.from_name },
    message: input.message,
    created_time: new Date().toISOString(),
  };
  const ingested = await ingestComments(ctx, session, [message]);
  const { ordered, waiting } = await claimComments(ctx, session, ingested.rows);
  return {
    received: 1,
    stored: ingested.stored,
    recovered: 0,
    duplicates: 1 - ingested.stored - ingested.refused,
    refused: ingested.refused,
    ordered,
    waiting,
    comment_id: ingested.rows[0]?.id ?? 0,
  };
}
