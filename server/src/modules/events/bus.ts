import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The NOTIFY channel live events travel on, between every server process sharing the database. */
export const LIVE_EVENTS_CHANNEL = 'live_events';

/**
 * What the live screens are told. Small on purpose (NOTIFY payloads stay far below PostgreSQL's
 * 8000-byte limit): screens refetch what they show when an event names it.
 */
export type LiveEvent =
  /** Comments of a session were stored or decided (the console refetches its feed). */
  | { type: 'comments'; sessionId: number }
  /** A cart was created, filled, reduced or emptied (Live Carts refetches). */
  | { type: 'cart'; orderId: number; orderNumber: string; sessionId: number | null }
  /** A cart left status new: expired, paid, canceled. */
  | { type: 'cart_closed'; orderId: number; orderNumber: string; status: string }
  /** A waiting list changed (joined, served, quantity changed): the waiting list and its badge refetch. */
  | { type: 'waiting'; configurationId: number }
  /** A session changed status (started, stopped, removed). */
  | { type: 'session'; sessionId: number; status: string };

/** A live event as it travels and as `/api/events` sends it (`event: live`, `data:` this JSON). */
export type LiveEventMessage = LiveEvent & { sellerId: number };

/**
 * Publishes an event for one seller's screens. NOTIFY is transactional: given an open transaction
 * it is delivered when (and only if) the transaction commits, to every process listening.
 */
export async function publishLiveEvent(db: DbOrTx, sellerId: number, event: LiveEvent): Promise<void> {
  const message: LiveEventMessage = { ...event, sellerId };
  await db.execute(sql`SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}
