import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { CommentConnect } from './CommentConnect';
import { PENDING_COMMENT_KEY, readPendingComment, rememberComment } from './commentLink';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const shopper = makeUser({ role_id: 1, subscription_id: null, planId: null });

describe('Buyer linked by comment', { timeout: 30_000 }, () => {
  it('orders #12 report: after sign-in the stored comment is posted with its token and the checkout opens after 1 second', async () => {
    rememberComment('c-1783_55', 'tok123');
    const calls: string[] = [];
    mockApi({
      'GET /api/orders/connect-bycomment': (_init: RequestInit, url: URL) => {
        calls.push(url.search);
        return { success: true, orders: 1, waiting: 0, orderNumber: 'LC7KQ2', storeName: 'Boutique Léa' };
      },
    });
    const { container } = renderWithApp(<CommentConnect />, { user: shopper, route: '/dashboard' });
    expect(await screen.findByTestId('checkout-return')).toBeTruthy();
    expect(calls).toEqual(['?commentId=c-1783_55&t=tok123']);
    expect(localStorage.getItem(PENDING_COMMENT_KEY)).toBeNull();
    expect(currentLocation(container)).toBe('/dashboard');
    await waitFor(
      () => expect(currentLocation(container)).toBe('/checkout/LC7KQ2?storeName=Boutique%20L%C3%A9a'),
      {
        timeout: 3000,
      },
    );
  });

  it('orders #12 report: a waiting-list comment opens the cart at that seller, in English under /en', async () => {
    rememberComment('c-wait', 'tok456');
    mockApi({
      'GET /api/orders/connect-bycomment': {
        success: true,
        orders: 0,
        waiting: 1,
        orderNumber: null,
        storeName: null,
      },
      'GET /api/orders/find-wait-order-by-comment': {
        storeName: 'Shop',
        orderNumber: 'LCWAIT1',
        productsWaiting: [],
      },
    });
    const { container } = renderWithApp(<CommentConnect />, {
      user: { ...shopper, selected_locale: 'en' },
      route: '/en/orders',
    });
    await waitFor(() => expect(currentLocation(container)).toBe('/en/checkout/LCWAIT1?storeName=Shop'), {
      timeout: 3000,
    });
  });

  it('orders #12 report: a stale link is forgotten and the shopper stays where they are', async () => {
    rememberComment('c-old', 'tok789');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /api/orders/connect-bycomment': errorResponse(404, 'not_found') });
    const { container } = renderWithApp(<CommentConnect />, { user: shopper, route: '/orders' });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(readPendingComment()).toBeNull();
    expect(screen.queryByTestId('checkout-return')).toBeNull();
    expect(currentLocation(container)).toBe('/orders');
    warn.mockRestore();
  });

  it('orders #12 report: a seller or a signed-out visitor posts nothing', async () => {
    rememberComment('c-2', 'tok');
    const fetchMock = mockApi({});
    renderWithApp(<CommentConnect />, { user: makeUser(), route: '/dashboard' });
    renderWithApp(<CommentConnect />, { user: null, route: '/' });
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('comment'))).toEqual([]);
    expect(readPendingComment()).toEqual({ commentId: 'c-2', t: 'tok' });
  });

  it('orders #12 report: keeps only a comment id and token of the expected shape', () => {
    rememberComment('<script>', 'tok');
    expect(readPendingComment()).toBeNull();
    localStorage.setItem(
      PENDING_COMMENT_KEY,
      JSON.stringify({ commentId: 'c', t: 't', at: Date.now() - 2 * 86_400_000 }),
    );
    expect(readPendingComment()).toBeNull();
    expect(localStorage.getItem(PENDING_COMMENT_KEY)).toBeNull();
  });
});
