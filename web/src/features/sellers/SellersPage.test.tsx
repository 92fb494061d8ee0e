import type { TSellerListItem } from '@livecart/contract/sellers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import SellersPage from './SellersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const admin = makeUser({
  id: 1,
  role_id: 3,
  first_name: 'Alice',
  last_name: 'Admin',
  email: 'admin@demo.test',
});
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const seller = (patch: Partial<TSellerListItem> = {}): TSellerListItem => ({
  id: 7,
  first_name: 'Sophie',
  last_name: 'Martin',
  email: 'seller@demo.test',
  company_name: 'Boutique Sophie',
  photo: null,
  transaction_percent: 5,
  total_sessions: 1,
  total_buyers: 2,
  total_orders: 4,
  total_amount: 134.7,
  created_at: '2026-03-01T10:00:00.000Z',
  subscription_end: '2026-04-01T10:00:00.000Z',
  subscription_status: 'trialing',
  country_id: null,
  ...patch,
});

const FILTERS = {
  items: {
    countries: [],
    sellers: [{ id: 7, name: 'Sophie Martin' }],
    total_orders: { min: 0, max: 4 },
    total_sessions: { min: 0, max: 1 },
    total_buyers: { min: 0, max: 2 },
    total_amount: { min: 0, max: 134.7 },
    created_at: { from: '2026-03-01', to: '2026-03-01' },
  },
};

function page(routes: Record<string, unknown> = {}, rows: TSellerListItem[] = [seller()]) {
  const api = mockApi({
    'GET /api/sellers/fetch-items': { count: rows.length, items: rows },
    'GET /api/sellers/fetch-filters': FILTERS,
    ...routes,
  } as Parameters<typeof mockApi>[0]);
  renderWithApp(<SellersPage />, { route: '/sellers', user: admin });
  return api;
}

/** Opens the row's menu and picks an entry. */
async function pick(entry: string) {
  fireEvent.click(await screen.findByTestId('seller-actions-7'));
  fireEvent.click(await screen.findByTestId(`seller-${entry}`));
}

describe("the admin's Sellers list (SPEC §1, §2 modals, §3 sellers columns)", { timeout: 60_000 }, () => {
  it('shows each seller with the percent, figures, dates and the login-as column', async () => {
    page();
    const row = await screen.findByTestId('seller-row-7');
    const text = plain(row.textContent);
    expect(text).toContain('Sophie Martin');
    expect(text).toContain('Boutique Sophie · seller@demo.test');
    expect(text).toContain('5 %');
    expect(text).toContain('134,70 €');
    expect(text).toContain('01/03/2026');
    expect(within(row).getByTestId('seller-login-as-7').textContent).toBe('Se connecter');
    expect(within(row).getByTestId('seller-link-7').getAttribute('href')).toBe('/sellers/7');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toContain(
      'Se connecter en tant que',
    );
  });

  it('logs in as the seller after confirming: the stored user is the seller and the dashboard opens afresh', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/sellers' });
    const sellerUser = makeUser({ id: 7, first_name: 'Sophie', last_name: 'Martin' });
    const api = page({
      'POST /api/sellers/login-as/7': {
        user: sellerUser,
        impersonated_by: { id: 1, email: 'admin@demo.test' },
      },
    });
    fireEvent.click(await screen.findByTestId('seller-login-as-7'));
    expect(await screen.findAllByText('Se connecter en tant que Sophie Martin ?')).not.toHaveLength(0);
    expect(api.mock.calls.some(([url]) => String(url).includes('login-as'))).toBe(false);
    fireEvent.click(screen.getByTestId('login-as-confirm'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      id: 7,
      impersonated_by: { id: 1, email: 'admin@demo.test' },
    });
    expect(JSON.parse(localStorage.getItem('auth-event') ?? '{}')).toMatchObject({
      type: 'switch',
      path: '/dashboard',
    });
  });

  it('a refused login-as says why and changes nothing', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/sellers' });
    page({
      'POST /api/sellers/login-as/7': () =>
        errorResponse(409, 'seller_not_active', 'This seller’s account is not active'),
    });
    fireEvent.click(await screen.findByTestId('seller-login-as-7'));
    fireEvent.click(await screen.findByTestId('login-as-confirm'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Le compte de ce vendeur n’est pas actif',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('changes the percent: the form, then the confirmation with both percents, then the toast', async () => {
    const sent: unknown[] = [];
    page({
      'POST /api/sellers/update-percent': (init: RequestInit) => {
        sent.push(sentJson(init));
        return {
          item: { percent: 3.5, previous: 5, changed_at: '2026-03-02T10:00:00.000Z', changed_by: null },
          message: 'ok',
        };
      },
    });
    await pick('percent');
    expect(plain((await screen.findByText(/Pourcentage actuel/)).textContent)).toBe(
      'Pourcentage actuel : 5 %',
    );
    const input = screen.getByTestId('percent-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3,5' } });
    fireEvent.click(screen.getByTestId('percent-submit'));
    const confirm = await screen.findByText(/passera de/);
    expect(plain(confirm.textContent)).toContain('Le pourcentage de Sophie Martin passera de 5 % à 3,5 %');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('percent-confirm-ok'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Le pourcentage a été mis à jour',
    );
    expect(sent).toEqual([{ seller_id: 7, percent: 3.5 }]);
  });

  it('an empty percent is refused in the form and nothing is sent', async () => {
    const api = page();
    await pick('percent');
    const input = (await screen.findByTestId('percent-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('percent-submit'));
    expect(await screen.findByText('Champ obligatoire')).toBeTruthy();
    expect(screen.queryByText(/passera de/)).toBeNull();
    expect(api.mock.calls.some(([url]) => String(url).includes('update-percent'))).toBe(false);
  });

  it('shows the percent history, newest first, with who changed it', async () => {
    const api = page({
      'GET /api/sellers/history': {
        items: [
          {
            percent: 2.25,
            previous: 3.5,
            changed_at: '2026-03-03T09:05:00.000Z',
            changed_by: { id: 1, email: 'admin@demo.test', name: 'Alice Admin' },
          },
          {
            percent: 3.5,
            previous: 5,
            changed_at: '2026-03-02T09:05:00.000Z',
            changed_by: { id: 1, email: 'admin@demo.test', name: 'Alice Admin' },
          },
        ],
      },
    });
    await pick('history');
    const table = await screen.findByTestId('percent-history');
    await waitFor(() => expect(plain(table.textContent)).toContain('03/03/2026 10:05'));
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    expect(plain(rows[0].textContent)).toBe('03/03/2026 10:052,25 %3,5 %Alice Admin');
    expect(plain(rows[1].textContent)).toBe('02/03/2026 10:053,5 %5 %Alice Admin');
    const call = api.mock.calls.find(([url]) => String(url).includes('/history'));
    expect(String(call?.[0])).toBe('/api/sellers/history?emailSeller=seller%40demo.test');
  });

  it('unsubscribes after confirming, with SPEC’s toast', async () => {
    const sent: unknown[] = [];
    page({
      'POST /api/sellers/unsubscribe': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { success: true, message: 'Le vendeur a été désabonné', subscription_status: 'unsubscribed' };
      },
    });
    await pick('unsubscribe');
    expect(await screen.findAllByText('Désabonner Sophie Martin ?')).not.toHaveLength(0);
    expect(screen.getByText(/sans remboursement/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('unsubscribe-confirm'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Le vendeur a été désabonné');
    expect(sent).toEqual([{ seller: 7 }]);
  });

  it('a seller already unsubscribed shows it, and cannot be unsubscribed again', async () => {
    page({}, [seller({ subscription_status: 'unsubscribed' })]);
    expect((await screen.findByTestId('seller-unsubscribed-7')).textContent).toBe('Résilié');
    fireEvent.click(screen.getByTestId('seller-actions-7'));
    await screen.findByTestId('seller-history');
    expect(screen.queryByTestId('seller-unsubscribe')).toBeNull();
  });
});
