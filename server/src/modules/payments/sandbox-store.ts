/**
 * The sandbox provider's state kept in the database: `payments.raw.sandbox` of the sandbox payment
 * row, so every server process sees the same (integrations/payments/sandbox.ts keeps it there
 * through this store).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { PaymentProviderError } from '../../integrations/payments/provider.ts';
import type { SandboxRecord, SandboxStore } from '../../integrations/payments/sandbox.ts';
import { payments } from './tables.ts';

/**
 * The store: the sandbox payment row (which must exist before `createPayment`). Writes merge into `raw`, keeping its other keys; whoever writes `raw`
 * afterwards should store `getStatus().raw`, which carries the `sandbox` key back.
 */
export function drizzleSandboxStore(db: DbOrTx): SandboxStore {
  const row = (id: number) => and(eq(payments.id, id), eq(payments.provider, 'sandbox'));
  return {
    async get(id) {
      const [found] = await db
        .select({ record: sql<SandboxRecord | null>`${payments.raw} -> 'sandbox'` })
        .from(payments)
        .where(row(id));
      return found?.record ?? null;
    },
    async set(id, record) {
      const updated = await db
        .update(payments)
        .set({
          raw: sql`coalesce(${payments.raw}, '{}'::jsonb) || jsonb_build_object('sandbox', ${JSON.stringify(record)}::jsonb)`,
        })
        .where(row(id))
        .returning({ id: payments.id });
      if (!updated.length)
        throw new PaymentProviderError('sandbox', 'not_found', `No sandbox payment ${id}`, 404);
    },
  };
}
