/**
 * The shipping list of SPEC §7 as each caller sees it. Every id is a catalogue entry's (a method
 * with no seller). A seller's switch, countries and prices live in their copy of the entry
 * (`template_id`), made the first time they switch it or price a country; without a copy the
 * method is off with no countries. Admin sees the catalogue with how many sellers offer each entry.
 */
import { ROLE } from '@livecart/contract/constants';
import type { TSaveCountriesBody, TShippingMethod } from '@livecart/contract/shipping';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError, invalidFields, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { toEuros } from '../../lib/money.ts';
import { queryRows } from '../../lib/sql.ts';
import { logoUrl } from './options.ts';

interface MethodRow {
  id: number;
  name: string;
  logo: string | null;
  status: boolean;
  countries: { country_id: number; price_cents: number }[] | null;
  sellers: number | null;
}

const toMethod = (r: MethodRow, admin: boolean): TShippingMethod => ({
  id: r.id,
  name: r.name,
  logo: logoUrl(r.logo),
  status: r.status,
  countries: (r.countries ?? []).map((c) => ({ country_id: c.country_id, price: toEuros(c.price_cents) })),
  ...(admin && { sellers: r.sellers ?? 0 }),
});

/** The caller's seller id; admin reads the catalogue (null). */
function viewerOf(ctx: Ctx): number | null {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.role_id === ROLE.admin ? null : ctx.user.id;
}

/** The seller id of a seller-only call. */
export function sellerOf(ctx: Ctx): number {
  if (!ctx.user) throw new AppError('unauthorized');
  return ctx.user.id;
}

/** Catalogue entries as `sellerId` sees them (null: as admin), all or the one of `id`. */
async function readMethods(db: DbOrTx, sellerId: number | null, id?: number): Promise<TShippingMethod[]> {
  const only = id === undefined ? sql`` : sql` AND c.id = ${id}`;
  const rows =
    sellerId === null
      ? await queryRows<MethodRow>(
          db,
          sql`SELECT c.id, c.name, c.logo, true AS status, NULL AS countries,
                (SELECT count(*)::int FROM shipping_methods m
                 WHERE m.template_id = c.id AND m.seller_id IS NOT NULL AND m.status
                   AND EXISTS (SELECT 1 FROM shipping_method_countries p WHERE p.shipping_method_id = m.id)
                ) AS sellers
              FROM shipping_methods c
              WHERE c.seller_id IS NULL${only}
              ORDER BY lower(c.name), c.id`,
        )
      : await queryRows<MethodRow>(
          db,
          sql`SELECT c.id, c.name, c.logo, coalesce(m.status, false) AS status, NULL AS sellers,
                (SELECT json_agg(json_build_object('country_id', p.country_id, 'price_cents', p.price_cents)
                                 ORDER BY p.country_id)
                 FROM shipping_method_countries p WHERE p.shipping_method_id = m.id) AS countries
              FROM shipping_methods c
              LEFT JOIN shipping_methods m ON m.template_id = c.id AND m.seller_id = ${sellerId}
              WHERE c.seller_id IS NULL${only}
              ORDER BY lower(c.name), c.id`,
        );
  return rows.map((r) => toMethod(r, sellerId === null));
}

/** GET shipping/fetch-all. */
export const fetchMethods = (ctx: Ctx) => readMethods(ctx.db, viewerOf(ctx));

/** GET shipping/fetch/{id}: 404 unless `id` is a catalogue entry. */
export async function fetchMethod(ctx: Ctx, id: number, db: DbOrTx = ctx.db): Promise<TShippingMethod> {
  const [item] = await readMethods(db, viewerOf(ctx), id);
  if (!item) throw notFound();
  return item;
}

/** Locks the catalogue entry `id` against deletion until the transaction ends; 404 when none. */
async function lockEntry(tx: Tx, id: number) {
  const [entry] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM shipping_methods WHERE id = ${id} AND seller_id IS NULL FOR SHARE`,
  );
  if (!entry) throw notFound();
}

/** First key of the advisory lock on a seller's copies; the second is the seller id. */
const COPIES_LOCK = 727_305;

/**
 * Makes the seller's copies of the catalogue entries `which` selects (`c` is the entry), new ones
 * with `status`; `onConflict` says what an existing copy does. A method the seller made before
 * the catalogue, of the entry's name, becomes its copy first (as migration 0013 did).
 */
async function upsertCopies(tx: Tx, sellerId: number, which: SQL, status: boolean, onConflict: SQL) {
  // A seller's copies are made one call at a time: ON CONFLICT only settles the (entry, seller)
  // index, so two first calls at once would have the second fail on (seller, name) instead.
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${COPIES_LOCK}::int, ${sellerId}::int)`);
  await tx.execute(
    sql`UPDATE shipping_methods m SET template_id = c.id
        FROM shipping_methods c
        WHERE c.seller_id IS NULL AND ${which} AND m.seller_id = ${sellerId}
          AND m.template_id IS NULL AND m.name = c.name`,
  );
  await tx.execute(
    sql`INSERT INTO shipping_methods (seller_id, template_id, name, status)
        SELECT ${sellerId}, c.id, c.name, ${status} FROM shipping_methods c
        WHERE c.seller_id IS NULL AND ${which}
        ON CONFLICT (template_id, seller_id) WHERE template_id IS NOT NULL ${onConflict}`,
  );
}

const setStatus = sql`DO UPDATE SET status = EXCLUDED.status, updated_at = now()`;

/** PUT shipping/change-status/{id}: the seller's switch of one method. */
export async function changeStatus(ctx: Ctx, id: number, status: boolean): Promise<TShippingMethod> {
  const sellerId = sellerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockEntry(tx, id);
    await upsertCopies(tx, sellerId, sql`c.id = ${id}`, status, setStatus);
    return fetchMethod(ctx, id, tx);
  });
}

/** PUT shipping/change-statuses: the seller's switch of every catalogue method. */
export async function changeStatuses(ctx: Ctx, status: boolean): Promise<TShippingMethod[]> {
  const sellerId = sellerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM shipping_methods WHERE seller_id IS NULL FOR SHARE`);
    await upsertCopies(tx, sellerId, sql`true`, status, setStatus);
    return readMethods(tx, sellerId);
  });
}

/**
 * POST shipping/save-countries/{id}: replaces the seller's countries and prices of one method in
 * one transaction (a new copy is switched on; an existing one keeps its switch). A country that
 * does not exist answers 400 naming it (`countries.N.country_id`) and nothing changes.
 */
export async function saveCountries(
  ctx: Ctx,
  id: number,
  body: TSaveCountriesBody,
): Promise<TShippingMethod> {
  const sellerId = sellerOf(ctx);
  const ids = body.countries.map((c) => c.country_id);
  const known = new Set(
    (
      await queryRows<{ id: number }>(
        ctx.db,
        sql`SELECT id FROM countries WHERE id = ANY(${sql.param(ids)}::int[])`,
      )
    ).map((r) => r.id),
  );
  const unknown = body.countries.flatMap((c, i) =>
    known.has(c.country_id) ? [] : [[`countries.${i}.country_id`, 'country'] as const],
  );
  return ctx.db.transaction(async (tx) => {
    await lockEntry(tx, id);
    if (unknown.length) throw invalidFields(Object.fromEntries(unknown));
    await upsertCopies(tx, sellerId, sql`c.id = ${id}`, true, sql`DO NOTHING`);
    const [copy] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM shipping_methods WHERE template_id = ${id} AND seller_id = ${sellerId} FOR UPDATE`,
    );
    await tx.execute(sql`DELETE FROM shipping_method_countries WHERE shipping_method_id = ${copy.id}`);
    if (body.countries.length) {
      const prices = body.countries.map((c) => Math.round(c.price * 100));
      await tx.execute(
        sql`INSERT INTO shipping_method_countries (shipping_method_id, seller_id, country_id, price_cents)
            SELECT ${copy.id}, ${sellerId}, u.country_id, u.price_cents
            FROM unnest(${sql.param(ids)}::int[], ${sql.param(prices)}::int[]) AS u(country_id, price_cents)`,
      );
    }
    await tx.execute(sql`UPDATE shipping_methods SET updated_at = now() WHERE id = ${copy.id}`);
    return fetchMethod(ctx, id, tx);
  });
}
