import type { TProduct } from '@livecart/contract/products';
import { describe, expect, it } from 'vitest';
import {
  buildGrid,
  EMPTY_PRODUCT,
  fieldPath,
  fillGrid,
  splitKeywords,
  toFormValues,
  toProductBody,
} from './grid';

describe('the configurations grid', () => {
  it('has one row per selected colour × size, colours first', () => {
    expect(buildGrid([1, 2], [10, 11, 12]).map((r) => [r.color_id, r.size_id])).toEqual([
      [1, 10],
      [1, 11],
      [1, 12],
      [2, 10],
      [2, 11],
      [2, 12],
    ]);
  });

  it('keeps the entered values when a colour is added', () => {
    const before = [{ color_id: 1, size_id: 10, price: 12, sku: 'A1', quantity: 3 }];
    const after = buildGrid([1, 2], [10], before);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toEqual({ color_id: 2, size_id: 10 });
  });

  it('drops the rows of a removed size and is empty without colours', () => {
    const rows = buildGrid([1], [10, 11]);
    expect(buildGrid([1], [11], rows)).toEqual([{ color_id: 1, size_id: 11 }]);
    expect(buildGrid([], [10, 11], rows)).toEqual([]);
  });

  it('fills every row with a price or a quantity, leaving the rest', () => {
    const rows = fillGrid(buildGrid([1], [10, 11]), { price: 9.5 });
    expect(rows.map((r) => r.price)).toEqual([9.5, 9.5]);
    expect(rows.map((r) => r.quantity)).toEqual([undefined, undefined]);
    expect(fillGrid(rows, { quantity: 4 }).map((r) => [r.price, r.quantity])).toEqual([
      [9.5, 4],
      [9.5, 4],
    ]);
  });
});

describe('editor helpers', () => {
  it('turns a server field name into a form path', () => {
    expect(fieldPath('configurations.3.sku')).toEqual(['configurations', 3, 'sku']);
    expect(fieldPath('name')).toEqual(['name']);
  });

  it('splits keywords on commas', () => {
    expect(splitKeywords(' robe12, #dress ,,')).toEqual(['robe12', '#dress']);
  });

  it('sends a simple product with its one colour, price, SKU and quantity', () => {
    const body = toProductBody(
      { ...EMPTY_PRODUCT, name: 'Scarf', keywords: ['a', 'b'], color: 3, price: 5, sku: 'S1', quantity: 2 },
      undefined,
      [],
    );
    expect(body).toMatchObject({
      id: null,
      keywords: 'a, b',
      configured: false,
      selectedColors: [3],
      selectedSizes: [],
      configurations: [],
      price: 5,
      sku: 'S1',
      quantity: 2,
    });
    expect(body).not.toHaveProperty('photos');
  });

  it('sends back the stock it loaded with each row, so the server applies the change to the stock as it is now', () => {
    const loaded = {
      id: 7,
      name: 'Robe',
      description: '',
      isPublish: true,
      configured: true,
      keywords: 'robe7',
      price: 30,
      quantity: 9,
      sku: null,
      style: null,
      material: null,
      selectedColors: [1],
      selectedSizes: [2, 3],
      colors: [],
      sizes: [],
      configurations: [
        { id: 11, color_id: 1, size_id: 2, price: 30, sku: 'R-M', quantity: 5 },
        { id: 12, color_id: 1, size_id: 3, price: 30, sku: 'R-L', quantity: 4 },
      ],
      photos: [],
      tags: [],
      created_at: '',
      updated_at: '',
    } satisfies TProduct;
    const values = toFormValues(loaded);
    const edited = {
      ...values,
      configurations: [{ ...values.configurations[0], quantity: 8 }, values.configurations[1]],
    };
    // A size added in the editor has no stock loaded: what is typed is its stock.
    const grid = buildGrid([1], [2, 3, 4], edited.configurations).map((r) =>
      r.size_id === 4 ? { ...r, price: 30, sku: 'R-XL', quantity: 2 } : r,
    );
    const body = toProductBody({ ...edited, selectedSizes: [2, 3, 4], configurations: grid }, 7, []);
    expect(body.configurations).toEqual([
      { color_id: 1, size_id: 2, price: 30, sku: 'R-M', quantity: 8, quantity_loaded: 5 },
      { color_id: 1, size_id: 3, price: 30, sku: 'R-L', quantity: 4, quantity_loaded: 4 },
      { color_id: 1, size_id: 4, price: 30, sku: 'R-XL', quantity: 2 },
    ]);
    const simple = toFormValues({ ...loaded, configured: false, configurations: [loaded.configurations[0]] });
    expect(toProductBody({ ...simple, quantity: 6 }, 7, [])).toMatchObject({
      quantity: 6,
      quantity_loaded: 5,
    });
  });
});
