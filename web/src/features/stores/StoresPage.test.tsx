import type { TStore } from '@livecart/contract/stores';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../app/i18n';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import StoresPage from './StoresPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser({ role_id: 2 });

function store(patch: Partial<TStore> = {}): TStore {
  return {
    id: 1,
    platform: 'facebook',
    external_id: '101',
    name: 'Boutique démo',
    username: null,
    photo: null,
    follower_count: 1280,
    token_state: 'valid',
    token_expires_at: null,
    selected: true,
    sandbox: false,
    connected: true,
    synced_at: null,
    sync_error: null,
    created_at: '2026-11-20T10:00:00Z',
    ...patch,
  };
}

const rows = [
  store(),
  store({
    id: 2,
    platform: 'instagram',
    external_id: '1784',
    username: 'boutique.demo',
    follower_count: 3450,
    selected: false,
    token_state: 'expiring',
    token_expires_at: '2027-01-27T23:30:00Z',
  }),
  store({ id: 3, name: 'Atelier', selected: false, token_state: 'expired' }),
];

const demoPages = {
  account: { name: null, sandbox: true },
  items: [
    {
      id: 'demo-boutique',
      name: 'Boutique démo',
      photo: null,
      follower_count: 1280,
      added: false,
      instagram: {
        id: 'demo-boutique-ig',
        username: 'boutique.demo',
        name: 'Boutique démo',
        photo: null,
        follower_count: 3450,
        added: false,
      },
    },
    {
      id: 'demo-atelier',
      name: 'Atelier démo',
      photo: null,
      follower_count: 640,
      added: false,
      instagram: null,
    },
  ],
};

const open = (route = '/stores') => renderWithApp(<StoresPage />, { route, user: seller });

describe('My Stores (SPEC §3 Stores)', { timeout: 60_000 }, () => {
  it('lists photo, name, followers, platform and token state, 20 a page', async () => {
    const fetchMock = mockApi({ 'GET /api/fetch-stores': { count: rows.length, items: rows } });
    open();
    const table = await screen.findByTestId('stores-table');
    await waitFor(() => expect(within(table).getByTestId('store-2')).toBeTruthy());
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(['Photo', 'Nom', 'Abonnés', 'Plateforme', 'Jeton', 'Actions']);
    const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\s/g, ' ');
    expect(text('store-1')).toContain('1 280');
    expect(text('store-1')).toContain('Par défaut');
    expect(text('store-2')).toContain('Instagram @boutique.demo');
    expect(screen.getByTestId('token-2').textContent).toBe('Expire le 28/01/2027');
    expect(screen.getByTestId('token-3').textContent).toBe('Expiré');
    expect(screen.getByTestId('sync-3').textContent).toBe('Resynchroniser');
    expect(screen.getByTestId('sync-1').textContent).toBe('Synchroniser');
    expect(screen.queryByTestId('select-1')).toBeNull();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('offset')).toBe('0');
  });

  it('connects the demo pages in the sandbox: the picker adds the checked pages', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /api/fetch-stores': { count: 0, items: [] },
      'GET /api/stores/facebook/connect': { mode: 'sandbox', url: null },
      'GET /api/social-account/pages': demoPages,
      'POST /api/social-sync': (init: RequestInit) => {
        posted.push(sentJson(init));
        return { success: true, count: 2, resent: 0, items: [] };
      },
    });
    open();
    expect(
      await screen.findByText('Aucune boutique : connectez vos pages Facebook pour vendre en live.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('connect-pages'));
    const picker = await screen.findByTestId('pick-demo-boutique');
    expect((picker.textContent ?? '').replace(/\s/g, ' ')).toContain(
      'Instagram @boutique.demo · 3 450 abonnés',
    );
    expect(screen.getByText(/Mode démo/)).toBeTruthy();
    fireEvent.click(within(picker).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('picker-add'));
    await waitFor(() => expect(posted).toEqual([{ page_ids: ['demo-boutique'] }]));
    expect(await screen.findByText('2 boutiques ajoutées')).toBeTruthy();
  });

  it('back from Facebook, a refused permission is named and the address is cleaned', async () => {
    mockApi({
      'GET /api/fetch-stores': { count: 0, items: [] },
      'GET /api/social-account/pages': { account: { name: 'Camille', sandbox: false }, items: [] },
    });
    const { container } = open(
      '/stores?connect=error&error=facebook_permission_missing&permission=pages_messaging',
    );
    expect(
      await screen.findByText(
        'Facebook n’a pas accordé l’autorisation pages_messaging : reconnectez-vous et acceptez-la',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(currentLocation(container)).toBe('/stores'));
  });

  it('selects the default store, syncs with the resent count, disconnects after confirmation', async () => {
    const calls: string[] = [];
    mockApi({
      'GET /api/fetch-stores': { count: rows.length, items: rows },
      'POST /api/stores/select/2': () => {
        calls.push('select 2');
        return { success: true, item: rows[1], resent: 0 };
      },
      'POST /api/stores/sync/3': () => {
        calls.push('sync 3');
        return { success: true, item: rows[2], resent: 2 };
      },
      'DELETE /api/stores/3': () => {
        calls.push('delete 3');
        return { success: true, count: 1 };
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('select-2'));
    expect(
      await screen.findByText(
        '« Boutique démo » est votre boutique par défaut : vos nouveaux lives l’utiliseront',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('sync-3'));
    expect(await screen.findByText('Synchronisation réussie : 2 réponses en attente renvoyées')).toBeTruthy();
    fireEvent.click(screen.getByTestId('disconnect-3'));
    expect((await screen.findAllByText('Déconnecter « Atelier » ?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('confirm-disconnect'));
    expect(await screen.findByText('Boutique déconnectée')).toBeTruthy();
    expect(calls).toEqual(['select 2', 'sync 3', 'delete 3']);
  });

  it('a resync whose token Facebook rejects says so and opens Facebook’s dialog again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/stores' });
    mockApi({
      'GET /api/fetch-stores': { count: rows.length, items: rows },
      'POST /api/stores/sync/3': errorResponse(400, 'facebook_token_invalid'),
      'GET /api/stores/facebook/connect': {
        mode: 'facebook',
        url: 'https://www.facebook.com/v21.0/dialog/oauth?x=1',
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('sync-3'));
    expect(
      await screen.findByText('Votre jeton de réseau social est expiré ou invalide, veuillez resynchroniser'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.facebook.com/v21.0/dialog/oauth?x=1'),
    );
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      mockApi({ 'GET /api/fetch-stores': { count: rows.length, items: rows } });
      open('/en/stores');
      expect(await screen.findByText('Connect my pages')).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('token-3').textContent).toBe('Expired'));
      expect(screen.getByTestId('store-1').textContent).toContain('1,280');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  describe('on a phone', () => {
    onPhone();
    it('shows each store as a card with its actions', async () => {
      mockApi({ 'GET /api/fetch-stores': { count: rows.length, items: rows } });
      open();
      const card = await screen.findByTestId('store-3');
      expect(within(card).getByTestId('sync-3')).toBeTruthy();
      expect(screen.queryByTestId('stores-table')).toBeNull();
    });
  });
});
