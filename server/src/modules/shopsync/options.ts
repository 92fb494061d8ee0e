import { MAX_KEYWORD_LENGTH } from '@livecart/contract/constants';
import { normalizeKeyword } from '@livecart/contract/keywords';
import type { TUnknownOption } from '@livecart/contract/shops';
import type { ShopProduct, ShopVariant } from '../../integrations/shops/platform.ts';
import {
  COLOR_NAMES,
  foldName,
  type ReferenceNames,
  SHOE_SIZE_NAMES,
  SIZE_NAMES,
  type SizeChoice,
  sizeIn,
  sizeTableOf,
} from '../products/reference-names.ts';

/*
 * How a shop's product and its variants become a product here and its colour × size
 * configurations. The rule, in order:
 *
 * 1. Option names are compared folded (case, accents and punctuation ignored): `Couleur`, `Color`,
 *    `Colour`, `Coloris`, `Teinte`… name the colour; `Taille`, `Size`, `Pointure`, `Shoe size`…
 *    the size. Shopify's `Title` option with the value `Default Title` is a product without
 *    options. Any other option (`Matière`, `Longueur`) is reported in `unknown_options` with each
 *    of its values, and plays no part in the mapping. A second colour (or size) option on the same
 *    product is reported the same way: the first one is the colour (or the size).
 * 2. A colour value matches a reference colour by its code, French or English name; a size value
 *    matches every reference size of that code or name, and the product's size table decides
 *    (`38` is an EU or a shoe size): the shoe table first when the option says `Pointure` or `Shoe
 *    size`, else the first table holding every size value of the product, as the CSV import does.
 *    A value that matches nothing is reported in `unknown_options`, never guessed.
 * 3. A variant with a colour or size value that matches nothing is left out (not imported, not
 *    linked: the shop keeps selling it alone).
 * 4. Variants that land on the same colour × size pair (an unknown option was what told them
 *    apart): the first in the shop's order is kept, the others are left out and listed in
 *    `skipped` (`duplicate_variant`, naming the product and the variant's values).
 * 5. A product with no variant left is skipped whole (`no_variant_mapped`).
 * 6. What is left: one variant is a simple product (`configured` false, its colour and size when
 *    the shop gives them, none otherwise), as the CSV import's one-row product; more are a
 *    configured product with one configuration per variant. Pairs the shop does not sell are not
 *    made up: the editor asks for them when the seller next saves the product.
 */

export interface MappedVariant {
  variant: ShopVariant;
  color_id: number | null;
  size_id: number | null;
}

export interface ProductMapping {
  /** The variants kept, in the shop's order, each on its own colour × size pair. */
  variants: MappedVariant[];
  /** One variant left: a simple product. */
  simple: boolean;
  unknown: TUnknownOption[];
  skipped: { product: string; reason: string }[];
}

/** {@link foldName}, remembered: a catalogue repeats the same option names and values thousands of times. */
const foldedNames = new Map<string, string>();
function fold(s: string): string {
  let folded = foldedNames.get(s);
  if (folded === undefined) {
    if (foldedNames.size >= 10_000) foldedNames.clear();
    folded = foldName(s);
    foldedNames.set(s, folded);
  }
  return folded;
}

type OptionKind = { kind: 'color' } | { kind: 'size'; shoes: boolean } | { kind: 'none' } | null;

const COLOR = new Set(COLOR_NAMES.map(foldName));
const SIZE = new Set(SIZE_NAMES.map(foldName));
const SHOES = new Set(SHOE_SIZE_NAMES.map(foldName));

/** What an option's name means: a colour, a size, Shopify's empty `Title`, or nothing known (null). */
export function optionKind(name: string, value?: string): OptionKind {
  const n = fold(name);
  if (COLOR.has(n)) return { kind: 'color' };
  if (SIZE.has(n)) return { kind: 'size', shoes: SHOES.has(n) };
  if (n === 'title' && (value === undefined || fold(value) === 'default title')) return { kind: 'none' };
  return null;
}

/** Maps one shop product's variants to colour × size pairs by the rule above. */
export function mapProduct(product: ShopProduct, ref: ReferenceNames): ProductMapping {
  const unknown: TUnknownOption[] = [];
  const reported = new Set<string>();
  const report = (option: string, value: string) => {
    const key = `${fold(option)}\u0000${fold(value)}`;
    if (reported.has(key)) return;
    reported.add(key);
    unknown.push({ product: product.title, option, value });
  };
  // The first option name of each kind is the product's colour (or size); names are the shop's.
  let colorOption: string | null = null;
  let sizeOption: string | null = null;
  let shoes = false;
  for (const v of product.variants) {
    for (const o of v.options) {
      const kind = optionKind(o.name, o.value);
      if (kind?.kind === 'color') colorOption ??= fold(o.name);
      if (kind?.kind === 'size' && sizeOption === null) {
        sizeOption = fold(o.name);
        shoes = kind.shoes;
      }
    }
  }
  const read = product.variants.map((variant) => {
    let color: number | null | undefined = null;
    let sizes: SizeChoice[] | null | undefined = null;
    for (const o of variant.options) {
      const kind = optionKind(o.name, o.value);
      const name = fold(o.name);
      if (kind?.kind === 'none') continue;
      if (kind?.kind === 'color' && name === colorOption) {
        color = ref.colorsByName.get(fold(o.value));
        if (color === undefined) report(o.name, o.value);
      } else if (kind?.kind === 'size' && name === sizeOption) {
        const found = ref.sizesByName.get(fold(o.value));
        sizes = found?.length ? found : undefined;
        if (!sizes) report(o.name, o.value);
      } else {
        report(o.name, o.value);
      }
    }
    return { variant, color, sizes };
  });
  const mappable = read.filter(
    (r): r is { variant: ShopVariant; color: number | null; sizes: SizeChoice[] | null } =>
      r.color !== undefined && r.sizes !== undefined,
  );
  const table = sizeTableOf(
    mappable.flatMap((r) => (r.sizes ? [r.sizes] : [])),
    shoes ? 'shoes' : undefined,
  );
  const skipped: ProductMapping['skipped'] = [];
  const seen = new Set<string>();
  const variants: MappedVariant[] = [];
  for (const r of mappable) {
    const size_id = r.sizes ? sizeIn(r.sizes, table) : null;
    const key = `${r.color ?? ''}:${size_id ?? ''}`;
    if (seen.has(key)) {
      const values = r.variant.options.map((o) => o.value).join(' / ');
      skipped.push({
        product: values ? `${product.title} (${values})` : product.title,
        reason: 'duplicate_variant',
      });
      continue;
    }
    seen.add(key);
    variants.push({ variant: r.variant, color_id: r.color, size_id });
  }
  if (!variants.length) skipped.push({ product: product.title, reason: 'no_variant_mapped' });
  return { variants, simple: variants.length === 1, unknown, skipped };
}

/** A keyword proposed from the handle is cut to this many characters when a shorter SKU is not at hand. */
const HANDLE_KEYWORD_MAX = 24;

/** A keyword as the live reads it: normal form, words joined by `-`, letters, digits and `-` only. */
export function keywordOf(raw: string): string {
  return normalizeKeyword(raw)
    .replace(/[\s,_/.]+/g, '-')
    .replace(/[^\p{L}\p{N}-]+/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The SKU the product's variants share: the single variant's, else their common start (3 characters or more). */
export function skuStem(product: ShopProduct): string {
  const skus = product.variants.map((v) => v.sku?.trim() ?? '').filter(Boolean);
  if (!skus.length || skus.length < product.variants.length) return '';
  let stem = skus[0];
  for (const s of skus) while (!s.startsWith(stem)) stem = stem.slice(0, -1);
  stem = keywordOf(stem);
  return stem.length >= 3 ? stem : '';
}

/** The handle cut after whole words within `max` characters (the first word alone when it is longer). */
const cutWords = (keyword: string, max: number) => {
  if (keyword.length <= max) return keyword;
  const words = keyword.split('-');
  let out = words[0].slice(0, max);
  for (const w of words.slice(1)) {
    if (out.length + 1 + w.length > max) break;
    out += `-${w}`;
  }
  return out;
};

/**
 * The keyword proposed for a shop product, unique among `taken` (the seller's keywords and the
 * ones proposed before in the same import), which it joins. The handle (`robe-ete`) when it is
 * short, else the SKU its variants share (`ROBE12-RED-M`, `ROBE12-BLUE-S` → `robe12`) when there is
 * one, else the handle cut after whole words; the title when the shop gives neither. A keyword
 * already taken gets `-2`, `-3`…
 */
export function proposeKeyword(product: ShopProduct, taken: Set<string>): string {
  const handle = keywordOf(product.handle);
  const sku = skuStem(product);
  let base =
    handle && handle.length <= HANDLE_KEYWORD_MAX
      ? handle
      : sku || cutWords(handle || keywordOf(product.title), HANDLE_KEYWORD_MAX);
  if (!base) base = `produit-${keywordOf(product.id) || '1'}`;
  base = cutWords(base, MAX_KEYWORD_LENGTH);
  let keyword = base;
  for (let n = 2; taken.has(keyword); n++) {
    const suffix = `-${n}`;
    keyword = `${base.slice(0, MAX_KEYWORD_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
  }
  taken.add(keyword);
  return keyword;
}
