import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../app/i18n';
import { errorResponse, mockApi } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { rememberCheckout } from '../checkout/pending';
import SetPasswordPage from './SetPasswordPage';
import SignInPage from './SignInPage';
import SignUpPage from './SignUpPage';

/* Back to the checkout after signing in or up from it (issue 5 "Linking a shopper", SPEC §4). */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shopper = makeUser({ role_id: 1, subscription_id: null, planId: null });
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const CHECKOUT = '/checkout/LC7KQ2?storeName=Shop&t=tok123';

/** The sign-in page at its routes (it goes away once the browser leaves it, as in the app). */
const signInRoutes = (
  <Routes>
    <Route path="/signin" element={<SignInPage />} />
    <Route path="/en/signin" element={<SignInPage />} />
    <Route path="*" element={null} />
  </Routes>
);

/** Auth.js accepts the password; the session then answers the shopper. */
function signInApi() {
  let signedIn = false;
  return mockApi({
    'GET /api/auth/providers': { credentials: { id: 'credentials' } },
    'GET /api/auth/csrf': { csrfToken: 'tok' },
    'POST /api/auth/callback/credentials': () => {
      signedIn = true;
      return { url: '/' };
    },
    'GET /api/auth/session': () => (signedIn ? { user: shopper } : {}),
  });
}

async function signIn() {
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  type('signin-email', 'ana@example.com');
  type('signin-password', 'secret123');
  fireEvent.click(screen.getByTestId('signin-submit'));
}

describe('going back to the checkout after signing in', () => {
  it('from the checkout’s sign-in link: a notice, then the checkout (in the page’s language) after a second', async () => {
    signInApi();
    const { container } = renderWithApp(signInRoutes, {
      route: `/en/signin?callbackUrl=${encodeURIComponent(CHECKOUT)}`,
      user: null,
    });
    await signIn();
    const notice = await screen.findByTestId('checkout-return');
    expect(notice.textContent).toBe(i18n.t('checkout.returning'));
    expect(currentLocation(container)).toContain('/en/signin');
    await waitFor(() => expect(currentLocation(container)).toBe(`/en${CHECKOUT}`), { timeout: 3000 });
  });

  it('from the stored checkout after the e-mailed verification link (no callbackUrl), then forgets it', async () => {
    rememberCheckout(CHECKOUT);
    signInApi();
    const { container } = renderWithApp(signInRoutes, { route: '/signin', user: null });
    await signIn();
    expect(await screen.findByTestId('checkout-return')).toBeTruthy();
    await waitFor(() => expect(currentLocation(container)).toBe(CHECKOUT), { timeout: 3000 });
    expect(localStorage.getItem('pendingCheckout')).toBeNull();
  });

  it('never follows a callbackUrl to another site', async () => {
    mockApi({ 'GET /api/auth/providers': {} });
    const { container } = renderWithApp(signInRoutes, {
      route: `/signin?callbackUrl=${encodeURIComponent('https://evil.example/checkout/LC7KQ2')}`,
      user: shopper,
    });
    await waitFor(() => expect(currentLocation(container)).toBe('/dashboard'));
    expect(screen.queryByTestId('checkout-return')).toBeNull();
  });

  it('waits a second before leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /api/auth/providers': {} });
    const { container } = renderWithApp(signInRoutes, {
      route: `/signin?callbackUrl=${encodeURIComponent(CHECKOUT)}`,
      user: shopper,
    });
    expect(await screen.findByTestId('checkout-return')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(currentLocation(container)).toContain('/signin');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(currentLocation(container)).toBe(CHECKOUT);
  });
});

describe('signing up from the checkout', () => {
  it('keeps the checkout for later and keeps the callbackUrl on the sign-in link', async () => {
    mockApi({});
    renderWithApp(<SignUpPage />, {
      route: `/signup?callbackUrl=${encodeURIComponent(CHECKOUT)}`,
      user: null,
    });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('pendingCheckout') ?? '{}').path).toBe(CHECKOUT),
    );
    const toSignIn = screen.getAllByRole('link').find((a) => a.getAttribute('href')?.startsWith('/signin'));
    expect(toSignIn?.getAttribute('href')).toBe(`/signin?callbackUrl=${encodeURIComponent(CHECKOUT)}`);
  });

  it('keeps nothing for a foreign callbackUrl', async () => {
    mockApi({});
    renderWithApp(<SignUpPage />, {
      route: `/signup?callbackUrl=${encodeURIComponent('https://evil.example/checkout/LC1')}`,
      user: null,
    });
    await screen.findByTestId('signup-page');
    expect(localStorage.getItem('pendingCheckout')).toBeNull();
  });

  it('screens #5: the verification page signs the shopper in and goes back to the checkout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rememberCheckout(CHECKOUT);
    // as the server does: a link used opens nothing any more
    let used = false;
    mockApi({
      'GET /api/auth/link': () =>
        used
          ? errorResponse(400, 'invalid_link', "This link isn't valid or has expired")
          : { email: 'lea@example.com', purpose: 'verify' },
      'POST /api/auth/changePassword': () => {
        used = true;
        return { success: true, user: shopper };
      },
    });
    const { container, client } = renderWithApp(<SetPasswordPage mode="verify" />, {
      route: '/verify-email?token=abc',
      user: null,
    });
    await screen.findByTestId('set-password-password');
    type('set-password-password', 'secret123');
    type('set-password-confirm', 'secret123');
    fireEvent.click(screen.getByTestId('set-password-submit'));
    expect(await screen.findByTestId('checkout-return')).toBeTruthy();
    expect(client.getQueryData(['session'])).toEqual(shopper);
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    // the page does not turn into "this link isn't valid" while it waits
    expect(screen.queryByTestId('set-password-invalid')).toBeNull();
    expect(screen.getByTestId('checkout-return')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(currentLocation(container)).toBe(CHECKOUT);
    expect(localStorage.getItem('pendingCheckout')).toBeNull();
  });
});
