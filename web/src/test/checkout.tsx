import type {
  TCheckoutAddress,
  TCheckoutResponse,
  TCheckoutShippingMethod,
} from '@livecart/contract/checkout';
import { Route, Routes } from 'react-router';
import CheckoutPage from '../features/checkout/CheckoutPage';
import type { mockApi } from './fetch';
import { type makeUser, renderWithApp } from './render';

/* The checkout page's test data: an order of 59 € at Boutique Léa, its address, methods and page. */

/** A complete delivery address in France (country 1), as the checkout prefills it. */
export const ADDRESS: TCheckoutAddress = {
  first_name: 'Camille',
  last_name: 'Durand',
  email: 'camille@example.com',
  phone: '0612345678',
  country_id: 1,
  state: 'Île-de-France',
  post_code: '75011',
  city: 'Paris',
  address1: '12 rue Oberkampf',
  address2: null,
};

/** Colissimo to France at 5.90 € (the 59 € order of the tests then costs 64.90 €), unless told otherwise. */
export const shippingMethod = (patch: Partial<TCheckoutShippingMethod> = {}): TCheckoutShippingMethod => ({
  id: 3,
  name: 'Colissimo',
  logo: null,
  country_id: 1,
  base_price: 5.9,
  price: 5.9,
  free_reason: null,
  order_total: 64.9,
  ...patch,
});

/** A time `ms` from now, ISO. */
export const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** GET countries: France, Belgium, Italy. */
export const COUNTRIES = {
  countries: [
    { id: 1, iso: 'FR', name_fr: 'France', name_en: 'France' },
    { id: 2, iso: 'BE', name_fr: 'Belgique', name_en: 'Belgium' },
    { id: 3, iso: 'IT', name_fr: 'Italie', name_en: 'Italy' },
  ],
};

export const colissimo = shippingMethod();

/** GET checkout of a new order (two Robe fleurie, 59 €, one Colissimo to France), patched. */
export function checkoutData(
  patch: { order?: Partial<TCheckoutResponse['order']> } & Partial<Omit<TCheckoutResponse, 'order'>> = {},
): TCheckoutResponse {
  const { order, ...rest } = patch;
  return {
    order: {
      id: 42,
      order_number: 'LC7KQ2M9XW4P',
      status: 'new',
      created_at: '2026-11-21T19:30:00Z',
      expires_at: inMs(10 * 60_000),
      serverTime: new Date().toISOString(),
      paid_at: null,
      locale: 'fr',
      seller: { id: 2, store_name: 'Boutique Léa' },
      items: [
        {
          id: 11,
          product_id: 5,
          name: 'Robe fleurie',
          color_label: 'Rouge',
          size_label: 'M',
          photo: '/api/files/products/robe.webp',
          quantity: 2,
          unit_price: 29.5,
          line_total: 59,
        },
      ],
      subtotal: 59,
      discount: 0,
      shipping: 0,
      total_amount: 59,
      shipping_method_id: null,
      shipping_method_name: null,
      country_id: 1,
      payment_method: null,
      invoice: null,
      legalDocuments: [{ type: 'terms', url: 'https://lea.example/cgv' }],
      paymentMethods: [
        { code: 'sandbox:card', provider: 'sandbox', method: 'card' },
        { code: 'sandbox:paypal', provider: 'sandbox', method: 'paypal' },
      ],
      signedIn: false,
      ...order,
    },
    address: ADDRESS,
    shippingMethods: [colissimo],
    orderItemsWait: {
      productsWaiting: [
        {
          id: 7,
          product_id: 6,
          configuration_id: 60,
          name: 'Pull doux',
          color_label: 'Bleu',
          size_label: 'S',
          photo: null,
          quantity: 1,
          price: 35,
        },
      ],
    },
    ...rest,
  };
}

/** The checkout link of that order. */
export const URL_OF = '/checkout/LC7KQ2M9XW4P?storeName=Boutique%20L%C3%A9a&t=tok123';

/** The checkout page at `route`, in French or (under /en) English. */
export function renderCheckout(route = URL_OF, user: ReturnType<typeof makeUser> | null = null) {
  return renderWithApp(
    <Routes>
      <Route path="/checkout/:orderNumber" element={<CheckoutPage />} />
      <Route path="/en/checkout/:orderNumber" element={<CheckoutPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route, user },
  );
}

/** The calls of `POST /api/checkout` (or of `method`) made so far. */
export const checkoutCalls = (fetchMock: ReturnType<typeof mockApi>, method = 'POST') =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url), 'http://x').pathname === '/api/checkout' && (init?.method ?? 'GET') === method,
  );
