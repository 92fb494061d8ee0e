/**
 * Refunds of an order's payments at their providers (orders/bulk-cancel), in three steps so the
 * provider is never called inside a transaction and never asked twice for one refund:
 *
 * 1. `claimRefunds` (in the caller's transaction, the order locked): one `payment_refunds` row per
 *    paid payment, `pending`, with the key `refund:order:{orderId}:payment:{paymentId}` (UNIQUE).
 *    A call claims the rows it inserts, the `failed` ones (a new attempt) and `pending` ones left
 *    by a call that died (older than {@link REFUND_LEASE_SECONDS}); a fresh `pending` row belongs
 *    to a call in progress (a double click): this one is told to wait.
 * 2. `refundClaims` (no transaction): asks each provider, with the row's key as idempotency key
 *    (a new attempt after a refusal adds `:{attempt}`, since a provider replays a refusal to the
 *    same key). A row tried before (a refusal, or a call that died) first reads the payment back:
 *    already refunded, it is only recorded.
 * 3. `recordRefunds` (a transaction): each row `refunded` with the provider's refund id, its payment
 *    `refunded` (`refunded_at`), or `failed` with the provider's message.
 */
import type { TPaymentProviderName, TPaymentRefundReason } from '@livecart/contract/payments';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { PaymentProviderError, type PaymentState } from '../../integrations/payments/provider.ts';
import { queryRows } from '../../lib/sql.ts';
import { REFUND_REASONS } from './confirm.ts';
import { type ProviderEnv, providerFor } from './providers.ts';
import { refundReason } from './rows.ts';

/** How long a pending refund belongs to the call that reserved it. */
export const REFUND_LEASE_SECONDS = 120;

export interface RefundClaim {
  id: number;
  paymentId: number;
  sellerId: number;
  provider: TPaymentProviderName;
  externalId: string;
  amountCents: number;
  key: string;
  attempt: number;
  /** Tried before (refused, or by a call that never recorded its outcome): read the payment back first. */
  triedBefore: boolean;
  /**
   * Paid for another amount than the one asked (flagged `amount_differs`): what the provider holds
   * is refunded, whatever `amountCents` says, and recorded as the provider counts it.
   */
  whole: boolean;
}

export interface ClaimResult {
  claims: RefundClaim[];
  /** A refund of the order is in another call's hands. */
  busy: boolean;
  /** Rows of the order, whatever their status (0: it has no paid payment). */
  rows: number;
  /** Every row is refunded. */
  allRefunded: boolean;
  /** No row, but the order's payments were refunded at the provider already (read back by a webhook). */
  refundedElsewhere: boolean;
}

/**
 * Reserves the refunds of order `orderId`'s paid payments (step 1), or of its one payment `paymentId`;
 * the caller holds the order's lock.
 */
export async function claimRefunds(
  tx: DbOrTx,
  p: { orderId: number; userId: number; paymentId?: number },
): Promise<ClaimResult> {
  const onePayment = (column: SQL) =>
    p.paymentId === undefined ? sql`` : sql`AND ${column} = ${p.paymentId}`;
  const inserted = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO payment_refunds (payment_id, order_id, seller_id, amount_cents, status, idempotency_key,
          created_by, raw)
        SELECT p.id, p.order_id, p.seller_id, p.amount_cents, 'pending',
          'refund:order:' || p.order_id || ':payment:' || p.id, ${p.userId}, '{"attempt": 1}'::jsonb
        FROM payments p
        WHERE p.order_id = ${p.orderId} AND p.status = 'paid' AND p.external_id IS NOT NULL
          AND p.amount_cents > 0 ${onePayment(sql`p.id`)}
        ORDER BY p.id
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id`,
  );
  const fresh = new Set(inserted.map((r) => r.id));
  const retaken = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE payment_refunds r SET status = 'pending', failure = NULL, created_by = ${p.userId},
          updated_at = now(),
          raw = coalesce(r.raw, '{}'::jsonb) || jsonb_build_object('attempt',
            coalesce((r.raw ->> 'attempt')::int, 1) + CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END)
        WHERE r.order_id = ${p.orderId} ${onePayment(sql`r.payment_id`)}
          AND (r.status = 'failed'
            OR (r.status = 'pending' AND r.updated_at < now() - make_interval(secs => ${REFUND_LEASE_SECONDS})))
          ${
            fresh.size
              ? sql`AND r.id NOT IN (${sql.join(
                  [...fresh].map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql``
          }
        RETURNING r.id`,
  );
  const triedBefore = new Set(retaken.map((r) => r.id));
  const claimed = new Set([...fresh, ...retaken.map((r) => r.id)]);
  const rows = await queryRows<{
    id: number;
    payment_id: number;
    seller_id: number;
    provider: TPaymentProviderName;
    external_id: string;
    amount_cents: number;
    idempotency_key: string;
    status: string;
    attempt: number | null;
    whole: boolean;
  }>(
    tx,
    sql`SELECT r.id, r.payment_id, r.seller_id, p.provider, p.external_id, r.amount_cents, r.idempotency_key,
          r.status, (r.raw ->> 'attempt')::int AS attempt,
          coalesce((p.raw ->> 'refund_required')::boolean, false)
            AND (p.raw ->> 'refund_why' = 'amount_differs' OR p.raw ->> 'refund_reason' = ${REFUND_REASONS.amount_differs.en})
            AS whole
        FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.order_id = ${p.orderId} ${onePayment(sql`r.payment_id`)} ORDER BY r.id`,
  );
  return {
    claims: rows
      .filter((r) => claimed.has(r.id))
      .map((r) => ({
        id: r.id,
        paymentId: r.payment_id,
        sellerId: r.seller_id,
        provider: r.provider,
        externalId: r.external_id,
        amountCents: r.amount_cents,
        key: r.idempotency_key,
        attempt: r.attempt ?? 1,
        triedBefore: triedBefore.has(r.id),
        whole: r.whole === true,
      })),
    busy: rows.some((r) => r.status === 'pending' && !claimed.has(r.id)),
    rows: rows.length,
    allRefunded: rows.length > 0 && rows.every((r) => r.status === 'refunded'),
    refundedElsewhere: rows.length === 0 && (await refundedAtProvider(tx, p.orderId)),
  };
}

export type RefundOutcome =
  | { claim: RefundClaim; ok: true; refundId: string | null; state: PaymentState }
  | { claim: RefundClaim; ok: false; provider: TPaymentProviderName; message: string };

/** Asks each provider for its refund (step 2), outside any transaction. */
export async function refundClaims(env: ProviderEnv, claims: RefundClaim[]): Promise<RefundOutcome[]> {
  const outcomes: RefundOutcome[] = [];
  for (const claim of claims) {
    try {
      const provider = await providerFor(env, claim.sellerId, claim.provider);
      if (claim.triedBefore) {
        const state = await provider.getStatus(claim.externalId);
        if (state.status === 'refunded') {
          outcomes.push({ claim, ok: true, refundId: null, state });
          continue;
        }
      }
      const key = claim.attempt > 1 ? `${claim.key}:${claim.attempt}` : claim.key;
      const amount = claim.whole ? undefined : claim.amountCents;
      const state = await provider.refund(claim.externalId, amount, { idempotencyKey: key });
      outcomes.push({ claim, ok: true, refundId: state.refundId, state });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      outcomes.push({ claim, ok: false, provider: claim.provider, message: err.message });
    }
  }
  return outcomes;
}

/** Records what the providers answered (step 3), in the caller's transaction. */
export async function recordRefunds(tx: DbOrTx, outcomes: RefundOutcome[]): Promise<void> {
  for (const o of outcomes) {
    if (o.ok) {
      await tx.execute(
        sql`UPDATE payment_refunds SET status = 'refunded', external_id = coalesce(${o.refundId}, external_id),
              amount_cents = ${o.claim.whole && o.state.refundedCents > 0 ? o.state.refundedCents : o.claim.amountCents},
              raw = coalesce(raw, '{}'::jsonb) || jsonb_build_object('provider', ${JSON.stringify(o.state.raw)}::jsonb),
              updated_at = now()
            WHERE id = ${o.claim.id}`,
      );
      await tx.execute(
        sql`UPDATE payments SET status = 'refunded', refunded_at = coalesce(refunded_at, now()),
              raw = coalesce(raw, '{}'::jsonb) || ${JSON.stringify(o.state.raw)}::jsonb, updated_at = now()
            WHERE id = ${o.claim.paymentId}`,
      );
    } else {
      await tx.execute(
        sql`UPDATE payment_refunds SET status = 'failed', failure = ${o.message}, updated_at = now()
            WHERE id = ${o.claim.id} AND status = 'pending'`,
      );
    }
  }
}

/** The order's payments were refunded (none is still paid), without a refund row of ours. */
async function refundedAtProvider(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ refunded: boolean }>(
    tx,
    sql`SELECT bool_or(status = 'refunded') AND NOT bool_or(status = 'paid') AS refunded
        FROM payments WHERE order_id = ${orderId}`,
  );
  return row?.refunded === true;
}

/** Whether every refund of the order is done (and there is at least one). */
export async function orderRefunded(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ rows: number; refunded: number }>(
    tx,
    sql`SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'refunded')::int AS refunded
        FROM payment_refunds WHERE order_id = ${orderId}`,
  );
  return row.rows > 0 && row.rows === row.refunded;
}

/**
 * Whether payment `id` is to refund on its own (paid, flagged for refund), and whether another
 * payment of its order is still paid.
 */
export async function refundDue(tx: DbOrTx, id: number): Promise<{ due: boolean; others_paid: boolean }> {
  const [row] = await queryRows<{ due: boolean; others_paid: boolean }>(
    tx,
    sql`SELECT p.status = 'paid' AND coalesce((p.raw ->> 'refund_required')::boolean, false) AS due,
          EXISTS (SELECT 1 FROM payments q WHERE q.order_id = p.order_id AND q.id <> p.id
            AND q.status = 'paid') AS others_paid
        FROM payments p WHERE p.id = ${id}`,
  );
  return row;
}

/** The refunds `refundIds`, recorded: each one's payment, the amount refunded, and why it was due. */
export async function refundedAlone(
  tx: DbOrTx,
  refundIds: number[],
): Promise<{ paymentId: number; amountCents: number; reason: TPaymentRefundReason }[]> {
  const rows = await queryRows<{
    payment_id: number;
    amount_cents: number;
    why: string | null;
    english: string | null;
  }>(
    tx,
    sql`SELECT r.payment_id, r.amount_cents, p.raw ->> 'refund_why' AS why, p.raw ->> 'refund_reason' AS english
        FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.id = ANY(${`{${refundIds.join(',')}}`}::int[]) ORDER BY r.id`,
  );
  return rows.map((r) => ({
    paymentId: r.payment_id,
    amountCents: r.amount_cents,
    reason: refundReason(r.why ?? '', r.english),
  }));
}

/** Whether a payment of the order is still paid (made while its other payments were refunded). */
export async function stillPaid(tx: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ paid: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM payments WHERE order_id = ${orderId} AND status = 'paid') AS paid`,
  );
  return row.paid;
}
