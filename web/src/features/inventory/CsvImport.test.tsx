import { CSV_MAX_BYTES } from '@livecart/contract/constants';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import i18n from '../../app/i18n';
import { errorResponse, mockApi } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import InventoryPage from './InventoryPage';

afterEach(() => vi.unstubAllGlobals());

const additional = {
  colors: [],
  sizes: [],
  sizesTable: { letters: [], eu: [], shoes: [], one_size: [] },
  materials: [],
  styles: [],
  tags: [],
  priceRange: { min: 0, max: 0 },
  qtyRange: { min: 0, max: 0 },
};

const importCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/products/import'));

/** Opens the import modal of the inventory and drops `file` on it. */
async function dropFile(file: File) {
  renderWithApp(<InventoryPage />, { route: '/inventory', user: makeUser() });
  fireEvent.click(await screen.findByTestId('csv-import-open'));
  const modal = await screen.findByTestId('csv-import-modal');
  const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

const tooLargeFr =
  "Le fichier CSV dépasse 20 Mo, la taille maximale d'un import : découpez-le en fichiers plus petits. Rien n'a été importé.";

describe('trust #11: the import screen says why a file is refused', () => {
  it('a file the server finds too large: its 413 message shows in the import modal', async () => {
    const fetchMock = mockApi({
      'GET /api/fetch-products': { count: 0, items: [] },
      'GET /api/products/fetch-additional': additional,
      'POST /api/products/import': () => errorResponse(413, 'csv_too_large', 'x'),
    });
    await dropFile(new File(['name,price\n'], 'products.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('csv-import-error')).textContent).toBe(tooLargeFr);
    expect(importCalls(fetchMock)).toHaveLength(1);
  });

  it('a file over 20 MB is not sent: the modal says so at once', async () => {
    const fetchMock = mockApi({
      'GET /api/fetch-products': { count: 0, items: [] },
      'GET /api/products/fetch-additional': additional,
    });
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: CSV_MAX_BYTES + 1 });
    await dropFile(big);
    expect((await screen.findByTestId('csv-import-error')).textContent).toBe(tooLargeFr);
    expect(importCalls(fetchMock)).toHaveLength(0);
  });

  it('the product limit, in English', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    mockApi({
      'GET /api/fetch-products': { count: 0, items: [] },
      'GET /api/products/fetch-additional': additional,
      'POST /api/products/import': () => errorResponse(409, 'product_limit', 'x'),
    });
    await dropFile(new File(['name,price\n'], 'products.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(screen.getByTestId('csv-import-error').textContent).toBe(
        'A seller can have at most 10,000 products: delete some before adding more. Nothing was added.',
      ),
    );
  });
});
