/**
 * The carrier catalogue, the admin's (SPEC §7 Shipping create, update, delete): a name unique
 * whatever its case, and an optional logo checked by content (logo.ts). Sellers' copies follow
 * their entry: renamed with it, removed with it (with their prices). Orders keep the name they
 * were shipped with (`orders.shipping_method_name`).
 */
import { shippingNameKey, type TShippingMethod } from '@livecart/contract/shipping';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Ctx, withDb } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { isStoredLogo, prepareLogo } from './logo.ts';
import { fetchMethod } from './methods.ts';

/** First key of the advisory lock on the catalogue's names; the second is 0. */
const CATALOGUE_LOCK = 727_303;

/** What create and update take: the name, and the uploaded logo when one was sent. */
export interface CatalogueInput {
  name: string;
  logo?: Buffer;
}

/**
 * Takes the catalogue's lock (its writers wait for each other, so two entries cannot end with
 * names that only look different) and refuses a name another entry has, whatever its case,
 * width or spacing (`shippingNameKey`).
 */
async function checkNameFree(tx: Tx, name: string, exceptId: number | null) {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK}::int, 0)`);
  // the catalogue is a short list: its names are compared in their folded form (shippingNameKey)
  const entries = await queryRows<{ id: number; name: string }>(
    tx,
    sql`SELECT id, name FROM shipping_methods WHERE seller_id IS NULL AND id <> ${exceptId ?? 0}`,
  );
  const key = shippingNameKey(name);
  if (entries.some((e) => shippingNameKey(e.name) === key)) {
    throw new AppError('shipping_exists', { name: 'shipping_exists' });
  }
}

/** Stores the prepared logo; runs `write` with its key, removing the file when `write` fails. */
async function withStoredLogo<T>(
  storage: Storage,
  logo: Buffer | undefined,
  write: (key: string | null) => Promise<T>,
): Promise<T> {
  const prepared = logo ? await prepareLogo(logo) : null;
  const key = prepared ? await storage.put('shipping', prepared.ext, prepared.data) : null;
  try {
    return await write(key);
  } catch (err) {
    if (key) await storage.remove(key);
    throw err;
  }
}

/** POST shipping/create: a new catalogue entry (sellers see it off until they switch it on). */
export function createMethod(ctx: Ctx, storage: Storage, input: CatalogueInput): Promise<TShippingMethod> {
  return withStoredLogo(storage, input.logo, (logo) =>
    ctx.db.transaction(async (tx) => {
      await checkNameFree(tx, input.name, null);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO shipping_methods (seller_id, name, logo, status)
            VALUES (NULL, ${input.name}, ${logo}, true) RETURNING id`,
      );
      return fetchMethod(withDb(ctx, tx), row.id);
    }),
  );
}

/**
 * POST shipping/update/{id}: renames the entry and the sellers' copies; a new logo replaces the
 * old one, whose file goes once the change is saved.
 */
export async function updateMethod(
  ctx: Ctx,
  storage: Storage,
  id: number,
  input: CatalogueInput,
): Promise<TShippingMethod> {
  const { item, oldLogo } = await withStoredLogo(storage, input.logo, (logo) =>
    ctx.db.transaction(async (tx) => {
      const [entry] = await queryRows<{ logo: string | null }>(
        tx,
        sql`SELECT logo FROM shipping_methods WHERE id = ${id} AND seller_id IS NULL FOR UPDATE`,
      );
      if (!entry) throw notFound();
      await checkNameFree(tx, input.name, id);
      await tx.execute(
        sql`UPDATE shipping_methods
            SET name = ${input.name}, logo = ${logo ?? entry.logo}, updated_at = now()
            WHERE id = ${id}`,
      );
      await tx.execute(
        sql`UPDATE shipping_methods SET name = ${input.name}, updated_at = now()
            WHERE template_id = ${id} AND seller_id IS NOT NULL AND name <> ${input.name}`,
      );
      return { item: await fetchMethod(withDb(ctx, tx), id), oldLogo: logo ? entry.logo : null };
    }),
  );
  if (isStoredLogo(oldLogo)) await storage.remove(oldLogo);
  return item;
}

/**
 * DELETE shipping/delete/{id}: removes the entry and every seller's copy with its prices. Orders
 * shipped with it keep its name; their link to the method is cleared.
 */
export async function deleteMethod(ctx: Ctx, storage: Storage, id: number): Promise<void> {
  const logo = await ctx.db.transaction(async (tx) => {
    const [entry] = await queryRows<{ logo: string | null }>(
      tx,
      sql`SELECT logo FROM shipping_methods WHERE id = ${id} AND seller_id IS NULL FOR UPDATE`,
    );
    if (!entry) throw notFound();
    await tx.execute(sql`DELETE FROM shipping_methods WHERE template_id = ${id} AND seller_id IS NOT NULL`);
    await tx.execute(sql`DELETE FROM shipping_methods WHERE id = ${id}`);
    return entry.logo;
  });
  if (isStoredLogo(logo)) await storage.remove(logo);
}
