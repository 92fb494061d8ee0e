/**
 * The free-shipping columns of a seller's settings, written by the shipping calls (threshold,
 * free-shipping window). The row is made on the first write (the other settings keep their
 * defaults).
 */
import type { DbOrTx } from '../../db/client.ts';
import { settings } from './tables.ts';

/** Free shipping from `cents` (order amount); null turns the threshold off. */
export async function saveFreeShippingThreshold(db: DbOrTx, sellerId: number, cents: number | null) {
  const changes = { free_shipping_threshold_cents: cents, free_shipping_status: cents !== null };
  await db
    .insert(settings)
    .values({ user_id: sellerId, ...changes })
    .onConflictDoUpdate({ target: settings.user_id, set: { ...changes, updated_at: new Date() } });
}

/** The free-shipping window's switch (on while the seller has a window set). */
export async function saveFreeShippingTimer(db: DbOrTx, sellerId: number, on: boolean) {
  await db
    .insert(settings)
    .values({ user_id: sellerId, free_shipping_timer: on })
    .onConflictDoUpdate({
      target: settings.user_id,
      set: { free_shipping_timer: on, updated_at: new Date() },
    });
}
