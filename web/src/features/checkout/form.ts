import { addressRulesOf, checkAddressForCountry } from '@livecart/contract/address';
import {
  isFreeTotal,
  type TCheckoutAddress,
  type TCheckoutAddressBody,
  type TCheckoutOrder,
  type TCheckoutResponse,
  type TCheckoutShippingMethod,
  ZCheckoutAddressBody,
} from '@livecart/contract/checkout';
import { isApiError } from '../../lib/api';

/*
 * The checkout form without React: its fields, its state and how each step changes it, the SPEC §5
 * checks of the contract's schema, the server's field errors mapped back to the inputs, and the
 * totals the summary shows.
 */

export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'country_id',
  'state',
  'post_code',
  'city',
  'address1',
  'address2',
] as const;
export type TAddressField = (typeof ADDRESS_FIELDS)[number];

/** The form's values as typed (country as the select's text value). */
export type TAddressDraft = Record<TAddressField, string>;

/** Keys of the form's errors: the address fields plus the choices below the address. */
export type TFormKey = TAddressField | 'shipping_method_id' | 'payment_method' | 'accept_terms';
/** Error per key: a field-error code (`required`, `min_chars:3`) or, prefixed `!`, an error code. */
export type TFormErrors = Partial<Record<TFormKey, string>>;

/** The address to start from: the server's prefill, else empty. */
export function draftOf(address: TCheckoutAddress | null): TAddressDraft {
  const out = {} as TAddressDraft;
  for (const f of ADDRESS_FIELDS) {
    const v = address?.[f];
    out[f] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/**
 * The address as the contract wants it, or the first message of each wrong field: the SPEC §5
 * rules, then those of the country (`iso`, the chosen country's code): its post code form, its
 * region where it uses one, a phone number it can have. A region or post code the country does
 * not use is hidden and not sent; the phone goes in E.164, the post code in the country's form.
 */
export function parseAddress(
  draft: TAddressDraft,
  iso: string | null,
): { ok: true; address: TCheckoutAddressBody } | { ok: false; errors: TFormErrors } {
  const rules = addressRulesOf(iso);
  const shown: TAddressDraft = {
    ...draft,
    state: rules.region === 'none' ? '' : draft.state,
    post_code: rules.postCode === 'none' ? '' : draft.post_code,
  };
  const r = ZCheckoutAddressBody.safeParse({ ...shown, country_id: shown.country_id || undefined });
  const errors: TFormErrors = {};
  for (const issue of r.success ? [] : r.error.issues) {
    const key = issue.path[0] as TAddressField;
    errors[key] ??= issue.message;
  }
  const country = iso
    ? checkAddressForCountry(
        { state: shown.state.trim() || null, post_code: shown.post_code.trim() || null, phone: shown.phone },
        iso,
      )
    : null;
  if (country && !country.ok) {
    for (const [key, code] of Object.entries(country.fields)) errors[key as TAddressField] ??= code;
  }
  if (!r.success || !country?.ok || Object.keys(errors).length) return { ok: false, errors };
  const { state, post_code, phone } = country.value;
  const { address2, ...rest } = { ...r.data, phone: phone ?? r.data.phone };
  const address: TCheckoutAddressBody = { ...rest, state, post_code };
  // empty optional fields are left out
  if (!state) delete address.state;
  if (!post_code) delete address.post_code;
  return { ok: true, address: address2 ? { ...address, address2 } : address };
}

/** Error codes that belong to one input of the form. */
const CODE_KEY: Record<string, TFormKey> = {
  terms_required: 'accept_terms',
  shipping_method_unavailable: 'shipping_method_id',
  payment_method_unavailable: 'payment_method',
};

/**
 * The server's field errors (`address.city`, `shipping_method_id`, `accept_terms`…) as form
 * errors; `{}` when the failure is not about a field.
 */
export function serverFieldErrors(error: unknown): TFormErrors {
  if (!isApiError(error)) return {};
  const out: TFormErrors = {};
  for (const [name, code] of Object.entries(error.fields ?? {})) {
    const key = name.replace(/^address\./, '') as TFormKey;
    out[key] ??= code;
  }
  const key = CODE_KEY[error.code];
  if (key) out[key] = `!${error.code}`;
  return out;
}

/** Order of the inputs on the page, to bring the first wrong one into view. */
export const FORM_ORDER: TFormKey[] = [
  ...ADDRESS_FIELDS,
  'shipping_method_id',
  'accept_terms',
  'payment_method',
];

/** What the shopper has entered, and what the last attempt to pay answered. */
export interface TCheckoutFormState {
  draft: TAddressDraft;
  /** The method the shopper picked; it may not ship to the country chosen since. */
  pickedShipping: number | null;
  paymentMethod: string | null;
  terms: boolean;
  errors: TFormErrors;
  /** Why the last attempt did not reach the payment page. */
  failure: string | null;
  /** The page of a payment already in progress, which the shopper may go back to. */
  resumeUrl: string | null;
  /** On the way to the payment page. */
  redirecting: boolean;
}

export type TCheckoutFormAction =
  | { type: 'field'; field: TAddressField; value: string }
  | { type: 'shipping'; id: number }
  | { type: 'payment'; code: string }
  | { type: 'terms'; accepted: boolean }
  /** Pay pressed: the last failure goes. */
  | { type: 'pay' }
  /** The form's own checks failed: these errors replace the shown ones. */
  | { type: 'invalid'; errors: TFormErrors }
  /** The server refused: field errors when it named fields, else its message. */
  | { type: 'refused'; errors: TFormErrors; message: string; resumeUrl: string | null }
  /** The server answered without a payment page (the provider failed). */
  | { type: 'failed'; message: string }
  | { type: 'redirecting' };

/**
 * The form as it opens: the prefilled address, the order's shipping method, its payment method
 * when the seller still offers it (else the first one), terms to accept.
 */
export function initialFormState({ order, address }: TCheckoutResponse): TCheckoutFormState {
  return {
    draft: draftOf(address),
    pickedShipping: order.shipping_method_id,
    paymentMethod:
      order.paymentMethods.find((m) => m.code === order.payment_method)?.code ??
      order.paymentMethods[0]?.code ??
      null,
    terms: false,
    errors: {},
    failure: null,
    resumeUrl: null,
    redirecting: false,
  };
}

const withoutErrors = (errors: TFormErrors, keys: TFormKey[]): TFormErrors => {
  if (!keys.some((k) => errors[k])) return errors;
  const rest = { ...errors };
  for (const k of keys) delete rest[k];
  return rest;
};

/** A change the shopper makes takes away the error of what they changed. */
export function checkoutFormReducer(
  state: TCheckoutFormState,
  action: TCheckoutFormAction,
): TCheckoutFormState {
  switch (action.type) {
    case 'field': {
      // another country has other shipping methods and other address rules: their errors go
      const cleared: TFormKey[] =
        action.field === 'country_id'
          ? ['country_id', 'shipping_method_id', 'state', 'post_code', 'phone']
          : [action.field];
      return {
        ...state,
        draft: { ...state.draft, [action.field]: action.value },
        errors: withoutErrors(state.errors, cleared),
      };
    }
    case 'shipping':
      return {
        ...state,
        pickedShipping: action.id,
        errors: withoutErrors(state.errors, ['shipping_method_id']),
      };
    case 'payment':
      return {
        ...state,
        paymentMethod: action.code,
        errors: withoutErrors(state.errors, ['payment_method']),
      };
    case 'terms':
      return { ...state, terms: action.accepted, errors: withoutErrors(state.errors, ['accept_terms']) };
    case 'pay':
      return { ...state, failure: null };
    case 'invalid':
      return { ...state, errors: action.errors };
    case 'refused':
      return Object.keys(action.errors).length
        ? { ...state, resumeUrl: action.resumeUrl, errors: action.errors }
        : { ...state, resumeUrl: action.resumeUrl, failure: action.message };
    case 'failed':
      return { ...state, failure: action.message };
    case 'redirecting':
      return { ...state, redirecting: true };
  }
}

/** The chosen country's id, or null. */
export const countryIdOf = (draft: TAddressDraft): number | null =>
  draft.country_id ? Number(draft.country_id) : null;

/** The shopper's pick when it ships to the chosen country; else the only method there is. */
export function chosenShipping(
  methods: TCheckoutShippingMethod[],
  picked: number | null,
): TCheckoutShippingMethod | null {
  return methods.find((m) => m.id === picked) ?? (methods.length === 1 ? methods[0] : null);
}

/**
 * The choices the order is placed with, or every error that keeps the shopper from placing it. A
 * free order (total 0 with the chosen method) asks for no payment method and sends none.
 */
export function checkPay(
  state: TCheckoutFormState,
  shippingId: number | null,
  /** The chosen country's ISO code (its address rules). */
  iso: string | null,
  free = false,
):
  | { ok: true; address: TCheckoutAddressBody; shipping_method_id: number; payment_method?: string }
  | { ok: false; errors: TFormErrors } {
  const parsed = parseAddress(state.draft, iso);
  const errors: TFormErrors = parsed.ok ? {} : { ...parsed.errors };
  // without a country, the country's own message says it
  if (!shippingId && countryIdOf(state.draft)) errors.shipping_method_id = 'required';
  if (!state.terms) errors.accept_terms = '!terms_required';
  const paymentMethod = free ? null : state.paymentMethod;
  if (!free && !paymentMethod) errors.payment_method = 'required';
  if (!parsed.ok || !shippingId || Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    address: parsed.address,
    shipping_method_id: shippingId,
    ...(paymentMethod ? { payment_method: paymentMethod } : {}),
  };
}

/**
 * The summary's figures, as the server computed them: the chosen method's price and the order's
 * total with it, else the order's own. `shipping` is null while a method is still to choose;
 * `free`: the chosen method makes the total 0, so there is nothing to pay.
 */
export function totalsOf(
  order: Pick<TCheckoutOrder, 'shipping' | 'total_amount' | 'shipping_method_id'>,
  chosen: TCheckoutShippingMethod | null,
): { shipping: number | null; total: number; free: boolean } {
  if (chosen)
    return { shipping: chosen.price, total: chosen.order_total, free: isFreeTotal(chosen.order_total) };
  return {
    shipping: order.shipping_method_id ? order.shipping : null,
    total: order.total_amount,
    free: false,
  };
}
