import type { TLiveCart } from '@livecart/contract/orders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { makeUser, renderWithApp } from '../../test/render';
import LiveCartsPage from './LiveCartsPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

function cart(patch: Partial<TLiveCart> = {}): TLiveCart {
  return {
    id: 1,
    order_number: 'LCABCDEF2345',
    created_at: '2026-12-01T19:31:00Z',
    expires_at: inMs(5 * 60_000 + 30_000),
    session_id: 3,
    shopper: 'Ana Lopez',
    products: [
      {
        id: 11,
        product_id: 5,
        configuration_id: 50,
        name: 'Robe fleurie',
        color_label: 'Rouge',
        size_label: 'M',
        quantity: 2,
        price: 617.25,
        photo: '/api/files/products/robe.webp',
      },
    ],
    total_amount: 1234.5,
    ...patch,
  };
}

const liveList = (items: TLiveCart[]) => () => ({
  count: items.length,
  items,
  serverTime: new Date().toISOString(),
});

/** A stand-in for the browser's EventSource, to push live events to the page. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners: Record<string, ((e: MessageEvent) => void)[]> = {};
  constructor() {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), fn];
  }
  close() {}
  emit(data: unknown) {
    for (const fn of this.listeners.live ?? []) fn(new MessageEvent('live', { data: JSON.stringify(data) }));
  }
}

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/orders/fetch-live-items')).length;

describe('Live Carts', () => {
  it('shows each cart with date, shopper, products, total and its countdown', {
    timeout: 30_000,
  }, async () => {
    const fetchMock = mockApi({
      'GET /api/orders/fetch-live-items': liveList([
        cart(),
        cart({ id: 2, order_number: 'LCNOTIMER222', expires_at: null, shopper: null }),
        cart({ id: 3, order_number: 'LCLONGTIMER3', expires_at: inMs(2 * 3_600_000 + 60_000) }),
      ]),
    });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: seller });
    const row = await screen.findByTestId('cart-row-LCABCDEF2345');
    expect(within(row).getByTestId('cart-number').textContent).toBe('LCABCDEF2345');
    expect(row.textContent).toContain('01/12/2026 20:31');
    expect(row.textContent).toContain('Ana Lopez');
    expect(row.textContent).toContain('Robe fleurie');
    expect(row.textContent).toContain('Rouge / M');
    expect(row.textContent).toContain('×2');
    expect(within(row).getByTestId('cart-total').textContent?.replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(within(row).getByTestId('cart-countdown').textContent).toMatch(/^0[45]:\d\d$/);
    expect(
      within(screen.getByTestId('cart-row-LCNOTIMER222')).getByTestId('cart-countdown').textContent,
    ).toBe('Sans minuteur');
    expect(
      within(screen.getByTestId('cart-row-LCLONGTIMER3')).getByTestId('cart-countdown').textContent,
    ).toMatch(/^02:0[01]:\d\d$/);
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.searchParams.get('column')).toBe('created_at');
    expect(url.searchParams.get('sort')).toBe('DESC');
    expect(url.searchParams.get('limit')).toBe('25');
  });

  it('says so when there is no open cart', async () => {
    mockApi({ 'GET /api/orders/fetch-live-items': liveList([]) });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: seller });
    expect((await screen.findByTestId('live-carts-table-empty')).textContent).toContain(
      'Aucun panier en cours',
    );
  });

  it('shows expired at zero and fetches the carts again when a countdown runs out', async () => {
    const fetchMock = mockApi({
      'GET /api/orders/fetch-live-items': liveList([cart({ expires_at: inMs(1_200) })]),
    });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: seller });
    await screen.findByTestId('cart-row-LCABCDEF2345');
    await waitFor(() => expect(screen.getByTestId('cart-countdown').textContent).toBe('Expiré'), {
      timeout: 4000,
    });
    // the list is asked again once the countdown is over (the sweeper has taken the cart by then)
    await waitFor(() => expect(listCalls(fetchMock)).toBeGreaterThanOrEqual(2));
  });

  it('expires a cart now after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/orders/fetch-live-items': liveList([cart({ id: 42 })]),
      'GET /api/orders/expire': { success: true, status: 'expired' },
    });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: seller });
    const row = await screen.findByTestId('cart-row-LCABCDEF2345');
    fireEvent.click(within(row).getByTestId('cart-expire'));
    await screen.findByTestId('confirm-ok');
    expect(screen.getAllByText('Faire expirer ce panier ?').length).toBeGreaterThan(0);
    expect(document.body.textContent).toContain('Le panier LCABCDEF2345 expire maintenant');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/orders/expire?orderId=42')).toBe(true),
    );
    expect(await screen.findByText('Panier expiré')).toBeTruthy();
  });

  it('opens a cart to take one unit off a line or remove it', async () => {
    const fetchMock = mockApi({
      'GET /api/orders/fetch-live-items': liveList([cart()]),
      'GET /api/orders/minus-item-order': { item: {} },
      'GET /api/orders/remove-item-order': { item: {} },
    });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: seller });
    fireEvent.click(await screen.findByTestId('cart-expand-LCABCDEF2345'));
    const lines = await screen.findByTestId('cart-lines-LCABCDEF2345');
    expect(within(lines).getByTestId('line-quantity').textContent).toBe('×2');
    fireEvent.click(within(lines).getByTestId('line-minus'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => String(u) === '/api/orders/minus-item-order?orderItemId=11'),
      ).toBe(true),
    );
    fireEvent.click(within(lines).getByTestId('line-remove'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => String(u) === '/api/orders/remove-item-order?orderItemId=11'),
      ).toBe(true),
    );
  });

  it('fetches the carts again on cart and cart_closed events', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const fetchMock = mockApi({ 'GET /api/orders/fetch-live-items': liveList([cart()]) });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: seller });
    await screen.findByTestId('cart-row-LCABCDEF2345');
    expect(listCalls(fetchMock)).toBe(1);
    act(() => FakeEventSource.last?.emit({ type: 'comments', sellerId: 7, sessionId: 3 }));
    act(() =>
      FakeEventSource.last?.emit({ type: 'cart', sellerId: 7, orderId: 1, orderNumber: 'X', sessionId: 3 }),
    );
    await waitFor(() => expect(listCalls(fetchMock)).toBe(2));
    act(() =>
      FakeEventSource.last?.emit({
        type: 'cart_closed',
        sellerId: 7,
        orderId: 1,
        orderNumber: 'X',
        status: 'expired',
      }),
    );
    await waitFor(() => expect(listCalls(fetchMock)).toBe(3));
  });
});

describe('Live Carts on a phone', () => {
  onPhone();

  it('orders #12: each cart is a card with shopper, articles, total, countdown and actions', {
    timeout: 30_000,
  }, async () => {
    const fetchMock = mockApi({
      'GET /api/orders/fetch-live-items': liveList([cart({ id: 42 })]),
      'GET /api/orders/minus-item-order': { item: {} },
      'GET /api/orders/expire': { success: true, status: 'expired' },
    });
    renderWithApp(<LiveCartsPage />, { route: '/liveorders', user: seller });
    const card = await screen.findByTestId('cart-row-LCABCDEF2345');
    expect(card.tagName).toBe('LI');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByTestId('cart-number').textContent).toBe('LCABCDEF2345');
    expect(card.textContent).toContain('Ana Lopez');
    expect(card.textContent).toContain('Robe fleurie');
    expect(card.textContent).toContain('Rouge / M');
    expect(within(card).getByTestId('line-quantity').textContent).toBe('×2');
    expect(within(card).getByTestId('cart-total').textContent?.replace(/\s/g, ' ')).toBe('1 234,50 €');
    expect(within(card).getByTestId('cart-countdown').textContent).toMatch(/^0[45]:\d\d$/);
    fireEvent.click(within(card).getByTestId('line-minus'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => String(u) === '/api/orders/minus-item-order?orderItemId=11'),
      ).toBe(true),
    );
    fireEvent.click(within(card).getByTestId('cart-expire'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/orders/expire?orderId=42')).toBe(true),
    );
  });
});
