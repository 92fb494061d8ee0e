import type {
  TBulkActionResult,
  TSellerOrder,
  TSellerOrderDetail,
  TSellerOrderFilters,
} from '@livecart/contract/sellerOrders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import i18n from '../../app/i18n';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import OrdersRoute from '../shopper/OrdersRoute';
import OrdersPage from './OrdersPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();
const admin = makeUser({ id: 1, role_id: 3 });
const buyer = makeUser({ id: 9, role_id: 1, subscription_id: null });

function order(patch: Partial<TSellerOrder> = {}): TSellerOrder {
  return {
    id: 41,
    order_number: 'LC7KQ2M9XW',
    status: 'payed',
    created_at: '2026-03-05T23:30:00Z',
    paid_at: '2026-03-05T23:35:00Z',
    shipped_at: null,
    expires_at: null,
    seller_id: 7,
    seller_name: 'Boutique Sophie',
    buyer_id: 9,
    buyer: 'Camille Durand',
    buyer_first_name: 'Camille',
    buyer_email: 'camille@example.com',
    country_iso: 'FR',
    country_name: 'France',
    shipping_id: 3,
    shipping_name: 'Colissimo',
    payment_provider: 'mollie',
    payment_name: 'mollie:paypal',
    live_session_id: 5,
    subtotal: 39.9,
    shipping_amount: 4.9,
    order_amount: 44.8,
    refunded_amount: 0,
    // what a refund pays back: a paid order's payment, unless the test says otherwise
    refundable_amount:
      patch.refundable_amount ??
      (patch.status === undefined || patch.status === 'payed' || patch.status === 'shipped'
        ? (patch.order_amount ?? 44.8)
        : 0),
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    items: [
      {
        id: 1,
        product_id: 2,
        configuration_id: 20,
        name: 'Robe fleurie',
        color_label: 'Rouge',
        size_label: 'M',
        sku: 'ROBE12REDM',
        quantity: 1,
        price: 39.9,
        total: 39.9,
        photo: null,
      },
    ],
    history: [
      { status: 'new', created_at: '2026-03-05T23:30:00Z', user_id: null, by: null, note: null },
      { status: 'payed', created_at: '2026-03-05T23:35:00Z', user_id: 9, by: 'Camille Durand', note: null },
    ],
    invoice_number: 'F-2026-000003',
    invoice_url: '/api/invoices/LC7KQ2M9XW.pdf',
    ...patch,
  };
}

const SECOND = order({ id: 43, order_number: 'LCSECOND043', order_amount: 89.9, buyer: 'Lucas Petit' });
const OPEN = order({
  id: 42,
  order_number: 'LCNEW00001',
  status: 'new',
  paid_at: null,
  payment_name: null,
  payment_provider: null,
  invoice_number: null,
  invoice_url: null,
  order_amount: 25,
  buyer: 'Emma Roux',
});

const LIST = {
  count: 3,
  items: [order(), OPEN, SECOND],
  itemsStatuses: { all: 12, new: 3, payed: 5, shipped: 2, canceled: 1, expired: 1 },
};

const FILTERS: TSellerOrderFilters = {
  items: {
    statuses: ['new', 'payed', 'shipped', 'canceled', 'expired'],
    buyers: [{ id: 9, name: 'Camille Durand' }],
    buyers_more: false,
    shipping_methods: [{ id: 3, name: 'Colissimo' }],
    countries: [{ id: 75, name: 'France' }],
    payments: [{ value: 'mollie:paypal', provider: 'mollie', method: 'paypal' }],
    live_sessions: [{ id: 5, name: 'Live du mardi', started_at: '2026-03-03T19:00:00Z' }],
    live_sessions_more: false,
    sellers: [{ id: 7, name: 'Boutique Sophie' }],
    order_amount: { min: 0, max: 200 },
  },
};

const DETAIL: TSellerOrderDetail = {
  item: {
    ...order({
      status: 'shipped',
      carrier: 'Colissimo',
      tracking_number: '6A12345678901',
      tracking_url: 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901',
      history: [
        { status: 'new', created_at: '2026-03-05T23:30:00Z', user_id: null, by: null, note: null },
        { status: 'payed', created_at: '2026-03-05T23:35:00Z', user_id: null, by: null, note: null },
        { status: 'shipped', created_at: '2026-03-07T08:05:00Z', user_id: 7, by: 'Ana Martin', note: null },
      ],
    }),
    locale: 'fr',
    discount: 0,
    email: 'camille@example.com',
    ship_to: {
      first_name: 'Camille',
      last_name: 'Durand',
      phone: null,
      address1: '5 place Bellecour',
      address2: null,
      city: 'Lyon',
      state: null,
      post_code: '69002',
      country_id: 75,
      country_iso: 'FR',
      country_name: 'France',
    },
    payments: [
      {
        id: 4,
        provider: 'mollie',
        method: 'paypal',
        external_id: 'tr_WDqYK6vllg',
        amount: 44.8,
        fee: 2.24,
        status: 'paid',
        created_at: '2026-03-05T23:34:00Z',
        updated_at: '2026-03-05T23:35:00Z',
        paid_at: '2026-03-05T23:35:00Z',
        refunded_at: null,
        refund_due: null,
        refunds: [
          {
            id: 8,
            payment_id: 4,
            amount: 10,
            external_id: 're_4qqhO89gsT',
            status: 'refunded',
            created_at: '2026-03-08T10:00:00Z',
            by: 'Ana Martin',
          },
        ],
      },
    ],
    invoice: {
      number: 'F-2026-000003',
      created_at: '2026-03-05T23:35:00Z',
      total: 44.8,
      url: '/api/invoices/LC7KQ2M9XW.pdf',
    },
    live_session: { id: 5, title: 'Live du mardi', started_at: '2026-03-03T19:00:00Z' },
    comment: { id: 77, author: 'Camille Durand', text: 'ROBE12 rouge M', created_at: '2026-03-05T23:29:00Z' },
  },
};

const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /api/orders/fetch-items': LIST,
  'GET /api/orders/fetch-filters': FILTERS,
  'GET /api/orders/41': DETAIL,
  ...extra,
});

const callsTo = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([u, init]) => String(u).split('?')[0] === path && ((init as RequestInit)?.method ?? 'GET') === method,
  );
const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  callsTo(fetchMock, 'GET', '/api/orders/fetch-items');
const lastFilter = (fetchMock: ReturnType<typeof mockApi>) => {
  const calls = listCalls(fetchMock);
  const url = new URL(String(calls[calls.length - 1][0]), 'http://localhost');
  return JSON.parse(url.searchParams.get('queryFilter') ?? '{}');
};
const text = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ') ?? '';
const rowOf = (orderNumber: string) => screen.getByTestId(`order-${orderNumber}`);
const check = (orderNumber: string) => fireEvent.click(within(rowOf(orderNumber)).getByRole('checkbox'));

describe('Orders (seller and admin)', () => {
  it('orders #12: shows the status tabs with the counts of itemsStatuses; a tab filters the list and the address', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    const { container } = renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const tabs = ['all', 'new', 'payed', 'shipped', 'canceled', 'expired'].map((k) =>
      text(screen.getByTestId(`orders-tab-${k}`)),
    );
    expect(tabs).toEqual([
      'Toutes (12)',
      'Nouvelles (3)',
      'Payées (5)',
      'Expédiées (2)',
      'Remboursées (1)',
      'Expirées (1)',
    ]);
    expect(lastFilter(fetchMock)).toEqual({});

    fireEvent.click(screen.getByTestId('orders-tab-canceled'));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ status: 'canceled' }));
    expect(decodeURIComponent(currentLocation(container))).toContain('"status":"canceled"');

    fireEvent.click(screen.getByTestId('orders-tab-all'));
    await waitFor(() => expect(currentLocation(container)).toBe('/orders'));
  });

  it('orders #12: a row shows order, status, date, shopper, country, shipping, payment, products, history, pdf and total', {
    timeout: 60_000,
  }, async () => {
    mockApi(routes());
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    const row = text(rowOf('LC7KQ2M9XW'));
    // 23:30 UTC on 5 March is 00:30 on 6 March in Paris
    for (const part of [
      'Payée',
      '06/03/2026 00:30',
      'Camille Durand',
      'FR',
      'Colissimo',
      'Mollie · PayPal',
      'Robe fleurie',
      'Rouge / M',
      '44,80 €',
    ]) {
      expect(row).toContain(part);
    }
    expect(row).not.toContain('Boutique Sophie');
    expect(screen.getByTestId('order-invoice-LC7KQ2M9XW').getAttribute('href')).toBe(
      '/api/invoices/LC7KQ2M9XW.pdf',
    );
    expect(screen.getByTestId('order-status-LCNEW00001').textContent).toBe('Nouvelle');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const title of [
      'Commande',
      'Statut',
      'Date',
      'Client',
      'Pays',
      'Livraison',
      'Paiement',
      'Articles',
    ]) {
      expect(headers).toContain(title);
    }
    expect(headers).toContain('Historique');
    expect(headers).toContain('PDF');
    expect(headers).toContain('Total');
    expect(screen.queryByTestId('filter-seller')).toBeNull();
  });

  it('orders #12: filters, search and sort go into the address and into the request', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    const { container } = renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    const amount = within(screen.getByTestId('filter-order-amount')).getAllByRole('spinbutton');
    fireEvent.change(amount[0], { target: { value: '20' } });
    fireEvent.change(amount[1], { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ order_amount: { min: 20, max: 150 } }));
    expect(decodeURIComponent(currentLocation(container))).toContain('"order_amount":{"min":20,"max":150}');

    const search = screen.getByLabelText('Rechercher une commande');
    fireEvent.change(search, { target: { value: 'camille' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => {
      const calls = listCalls(fetchMock);
      const url = new URL(String(calls[calls.length - 1][0]), 'http://localhost');
      expect(url.searchParams.get('query')).toBe('camille');
    });

    const totalHeader = screen.getAllByRole('columnheader').find((h) => h.textContent === 'Total');
    fireEvent.click(totalHeader as HTMLElement);
    await waitFor(() => {
      const calls = listCalls(fetchMock);
      const url = new URL(String(calls[calls.length - 1][0]), 'http://localhost');
      expect(url.searchParams.get('column')).toBe('order_amount');
      expect(url.searchParams.get('sort')).toBe('DESC');
    });
    expect(currentLocation(container)).toContain('column=order_amount');
  });

  it('finds a shopper of a large shop by typing in the shopper filter, and says when more match', {
    timeout: 60_000,
  }, async () => {
    const firsts = Array.from({ length: 3 }, (_, i) => ({ id: 100 + i, name: `Alice ${i}` }));
    const fetchMock = mockApi(
      routes({
        'GET /api/orders/fetch-filters': (_: RequestInit, url: URL) => {
          const search = url.searchParams.get('buyer_search');
          const found = search === 'dur' ? [{ id: 9, name: 'Camille Durand' }] : firsts;
          return { items: { ...FILTERS.items, buyers: found, buyers_more: !search } };
        },
      }),
    );
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    const input = within(screen.getByTestId('filter-buyer')).getByRole('combobox');
    fireEvent.focus(input);
    fireEvent.mouseDown(input);
    // the first shoppers, and a line saying that typing finds the others
    expect(await screen.findByTitle('Alice 0')).toBeTruthy();
    const hint = await screen.findByText('D’autres clients : tapez un nom ou un e-mail pour les trouver');
    expect(hint.closest('[aria-disabled="true"], .ant-select-item-option-disabled')).not.toBeNull();
    fireEvent.change(input, { target: { value: 'dur' } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/orders/fetch-filters').some(
          ([u]) => new URL(String(u), 'http://localhost').searchParams.get('buyer_search') === 'dur',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByTitle('Camille Durand'));
    expect(screen.queryByText('D’autres clients : tapez un nom ou un e-mail pour les trouver')).toBeNull();
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ buyer_id: 9 }));
    // the chosen shopper is asked for by id, so it keeps its name beyond the first shoppers offered
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/orders/fetch-filters').some(
          ([u]) => new URL(String(u), 'http://localhost').searchParams.get('buyer_id') === '9',
        ),
      ).toBe(true),
    );
  });

  it('finds a live among many by typing in the live filter, and says when more match', {
    timeout: 60_000,
  }, async () => {
    const latest = [{ id: 30, name: 'Live du vendredi', started_at: null }];
    const fetchMock = mockApi(
      routes({
        'GET /api/orders/fetch-filters': (_: RequestInit, url: URL) => {
          const search = url.searchParams.get('live_session_search');
          const found = search === 'mardi' ? FILTERS.items.live_sessions : search === 'zzz' ? [] : latest;
          return { items: { ...FILTERS.items, live_sessions: found, live_sessions_more: !search } };
        },
      }),
    );
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    const input = within(screen.getByTestId('filter-live-session')).getByRole('combobox');
    fireEvent.focus(input);
    fireEvent.mouseDown(input);
    expect(await screen.findByTitle('Live du vendredi')).toBeTruthy();
    expect(
      await screen.findByText('D’autres lives : tapez un nom ou une date pour les trouver'),
    ).toBeTruthy();
    // a search that finds nothing says so
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'mardi' } });
    fireEvent.click(await screen.findByTitle('Live du mardi · 03/03/2026'));
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ live_session_id: 5 }));
    expect(
      callsTo(fetchMock, 'GET', '/api/orders/fetch-filters').some(
        ([u]) => new URL(String(u), 'http://localhost').searchParams.get('live_session_search') === 'mardi',
      ),
    ).toBe(true);
  });

  it('orders #12: reads the filters of a shared address, the status tab included, and exports the same list', async () => {
    const fetchMock = mockApi(routes());
    const filter = {
      status: 'payed',
      country_id: 75,
      live_session_id: 5,
      payment: 'mollie:paypal',
      buyer_id: 9,
    };
    const { container } = renderWithApp(<OrdersPage />, {
      route: `/orders?query=LC7&queryFilter=${encodeURIComponent(JSON.stringify(filter))}`,
      user: seller,
    });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    expect(lastFilter(fetchMock)).toEqual(filter);
    expect(
      screen.getByTestId('orders-tab-payed').closest('[role="tab"]')?.getAttribute('aria-selected'),
    ).toBe('true');
    const href = screen.getByTestId('orders-export').getAttribute('href') ?? '';
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/api/orders/export');
    expect(url.searchParams.get('query')).toBe('LC7');
    expect(JSON.parse(url.searchParams.get('queryFilter') ?? '{}')).toEqual(filter);
    expect(url.searchParams.get('locale')).toBe('fr');
    expect(url.searchParams.get('limit')).toBeNull();

    // resetting the filters keeps the tab
    fireEvent.click(screen.getByTestId('filters-reset'));
    await waitFor(() =>
      expect(decodeURIComponent(currentLocation(container))).toBe('/orders?queryFilter={"status":"payed"}'),
    );
  });

  it('orders #12: filtered on a live, links that live’s report; not otherwise', {
    timeout: 60_000,
  }, async () => {
    mockApi(routes());
    const first = renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    expect(screen.queryByTestId('orders-live-report')).toBeNull();
    expect(screen.queryByText('Voir le rapport du live')).toBeNull();
    first.unmount();

    const filter = { live_session_id: 5 };
    renderWithApp(<OrdersPage />, {
      route: `/orders?queryFilter=${encodeURIComponent(JSON.stringify(filter))}`,
      user: seller,
    });
    const link = await screen.findByTestId('orders-live-report');
    expect(text(link).trim()).toBe('Voir le rapport du live');
    expect(link.getAttribute('href')).toBe('/liveselling/5/report');
  });

  it('orders #12: admin’s Orders filtered on a live link its report, in English under /en', {
    timeout: 60_000,
  }, async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    mockApi(routes());
    const filter = { live_session_id: 5, seller_id: 7 };
    renderWithApp(<OrdersPage />, {
      route: `/en/orders?queryFilter=${encodeURIComponent(JSON.stringify(filter))}`,
      user: admin,
    });
    const link = await screen.findByTestId('orders-live-report');
    expect(text(link).trim()).toBe("See the live's report");
    expect(link.getAttribute('href')).toBe('/en/liveselling/5/report');
  });

  it('orders #12: a bulk action with nothing checked asks to select an item; a download needs a new order', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    fireEvent.click(screen.getByTestId('orders-bulk-refund'));
    expect(await screen.findByText('Sélectionnez au moins un élément')).toBeTruthy();
    fireEvent.click(screen.getByTestId('orders-bulk-ship'));
    expect(screen.queryByTestId('orders-ship-modal')).toBeNull();

    check('LC7KQ2M9XW');
    fireEvent.click(screen.getByTestId('orders-bulk-download'));
    expect(await screen.findByText('Veuillez sélectionner une commande à télécharger')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/orders/bulk-download')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST', '/api/orders/bulk-cancel')).toHaveLength(0);
  });

  it('orders #12: a refund is confirmed with the amount and number of paid orders, then lists the refused ones', {
    timeout: 60_000,
  }, async () => {
    const result: TBulkActionResult = {
      message: 'Orders has been refund',
      done: [{ id: 41, order_number: 'LC7KQ2M9XW', status: 'canceled' }],
      refused: [
        {
          id: 43,
          order_number: 'LCSECOND043',
          reason: 'refund_refused',
          message: 'Mollie a refusé le remboursement : solde insuffisant',
        },
      ],
    };
    const fetchMock = mockApi(routes({ 'POST /api/orders/bulk-cancel': result }));
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    check('LC7KQ2M9XW');
    check('LCSECOND043');
    check('LCNEW00001');
    fireEvent.click(screen.getByTestId('orders-bulk-refund'));
    const summary = text(await screen.findByTestId('orders-refund-summary'));
    // 44,80 € + 89,90 €: the open cart is canceled, not refunded
    expect(summary).toContain('134,70 € sera remboursé pour 2 commandes payées');
    expect(summary).toContain('1 panier non payé sera annulé sans remboursement');
    expect(callsTo(fetchMock, 'POST', '/api/orders/bulk-cancel')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders/bulk-cancel')).toHaveLength(1));
    const body = sentJson(callsTo(fetchMock, 'POST', '/api/orders/bulk-cancel')[0][1] as RequestInit);
    expect(JSON.parse(body.data).sort()).toEqual([41, 42, 43]);
    expect(await screen.findByText('Les commandes ont été remboursées')).toBeTruthy();
    const refused = await screen.findByTestId('orders-refused');
    expect(text(refused)).toContain("1 commande n'a pas été modifiée");
    expect(text(screen.getByTestId('orders-refused-LCSECOND043'))).toContain(
      'Mollie a refusé le remboursement : solde insuffisant',
    );
  });

  it('orders #12: a shipped order is refunded too, for its payments still paid', {
    timeout: 60_000,
  }, async () => {
    // a second payment of 10 € was refunded on its own: the order's payment is still to refund
    const shipped = order({
      status: 'shipped',
      order_amount: 44.8,
      refunded_amount: 10,
      refundable_amount: 44.8,
    });
    mockApi(routes({ 'GET /api/orders/fetch-items': { ...LIST, count: 1, items: [shipped] } }));
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    check('LC7KQ2M9XW');
    fireEvent.click(screen.getByTestId('orders-bulk-refund'));
    const summary = text(await screen.findByTestId('orders-refund-summary'));
    expect(summary).toContain('44,80 € sera remboursé pour 1 commande payée');
    expect(summary).not.toContain('rien ne sera remboursé');
  });

  it('orders #12: marking shipped sends each order’s carrier and tracking number', {
    timeout: 60_000,
  }, async () => {
    const result: TBulkActionResult = {
      message: 'Products has been shipped',
      done: [{ id: 41, order_number: 'LC7KQ2M9XW', status: 'shipped' }],
      refused: [
        { id: 42, order_number: 'LCNEW00001', reason: 'not_payed', message: "La commande n'est pas payée" },
      ],
    };
    const fetchMock = mockApi(routes({ 'POST /api/orders/bulk-shipping': result }));
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    check('LC7KQ2M9XW');
    check('LCNEW00001');
    fireEvent.click(screen.getByTestId('orders-bulk-ship'));
    await screen.findByTestId('orders-ship-modal');
    expect(
      screen.getByText('Seules les commandes payées sont expédiées ; les autres seront refusées.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Transporteur de la commande LC7KQ2M9XW'), {
      target: { value: ' Colissimo ' },
    });
    fireEvent.change(screen.getByLabelText('Numéro de suivi de la commande LC7KQ2M9XW'), {
      target: { value: '6A12345678901' },
    });
    fireEvent.click(screen.getByTestId('orders-ship-submit'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders/bulk-shipping')).toHaveLength(1));
    const body = sentJson(callsTo(fetchMock, 'POST', '/api/orders/bulk-shipping')[0][1] as RequestInit);
    expect(JSON.parse(body.data).sort()).toEqual([41, 42]);
    expect(body.shipments).toEqual([{ id: 41, carrier: 'Colissimo', tracking_number: '6A12345678901' }]);
    expect(await screen.findByText('Les produits ont été expédiés')).toBeTruthy();
    // the shipped orders are unchecked
    expect((within(rowOf('LC7KQ2M9XW')).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect(text(await screen.findByTestId('orders-refused-LCNEW00001'))).toContain(
      "La commande n'est pas payée",
    );
  });

  it('orders #12: refuses a tracking number with other characters without calling the server', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    check('LC7KQ2M9XW');
    fireEvent.click(screen.getByTestId('orders-bulk-ship'));
    fireEvent.change(await screen.findByLabelText('Numéro de suivi de la commande LC7KQ2M9XW'), {
      target: { value: '6A<script>' },
    });
    fireEvent.click(screen.getByTestId('orders-ship-submit'));
    expect(await screen.findByText('Valeur invalide')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/orders/bulk-shipping')).toHaveLength(0);
  });

  it('orders #12: the detail shows lines, address, tracking, payments and refunds, origin and the history', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    fireEvent.click(await screen.findByTestId('order-row-LC7KQ2M9XW'));
    const detail = await screen.findByTestId('order-detail');
    expect(callsTo(fetchMock, 'GET', '/api/orders/41')).toHaveLength(1);
    const all = text(detail);
    expect(all).toContain('Robe fleurie');
    expect(text(screen.getByTestId('order-detail-address'))).toBe(
      'Camille Durand, 5 place Bellecour, 69002 Lyon, France',
    );
    const tracking = within(screen.getByTestId('order-detail-tracking')).getByRole('link');
    expect(tracking.textContent).toBe('6A12345678901');
    expect(tracking.getAttribute('href')).toContain('laposte.fr');
    expect(text(screen.getByTestId('order-payment-4'))).toContain('tr_WDqYK6vllg');
    expect(text(screen.getByTestId('order-refund-8'))).toContain('Remboursement de 10 €');
    expect(text(screen.getByTestId('order-refund-8'))).toContain('re_4qqhO89gsT');
    expect(text(screen.getByTestId('order-detail-invoice'))).toContain('F-2026-000003');
    expect(text(screen.getByTestId('order-detail-live'))).toContain('Live « Live du mardi »');
    expect(text(screen.getByTestId('order-detail-comment'))).toContain('Camille Durand : « ROBE12 rouge M »');
    const entries = within(detail).getAllByTestId('order-history-entry').map(text);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toContain('Nouvelle');
    expect(entries[0]).toContain('Système');
    expect(entries[2]).toContain('Expédiée');
    expect(entries[2]).toContain('07/03/2026 09:05');
    expect(entries[2]).toContain('par Ana Martin');
  });

  it('orders #12: admin sees each order’s seller and filters by seller', { timeout: 60_000 }, async () => {
    const fetchMock = mockApi(routes());
    const { container } = renderWithApp(<OrdersPage />, {
      route: `/orders?queryFilter=${encodeURIComponent(JSON.stringify({ seller_id: 7 }))}`,
      user: admin,
    });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    expect(text(within(rowOf('LC7KQ2M9XW')).getByTestId('order-seller'))).toBe('Boutique Sophie');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Vendeur');
    expect(screen.getByTestId('filter-seller')).toBeTruthy();
    expect(lastFilter(fetchMock)).toEqual({ seller_id: 7 });
    // a tab keeps the seller filter
    fireEvent.click(screen.getByTestId('orders-tab-shipped'));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ seller_id: 7, status: 'shipped' }));
    expect(decodeURIComponent(currentLocation(container))).toContain('"seller_id":7');
  });

  it('orders #12: every filter is named by its label, each end of the total too', {
    timeout: 60_000,
  }, async () => {
    mockApi(routes());
    renderWithApp(<OrdersPage />, { route: '/orders', user: admin });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    const named = (name: string) => screen.getByLabelText(name, { selector: 'input' });
    for (const name of ['Pays', 'Livraison', 'Paiement', 'Session live', 'Client', 'Vendeur']) {
      expect(named(name).getAttribute('role')).toBe('combobox');
    }
    expect(named('Total : minimum').getAttribute('role')).toBe('spinbutton');
    expect(named('Total : maximum').getAttribute('role')).toBe('spinbutton');
    expect(named('Date')).toBeTruthy();
    expect(named('Rechercher une commande')).toBeTruthy();
  });

  it('orders #12: a refund the server refuses as a whole shows its message', {
    timeout: 60_000,
  }, async () => {
    mockApi(
      routes({
        'POST /api/orders/bulk-cancel': () => errorResponse(400, 'select_item', 'Select at least one item'),
      }),
    );
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    check('LC7KQ2M9XW');
    fireEvent.click(screen.getByTestId('orders-bulk-refund'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('Sélectionnez au moins un élément')).toBeTruthy();
    expect(screen.queryByText('Les commandes ont été remboursées')).toBeNull();
  });

  it('orders #12: /orders shows the shopper their own orders and the seller the Orders screen', async () => {
    mockApi({
      ...routes(),
      'GET /api/orders/fetch-items': { count: 0, items: [], itemsStatuses: LIST.itemsStatuses },
    });
    renderWithApp(<OrdersRoute />, { route: '/orders', user: buyer });
    expect(await screen.findByTestId('shopper-orders-page')).toBeTruthy();
    expect(screen.queryByTestId('orders-page')).toBeNull();
  });

  it('orders #12: speaks English under /en', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    mockApi(routes());
    renderWithApp(<OrdersPage />, { route: '/en/orders', user: seller });
    await screen.findByTestId('order-row-LC7KQ2M9XW');
    expect(text(screen.getByTestId('orders-tab-canceled'))).toBe('Refunded (1)');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Orders');
  });
});

describe('Orders on a phone', () => {
  onPhone();

  it('orders #12: each order is a card with number, status, shopper, articles, total and actions', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi(
      routes({ 'POST /api/orders/bulk-cancel': { message: '', done: [], refused: [] } }),
    );
    renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    const card = (await screen.findByTestId('order-LC7KQ2M9XW')) as HTMLElement;
    expect(card.tagName).toBe('LI');
    expect(screen.queryByRole('table')).toBeNull();
    const all = text(card);
    for (const part of ['LC7KQ2M9XW', 'Payée', 'Camille Durand', 'Robe fleurie', '1 article', '44,80 €']) {
      expect(all).toContain(part);
    }
    expect(within(card).getByTestId('order-invoice-LC7KQ2M9XW')).toBeTruthy();
    expect(within(card).getByTestId('order-history-LC7KQ2M9XW')).toBeTruthy();
    // checked from the card, refunded from the bulk menu
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Cocher LC7KQ2M9XW' }));
    fireEvent.click(screen.getByTestId('bulk-menu'));
    fireEvent.click(await screen.findByTestId('orders-bulk-refund'));
    expect(text(await screen.findByTestId('orders-refund-summary'))).toContain(
      '44,80 € sera remboursé pour 1 commande payée',
    );
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders/bulk-cancel')).toHaveLength(1));
    expect(sentJson(callsTo(fetchMock, 'POST', '/api/orders/bulk-cancel')[0][1] as RequestInit)).toEqual({
      data: '[41]',
    });
  });
  it('orders #12: the status is one labelled choice with its counts, and the history button is named by the count it shows', {
    timeout: 60_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    const { container } = renderWithApp(<OrdersPage />, { route: '/orders', user: seller });
    await screen.findByTestId('order-LC7KQ2M9XW');
    expect(screen.queryByRole('tablist')).toBeNull();
    const choice = screen.getByLabelText('Statut des commandes');
    expect(text(screen.getByTestId('orders-status-select'))).toContain('Toutes (12)');
    fireEvent.mouseDown(choice);
    fireEvent.click(await screen.findByTitle('Expédiées (2)'));
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ status: 'shipped' }));
    expect(decodeURIComponent(currentLocation(container))).toContain('"status":"shipped"');
    const history = screen.getByTestId('order-history-LC7KQ2M9XW');
    expect(history.getAttribute('aria-label')?.startsWith(history.textContent ?? '?')).toBe(true);
  });
});
