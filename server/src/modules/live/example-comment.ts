import { sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { type CatalogueProduct, parseComment } from './parser.ts';

interface ExampleRow {
  product_id: number;
  keywords: string;
  id: number;
  quantity: number;
  color_id: number | null;
  color_fr: string | null;
  color_en: string | null;
  size_id: number | null;
  size_code: string | null;
  size_fr: string | null;
  size_en: string | null;
}

/**
 * A comment the seller can type in the simulator (or post with the capture tool's example) that
 * makes a cart: a keyword of one of their own published products, preferring one in stock and the
 * latest changed, with its colour and size when the product has several (`robe12 rouge M`), in
 * the seller's language. Checked with the live parser itself, so it always names one article;
 * null when no published product has a keyword.
 */
export async function exampleComment(ctx: Ctx, sellerId: number): Promise<string | null> {
  const rows = await queryRows<ExampleRow>(
    ctx.db,
    sql`WITH chosen AS (
          SELECT p.id, p.keywords FROM products p
          WHERE p.seller_id = ${sellerId} AND p.is_publish AND p.deleted_at IS NULL AND p.keywords <> ''
          ORDER BY EXISTS (SELECT 1 FROM product_configurations c
                           WHERE c.product_id = p.id AND c.quantity > 0) DESC,
                   p.updated_at DESC, p.id DESC
          LIMIT 1)
        SELECT ch.id AS product_id, ch.keywords, c.id, c.quantity,
               co.id AS color_id, co.name_fr AS color_fr, co.name_en AS color_en,
               s.id AS size_id, s.code AS size_code, s.name_fr AS size_fr, s.name_en AS size_en
        FROM chosen ch
        JOIN product_configurations c ON c.product_id = ch.id
        LEFT JOIN colors co ON co.id = c.color_id
        LEFT JOIN sizes s ON s.id = c.size_id
        ORDER BY c.quantity DESC, c.id`,
  );
  const [first] = rows;
  const keyword = first?.keywords.split(',').find(Boolean);
  if (!first || !keyword) return keyword ?? null;
  const en = ctx.locale === 'en';
  const several = (ids: (number | null)[]) => new Set(ids).size > 1;
  const words = [
    keyword,
    several(rows.map((r) => r.color_id)) && (en ? first.color_en : first.color_fr)?.toLowerCase(),
    several(rows.map((r) => r.size_id)) && (en ? first.size_en : first.size_fr),
  ].filter((w): w is string => typeof w === 'string' && w !== '');
  const example = words.join(' ');
  // the parser must read it as that one article, else the keyword alone is the honest example
  const product: CatalogueProduct = {
    id: first.product_id,
    name: '',
    keywords: first.keywords.split(',').filter(Boolean),
    configurations: rows.map((r) => ({
      id: r.id,
      stock: r.quantity,
      color: r.color_id ? { id: r.color_id, names: [r.color_fr, r.color_en].filter(isText) } : null,
      size: r.size_id
        ? { id: r.size_id, names: [r.size_fr, r.size_en].filter(isText), code: r.size_code ?? '' }
        : null,
    })),
  };
  const [intent] = parseComment(example, [product]);
  return intent?.configurationId === first.id ? example : keyword;
}

const isText = (s: string | null): s is string => !!s;
