import type { TProductListItem } from '@livecart/contract/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { onPhone } from '../../test/phone';
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

const product: TProductListItem = {
  id: 12,
  name: 'Robe fleurie en coton biologique',
  description: 'Robe légère',
  sku: 'ROBE12',
  keywords: 'robe12',
  isPublish: true,
  configured: true,
  price: 39.9,
  price_max: 39.9,
  quantity: 6,
  colors: [],
  sizes: [],
  photo: null,
  created_at: '2026-03-05T10:00:00Z',
};

describe('screens #9: on a phone the inventory keeps each product name and its actions in view', () => {
  onPhone();

  it('shows the photo beside the name and one actions menu per product, whose Copy copies it', {
    timeout: 30_000,
  }, async () => {
    const fetchMock = mockApi({
      'GET /api/fetch-products': { count: 1, items: [product] },
      'GET /api/products/fetch-additional': additional,
      'GET /api/products/copy/12': { productIds: [13] },
    });
    renderWithApp(<InventoryPage />, { route: '/inventory', user: makeUser() });
    const name = await screen.findByTestId('product-name');
    const cell = name.closest('td') as HTMLElement;
    // the photo is in the name's cell, not a column of its own that pushes the name away
    expect(within(cell).getByTestId('product-photo')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Photo' })).toBeNull();
    // one button per row instead of three, named after the product
    expect(screen.queryByTestId('product-copy')).toBeNull();
    const menu = screen.getByTestId('product-actions');
    expect(menu.getAttribute('aria-label')).toBe('Actions pour Robe fleurie en coton biologique');
    fireEvent.click(menu);
    fireEvent.click(await screen.findByTestId('product-copy'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/products/copy/12')).toBe(true),
    );
  });
});
