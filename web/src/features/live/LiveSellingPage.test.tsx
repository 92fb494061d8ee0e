import type { TLiveSession } from '@livecart/contract/live';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { shopSettings } from '../../test/settings';
import LiveSellingPage from './LiveSellingPage';

afterEach(() => vi.unstubAllGlobals());

const session = (patch: Partial<TLiveSession>): TLiveSession => ({
  id: 1,
  status: 'scheduled',
  closed: false,
  event_date: '2026-12-24',
  event_time: '20:30',
  order_timer: 30,
  scenario: null,
  store_id: null,
  participants: 0,
  started_at: null,
  stopped_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...patch,
});

const listOf = (items: TLiveSession[], token: { longTokenError?: string; expireTokenAt?: string } = {}) => ({
  count: items.length,
  items,
  longTokenError: token.longTokenError ?? null,
  expireTokenAt: token.expireTokenAt ?? null,
});

const scenarios = {
  items: [
    { id: 1, name: 'Standard', type: 'system' },
    { id: 2, name: 'Noël', type: 'users' },
  ],
};

const seller = makeUser();

/** The input of an antd field (the test id is on the input itself or on its wrapper). */
const inputOf = (el: HTMLElement) =>
  (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;

/** Types a DD/MM/YYYY or HH:mm text into an antd picker and validates it with Enter. */
function typeInPicker(testId: string, text: string) {
  const input = inputOf(screen.getByTestId(testId));
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

describe('Live Selling page', { timeout: 60_000 }, () => {
  it('lists sessions with date, start time, cart duration, status and participants', async () => {
    mockApi({
      'GET /api/livesession/fetch-items': listOf([
        session({ id: 1, status: 'scheduled', order_timer: 0 }),
        session({ id: 2, status: 'live', event_date: '2026-12-01', event_time: '18:00', participants: 12 }),
        session({ id: 3, status: 'closed', order_timer: 90 }),
      ]),
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    const first = await screen.findByTestId('live-session-row-1');
    const row1 = first.closest('tr') as HTMLElement;
    expect(row1.textContent).toContain('24/12/2026');
    expect(row1.textContent).toContain('20:30');
    expect(row1.textContent).toContain("N'expire jamais");
    expect(within(row1).getByTestId('live-status-1').textContent).toBe('Programmé');
    const row2 = screen.getByTestId('live-session-row-2').closest('tr') as HTMLElement;
    expect(row2.textContent).toContain('01/12/2026');
    expect(row2.textContent).toContain('30 min');
    expect(row2.textContent).toContain('12');
    expect(within(row2).getByTestId('live-status-2').textContent).toBe('En direct');
    const row3 = screen.getByTestId('live-session-row-3').closest('tr') as HTMLElement;
    expect(row3.textContent).toContain('1 h 30 min');
    expect(within(row3).getByTestId('live-status-3').textContent).toBe('Terminé');
    // actions follow the status
    expect(screen.getByTestId('live-start-1')).toBeTruthy();
    expect(screen.queryByTestId('live-stop-1')).toBeNull();
    expect(screen.getByTestId('live-stop-2')).toBeTruthy();
    expect(screen.queryByTestId('live-start-2')).toBeNull();
    expect(screen.queryByTestId('live-remove-2')).toBeNull();
    expect(screen.queryByTestId('live-edit-3')).toBeNull();
    expect(screen.getByTestId('live-console-2').getAttribute('href')).toBe('/liveselling/2');
    expect(screen.queryByTestId('live-token-banner')).toBeNull();
  });

  it('orders #12 report: a live that started has a report button; a scheduled one has none', async () => {
    mockApi({
      'GET /api/livesession/fetch-items': listOf([
        session({ id: 1, status: 'scheduled' }),
        session({ id: 2, status: 'live', started_at: '2026-12-24T19:30:00Z' }),
        session({ id: 3, status: 'closed', started_at: '2026-12-20T19:30:00Z' }),
      ]),
    });
    const { container } = renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    await screen.findByTestId('live-session-row-3');
    expect(screen.queryByTestId('live-report-1')).toBeNull();
    expect(screen.getByTestId('live-report-2').getAttribute('aria-label')).toBe('Rapport du live');
    fireEvent.click(screen.getByTestId('live-report-3'));
    await waitFor(() => expect(currentLocation(container)).toBe('/liveselling/3/report'));
  });

  it('start, stop and remove call their endpoints, stop and remove after a confirmation', async () => {
    const calls: string[] = [];
    const ok = (_init: RequestInit, url: URL) => {
      calls.push(url.pathname);
      return { item: session({}) };
    };
    mockApi({
      'GET /api/livesession/fetch-items': listOf([
        session({ id: 1, status: 'scheduled' }),
        session({ id: 2, status: 'live' }),
        session({ id: 3, status: 'closed' }),
      ]),
      'GET /api/livesession/start/1': ok,
      'GET /api/livesession/stop/2': ok,
      'GET /api/livesession/remove/3': (init: RequestInit, url: URL) => {
        ok(init, url);
        return { success: true };
      },
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    fireEvent.click(await screen.findByTestId('live-start-1'));
    await waitFor(() => expect(calls).toEqual(['/api/livesession/start/1']));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Vous êtes en live');

    fireEvent.click(screen.getByTestId('live-stop-2'));
    expect(calls).toHaveLength(1);
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls).toContain('/api/livesession/stop/2'));

    await waitFor(() => expect(screen.queryByTestId('confirm-ok')).toBeNull());
    fireEvent.click(screen.getByTestId('live-remove-3'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls).toContain('/api/livesession/remove/3'));
    expect(calls).toEqual([
      '/api/livesession/start/1',
      '/api/livesession/stop/2',
      '/api/livesession/remove/3',
    ]);
  });

  it('keeps the status filter in the address and sends it to the API', async () => {
    const queries: (string | null)[] = [];
    mockApi({
      'GET /api/livesession/fetch-items': (_init: RequestInit, url: URL) => {
        queries.push(url.searchParams.get('queryFilter'));
        return listOf([]);
      },
    });
    const { container } = renderWithApp(<LiveSellingPage />, {
      user: seller,
      route: '/liveselling?queryFilter=%7B%22status%22%3A%22live%22%7D',
    });
    await waitFor(() => expect(queries).toContain('{"status":"live"}'));
    fireEvent.click(screen.getByTestId('filters-reset'));
    await waitFor(() => expect(currentLocation(container)).toBe('/liveselling'));
    await waitFor(() => expect(queries.at(-1)).toBeNull());
  });

  it('warns when the social-network token is invalid or expired', async () => {
    mockApi({
      'GET /api/livesession/fetch-items': listOf([], { expireTokenAt: '2020-01-01T00:00:00Z' }),
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    expect((await screen.findByTestId('live-token-banner')).textContent).toContain(
      'Votre jeton de réseau social est expiré ou invalide, veuillez resynchroniser',
    );
    // Resynchronising happens on My Stores.
    expect(screen.getByTestId('live-resync').getAttribute('href')).toBe('/stores');
    expect(screen.getByTestId('live-resync').textContent).toBe('Resynchroniser');
  });

  it('schedules a live: checks the cart duration and sends the chosen date, time, duration and scenario', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /api/livesession/fetch-items': listOf([]),
      'GET /api/livesession/fetch-scenarios': scenarios,
      'POST /api/livesession': (init: RequestInit) => {
        posted.push(sentJson(init));
        return { item: session({ id: 9 }) };
      },
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    fireEvent.click(await screen.findByTestId('schedule-live-button'));
    const duration = inputOf(await screen.findByTestId('schedule-cart-duration'));
    expect(duration.value).toBe('30');
    expect(
      screen.getByText("De 0 à 1440 minutes (24 heures) ; 0 signifie que les paniers n'expirent jamais."),
    ).toBeTruthy();

    fireEvent.change(duration, { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('schedule-live-submit'));
    expect(
      await screen.findByText('La durée du panier doit être comprise entre 0 minute et 24 heures'),
    ).toBeTruthy();
    fireEvent.change(duration, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('schedule-live-submit'));
    expect(await screen.findByText('Champ obligatoire')).toBeTruthy();
    expect(posted).toHaveLength(0);

    typeInPicker('schedule-date', '24/12/2026');
    typeInPicker('schedule-time', '20:30');
    fireEvent.change(duration, { target: { value: '0' } });
    fireEvent.mouseDown(inputOf(screen.getByTestId('schedule-scenario')));
    fireEvent.click(await screen.findByText('Noël (le mien)'));
    fireEvent.click(screen.getByTestId('schedule-live-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      event_date: '2026-12-24',
      event_time: '20:30',
      order_timer: 0,
      scenario: 'Noël',
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Live programmé');
  });

  it('a page live now offers its video, and the other stores may feed the session too', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /api/livesession/fetch-items': listOf([]),
      'GET /api/livesession/fetch-scenarios': scenarios,
      'GET /api/fetch-active-sessions': {
        items: [],
        videos: [
          { store_id: 1, platform: 'facebook', video_id: 'v-77', title: 'Soldes', started_at: null },
          { store_id: 2, platform: 'instagram', video_id: 'ig-5', title: null, started_at: null },
        ],
        stores: [
          { id: 1, name: 'Ma page', platform: 'facebook', selected: true },
          { id: 2, name: '@ma.boutique', platform: 'instagram', selected: false },
        ],
      },
      'POST /api/livesession': (init: RequestInit) => {
        posted.push(sentJson(init));
        return { item: session({ id: 9 }) };
      },
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    fireEvent.click(await screen.findByTestId('schedule-live-button'));
    typeInPicker('schedule-date', '24/12/2026');
    typeInPicker('schedule-time', '20:30');
    fireEvent.mouseDown(inputOf(await screen.findByTestId('schedule-live-video')));
    // only the selected store's videos: the Instagram one belongs to another store
    fireEvent.click(await screen.findByText('Soldes (Facebook)'));
    expect(screen.queryByText('Live sans titre (Instagram)')).toBeNull();
    fireEvent.mouseDown(inputOf(screen.getByTestId('schedule-extra-stores')));
    fireEvent.click(await screen.findByText('@ma.boutique (Instagram)'));
    fireEvent.click(screen.getByTestId('schedule-live-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ live_video_id: 'v-77', store_ids: [2] });
  });

  it("screens #1: a new live starts with the shop's default cart duration from Settings", async () => {
    mockApi({
      'GET /api/livesession/fetch-items': listOf([]),
      'GET /api/livesession/fetch-scenarios': scenarios,
      'GET /api/fetch-settings': { item: shopSettings({ cart_duration: 45 }) },
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    fireEvent.click(await screen.findByTestId('schedule-live-button'));
    const duration = inputOf(await screen.findByTestId('schedule-cart-duration'));
    await waitFor(() => expect(duration.value).toBe('45'));
  });

  it('edits a scheduled live with its id and current values', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /api/livesession/fetch-items': listOf([session({ id: 4, order_timer: 45, scenario: 'Standard' })]),
      'GET /api/livesession/fetch-scenarios': scenarios,
      'POST /api/livesession': (init: RequestInit) => {
        posted.push(sentJson(init));
        return { item: session({ id: 4 }) };
      },
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    fireEvent.click(await screen.findByTestId('live-edit-4'));
    const duration = inputOf(await screen.findByTestId('schedule-cart-duration'));
    await waitFor(() => expect(duration.value).toBe('45'));
    fireEvent.change(duration, { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('schedule-live-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      id: 4,
      event_date: '2026-12-24',
      event_time: '20:30',
      order_timer: 60,
      scenario: 'Standard',
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Live modifié');
  });
});

describe('screens #8: the sessions list shows when a live really started', { timeout: 60_000 }, () => {
  it('a live started late shows its real start, with the plan beside it; others their plan', async () => {
    mockApi({
      'GET /api/livesession/fetch-items': listOf([
        // planned 18:00 on 01/12, live at 18:25 Paris (17:25 UTC)
        session({
          id: 2,
          status: 'live',
          event_date: '2026-12-01',
          event_time: '18:00',
          started_at: '2026-12-01T17:25:00Z',
        }),
        session({ id: 1, status: 'scheduled' }),
      ]),
    });
    renderWithApp(<LiveSellingPage />, { user: seller, route: '/liveselling' });
    expect((await screen.findByTestId('live-start-time-2')).textContent).toBe('18:25');
    expect(screen.getByTestId('live-planned-2').textContent).toBe('prévu à 18:00');
    expect(screen.getByTestId('live-session-row-2').textContent).toBe('01/12/2026');
    expect(screen.getByTestId('live-start-time-1').textContent).toBe('20:30');
    expect(screen.queryByTestId('live-planned-1')).toBeNull();
  });
});
