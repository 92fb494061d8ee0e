import type { TPaymentDetail, TPaymentListItem } from '@livecart/contract/payments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import PaymentsPage from './PaymentsPage';

const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
});

const seller = makeUser();
const admin = makeUser({ id: 1, role_id: 3 });

function row(patch: Partial<TPaymentListItem> = {}): TPaymentListItem {
  return {
    id: 41,
    order_number: 'LC7KQ2M9XW',
    status: 'payed',
    created_at: '2026-03-05T23:30:00Z',
    paid_at: '2026-03-05T23:35:00Z',
    buyer_id: 9,
    shopper: 'Camille Durand',
    shopper_email: 'camille@example.com',
    amount: 44.8,
    total_amount: 44.8,
    fee: 2.24,
    provider: 'sandbox',
    payment_method: 'paypal',
    shipping_name: 'Colissimo',
    country_iso: 'FR',
    seller_id: 7,
    seller_name: 'Boutique Sophie',
    invoice_number: 'F-2026-000003',
    invoice_url: '/api/invoices/LC7KQ2M9XW.pdf',
    ...patch,
  };
}

const DETAIL: TPaymentDetail = {
  item: {
    order: {
      ...row(),
      subtotal: 39.9,
      discount: 0,
      shipping: 4.9,
      locale: 'fr',
      ship_to: {
        first_name: 'Camille',
        last_name: 'Durand',
        phone: '+33 6 98 76 54 32',
        address1: '5 place Bellecour',
        address2: null,
        city: 'Lyon',
        state: 'Rhône',
        post_code: '69002',
        country_id: 75,
        country_iso: 'FR',
        country_name: 'France',
      },
    },
    lines: [
      {
        id: 1,
        name: 'Robe fleurie',
        sku: 'ROBE12REDM',
        color_label: 'Rouge',
        size_label: 'M',
        quantity: 1,
        price: 39.9,
        total: 39.9,
        photo: null,
      },
    ],
    payments: [
      {
        id: 3,
        provider: 'sandbox',
        method: 'paypal',
        external_id: 'sbx_failed1',
        amount: 44.8,
        fee: 0,
        status: 'failed',
        created_at: '2026-03-05T23:31:00Z',
        updated_at: '2026-03-05T23:31:00Z',
        paid_at: null,
        refunded_at: null,
        refund_due: null,
      },
      {
        id: 4,
        provider: 'sandbox',
        method: 'paypal',
        external_id: 'sbx_paid2',
        amount: 44.8,
        fee: 2.24,
        status: 'paid',
        created_at: '2026-03-05T23:34:00Z',
        updated_at: '2026-03-05T23:35:00Z',
        paid_at: '2026-03-05T23:35:00Z',
        refunded_at: null,
        refund_due: null,
      },
    ],
    invoice: {
      number: 'F-2026-000003',
      created_at: '2026-03-05T23:35:00Z',
      total: 44.8,
      url: '/api/invoices/LC7KQ2M9XW.pdf',
    },
  },
};

const FILTERS = {
  items: {
    statuses: ['new', 'payed', 'shipped', 'canceled', 'expired'],
    shippings: [{ id: 3, name: 'Colissimo' }],
    countries: [{ id: 75, name: 'France' }],
    payments: [{ id: 8, name: 'Sandbox · card', provider: 'sandbox', method: 'card' }],
    sellers: [{ id: 7, name: 'Boutique Sophie' }],
    total_amount: { min: 0, max: 100 },
  },
};

const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /api/payments/fetch-items': {
    count: 2,
    items: [
      row(),
      row({ id: 42, order_number: 'LCNEW00001', status: 'new', amount: 0, invoice_number: null }),
    ],
  },
  'GET /api/payments/fetch-filters': FILTERS,
  'GET /api/payments/fetch-item': DETAIL,
  ...extra,
});

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/payments/fetch-items'));

describe('Payments', () => {
  it('lists orders with date, shopper, country, shipping, payment method, status and total, paid by default', {
    timeout: 30_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    renderWithApp(<PaymentsPage />, { route: '/payments', user: seller });
    const cell = await screen.findByTestId('payment-row-LC7KQ2M9XW');
    const tr = cell.closest('tr') as HTMLElement;
    const text = tr.textContent?.replace(/\s/g, ' ') ?? '';
    // 23:30 UTC on 5 March is 6 March in Paris
    expect(text).toContain('06/03/2026');
    expect(text).toContain('Camille Durand');
    expect(text).toContain('FR');
    expect(text).toContain('Colissimo');
    expect(text).toContain('Bac à sable · PayPal');
    expect(text).toContain('Payée');
    expect(text).toContain('44,80 €');
    // the seller column is the admin's only
    expect(text).not.toContain('Boutique Sophie');
    // no status in the address: the server's default, paid, shows in the filter
    const url = new URL(String(listCalls(fetchMock)[0][0]), 'http://localhost');
    expect(url.searchParams.get('queryFilter')).toBeNull();
    expect(screen.getByTestId('payments-filters').textContent).toContain('Payée');
  });

  it('shows admin the seller of each order and the seller filter', async () => {
    mockApi(routes());
    renderWithApp(<PaymentsPage />, { route: '/payments', user: admin });
    const tr = (await screen.findByTestId('payment-row-LC7KQ2M9XW')).closest('tr') as HTMLElement;
    expect(tr.textContent).toContain('Boutique Sophie');
    expect(screen.getByTestId('filter-seller')).toBeTruthy();
  });

  it('opens the transaction detail: lines, attempts, fee and invoice download', {
    timeout: 30_000,
  }, async () => {
    const fetchMock = mockApi(routes());
    renderWithApp(<PaymentsPage />, { route: '/payments', user: seller });
    fireEvent.click(await screen.findByTestId('payment-row-LC7KQ2M9XW'));
    const detail = await screen.findByTestId('payment-detail');
    expect(
      fetchMock.mock.calls.some(([u]) => String(u) === '/api/payments/fetch-item?orderNumber=LC7KQ2M9XW'),
    ).toBe(true);
    const text = detail.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('5 place Bellecour');
    expect(text).toContain('Robe fleurie');
    expect(text).toContain('sbx_failed1');
    expect(text).toContain('Échoué');
    expect(text).toContain('sbx_paid2');
    expect(screen.getByTestId('payment-detail-fee').textContent?.replace(/\s/g, ' ')).toBe('2,24 €');
    expect(screen.getByTestId('payment-detail-invoice').textContent).toContain('F-2026-000003');
    expect(screen.getByTestId('payment-invoice-download').getAttribute('href')).toBe(
      '/api/invoices/LC7KQ2M9XW.pdf',
    );
  });

  it('shows a payment to refund with its reason and refunds it after a confirmation; a refusal is shown', {
    timeout: 30_000,
  }, async () => {
    const due = {
      ...DETAIL.item.payments[1],
      id: 5,
      external_id: 'sbx_late3',
      refund_due: 'paid_twice' as const,
    };
    const withDue = { item: { ...DETAIL.item, payments: [...DETAIL.item.payments, due] } };
    let refused = true;
    const fetchMock = mockApi(
      routes({
        'GET /api/payments/fetch-item': () => withDue,
        'POST /api/payments/5/refund': () => {
          if (refused) {
            // what the server answers: the code, and the provider's words as params
            return new Response(
              JSON.stringify({
                error: 'payment_refund_refused',
                message: 'The refund was refused by Mollie: insufficient balance',
                params: { provider: 'Mollie', reason: 'solde insuffisant' },
              }),
              { status: 422 },
            );
          }
          withDue.item.payments[2] = { ...due, status: 'refunded', refund_due: null };
          return { message: 'Le paiement a été remboursé', item: withDue.item.payments[2] };
        },
      }),
    );
    renderWithApp(<PaymentsPage />, { route: '/payments', user: seller });
    fireEvent.click(await screen.findByTestId('payment-row-LC7KQ2M9XW'));
    const alert = await screen.findByTestId('refund-due-5');
    const text = alert.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('Paiement de 44,80 € à rembourser');
    expect(text).toContain('La commande était déjà payée par un autre paiement.');
    // the payments that deliver their order carry no such alert
    expect(screen.queryByTestId('refund-due-4')).toBeNull();
    const refunds = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/payments/5/refund');

    fireEvent.click(within(alert).getByTestId('refund-due-action'));
    fireEvent.click(await screen.findByTestId('refund-due-ok'));
    expect(
      await screen.findByText('Le remboursement a été refusé par Mollie : solde insuffisant'),
    ).toBeTruthy();
    expect(refunds()).toHaveLength(1);
    expect(screen.getByTestId('refund-due-5')).toBeTruthy();

    refused = false;
    fireEvent.click(within(screen.getByTestId('refund-due-5')).getByTestId('refund-due-action'));
    const oks = await screen.findAllByTestId('refund-due-ok');
    fireEvent.click(oks[oks.length - 1]);
    expect(await screen.findByText('Le paiement a été remboursé')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('refund-due-5')).toBeNull());
    expect(refunds()).toHaveLength(2);
  });

  it('asks to select an order before a bulk download, then downloads the checked ones as a zip', {
    timeout: 30_000,
  }, async () => {
    const createObjectURL = vi.fn(() => 'blob:zip');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const fetchMock = mockApi(
      routes({
        'POST /api/orders/bulk-download': {
          achive: btoa('PK-zip'),
          fileName: 'orders.zip',
          count: 1,
          message: 'Orders has been downloaded',
        },
      }),
    );
    renderWithApp(<PaymentsPage />, { route: '/payments', user: seller });
    await screen.findByTestId('payment-row-LCNEW00001');
    fireEvent.click(screen.getByTestId('payments-bulk-download'));
    expect(await screen.findByText('Veuillez sélectionner une commande à télécharger')).toBeTruthy();
    const posts = () =>
      fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/orders/bulk-download'));
    expect(posts()).toHaveLength(0);

    const tr = screen.getByTestId('payment-row-LCNEW00001').closest('tr') as HTMLElement;
    fireEvent.click(within(tr).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('payments-bulk-download'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(String(posts()[0][0])).toBe('/api/orders/bulk-download?locale=fr&type=invoices');
    expect(sentJson(posts()[0][1] as RequestInit)).toEqual({ ids: [42] });
    expect(await screen.findByText('Les commandes ont été téléchargées')).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal of a bulk download (no invoice among the checked orders)', async () => {
    mockApi(
      routes({
        'POST /api/orders/bulk-download': () =>
          errorResponse(400, 'select_order_download', 'Please select an order to be downloaded'),
      }),
    );
    renderWithApp(<PaymentsPage />, { route: '/payments', user: seller });
    const tr = (await screen.findByTestId('payment-row-LC7KQ2M9XW')).closest('tr') as HTMLElement;
    fireEvent.click(within(tr).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('payments-bulk-download'));
    expect(await screen.findByText('Veuillez sélectionner une commande à télécharger')).toBeTruthy();
  });

  it('filters by order number, kept in the address', { timeout: 30_000 }, async () => {
    const fetchMock = mockApi(routes());
    const { container } = renderWithApp(<PaymentsPage />, { route: '/payments', user: seller });
    await screen.findByTestId('payment-row-LC7KQ2M9XW');
    fireEvent.change(screen.getByTestId('filter-order-number'), { target: { value: ' 7KQ ' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(listCalls(fetchMock).length).toBe(2));
    const url = new URL(String(listCalls(fetchMock)[1][0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('queryFilter') ?? '{}')).toEqual({ order_number: '7KQ' });
    expect(decodeURIComponent(currentLocation(container))).toContain('"order_number":"7KQ"');
  });

  it('reads a status filter from the address', async () => {
    const fetchMock = mockApi(routes());
    const filter = encodeURIComponent(JSON.stringify({ status: 'all', country_id: 75 }));
    renderWithApp(<PaymentsPage />, { route: `/payments?queryFilter=${filter}`, user: seller });
    await screen.findByTestId('payment-row-LC7KQ2M9XW');
    const url = new URL(String(listCalls(fetchMock)[0][0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('queryFilter') ?? '{}')).toEqual({
      status: 'all',
      country_id: 75,
    });
    await waitFor(() =>
      expect(screen.getByTestId('payments-filters').textContent).toContain('Tous les statuts'),
    );
  });
});
