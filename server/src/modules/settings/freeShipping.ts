/**
 * The free-shipping columns of a seller's settings, written by the shipping calls (threshold,
 * free-shipping window). The row is made on the first write (the other settings keep their
 * defaults).
 */
import type { DbOrTx } from '../../db/client.ts';
import { upsertSettings } from './service.ts';

/** Free shipping from `cents` (order amount); null turns the threshold off. */
export async function saveFreeShippingThreshold(db: DbOrTx, sellerId: number, cents: number | null) {
  await upsertSettings(db, sellerId, {
    free_shipping_threshold_cents: cents,
    free_shipping_status: cents !== null,
    updated_at: new Date(),
  });
}

/** The free-shipping window's switch (on while the seller has a window set). */
export async function saveFreeShippingTimer(db: DbOrTx, sellerId: number, on: boolean) {
  await upsertSettings(db, sellerId, { free_shipping_timer: on, updated_at: new Date() });
}
