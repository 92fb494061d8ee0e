import type { TProduct } from '@livecart/contract/products';

/** One row of the editor's colour × size grid, as the form holds it (inputs may be empty). */
export interface GridRow {
  color_id: number;
  size_id: number;
  price?: number | null;
  sku?: string;
  quantity?: number | null;
  /** The stock shown when the product was loaded (the server applies the change to it). */
  quantity_loaded?: number | null;
}

const keyOf = (color: number, size: number) => `${color}:${size}`;

/**
 * The grid of a configured product: one row per selected colour × size, colours first, in the
 * order they were selected. A pair that already had a row keeps its price, SKU and quantity.
 */
export function buildGrid(colors: number[], sizes: number[], previous: GridRow[] = []): GridRow[] {
  const kept = new Map(previous.map((r) => [keyOf(r.color_id, r.size_id), r]));
  return colors.flatMap((color_id) =>
    sizes.map((size_id) => kept.get(keyOf(color_id, size_id)) ?? { color_id, size_id }),
  );
}

/** Every row with the given price and/or quantity (an absent value leaves the rows as they are). */
export function fillGrid(
  rows: GridRow[],
  fill: { price?: number | null; quantity?: number | null },
): GridRow[] {
  return rows.map((r) => ({
    ...r,
    ...(fill.price === undefined || fill.price === null ? {} : { price: fill.price }),
    ...(fill.quantity === undefined || fill.quantity === null ? {} : { quantity: fill.quantity }),
  }));
}

/**
 * The form path of a server field error: `configurations.3.sku` → `['configurations', 3, 'sku']`.
 */
export function fieldPath(name: string): (string | number)[] {
  return name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** The editor's values, as the form holds them. */
export interface ProductFormValues {
  name: string;
  description: string;
  isPublish: boolean;
  configured: boolean;
  keywords: string[];
  style: number | null;
  material: number | null;
  selectedColors: number[];
  selectedSizes: number[];
  /** A simple product's one colour and optional size. */
  color: number | null;
  size: number | null;
  price?: number | null;
  sku?: string;
  quantity?: number | null;
  /** A simple product's stock as loaded. */
  quantity_loaded?: number | null;
  configurations: GridRow[];
}

/** An empty editor: an unpublished, unconfigured product (SPEC §5 Reset). */
export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  isPublish: false,
  configured: false,
  keywords: [],
  style: null,
  material: null,
  selectedColors: [],
  selectedSizes: [],
  color: null,
  size: null,
  price: null,
  sku: '',
  quantity: null,
  configurations: [],
};

/** Keywords as typed in a comma-separated string, trimmed, without empty ones. */
export const splitKeywords = (s: string): string[] =>
  s
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

/** A loaded product as the editor's values. */
export function toFormValues(p: TProduct): ProductFormValues {
  const one = p.configurations[0];
  return {
    name: p.name,
    description: p.description,
    isPublish: p.isPublish,
    configured: p.configured,
    keywords: splitKeywords(p.keywords),
    style: p.style,
    material: p.material,
    selectedColors: p.configured ? p.selectedColors : [],
    selectedSizes: p.configured ? p.selectedSizes : [],
    color: p.configured ? null : (p.selectedColors[0] ?? null),
    size: p.configured ? null : (p.selectedSizes[0] ?? null),
    price: p.configured ? null : (one?.price ?? p.price),
    sku: p.configured ? '' : (one?.sku ?? p.sku ?? ''),
    quantity: p.configured ? null : (one?.quantity ?? p.quantity),
    quantity_loaded: p.configured ? null : (one?.quantity ?? p.quantity),
    configurations: p.configured
      ? p.configurations
          .filter((c) => c.color_id !== null && c.size_id !== null)
          .map((c) => ({
            color_id: c.color_id as number,
            size_id: c.size_id as number,
            price: c.price,
            sku: c.sku ?? '',
            quantity: c.quantity,
            quantity_loaded: c.quantity,
          }))
      : [],
  };
}

/** The body of POST product for the editor's values (`photos` are links to add). */
export function toProductBody(v: ProductFormValues, id: number | undefined, photoLinks: string[]) {
  const common = {
    id: id ?? null,
    name: v.name,
    description: v.description ?? '',
    isPublish: !!v.isPublish,
    configured: !!v.configured,
    keywords: (v.keywords ?? []).join(', '),
    style: v.style ?? null,
    material: v.material ?? null,
    ...(photoLinks.length ? { photos: photoLinks.map((url) => ({ url })) } : {}),
  };
  if (v.configured) {
    return {
      ...common,
      selectedColors: v.selectedColors ?? [],
      selectedSizes: v.selectedSizes ?? [],
      configurations: (v.configurations ?? []).map((r) => ({
        color_id: r.color_id,
        size_id: r.size_id,
        price: r.price ?? null,
        sku: r.sku ?? '',
        quantity: r.quantity ?? null,
        ...(r.quantity_loaded == null ? {} : { quantity_loaded: r.quantity_loaded }),
      })),
    };
  }
  return {
    ...common,
    selectedColors: v.color ? [v.color] : [],
    selectedSizes: v.size ? [v.size] : [],
    configurations: [],
    price: v.price ?? null,
    sku: v.sku ?? '',
    quantity: v.quantity ?? null,
    ...(v.quantity_loaded == null ? {} : { quantity_loaded: v.quantity_loaded }),
  };
}
