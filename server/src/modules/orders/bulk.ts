/**
 * What the bulk actions of the Orders screen share (SPEC §6: seller, and admin as the orders list):
 * which orders the caller may act on, the answer's shape, the refusals in the caller's language.
 * Another seller's order is refused as `not_found`, never said to exist.
 */
import { ROLE, type TLocale, type TOrderStatus } from '@livecart/contract/constants';
import { formatMessage } from '@livecart/contract/errors';
import {
  BULK_MESSAGES,
  BULK_REFUSAL_MESSAGES,
  type TBulkActionResult,
  type TBulkRefusal,
  type TBulkRefusalReason,
} from '@livecart/contract/sellerOrders';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';

/** The caller of a bulk action: who they are and the orders they may touch (`o` is orders). */
export function bulkCaller(ctx: Ctx, ids: number[]): { userId: number; scope: SQL } {
  if (!ctx.user) throw new AppError('unauthorized');
  if (!ids.length) throw new AppError('select_item');
  const scope = ctx.user.role_id === ROLE.admin ? sql`true` : sql`o.seller_id = ${ctx.user.id}`;
  return { userId: ctx.user.id, scope };
}

export type BulkOutcome =
  | { done: { id: number; order_number: string; status: TOrderStatus } }
  | { refused: TBulkRefusal };

/** A refusal of order `id` with its message in `locale` (`params` quote a provider's refusal). */
export function refusal(
  locale: TLocale,
  id: number,
  orderNumber: string | null,
  reason: TBulkRefusalReason,
  params?: Record<string, string>,
): BulkOutcome {
  return {
    refused: {
      id,
      order_number: reason === 'not_found' ? null : orderNumber,
      reason,
      message: formatMessage(BULK_REFUSAL_MESSAGES[reason][locale], params),
    },
  };
}

/** The answer of a bulk action: the toast, the orders changed and those refused, in the order checked. */
export function bulkResult(
  locale: TLocale,
  toast: keyof typeof BULK_MESSAGES,
  outcomes: BulkOutcome[],
): TBulkActionResult {
  const result: TBulkActionResult = { message: BULK_MESSAGES[toast][locale], done: [], refused: [] };
  for (const o of outcomes) {
    if ('done' in o) result.done.push(o.done);
    else result.refused.push(o.refused);
  }
  return result;
}
