import type { TWaitingItem } from '@livecart/contract/orders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { orderKeys } from './api';
import WaitingListPage from './WaitingListPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();

function item(patch: Partial<TWaitingItem> = {}): TWaitingItem {
  return {
    configuration_id: 50,
    product_id: 5,
    name: 'Jupe plissée',
    photo: '/api/files/products/jupe.webp',
    reference: 'JUPE9',
    color: 'Rouge',
    size: 'M',
    price: 40,
    total_qty: 4,
    total_price: 1160,
    waiting_count: 2,
    stock: 0,
    session_ids: [3, 8],
    created_at: '2026-12-01T19:31:00Z',
    ...patch,
  };
}

const FILTERS = {
  items: {
    buyers: [{ id: 12, name: 'Cléo Durand' }],
    shoppers: [{ id: 34, name: 'Bob Martin' }],
    total_qty: { min: 1, max: 4 },
    total_amount: { min: 25, max: 160 },
  },
};

const waitingRoutes = (extra: Record<string, unknown> = {}) => ({
  'GET /api/orders/fetch-waiting-items': {
    count: 2,
    items: [
      item(),
      item({
        configuration_id: 51,
        reference: 'ROBE1',
        color: null,
        size: null,
        total_qty: 1,
        total_price: 25,
        waiting_count: 1,
        stock: 3,
        session_ids: [],
      }),
    ],
  },
  'GET /api/orders/fetch-filters': FILTERS,
  ...extra,
});

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/orders/fetch-waiting-items'));

class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners: ((e: MessageEvent) => void)[] = [];
  constructor() {
    FakeEventSource.last = this;
  }
  addEventListener(_type: string, fn: (e: MessageEvent) => void) {
    this.listeners.push(fn);
  }
  close() {}
  emit(data: unknown) {
    for (const fn of this.listeners) fn(new MessageEvent('live', { data: JSON.stringify(data) }));
  }
}

describe('Waiting list', () => {
  it('lists configurations most wanted first with reference, variant, totals, shoppers and stock', {
    timeout: 30_000,
  }, async () => {
    const fetchMock = mockApi(waitingRoutes());
    renderWithApp(<WaitingListPage />, { route: '/waiting-list', user: seller });
    const row = await screen.findByTestId('waiting-row-50');
    expect(within(row).getByTestId('waiting-reference').textContent).toBe('JUPE9');
    expect(row.textContent).toContain('Jupe plissée');
    expect(row.textContent).toContain('Rouge');
    expect(within(row).getByTestId('waiting-total-qty').textContent).toBe('4');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('1 160 €');
    expect(within(row).getByTestId('waiting-count').textContent).toBe('2');
    expect(within(row).getByTestId('waiting-stock').textContent).toBe('0');
    expect(row.textContent).toContain('01/12/2026 20:31');
    // nothing to serve without a session
    const other = screen.getByTestId('waiting-row-51');
    expect((within(other).getByTestId('waiting-serve-button') as HTMLButtonElement).disabled).toBe(true);
    const url = new URL(String(listCalls(fetchMock)[0][0]), 'http://localhost');
    expect(url.searchParams.get('column')).toBe('total_qty');
    expect(url.searchParams.get('sort')).toBe('DESC');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/orders/fetch-filters?type=waiting')).toBe(
      true,
    );
  });

  it('says so when nobody waits', async () => {
    mockApi(waitingRoutes({ 'GET /api/orders/fetch-waiting-items': { count: 0, items: [] } }));
    renderWithApp(<WaitingListPage />, { route: '/waiting-list', user: seller });
    expect((await screen.findByTestId('waiting-table-empty')).textContent).toContain("Personne n'attend");
  });

  async function openModal(extra: Record<string, unknown> = {}) {
    const fetchMock = mockApi(
      waitingRoutes({
        'POST /api/order/update-config-qty': { item: { configuration_id: 50, quantity: 0, served: 2 } },
        ...extra,
      }),
    );
    renderWithApp(<WaitingListPage />, { route: '/waiting-list', user: seller });
    const row = await screen.findByTestId('waiting-row-50');
    fireEvent.click(within(row).getByTestId('waiting-qty-button'));
    const input = (await screen.findByTestId('waiting-qty-input')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('0'));
    const posts = () => fetchMock.mock.calls.filter(([u]) => String(u) === '/api/order/update-config-qty');
    return { input, posts };
  }

  it('refuses a negative, missing or fractional quantity without calling the server', {
    timeout: 40_000,
  }, async () => {
    const { input, posts } = await openModal();
    fireEvent.change(input, { target: { value: '-1' } });
    fireEvent.click(screen.getByTestId('waiting-qty-submit'));
    expect(await screen.findByText('Doit être supérieur ou égal à 0')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('waiting-qty-submit'));
    expect(await screen.findByText('Champ obligatoire')).toBeTruthy();
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('waiting-qty-submit'));
    expect(await screen.findByText('Doit être un nombre entier')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('sets the stock and tells how many shoppers were served', { timeout: 30_000 }, async () => {
    const { input, posts } = await openModal();
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('waiting-qty-submit'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(sentJson(posts()[0][1] as RequestInit)).toEqual({ productConfigurationId: 50, quantity: 5 });
    expect(await screen.findByText('Stock mis à jour. Clients servis : 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('waiting-qty-input')).toBeNull());
  });

  it('serves the queue now in every session that has waiting shoppers', async () => {
    const fetchMock = mockApi(
      waitingRoutes({
        'POST /api/order/run-wait-workflow': (init: RequestInit) => ({
          served: sentJson(init).sessionId === 3 ? 1 : 2,
        }),
      }),
    );
    renderWithApp(<WaitingListPage />, { route: '/waiting-list', user: seller });
    const row = await screen.findByTestId('waiting-row-50');
    fireEvent.click(within(row).getByTestId('waiting-serve-button'));
    expect(await screen.findByText('Clients servis : 3')).toBeTruthy();
    const bodies = fetchMock.mock.calls
      .filter(([u]) => String(u) === '/api/order/run-wait-workflow')
      .map(([, init]) => sentJson(init as RequestInit));
    expect(bodies).toEqual([
      { sessionId: 3, productConfigurationId: 50 },
      { sessionId: 8, productConfigurationId: 50 },
    ]);
  });

  it('applies the product search and keeps it in the address', async () => {
    const fetchMock = mockApi(waitingRoutes());
    const { container } = renderWithApp(<WaitingListPage />, { route: '/waiting-list', user: seller });
    await screen.findByTestId('waiting-row-50');
    fireEvent.change(screen.getByTestId('filter-product-search'), { target: { value: ' jupe ' } });
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(listCalls(fetchMock).length).toBe(2));
    const url = new URL(String(listCalls(fetchMock)[1][0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('queryFilter') ?? '{}')).toEqual({ product_search: 'jupe' });
    expect(decodeURIComponent(currentLocation(container))).toContain('"product_search":"jupe"');
  });

  it('reads the shopper filter from the address as the API takes it', async () => {
    const fetchMock = mockApi(waitingRoutes());
    const filter = encodeURIComponent(JSON.stringify({ social_identity_id: 34, total_qty: { min: 2 } }));
    renderWithApp(<WaitingListPage />, { route: `/waiting-list?queryFilter=${filter}`, user: seller });
    await screen.findByTestId('waiting-row-50');
    const url = new URL(String(listCalls(fetchMock)[0][0]), 'http://localhost');
    expect(JSON.parse(url.searchParams.get('queryFilter') ?? '{}')).toEqual({
      social_identity_id: 34,
      total_qty: { min: 2 },
    });
    await waitFor(() => expect(screen.getByTestId('waiting-filters').textContent).toContain('Bob Martin'));
  });

  it('fetches the list and the sidebar count again on a waiting event', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const fetchMock = mockApi(waitingRoutes());
    const { client } = renderWithApp(<WaitingListPage />, { route: '/waiting-list', user: seller });
    client.setQueryData(orderKeys.waitingCount(), { count: 2, items: [] });
    await screen.findByTestId('waiting-row-50');
    expect(listCalls(fetchMock)).toHaveLength(1);
    act(() => FakeEventSource.last?.emit({ type: 'waiting', sellerId: 7, configurationId: 50 }));
    await waitFor(() => expect(listCalls(fetchMock)).toHaveLength(2));
    expect(client.getQueryState(orderKeys.waitingCount())?.isInvalidated).toBe(true);
  });
});

describe('Waiting list on a phone', () => {
  onPhone();

  it('orders #12: each waiting item is a card with reference, variant, shoppers, stock and actions', {
    timeout: 30_000,
  }, async () => {
    mockApi(waitingRoutes());
    renderWithApp(<WaitingListPage />, { route: '/waiting-list', user: seller });
    const card = await screen.findByTestId('waiting-row-50');
    expect(card.tagName).toBe('LI');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByTestId('waiting-reference').textContent).toBe('JUPE9');
    const text = card.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('Jupe plissée · Rouge / M');
    expect(text).toContain('Clients en attente : 2');
    expect(text).toContain('1 160 €');
    expect(text).toContain('01/12/2026 20:31');
    expect(within(card).getByTestId('waiting-total-qty').textContent).toBe('4');
    expect(within(card).getByTestId('waiting-stock').textContent).toBe('0');
    fireEvent.click(within(card).getByTestId('waiting-qty-button'));
    expect(await screen.findByTestId('waiting-qty-modal')).toBeTruthy();
    expect(
      (within(screen.getByTestId('waiting-row-51')).getByTestId('waiting-serve-button') as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
