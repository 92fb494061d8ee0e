import type { TShop } from '@livecart/contract/shops';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { makeShop } from '../../test/shops';
import InventoryPage from '../inventory/InventoryPage';
import ShopSyncTab from './ShopSyncTab';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser({ role_id: 2 });

const products = {
  'GET /api/fetch-products': { count: 0, items: [] },
  'GET /api/products/fetch-additional': {
    colors: [],
    sizes: [],
    sizesTable: { letters: [], eu: [], shoes: [], one_size: [] },
    materials: [],
    styles: [],
    tags: [],
    priceRange: { min: 0, max: 0 },
    qtyRange: { min: 0, max: 0 },
  },
};

/** An error answer with field errors, as the server sends them. */
const fieldsError = (status: number, error: string, fields: Record<string, string>) =>
  new Response(JSON.stringify({ error, message: error, fields }), { status });

const list = (...items: TShop[]) => ({ count: items.length, items });

const open = () => renderWithApp(<ShopSyncTab />, { route: '/inventory?tab=shops', user: seller });

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The error texts antd shows under the form item holding `testId`. */
const errorsUnder = (testId: string) =>
  (screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement).querySelector(
    '.ant-form-item-explain',
  )?.textContent ?? '';

describe('Inventory → Shop sync (issue 19)', { timeout: 60_000 }, () => {
  it('a Basic plan after its trial sees what the sync does and the plans, no form', async () => {
    const fetchMock = mockApi({
      ...products,
      'GET /api/shops': errorResponse(403, 'shop_sync_plan_required'),
    });
    const { container } = renderWithApp(<InventoryPage />, { route: '/inventory', user: seller });
    // the products tab stays the default
    await screen.findByTestId('products-table');
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/shops'))).toBe(false);
    fireEvent.click(screen.getByTestId('inventory-tab-shops'));
    await waitFor(() => expect(currentLocation(container)).toBe('/inventory?tab=shops'));
    const upsell = await screen.findByTestId('shop-sync-upsell');
    expect(upsell.textContent).toContain(
      "Stock dans les deux sens : une réservation du live retire l'article de la boutique",
    );
    expect(upsell.textContent).toContain(
      'Commandes : chaque commande payée du live est créée dans la boutique',
    );
    expect(upsell.textContent).toContain('Prix : un prix changé dans la boutique est repris ici.');
    expect(screen.queryByTestId('shop-connect-open')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // the refusal is the upsell, not an error toast
    expect(screen.queryByTestId('toast-error')).toBeNull();
    const plans = screen.getByTestId('shop-sync-upsell-plans');
    expect(plans.getAttribute('href')).toBe('/pricing');
    fireEvent.click(plans);
    await waitFor(() => expect(currentLocation(container)).toBe('/pricing'));
  });

  it('opens on the shop sync tab from its address and lists each shop as a card', async () => {
    mockApi({
      ...products,
      'GET /api/shops': list(
        makeShop(),
        makeShop({
          id: 5,
          platform: 'woocommerce',
          name: 'Atelier',
          url: 'https://atelier.fr',
          state: 'failing',
          last_error: '401 Unauthorized: Consumer key is invalid',
          webhooks: false,
          last_synced_at: null,
          last_reconciled_at: null,
        }),
      ),
    });
    renderWithApp(<InventoryPage />, { route: '/inventory?tab=shops', user: seller });
    const card = await screen.findByTestId('shop-4');
    expect(within(card).getByTestId('shop-platform-4').textContent).toBe('Shopify');
    expect(card.textContent).toContain('Boutique démo');
    expect(screen.getByTestId('shop-url-4').getAttribute('href')).toBe('https://boutique-demo.myshopify.com');
    expect(screen.getByTestId('shop-state-4').textContent).toBe('Connectée');
    expect(screen.getByTestId('shop-linked-4').textContent).toBe('24');
    expect(screen.getByTestId('shop-pending-4').textContent).toBe('3');
    // Paris time, an hour ahead of UTC in November
    expect(screen.getByTestId('shop-last-sync-4').textContent).toBe('28/11/2026 14:05');
    expect(screen.getByTestId('shop-last-reconcile-4').textContent).toBe('28/11/2026 13:00');
    expect(screen.getByTestId('shop-platform-5').textContent).toBe('WooCommerce');
    expect(screen.getByTestId('shop-state-5').textContent).toBe('En échec');
    expect(screen.getByTestId('shop-error-5').textContent).toContain(
      'Message de la plateforme : 401 Unauthorized: Consumer key is invalid',
    );
    expect(screen.getByTestId('shop-last-sync-5').textContent).toBe('Jamais');
    expect(screen.queryByTestId('products-table')).toBeNull();
  });

  it('connects a WooCommerce shop: where to find the keys, the body sent, the new card', async () => {
    const posted: unknown[] = [];
    let shops = list();
    mockApi({
      'GET /api/shops': () => shops,
      'POST /api/shops': (init: RequestInit) => {
        posted.push(sentJson(init));
        const item = makeShop({ id: 6, platform: 'woocommerce', name: 'Atelier', url: 'https://atelier.fr' });
        shops = list(item);
        return { item };
      },
    });
    open();
    expect(await screen.findByTestId('shop-sync-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('shop-connect-open'));
    const help = await screen.findByTestId('shop-platform-help');
    expect(help.textContent).toContain("jeton d'accès Admin API");
    fireEvent.click(screen.getByTestId('shop-platform-woocommerce'));
    await waitFor(() => expect(help.textContent).toContain('WooCommerce → Réglages → Avancé → API REST'));
    expect(screen.getByText('Clé client (consumer key)')).toBeTruthy();
    // without a sandbox (production answers 404) there is no demo button
    expect(screen.queryByTestId('shop-sandbox')).toBeNull();
    type('shop-url', 'https://atelier.fr');
    type('shop-key', 'ck_123');
    type('shop-secret', 'cs_456');
    fireEvent.click(screen.getByTestId('shop-connect-submit'));
    expect(await screen.findByText('Boutique « Atelier » connectée')).toBeTruthy();
    expect(posted).toEqual([
      { platform: 'woocommerce', url: 'https://atelier.fr', key: 'ck_123', secret: 'cs_456' },
    ]);
    expect(await screen.findByTestId('shop-6')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('shop-connect-form')).toBeNull());
  });

  it("shows the server's refusals under their fields and an unreachable shop as an alert", async () => {
    const answers = [
      fieldsError(400, 'shop_credentials_invalid', { key: 'invalid' }),
      fieldsError(400, 'shop_url_not_allowed', { url: 'shop_url_not_allowed' }),
      errorResponse(502, 'shop_unreachable'),
    ];
    mockApi({ 'GET /api/shops': list(), 'POST /api/shops': () => answers.shift() });
    open();
    fireEvent.click(await screen.findByTestId('shop-connect-open'));
    await screen.findByTestId('shop-connect-form');
    // the form's own rules first
    fireEvent.click(screen.getByTestId('shop-connect-submit'));
    await waitFor(() => expect(errorsUnder('shop-key')).toBe('Champ obligatoire'));
    type('shop-url', 'https://boutique.myshopify.com');
    type('shop-key', 'shpat_bad');
    type('shop-secret', 'secret');
    fireEvent.click(screen.getByTestId('shop-connect-submit'));
    await waitFor(() =>
      expect(errorsUnder('shop-key')).toBe(
        'La boutique a refusé ces identifiants : vérifiez la clé et le secret',
      ),
    );
    fireEvent.click(screen.getByTestId('shop-connect-submit'));
    await waitFor(() =>
      expect(errorsUnder('shop-url')).toBe(
        "L'adresse de la boutique doit être en https et joignable depuis internet",
      ),
    );
    fireEvent.click(screen.getByTestId('shop-connect-submit'));
    expect((await screen.findByTestId('shop-connect-error')).textContent).toBe(
      "La boutique n'a pas répondu : vérifiez son adresse et réessayez",
    );
    expect(screen.getByTestId('shop-connect-form')).toBeTruthy();
    expect(screen.queryByTestId('toast-error')).toBeNull();
  });

  it("a development server's sandbox shops fill the form", async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /api/shops': list(),
      'GET /api/shops/sandbox': {
        shops: [
          { platform: 'shopify', url: 'http://127.0.0.1:4101', key: 'shpat_demo', secret: 'whsec_demo' },
          { platform: 'woocommerce', url: 'http://127.0.0.1:4102', key: 'ck_demo', secret: 'cs_demo' },
        ],
      },
      'POST /api/shops': (init: RequestInit) => {
        posted.push(sentJson(init));
        return { item: makeShop({ id: 8, platform: 'woocommerce', name: 'Démo WooCommerce' }) };
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('shop-connect-open'));
    expect((await screen.findByTestId('shop-sandbox-shopify')).textContent).toBe(
      'Utiliser la boutique de démo Shopify',
    );
    fireEvent.click(screen.getByTestId('shop-sandbox-woocommerce'));
    await waitFor(() =>
      expect((screen.getByTestId('shop-url') as HTMLInputElement).value).toBe('http://127.0.0.1:4102'),
    );
    expect((screen.getByTestId('shop-key') as HTMLInputElement).value).toBe('ck_demo');
    // the platform's help follows the form's platform, which may render after the URL
    await waitFor(() =>
      expect(screen.getByTestId('shop-platform-help').textContent).toContain('WooCommerce → Réglages'),
    );
    fireEvent.click(screen.getByTestId('shop-connect-submit'));
    await waitFor(() =>
      expect(posted).toEqual([
        { platform: 'woocommerce', url: 'http://127.0.0.1:4102', key: 'ck_demo', secret: 'cs_demo' },
      ]),
    );
  });

  it('the switch pauses and resumes; sync now and disconnect call the shop', async () => {
    const calls: unknown[] = [];
    let shop = makeShop();
    mockApi({
      'GET /api/shops': () => list(shop),
      'PATCH /api/shops/4': (init: RequestInit) => {
        const body = sentJson(init);
        calls.push(['PATCH', body]);
        shop = makeShop({ paused: body.paused, state: body.paused ? 'paused' : 'connected' });
        return { item: shop };
      },
      'POST /api/shops/4/sync': () => {
        calls.push(['sync']);
        return { item: shop };
      },
      'DELETE /api/shops/4': () => {
        calls.push(['DELETE']);
        return { success: true };
      },
    });
    open();
    const toggle = await screen.findByTestId('shop-pause-4');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('shop-sync-4'));
    expect(await screen.findByText('Synchronisation faite')).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('Synchronisation en pause')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('shop-state-4').textContent).toBe('En pause'));
    expect(screen.getByTestId('shop-pause-4').getAttribute('aria-checked')).toBe('false');
    // nothing to push while paused
    expect((screen.getByTestId('shop-sync-4') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('shop-pause-4'));
    expect(await screen.findByText('Synchronisation reprise')).toBeTruthy();
    fireEvent.click(screen.getByTestId('shop-disconnect-4'));
    expect((await screen.findAllByText('Déconnecter « Boutique démo » ?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('Boutique déconnectée')).toBeTruthy();
    expect(calls).toEqual([['sync'], ['PATCH', { paused: true }], ['PATCH', { paused: false }], ['DELETE']]);
  });

  describe('on a phone', () => {
    onPhone();
    it('lays the figures out in one column and wraps the actions', async () => {
      mockApi({ 'GET /api/shops': list(makeShop()) });
      open();
      const figures = await screen.findByTestId('shop-figures-4');
      // one label and its value a row: nothing wider than the card
      expect(figures.querySelectorAll('tr').length).toBe(5);
      const actions = screen.getByTestId('shop-import-4').closest('.ant-space') as HTMLElement;
      expect(actions.style.flexWrap).toBe('wrap');
    });
  });
});
