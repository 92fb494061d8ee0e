import { BLOCKED_MESSAGE_DEFAULTS, type TBuyerDetail, type TBuyerListItem } from '@livecart/contract/buyers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { shopSettings } from '../../test/settings';
import BuyersPage from './BuyersPage';

afterEach(() => vi.unstubAllGlobals());

const seller = makeUser();
const admin = makeUser({ id: 1, role_id: 3 });
const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

function row(patch: Partial<TBuyerListItem> = {}): TBuyerListItem {
  return {
    key: '7:u12',
    buyer_id: 12,
    identity_id: null,
    seller_id: 7,
    seller_name: 'Boutique Sophie',
    first_name: 'Zoé',
    last_name: 'Martin',
    email: null,
    phone: '+33622222222',
    address: { city: 'Lyon', post_code: '69001', country_id: 75, country_iso: 'FR', country_name: 'France' },
    orders_count: 3,
    total_spent: 65,
    unpaid_carts: 1,
    last_order_at: '2026-01-06T12:00:00Z',
    blocked: false,
    sellers_count: null,
    blocked_sellers: null,
    ...patch,
  };
}

const GUEST = row({
  key: '7:s34',
  buyer_id: null,
  identity_id: 34,
  first_name: 'Wendy Waits',
  last_name: null,
  phone: null,
  address: null,
  orders_count: 0,
  total_spent: 0,
  unpaid_carts: 0,
  last_order_at: null,
});

function detail(patch: Partial<TBuyerDetail> = {}): { item: TBuyerDetail } {
  return {
    item: {
      ...row(),
      email: 'zoe@example.com',
      orders: [
        {
          id: 41,
          order_number: 'LC7KQ2M9XW',
          status: 'payed',
          created_at: '2026-01-05T12:00:00Z',
          paid_at: '2026-01-05T12:10:00Z',
          total_amount: 25,
          items_count: 2,
          seller_id: 7,
          seller_name: 'Boutique Sophie',
        },
      ],
      comments: [
        {
          id: 5,
          message: 'robe12 M',
          created_time: '2026-01-05T11:59:00Z',
          session_id: 3,
          session_title: '05/01/2026 20:30',
          outcome: 'ordered',
          order_number: 'LC7KQ2M9XW',
        },
      ],
      comments_count: 1,
      waiting: [
        {
          id: 8,
          product_id: 2,
          product_name: 'Foulard',
          color: 'Rouge',
          size: null,
          quantity: 1,
          created_at: '2026-01-05T12:01:00Z',
          session_id: 3,
        },
      ],
      waiting_count: 1,
      ...patch,
    },
  };
}

const FILTERS = { items: { countries: [{ id: 75, name_fr: 'France', name_en: 'France' }] } };

describe("a seller's shoppers (SPEC §3 Buyer, §7 Buyers)", { timeout: 60_000 }, () => {
  it('lists them with phone, address and figures, first names first; filters go in the address', async () => {
    const asked: URL[] = [];
    mockApi({
      'GET /api/buyers/fetch-items': (_i: RequestInit, url: URL) => {
        asked.push(url);
        return { count: 2, items: [GUEST, row()] };
      },
      'GET /api/buyers/fetch-filters': FILTERS,
    });
    const { container } = renderWithApp(<BuyersPage />, { route: '/buyers', user: seller });
    const zoe = await screen.findByTestId('buyer-row-7:u12');
    expect(textOf(zoe)).toContain('Zoé Martin');
    expect(textOf(zoe)).toContain('+33 6 22 22 22 22');
    expect(textOf(zoe)).toContain('69001 Lyon, France');
    expect(textOf(zoe)).toContain('65 €');
    expect(textOf(screen.getByTestId('buyer-row-7:s34'))).toContain('Wendy Waits');
    expect(asked[0].searchParams.get('column')).toBe('first_name');
    expect(asked[0].searchParams.get('sort')).toBe('ASC');
    expect(asked[0].searchParams.get('view')).toBeNull();
    // no seller column for a seller
    expect(screen.queryByText('Vendeur')).toBeNull();

    fireEvent.click(screen.getByTestId('filter-never-paid'));
    fireEvent.click(screen.getByTestId('filters-apply'));
    await waitFor(() => expect(currentLocation(container)).toContain('queryFilter'));
    expect(
      JSON.parse(new URLSearchParams(currentLocation(container).split('?')[1]).get('queryFilter') ?? ''),
    ).toEqual({
      never_paid: true,
    });
    await waitFor(() =>
      expect(JSON.parse(asked[asked.length - 1].searchParams.get('queryFilter') ?? '{}')).toEqual({
        never_paid: true,
      }),
    );
  });

  it('opens the detail: orders linking to the Orders screen, comments, waiting items', async () => {
    mockApi({
      'GET /api/buyers/fetch-items': { count: 1, items: [row()] },
      'GET /api/buyers/fetch-filters': FILTERS,
      'GET /api/buyers/fetch-item': (_i: RequestInit, url: URL) => {
        expect(JSON.parse(url.searchParams.get('queryFilter') ?? '')).toEqual({ buyer_id: 12, seller_id: 7 });
        return detail();
      },
    });
    renderWithApp(<BuyersPage />, { route: '/buyers', user: seller });
    fireEvent.click(await screen.findByTestId('buyer-open-7:u12'));
    const d = await screen.findByTestId('buyer-detail');
    expect(textOf(d)).toContain('zoe@example.com');
    const order = within(d).getByTestId('buyer-order-LC7KQ2M9XW');
    expect(within(order).getByTestId('buyer-order-link').getAttribute('href')).toBe(
      '/orders?query=LC7KQ2M9XW',
    );
    expect(textOf(order)).toContain('Payée');
    expect(textOf(within(d).getByTestId('buyer-comment-5'))).toContain('Commandé');
    expect(textOf(within(d).getByTestId('buyer-waiting-8'))).toContain('Foulard (Rouge) ×1');
    expect(within(d).getByTestId('buyer-block-state').textContent).toBe('Non bloqué');
  });

  it('blocking asks first, sends the shopper and says it is done', async () => {
    const sent: unknown[] = [];
    let blocked = false;
    mockApi({
      'GET /api/buyers/fetch-items': () => ({ count: 1, items: [GUEST] }),
      'GET /api/buyers/fetch-filters': FILTERS,
      'GET /api/buyers/fetch-item': () => detail({ ...GUEST, email: null, blocked }),
      'POST /api/buyers/block': (init: RequestInit) => {
        sent.push(sentJson(init));
        blocked = true;
        return { success: true, blocked: true, message: 'Le client a été bloqué' };
      },
    });
    renderWithApp(<BuyersPage />, { route: '/buyers', user: seller });
    fireEvent.click(await screen.findByTestId('buyer-open-7:s34'));
    fireEvent.click(await screen.findByTestId('buyer-block-switch'));
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Bloquer Wendy Waits ?'),
    );
    expect(screen.getByTestId('block-confirm-text').textContent).toContain('ne réserveront plus rien');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Le client a été bloqué');
    expect(sent).toEqual([{ identity_id: 34, blocked: true }]);
    await waitFor(() => expect(screen.getByTestId('buyer-block-state').textContent).toBe('Bloqué'));
  });

  it('the blocked message: both defaults shown, the seller’s text saved, empty goes back to the default', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/buyers/fetch-items': { count: 0, items: [] },
      'GET /api/buyers/fetch-filters': FILTERS,
      'GET /api/fetch-settings': { item: shopSettings({ blocked_message: null }) },
      'POST /api/update-settings': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { success: true, item: shopSettings({ blocked_message: 'Réglez vos paniers' }) };
      },
    });
    renderWithApp(<BuyersPage />, { route: '/buyers', user: seller });
    expect(await screen.findByTestId('buyers-table-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('blocked-message-open'));
    const defaults = await screen.findByTestId('blocked-message-defaults');
    expect(defaults.textContent).toContain(BLOCKED_MESSAGE_DEFAULTS.fr);
    expect(defaults.textContent).toContain(BLOCKED_MESSAGE_DEFAULTS.en);
    const box = screen.getByTestId('blocked-message-text') as HTMLTextAreaElement;
    expect(box.placeholder).toBe(BLOCKED_MESSAGE_DEFAULTS.fr);
    expect(box.maxLength).toBe(1000);
    fireEvent.change(box, { target: { value: '  Réglez vos paniers ' } });
    fireEvent.click(screen.getByTestId('blocked-message-save'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      "L'enregistrement a été mis à jour",
    );
    expect(sent).toEqual([{ blocked_message: 'Réglez vos paniers' }]);
  });
});

describe("admin's Clients and Shoppers", { timeout: 60_000 }, () => {
  it('Clients with the seller column; the Shoppers tab asks the accounts and is kept in the address', async () => {
    const asked: URL[] = [];
    mockApi({
      'GET /api/buyers/fetch-items': (_i: RequestInit, url: URL) => {
        asked.push(url);
        return url.searchParams.get('view') === 'shoppers'
          ? {
              count: 1,
              items: [
                row({
                  key: 'u12',
                  seller_id: null,
                  seller_name: null,
                  email: 'zoe@example.com',
                  sellers_count: 2,
                  blocked: true,
                  blocked_sellers: 1,
                }),
              ],
            }
          : { count: 1, items: [row()] };
      },
      'GET /api/buyers/fetch-filters': FILTERS,
      'GET /api/buyers/fetch-item': detail({ seller_id: null, blocked: true, blocked_sellers: 1 }),
    });
    const { container } = renderWithApp(<BuyersPage />, { route: '/buyers', user: admin });
    const client = await screen.findByTestId('buyer-row-7:u12');
    expect(textOf(client)).toContain('Boutique Sophie');
    expect(screen.getByTestId('filter-seller')).toBeTruthy();
    expect(screen.queryByTestId('blocked-message-open')).toBeNull();

    fireEvent.click(screen.getByTestId('buyers-tab-shoppers'));
    const account = await screen.findByTestId('buyer-row-u12');
    expect(textOf(account)).toContain('zoe@example.com');
    expect(textOf(account)).toContain('Bloqué par 1 vendeur');
    expect(currentLocation(container)).toBe('/buyers?view=shoppers');
    expect(asked[asked.length - 1].searchParams.get('view')).toBe('shoppers');
    expect(screen.queryByTestId('filter-seller')).toBeNull();

    fireEvent.click(screen.getByTestId('buyer-open-u12'));
    const d = await screen.findByTestId('buyer-detail');
    expect(within(d).queryByTestId('buyer-block-switch')).toBeNull();
    expect(textOf(d)).toContain('Bloqué par 1 vendeur');
  });
});
