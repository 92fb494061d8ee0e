/**
 * The sandbox billing provider's objects kept in `sandbox_billing_objects`, so every server
 * process sees the same customers, subscriptions and invoices (integrations/billing/sandbox.ts).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { SandboxBillingStore, SandboxKind, SandboxObject } from '../../integrations/billing/sandbox.ts';
import { sandboxBillingObjects as objects } from './tables.ts';

export function drizzleSandboxBillingStore(db: DbOrTx): SandboxBillingStore {
  const row = (r: { id: string; kind: string; data: Record<string, unknown> }): SandboxObject => ({
    id: r.id,
    kind: r.kind as SandboxKind,
    data: r.data,
  });
  return {
    async get(id) {
      const [found] = await db
        .select({ id: objects.id, kind: objects.kind, data: objects.data })
        .from(objects)
        .where(eq(objects.id, id));
      return found ? row(found) : null;
    },
    async put(object) {
      await db
        .insert(objects)
        .values({ id: object.id, kind: object.kind, data: object.data })
        .onConflictDoUpdate({
          target: objects.id,
          set: { kind: object.kind, data: object.data, updated_at: sql`now()` },
        });
    },
    async insert(object) {
      const made = await db
        .insert(objects)
        .values({ id: object.id, kind: object.kind, data: object.data })
        .onConflictDoNothing()
        .returning({ id: objects.id });
      return made.length > 0;
    },
    async list(kind) {
      const rows = await db
        .select({ id: objects.id, kind: objects.kind, data: objects.data })
        .from(objects)
        .where(eq(objects.kind, kind))
        .orderBy(asc(objects.created_at), asc(objects.id));
      return rows.map(row);
    },
    async withLock(id, fn) {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: objects.id, kind: objects.kind, data: objects.data })
          .from(objects)
          .where(eq(objects.id, id))
          .for('update');
        return fn(found ? row(found) : null, drizzleSandboxBillingStore(tx));
      });
    },
  };
}
