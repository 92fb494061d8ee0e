import { sql } from 'drizzle-orm';
import type { Headers } from '../../integrations/shops/platform.ts';
import { ShopCallError } from '../../integrations/shops/platform.ts';
import { AppError } from '../../lib/errors.ts';
import { withoutUnsafeText } from '../../lib/input-text.ts';
import { queryRows } from '../../lib/sql.ts';
import { platformOf, type ShopRow } from './platforms.ts';
import type { SyncEnv } from './stock-sync.ts';

/**
 * PostgreSQL's jsonb takes no NUL character and no half of a surrogate pair: removed from every
 * text of a notification.
 */
const safeText = (_key: string, value: unknown) =>
  typeof value === 'string' ? withoutUnsafeText(value) : value;

/**
 * A shop's notification: the signature is checked with the shop's own secret (an unknown shop
 * answers like a bad signature, so ids are not probed), then the delivery is kept once
 * (`shop_events_delivery_unique`) for the worker, which applies it in its next run. A paused
 * shop's notifications are kept for when it resumes.
 */
export async function receiveWebhook(
  env: SyncEnv,
  shopId: number,
  raw: Buffer,
  headers: Headers,
): Promise<void> {
  const [shop] = await queryRows<ShopRow>(env.db, sql`SELECT * FROM shops WHERE id = ${shopId}`);
  if (!shop) throw new AppError('webhook_signature_invalid');
  const platform = platformOf(env.config, shop);
  if (!platform.verifyWebhook(raw, headers)) {
    env.log.warn({ shopId }, 'shop notification refused: bad signature');
    throw new AppError('webhook_signature_invalid');
  }
  let hook: ReturnType<typeof platform.parseWebhook>;
  try {
    hook = platform.parseWebhook(raw, headers);
  } catch (err) {
    // A signed body that does not read as documented (a field of another shape): refused, not a 500.
    throw new AppError(
      'webhook_refused',
      undefined,
      err instanceof ShopCallError ? err.message : 'unreadable notification',
    );
  }
  const events = hook.events.filter((e) => e.kind !== 'ignored');
  if (!events.length) return;
  await env.db.execute(
    sql`INSERT INTO shop_events (shop_id, delivery_id, topic, events)
        VALUES (${shop.id}, ${withoutUnsafeText(hook.deliveryId).slice(0, 255)}, ${withoutUnsafeText(hook.topic).slice(0, 100)},
          ${JSON.stringify(events, safeText)}::jsonb)
        ON CONFLICT (shop_id, delivery_id) DO NOTHING`,
  );
}
