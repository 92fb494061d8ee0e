import type { TCheckoutResponse } from '@livecart/contract/checkout';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatEuros } from '../../app/format';
import i18n from '../../app/i18n';
import {
  COUNTRIES,
  checkoutCalls,
  checkoutData,
  colissimo,
  renderCheckout,
  shippingMethod,
  URL_OF,
} from '../../test/checkout';
import { mockApi, sentJson } from '../../test/fetch';
import { leaveTo } from './leave';

vi.mock('./leave', () => ({ leaveTo: vi.fn() }));

/*
 * An order that costs nothing (a 100 % live discount and a free shipping method): no payment
 * method to choose, a total of 0,00 € and a button that confirms the order instead of paying.
 */

beforeEach(() => vi.mocked(leaveTo).mockClear());
afterEach(() => vi.unstubAllGlobals());

const t = i18n.t;
const CONFIRMATION = 'http://localhost:3000/checkout/LC7KQ2M9XW4P?storeName=Boutique+L%C3%A9a&t=tok123';

const pickup = shippingMethod({
  id: 8,
  name: 'Retrait en boutique',
  base_price: 0,
  price: 0,
  order_total: 0,
});
const paidColissimo = { ...colissimo, order_total: 5.9 };

/** The 59 € order given free by the seller's live discount. */
const gift = (patch: Partial<TCheckoutResponse> = {}, order: Partial<TCheckoutResponse['order']> = {}) =>
  checkoutData({ order: { discount: 59, total_amount: 0, ...order }, shippingMethods: [pickup], ...patch });

describe('a free order at checkout', () => {
  it('in French: nothing to pay, no payment method, 0,00 €, and "Confirmer la commande" posts no method', async () => {
    const fetchMock = mockApi({
      // a seller who takes no online payment can still give an order
      'GET /api/checkout': gift({}, { paymentMethods: [] }),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': { redirectUrl: CONFIRMATION },
    });
    renderCheckout();
    const free = await screen.findByTestId('checkout-free');
    expect(free.textContent).toContain('Rien à payer');
    expect(free.textContent).toContain(t('checkout.freeOrder.text'));
    expect(screen.queryByText(t('checkout.paymentTitle'))).toBeNull();
    expect(screen.queryByText(t('checkout.noPaymentMethods'))).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(0));
    expect(screen.getByTestId('checkout-shipping').textContent).toBe(t('checkout.free'));

    const button = screen.getByTestId('checkout-pay') as HTMLButtonElement;
    expect(button.textContent).toBe('Confirmer la commande');
    expect(button.disabled).toBe(false);
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(button);
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(CONFIRMATION));
    const [call] = checkoutCalls(fetchMock);
    const body = sentJson(call[1] as RequestInit) as Record<string, unknown>;
    expect(body).toMatchObject({ orderNumber: 'LC7KQ2M9XW4P', shipping_method_id: 8, accept_terms: true });
    expect('payment_method' in body).toBe(false);
  });

  it('in English: "Nothing to pay" and "Confirm the order", the order placed in English', async () => {
    await i18n.changeLanguage('en');
    onTestFinished(async () => {
      await i18n.changeLanguage('fr');
    });
    const fetchMock = mockApi({
      'GET /api/checkout': gift(),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': { redirectUrl: CONFIRMATION.replace('/checkout/', '/en/checkout/') },
    });
    renderCheckout(`/en${URL_OF}`);
    expect((await screen.findByTestId('checkout-free')).textContent).toContain('Nothing to pay');
    expect(screen.getByText('This order is offered to you: confirm it, no payment is asked.')).toBeTruthy();
    expect(screen.queryByTestId('payment-method-sandbox:card')).toBeNull();
    const button = screen.getByTestId('checkout-pay');
    expect(button.textContent).toBe('Confirm the order');
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(button);
    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    const [call] = checkoutCalls(fetchMock);
    expect(new URL(String(call[0]), 'http://x').searchParams.get('locale')).toBe('en');
    expect('payment_method' in (sentJson(call[1] as RequestInit) as object)).toBe(false);
  });

  it('a shipping method that costs something brings the payment back, and the free one takes it away', async () => {
    const fetchMock = mockApi({
      'GET /api/checkout': gift({ shippingMethods: [pickup, paidColissimo] }),
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': { redirectUrl: '/sandbox/pay/77' },
    });
    renderCheckout();
    fireEvent.click(await screen.findByTestId('shipping-method-3'));
    expect(screen.queryByTestId('checkout-free')).toBeNull();
    expect(screen.getByTestId('payment-method-sandbox:card')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(5.9));
    expect(screen.getByTestId('checkout-pay').textContent).toBe(
      t('checkout.pay', { amount: formatEuros(5.9) }),
    );

    fireEvent.click(screen.getByTestId('shipping-method-8'));
    expect(screen.getByTestId('checkout-free')).toBeTruthy();
    expect(screen.getByTestId('checkout-pay').textContent).toBe(t('checkout.freeOrder.confirm'));

    fireEvent.click(screen.getByTestId('shipping-method-3'));
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/sandbox/pay/77'));
    expect(sentJson(checkoutCalls(fetchMock)[0][1] as RequestInit)).toMatchObject({
      shipping_method_id: 3,
      payment_method: 'sandbox:card',
    });
  });

  it('no longer free on the server (an article added): reads the order again and asks for the payment', async () => {
    let reads = 0;
    mockApi({
      'GET /api/checkout': () => {
        reads += 1;
        return reads === 1
          ? gift()
          : gift({ shippingMethods: [{ ...pickup, order_total: 25 }] }, { total_amount: 25 });
      },
      'GET /api/checkout/fetch-shipping-methods': { shippingMethods: [{ ...pickup, order_total: 25 }] },
      'GET /api/countries': COUNTRIES,
      'POST /api/checkout': () =>
        new Response(
          JSON.stringify({ error: 'validation', message: 'Invalid', fields: { payment_method: 'required' } }),
          { status: 400 },
        ),
    });
    renderCheckout();
    await screen.findByTestId('checkout-free');
    fireEvent.click(screen.getByTestId('terms-checkbox'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    expect(await screen.findByTestId('payment-method-sandbox:card')).toBeTruthy();
    expect(screen.queryByTestId('checkout-free')).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(25));
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('once confirmed, its confirmation says it was offered, with a total of 0,00 €', async () => {
    mockApi({
      'GET /api/checkout': gift(
        {},
        {
          status: 'payed',
          expires_at: null,
          paid_at: '2026-11-21T19:35:00Z',
          shipping_method_id: 8,
          shipping_method_name: 'Retrait en boutique',
          payment_method: 'free',
        },
      ),
      'GET /api/countries': COUNTRIES,
    });
    renderCheckout();
    const success = await screen.findByTestId('checkout-success');
    expect(success.textContent).toContain('Merci ! Votre commande vous est offerte');
    expect(success.textContent).not.toContain(t('checkout.done.paid', { amount: formatEuros(0) }));
    expect(screen.getByTestId('checkout-total').textContent).toBe(formatEuros(0));
    expect(screen.queryByTestId('checkout-pay')).toBeNull();
  });
});
