import type { TShopperOrder } from '@livecart/contract/shopperOrders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayRangeInputs, typeDayRange } from '../../test/dayRange';
import { mockApi } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import OrdersRoute from './OrdersRoute';
import ShopperOrdersPage from './ShopperOrdersPage';

afterEach(() => vi.unstubAllGlobals());

const shopper = makeUser({ id: 9, role_id: 1, subscription_id: null, planId: null });

function order(patch: Partial<TShopperOrder> = {}): TShopperOrder {
  return {
    id: 1,
    order_number: 'LCPAID0001',
    status: 'payed',
    created_at: '2026-03-05T10:00:00Z',
    expires_at: null,
    paid_at: '2026-03-05T10:05:00Z',
    seller_id: 7,
    merchant: 'Boutique Sophie Live',
    store_name: 'Boutique Sophie Live',
    shipping_amount: 4.9,
    total_amount: 44.8,
    items: [
      {
        id: 11,
        name: 'Robe fleurie',
        color_label: 'Rouge',
        size_label: 'M',
        quantity: 1,
        price: 39.9,
        photo: null,
      },
    ],
    can_pay: false,
    invoice_number: 'F-2026-000001',
    ...patch,
  };
}

const ORDERS = [
  order({
    id: 2,
    order_number: 'LCOPEN0002',
    status: 'new',
    paid_at: null,
    merchant: 'Maison & Co',
    store_name: 'Maison & Co',
    expires_at: '2099-01-01T00:00:00Z',
    can_pay: true,
    invoice_number: null,
    total_amount: 25,
  }),
  order({ id: 3, order_number: 'LCGONE0003', status: 'expired', paid_at: null, invoice_number: null }),
  order({ id: 4, order_number: 'LCBACK0004', status: 'canceled', invoice_number: 'F-2026-000002' }),
  order(),
];

const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /api/orders/fetch-items': {
    count: ORDERS.length,
    items: ORDERS,
    itemsStatuses: { new: 1, payed: 1, shipped: 0, canceled: 1, expired: 1, waiting: 2 },
  },
  ...extra,
});

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/orders/fetch-items'));

describe('Shopper orders', () => {
  it('lists the shopper’s orders with merchant, articles, total and the SPEC status labels', {
    timeout: 30_000,
  }, async () => {
    mockApi(routes());
    renderWithApp(<ShopperOrdersPage />, { route: '/orders', user: shopper });
    await screen.findByTestId('shopper-order-row-LCPAID0001');
    expect(screen.getByTestId('shopper-order-status-LCPAID0001').textContent).toBe('Payée');
    expect(screen.getByTestId('shopper-order-status-LCOPEN0002').textContent).toBe('Nouvelle');
    expect(screen.getByTestId('shopper-order-status-LCBACK0004').textContent).toBe('Remboursée');
    expect(screen.getByTestId('shopper-order-status-LCGONE0003').textContent).toBe('Expirée');
    const tr = screen.getByTestId('shopper-order-row-LCPAID0001').closest('tr') as HTMLElement;
    const text = tr.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('Boutique Sophie Live');
    expect(text).toContain('1 × Robe fleurie');
    expect(text).toContain('05/03/2026');
    expect(text).toContain('44,80 €');
    expect(screen.getByTestId('shopper-orders-count-waiting').textContent).toContain('2');
  });

  it('offers to pay only an open order and takes the shopper to its checkout', async () => {
    mockApi(routes());
    const { container } = renderWithApp(<ShopperOrdersPage />, { route: '/en/orders', user: shopper });
    const pay = await screen.findByTestId('shopper-order-pay-LCOPEN0002');
    expect(screen.queryByTestId('shopper-order-pay-LCPAID0001')).toBeNull();
    expect(screen.queryByTestId('shopper-order-pay-LCGONE0003')).toBeNull();
    fireEvent.click(pay);
    await waitFor(() =>
      expect(currentLocation(container)).toBe('/en/checkout/LCOPEN0002?storeName=Maison%20%26%20Co'),
    );
  });

  it('downloads the invoice of a paid order', async () => {
    mockApi(routes());
    renderWithApp(<ShopperOrdersPage />, { route: '/orders', user: shopper });
    const link = await screen.findByTestId('shopper-order-invoice-LCPAID0001');
    expect(link.getAttribute('href')).toBe('/api/invoices/LCPAID0001.pdf');
    expect(screen.queryByTestId('shopper-order-invoice-LCOPEN0002')).toBeNull();
  });

  it('filters by status from the counts, kept in the address', async () => {
    const fetchMock = mockApi(routes());
    const { container } = renderWithApp(<ShopperOrdersPage />, { route: '/orders', user: shopper });
    await screen.findByTestId('shopper-order-row-LCPAID0001');
    fireEvent.click(screen.getByTestId('shopper-orders-count-payed'));
    await waitFor(() => expect(listCalls(fetchMock).length).toBe(2));
    const url = new URL(String(listCalls(fetchMock)[1][0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('queryFilter') ?? '{}')).toEqual({ status: 'payed' });
    expect(decodeURIComponent(currentLocation(container))).toContain('"status":"payed"');
  });

  it('filters by days of creation, sent as YYYY-MM-DD days and kept in the address', async () => {
    const fetchMock = mockApi(routes());
    const from = encodeURIComponent(JSON.stringify({ created_at: { from: '2026-03-01' } }));
    const { container } = renderWithApp(<ShopperOrdersPage />, {
      route: `/orders?queryFilter=${from}`,
      user: shopper,
    });
    await screen.findByTestId('shopper-order-row-LCPAID0001');
    expect(dayRangeInputs('filter-created-at').from.value).toBe('01/03/2026');
    await typeDayRange('filter-created-at', { to: '31/03/2026' });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(listCalls(fetchMock).length).toBe(2));
    const url = new URL(String(listCalls(fetchMock)[1][0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('queryFilter') ?? '{}')).toEqual({
      created_at: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(decodeURIComponent(currentLocation(container))).toContain('"to":"2026-03-31"');
  });

  it('says so when the shopper has no order', async () => {
    mockApi(
      routes({
        'GET /api/orders/fetch-items': {
          count: 0,
          items: [],
          itemsStatuses: { new: 0, payed: 0, shipped: 0, canceled: 0, expired: 0, waiting: 0 },
        },
      }),
    );
    renderWithApp(<ShopperOrdersPage />, { route: '/orders', user: shopper });
    expect(await screen.findByText('Le tableau est vide')).toBeTruthy();
  });

  it('/orders shows the shopper their orders', async () => {
    const fetchMock = mockApi(routes());
    renderWithApp(<OrdersRoute />, { route: '/orders', user: shopper });
    expect(await screen.findByTestId('shopper-orders-page')).toBeTruthy();
    expect(listCalls(fetchMock).length).toBeGreaterThan(0);
  });

  it('orders #12: /orders shows a seller the Orders screen, not the shopper list', async () => {
    mockApi(routes());
    renderWithApp(<OrdersRoute />, { route: '/orders', user: makeUser() });
    expect(await screen.findByTestId('orders-page')).toBeTruthy();
    expect(screen.queryByTestId('shopper-orders-page')).toBeNull();
  });
});
