import { describe, expect, it } from 'vitest';
import type { ShopProduct, ShopVariant } from '../../integrations/shops/platform.ts';
import { referenceNames } from '../products/reference-names.ts';
import { keywordOf, mapProduct, optionKind, proposeKeyword, skuStem } from './options.ts';

const colors = [
  { id: 1, code: 'red', name_fr: 'Rouge', name_en: 'Red', hex: '#D22B2B' },
  { id: 2, code: 'navy', name_fr: 'Bleu marine', name_en: 'Navy blue', hex: '#1F2A44' },
  { id: 3, code: 'ecru', name_fr: 'Écru', name_en: 'Ecru', hex: '#F3EBDD' },
];
const sizes = [
  { id: 10, code: 'S', name_fr: 'S', name_en: 'S', size_table: 'letters' as const },
  { id: 11, code: 'M', name_fr: 'M', name_en: 'M', size_table: 'letters' as const },
  { id: 20, code: '36', name_fr: '36', name_en: '36', size_table: 'eu' as const },
  { id: 21, code: '38', name_fr: '38', name_en: '38', size_table: 'eu' as const },
  { id: 30, code: '38', name_fr: '38', name_en: '38', size_table: 'shoes' as const },
  { id: 31, code: '39', name_fr: '39', name_en: '39', size_table: 'shoes' as const },
  {
    id: 40,
    code: 'one_size',
    name_fr: 'Taille unique',
    name_en: 'One size',
    size_table: 'one_size' as const,
  },
];
const ref = referenceNames({ colors, sizes, styles: [] });

let nextId = 1;
const variant = (options: [string, string][], patch: Partial<ShopVariant> = {}): ShopVariant => {
  const id = String(nextId++);
  return {
    productId: 'p',
    variantId: id,
    inventoryItemId: null,
    sku: null,
    priceCents: 1000,
    stock: 1,
    options: options.map(([name, value]) => ({ name, value })),
    imageUrl: null,
    ...patch,
  };
};
const product = (variants: ShopVariant[], patch: Partial<ShopProduct> = {}): ShopProduct => ({
  id: 'p1',
  title: 'Robe',
  handle: 'robe',
  description: '',
  imageUrls: [],
  variants,
  ...patch,
});
const pairs = (m: ReturnType<typeof mapProduct>) => m.variants.map((v) => [v.color_id, v.size_id]);

describe('option names', () => {
  it('colour and size in French and English, case and accents ignored', () => {
    for (const n of ['Couleur', 'COLOR', 'colour', 'Coloris', 'couleurs', 'Teinte']) {
      expect(optionKind(n)).toEqual({ kind: 'color' });
    }
    for (const n of ['Taille', 'size', 'TAILLES'])
      expect(optionKind(n)).toEqual({ kind: 'size', shoes: false });
    for (const n of ['Pointure', 'Shoe size', 'shoe-size'])
      expect(optionKind(n)).toEqual({ kind: 'size', shoes: true });
    expect(optionKind('Title', 'Default Title')).toEqual({ kind: 'none' });
    expect(optionKind('Title', 'Robe longue')).toBeNull();
    expect(optionKind('Matière')).toBeNull();
  });
});

describe('mapProduct', () => {
  it('maps values by code, French or English name, accents and case ignored', () => {
    const m = mapProduct(
      product([
        variant([
          ['Couleur', 'rouge'],
          ['Taille', 'S'],
        ]),
        variant([
          ['Couleur', 'NAVY BLUE'],
          ['Taille', 's'],
        ]),
        variant([
          ['Couleur', 'ecru'],
          ['Taille', 'm'],
        ]),
        variant([
          ['Couleur', 'Bleu Marine'],
          ['Taille', 'M'],
        ]),
      ]),
      ref,
    );
    expect(pairs(m)).toEqual([
      [1, 10],
      [2, 10],
      [3, 11],
      [2, 11],
    ]);
    expect(m.simple).toBe(false);
    expect(m.unknown).toEqual([]);
    expect(m.skipped).toEqual([]);
  });

  it('reads 38 in the table the other sizes use, and in the shoe table for a Pointure', () => {
    const eu = mapProduct(product([variant([['Taille', '36']]), variant([['Taille', '38']])]), ref);
    expect(pairs(eu)).toEqual([
      [null, 20],
      [null, 21],
    ]);
    const shoes = mapProduct(product([variant([['Size', '38']]), variant([['Size', '39']])]), ref);
    expect(pairs(shoes)).toEqual([
      [null, 30],
      [null, 31],
    ]);
    const pointure = mapProduct(product([variant([['Pointure', '38']]), variant([['Pointure', '36']])]), ref);
    // 36 is no shoe size here: the shoe table does not hold them all, the EU one does.
    expect(pairs(pointure)).toEqual([
      [null, 21],
      [null, 20],
    ]);
    const onlyPointure = mapProduct(product([variant([['Pointure', '38']])]), ref);
    expect(pairs(onlyPointure)).toEqual([[null, 30]]);
  });

  it('reports unknown values and leaves their variants out, never guessing', () => {
    const m = mapProduct(
      product([
        variant([
          ['Couleur', 'Rouge'],
          ['Taille', 'S'],
        ]),
        variant([
          ['Couleur', 'Vermillon'],
          ['Taille', 'S'],
        ]),
        variant([
          ['Couleur', 'Vermillon'],
          ['Taille', 'M'],
        ]),
        variant([
          ['Couleur', 'Rouge'],
          ['Taille', 'XXXXL'],
        ]),
      ]),
      ref,
    );
    expect(pairs(m)).toEqual([[1, 10]]);
    expect(m.simple).toBe(true);
    expect(m.unknown).toEqual([
      { product: 'Robe', option: 'Couleur', value: 'Vermillon' },
      { product: 'Robe', option: 'Taille', value: 'XXXXL' },
    ]);
  });

  it('an unknown option is reported; variants it alone told apart keep the first', () => {
    const m = mapProduct(
      product([
        variant([
          ['Couleur', 'Rouge'],
          ['Matière', 'Coton'],
        ]),
        variant([
          ['Couleur', 'Rouge'],
          ['Matière', 'Lin'],
        ]),
        variant([
          ['Couleur', 'Écru'],
          ['Matière', 'Lin'],
        ]),
      ]),
      ref,
    );
    expect(pairs(m)).toEqual([
      [1, null],
      [3, null],
    ]);
    expect(m.unknown).toEqual([
      { product: 'Robe', option: 'Matière', value: 'Coton' },
      { product: 'Robe', option: 'Matière', value: 'Lin' },
    ]);
    expect(m.skipped).toEqual([{ product: 'Robe (Rouge / Lin)', reason: 'duplicate_variant' }]);
  });

  it('a second colour option is reported, the first is the colour', () => {
    const m = mapProduct(
      product([
        variant([
          ['Color', 'Red'],
          ['Couleur', 'Bleu'],
        ]),
      ]),
      ref,
    );
    expect(pairs(m)).toEqual([[1, null]]);
    expect(m.unknown).toEqual([{ product: 'Robe', option: 'Couleur', value: 'Bleu' }]);
  });

  it('a product without options is a simple product without colour or size', () => {
    expect(mapProduct(product([variant([])]), ref)).toMatchObject({ simple: true, unknown: [], skipped: [] });
    const shopify = mapProduct(product([variant([['Title', 'Default Title']])]), ref);
    expect(pairs(shopify)).toEqual([[null, null]]);
    expect(shopify.unknown).toEqual([]);
  });

  it('a product none of whose variants maps is skipped', () => {
    const m = mapProduct(product([variant([['Couleur', 'Vermillon']])], { title: 'Jupe' }), ref);
    expect(m.variants).toEqual([]);
    expect(m.skipped).toEqual([{ product: 'Jupe', reason: 'no_variant_mapped' }]);
  });
});

describe('proposeKeyword', () => {
  it('the handle when short, else the SKU the variants share, normalised', () => {
    expect(proposeKeyword(product([variant([])], { handle: 'Robe-Été' }), new Set())).toBe('robe-ete');
    const long = product([variant([], { sku: 'ROBE12-RED-M' }), variant([], { sku: 'ROBE12-NAVY-S' })], {
      handle: 'robe-longue-fleurie-en-coton-bio',
    });
    expect(skuStem(long)).toBe('robe12');
    expect(proposeKeyword(long, new Set())).toBe('robe12');
    const noSku = product([variant([])], { handle: 'robe-longue-fleurie-en-coton-bio' });
    expect(proposeKeyword(noSku, new Set())).toBe('robe-longue-fleurie-en');
    expect(proposeKeyword(product([variant([])], { handle: '', title: 'Pull, doux' }), new Set())).toBe(
      'pull-doux',
    );
    expect(keywordOf('#Sac à main, cuir')).toBe('sac-a-main-cuir');
  });

  it('unique among the taken keywords and the batch: -2, -3…', () => {
    const taken = new Set(['robe']);
    expect(proposeKeyword(product([variant([])]), taken)).toBe('robe-2');
    expect(proposeKeyword(product([variant([])]), taken)).toBe('robe-3');
    expect(taken).toEqual(new Set(['robe', 'robe-2', 'robe-3']));
    const fifty = 'a'.repeat(50);
    const t2 = new Set([fifty]);
    const k = proposeKeyword(product([variant([], { sku: null })], { handle: fifty }), t2);
    expect(k.length).toBeLessThanOrEqual(50);
  });
});
