import type { TSellerAuditItem, TSellerListItem } from '@livecart/contract/sellers';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import SellerDetailPage from './SellerDetailPage';

afterEach(() => vi.unstubAllGlobals());

const admin = makeUser({ id: 1, role_id: 3 });
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const ALICE = { id: 1, email: 'admin@demo.test', name: 'Alice Admin' };

const sophie: TSellerListItem = {
  id: 7,
  first_name: 'Sophie',
  last_name: 'Martin',
  email: 'seller@demo.test',
  company_name: 'Boutique Sophie',
  photo: null,
  transaction_percent: 4.5,
  total_sessions: 1,
  total_buyers: 2,
  total_orders: 4,
  total_amount: 134.7,
  created_at: '2026-03-01T10:00:00.000Z',
  subscription_end: '2026-04-01T10:00:00.000Z',
  subscription_status: 'trialing',
  country_id: null,
};

const line = (id: number, patch: Partial<TSellerAuditItem>): TSellerAuditItem => ({
  id,
  action: 'request',
  method: null,
  path: null,
  status_code: null,
  detail: null,
  impersonation_id: 3,
  admin: ALICE,
  created_at: '2026-03-02T09:00:00.000Z',
  ...patch,
});

const AUDIT = [
  line(5, {
    action: 'login_as_stop',
    detail: { reason: 'back_to_admin' },
    created_at: '2026-03-02T09:03:00.000Z',
  }),
  line(4, {
    method: 'POST',
    path: '/api/product',
    status_code: 200,
    detail: { route: '/api/product' },
    created_at: '2026-03-02T09:02:00.000Z',
  }),
  line(3, {
    method: 'POST',
    path: '/api/changePassword',
    status_code: 403,
    created_at: '2026-03-02T09:01:30.000Z',
  }),
  line(2, { action: 'login_as_start', created_at: '2026-03-02T09:01:00.000Z' }),
  line(1, {
    action: 'percent_changed',
    impersonation_id: null,
    detail: { percent: 4.5, previous: 5 },
    created_at: '2026-03-01T11:00:00.000Z',
  }),
];

const frame = (
  <Routes>
    <Route path="/sellers/:id" element={<SellerDetailPage />} />
  </Routes>
);

describe("a seller's page (figures, percent history, audit)", { timeout: 60_000 }, () => {
  it('shows the figures, the actions and the audit from start to stop, each line with its admin', async () => {
    const api = mockApi({
      'GET /api/sellers/fetch-items': { count: 1, items: [sophie] },
      'GET /api/sellers/audit': { count: AUDIT.length, items: AUDIT },
    });
    renderWithApp(frame, { route: '/sellers/7', user: admin });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sophie Martin');
    const figures = plain(screen.getByTestId('seller-figures').textContent);
    expect(figures).toContain('Boutique Sophie');
    expect(figures).toContain('4,5 %');
    expect(figures).toContain('134,70 €');
    expect(screen.getByTestId('seller-subscription').textContent).toBe('Essai gratuit');
    expect(screen.getByTestId('seller-login-as-7')).toBeTruthy();
    expect(screen.getByTestId('seller-page-unsubscribe')).toBeTruthy();

    await waitFor(() => expect(document.querySelectorAll('[data-testid^="audit-row-"]')).toHaveLength(5));
    const rows = [...document.querySelectorAll('[data-testid^="audit-row-"]')].map((r) =>
      plain(r.textContent),
    );
    expect(rows).toEqual([
      "02/03/2026 10:03Retour à l'adminpar le bandeauAlice Admin",
      '02/03/2026 10:02ModificationPOST/api/product200Alice Admin',
      '02/03/2026 10:01ModificationPOST/api/changePassword403Alice Admin',
      '02/03/2026 10:01Connexion en tant que vendeurAlice Admin',
      '01/03/2026 12:00Pourcentage modifié5 % → 4,5 %Alice Admin',
    ]);
    const items = api.mock.calls.find(([url]) => String(url).startsWith('/api/sellers/fetch-items'));
    expect(decodeURIComponent(String(items?.[0]))).toContain('queryFilter={"seller_id":7}');
    const audit = api.mock.calls.find(([url]) => String(url).startsWith('/api/sellers/audit'));
    expect(String(audit?.[0])).toContain('seller_id=7');
  });

  it('the percent history tab lists the changes', async () => {
    mockApi({
      'GET /api/sellers/fetch-items': { count: 1, items: [sophie] },
      'GET /api/sellers/audit': { count: 0, items: [] },
      'GET /api/sellers/history': {
        items: [{ percent: 4.5, previous: 5, changed_at: '2026-03-01T11:00:00.000Z', changed_by: ALICE }],
      },
    });
    renderWithApp(frame, { route: '/sellers/7', user: admin });
    expect(await screen.findByText('Aucune action enregistrée')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Historique du pourcentage' }));
    const history = await screen.findByTestId('seller-percent-history');
    await waitFor(() => expect(plain(history.textContent)).toContain('01/03/2026 12:004,5 %5 %Alice Admin'));
  });

  it('a login-as that ended because the seller could no longer be signed in as says so', async () => {
    mockApi({
      'GET /api/sellers/fetch-items': { count: 1, items: [sophie] },
      'GET /api/sellers/audit': {
        count: 1,
        items: [line(9, { action: 'login_as_stop', detail: { reason: 'seller_unavailable' } })],
      },
    });
    renderWithApp(frame, { route: '/sellers/7', user: admin });
    await waitFor(() => expect(document.querySelectorAll('[data-testid^="audit-row-"]')).toHaveLength(1));
    expect(plain(document.querySelector('[data-testid^="audit-row-"]')?.textContent)).toBe(
      "02/03/2026 10:00Retour à l'adminle vendeur n'était plus accessibleAlice Admin",
    );
  });

  it('an id that is not a seller’s shows that the seller does not exist', async () => {
    mockApi({ 'GET /api/sellers/fetch-items': { count: 0, items: [] } });
    renderWithApp(frame, { route: '/sellers/999', user: admin });
    expect((await screen.findByTestId('seller-not-found')).textContent).toContain("Ce vendeur n'existe pas");
  });
});
