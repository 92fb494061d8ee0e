import type { TDashboardSales, TSellerDashboard } from '@livecart/contract/dashboard';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import DashboardPage from './DashboardPage';

afterEach(() => vi.unstubAllGlobals());

const dashboard: TSellerDashboard = {
  totals: { total_amount: 52.24, total_refund: 0, total_buyers: 2, total_pending: 1, total_shipping: 0 },
  orders: { count: 0, items: [] },
  buyers: { count: 0, items: [] },
};

const days = Array.from({ length: 30 }, (_, i) => {
  const d = new Date(Date.UTC(2026, 10, 1 + i));
  return { day: d.toISOString().slice(0, 10), paid: i === 29 ? 2 : 0, revenue: i === 29 ? 22.34 : 0 };
});

describe('Dashboard sales chart', { timeout: 30_000 }, () => {
  it('orders #12 report: draws sales per day over 30 days and per live, dates in DD/MM/YYYY', async () => {
    const sales: TDashboardSales = {
      days,
      lives: [
        { session_id: 3, event_date: '2026-11-20', event_time: '20:30', carts: 4, paid: 1, revenue: 29.9 },
        { session_id: 4, event_date: '2026-11-30', event_time: '18:00', carts: 3, paid: 2, revenue: 22.34 },
      ],
    };
    mockApi({ 'GET /api/dashboard/fetch-items': dashboard, 'GET /api/dashboard/sales': sales });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser() });

    const byDay = await screen.findByTestId('sales-by-day');
    expect(
      within(byDay).getByRole('img', { name: "Chiffre d'affaires par jour, 30 derniers jours" }),
    ).toBeTruthy();
    const bars = within(byDay).getAllByTestId('sales-by-day-bar');
    expect(bars).toHaveLength(30);
    expect(bars.at(-1)?.getAttribute('data-value')).toBe('22.34');
    const rows = within(within(byDay).getByRole('table')).getAllByRole('row');
    expect(rows.at(-1)?.textContent).toContain('30/11/2026');
    expect(rows.at(-1)?.textContent).toContain('22,34');

    const byLive = screen.getByTestId('sales-by-live');
    expect(
      within(byLive)
        .getAllByTestId('sales-by-live-bar')
        .map((b) => b.getAttribute('data-value')),
    ).toEqual(['29.9', '22.34']);
    expect(within(byLive).getByRole('table').textContent).toContain('20/11/2026 20:30');
  });

  it('orders #12 report: says there is no live yet', async () => {
    mockApi({ 'GET /api/dashboard/fetch-items': dashboard, 'GET /api/dashboard/sales': { days, lives: [] } });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser() });
    expect(await screen.findByText("Aucun live pour l'instant")).toBeTruthy();
  });
});
