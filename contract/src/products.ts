import { z } from 'zod';
import {
  MAX_COLORS,
  MAX_KEYWORD_LENGTH,
  MAX_PRICE_EUROS,
  MAX_PRODUCT_PHOTOS,
  MAX_QUANTITY,
  MAX_SIZES,
  SIZE_TABLES,
} from './constants.ts';
import { parseKeywords } from './keywords.ts';
import { ZBounds, ZRange, zBoolish, zFilterId, zListQuery, zListResponse } from './lists.ts';
import { fieldMessage, zId, zText, zUrl } from './validation.ts';

/*
 * The inventory (SPEC §2 Inventory, §3 Product, §5 product rules, §7 Products). Prices are euros in
 * the API (integer cents in the database), stock is per configuration (colour × size).
 */

// ---------------------------------------------------------------------------------------------
// Field rules, shared by the editor form, the API and the CSV import

/** A decimal number as typed: digits with a point or a comma (`12.5`, `12,50`, `-3`). */
const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * A form number: a number or a decimal string (`12.5`, `12,50`); empty and null mean absent.
 * Other writings `Number` would read (`0x10`, `0b11`, `1e2`) are not numbers here (`numeric`).
 */
const toNumber = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return undefined;
    return DECIMAL.test(s) ? Number(s.replace(',', '.')) : Number.NaN;
  }
  return v;
};

const numberError = (iss: { input?: unknown }) => (iss.input === undefined ? 'required' : 'numeric');

const priceNumber = () =>
  z
    .number({ error: numberError })
    .min(0, 'not_negative')
    .max(MAX_PRICE_EUROS, 'invalid')
    .transform((n) => Math.round(n * 100) / 100);

const quantityNumber = () =>
  z.number({ error: numberError }).int('integer').min(0, 'not_negative').max(MAX_QUANTITY, 'invalid');

/** A price in euros: required, a number, 0 or more. */
export const zPrice = () => z.preprocess(toNumber, priceNumber());
/** A price that may be absent (empty, null). */
export const zOptionalPrice = () => z.preprocess(toNumber, priceNumber().optional());

/** A stock quantity: required, a whole number, 0 or more. */
export const zQuantity = () => z.preprocess(toNumber, quantityNumber());
/** A quantity that may be absent (empty, null). */
export const zOptionalQuantity = () => z.preprocess(toNumber, quantityNumber().optional());

/** SPEC §5: a SKU is letters and digits. */
export const SKU_PATTERN = /^[A-Za-z0-9]+$/;

/** A SKU: required, letters and digits only. */
export const zSku = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : (v ?? undefined)),
    z
      .string({ error: 'required' })
      .min(1, 'required')
      .max(100, fieldMessage('max_chars', 100))
      .regex(SKU_PATTERN, 'sku_chars'),
  );

/** Keywords as typed (`#Robe12, dress 12`): each at most 50 characters once normalised. */
export const zKeywords = () =>
  z
    .string()
    .max(2000, fieldMessage('max_chars', 2000))
    .nullish()
    .transform((s) => s ?? '')
    .refine(
      (s) => parseKeywords(s).every((k) => k.length <= MAX_KEYWORD_LENGTH),
      fieldMessage('max_chars', MAX_KEYWORD_LENGTH),
    );

const zRefId = () => zFilterId();
const zOptionalRefId = () =>
  z.preprocess((v) => (v === '' || v === 0 ? null : v), zFilterId().nullish()).transform((v) => v ?? null);
const zIdList = () => z.array(zRefId()).transform((ids) => [...new Set(ids)]);

/** A free tag: trimmed, lower-cased, 1 to 50 characters. */
export const zTagName = () =>
  z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, ' ').toLowerCase())
    .pipe(z.string().min(1, 'required').max(50, fieldMessage('max_chars', 50)));

// ---------------------------------------------------------------------------------------------
// POST product

/** One colour × size of the editor's grid with its own price, SKU and stock (all mandatory). */
export const ZConfigurationInput = z.object({
  /** Ignored: a configuration is known by its colour and size, and keeps its id while they stay. */
  id: z.unknown().optional(),
  color_id: zOptionalRefId(),
  size_id: zOptionalRefId(),
  price: zPrice(),
  sku: zSku(),
  quantity: zQuantity(),
  /**
   * The stock the editor showed when it loaded the product. Given, the seller's change
   * (`quantity` − `quantity_loaded`) is applied to the stock as it is now, so articles reserved
   * meanwhile during a live are not put back on sale; absent, `quantity` is the stock.
   */
  quantity_loaded: zOptionalQuantity(),
});
export type TConfigurationInput = z.output<typeof ZConfigurationInput>;

const pairKey = (color: number | null, size: number | null) => `${color ?? ''}:${size ?? ''}`;

type ProductDraft = {
  configured: boolean;
  price?: number;
  sku?: string | null;
  quantity?: number;
  selectedColors: number[];
  selectedSizes: number[];
  configurations: TConfigurationInput[];
};

/**
 * SPEC §5 and §9 rules across fields: a configured product has at least one colour and one size
 * (at most 15 and 37) and one configuration per colour × size, each pair exactly once; a simple
 * product has one colour, at most one size and exactly one configuration (its own price, SKU and
 * quantity when no row is given).
 */
function checkVariants(p: ProductDraft, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const colors = p.selectedColors;
  const sizes = p.selectedSizes;
  if (colors.length === 0) issue(['selectedColors'], 'select_color');
  if (!p.configured) {
    if (colors.length > 1) issue(['selectedColors'], fieldMessage('too_many_colors', 1));
    if (sizes.length > 1) issue(['selectedSizes'], fieldMessage('too_many_sizes', 1));
    if (p.configurations.length > 1) issue(['configurations'], 'one_configuration');
    if (p.configurations.length === 0) {
      if (p.price === undefined) issue(['price'], 'required');
      if (!p.sku) issue(['sku'], 'required');
      if (p.quantity === undefined) issue(['quantity'], 'required');
    } else {
      const row = p.configurations[0];
      if (row.color_id !== null && row.color_id !== (colors[0] ?? null)) {
        issue(['configurations', 0, 'color_id'], 'not_selected');
      }
      if (row.size_id !== null && row.size_id !== (sizes[0] ?? null)) {
        issue(['configurations', 0, 'size_id'], 'not_selected');
      }
    }
    return;
  }
  if (sizes.length === 0) issue(['selectedSizes'], 'select_size');
  if (colors.length > MAX_COLORS) issue(['selectedColors'], fieldMessage('too_many_colors', MAX_COLORS));
  if (sizes.length > MAX_SIZES) issue(['selectedSizes'], fieldMessage('too_many_sizes', MAX_SIZES));
  if (!colors.length || !sizes.length || colors.length > MAX_COLORS || sizes.length > MAX_SIZES) return;
  const seen = new Set<string>();
  p.configurations.forEach((row, i) => {
    if (row.color_id === null) issue(['configurations', i, 'color_id'], 'required');
    else if (!colors.includes(row.color_id)) issue(['configurations', i, 'color_id'], 'not_selected');
    if (row.size_id === null) issue(['configurations', i, 'size_id'], 'required');
    else if (!sizes.includes(row.size_id)) issue(['configurations', i, 'size_id'], 'not_selected');
    const key = pairKey(row.color_id, row.size_id);
    if (seen.has(key)) issue(['configurations', i], 'duplicate_variant');
    seen.add(key);
  });
  const missing = colors.some((c) => sizes.some((s) => !seen.has(pairKey(c, s))));
  if (missing) issue(['configurations'], 'missing_variant');
}

/**
 * POST product: creates a product, or updates it when `id` is given. `keywords` is a
 * comma-separated string; prices in euros; `selectedColors` / `selectedSizes` reference ids;
 * `configurations` the colour × size grid (for a simple product one row or none, and then
 * `price`, `sku` and `quantity` make its single configuration); `photos` links to add;
 * `tags` (names) replace the product's tags when given.
 */
export const ZProductBody = z
  .object({
    id: z.preprocess((v) => (v === '' || v === 0 ? null : v), zFilterId().nullish()),
    name: zText(1, 255),
    description: z
      .string()
      .max(5000, fieldMessage('max_chars', 5000))
      .nullish()
      .transform((s) => s ?? ''),
    isPublish: zBoolish().default(false),
    configured: zBoolish().default(false),
    keywords: zKeywords(),
    price: zOptionalPrice(),
    quantity: zOptionalQuantity(),
    /** A simple product's `quantity_loaded` (see ZConfigurationInput). */
    quantity_loaded: zOptionalQuantity(),
    sku: z.preprocess((v) => (v === '' ? null : v), zSku().nullish()),
    style: zOptionalRefId().optional(),
    material: zOptionalRefId().optional(),
    selectedColors: zIdList().default([]),
    selectedSizes: zIdList().default([]),
    configurations: z.array(ZConfigurationInput).default([]),
    photos: z
      .array(z.object({ url: zUrl().pipe(z.string().max(2000, fieldMessage('max_chars', 2000))) }))
      .max(MAX_PRODUCT_PHOTOS, fieldMessage('too_many_photos', MAX_PRODUCT_PHOTOS))
      .optional(),
    tags: z.array(zTagName()).max(30, 'invalid').optional(),
  })
  .superRefine(checkVariants);
export type TProductBody = z.output<typeof ZProductBody>;
export type TProductBodyInput = z.input<typeof ZProductBody>;

// ---------------------------------------------------------------------------------------------
// Reference data and the product as answered

export const ZColorRef = z.object({
  id: z.number(),
  code: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  hex: z.string(),
});
export type TColorRef = z.infer<typeof ZColorRef>;

export const ZSizeRef = z.object({
  id: z.number(),
  code: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  size_table: z.enum(SIZE_TABLES),
});
export type TSizeRef = z.infer<typeof ZSizeRef>;

/** A material or a style. */
export const ZNamedRef = z.object({
  id: z.number(),
  code: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
});
export type TNamedRef = z.infer<typeof ZNamedRef>;

export const ZTag = z.object({ id: z.number(), name: z.string() });
export type TTag = z.infer<typeof ZTag>;

/** One colour × size with its own price (euros), SKU and stock. */
export const ZProductConfiguration = z.object({
  id: z.number(),
  color_id: z.number().nullable(),
  size_id: z.number().nullable(),
  price: z.number(),
  sku: z.string().nullable(),
  quantity: z.number(),
});
export type TProductConfiguration = z.infer<typeof ZProductConfiguration>;

/**
 * A photo: `url` is what to show (`/api/files/products/…` for an upload, the address of a link),
 * `thumb_url` its small version for lists (the photo itself when there is none).
 */
export const ZProductPhoto = z.object({
  id: z.number(),
  url: z.string(),
  thumb_url: z.string(),
  position: z.number(),
  source: z.enum(['upload', 'link']),
});
export type TProductPhoto = z.infer<typeof ZProductPhoto>;

/**
 * A product as the editor loads it (GET fetch-product/{id}) and POST product answers it: the
 * body's fields plus ids, names of the colours and sizes, photos and tags. `price` is the lowest
 * configuration price and `quantity` the stock of all configurations.
 */
export const ZProduct = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  isPublish: z.boolean(),
  configured: z.boolean(),
  keywords: z.string(),
  price: z.number(),
  quantity: z.number(),
  sku: z.string().nullable(),
  style: z.number().nullable(),
  material: z.number().nullable(),
  selectedColors: z.array(z.number()),
  selectedSizes: z.array(z.number()),
  colors: z.array(ZColorRef),
  sizes: z.array(ZSizeRef),
  configurations: z.array(ZProductConfiguration),
  photos: z.array(ZProductPhoto),
  tags: z.array(ZTag),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductResponse = z.object({ product: ZProduct });
export type TProductResponse = z.infer<typeof ZProductResponse>;

/**
 * GET products/fetch-additional: the reference data of the editor and the filters. `sizesTable`
 * groups the sizes by table; `tags` are the seller's; `priceRange` (euros) and `qtyRange` are the
 * bounds of the seller's products for the filter sliders.
 */
export const ZProductAdditional = z.object({
  colors: z.array(ZColorRef),
  sizes: z.array(ZSizeRef),
  sizesTable: z.object({
    letters: z.array(ZSizeRef),
    eu: z.array(ZSizeRef),
    shoes: z.array(ZSizeRef),
    one_size: z.array(ZSizeRef),
  }),
  materials: z.array(ZNamedRef),
  styles: z.array(ZNamedRef),
  tags: z.array(ZTag),
  priceRange: ZBounds,
  qtyRange: ZBounds,
});
export type TProductAdditional = z.infer<typeof ZProductAdditional>;

// ---------------------------------------------------------------------------------------------
// GET fetch-products

/** Sortable columns of the products list (SPEC §3: reference/name sorts as `products.name`). */
export const PRODUCT_COLUMNS = ['products.name', 'created_at', 'price', 'quantity'] as const;

/**
 * Products filters (SPEC §3). `price` (euros) applies to the product's lowest price, `quantity`
 * to its total stock; `color_id` / `size_id` keep products having that colour / size.
 */
export const ZProductFilter = z.object({
  product_name: z.string().max(200, fieldMessage('max_chars', 200)).optional(),
  color_id: zFilterId().optional(),
  size_id: zFilterId().optional(),
  price: ZRange.optional(),
  quantity: ZRange.optional(),
  material_id: zFilterId().optional(),
  isPublish: zBoolish().optional(),
});
export type TProductFilter = z.infer<typeof ZProductFilter>;

/** GET fetch-products: newest first by default; `query` searches name, keywords and SKUs. */
export const ZProductListQuery = zListQuery({
  columns: PRODUCT_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZProductFilter,
});
export type TProductListQuery = z.output<typeof ZProductListQuery>;

/** A row of the products list: prices in euros (lowest and highest), total stock, colours and sizes. */
export const ZProductListItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  sku: z.string().nullable(),
  keywords: z.string(),
  isPublish: z.boolean(),
  configured: z.boolean(),
  price: z.number(),
  price_max: z.number(),
  quantity: z.number(),
  colors: z.array(ZColorRef),
  sizes: z.array(ZSizeRef),
  photo: z.object({ url: z.string(), thumb_url: z.string() }).nullable(),
  created_at: z.string(),
});
export type TProductListItem = z.infer<typeof ZProductListItem>;

export const ZProductList = zListResponse(ZProductListItem);
export type TProductList = z.infer<typeof ZProductList>;

// ---------------------------------------------------------------------------------------------
// Pickers, photos, copies

/** At most this many products or tags in a find answer. */
export const FIND_PRODUCT_LIMIT = 20;

export const ZFindProductQuery = z.object({ searchStr: z.string().max(100).optional() });
/** GET products/find: `photo` is the first photo's thumbnail. */
export const ZFindProductResult = z.object({
  result: z.array(
    z.object({ id: z.number(), name: z.string(), keywords: z.string(), photo: z.string().nullable() }),
  ),
});
export type TFindProductResult = z.infer<typeof ZFindProductResult>;

export const ZFindTagQuery = z.object({ tag: z.string().max(50).optional() });
export const ZFindTagResult = z.object({ result: z.array(ZTag) });

export const ZProductIdParams = z.object({ id: zId() });

export const ZPhotoDeleteBody = z.object({ photoId: zRefId() });
export const ZPhotoOrderBody = z.object({ photoIds: z.array(zRefId()).min(1, 'required') });

/** Copies answer the new products' ids, in the order of the originals. */
export const ZProductIds = z.object({ productIds: z.array(z.number()) });

export const ZSuccess = z.object({ success: z.literal(true), count: z.number().optional() });

// ---------------------------------------------------------------------------------------------
// CSV import (SPEC §5 CSV rules)

/**
 * The columns of an import file, in the example's order. A header row names them (English or
 * French names, any case); a row with an empty name is a variation of the product above it.
 */
export const CSV_COLUMNS = [
  'name',
  'description',
  'hashtags',
  'styles',
  'photo links',
  'publish',
  'price',
  'quantity',
  'sku',
  'color',
  'size',
] as const;
export type TCsvColumn = (typeof CSV_COLUMNS)[number];

/** One problem of an import file: its line (1 is the header), the column and a field-error code. */
export const ZCsvProblem = z.object({
  line: z.number(),
  column: z.string(),
  reason: z.string(),
  message: z.string(),
});
export type TCsvProblem = z.infer<typeof ZCsvProblem>;

/** POST products/import: how many products (and configurations) were created. */
export const ZImportResult = z.object({
  success: z.literal(true),
  imported: z.number(),
  configurations: z.number(),
});
export type TImportResult = z.infer<typeof ZImportResult>;
