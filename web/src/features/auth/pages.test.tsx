import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
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

  it('explains when Facebook sign-in is not configured', async () => {
    mockApi({ 'GET /api/auth/providers': { credentials: { id: 'credentials' } } });
    renderWithApp(<SignInPage />, { route: '/signin', user: null });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('signin-facebook'));
    expect((await screen.findByTestId('signin-error')).textContent).toContain("n'est pas configurée");
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
