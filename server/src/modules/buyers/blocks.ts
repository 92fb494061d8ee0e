import type { TBuyerBlockBody, TBuyerBlockResult } from '@livecart/contract/buyers';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';
import { inRetriedTransaction } from '../../lib/retry.ts';
import { withdrawShopperFromWaitingList } from '../orders/waiting.ts';
import { findShopper } from './detail.ts';

/*
 * A seller blocks a shopper who does not pay (as SHOPLINE and CommentSold restrict non-payers):
 * from then on the shopper's comments at the seller's lives reserve nothing, open no cart, join no
 * waiting list, and get the seller's message as their one private reply (live/sql/claim.sql, told
 * by buyers_viewer_identity, sql/identity.sql). Blocking also withdraws what they wait for at this
 * seller (through the orders module), and the waiting list served passes over a blocked shopper, so
 * no stock ever goes to them. Their open carts and orders stay: the seller sees them in the detail
 * and settles them from Live Carts and Orders.
 */

const MESSAGES = {
  fr: { blocked: 'Le client a été bloqué', unblocked: 'Le client a été débloqué' },
  en: { blocked: 'Shopper has been blocked', unblocked: 'Shopper has been unblocked' },
} as const;

/**
 * POST buyers/block: blocks or unblocks one of the calling seller's shoppers (404 for anyone
 * else's). An account is blocked as a whole: every identity linked to it at this seller, now or
 * later; unblocking it also lifts a block put on one of its identities before its viewer signed in.
 * Blocking withdraws their waiting requests at this seller in the same transaction (unblocking
 * does not bring them back). Doing it twice changes nothing more.
 */
export async function setBlocked(ctx: Ctx, body: TBuyerBlockBody): Promise<TBuyerBlockResult> {
  const { shopper } = await findShopper(ctx, body);
  const sellerId = shopper.sellerId as number;
  const by = ctx.user?.id ?? null;
  await inRetriedTransaction(ctx.db, async (tx) => {
    if (body.blocked) {
      await tx.execute(
        shopper.userId !== null
          ? sql`INSERT INTO buyer_blocks (seller_id, user_id, blocked_by) VALUES (${sellerId}, ${shopper.userId}, ${by})
                ON CONFLICT (seller_id, user_id) WHERE user_id IS NOT NULL DO NOTHING`
          : sql`INSERT INTO buyer_blocks (seller_id, social_identity_id, blocked_by)
                VALUES (${sellerId}, ${shopper.identityId}, ${by})
                ON CONFLICT (seller_id, social_identity_id) WHERE social_identity_id IS NOT NULL DO NOTHING`,
      );
      await withdrawShopperFromWaitingList(tx, {
        sellerId,
        userId: shopper.userId,
        identityId: shopper.identityId,
      });
    } else {
      await tx.execute(
        shopper.userId !== null
          ? sql`DELETE FROM buyer_blocks k WHERE k.seller_id = ${sellerId} AND (k.user_id = ${shopper.userId}
                  OR k.social_identity_id IN (SELECT si.id FROM social_identities si
                                              WHERE si.user_id = ${shopper.userId} AND si.seller_id = ${sellerId}))`
          : sql`DELETE FROM buyer_blocks k WHERE k.seller_id = ${sellerId} AND k.social_identity_id = ${shopper.identityId}`,
      );
    }
  });
  const texts = MESSAGES[ctx.locale === 'en' ? 'en' : 'fr'];
  return { success: true, blocked: body.blocked, message: body.blocked ? texts.blocked : texts.unblocked };
}
