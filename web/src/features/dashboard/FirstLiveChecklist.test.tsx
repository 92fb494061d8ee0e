import type { TOnboardingChecklist } from '@livecart/contract/onboarding';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import DashboardPage from './DashboardPage';

afterEach(() => vi.unstubAllGlobals());

const EMPTY_DASHBOARD = {
  totals: { total_amount: 0, total_refund: 0, total_buyers: 0, total_pending: 0, total_shipping: 0 },
  orders: { count: 0, items: [] },
  buyers: { count: 0, items: [] },
};

const checklist = (done: string[], patch: Partial<TOnboardingChecklist> = {}): TOnboardingChecklist => {
  const keys = ['shop', 'payment', 'shipping', 'legal', 'product', 'live'] as const;
  return {
    steps: keys.map((key) => ({ key, done: done.includes(key) })),
    done: done.length,
    total: keys.length,
    dismissed: false,
    ...patch,
  };
};

describe('the first-live checklist on the dashboard', { timeout: 60_000 }, () => {
  it('shows a new seller the steps left, each ticked or linking to its screen', async () => {
    mockApi({
      'GET /api/dashboard/fetch-items': EMPTY_DASHBOARD,
      'GET /api/onboarding/checklist': checklist(['shop', 'payment', 'product']),
    });
    const { container } = renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser() });
    const card = await screen.findByTestId('checklist');
    expect(card.textContent).toContain('Votre premier live');
    expect(screen.getByTestId('checklist-progress').textContent).toBe('3/6');
    expect(screen.getByTestId('checklist-step-shop').getAttribute('data-done')).toBe('true');
    expect(screen.getByTestId('checklist-step-shipping').getAttribute('data-done')).toBe('false');
    expect(screen.getByTestId('checklist-step-shipping').textContent).toContain(
      'Activez un mode de livraison et donnez-lui un prix pour un pays',
    );
    expect(screen.queryByTestId('checklist-link-shop')).toBeNull();
    expect(screen.getByTestId('checklist-link-legal').getAttribute('href')).toBe('/settings#legal');
    expect(screen.getByTestId('checklist-link-live').getAttribute('href')).toBe('/liveselling');
    fireEvent.click(screen.getByTestId('checklist-link-shipping'));
    await waitFor(() => expect(currentLocation(container)).toBe('/shipping/list'));
  });

  it('is hidden once every step is done, or once dismissed; the close button dismisses it', async () => {
    let dismissed = 0;
    mockApi({
      'GET /api/dashboard/fetch-items': EMPTY_DASHBOARD,
      'GET /api/onboarding/checklist': () => checklist([], { dismissed: dismissed > 0 }),
      'POST /api/onboarding/dismiss': () => {
        dismissed++;
        return { success: true };
      },
    });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser() });
    fireEvent.click(await screen.findByTestId('checklist-dismiss'));
    await waitFor(() => expect(dismissed).toBe(1));
    await waitFor(() => expect(screen.queryByTestId('checklist')).toBeNull());

    vi.unstubAllGlobals();
    mockApi({
      'GET /api/dashboard/fetch-items': EMPTY_DASHBOARD,
      'GET /api/onboarding/checklist': checklist(['shop', 'payment', 'shipping', 'legal', 'product', 'live']),
    });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser() });
    await screen.findAllByTestId('stat-total_amount');
    expect(screen.queryByTestId('checklist')).toBeNull();
  });

  it('is not shown to admin (not even asked for)', async () => {
    const fetchMock = mockApi({
      'GET /api/dashboard/fetch-items': EMPTY_DASHBOARD,
      'GET /api/onboarding/checklist': checklist([]),
    });
    renderWithApp(<DashboardPage />, { route: '/dashboard', user: makeUser({ role_id: 3 }) });
    await screen.findByTestId('stat-total_amount');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/onboarding/checklist');
    expect(screen.queryByTestId('checklist')).toBeNull();
  });

  describe('on a phone', () => {
    onPhone();
    it('lists the steps with their links', async () => {
      mockApi({
        'GET /api/dashboard/fetch-items': EMPTY_DASHBOARD,
        'GET /api/onboarding/checklist': checklist(['shop']),
      });
      renderWithApp(<DashboardPage />, { route: '/en/dashboard', user: makeUser() });
      const card = await screen.findByTestId('checklist');
      expect(within(card).getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
      expect(screen.getByTestId('checklist-link-product').getAttribute('href')).toBe('/en/inventory/new');
    });
  });
});
