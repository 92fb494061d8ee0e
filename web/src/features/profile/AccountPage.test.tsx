import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import AccountPage from './AccountPage';

afterEach(() => vi.unstubAllGlobals());

const buyer = makeUser({ role_id: 1, phone: '0601020304' });

describe('my profile', () => {
  it('saves the personal information, then opens the pending checkout after a second', async () => {
    localStorage.setItem('pendingOrderNumber', 'A12');
    const api = mockApi({
      'GET /api/profile': { user: buyer, addresses: [] },
      'GET /api/countries': { countries: [{ id: 1, iso: 'FR', name_fr: 'France', name_en: 'France' }] },
      'POST /api/profile': (init: RequestInit) => ({ user: { ...buyer, ...sentJson(init) } }),
    });
    const { container } = renderWithApp(<AccountPage />, { route: '/en/account', user: buyer });
    const firstName = await screen.findByTestId('profile-first-name');
    fireEvent.change(firstName, { target: { value: 'Anna' } });
    fireEvent.click(screen.getByTestId('profile-submit'));
    expect(await screen.findByText('Le profil a été mis à jour')).toBeTruthy();
    const post = api.mock.calls.find(([url, init]) => url === '/api/profile' && init?.method === 'POST');
    expect(sentJson(post![1]!)).toMatchObject({
      first_name: 'Anna',
      last_name: 'Martin',
      phone: '0601020304',
    });
    await waitFor(() => expect(currentLocation(container)).toBe('/en/checkout/A12'), { timeout: 2500 });
    expect(localStorage.getItem('pendingOrderNumber')).toBeNull();
  });

  it('after a profile update, says it goes back to the cart the shopper left, then opens it with its link', async () => {
    localStorage.setItem(
      'pendingCheckout',
      JSON.stringify({ path: '/en/checkout/LC7KQ2?storeName=Shop&t=tok123', at: Date.now() }),
    );
    mockApi({
      'GET /api/profile': { user: buyer, addresses: [] },
      'GET /api/countries': { countries: [] },
      'POST /api/profile': (init: RequestInit) => ({ user: { ...buyer, ...sentJson(init) } }),
    });
    const { container } = renderWithApp(<AccountPage />, { route: '/account', user: buyer });
    fireEvent.change(await screen.findByTestId('profile-first-name'), { target: { value: 'Anna' } });
    expect(screen.queryByTestId('checkout-return')).toBeNull();
    fireEvent.click(screen.getByTestId('profile-submit'));
    expect((await screen.findByTestId('checkout-return')).textContent).toBe('Retour à votre panier…');
    await waitFor(
      () => expect(currentLocation(container)).toBe('/en/checkout/LC7KQ2?storeName=Shop&t=tok123'),
      {
        timeout: 2500,
      },
    );
    expect(localStorage.getItem('pendingCheckout')).toBeNull();
  });

  it('stays on the profile after an update when no checkout is pending', async () => {
    mockApi({
      'GET /api/profile': { user: buyer, addresses: [] },
      'GET /api/countries': { countries: [] },
      'POST /api/profile': (init: RequestInit) => ({ user: { ...buyer, ...sentJson(init) } }),
    });
    const { container } = renderWithApp(<AccountPage />, { route: '/account', user: buyer });
    fireEvent.click(await screen.findByTestId('profile-submit'));
    expect(await screen.findByText('Le profil a été mis à jour')).toBeTruthy();
    expect(screen.queryByTestId('checkout-return')).toBeNull();
    expect(currentLocation(container)).toBe('/account');
  });

  it('checks the address fields before sending', async () => {
    const api = mockApi({
      'GET /api/profile': { user: buyer, addresses: [] },
      'GET /api/countries': { countries: [] },
    });
    renderWithApp(<AccountPage />, { route: '/account', user: buyer });
    fireEvent.change(await screen.findByTestId('address-city'), { target: { value: 'Ly' } });
    fireEvent.click(screen.getByTestId('address-submit'));
    expect(await screen.findByText('Doit contenir au moins 3 caractères')).toBeTruthy();
    expect(await screen.findByText('Vous devez sélectionner un pays')).toBeTruthy();
    expect(api.mock.calls.some(([url]) => url === '/api/address')).toBe(false);
  });
});
