import {
  MAX_COLORS,
  MAX_KEYWORD_LENGTH,
  MAX_PRODUCT_PHOTOS,
  MAX_SIZES,
  type TLocale,
} from '@livecart/contract/constants';
import { ERRORS, fieldErrorText, formatMessage } from '@livecart/contract/errors';
import { joinKeywords, parseKeywords } from '@livecart/contract/keywords';
import {
  CSV_COLUMNS,
  type TCsvColumn,
  type TCsvProblem,
  type TImportResult,
  zPrice,
  zQuantity,
  zSku,
} from '@livecart/contract/products';
import { zUrl } from '@livecart/contract/validation';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { insertMany } from '../../lib/bulk.ts';
import { AppError } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { hasUnsafeText, withoutUnsafeText } from '../../lib/input-text.ts';
import { queryRows } from '../../lib/sql.ts';
import { CsvReader, type CsvRecord } from './csv.ts';
import { keywordClashes } from './keywords.ts';
import { checkProductRoom } from './limits.ts';
import {
  COLOR_NAMES,
  foldName,
  loadReferenceNames,
  type ReferenceNames,
  SIZE_NAMES,
  type SizeChoice,
  sizeIn,
  sizeTableOf,
} from './reference-names.ts';
import { sellerOf, upsertTags } from './service.ts';

/*
 * CSV import (SPEC §5 CSV rules). The file is read as a stream and checked whole before anything
 * is written: any bad row answers 400 `csv_invalid` with a report of every problem (line, column,
 * reason) and nothing is imported. A row with a name starts a product and is its first
 * configuration; the rows below it with an empty name are its variations (more colour × size
 * configurations). A product with one row is a simple product, with more a configured one, whose
 * rows must fill its colour × size grid exactly once, like the editor's.
 */

/** Header names accepted for each column (compared without case, accents or punctuation). */
const HEADERS: Record<TCsvColumn, string[]> = {
  name: ['name', 'nom', 'product name', 'nom du produit', 'title', 'titre'],
  description: ['description'],
  hashtags: ['hashtags', 'hashtag', 'keywords', 'keyword', 'mots cles', 'mot cle'],
  styles: ['styles', 'style'],
  'photo links': [
    'photo links',
    'photo link',
    'photos',
    'photo',
    'images',
    'liens photos',
    'liens des photos',
  ],
  publish: ['publish', 'published', 'publier', 'publie', 'active', 'actif'],
  price: ['price', 'prix'],
  quantity: ['quantity', 'quantite', 'qty', 'stock'],
  sku: ['sku', 'reference', 'ref'],
  color: COLOR_NAMES,
  size: SIZE_NAMES,
};
const REQUIRED_COLUMNS: TCsvColumn[] = ['name', 'price', 'quantity', 'sku', 'color'];
/** Column types of a bulk insert of products and of their configurations (also the products bench's). */
export const PRODUCT_COLUMNS = {
  id: 'int',
  seller_id: 'int',
  name: 'text',
  description: 'text',
  is_publish: 'bool',
  configured: 'bool',
  keywords: 'text',
  sku: 'text',
  price_cents: 'int',
  quantity: 'int',
  style_id: 'int',
} as const;
export const CONFIGURATION_COLUMNS = {
  product_id: 'int',
  seller_id: 'int',
  color_id: 'int',
  size_id: 'int',
  price_cents: 'int',
  sku: 'text',
  quantity: 'int',
} as const;

const HEADER_OF = new Map(CSV_COLUMNS.flatMap((col) => HEADERS[col].map((h) => [foldName(h), col] as const)));

interface DraftRow {
  line: number;
  color_id: number | null;
  /** The sizes the cell may mean (`38` is an EU and a shoe size), or none when empty. */
  sizes: SizeChoice[];
  size_id: number | null;
  price_cents: number;
  sku: string;
  quantity: number;
}

interface Draft {
  line: number;
  name: string;
  description: string;
  keywords: string[];
  styles: string[];
  photos: string[];
  publish: boolean;
  rows: DraftRow[];
}

interface Problem {
  line: number;
  column: string;
  reason: string;
  params?: Record<string, string | number>;
  detail?: string;
}

// Built once: zod schemas are costly to build, and a file may have tens of thousands of rows.
const PRICE = zPrice();
const QUANTITY = zQuantity();
const SKU = zSku();
const URL_SCHEMA = zUrl();

const firstIssue = (r: z.ZodSafeParseResult<unknown>) =>
  r.success ? null : (r.error.issues[0]?.message ?? 'invalid');

type Lookups = ReferenceNames;

/** Styles are also kept as the product's tags, named as the editor names tags. */
const tagName = (style: string) => style.replace(/\s+/g, ' ').toLowerCase();

const splitList = (cell: string) =>
  cell
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads the rows of a file into product drafts, noting every problem on the way. */
class DraftBuilder {
  readonly drafts: Draft[] = [];
  readonly problems: Problem[] = [];
  private columns: Map<TCsvColumn, number> | null = null;
  private headerNames = new Map<TCsvColumn, string>();
  private current: Draft | null = null;

  constructor(private readonly ref: Lookups) {}

  /** Notes a problem at a line, naming the column as the file's header does. */
  problem(line: number, column: TCsvColumn, reason: string, extra: Partial<Problem> = {}) {
    this.problems.push({ line, column: this.headerNames.get(column) ?? column, reason, ...extra });
  }

  add(record: CsvRecord) {
    let cells = record.fields.map((f) => f.trim());
    if (cells.every((c) => c === '')) return;
    if (!this.columns) return this.readHeader(record.line, cells);
    if (this.problems.length && this.problems[0].reason === 'missing_column') return;
    const cols = this.columns;
    // A NUL byte is reported at its cell; the rest of the row is checked without it.
    for (const [col, i] of cols) {
      if (hasUnsafeText(cells[i] ?? '')) this.problem(record.line, col, 'invalid_characters');
    }
    cells = cells.map(withoutUnsafeText);
    const cell = (col: TCsvColumn) => {
      const i = cols.get(col);
      return i === undefined ? '' : (cells[i] ?? '');
    };
    const line = record.line;
    const name = cell('name');
    if (name) {
      this.current = this.startProduct(line, name, cell);
    } else if (!this.current) {
      this.problem(line, 'name', 'variation_first');
      return;
    } else {
      this.addPhotos(this.current, line, cell('photo links'));
    }
    const row = this.readRow(line, cell);
    if (row) this.current?.rows.push(row);
  }

  private readHeader(line: number, cells: string[]) {
    this.columns = new Map();
    cells.forEach((cell, i) => {
      const col = HEADER_OF.get(foldName(cell));
      if (col && !this.columns?.has(col)) {
        this.columns?.set(col, i);
        this.headerNames.set(col, cell);
      }
    });
    for (const col of REQUIRED_COLUMNS) if (!this.columns.has(col)) this.problem(line, col, 'missing_column');
  }

  private startProduct(line: number, name: string, cell: (c: TCsvColumn) => string): Draft {
    if (name.length > 255) this.problem(line, 'name', 'max_chars:255');
    const description = cell('description');
    if (description.length > 5000) this.problem(line, 'description', 'max_chars:5000');
    const keywords = parseKeywords(cell('hashtags'));
    if (keywords.some((k) => k.length > MAX_KEYWORD_LENGTH)) {
      this.problem(line, 'hashtags', `max_chars:${MAX_KEYWORD_LENGTH}`);
    }
    const styles = splitList(cell('styles'));
    if (styles.some((s) => s.length > 50)) this.problem(line, 'styles', 'max_chars:50');
    const publishCell = foldName(cell('publish'));
    const publish = ['true', 'vrai', '1', 'yes', 'oui'].includes(publishCell);
    if (publishCell && !publish && !['false', 'faux', '0', 'no', 'non'].includes(publishCell)) {
      this.problem(line, 'publish', 'publish_value');
    }
    const draft: Draft = { line, name, description, keywords, styles, photos: [], publish, rows: [] };
    this.addPhotos(draft, line, cell('photo links'));
    this.drafts.push(draft);
    return draft;
  }

  private addPhotos(draft: Draft, line: number, cell: string) {
    const urls = splitList(cell);
    if (urls.some((u) => u.length > 2000 || !URL_SCHEMA.safeParse(u).success)) {
      this.problem(line, 'photo links', 'url');
      return;
    }
    if (draft.photos.length + urls.length > MAX_PRODUCT_PHOTOS) {
      this.problem(line, 'photo links', `too_many_photos:${MAX_PRODUCT_PHOTOS}`);
      return;
    }
    draft.photos.push(...urls);
  }

  private readRow(line: number, cell: (c: TCsvColumn) => string): DraftRow | null {
    let ok = true;
    const check = (col: TCsvColumn, reason: string | null) => {
      if (reason) {
        this.problem(line, col, reason);
        ok = false;
      }
    };
    const price = PRICE.safeParse(cell('price').replace(/[€\s\u00a0\u202f]/g, ''));
    check('price', firstIssue(price));
    const quantity = QUANTITY.safeParse(cell('quantity').replace(/[\s\u00a0\u202f]/g, ''));
    check('quantity', firstIssue(quantity));
    const sku = SKU.safeParse(cell('sku'));
    check('sku', firstIssue(sku));
    const colorCell = cell('color');
    const color_id = colorCell ? (this.ref.colorsByName.get(foldName(colorCell)) ?? null) : null;
    check('color', !colorCell ? 'required' : color_id === null ? 'unknown_color' : null);
    const sizeCell = cell('size');
    const sizes = sizeCell ? (this.ref.sizesByName.get(foldName(sizeCell)) ?? []) : [];
    check('size', sizeCell && !sizes.length ? 'unknown_size' : null);
    if (!ok || !price.success || !quantity.success || !sku.success) return null;
    return {
      line,
      color_id,
      sizes,
      size_id: null,
      price_cents: Math.round(price.data * 100),
      sku: sku.data,
      quantity: quantity.data,
    };
  }

  /** Checks each product as a whole: sizes resolved in one table, and the colour × size grid. */
  finish() {
    if (!this.columns) this.problems.push({ line: 1, column: '', reason: 'empty_file' });
    else if (!this.drafts.length && !this.problems.length) {
      this.problems.push({ line: 1, column: '', reason: 'empty_file' });
    }
    for (const d of this.drafts) this.checkGrid(d);
  }

  private checkGrid(d: Draft) {
    const sized = d.rows.filter((r) => r.sizes.length);
    // A size cell such as `38` may be an EU or a shoe size: the first table holding all of them wins.
    const table = sizeTableOf(sized.map((r) => r.sizes));
    for (const r of sized) r.size_id = sizeIn(r.sizes, table);
    if (d.rows.length < 2) return;
    const colors = [...new Set(d.rows.map((r) => r.color_id))];
    const sizes = [...new Set(sized.map((r) => r.size_id))];
    if (colors.length > MAX_COLORS) this.problem(d.line, 'color', `too_many_colors:${MAX_COLORS}`);
    if (sizes.length > MAX_SIZES) this.problem(d.line, 'size', `too_many_sizes:${MAX_SIZES}`);
    const seen = new Set<string>();
    for (const r of d.rows) {
      if (r.size_id === null) {
        this.problem(r.line, 'size', 'required');
        continue;
      }
      const key = `${r.color_id}:${r.size_id}`;
      if (seen.has(key)) this.problem(r.line, 'size', 'duplicate_variant');
      seen.add(key);
    }
    if (sized.length !== d.rows.length) return;
    const missing = colors.flatMap((c) =>
      sizes.filter((s) => !seen.has(`${c}:${s}`)).map((s) => [c as number, s as number] as const),
    );
    if (missing.length) {
      const names = missing
        .slice(0, 5)
        .map(([c, s]) => `${this.ref.colorName.get(c)?.code} / ${this.ref.sizeName.get(s)?.code}`);
      this.problem(d.line, 'size', 'missing_variant', {
        detail: names.join(', ') + (missing.length > 5 ? ', …' : ''),
      });
    }
  }
}

/** Keywords of published products must be free: in the seller's products and across the file. */
async function checkKeywords(db: DbOrTx, sellerId: number, b: DraftBuilder) {
  const clashes = await keywordClashes(
    db,
    sellerId,
    b.drafts.map((d) => ({ keywords: d.publish ? d.keywords : [], name: d.name })),
  );
  for (const c of clashes) {
    b.problem(b.drafts[c.index].line, 'hashtags', 'keyword_taken', {
      params: { keyword: c.keyword.toUpperCase(), product: c.product },
    });
  }
}

function report(problems: Problem[], locale: TLocale): TCsvProblem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.line - b.p.line || a.i - b.i)
    .map(({ p }) => {
      const text =
        p.reason === 'keyword_taken'
          ? formatMessage(ERRORS.keyword_taken[locale], p.params)
          : fieldErrorText(p.reason, locale);
      return {
        line: p.line,
        column: p.column,
        reason: p.reason,
        message: p.detail ? `${text} (${p.detail})` : text,
      };
    });
}

const csvInvalid = (problems: Problem[], locale: TLocale) =>
  new AppError('csv_invalid', undefined, undefined, { body: { report: report(problems, locale) } });

/** Decodes UTF-8, falling back to Windows-1252 (older spreadsheet exports) at the first invalid byte. */
async function* decode(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decoder = new TextDecoder('utf-8', { fatal: true });
  let fallback = false;
  for await (const chunk of source) {
    if (!fallback) {
      try {
        yield decoder.decode(chunk, { stream: true });
        continue;
      } catch {
        fallback = true;
        decoder = new TextDecoder('windows-1252');
      }
    }
    yield decoder.decode(chunk, { stream: true });
  }
  yield decoder.decode();
}

/**
 * POST products/import: reads the CSV stream, checks every row, then writes every product in one
 * transaction with multi-row INSERTs (`insertMany`, 5,000 rows a statement).
 */
export async function importProducts(ctx: Ctx, source: AsyncIterable<Buffer>): Promise<TImportResult> {
  const sellerId = sellerOf(ctx);
  const ref = await loadReferenceNames(ctx.db);
  const builder = new DraftBuilder(ref);
  const reader = new CsvReader();
  for await (const text of decode(source)) for (const record of reader.push(text)) builder.add(record);
  for (const record of reader.end()) builder.add(record);
  builder.finish();
  if (!builder.problems.length) await checkKeywords(ctx.db, sellerId, builder);
  if (builder.problems.length) throw csvInvalid(builder.problems, ctx.locale);
  const drafts = builder.drafts;
  return ctx.db.transaction(async (tx) => {
    await checkProductRoom(tx, sellerId, drafts.length);
    const ids = (
      await queryRows<{ id: number }>(
        tx,
        sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id
            FROM generate_series(1, ${drafts.length})`,
      )
    ).map((r) => r.id);
    const withIds = drafts.map((d, i) => ({ d, id: ids[i] }));
    await insertMany(
      tx,
      'products',
      PRODUCT_COLUMNS,
      withIds.map(({ d, id }) => ({
        id,
        seller_id: sellerId,
        name: d.name,
        description: d.description,
        is_publish: d.publish,
        configured: d.rows.length > 1,
        keywords: joinKeywords(d.keywords),
        sku: d.rows[0].sku,
        price_cents: Math.min(...d.rows.map((r) => r.price_cents)),
        quantity: d.rows.reduce((sum, r) => sum + r.quantity, 0),
        style_id: d.styles.map((s) => ref.stylesByName.get(foldName(s))).find((s) => s !== undefined) ?? null,
      })),
    );
    const configurations = withIds.flatMap(({ d, id }) =>
      d.rows.map((r) => ({
        product_id: id,
        seller_id: sellerId,
        color_id: r.color_id,
        size_id: r.size_id,
        price_cents: r.price_cents,
        sku: r.sku,
        quantity: r.quantity,
      })),
    );
    await insertMany(tx, 'product_configurations', CONFIGURATION_COLUMNS, configurations);

    const keywords = withIds.flatMap(({ d, id }) =>
      d.publish ? d.keywords.map((keyword) => ({ seller_id: sellerId, product_id: id, keyword })) : [],
    );
    const claimed = await insertMany(
      tx,
      'product_keywords',
      { seller_id: 'int', product_id: 'int', keyword: 'text' },
      keywords,
      { onConflictDoNothing: true },
    );
    if (claimed < keywords.length) {
      // Another save took one of the keywords since the check: report it, keep nothing.
      await tx.execute(sql`DELETE FROM product_keywords WHERE product_id = ANY(${sql.param(ids)}::int[])`);
      await checkKeywords(tx, sellerId, builder);
      throw csvInvalid(builder.problems, ctx.locale);
    }

    const photos = withIds.flatMap(({ d, id }) =>
      d.photos.map((url, position) => ({ product_id: id, seller_id: sellerId, url, position })),
    );
    await insertMany(
      tx,
      'product_photos',
      { product_id: 'int', seller_id: 'int', url: 'text', position: 'int' },
      photos,
    );

    const tagIds = new Map<string, number>();
    const tagNames = [...new Set(drafts.flatMap((d) => d.styles.map(tagName)))];
    for (let i = 0; i < tagNames.length; i += 1000) {
      for (const t of await upsertTags(tx, sellerId, tagNames.slice(i, i + 1000))) tagIds.set(t.name, t.id);
    }
    const productTagRows = withIds.flatMap(({ d, id }) =>
      [...new Set(d.styles.map(tagName))].map((name) => ({
        product_id: id,
        tag_id: tagIds.get(name) as number,
        seller_id: sellerId,
      })),
    );
    await insertMany(
      tx,
      'product_tags',
      { product_id: 'int', tag_id: 'int', seller_id: 'int' },
      productTagRows,
    );
    return { success: true as const, imported: drafts.length, configurations: configurations.length };
  });
}
