import type { TLiveReport } from '@livecart/contract/liveReport';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../app/i18n';
import { mockApi, sentJson } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import LiveReportPage from './LiveReportPage';

afterEach(() => vi.unstubAllGlobals());

const report = (patch: Partial<TLiveReport> = {}): TLiveReport => ({
  session: {
    id: 5,
    status: 'closed',
    event_date: '2026-12-24',
    event_time: '20:30',
    started_at: '2026-12-24T19:30:00Z',
    stopped_at: '2026-12-24T20:30:00Z',
  },
  comments: { total: 12, viewers: 7, ordered: 5, waited: 2, unmatched: 4, other: 1 },
  carts: {
    opened: 4,
    paid: 1,
    unpaid: 2,
    expired: 1,
    canceled: 0,
    conversion: 0.25,
    revenue: 29.9,
    unpaid_amount: 75,
    refunded: 0,
  },
  products: [
    {
      key: 'p1',
      product_id: 1,
      configuration_id: null,
      name: 'Robe fleurie',
      color_label: null,
      size_label: null,
      quantity: 6,
      paid_quantity: 1,
      revenue: 25,
    },
  ],
  variants: [
    {
      key: 'c3',
      product_id: 1,
      configuration_id: 3,
      name: 'Robe fleurie',
      color_label: 'Rouge',
      size_label: 'M',
      quantity: 6,
      paid_quantity: 1,
      revenue: 25,
    },
  ],
  unpaid: [
    {
      id: 41,
      order_number: 'LCUNPAID041',
      shopper: 'Camille Durand',
      has_email: true,
      articles: 2,
      total_amount: 50,
      created_at: '2026-12-24T19:31:00Z',
      expires_at: '2026-12-24T20:01:00Z',
      reminded_at: null,
    },
    {
      id: 42,
      order_number: 'LCUNPAID042',
      shopper: 'Lucas',
      has_email: false,
      articles: 1,
      total_amount: 25,
      created_at: '2026-12-24T19:32:00Z',
      expires_at: null,
      reminded_at: null,
    },
  ],
  timeline: [
    { minute: '2026-12-24T19:31:00Z', comments: 8, carts: 3, paid: 0, revenue: 0 },
    { minute: '2026-12-24T19:40:00Z', comments: 4, carts: 1, paid: 1, revenue: 29.9 },
  ],
  ...patch,
});

function renderReport(user = makeUser()) {
  return renderWithApp(
    <Routes>
      <Route path="/liveselling/:id/report" element={<LiveReportPage />} />
    </Routes>,
    { user, route: '/liveselling/5/report' },
  );
}

describe('Live report', { timeout: 60_000 }, () => {
  it('orders #12 report: shows the figures, the per-minute chart and the top products', async () => {
    mockApi({ 'GET /api/livesession/5/report': report() });
    renderReport();
    expect((await screen.findByTestId('report-title')).textContent).toBe(
      'Rapport – Live du 24/12/2026 à 20:30',
    );
    const stat = (key: string) => screen.getByTestId(`report-stat-${key}`).textContent;
    expect(stat('comments')).toContain('12');
    expect(stat('viewers')).toContain('7');
    expect(stat('unmatched')).toContain('4');
    expect(stat('conversion')).toContain('25');
    expect(stat('revenue')).toContain('29,90');
    expect(stat('unpaid_amount')).toContain('75');

    const chart = screen.getByTestId('report-timeline');
    expect(within(chart).getByRole('img', { name: 'Commentaires par minute' })).toBeTruthy();
    const bars = within(chart).getAllByTestId('report-timeline-bar');
    expect(bars.map((b) => b.getAttribute('data-value'))).toEqual(['8', '4']);
    // Paris time on the axis and in the table read by screen readers
    expect(within(chart).getByRole('table').textContent).toContain('20:31');
    fireEvent.click(screen.getByText("Chiffre d'affaires", { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('report-timeline'))
          .getAllByTestId('report-timeline-bar')
          .map((b) => b.getAttribute('data-value')),
      ).toEqual(['0', '29.9']),
    );
    expect(within(screen.getByTestId('report-timeline')).getByRole('table').textContent).toContain('29,90');

    const top = screen.getByTestId('report-top-table');
    expect(top.textContent).toContain('Robe fleurie');
    expect(top.textContent).toContain('25');
    fireEvent.click(screen.getByText('Variantes'));
    await waitFor(() =>
      expect(screen.getByTestId('report-top-table').textContent).toContain('Robe fleurie – Rouge, M'),
    );
  });

  it('orders #12 report: reminds one unpaid cart, or all those with an e-mail, and says who was skipped', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/livesession/5/report': report(),
      'POST /api/livesession/5/report/remind': (init: RequestInit) => {
        const body = sentJson(init) as { ids: number[] };
        sent.push(body);
        return { reminded: body.ids, emails: body.ids.length, skipped: [] };
      },
    });
    renderReport();
    await screen.findByTestId('report-unpaid-41');
    const table = screen.getByTestId('report-unpaid-table');
    expect(table.textContent).toContain('Camille Durand');
    expect(table.textContent).toContain('50');
    expect((screen.getByTestId('report-remind-42') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('report-remind-41'));
    await waitFor(() => expect(sent).toEqual([{ ids: [41] }]));
    expect(await screen.findByText('1 e-mail de relance envoyé')).toBeTruthy();

    fireEvent.click(screen.getByTestId('report-remind-all'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ ids: [41] });
  });

  it('orders #12 report: tells the seller why a reminder was not sent, in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      mockApi({
        'GET /api/livesession/5/report': report(),
        'POST /api/livesession/5/report/remind': {
          reminded: [],
          emails: 0,
          skipped: [{ id: 41, reason: 'recently_reminded' }],
        },
      });
      renderReport();
      fireEvent.click(await screen.findByTestId('report-remind-41'));
      expect(await screen.findByText('1 cart was already reminded less than an hour ago')).toBeTruthy();
      expect(screen.getByTestId('report-stat-revenue').textContent).toContain('Revenue');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('orders #12 report: admin reads any seller’s report, without reminders or console, back to the live’s orders', async () => {
    const fetchMock = mockApi({ 'GET /api/livesession/5/report': report() });
    renderReport(makeUser({ id: 1, role_id: 3 }));
    expect((await screen.findByTestId('report-title')).textContent).toBe(
      'Rapport – Live du 24/12/2026 à 20:30',
    );
    expect(screen.getByTestId('report-stat-revenue').textContent).toContain('29,90');
    const table = screen.getByTestId('report-unpaid-table');
    expect(table.textContent).toContain('Camille Durand');
    expect(screen.queryByTestId('report-remind-41')).toBeNull();
    expect(screen.queryByTestId('report-remind-all')).toBeNull();
    expect(screen.queryByText('Relancer')).toBeNull();
    expect(screen.getByTestId('report-remind-seller-only').textContent).toBe(
      'Seul le vendeur peut relancer ses clients.',
    );
    expect(screen.queryByTestId('report-console-link')).toBeNull();
    const back = screen.getByTestId('report-back-link');
    expect(back.textContent).toContain('Retour aux commandes');
    expect(decodeURIComponent(back.getAttribute('href') ?? '')).toBe(
      '/orders?queryFilter={"live_session_id":5}',
    );
    expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit)?.method === 'POST')).toEqual([]);
  });

  it('orders #12 report: another seller’s live is not found', async () => {
    mockApi({});
    renderReport();
    expect(await screen.findByText("Cette session live n'existe pas")).toBeTruthy();
  });
});
