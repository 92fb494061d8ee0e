import { randomBytes } from 'node:crypto';
import type { TProductBodyInput } from '@livecart/contract/products';
import { asc } from 'drizzle-orm';
import { colors, sizes } from '../src/db/schema/index.ts';
import type { Runtime } from '../src/runtime.ts';
import { client, makeSeller } from './helpers.ts';

/* Helpers of the products tests: reference ids and product bodies. */

export type Api = Awaited<ReturnType<typeof client>>;

export interface Refs {
  color: Record<string, number>;
  colorIds: number[];
  size: Record<string, number>;
  sizeIds: number[];
}

/** Reference colour ids by code (`red`) and size ids by `table:code` (`letters:M`, `eu:38`). */
export async function loadRefs(rt: Runtime): Promise<Refs> {
  const db = rt.deps.database.db;
  const colorRows = await db.select().from(colors).orderBy(asc(colors.sort));
  const sizeRows = await db.select().from(sizes).orderBy(asc(sizes.id));
  return {
    color: Object.fromEntries(colorRows.map((c) => [c.code, c.id])),
    colorIds: colorRows.map((c) => c.id),
    size: Object.fromEntries(sizeRows.map((s) => [`${s.size_table}:${s.code}`, s.id])),
    sizeIds: sizeRows.map((s) => s.id),
  };
}

export const uniq = () => randomBytes(4).toString('hex');

/** A fresh seller with a plan, signed in. */
export async function sellerApi(rt: Runtime) {
  const seller = await makeSeller(rt);
  return { seller, api: await client(rt, seller) };
}

/** A valid simple product: one colour, price, SKU and stock of its own. */
export function simpleBody(refs: Refs, patch: Partial<TProductBodyInput> = {}): TProductBodyInput {
  return {
    name: 'Foulard en soie',
    description: 'Foulard 90 × 90',
    isPublish: false,
    configured: false,
    keywords: '',
    price: 25,
    quantity: 10,
    sku: 'FOULARD7',
    selectedColors: [refs.color.red],
    selectedSizes: [],
    configurations: [],
    ...patch,
  };
}

/** A valid configured product: every colour × size with a price, a SKU and a stock. */
export function configuredBody(
  colorIds: number[],
  sizeIds: number[],
  patch: Partial<TProductBodyInput> = {},
): TProductBodyInput {
  return {
    name: 'Robe fleurie',
    description: '',
    isPublish: false,
    configured: true,
    keywords: '',
    price: null,
    quantity: null,
    sku: null,
    selectedColors: colorIds,
    selectedSizes: sizeIds,
    configurations: colorIds.flatMap((color_id, i) =>
      sizeIds.map((size_id, j) => ({
        color_id,
        size_id,
        price: 30 + j,
        sku: `R${i}S${j}`,
        quantity: i + j,
      })),
    ),
    ...patch,
  };
}

/** Saves a product and answers it (the test fails on anything but 200). */
export async function createProduct(api: Api, body: TProductBodyInput) {
  const res = await api.post('/api/product', body);
  if (res.statusCode !== 200) throw new Error(`POST /api/product ${res.statusCode}: ${res.body}`);
  return res.json().product as import('@livecart/contract/products').TProduct;
}

/** A multipart body with one or more files. */
export function multipart(files: { field: string; filename: string; data: Buffer | string; type: string }[]) {
  const boundary = `----lc${uniq()}`;
  const body = Buffer.concat([
    ...files.flatMap((f) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
