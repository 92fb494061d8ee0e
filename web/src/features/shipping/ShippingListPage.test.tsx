import type { TShippingMethod } from '@livecart/contract/shipping';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { makeUser, renderWithApp } from '../../test/render';
import ShippingListPage from './ShippingListPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser({ role_id: 2 });
const admin = makeUser({ role_id: 3 });

const method = (patch: Partial<TShippingMethod> = {}): TShippingMethod => ({
  id: 1,
  name: 'Colissimo',
  logo: null,
  status: false,
  countries: [],
  ...patch,
});

const countries = {
  countries: [
    { id: 75, name_fr: 'France', name_en: 'France', iso: 'FR' },
    { id: 21, name_fr: 'Belgique', name_en: 'Belgium', iso: 'BE' },
    { id: 41, name_fr: 'Suisse', name_en: 'Switzerland', iso: 'CH' },
  ],
};

/** An element's text with the narrow no-break spaces of amounts as plain spaces. */
const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

const inputOf = (el: HTMLElement) =>
  (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;

describe("a seller's shipping methods (SPEC §3 Shipping method, §7 Shipping)", { timeout: 60_000 }, () => {
  it('lists every method with its switch and its countries and prices, or the hint when it has none', async () => {
    mockApi({
      'GET /api/shipping/fetch-all': {
        shippings: [
          method({
            status: true,
            logo: '/files/shipping/colissimo.png',
            countries: [
              { country_id: 75, price: 4.9 },
              { country_id: 21, price: 7.9 },
            ],
          }),
          method({ id: 2, name: 'Mondial Relay' }),
        ],
      },
      'GET /api/countries': countries,
    });
    renderWithApp(<ShippingListPage />, { route: '/shipping/list', user: seller });
    expect((await screen.findByTestId('shipping-rule')).textContent).toContain(
      "Vos clients ne voient un mode de livraison que s'il est activé et qu'il a un prix pour leur pays",
    );
    await waitFor(() =>
      expect(textOf(screen.getByTestId('shipping-countries-1'))).toBe('France 4,90 €, Belgique 7,90 €'),
    );
    expect(screen.getByTestId('shipping-countries-2').textContent).toContain('Aucun pays');
    expect(screen.getByTestId('shipping-countries-2').textContent).toContain("n'est proposé nulle part");
    expect(screen.getByTestId('shipping-switch-1').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('shipping-switch-2').getAttribute('aria-checked')).toBe('false');
    expect(within(screen.getByTestId('shipping-row-1')).getByAltText('Colissimo').getAttribute('src')).toBe(
      '/api/files/shipping/colissimo.png',
    );
    expect(within(screen.getByTestId('shipping-row-2')).getByText('M')).toBeTruthy();
    expect(screen.queryByTestId('shipping-add')).toBeNull();
  });

  it('switches one method and all of them', async () => {
    const sent: { path: string; body: unknown }[] = [];
    mockApi({
      'GET /api/shipping/fetch-all': { shippings: [method(), method({ id: 2, name: 'DPD', status: true })] },
      'GET /api/countries': countries,
      'PUT /api/shipping/change-status/1': (init: RequestInit) => {
        sent.push({ path: 'one', body: sentJson(init) });
        return { success: true, item: method({ status: true }) };
      },
      'PUT /api/shipping/change-statuses': (init: RequestInit) => {
        sent.push({ path: 'all', body: sentJson(init) });
        return {
          success: true,
          shippings: [method({ status: false }), method({ id: 2, name: 'DPD', status: false })],
        };
      },
    });
    renderWithApp(<ShippingListPage />, { route: '/shipping/list', user: seller });
    fireEvent.click(await screen.findByTestId('shipping-switch-1'));
    await waitFor(() =>
      expect(screen.getByTestId('shipping-switch-1').getAttribute('aria-checked')).toBe('true'),
    );
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Statut de livraison modifié');
    expect(screen.getByTestId('shipping-switch-all').textContent).toContain('Tout désactiver');
    fireEvent.click(screen.getByTestId('shipping-switch-all'));
    await waitFor(() =>
      expect(screen.getByTestId('shipping-switch-2').getAttribute('aria-checked')).toBe('false'),
    );
    expect(sent).toEqual([
      { path: 'one', body: { status: true } },
      { path: 'all', body: { status: false } },
    ]);
  });

  it('adds, prices and removes countries in the drawer; a wrong price is refused before sending', async () => {
    const saved: unknown[] = [];
    mockApi({
      'GET /api/shipping/fetch-all': {
        shippings: [method({ countries: [{ country_id: 75, price: 4.9 }] })],
      },
      'GET /api/countries': countries,
      'POST /api/shipping/save-countries/1': (init: RequestInit) => {
        saved.push(sentJson(init));
        return { success: true, item: method({ countries: [{ country_id: 21, price: 6.5 }] }) };
      },
    });
    renderWithApp(<ShippingListPage />, { route: '/shipping/list', user: seller });
    fireEvent.click(await screen.findByTestId('shipping-edit-countries-1'));
    const drawer = await screen.findByTestId('shipping-countries-drawer');
    expect(inputOf(within(drawer).getByTestId('shipping-country-price-75')).value).toBe('4,90');

    fireEvent.mouseDown(inputOf(within(drawer).getByTestId('shipping-country-add')));
    fireEvent.click(await screen.findByTitle('Belgique'));
    const belgium = inputOf(await within(drawer).findByTestId('shipping-country-price-21'));
    expect(within(drawer).getByLabelText('Prix pour Belgique (€)')).toBe(belgium);
    expect(within(drawer).getByLabelText('Ajouter un pays').getAttribute('role')).toBe('combobox');
    fireEvent.change(belgium, { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('shipping-countries-save'));
    expect(await within(drawer).findByText('Doit être un nombre')).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(belgium, { target: { value: '6,50' } });
    fireEvent.click(within(drawer).getByTestId('shipping-country-remove-75'));
    fireEvent.click(screen.getByTestId('shipping-countries-save'));
    await waitFor(() => expect(saved).toEqual([{ countries: [{ country_id: 21, price: 6.5 }] }]));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Pays du mode de livraison enregistrés',
    );
    await waitFor(() => expect(textOf(screen.getByTestId('shipping-countries-1'))).toBe('Belgique 6,50 €'));
  });

  describe('on a phone', () => {
    onPhone();
    it('shows each method as a card with its switch and countries', async () => {
      mockApi({
        'GET /api/shipping/fetch-all': {
          shippings: [method({ countries: [{ country_id: 41, price: 12 }] })],
        },
        'GET /api/countries': countries,
      });
      renderWithApp(<ShippingListPage />, { route: '/shipping/list', user: seller });
      const row = await screen.findByTestId('shipping-row-1');
      expect(row.classList.contains('ant-card')).toBe(true);
      await waitFor(() =>
        expect(textOf(within(row).getByTestId('shipping-countries-1'))).toBe('Suisse 12 €'),
      );
      expect(within(row).getByTestId('shipping-switch-1')).toBeTruthy();
    });
  });
});

describe("admin's shipping catalogue", { timeout: 60_000 }, () => {
  it('lists the methods with their sellers and deletes one after the confirmation naming it', async () => {
    const deleted: string[] = [];
    let list = [
      method({ status: true, sellers: 3 }),
      method({ id: 2, name: 'DPD', status: true, sellers: 0 }),
    ];
    mockApi({
      'GET /api/shipping/fetch-all': () => ({ shippings: list }),
      'DELETE /api/shipping/delete/1': (_init: RequestInit, url: URL) => {
        deleted.push(url.pathname);
        list = list.filter((m) => m.id !== 1);
        return { success: true };
      },
    });
    renderWithApp(<ShippingListPage />, { route: '/shipping/list', user: admin });
    expect((await screen.findByTestId('shipping-sellers-1')).textContent).toBe("3 vendeurs l'utilisent");
    expect(screen.getByTestId('shipping-add').getAttribute('href')).toBe('/shipping/add-method');
    expect(screen.getByTestId('shipping-edit-1').getAttribute('href')).toBe('/shipping/edit/1');
    expect(screen.queryByTestId('shipping-switch-1')).toBeNull();

    fireEvent.click(screen.getByTestId('shipping-delete-1'));
    expect(
      (await screen.findByText(/« Colissimo » sera retiré du catalogue ; 3 vendeurs l'utilisent/))
        .textContent,
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(deleted).toEqual(['/api/shipping/delete/1']));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Mode de livraison supprimé');
    await waitFor(() => expect(screen.queryByTestId('shipping-row-1')).toBeNull());
  });
});
