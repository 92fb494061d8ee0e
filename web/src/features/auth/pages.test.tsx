import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { PLANS, plansResponse } from '../../test/plans';
import { renderWithApp } from '../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';
import SignInPage from './SignInPage';
import SignUpPage from './SignUpPage';

afterEach(() => vi.unstubAllGlobals());

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('sign-in page', () => {
  it("says 'Wrong email or password' when Auth.js answers an error", async () => {
    mockApi({
      'GET /api/auth/providers': { credentials: { id: 'credentials' } },
      'GET /api/auth/csrf': { csrfToken: 'tok' },
      'POST /api/auth/callback/credentials': { url: '/api/auth/signin?error=CredentialsSignin' },
    });
    renderWithApp(<SignInPage />, { route: '/en/signin', user: null });
    type('signin-email', 'ana@example.com');
    type('signin-password', 'wrong-password');
    fireEvent.click(screen.getByTestId('signin-submit'));
    expect((await screen.findByTestId('signin-error')).textContent).toContain(
      'E-mail ou mot de passe incorrect',
    );
  });

  it('shows the failure Auth.js sent back in the address', async () => {
    mockApi({ 'GET /api/auth/providers': {} });
    renderWithApp(<SignInPage />, { route: '/signin?error=CredentialsSignin&code=rate_limited', user: null });
    expect((await screen.findByTestId('signin-error')).textContent).toContain('Trop de tentatives');
  });
});

describe('screens #7: a social button shows only when its provider is configured', () => {
  it('no Facebook button (nor its "or") when the server has no Facebook sign-in', async () => {
    const api = mockApi({ 'GET /api/auth/providers': { credentials: { id: 'credentials' } } });
    renderWithApp(<SignInPage />, { route: '/signin', user: null });
    await waitFor(() => expect(api).toHaveBeenCalledWith('/api/auth/providers', expect.anything()));
    await screen.findByTestId('signin-submit');
    expect(screen.queryByTestId('signin-facebook')).toBeNull();
    expect(screen.queryByText('ou')).toBeNull();
  });

  it('"Continue with Facebook" when it is configured, and it starts the Facebook sign-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    const api = mockApi({
      'GET /api/auth/providers': { credentials: { id: 'credentials' }, facebook: { id: 'facebook' } },
      'GET /api/auth/csrf': { csrfToken: 'tok' },
      'POST /api/auth/signin/facebook': { url: 'https://www.facebook.com/dialog/oauth?x=1' },
    });
    renderWithApp(<SignInPage />, { route: '/en/signin', user: null });
    const button = await screen.findByTestId('signin-facebook');
    expect(button.textContent).toContain('Continuer avec Facebook');
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.facebook.com/dialog/oauth?x=1'));
    const started = api.mock.calls.find(([url]) => url === '/api/auth/signin/facebook');
    expect(new URLSearchParams(String(started?.[1]?.body)).get('callbackUrl')).toBe('/en/dashboard');
  });

  it('the sign-up page offers no social button that cannot work', async () => {
    mockApi({ 'GET /api/auth/providers': { credentials: { id: 'credentials' } } });
    renderWithApp(<SignUpPage />, { route: '/signup', user: null });
    await screen.findByTestId('signup-page');
    expect(screen.queryByTestId('signin-facebook')).toBeNull();
  });
});

describe('screens #6: forgot password never tells whether an address has an account', () => {
  it('after sending, says a link was sent if an account exists, naming the address typed', async () => {
    const api = mockApi({
      'POST /api/auth/restorePassword': { status: true, message: 'whatever the server says' },
    });
    renderWithApp(<ForgotPasswordPage />, { route: '/forgot-password', user: null });
    type('forgot-email', 'nobody@example.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    const done = await screen.findByTestId('forgot-done');
    expect(done.textContent).toContain(
      'Si un compte existe avec cet e-mail, un lien pour choisir un nouveau mot de passe a été envoyé',
    );
    expect(screen.getByTestId('forgot-sent-to').textContent).toBe('nobody@example.com');
    const [url, init] = api.mock.calls[0];
    expect(url).toBe('/api/auth/restorePassword?locale=fr');
    expect(sentJson(init!)).toEqual({ email: 'nobody@example.com' });
  });

  it('the address typed on the sign-in page comes along to the forgot-password page and back', async () => {
    mockApi({
      'GET /api/auth/providers': { credentials: { id: 'credentials' } },
      'POST /api/auth/restorePassword': { status: true, message: 'ok' },
    });
    renderWithApp(
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Routes>,
      { route: '/signin', user: null },
    );
    type('signin-email', 'ana@example.com');
    fireEvent.click(await screen.findByTestId('forgot-password-link'));
    const email = (await screen.findByTestId('forgot-email')) as HTMLInputElement;
    expect(email.value).toBe('ana@example.com');
    fireEvent.click(screen.getByTestId('forgot-submit'));
    fireEvent.click(await screen.findByTestId('forgot-to-signin'));
    expect(((await screen.findByTestId('signin-email')) as HTMLInputElement).value).toBe('ana@example.com');
  });
});

describe('sign-up page', () => {
  it('asks sellers for phone, company and tax id and sends the invitation', async () => {
    const api = mockApi({ 'POST /api/auth/invite': { success: true } });
    renderWithApp(<SignUpPage />, { route: '/en/signup', user: null });
    expect(screen.queryByTestId('signup-phone')).toBeNull();
    fireEvent.click(screen.getByText('Vendeur'));
    await screen.findByTestId('signup-phone');
    type('signup-email', 'shop@example.com');
    type('signup-first-name', 'Ana');
    type('signup-last-name', 'Martin');
    type('signup-phone', '0601020304');
    type('signup-company', 'Ana Shop');
    type('signup-tax-id', 'FR123');
    fireEvent.click(screen.getByTestId('signup-terms'));
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByTestId('signup-done')).toBeTruthy();
    const [url, init] = api.mock.calls[0];
    expect(url).toBe('/api/auth/invite?locale=en');
    expect(sentJson(init!)).toEqual({
      role_id: 2,
      email: 'shop@example.com',
      first_name: 'Ana',
      last_name: 'Martin',
      phone: '0601020304',
      company_name: 'Ana Shop',
      tax_id: 'FR123',
      accept_terms: true,
    });
  });

  it('signs a seller up with the plan chosen on the pricing page', async () => {
    const api = mockApi({
      'GET /api/payment-plans': plansResponse(),
      'POST /api/subscription': { user: null, subscription: null, setup: null, message: 'sent' },
    });
    renderWithApp(<SignUpPage />, { route: '/en/signup?plan=business&type=year', user: null });
    expect((await screen.findByTestId('signup-plan')).textContent).toContain('Business');
    type('signup-email', 'shop@example.com');
    type('signup-first-name', 'Ana');
    type('signup-last-name', 'Martin');
    type('signup-phone', '0601020304');
    type('signup-company', 'Ana Shop');
    type('signup-tax-id', 'FR123');
    fireEvent.click(screen.getByTestId('signup-terms'));
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByTestId('signup-done')).toBeTruthy();
    const [url, init] = api.mock.calls.find(([u]) => String(u).startsWith('/api/subscription'))!;
    expect(url).toBe('/api/subscription?locale=en');
    const business = PLANS.find((p) => p.code === 'business')!;
    expect(sentJson(init!)).toEqual({
      planId: business.id,
      type: 'year',
      forFree: true,
      userData: {
        email: 'shop@example.com',
        first_name: 'Ana',
        last_name: 'Martin',
        phone: '0601020304',
        company_name: 'Ana Shop',
        tax_id: 'FR123',
        accept_terms: true,
        locale: 'en',
      },
    });
    expect(api.mock.calls.some(([u]) => String(u).includes('/auth/invite'))).toBe(false);
  });

  it('refuses to send without accepting the terms', async () => {
    const api = mockApi({});
    renderWithApp(<SignUpPage />, { route: '/signup', user: null });
    type('signup-email', 'a@example.com');
    type('signup-first-name', 'Ana');
    type('signup-last-name', 'Martin');
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText("L'acceptation des conditions est obligatoire")).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it("shows 'Email already exists' under the e-mail", async () => {
    mockApi({ 'POST /api/auth/invite': () => errorResponse(400, 'email_exists', 'Email already exists') });
    renderWithApp(<SignUpPage />, { route: '/signup', user: null });
    type('signup-email', 'taken@example.com');
    type('signup-first-name', 'Ana');
    type('signup-last-name', 'Martin');
    fireEvent.click(screen.getByTestId('signup-terms'));
    fireEvent.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(screen.getAllByText('Cet e-mail existe déjà').length).toBeGreaterThan(0));
  });
});
