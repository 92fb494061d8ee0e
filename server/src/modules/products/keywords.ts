import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { productKeywords } from './tables.ts';

/*
 * A keyword belongs to at most one published, not deleted product of a seller: product_keywords
 * holds the keywords of exactly those products (unique on seller and keyword), written in the
 * transaction that publishes, edits, unpublishes or deletes the product.
 */

export interface KeywordOwner {
  keyword: string;
  product_id: number;
  name: string;
}

/** Which of `keywords` another product of the seller already holds (one query). */
export function keywordOwners(
  db: DbOrTx,
  sellerId: number,
  keywords: readonly string[],
  exceptProductId?: number,
): Promise<KeywordOwner[]> {
  if (!keywords.length) return Promise.resolve([]);
  return queryRows<KeywordOwner>(
    db,
    sql`SELECT pk.keyword, pk.product_id, p.name
        FROM product_keywords pk JOIN products p ON p.id = pk.product_id
        WHERE pk.seller_id = ${sellerId} AND pk.keyword = ANY(${sql.param([...keywords])}::text[])
          ${exceptProductId ? sql`AND pk.product_id <> ${exceptProductId}` : sql.empty()}
        ORDER BY pk.keyword`,
  );
}

/** A keyword an item of a batch cannot have, and the product that has it (or asked for it first). */
export interface KeywordClash {
  /** The item's index in the batch. */
  index: number;
  keyword: string;
  /** The name of the product holding it. */
  product: string;
}

/**
 * The keywords a batch of products (a CSV file, imported products published together) asks for
 * that are not free, in the batch's order: one an earlier item of the batch asked for (another
 * product), then one another published product of the seller holds (one query). Items of the
 * same `productId` do not clash with each other, nor with the product itself.
 */
export async function keywordClashes(
  db: DbOrTx,
  sellerId: number,
  items: readonly { keywords: readonly string[]; name: string; productId?: number }[],
): Promise<KeywordClash[]> {
  const clashes: KeywordClash[] = [];
  const firstUse = new Map<string, number>();
  items.forEach((item, index) => {
    for (const keyword of item.keywords) {
      const first = firstUse.get(keyword);
      if (first === undefined) firstUse.set(keyword, index);
      else if (item.productId === undefined || items[first].productId !== item.productId) {
        clashes.push({ index, keyword, product: items[first].name });
      }
    }
  });
  const inBatch = new Set(items.flatMap((i) => (i.productId === undefined ? [] : [i.productId])));
  for (const owner of await keywordOwners(db, sellerId, [...firstUse.keys()])) {
    if (inBatch.has(owner.product_id)) continue;
    clashes.push({
      index: firstUse.get(owner.keyword) as number,
      keyword: owner.keyword,
      product: owner.name,
    });
  }
  return clashes;
}

/** `keyword_taken`, naming the keyword (as viewers would type it) and the product that has it. */
export const keywordTaken = (owner: Pick<KeywordOwner, 'keyword' | 'name'>) =>
  new AppError('keyword_taken', { keywords: 'keyword_taken' }, undefined, {
    params: { keyword: owner.keyword.toUpperCase(), product: owner.name },
  });

/**
 * Makes `keywords` the product's live keywords (none when it is unpublished or deleted). A keyword
 * another product holds answers `keyword_taken` naming it; the caller's transaction then rolls
 * back. Two saves racing for one keyword are settled by the unique index: the loser sees it taken.
 */
export async function setProductKeywords(
  tx: DbOrTx,
  sellerId: number,
  productId: number,
  keywords: readonly string[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM product_keywords WHERE product_id = ${productId}`);
  if (!keywords.length) return;
  const [taken] = await keywordOwners(tx, sellerId, keywords, productId);
  if (taken) throw keywordTaken(taken);
  const inserted = await tx
    .insert(productKeywords)
    .values(keywords.map((keyword) => ({ seller_id: sellerId, product_id: productId, keyword })))
    .onConflictDoNothing()
    .returning({ keyword: productKeywords.keyword });
  if (inserted.length < keywords.length) {
    const [owner] = await keywordOwners(tx, sellerId, keywords, productId);
    throw keywordTaken(owner ?? { keyword: keywords[0], name: '' });
  }
}

/** Releases the keywords of products being deleted. */
export async function dropKeywords(tx: DbOrTx, productIds: readonly number[]): Promise<void> {
  if (!productIds.length) return;
  await tx.execute(
    sql`DELETE FROM product_keywords WHERE product_id = ANY(${sql.param([...productIds])}::int[])`,
  );
}
