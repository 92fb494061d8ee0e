import { describe, expect, it } from 'vitest';
import { buildGrid, EMPTY_PRODUCT, fieldPath, fillGrid, splitKeywords, toProductBody } from './grid';

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
});
