import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentLocation, makeUser, renderWithApp } from '../test/render';
import { HomeRedirect, RequireAuth, RequirePlan, RequireRole, safeCallbackPath } from './guards';

const guarded = (
  <RequireAuth>
    <RequirePlan>
      <RequireRole roles={[2, 3]}>
        <p>seller page</p>
      </RequireRole>
    </RequirePlan>
  </RequireAuth>
);

function Screen() {
  return (
    <Routes>
      <Route path="/dashboard" element={guarded} />
      <Route path="/en/sellers" element={guarded} />
      <Route path="*" element={null} />
    </Routes>
  );
}

describe('route guards', () => {
  it('a signed-out visitor is sent to sign in, with the way back', async () => {
    const { container } = renderWithApp(<Screen />, { route: '/en/sellers?offset=25', user: null });
    await waitFor(() =>
      expect(currentLocation(container)).toBe(
        `/en/signin?callbackUrl=${encodeURIComponent('/sellers?offset=25')}`,
      ),
    );
  });

  it('a seller without a valid plan is sent to /pricing', async () => {
    for (const user of [
      makeUser({ status: 'cancel' }),
      makeUser({ subscription_expired: true }),
      makeUser({ subscription_id: 'skip_sub' }),
    ]) {
      const { container, unmount } = renderWithApp(<Screen />, { route: '/dashboard', user });
      await waitFor(() => expect(currentLocation(container)).toBe('/pricing'));
      unmount();
    }
  });

  it('a subscribed seller gets in', () => {
    renderWithApp(<Screen />, { route: '/dashboard', user: makeUser() });
    expect(screen.getByText('seller page')).toBeTruthy();
  });

  it('another role sees the not-found page', async () => {
    renderWithApp(<Screen />, { route: '/dashboard', user: makeUser({ role_id: 1 }) });
    expect((await screen.findByTestId('not-found')).textContent).toContain('Oups, page introuvable');
    expect(screen.queryByText('seller page')).toBeNull();
  });

  it('at /, a visitor lands on the public site’s home and a signed-in user on the dashboard', async () => {
    const home = (
      <Routes>
        <Route path="/" element={<HomeRedirect />} />
        <Route path="*" element={null} />
      </Routes>
    );
    const visitor = renderWithApp(home, { route: '/', user: null });
    expect((await screen.findAllByTestId('site-signup')).length).toBeGreaterThan(0);
    expect(currentLocation(visitor.container)).toBe('/');
    visitor.unmount();
    const seller = renderWithApp(home, { route: '/', user: makeUser() });
    await waitFor(() => expect(currentLocation(seller.container)).toBe('/dashboard'));
  });

  it('only goes back to pages of this site after sign-in', () => {
    expect(safeCallbackPath('/orders?x=1')).toBe('/orders?x=1');
    expect(safeCallbackPath('https://evil.example')).toBe('/dashboard');
    expect(safeCallbackPath('//evil.example')).toBe('/dashboard');
    expect(safeCallbackPath(null)).toBe('/dashboard');
  });
});
