import { CSV_COLUMNS } from '@livecart/contract/products';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CsvRules, columnsOf } from './CsvRules';

describe('the CSV import rules', () => {
  it('lists every column of the import, in its order, in both languages', () => {
    expect(columnsOf('fr')).toEqual([...CSV_COLUMNS]);
    expect(columnsOf('en')).toEqual([...CSV_COLUMNS]);
  });

  it('shows each column with its rule, and the example file to download', () => {
    render(<CsvRules locale="en" />);
    const table = screen.getByTestId('csv-rules-table');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(CSV_COLUMNS.length);
    expect(table.textContent).toContain('photo links');
    expect(table.textContent).toContain('letters and digits only');
    expect(screen.getByTestId('csv-example-download').getAttribute('href')).toBe('/api/products/csv-example');
    for (const id of ['columns', 'variations', 'formats', 'limits']) {
      expect(document.getElementById(id)?.tagName, id).toBe('H2');
    }
  });
});
