import type { TShopSettings } from '@livecart/contract/settings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { makeUser, renderWithApp } from '../../test/render';
import SettingsPage from './SettingsPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();

const item = (patch: Partial<TShopSettings> = {}): TShopSettings => ({
  user_id: 7,
  shop_locale: 'fr',
  cart_duration: 30,
  updated_at: null,
  ...patch,
});

const radio = (value: string) =>
  screen.getByTestId('settings-shop-locale').querySelector(`input[value="${value}"]`) as HTMLInputElement;

describe("screens #1: the shop's language and default cart duration in Settings", { timeout: 60_000 }, () => {
  it('shows the saved settings and saves a new language and cart duration', async () => {
    const saved: unknown[] = [];
    mockApi({
      'GET /api/fetch-settings': { item: item() },
      'POST /api/update-settings': (init: RequestInit) => {
        saved.push(sentJson(init));
        return { success: true, item: item({ shop_locale: 'en', cart_duration: 45, updated_at: 'x' }) };
      },
    });
    renderWithApp(<SettingsPage />, { route: '/settings', user: seller });
    expect((await screen.findByTestId('settings-page')).textContent).toContain('Langue de la boutique');
    await waitFor(() => expect(radio('fr').checked).toBe(true));
    expect(screen.getByTestId('settings-page').textContent).toContain(
      'La langue de votre interface ne change rien pour vos clients',
    );
    const duration = screen.getByTestId('settings-cart-duration') as HTMLInputElement;
    expect(duration.value).toBe('30');

    fireEvent.click(radio('en'));
    fireEvent.change(duration, { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(saved).toEqual([{ shop_locale: 'en', cart_duration: 45 }]));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Réglages enregistrés');
    expect(radio('en').checked).toBe(true);
  });

  it('refuses a cart duration out of range before sending it, and shows what the server refuses', async () => {
    let posts = 0;
    mockApi({
      'GET /api/fetch-settings': { item: item({ shop_locale: 'en' }) },
      'POST /api/update-settings': () => {
        posts++;
        return errorResponse(403, 'plan_required');
      },
    });
    renderWithApp(<SettingsPage />, { route: '/settings', user: seller });
    await waitFor(() => expect(radio('en').checked).toBe(true));
    const duration = screen.getByTestId('settings-cart-duration') as HTMLInputElement;
    fireEvent.change(duration, { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(
      await screen.findByText('La durée du panier doit être comprise entre 0 minute et 24 heures'),
    ).toBeTruthy();
    expect(posts).toBe(0);

    fireEvent.change(duration, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(posts).toBe(1));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(
      'Veuillez choisir un abonnement pour utiliser les outils vendeur',
    );
  });
});
