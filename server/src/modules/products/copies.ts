import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { dropKeywords } from './keywords.ts';
import { checkProductRoom } from './limits.ts';
import { sellerOf } from './service.ts';
import { products } from './tables.ts';

// ---------------------------------------------------------------------------------------------
// Deleting and copying

/** Locks the seller's products of these ids; any id that is not one (another seller's) answers 404. */
async function lockOwn(tx: DbOrTx, sellerId: number, ids: number[]) {
  if (!ids.length) throw new AppError('select_item');
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.seller_id, sellerId), isNull(products.deleted_at)))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound();
}

/**
 * DELETE products/delete/{id} and POST products/bulk-delete: the products leave the lists and
 * free their keywords; they stay in the database (deleted_at) so order lines keep pointing at them.
 */
export async function deleteProducts(ctx: Ctx, ids: number[]): Promise<number> {
  const sellerId = sellerOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOwn(tx, sellerId, ids);
    await tx
      .update(products)
      .set({ deleted_at: new Date(), updated_at: new Date() })
      .where(inArray(products.id, ids));
    await dropKeywords(tx, ids);
    return ids.length;
  });
}

/**
 * GET products/copy/{id} and POST products/bulk-copy: each product copied unpublished, without
 * keywords, named with ' (copie)' / ' (copy)', with its configurations (new ids, same prices,
 * SKUs and stock), photos (uploaded files shared by path) and tags. Answers the new ids in the
 * order of `ids`.
 */
export async function copyProducts(ctx: Ctx, ids: number[]): Promise<number[]> {
  const sellerId = sellerOf(ctx);
  const unique = [...new Set(ids)];
  const suffix = ctx.locale === 'en' ? ' (copy)' : ' (copie)';
  return ctx.db.transaction(async (tx) => {
    await lockOwn(tx, sellerId, unique);
    await checkProductRoom(tx, sellerId, unique.length);
    const fresh = await queryRows<{ id: number }>(
      tx,
      sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id
          FROM generate_series(1, ${unique.length})`,
    );
    const newIds = fresh.map((r) => r.id);
    const map = sql`unnest(${sql.param(unique)}::int[], ${sql.param(newIds)}::int[]) AS m(old_id, new_id)`;
    await tx.execute(
      sql`INSERT INTO products (id, seller_id, name, description, is_publish, configured, keywords, sku,
                                price_cents, quantity, material_id, style_id)
          SELECT m.new_id, p.seller_id, left(p.name, ${255 - suffix.length}) || ${suffix}, p.description,
                 false, p.configured, '', p.sku, p.price_cents, p.quantity, p.material_id, p.style_id
          FROM products p JOIN ${map} ON p.id = m.old_id`,
    );
    await tx.execute(
      sql`INSERT INTO product_configurations (product_id, seller_id, color_id, size_id, price_cents, sku, quantity)
          SELECT m.new_id, c.seller_id, c.color_id, c.size_id, c.price_cents, c.sku, c.quantity
          FROM product_configurations c JOIN ${map} ON c.product_id = m.old_id
          ORDER BY c.id`,
    );
    await tx.execute(
      sql`INSERT INTO product_photos (product_id, seller_id, path, url, thumb_path, position)
          SELECT m.new_id, ph.seller_id, ph.path, ph.url, ph.thumb_path, ph.position
          FROM product_photos ph JOIN ${map} ON ph.product_id = m.old_id
          ORDER BY ph.id`,
    );
    await tx.execute(
      sql`INSERT INTO product_tags (product_id, tag_id, seller_id)
          SELECT m.new_id, pt.tag_id, pt.seller_id
          FROM product_tags pt JOIN ${map} ON pt.product_id = m.old_id`,
    );
    const byOld = new Map(unique.map((id, i) => [id, newIds[i]]));
    return ids.map((id) => byOld.get(id) as number).filter((id, i, all) => all.indexOf(id) === i);
  });
}
