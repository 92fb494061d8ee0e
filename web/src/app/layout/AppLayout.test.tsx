import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import AppLayout from './AppLayout';

afterEach(() => vi.unstubAllGlobals());

const frame = (
  <Routes>
    <Route element={<AppLayout />}>
      <Route path="/dashboard" element={<p>page</p>} />
    </Route>
    <Route path="*" element={null} />
  </Routes>
);

describe('signed-in frame', () => {
  it('shows the seller sidebar, the capped bell, the waiting count and the add-an-email notice', async () => {
    mockApi({
      'GET /api/new-notice': { count: 1200, items: [] },
      'GET /api/orders/fetch-waiting-items': { count: 3, items: [] },
    });
    renderWithApp(frame, { route: '/dashboard', user: makeUser({ email: 'fb_123', email_real: null }) });
    expect(within(screen.getByTestId('sidebar')).getByTestId('nav-/liveorders')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('notifications-bell').textContent).toContain('999+'));
    await waitFor(() => expect(screen.getByTestId('waiting-count').textContent).toContain('3'));
    expect(screen.getByTestId('email-notice').querySelector('a')?.getAttribute('href')).toBe('/account');
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('no e-mail notice when the e-mail is valid', () => {
    mockApi({});
    renderWithApp(frame, { route: '/dashboard', user: makeUser({ role_id: 1 }) });
    expect(screen.queryByTestId('email-notice')).toBeNull();
  });

  it('Logout signs out through Auth.js, forgets the stored user and opens the sign-in page', async () => {
    localStorage.setItem('user', JSON.stringify(makeUser()));
    const api = mockApi({
      'GET /api/auth/csrf': { csrfToken: 'tok' },
      'POST /api/auth/signout': { url: '/signin' },
    });
    const { container } = renderWithApp(frame, { route: '/dashboard', user: makeUser() });
    fireEvent.click(screen.getByTestId('profile-menu'));
    fireEvent.click(await screen.findByTestId('profile-logout'));
    await waitFor(() => expect(currentLocation(container)).toBe('/signin'));
    expect(localStorage.getItem('user')).toBeNull();
    const signout = api.mock.calls.find(([url]) => url === '/api/auth/signout');
    expect(String(signout?.[1]?.body)).toContain('csrfToken=tok');
  });
});
