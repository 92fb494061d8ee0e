import type { TCheckoutResponse } from '@livecart/contract/checkout';
import { describe, expect, it } from 'vitest';
import { ADDRESS, shippingMethod } from '../../test/checkout';
import {
  checkoutFormReducer,
  checkPay,
  chosenShipping,
  initialFormState,
  parseAddress,
  type TCheckoutFormState,
  totalsOf,
} from './form';

const method = (id: number, price: number, orderTotal = 59 + price) =>
  shippingMethod({ id, name: `Method ${id}`, base_price: price, price, order_total: orderTotal });

function response(order: Partial<TCheckoutResponse['order']> = {}, address = ADDRESS): TCheckoutResponse {
  return {
    order: {
      shipping_method_id: null,
      payment_method: null,
      paymentMethods: [
        { code: 'sandbox:card', provider: 'sandbox', method: 'card' },
        { code: 'sandbox:paypal', provider: 'sandbox', method: 'paypal' },
      ],
      ...order,
    } as TCheckoutResponse['order'],
    address,
    shippingMethods: [],
    orderItemsWait: { productsWaiting: [] },
  };
}

const ready = (patch: Partial<TCheckoutFormState> = {}): TCheckoutFormState => ({
  ...initialFormState(response()),
  terms: true,
  ...patch,
});

describe('checkout form state', () => {
  it('opens with the prefilled address, the order’s methods and the terms still to accept', () => {
    const state = initialFormState(response({ shipping_method_id: 4, payment_method: 'sandbox:paypal' }));
    expect(state.draft.city).toBe('Paris');
    expect(state.draft.country_id).toBe('1');
    expect(state.draft.address2).toBe('');
    expect(state.pickedShipping).toBe(4);
    expect(state.paymentMethod).toBe('sandbox:paypal');
    expect(state.terms).toBe(false);
    expect(state.errors).toEqual({});
  });

  it('starts on the first payment method when the order’s is no longer offered, on none when none is', () => {
    expect(initialFormState(response({ payment_method: 'mollie:ideal' })).paymentMethod).toBe('sandbox:card');
    expect(initialFormState(response({ paymentMethods: [] })).paymentMethod).toBeNull();
  });

  it('a change takes away the error of what changed, and only that one', () => {
    const state = ready({ errors: { city: 'required', email: 'email', accept_terms: '!terms_required' } });
    const next = checkoutFormReducer(state, { type: 'field', field: 'city', value: 'Lyon' });
    expect(next.draft.city).toBe('Lyon');
    expect(next.errors).toEqual({ email: 'email', accept_terms: '!terms_required' });
    expect(checkoutFormReducer(next, { type: 'terms', accepted: true }).errors).toEqual({ email: 'email' });
  });

  it('another country takes away the shipping error too: its methods are others', () => {
    const state = ready({
      errors: { country_id: 'country', shipping_method_id: 'required', city: 'required' },
    });
    const next = checkoutFormReducer(state, { type: 'field', field: 'country_id', value: '2' });
    expect(next.errors).toEqual({ city: 'required' });
  });

  it('picking a shipping or payment method takes away its error', () => {
    const state = ready({
      errors: { shipping_method_id: '!shipping_method_unavailable', payment_method: 'required' },
    });
    const shipped = checkoutFormReducer(state, { type: 'shipping', id: 9 });
    expect(shipped.pickedShipping).toBe(9);
    expect(shipped.errors).toEqual({ payment_method: 'required' });
    const paid = checkoutFormReducer(shipped, { type: 'payment', code: 'sandbox:paypal' });
    expect(paid.paymentMethod).toBe('sandbox:paypal');
    expect(paid.errors).toEqual({});
  });

  it('Pay takes away the last failure; a refusal shows the fields it names, else its message', () => {
    const failed = checkoutFormReducer(ready(), { type: 'failed', message: 'Provider down' });
    expect(failed.failure).toBe('Provider down');
    expect(checkoutFormReducer(failed, { type: 'pay' }).failure).toBeNull();
    const onFields = checkoutFormReducer(ready(), {
      type: 'refused',
      errors: { post_code: 'max_chars:20' },
      message: 'Invalid',
      resumeUrl: null,
    });
    expect(onFields.errors).toEqual({ post_code: 'max_chars:20' });
    expect(onFields.failure).toBeNull();
    const inProgress = checkoutFormReducer(ready(), {
      type: 'refused',
      errors: {},
      message: 'in progress',
      resumeUrl: 'https://pay.example/first',
    });
    expect(inProgress.failure).toBe('in progress');
    expect(inProgress.resumeUrl).toBe('https://pay.example/first');
  });
});

describe('checkPay', () => {
  it('gives the choices to pay with when the form is complete', () => {
    const check = checkPay(ready({ paymentMethod: 'sandbox:paypal' }), 4, 'FR');
    expect(check).toMatchObject({ ok: true, shipping_method_id: 4, payment_method: 'sandbox:paypal' });
    expect(check.ok && check.address.city).toBe('Paris');
    // an empty optional field is left out
    expect(check.ok && 'address2' in check.address).toBe(false);
  });

  it('lists every error at once: address, shipping, terms, payment method', () => {
    const state = ready({ terms: false, paymentMethod: null });
    const check = checkPay(
      checkoutFormReducer(state, { type: 'field', field: 'city', value: 'Pa' }),
      null,
      'FR',
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        city: 'min_chars:3',
        shipping_method_id: 'required',
        accept_terms: '!terms_required',
        payment_method: 'required',
      },
    });
  });

  it('asks no payment method for a free order and sends none, even one picked before', () => {
    const none = checkPay(ready({ paymentMethod: null }), 4, 'FR', true);
    expect(none).toMatchObject({ ok: true, shipping_method_id: 4 });
    expect(none.ok && 'payment_method' in none).toBe(false);
    const picked = checkPay(ready({ paymentMethod: 'sandbox:card' }), 4, 'FR', true);
    expect(picked.ok && 'payment_method' in picked).toBe(false);
    // not free: the same form without a method is refused
    expect(checkPay(ready({ paymentMethod: null }), 4, 'FR')).toEqual({
      ok: false,
      errors: { payment_method: 'required' },
    });
  });

  it('asks for a shipping method only once a country is chosen: the country’s message says it first', () => {
    const state = checkoutFormReducer(ready(), { type: 'field', field: 'country_id', value: '' });
    const check = checkPay(state, null, null);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors.shipping_method_id).toBeUndefined();
    expect(!check.ok && check.errors.country_id).toBeTruthy();
  });
});

describe('screens #4: the address checked against its country', () => {
  const draft = (patch: Partial<Record<string, string>> = {}) => ({
    ...initialFormState(response()).draft,
    ...patch,
  });

  it('sends the phone in E.164 and the post code in the country’s form, no region in France', () => {
    const r = parseAddress(draft({ phone: '06 12 34 56 78', post_code: '75 011' }), 'FR');
    expect(r.ok && r.address).toMatchObject({ phone: '+33612345678', post_code: '75011' });
    expect(r.ok && 'state' in r.address).toBe(false);
  });

  it('names the field that does not fit: post code, phone, the region Italy needs', () => {
    expect(parseAddress(draft({ post_code: 'zz' }), 'FR')).toEqual({
      ok: false,
      errors: { post_code: 'post_code' },
    });
    expect(parseAddress(draft({ phone: 'abc' }), 'FR')).toEqual({ ok: false, errors: { phone: 'phone' } });
    expect(parseAddress(draft({ post_code: '75011' }), 'BE')).toMatchObject({
      errors: { post_code: 'post_code', phone: 'phone' },
    });
    expect(parseAddress(draft({ state: '', post_code: '00184' }), 'IT')).toEqual({
      ok: false,
      errors: { state: 'required' },
    });
    const it = parseAddress(draft({ state: 'Roma', post_code: '00184', phone: '+39 06 1234 5678' }), 'IT');
    expect(it.ok && it.address).toMatchObject({ state: 'Roma', post_code: '00184', phone: '+390612345678' });
  });

  it('another country takes away the errors its rules gave', () => {
    const state = ready({
      errors: { post_code: 'post_code', state: 'required', phone: 'phone', city: 'required' },
    });
    const next = checkoutFormReducer(state, { type: 'field', field: 'country_id', value: '2' });
    expect(next.errors).toEqual({ city: 'required' });
  });
});

describe('chosenShipping', () => {
  it('keeps the shopper’s pick when it ships to the country, else the only method there is', () => {
    const methods = [method(3, 5.9), method(4, 3.9)];
    expect(chosenShipping(methods, 4)?.id).toBe(4);
    expect(chosenShipping(methods, 9)).toBeNull();
    expect(chosenShipping([method(3, 5.9)], 9)?.id).toBe(3);
    expect(chosenShipping([], 3)).toBeNull();
  });
});

describe('totalsOf', () => {
  const order = { shipping: 0, total_amount: 58.9, shipping_method_id: null };

  it('shows the chosen method’s price and the server’s total with it, free when that total is 0', () => {
    expect(totalsOf(order, method(3, 5.9, 64.8))).toEqual({ shipping: 5.9, total: 64.8, free: false });
    expect(totalsOf(order, method(3, 0, 58.9))).toEqual({ shipping: 0, total: 58.9, free: false });
    expect(totalsOf(order, method(3, 0, 0))).toEqual({ shipping: 0, total: 0, free: true });
  });

  it('shows the order’s own figures without a choice, the shipping still to choose when it has none', () => {
    expect(totalsOf(order, null)).toEqual({ shipping: null, total: 58.9, free: false });
    expect(totalsOf({ ...order, shipping_method_id: 3, shipping: 4.5, total_amount: 63.4 }, null)).toEqual({
      shipping: 4.5,
      total: 63.4,
      free: false,
    });
    // Nothing to pay for the articles, but no method chosen yet: not free until one is.
    expect(totalsOf({ ...order, total_amount: 0 }, null).free).toBe(false);
  });
});
