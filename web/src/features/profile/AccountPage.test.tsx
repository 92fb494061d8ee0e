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

  it("checklist #13: a seller saves the company's registration and VAT numbers; a VAT number without its country is refused before sending", async () => {
    const seller = makeUser({
      role_id: 2,
      phone: '0601020304',
      company_name: 'Atelier Inès',
      tax_id: '85234567800017',
    });
    const api = mockApi({
      'GET /api/profile': { user: seller, addresses: [] },
      'GET /api/countries': { countries: [] },
      'POST /api/profile': (init: RequestInit) => ({ user: { ...seller, ...sentJson(init) } }),
    });
    renderWithApp(<AccountPage />, { route: '/account', user: seller });
    expect(((await screen.findByTestId('profile-tax-id')) as HTMLInputElement).value).toBe('85234567800017');
    fireEvent.change(screen.getByTestId('profile-vat'), { target: { value: '12345678901' } });
    fireEvent.click(screen.getByTestId('profile-submit'));
    expect(
      await screen.findByText('Un numéro de TVA commence par le code de son pays (FR12345678901)'),
    ).toBeTruthy();
    const posts = () =>
      api.mock.calls.filter(([url, init]) => url === '/api/profile' && init?.method === 'POST');
    expect(posts()).toHaveLength(0);

    fireEvent.change(screen.getByTestId('profile-vat'), { target: { value: 'FR12345678901' } });
    fireEvent.click(screen.getByTestId('profile-submit'));
    expect(await screen.findByText('Le profil a été mis à jour')).toBeTruthy();
    expect(sentJson(posts()[0][1]!)).toMatchObject({
      company_name: 'Atelier Inès',
      tax_id: '85234567800017',
      vat_number: 'FR12345678901',
    });
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

  describe('screens #4: the address form follows the country', () => {
    const countries = {
      countries: [
        { id: 1, iso: 'FR', name_fr: 'France', name_en: 'France' },
        { id: 3, iso: 'IT', name_fr: 'Italie', name_en: 'Italy' },
      ],
    };
    const saved = (patch: Record<string, unknown>) => ({
      id: 5,
      address_type: 'shipping',
      country_id: 1,
      state: null,
      post_code: '33000',
      city: 'Bordeaux',
      address1: '3 cours de l’Intendance',
      address2: null,
      ...patch,
    });
    const fieldOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;

    it('in France: no region asked, a post code of another form named under its field, nothing sent', async () => {
      const api = mockApi({
        'GET /api/profile': { user: buyer, addresses: [saved({})] },
        'GET /api/countries': countries,
        'POST /api/address': (init: RequestInit) => ({
          address: { ...saved({}), ...sentJson(init) },
          created: false,
        }),
      });
      renderWithApp(<AccountPage />, { route: '/account', user: buyer });
      const postCode = await screen.findByTestId('address-post-code');
      await waitFor(() => expect(postCode.getAttribute('placeholder')).toBe('75011'));
      expect(screen.queryByTestId('address-state')).toBeNull();
      fireEvent.change(postCode, { target: { value: 'zz' } });
      fireEvent.click(screen.getByTestId('address-submit'));
      await waitFor(() =>
        expect(fieldOf('address-post-code').querySelector('.ant-form-item-explain')?.textContent).toBe(
          'Code postal invalide pour ce pays (ex. : 75011)',
        ),
      );
      expect(api.mock.calls.some(([url]) => url === '/api/address')).toBe(false);

      fireEvent.change(postCode, { target: { value: '33 000' } });
      fireEvent.click(screen.getByTestId('address-submit'));
      await waitFor(() => expect(api.mock.calls.some(([url]) => url === '/api/address')).toBe(true));
      const post = api.mock.calls.find(([url]) => url === '/api/address');
      expect(sentJson(post![1]!)).toMatchObject({ id: 5, country_id: 1, state: null, post_code: '33 000' });
    });

    it('in Italy: the province is asked for and needed', async () => {
      const api = mockApi({
        'GET /api/profile': {
          user: buyer,
          addresses: [
            saved({ country_id: 3, post_code: '00184', city: 'Roma', address1: 'Via del Corso 1' }),
          ],
        },
        'GET /api/countries': countries,
      });
      renderWithApp(<AccountPage />, { route: '/account', user: buyer });
      const region = await screen.findByTestId('address-state');
      expect(fieldOf('address-state').textContent).not.toContain('(facultatif)');
      fireEvent.click(screen.getByTestId('address-submit'));
      await waitFor(() =>
        expect(fieldOf('address-state').querySelector('.ant-form-item-explain')?.textContent).toBe(
          'Champ obligatoire',
        ),
      );
      expect(region).toBeTruthy();
      expect(api.mock.calls.some(([url]) => url === '/api/address')).toBe(false);
    });
  });
});
