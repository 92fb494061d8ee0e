import type { TShopLogEntry, TShopLogKind } from '@livecart/contract/shops';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** One line of a shop's sync log; the platform's message of a failure is kept as it gave it (no credentials ever reach it). */
export async function writeLog(
  db: DbOrTx,
  shop: { id: number; seller_id: number },
  kind: TShopLogKind,
  status: TShopLogEntry['status'],
  params: Record<string, string | number | null>,
  platformMessage: string | null = null,
  shopOrderId: number | null = null,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO shop_log (shop_id, seller_id, kind, status, params, platform_message, shop_order_id)
        VALUES (${shop.id}, ${shop.seller_id}, ${kind}, ${status}, ${JSON.stringify(params)}::jsonb,
                ${platformMessage?.slice(0, 500) ?? null}, ${shopOrderId})`,
  );
}
