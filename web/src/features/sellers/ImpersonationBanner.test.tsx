import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../app/i18n';
import AppLayout from '../../app/layout/AppLayout';
import { mockApi } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import { fetchSession, followSwitch, resetTabState, switchSession, type TSessionUser } from '../auth/api';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetTabState();
  await i18n.changeLanguage('fr');
});

const frame = (
  <Routes>
    <Route element={<AppLayout />}>
      <Route path="/dashboard" element={<p>dashboard</p>} />
      <Route path="/en/inventory" element={<p>inventory</p>} />
      <Route path="/pricing" element={<p>pricing</p>} />
    </Route>
    <Route path="*" element={null} />
  </Routes>
);

/** The demo seller, with the admin signed in as her. */
const asSeller: TSessionUser = {
  ...makeUser({ id: 7, first_name: 'Sophie', last_name: 'Martin' }),
  impersonated_by: { id: 1, email: 'admin@demo.test' },
};
const admin = makeUser({ id: 1, role_id: 3, first_name: 'Alice', last_name: 'Admin' });
const quiet = {
  'GET /api/new-notice': { count: 0, items: [] },
  'GET /api/orders/fetch-waiting-items': { count: 0, items: [] },
};

describe('the banner while an admin is signed in as a seller', { timeout: 30_000 }, () => {
  it('shows on every back-office page, the dashboard and /pricing alike', async () => {
    mockApi(quiet);
    for (const [route, text] of [
      ['/dashboard', "Connecté en tant que Sophie Martin — retour à l'admin"],
      ['/pricing', "Connecté en tant que Sophie Martin — retour à l'admin"],
    ] as const) {
      const { unmount } = renderWithApp(frame, { route, user: asSeller });
      expect(screen.getByTestId('impersonation-banner').textContent).toBe(text);
      unmount();
    }
  });

  it('one click goes back to the admin’s own session, on the Sellers list, and the other tabs follow', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/dashboard' });
    const api = mockApi({
      ...quiet,
      'POST /api/sellers/login-as/stop': { user: admin, impersonated_by: null },
    });
    renderWithApp(frame, { route: '/dashboard', user: asSeller });
    fireEvent.click(screen.getByTestId('impersonation-back'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sellers'));
    expect(api.mock.calls.filter(([url]) => url === '/api/sellers/login-as/stop')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 1, impersonated_by: null });
    expect(JSON.parse(localStorage.getItem('auth-event') ?? '{}')).toMatchObject({
      type: 'switch',
      path: '/sellers',
    });
  });

  it('in English the way back opens the English Sellers list', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/en/inventory' });
    mockApi({ ...quiet, 'POST /api/sellers/login-as/stop': { user: admin, impersonated_by: null } });
    await i18n.changeLanguage('en');
    renderWithApp(frame, { route: '/en/inventory', user: asSeller });
    expect(screen.getByTestId('impersonation-banner').textContent).toBe(
      'Connected as Sophie Martin — back to admin',
    );
    fireEvent.click(screen.getByTestId('impersonation-back'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/sellers'));
  });

  it('no banner for a seller signed in as themselves', () => {
    mockApi(quiet);
    renderWithApp(frame, { route: '/dashboard', user: makeUser({ id: 7 }) });
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });

  it('switching the language does not change the seller’s own language', async () => {
    const api = mockApi(quiet);
    renderWithApp(frame, { route: '/dashboard', user: asSeller });
    fireEvent.click(screen.getByTestId('language-switcher'));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.mock.calls.some(([url]) => String(url).includes('set-locale'))).toBe(false);
  });

  it('a tab whose session turns from the seller back to the admin (the login-as ended elsewhere) opens the Sellers list afresh', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/en/inventory' });
    mockApi({
      'GET /api/auth/session': {
        user: asSeller,
        expires: '2026-12-01T00:00:00.000Z',
        impersonated_by: { id: 1, email: 'admin@demo.test' },
      },
    });
    await fetchSession();
    expect(assign).not.toHaveBeenCalled();
    // the seller was blocked meanwhile: the server gave the browser back to the admin
    mockApi({
      'GET /api/auth/session': { user: admin, expires: '2026-12-01T00:00:00.000Z', impersonated_by: null },
    });
    expect(await fetchSession()).toMatchObject({ id: 1, impersonated_by: null });
    expect(assign).toHaveBeenCalledWith('/en/sellers');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 1 });
    // each tab finds out for itself: this one sends the others no switch to act on twice
    expect(localStorage.getItem('auth-event')).toBeNull();
  });

  it('a tab that missed the switch message and finds the browser signed in as a seller opens the dashboard afresh', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/sellers' });
    mockApi({ 'GET /api/auth/session': { user: admin, expires: '2026-12-01T00:00:00.000Z' } });
    await fetchSession();
    mockApi({
      'GET /api/auth/session': {
        user: asSeller,
        expires: '2026-12-01T00:00:00.000Z',
        impersonated_by: { id: 1, email: 'admin@demo.test' },
      },
    });
    await fetchSession();
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it('a switch names the user the browser became; a tab showing them already stays, another loads once', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/sellers' });
    switchSession(asSeller, '/dashboard');
    expect(JSON.parse(localStorage.getItem('auth-event') ?? '{}')).toMatchObject({
      type: 'switch',
      path: '/dashboard',
      user: '7+',
    });
    // the same tab asked twice (the message and a session answer) leaves once
    switchSession(asSeller, '/dashboard');
    expect(assign.mock.calls).toEqual([['/dashboard']]);

    // a tab that loaded after the switch, as the seller signed in as, hears it late: it stays
    resetTabState();
    assign.mockClear();
    const refresh = vi.fn();
    mockApi({
      'GET /api/auth/session': {
        user: asSeller,
        expires: '2026-12-01T00:00:00.000Z',
        impersonated_by: asSeller.impersonated_by,
      },
    });
    await fetchSession();
    followSwitch('/dashboard', '7+', refresh);
    expect(assign).not.toHaveBeenCalled();
    // the way back, heard twice over two channels: one load of the Sellers list
    followSwitch('/sellers', '1', refresh);
    followSwitch('/sellers', '1', refresh);
    expect(assign.mock.calls).toEqual([['/sellers']]);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a tab that has not heard who is signed in yet asks again instead of loading', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/sellers' });
    const refresh = vi.fn();
    followSwitch('/dashboard', '7+', refresh);
    expect(refresh).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it('the session answer names the admin, and the app keeps it with the user', async () => {
    mockApi({
      'GET /api/auth/session': {
        user: asSeller,
        expires: '2026-12-01T00:00:00.000Z',
        impersonated_by: { id: 1, email: 'admin@demo.test' },
      },
    });
    expect(await fetchSession()).toMatchObject({
      id: 7,
      impersonated_by: { id: 1, email: 'admin@demo.test' },
    });
    mockApi({ 'GET /api/auth/session': { user: makeUser({ id: 7 }), expires: '2026-12-01T00:00:00.000Z' } });
    expect(await fetchSession()).toMatchObject({ id: 7, impersonated_by: null });
  });
});
