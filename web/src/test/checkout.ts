import type { TCheckoutAddress, TCheckoutShippingMethod } from '@livecart/contract/checkout';

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
