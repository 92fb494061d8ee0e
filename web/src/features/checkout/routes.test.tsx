import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../app/i18n';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/queryClient';
import { routes } from '../../app/router';
import { mockApi } from '../../test/fetch';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

function open(path: string, extra: Record<string, object> = {}) {
  mockApi({ 'GET /api/auth/session': {}, 'GET /api/countries': { countries: [] }, ...extra });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the shopper routes', () => {
  it('a signed-out visitor opens /en/checkout/… in English, without sign-in and without the back-office frame', async () => {
    const router = open('/en/checkout/LCNOPE?storeName=Shop', {
      'GET /api/checkout': () =>
        new Response(JSON.stringify({ error: 'not_found', message: 'x' }), { status: 404 }),
    });
    expect((await screen.findByTestId('checkout-not-found')).textContent).toContain('Oops page not found');
    expect(router.state.location.pathname).toBe('/en/checkout/LCNOPE');
    expect(screen.getByTestId('checkout-store').textContent).toBe('Shop');
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('/sandbox/pay/{id} is public too', async () => {
    open('/sandbox/pay/5', {
      'GET /api/sandbox/payments/5': {
        id: 5,
        amount: 10,
        currency: 'EUR',
        merchant: 'Shop',
        order_number: 'LC1',
        method: null,
        status: 'open',
        returnUrl: '/checkout/LC1',
      },
    });
    expect(await screen.findByTestId('sandbox-pay')).toBeTruthy();
  });
});
