import type { TCheckoutResponse } from '@livecart/contract/checkout';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatEuros } from '../../app/format';
import i18n from '../../app/i18n';
import {
  ADDRESS,
  COUNTRIES,
  checkoutCalls,
  checkoutData,
  colissimo,
  inMs,
  renderCheckout,
  URL_OF,
} from '../../test/checkout';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import SignUpPage from '../auth/SignUpPage';
import CheckoutPage from './CheckoutPage';
import { leaveTo } from './leave';

vi.mock('./leave', () => ({ leaveTo: vi.fn() }));

const t = i18n.t;

beforeEach(() => vi.mocked(leaveTo).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('Checkout page', () => {
  it('shows the items, the waited products, the countdown and the total with the only shipping method chosen', async () => {
    const fetchMock = mockApi({
      'GET /api/checkout': (_init: RequestInit, url: URL) => {
        expect(url.searchParams.get('orderNumber')).toBe('LC7KQ2M9XW4P');
        expect(url.searchParams.get('t')).toBe('tok123');
        return checkoutData();
      },
      'GET /api/countries': COUNTRIES,
    });
    renderCheckout();
    const items = await screen.findAllByTestId('checkout-item');
    expect(items).toHaveLength(1);
    expect(items[0].textContent).toContain('Robe fleurie');
    expect(items[0].textContent).toContain('Rouge / M');
    expect(items[0].textContent).toContain(formatEuros(59));
    expect(items[0].querySelector('img')?.getAttribute('src')).toBe('/api/files/products/robe.webp');
    const waiting = screen.getAllByTestId('checkout-waiting-item');
    expect(waiting[0].textContent).toContain('Pull doux');
    expect(screen.getByText(t('checkout.waitingNote'))).toBeTruthy();
    expect(screen.getByTestId('checkout-store').textContent).toBe('Boutique Léa');
    expect(screen.getByTestId('checkout-countdown').textContent).toMatch(/^(10:00|09:5\d)$/);
    // one method to France: picked for the shopper, its price in the total
    expect((screen.getByTestId('shipping-method-3') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(64.9));
    expect((screen.getByTestId('payment-method-sandbox:card') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('address-city') as HTMLInputElement).value).toBe('Paris');
    expect(screen.getByTestId('legal-terms').getAttribute('href')).toBe('https://lea.example/cgv');
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
  });

  it('posts exactly the contract body and goes to the payment page: shipping, terms, Pay', async () => {
    const fetchMock = mockApi({
      'GET /api/checkout': checkoutData({
        shippingMethods: [
          colissimo,
          { ...colissimo, id: 4, name: 'Mondial Relay', base_price: 3.9, price: 3.9, order_total: 62.9 },
        ],
      }),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': { redirectUrl: '/sandbox/pay/77' },
    });
    renderCheckout();
    fireEvent.click(await screen.findByTestId('shipping-method-4'));
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(62.9));
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('payment-method-sandbox:paypal'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/sandbox/pay/77'));
    const [call] = checkoutCalls(fetchMock);
    expect(new URL(String(call[0]), 'http://x').searchParams.get('locale')).toBe('fr');
    expect(sentJson(call[1] as RequestInit)).toEqual({
      orderNumber: 'LC7KQ2M9XW4P',
      address: {
        first_name: 'Camille',
        last_name: 'Durand',
        email: 'camille@example.com',
        phone: '+33612345678',
        country_id: 1,
        post_code: '75011',
        city: 'Paris',
        address1: '12 rue Oberkampf',
      },
      shipping_method_id: 4,
      payment_method: 'sandbox:paypal',
      accept_terms: true,
      t: 'tok123',
    });
  });

  it('shows the SPEC §5 messages under the fields and posts nothing when the address is incomplete', async () => {
    const fetchMock = mockApi({
      'GET /api/checkout': checkoutData({ address: null, shippingMethods: [] }),
      'GET /api/countries': COUNTRIES,
    });
    renderCheckout();
    fireEvent.change(await screen.findByTestId('address-city'), { target: { value: 'Pa' } });
    fireEvent.change(screen.getByTestId('address-email'), { target: { value: 'camille@' } });
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    const field = (name: string) => screen.getByTestId(`address-${name}`).closest('label') as HTMLElement;
    expect(within(field('first_name')).getByRole('alert').textContent).toBe(t('fields.required'));
    expect(within(field('city')).getByRole('alert').textContent).toBe(
      t('fields.min_chars', { charNumber: 3 }),
    );
    expect(within(field('email')).getByRole('alert').textContent).toBe(t('fields.email'));
    expect(within(field('country')).getByRole('alert').textContent).toBe(t('fields.country'));
    // optional: no message
    expect(within(field('address2')).queryByRole('alert')).toBeNull();
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('screens #4: shows the region only where the country uses one, and each country error under its field', async () => {
    const fetchMock = mockApi({
      'GET /api/checkout': checkoutData(),
      'GET /api/countries': COUNTRIES,
      'GET /api/checkout/fetch-shipping-methods': { shippingMethods: [] },
    });
    renderCheckout();
    const field = (name: string) => screen.getByTestId(`address-${name}`).closest('label') as HTMLElement;
    const select = (await screen.findByTestId('address-country')) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(4));
    // France: no region to fill in; the post code's example is France's
    expect(screen.queryByTestId('address-state')).toBeNull();
    expect(screen.getByTestId('address-post_code').getAttribute('placeholder')).toBe('75011');
    fireEvent.change(screen.getByTestId('address-post_code'), { target: { value: 'zz' } });
    fireEvent.change(screen.getByTestId('address-phone'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    expect(within(field('post_code')).getByRole('alert').textContent).toBe(
      `${t('fields.post_code')} (${t('address.example', { example: '75011' })})`,
    );
    expect(within(field('phone')).getByRole('alert').textContent).toBe(t('fields.phone'));
    expect(within(field('city')).queryByRole('alert')).toBeNull();

    // Italy: its province is needed
    fireEvent.change(select, { target: { value: '3' } });
    expect(within(field('post_code')).queryByRole('alert')).toBeNull();
    const region = screen.getByTestId('address-state') as HTMLInputElement;
    expect(field('state').textContent).not.toContain(t('checkout.optional'));
    fireEvent.change(region, { target: { value: '' } });
    fireEvent.change(screen.getByTestId('address-post_code'), { target: { value: '00184' } });
    fireEvent.change(screen.getByTestId('address-phone'), { target: { value: '+39 06 1234 5678' } });
    fireEvent.click(screen.getByTestId('checkout-pay'));
    expect(within(field('state')).getByRole('alert').textContent).toBe(t('fields.required'));
    expect(within(field('post_code')).queryByRole('alert')).toBeNull();
    expect(within(field('phone')).queryByRole('alert')).toBeNull();
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
  });

  it('requires the terms before paying', async () => {
    const fetchMock = mockApi({
      'GET /api/checkout': checkoutData(),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': { redirectUrl: '/sandbox/pay/1' },
    });
    renderCheckout();
    fireEvent.click(await screen.findByTestId('checkout-pay'));
    expect(await screen.findByText(t('errors.terms_required'))).toBeTruthy();
    expect(t('errors.terms_required', { lng: 'en' })).toBe('Terms and conditions must be accepted');
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    expect(screen.queryByText(t('errors.terms_required'))).toBeNull();
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/sandbox/pay/1'));
  });

  it('asks for shipping methods of the chosen country and shows a free one as free', async () => {
    const fetchMock = mockApi({
      'GET /api/checkout': checkoutData({ address: { ...ADDRESS, country_id: null }, shippingMethods: [] }),
      'GET /api/countries': COUNTRIES,
      'GET /api/checkout/fetch-shipping-methods': (_i: RequestInit, url: URL) => {
        expect(Object.fromEntries(url.searchParams)).toEqual({ orderId: '42', countryId: '2', t: 'tok123' });
        return {
          shippingMethods: [
            {
              ...colissimo,
              id: 9,
              name: 'bpost',
              country_id: 2,
              base_price: 7,
              price: 0,
              free_reason: 'threshold',
              order_total: 59,
            },
          ],
        };
      },
    });
    renderCheckout();
    expect(await screen.findByText(t('checkout.pickCountryFirst'))).toBeTruthy();
    const select = screen.getByTestId('address-country') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(4));
    fireEvent.change(select, { target: { value: '2' } });
    const tile = (await screen.findByTestId('shipping-method-9')).closest('label') as HTMLElement;
    expect(tile.textContent).toContain(t('checkout.free'));
    expect(screen.getByTestId('checkout-shipping').textContent).toBe(t('checkout.free'));
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(59));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('fetch-shipping-methods'))).toBe(true);
  });

  it('shows the server’s field errors under the fields', async () => {
    mockApi({
      'GET /api/checkout': checkoutData(),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': () =>
        new Response(
          JSON.stringify({
            error: 'validation',
            message: 'Invalid',
            fields: { 'address.post_code': 'max_chars:20', shipping_method_id: 'required' },
          }),
          { status: 400 },
        ),
    });
    renderCheckout();
    fireEvent.click(await screen.findByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    const postCode = screen.getByTestId('address-post_code').closest('label') as HTMLElement;
    expect((await within(postCode).findByRole('alert')).textContent).toBe(
      t('fields.max_chars', { charNumber: 20 }),
    );
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('says so and stays when the payment provider fails (redirectUrl null)', async () => {
    mockApi({
      'GET /api/checkout': checkoutData(),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': { redirectUrl: null, error: 'payment_provider_error', message: 'Provider down' },
    });
    renderCheckout();
    fireEvent.click(await screen.findByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe('Provider down');
    expect(leaveTo).not.toHaveBeenCalled();
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers to go back to a payment already in progress instead of starting a second one', async () => {
    const page = 'https://www.mollie.com/checkout/select-method/first';
    mockApi({
      'GET /api/checkout': checkoutData(),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': () =>
        new Response(
          JSON.stringify({ error: 'payment_in_progress', message: 'in progress', redirectUrl: page }),
          { status: 409 },
        ),
    });
    renderCheckout();
    fireEvent.click(await screen.findByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    expect((await screen.findByTestId('checkout-error')).textContent).toContain(
      t('errors.payment_in_progress'),
    );
    expect(leaveTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('checkout-resume'));
    expect(leaveTo).toHaveBeenCalledWith(page);
  });

  it('shows an expired cart instead of the form', async () => {
    mockApi({
      'GET /api/checkout': checkoutData({ order: { status: 'expired', expires_at: null } }),
      'GET /api/countries': COUNTRIES,
    });
    renderCheckout();
    expect((await screen.findByTestId('checkout-expired')).textContent).toContain(t('checkout.expiredText'));
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
  });

  it('shows the cart expired when its countdown is over', async () => {
    mockApi({
      'GET /api/checkout': checkoutData({ order: { expires_at: inMs(-1000) } }),
      'GET /api/countries': COUNTRIES,
    });
    renderCheckout();
    expect(await screen.findByTestId('checkout-expired')).toBeTruthy();
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
  });

  it('answers a missing order (404) with the not-found message', async () => {
    mockApi({ 'GET /api/checkout': () => errorResponse(404, 'not_found', 'Oops page not found') });
    renderCheckout();
    expect((await screen.findByTestId('checkout-not-found')).textContent).toContain(t('errors.not_found'));
  });

  it('back from the payment page with hash and type: confirms, then shows the order complete', async () => {
    let paid = false;
    const fetchMock = mockApi({
      'GET /api/checkout': () => checkoutData(paid ? { order: { status: 'payed', expires_at: null } } : {}),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout/confirm': (init: RequestInit) => {
        expect(sentJson(init)).toEqual({ hash: 'h4sh', type: 'sandbox' });
        paid = true;
        return { paymentStatus: 'paid', orderStatus: 'payed', orderNumber: 'LC7KQ2M9XW4P' };
      },
    });
    const { container } = renderCheckout(`${URL_OF}&hash=h4sh&type=sandbox`);
    const success = await screen.findByTestId('checkout-success');
    expect(success.textContent).toContain(t('checkout.done.title'));
    expect(success.textContent).toContain('LC7KQ2M9XW4P');
    const confirmCalls = fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/checkout/confirm'));
    expect(confirmCalls).toHaveLength(1);
    // hash and type leave the address, the link's token stays
    await waitFor(() => expect(currentLocation(container)).not.toContain('hash='));
    expect(currentLocation(container)).toContain('t=tok123');
  });

  it('back from a failed payment: says it failed and offers the form again', async () => {
    mockApi({
      'GET /api/checkout': checkoutData(),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout/confirm': {
        paymentStatus: 'failed',
        orderStatus: 'new',
        orderNumber: 'LC7KQ2M9XW4P',
      },
      'POST /api/checkout': { redirectUrl: '/sandbox/pay/78' },
    });
    renderCheckout(`${URL_OF}&hash=h4sh&type=sandbox`);
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(t('checkout.payment.failed'));
    expect(screen.queryByTestId('checkout-success')).toBeNull();
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/sandbox/pay/78'));
  });

  it('shows an already paid order as complete', async () => {
    mockApi({
      'GET /api/checkout': checkoutData({ order: { status: 'payed', expires_at: null } }),
      'GET /api/countries': COUNTRIES,
    });
    renderCheckout();
    expect((await screen.findByTestId('checkout-success')).textContent).toContain('LC7KQ2M9XW4P');
  });

  describe('screens #3: the confirmation of a paid order', () => {
    const paidOrder = (order: Partial<TCheckoutResponse['order']> = {}) =>
      checkoutData({
        order: {
          status: 'payed',
          expires_at: null,
          paid_at: '2026-11-21T19:42:00Z',
          shipping_method_id: 3,
          shipping_method_name: 'Colissimo',
          shipping: 5.9,
          total_amount: 64.9,
          ...order,
        },
        address: { ...ADDRESS, phone: '+33612345678' },
        orderItemsWait: { productsWaiting: [] },
      });

    it('shows the order number, articles, total paid, address and carrier, and the invoice once issued without a reload', async () => {
      let reads = 0;
      mockApi({
        'GET /api/checkout': () => {
          reads += 1;
          return paidOrder(
            reads > 1
              ? { invoice: { number: 'F-2026-000042', url: '/api/invoices/LC7KQ2M9XW4P.pdf?t=tok123' } }
              : {},
          );
        },
        'GET /api/countries': COUNTRIES,
      });
      renderCheckout();
      const success = await screen.findByTestId('checkout-success');
      expect(success.textContent).toContain(t('checkout.done.title'));
      expect(screen.getByTestId('confirmation-order-number').textContent).toBe(
        t('checkout.done.number', { orderNumber: 'LC7KQ2M9XW4P' }),
      );
      expect(success.textContent).toContain(t('checkout.done.paid', { amount: formatEuros(64.9) }));
      expect(success.textContent).toContain('camille@example.com');
      const [item] = screen.getAllByTestId('checkout-item');
      expect(item.textContent).toContain('Robe fleurie');
      expect(item.textContent).toContain('Rouge / M');
      expect(item.textContent).toContain(t('checkout.qty', { count: 2 }));
      expect(item.textContent).toContain(formatEuros(59));
      expect(screen.getByTestId('checkout-shipping').textContent).toBe(formatEuros(5.9));
      expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(64.9));
      expect(screen.getByText(t('checkout.done.totalPaid'))).toBeTruthy();
      const delivery = screen.getByTestId('confirmation-delivery');
      expect(screen.getByTestId('confirmation-carrier').textContent).toBe(
        t('checkout.done.carrier', { name: 'Colissimo' }),
      );
      await waitFor(() => expect(delivery.textContent).toContain('France'));
      for (const line of ['Camille Durand', '12 rue Oberkampf', '75011 Paris', '+33 6 12 34 56 78']) {
        expect(delivery.textContent).toContain(line);
      }
      // nothing left to fill in or pay
      expect(screen.queryByTestId('checkout-pay')).toBeNull();
      expect(screen.queryByTestId('address-city')).toBeNull();

      // the invoice is issued a moment after the payment: the page picks it up by itself
      expect(screen.getByTestId('confirmation-invoice-pending').textContent).toBe(
        t('checkout.done.invoicePending'),
      );
      const link = await screen.findByTestId('confirmation-invoice-link', {}, { timeout: 5000 });
      expect(link.getAttribute('href')).toBe('/api/invoices/LC7KQ2M9XW4P.pdf?t=tok123');
      expect(link.textContent).toBe(t('checkout.done.invoiceDownload'));
      expect(screen.getByTestId('confirmation-invoice').textContent).toContain('F-2026-000042');
      expect(screen.queryByTestId('confirmation-invoice-pending')).toBeNull();
    });

    it('offers a guest an account with the e-mail given, prefilled, coming back to this order', async () => {
      mockApi({ 'GET /api/checkout': paidOrder(), 'GET /api/countries': COUNTRIES });
      const { container } = renderWithApp(
        <Routes>
          <Route path="/checkout/:orderNumber" element={<CheckoutPage />} />
          <Route path="/signup" element={<SignUpPage />} />
          <Route path="*" element={null} />
        </Routes>,
        { route: URL_OF },
      );
      const account = await screen.findByTestId('confirmation-account');
      expect(account.textContent).toContain(t('checkout.done.followText', { email: 'camille@example.com' }));
      expect(screen.getByTestId('confirmation-signin').getAttribute('href')).toBe(
        `/signin?callbackUrl=${encodeURIComponent('/checkout/LC7KQ2M9XW4P?storeName=Boutique%20L%C3%A9a&t=tok123')}`,
      );
      fireEvent.click(screen.getByTestId('confirmation-signup'));
      const [path, query] = currentLocation(container).split('?');
      expect(path).toBe('/signup');
      const params = new URLSearchParams(query);
      expect(params.get('email')).toBe('camille@example.com');
      expect(params.get('callbackUrl')).toBe('/checkout/LC7KQ2M9XW4P?storeName=Boutique%20L%C3%A9a&t=tok123');
      // the sign-up form, as a shopper, with that e-mail
      await waitFor(() =>
        expect((screen.getByTestId('signup-email') as HTMLInputElement).value).toBe('camille@example.com'),
      );
      expect(
        screen.getByTestId('signup-role-buyer').closest('.ant-radio-button-wrapper')?.className,
      ).toContain('checked');
      expect(JSON.parse(localStorage.getItem('pendingCheckout') ?? '{}').path).toBe(
        '/checkout/LC7KQ2M9XW4P?storeName=Boutique%20L%C3%A9a&t=tok123',
      );
    });

    it('gives the order’s signed-in shopper a link to their orders instead', async () => {
      mockApi({ 'GET /api/checkout': paidOrder({ signedIn: true }), 'GET /api/countries': COUNTRIES });
      renderCheckout(URL_OF, makeUser({ role_id: 1, email: 'camille@example.com' }));
      const account = await screen.findByTestId('confirmation-account');
      expect(account.textContent).toContain(t('checkout.done.inAccount'));
      expect(screen.getByTestId('confirmation-my-orders').getAttribute('href')).toBe('/orders');
      expect(screen.queryByTestId('confirmation-signup')).toBeNull();
    });
  });

  it('offers sign in and sign up that come back to this checkout', async () => {
    mockApi({ 'GET /api/checkout': checkoutData(), 'GET /api/countries': COUNTRIES });
    const { container } = renderCheckout();
    fireEvent.click(await screen.findByTestId('checkout-signup-link'));
    const [path, query] = currentLocation(container).split('?');
    expect(path).toBe('/signup');
    expect(new URLSearchParams(query).get('callbackUrl')).toBe(URL_OF);
    // kept for the sign-in that follows the e-mailed verification link
    expect(JSON.parse(localStorage.getItem('pendingCheckout') ?? '{}').path).toBe(
      '/checkout/LC7KQ2M9XW4P?storeName=Boutique%20L%C3%A9a&t=tok123',
    );
  });

  it('links the order of the link to a signed-in shopper, then shows it as theirs', async () => {
    let linked = false;
    const fetchMock = mockApi({
      'GET /api/checkout': () =>
        checkoutData({ order: { signedIn: linked }, ...(linked ? { address: ADDRESS } : {}) }),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout/link': () => {
        linked = true;
        return { success: true, linked: true, orders: 1, waiting: 0, orderNumber: 'LC7KQ2M9XW4P' };
      },
    });
    renderCheckout(URL_OF, makeUser({ role_id: 1, email: 'camille@example.com' }));
    await waitFor(() => expect(linked).toBe(true));
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/checkout/link');
    expect(sentJson(call![1]!)).toEqual({ orderNumber: 'LC7KQ2M9XW4P', t: 'tok123' });
    // read again: the account's address fills the form
    await waitFor(() => expect((screen.getByTestId('address-city') as HTMLInputElement).value).toBe('Paris'));
    expect(screen.queryByTestId('checkout-signin')).toBeNull();
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/checkout/link')).toHaveLength(1);
  });

  it('does not link for a signed-out visitor, a seller, or an order already the shopper’s', async () => {
    for (const [user, signedIn] of [
      [null, false],
      [makeUser({ role_id: 2 }), false],
      [makeUser({ role_id: 1 }), true],
    ] as const) {
      const fetchMock = mockApi({
        'GET /api/checkout': checkoutData({ order: { signedIn } }),
        'GET /api/countries': COUNTRIES,
      });
      const { unmount } = renderCheckout(URL_OF, user);
      await screen.findAllByTestId('checkout-item');
      expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/checkout/link')).toBe(false);
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
