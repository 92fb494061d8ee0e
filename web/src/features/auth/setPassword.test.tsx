import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import SetPasswordPage from './SetPasswordPage';
import { WelcomeNotice } from './WelcomeNotice';

afterEach(() => vi.unstubAllGlobals());

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const DAY = 24 * 3600_000;
const newSeller = makeUser({
  first_name: 'Inès',
  role_id: 2,
  subscription_id: null,
  trial_end: new Date(Date.now() + 30 * DAY).toISOString(),
});
const newShopper = makeUser({ first_name: 'Léa', role_id: 1, subscription_id: null, planId: null });

/** The e-mailed link's page, and the dashboard it leads to (its welcome only). */
const pages = (
  <Routes>
    <Route path="/verify-email" element={<SetPasswordPage mode="verify" />} />
    <Route path="/en/verify-email" element={<SetPasswordPage mode="verify" />} />
    <Route path="/restore-password" element={<SetPasswordPage mode="restore" />} />
    <Route path="/dashboard" element={<WelcomeNotice />} />
    <Route path="/en/dashboard" element={<WelcomeNotice />} />
    <Route path="*" element={null} />
  </Routes>
);

/** The link's account, as `GET auth/link` names it. */
const link = (email = 'ines@example.com', purpose = 'verify') => ({
  'GET /api/auth/link': { email, purpose },
});

async function submitPassword(remember = false) {
  await screen.findByTestId('set-password-password');
  type('set-password-password', 'bienvenue1');
  type('set-password-confirm', 'bienvenue1');
  if (remember) fireEvent.click(screen.getByTestId('set-password-remember'));
  fireEvent.click(screen.getByTestId('set-password-submit'));
}

describe('screens #5: setting the first password signs the newcomer in and welcomes them', () => {
  it('a seller lands signed in on the dashboard, welcomed with the days left in the free trial', async () => {
    const api = mockApi({ ...link(), 'POST /api/auth/changePassword': { success: true, user: newSeller } });
    const { container, client } = renderWithApp(pages, { route: '/verify-email?token=tok-123', user: null });
    // the page names the account the link sets the password of, before anything is typed
    const account = (await screen.findByTestId('set-password-email')) as HTMLInputElement;
    expect(account.value).toBe('ines@example.com');
    expect(account.readOnly).toBe(true);
    await submitPassword();
    const welcome = await screen.findByTestId('welcome-notice');
    expect(currentLocation(container)).toBe('/dashboard');
    expect(welcome.textContent).toContain('Bienvenue sur LiveCart, Inès !');
    expect(screen.getByTestId('welcome-text').textContent).toBe(
      'Votre essai gratuit a commencé : il vous reste 30 jours, sans carte bancaire. Ajoutez vos produits, puis programmez votre premier live.',
    );
    expect(screen.getByTestId('welcome-add-product').getAttribute('href')).toBe('/inventory/new');
    expect(client.getQueryData(['session'])).toEqual(newSeller);
    expect(sentJson(api.mock.calls.find(([, init]) => init?.method === 'POST')![1]!)).toEqual({
      token: 'tok-123',
      password: 'bienvenue1',
      confirm_password: 'bienvenue1',
      remember: false,
    });
  });

  it('a shopper (English link) who ticks "stay signed in" is welcomed with where their orders are', async () => {
    const api = mockApi({
      ...link('lea@example.com'),
      'POST /api/auth/changePassword': { success: true, user: newShopper },
    });
    const { container } = renderWithApp(pages, { route: '/en/verify-email?token=tok-456', user: null });
    await submitPassword(true);
    const welcome = await screen.findByTestId('welcome-notice');
    expect(currentLocation(container)).toBe('/en/dashboard');
    expect(welcome.textContent).toContain('Bienvenue sur LiveCart, Léa !');
    expect(screen.getByTestId('welcome-text').textContent).toBe(
      'Votre compte est prêt : vos commandes, leur suivi et leurs factures sont ici.',
    );
    expect(screen.getByTestId('welcome-orders').getAttribute('href')).toBe('/en/orders');
    expect(sentJson(api.mock.calls.find(([, init]) => init?.method === 'POST')![1]!).remember).toBe(true);
  });

  it('closing the welcome forgets it', async () => {
    mockApi({ ...link(), 'POST /api/auth/changePassword': { success: true, user: newSeller } });
    renderWithApp(pages, { route: '/verify-email?token=tok-123', user: null });
    await submitPassword();
    const welcome = await screen.findByTestId('welcome-notice');
    fireEvent.click(welcome.querySelector('button') as HTMLButtonElement);
    await waitFor(() => expect(screen.queryByTestId('welcome-notice')).toBeNull());
  });

  it('a restored password signs in too and says so, without the newcomer welcome', async () => {
    mockApi({
      ...link('lea@example.com'),
      'POST /api/auth/changePassword': { success: true, user: newShopper },
    });
    const { container } = renderWithApp(pages, { route: '/restore-password?token=tok-789', user: null });
    await submitPassword();
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Le mot de passe a été mis à jour : vous êtes connecté',
    );
    await waitFor(() => expect(currentLocation(container)).toBe('/dashboard'));
    expect(screen.queryByTestId('welcome-notice')).toBeNull();
  });

  it('a used or expired link says so under the form and signs no one in', async () => {
    mockApi({
      ...link(),
      'POST /api/auth/changePassword': () =>
        errorResponse(400, 'invalid_link', "Ce lien n'est pas valide ou a expiré"),
    });
    const { container, client } = renderWithApp(pages, { route: '/verify-email?token=used', user: null });
    await submitPassword();
    expect((await screen.findByTestId('toast-error')).textContent).toContain("Ce lien n'est pas valide");
    expect(currentLocation(container)).toBe('/verify-email?token=used');
    expect(client.getQueryData(['session'])).toBeNull();
  });

  it('a link that opens nothing any more says so at once, with no form to fill', async () => {
    const api = mockApi({
      'GET /api/auth/link': () => errorResponse(400, 'invalid_link', "Ce lien n'est pas valide ou a expiré"),
    });
    renderWithApp(pages, { route: '/restore-password?token=older-link', user: null });
    expect((await screen.findByTestId('set-password-invalid')).textContent).toContain(
      "Ce lien n'est pas valide ou a expiré",
    );
    expect(screen.queryByTestId('set-password-password')).toBeNull();
    expect(api.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
