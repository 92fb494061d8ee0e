import {
  MAX_KEYWORD_LENGTH,
  MAX_PRICE_EUROS,
  MAX_PRODUCT_PHOTOS,
  MAX_QUANTITY,
} from '@livecart/contract/constants';
import { joinKeywords, parseKeywords } from '@livecart/contract/keywords';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { insertMany } from '../../lib/bulk.ts';
import { AppError } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { CONFIGURATION_COLUMNS, PRODUCT_COLUMNS } from './import.ts';
import { keywordClashes } from './keywords.ts';
import { checkProductRoom } from './limits.ts';

/*
 * Products imported from a web shop (the shop sync's import, `shopsync/import.ts`): written here
 * because this module alone writes products, configurations, photos and keywords. A new product is
 * created unpublished with the keyword the import proposes kept in `products.keywords` (a keyword
 * reaches `product_keywords` only when the product is published, `publishImported`). A product the
 * shop already gave is updated (name, description, prices, SKUs) without touching its stock, which
 * the sync owns after the first import; the shop's new variants are added as configurations.
 */

export interface ShopImportVariant {
  /** The configuration this variant is linked to (a re-import), else null. */
  configurationId: number | null;
  color_id: number | null;
  size_id: number | null;
  price_cents: number;
  /** The shop's SKU (stored with letters and digits only, as the editor takes them). */
  sku: string | null;
  /** The shop's stock, null when it does not track it (then 0). Used for new configurations only. */
  stock: number | null;
}

export interface ShopImportProduct {
  /** The product the shop's product is linked to (a re-import), else null: created. */
  productId: number | null;
  name: string;
  description: string;
  /** The proposed keyword of a new product (a linked product keeps its own). */
  keyword: string;
  /** Photo links, for a new product (the first MAX_PRODUCT_PHOTOS http(s) addresses are kept). */
  photos: string[];
  variants: ShopImportVariant[];
}

export interface ShopImportWritten {
  productId: number;
  created: boolean;
  name: string;
  keyword: string;
  is_publish: boolean;
  /** The configuration of each variant, in the input's order (null: not written). */
  configurationIds: (number | null)[];
}

const PHOTO_COLUMNS = { product_id: 'int', seller_id: 'int', url: 'text', position: 'int' } as const;
const NEW_CONFIGURATION_COLUMNS = { id: 'int', ...CONFIGURATION_COLUMNS } as const;

/** The shop's SKU as the editor takes one: letters and digits, at most 100; null when none is left. */
export const importedSku = (sku: string | null) => sku?.replace(/[^A-Za-z0-9]+/g, '').slice(0, 100) || null;
const price = (cents: number) => Math.min(Math.max(0, Math.round(cents)), MAX_PRICE_EUROS * 100);
const stockOf = (stock: number | null) => Math.min(Math.max(0, Math.floor(stock ?? 0)), MAX_QUANTITY);
const photoLinks = (urls: string[]) =>
  [...new Set(urls.filter((u) => /^https?:\/\/\S+$/i.test(u) && u.length <= 2000))].slice(
    0,
    MAX_PRODUCT_PHOTOS,
  );

/** `count` new ids of a table's serial, so rows inserted in bulk can be referred to. */
async function newIds(tx: DbOrTx, table: string, count: number): Promise<number[]> {
  if (!count) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${count})`,
  );
  return rows.map((r) => r.id);
}

/**
 * Writes one page of imported products in bulk, in the caller's transaction: creations (within
 * the seller's product limit, `product_limit` otherwise) and updates of linked products. A linked
 * product deleted since is created again. Answers each product's id and configurations.
 */
export async function writeShopProducts(
  tx: Tx,
  sellerId: number,
  items: ShopImportProduct[],
): Promise<ShopImportWritten[]> {
  const linkedIds = items.flatMap((p) => (p.productId ? [p.productId] : []));
  const live = new Map(
    (
      await queryRows<{ id: number; keywords: string; is_publish: boolean; name: string }>(
        tx,
        sql`SELECT id, keywords, is_publish, name FROM products
            WHERE seller_id = ${sellerId} AND deleted_at IS NULL AND id = ANY(${sql.param(linkedIds)}::int[])
            ORDER BY id FOR UPDATE`,
      )
    ).map((r) => [r.id, r]),
  );
  const toCreate = items.filter((p) => !p.productId || !live.has(p.productId));
  const toUpdate = items.filter((p) => p.productId && live.has(p.productId));
  const written = new Map<ShopImportProduct, ShopImportWritten>();

  if (toCreate.length) {
    await checkProductRoom(tx, sellerId, toCreate.length);
    const ids = await newIds(tx, 'products', toCreate.length);
    const configIds = await newIds(
      tx,
      'product_configurations',
      toCreate.reduce((n, p) => n + p.variants.length, 0),
    );
    let next = 0;
    const configurations: Record<keyof typeof NEW_CONFIGURATION_COLUMNS, unknown>[] = [];
    toCreate.forEach((p, i) => {
      const configurationIds = p.variants.map((v) => {
        const id = configIds[next++];
        configurations.push({
          id,
          product_id: ids[i],
          seller_id: sellerId,
          color_id: v.color_id,
          size_id: v.size_id,
          price_cents: price(v.price_cents),
          sku: importedSku(v.sku),
          quantity: stockOf(v.stock),
        });
        return id;
      });
      written.set(p, {
        productId: ids[i],
        created: true,
        name: p.name.slice(0, 255),
        keyword: p.keyword,
        is_publish: false,
        configurationIds,
      });
    });
    await insertMany(
      tx,
      'products',
      PRODUCT_COLUMNS,
      toCreate.map((p, i) => ({
        id: ids[i],
        seller_id: sellerId,
        name: p.name.slice(0, 255),
        description: p.description.slice(0, 5000),
        is_publish: false,
        configured: p.variants.length > 1,
        keywords: joinKeywords(parseKeywords(p.keyword)),
        sku: p.variants.length > 1 ? null : importedSku(p.variants[0]?.sku ?? null),
        price_cents: p.variants.length ? Math.min(...p.variants.map((v) => price(v.price_cents))) : 0,
        quantity: p.variants.reduce((sum, v) => sum + stockOf(v.stock), 0),
        style_id: null,
      })),
    );
    await insertMany(tx, 'product_configurations', NEW_CONFIGURATION_COLUMNS, configurations);
    await insertMany(
      tx,
      'product_photos',
      PHOTO_COLUMNS,
      toCreate.flatMap((p, i) =>
        photoLinks(p.photos).map((url, position) => ({
          product_id: ids[i],
          seller_id: sellerId,
          url,
          position,
        })),
      ),
    );
  }

  if (toUpdate.length) await updateLinked(tx, sellerId, toUpdate, live, written);
  return items.map((p) => written.get(p) as ShopImportWritten);
}

/** Re-import of linked products: names, descriptions, prices and SKUs; new variants added; stock untouched. */
async function updateLinked(
  tx: Tx,
  sellerId: number,
  items: ShopImportProduct[],
  live: Map<number, { keywords: string; is_publish: boolean }>,
  written: Map<ShopImportProduct, ShopImportWritten>,
) {
  const ids = items.map((p) => p.productId as number);
  const existing = await queryRows<{
    id: number;
    product_id: number;
    color_id: number | null;
    size_id: number | null;
  }>(
    tx,
    sql`SELECT id, product_id, color_id, size_id FROM product_configurations
        WHERE product_id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`,
  );
  const byId = new Map(existing.map((c) => [c.id, c]));
  const byPair = new Map(
    existing.map((c) => [`${c.product_id}:${c.color_id ?? ''}:${c.size_id ?? ''}`, c.id]),
  );
  const changed: { id: number; price_cents: number; sku: string | null }[] = [];
  const added: { p: ShopImportProduct; i: number; v: ShopImportVariant }[] = [];
  const result = new Map<ShopImportProduct, (number | null)[]>();
  for (const p of items) {
    const productId = p.productId as number;
    const used = new Set<number>();
    const addedPairs = new Set<string>();
    const configurationIds = p.variants.map((v, i) => {
      // The linked configuration, else the product's configuration of the same colour × size.
      const pair = `${productId}:${v.color_id ?? ''}:${v.size_id ?? ''}`;
      const linked =
        v.configurationId && byId.get(v.configurationId)?.product_id === productId ? v.configurationId : null;
      const id = linked ?? byPair.get(pair) ?? null;
      if (id === null) {
        if (!addedPairs.has(pair)) added.push({ p, i, v });
        addedPairs.add(pair);
        return null;
      }
      if (used.has(id)) return null;
      used.add(id);
      changed.push({ id, price_cents: price(v.price_cents), sku: importedSku(v.sku) });
      return id;
    });
    result.set(p, configurationIds);
  }
  if (changed.length) {
    await tx.execute(
      sql`UPDATE product_configurations c SET price_cents = v.price_cents, sku = v.sku, updated_at = now()
          FROM unnest(${sql.param(changed.map((c) => c.id))}::int[], ${sql.param(changed.map((c) => c.price_cents))}::int[],
                      ${sql.param(changed.map((c) => c.sku))}::text[]) AS v(id, price_cents, sku)
          WHERE c.id = v.id AND (c.price_cents, c.sku) IS DISTINCT FROM (v.price_cents, v.sku)`,
    );
  }
  const addedIds = await newIds(tx, 'product_configurations', added.length);
  added.forEach(({ p, i }, k) => {
    (result.get(p) as (number | null)[])[i] = addedIds[k];
  });
  await insertMany(
    tx,
    'product_configurations',
    NEW_CONFIGURATION_COLUMNS,
    added.map(({ p, v }, k) => ({
      id: addedIds[k],
      product_id: p.productId as number,
      seller_id: sellerId,
      color_id: v.color_id,
      size_id: v.size_id,
      price_cents: price(v.price_cents),
      sku: importedSku(v.sku),
      quantity: stockOf(v.stock),
    })),
  );
  // The product's own row: its price is its cheapest configuration's; more than one makes it
  // configured; a simple product's SKU is its configuration's, as the editor saves it.
  await tx.execute(
    sql`WITH n AS MATERIALIZED (
          SELECT product_id, count(*) AS configurations, min(price_cents) AS price_cents
          FROM product_configurations WHERE product_id = ANY(${sql.param(ids)}::int[]) GROUP BY product_id)
        UPDATE products p SET name = v.name, description = v.description, updated_at = now(),
          price_cents = coalesce(n.price_cents, p.price_cents),
          configured = p.configured OR n.configurations > 1,
          sku = CASE WHEN p.configured OR n.configurations > 1 THEN p.sku ELSE coalesce(v.sku, p.sku) END
        FROM unnest(${sql.param(ids)}::int[], ${sql.param(items.map((p) => p.name.slice(0, 255)))}::text[],
                    ${sql.param(items.map((p) => p.description.slice(0, 5000)))}::text[],
                    ${sql.param(items.map((p) => importedSku(p.variants[0]?.sku ?? null)))}::text[])
               AS v(id, name, description, sku)
          LEFT JOIN n ON n.product_id = v.id
        WHERE p.id = v.id`,
  );
  for (const p of items) {
    const row = live.get(p.productId as number) as { keywords: string; is_publish: boolean };
    written.set(p, {
      productId: p.productId as number,
      created: false,
      name: p.name.slice(0, 255),
      keyword: row.keywords,
      is_publish: row.is_publish,
      configurationIds: result.get(p) as (number | null)[],
    });
  }
}

/**
 * Every keyword the seller's products hold (published or not, the proposed ones of imported
 * products included): a proposed keyword avoids them all.
 */
export async function keywordsInUse(db: DbOrTx, sellerId: number): Promise<Set<string>> {
  const rows = await queryRows<{ keyword: string }>(
    db,
    sql`SELECT DISTINCT k AS keyword
        FROM products p, unnest(string_to_array(p.keywords, ',')) AS k
        WHERE p.seller_id = ${sellerId} AND p.deleted_at IS NULL AND p.keywords <> ''
        UNION SELECT keyword FROM product_keywords WHERE seller_id = ${sellerId}`,
  );
  return new Set(rows.map((r) => r.keyword));
}

/**
 * Publishes imported products, each with its keyword as the seller edited it (comma-separated
 * keywords allowed, as in the editor), under the keyword rules: a keyword another published
 * product holds, or that two items of the list ask for, is refused at `items.<i>.keyword`
 * (`keyword_taken`), an empty or too long one too, a product that is not the seller's at
 * `items.<i>.id`; any refusal answers 400 `validation` with every item's error and publishes
 * nothing. Answers how many were published.
 */
export async function publishImported(
  tx: Tx,
  sellerId: number,
  items: { id: number; keyword: string }[],
): Promise<number> {
  const fields: Record<string, string> = {};
  const ids = [...new Set(items.map((i) => i.id))];
  const owned = new Set(
    (
      await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM products WHERE seller_id = ${sellerId} AND deleted_at IS NULL
              AND id = ANY(${sql.param(ids)}::int[]) ORDER BY id FOR UPDATE`,
      )
    ).map((r) => r.id),
  );
  const wanted = items.map((item, i) => {
    const keywords = parseKeywords(item.keyword);
    if (!owned.has(item.id)) fields[`items.${i}.id`] = 'product';
    else if (!keywords.length) fields[`items.${i}.keyword`] = 'required';
    else if (keywords.some((k) => k.length > MAX_KEYWORD_LENGTH)) {
      fields[`items.${i}.keyword`] = `max_chars:${MAX_KEYWORD_LENGTH}`;
    }
    return keywords;
  });
  const seenIds = new Set<number>();
  items.forEach((item, i) => {
    if (seenIds.has(item.id)) fields[`items.${i}.id`] ??= 'invalid';
    seenIds.add(item.id);
  });
  const batch = items.map((item, i) => ({ keywords: wanted[i], name: '', productId: item.id }));
  const markTaken = (clashes: { index: number }[]) => {
    for (const c of clashes) fields[`items.${c.index}.keyword`] ??= 'keyword_taken';
  };
  markTaken(await keywordClashes(tx, sellerId, batch));
  if (Object.keys(fields).length) throw new AppError('validation', fields);

  await tx.execute(sql`DELETE FROM product_keywords WHERE product_id = ANY(${sql.param(ids)}::int[])`);
  const rows = items.flatMap((item, i) =>
    wanted[i].map((keyword) => ({ seller_id: sellerId, product_id: item.id, keyword })),
  );
  const claimed = await insertMany(
    tx,
    'product_keywords',
    { seller_id: 'int', product_id: 'int', keyword: 'text' },
    rows,
    { onConflictDoNothing: true },
  );
  if (claimed < rows.length) {
    // Another save took one of the keywords since the check: the caller's transaction rolls back.
    markTaken(await keywordClashes(tx, sellerId, batch));
    throw new AppError('validation', Object.keys(fields).length ? fields : { items: 'keyword_taken' });
  }
  await tx.execute(
    sql`UPDATE products p SET is_publish = true, keywords = v.keywords, updated_at = now()
        FROM unnest(${sql.param(items.map((i) => i.id))}::int[], ${sql.param(wanted.map(joinKeywords))}::text[])
          AS v(id, keywords)
        WHERE p.id = v.id`,
  );
  return ids.length;
}
