import type { TBuyerDashboard, TSellerDashboard } from '@livecart/contract/dashboard';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '../../app/format';
import i18n from '../../app/i18n';
import { mockApi } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { makeUser, renderWithApp } from '../../test/render';
import DashboardPage from './DashboardPage';

afterEach(() => vi.unstubAllGlobals());

const t = i18n.t;

const ORDER = {
  id: 5,
  order_number: 'LCDASH0005',
  status: 'payed' as const,
  total_amount: 44.8,
  created_at: '2026-03-05T23:30:00Z',
  buyer_name: 'Camille Durand',
  seller_name: 'Boutique Léa',
};

/** The headers and rows of a dashboard card's table, as text. */
function tableOf(testId: string) {
  const card = screen.getByTestId(testId);
  const headers = within(card)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const rows = within(card)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
  return { card, headers, rows };
}

describe('Dashboard', () => {
  it('shows a seller the latest orders with their shoppers, and the shoppers who spent most', {
    timeout: 30_000,
  }, async () => {
    const data: TSellerDashboard = {
      totals: { total_amount: 44.8, total_refund: 0, total_buyers: 1, total_pending: 0, total_shipping: 4.9 },
      orders: { count: 1, items: [ORDER] },
      buyers: {
        count: 1,
        items: [{ id: 9, key: 'u9', name: 'Camille Durand', orders_count: 3, total_spent: 120 }],
      },
    };
    mockApi({ 'GET /api/dashboard/fetch-items': data });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser() });
    await screen.findByTestId('dashboard-orders');
    const orders = tableOf('dashboard-orders');
    expect(orders.card.textContent).toContain(t('dashboard.latestOrders'));
    expect(orders.headers).toEqual([
      t('dashboard.order'),
      t('dashboard.date'),
      t('dashboard.shopper'),
      t('dashboard.status'),
      t('dashboard.total'),
    ]);
    // 23:30 UTC is already the next day in Paris
    expect(orders.rows[0]).toContain('LCDASH0005');
    expect(orders.rows[0]).toContain('06/03/2026');
    expect(orders.rows[0]).toContain('Camille Durand');
    expect(orders.rows[0]).toContain(t('orderStatus.payed'));
    const buyers = tableOf('dashboard-buyers');
    expect(buyers.card.textContent).toContain(t('dashboard.latestBuyers'));
    expect(buyers.headers).toEqual([
      t('dashboard.shopper'),
      t('dashboard.ordersCount'),
      t('dashboard.totalSpent'),
    ]);
    expect(buyers.rows[0]).toBe(`Camille Durand3${formatEuros(120)}`);
  });

  it('shows a shopper their orders with the shop, and says so when a table is empty', async () => {
    const data: TBuyerDashboard = {
      totals: { orders: 0, total_spent: 0 },
      orders: { count: 0, items: [] },
    };
    mockApi({ 'GET /api/dashboard/fetch-items': data });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser({ role_id: 1 }) });
    await screen.findByTestId('dashboard-orders');
    const orders = tableOf('dashboard-orders');
    expect(orders.headers).toContain(t('dashboard.shop'));
    expect(orders.headers).not.toContain(t('dashboard.shopper'));
    expect(orders.card.textContent).toContain(t('list.empty'));
    expect(screen.queryByTestId('dashboard-buyers')).toBeNull();
  });
});

describe('screens #9: on a phone the dashboard keeps every total and amount readable', () => {
  onPhone();

  it('lists the latest orders and shoppers as lines with their status and amounts, no cut-off columns', {
    timeout: 30_000,
  }, async () => {
    const data: TSellerDashboard = {
      totals: { total_amount: 44.8, total_refund: 0, total_buyers: 1, total_pending: 0, total_shipping: 4.9 },
      orders: { count: 1, items: [ORDER] },
      buyers: {
        count: 1,
        items: [{ id: 9, key: 'u9', name: 'Camille Durand', orders_count: 3, total_spent: 120 }],
      },
    };
    mockApi({ 'GET /api/dashboard/fetch-items': data });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser() });
    const orders = await screen.findByTestId('dashboard-orders');
    expect(orders.querySelector('table')).toBeNull();
    const [order] = within(orders).getAllByTestId('dashboard-row');
    const text = order.textContent?.replace(/\s/g, ' ');
    expect(text).toContain('LCDASH0005');
    expect(text).toContain('06/03/2026 · Camille Durand');
    expect(text).toContain(formatEuros(44.8).replace(/\s/g, ' '));
    expect(text).toContain(t('orderStatus.payed'));
    const buyers = screen.getByTestId('dashboard-buyers');
    expect(buyers.querySelector('table')).toBeNull();
    const [buyer] = within(buyers).getAllByTestId('dashboard-row');
    expect(buyer.textContent?.replace(/\s/g, ' ')).toBe(
      `Camille Durand3 commandes${formatEuros(120)}`.replace(/\s/g, ' '),
    );
    expect(screen.getByTestId('stat-total_amount').textContent).toContain(t('dashboard.totals.total_amount'));
  });

  it('says so when a shopper has no order yet', async () => {
    const data: TBuyerDashboard = { totals: { orders: 0, total_spent: 0 }, orders: { count: 0, items: [] } };
    mockApi({ 'GET /api/dashboard/fetch-items': data });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser({ role_id: 1 }) });
    const orders = await screen.findByTestId('dashboard-orders');
    expect(orders.textContent).toContain(t('list.empty'));
    expect(within(orders).queryAllByTestId('dashboard-row')).toHaveLength(0);
  });
});
