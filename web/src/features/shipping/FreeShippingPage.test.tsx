import type { TFreePeriod } from '@livecart/contract/shipping';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import { shopSettings } from '../../test/settings';
import FreeShippingPage from './FreeShippingPage';
import { parisIso } from './parisTime';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();

const period = (patch: Partial<TFreePeriod> = {}): TFreePeriod => ({
  id: 3,
  free_shipping_from: '2026-12-04T18:00:00.000Z',
  free_shipping_to: '2026-12-06T22:30:00.000Z',
  state: 'active',
  created_at: '2026-12-01T10:00:00.000Z',
  ...patch,
});

const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
const inputOf = (el: HTMLElement) =>
  (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;

function typeInPicker(testId: string, text: string) {
  const input = inputOf(screen.getByTestId(testId));
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

describe('Paris wall clock to an ISO date-time', () => {
  it('writes the Paris offset of that day, winter or summer', () => {
    expect(parisIso('2026-12-04', '19:00')).toBe('2026-12-04T19:00:00+01:00');
    expect(parisIso('2026-07-14', '08:05')).toBe('2026-07-14T08:05:00+02:00');
  });
});

describe('free shipping: threshold and period (SPEC §3, §4, §2 modals)', { timeout: 60_000 }, () => {
  it('shows the threshold, saves one typed with a decimal comma, refuses a wrong one before sending and clears it', async () => {
    const sent: unknown[] = [];
    let settings = shopSettings({ free_shipping_status: true, free_shipping_threshold: 50 });
    mockApi({
      'GET /api/fetch-settings': () => ({ item: settings }),
      'GET /api/shipping/free-period': { item: null },
      'POST /api/shipping/threshold': (init: RequestInit) => {
        const body = sentJson(init);
        sent.push(body);
        settings = shopSettings({
          free_shipping_status: body.threshold !== null,
          free_shipping_threshold: body.threshold,
        });
        return { success: true, threshold: body.threshold };
      },
    });
    renderWithApp(<FreeShippingPage />, { route: '/settings/free-shipping', user: seller });
    expect(textOf(await screen.findByTestId('threshold-current'))).toBe(
      'Les commandes à partir de 50 € sont livrées gratuitement.',
    );
    expect(screen.getByTestId('free-period-none').textContent).toBe('Aucune période programmée.');
    expect(screen.getByTestId('free-period-card').textContent).toContain('a payé la livraison une fois');
    const input = screen.getByTestId('threshold-input') as HTMLInputElement;
    expect(input.value).toBe('50');
    expect(screen.getByLabelText('Montant minimum de commande (€)')).toBe(input);

    fireEvent.change(input, { target: { value: '-3' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    expect(await screen.findByText('Doit être supérieur ou égal à 0')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(input, { target: { value: '39,90' } });
    fireEvent.click(screen.getByTestId('threshold-save'));
    await waitFor(() => expect(sent).toEqual([{ threshold: 39.9 }]));
    await waitFor(() =>
      expect(textOf(screen.getByTestId('threshold-current'))).toBe(
        'Les commandes à partir de 39,90 € sont livrées gratuitement.',
      ),
    );
    fireEvent.click(screen.getByTestId('threshold-clear'));
    await waitFor(() => expect(sent).toEqual([{ threshold: 39.9 }, { threshold: null }]));
    await waitFor(() => expect(screen.getByTestId('threshold-current').textContent).toContain('Aucun seuil'));
  });

  it('sets a period in Paris time, after confirming that it replaces the current one', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/fetch-settings': { item: shopSettings() },
      'GET /api/shipping/free-period': { item: period() },
      'POST /api/shipping/free-period': (init: RequestInit) => {
        const body = sentJson(init);
        sent.push(body);
        return {
          success: true,
          item: period({
            id: 4,
            state: 'scheduled',
            free_shipping_from: '2026-12-24T08:00:00.000Z',
            free_shipping_to: '2026-12-31T22:59:00.000Z',
          }),
        };
      },
    });
    renderWithApp(<FreeShippingPage />, { route: '/settings/free-shipping', user: seller });
    const current = await screen.findByTestId('free-period-current');
    expect(current.textContent).toContain('En cours');
    expect(current.textContent).toContain('04/12/2026 19:00');
    expect(current.textContent).toContain('06/12/2026 23:30');

    fireEvent.click(screen.getByTestId('free-period-set'));
    await screen.findByTestId('free-period-form');
    // the end before the start is refused here
    typeInPicker('free-period-start-date', '24/12/2026');
    typeInPicker('free-period-start-time', '09:00');
    typeInPicker('free-period-end-date', '20/12/2026');
    typeInPicker('free-period-end-time', '23:59');
    fireEvent.click(screen.getByTestId('free-period-submit'));
    expect(await screen.findByText('La fin doit être postérieure au début')).toBeTruthy();
    expect(sent).toEqual([]);

    typeInPicker('free-period-end-date', '31/12/2026');
    fireEvent.click(screen.getByTestId('free-period-submit'));
    expect(
      await screen.findByText(/définir une nouvelle période désactive la période actuelle/),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(sent).toEqual([
        { free_shipping_from: '2026-12-24T09:00:00+01:00', free_shipping_to: '2026-12-31T23:59:00+01:00' },
      ]),
    );
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Période de livraison gratuite enregistrée',
    );
    await waitFor(() => expect(screen.getByTestId('free-period-state').textContent).toBe('Programmée'));
  });

  it("shows the server's refusal, and deletes the period after its confirmation", async () => {
    let cleared = 0;
    mockApi({
      'GET /api/fetch-settings': { item: shopSettings() },
      'GET /api/shipping/free-period': { item: period({ state: 'scheduled' }) },
      'POST /api/shipping/free-period': () => errorResponse(400, 'period_in_past'),
      'POST /api/shipping/clear-free-period': () => {
        cleared++;
        return { success: true };
      },
    });
    renderWithApp(<FreeShippingPage />, { route: '/settings/free-shipping', user: seller });
    fireEvent.click(await screen.findByTestId('free-period-set'));
    await screen.findByTestId('free-period-form');
    typeInPicker('free-period-start-date', '01/01/2020');
    typeInPicker('free-period-start-time', '09:00');
    typeInPicker('free-period-end-date', '02/01/2020');
    typeInPicker('free-period-end-time', '09:00');
    fireEvent.click(screen.getByTestId('free-period-submit'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect((await screen.findByTestId('free-period-error')).textContent).toContain(
      'La période de livraison gratuite doit se terminer dans le futur',
    );
    fireEvent.click(screen.getByText('Annuler', { selector: '.ant-modal-footer button span' }));

    fireEvent.click(screen.getByTestId('free-period-clear'));
    expect(
      (await screen.findAllByText('Supprimer la période de livraison gratuite ?')).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(cleared).toBe(1));
    expect(await screen.findByTestId('free-period-none')).toBeTruthy();
  });
});
