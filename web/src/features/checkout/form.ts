import {
  type TCheckoutAddress,
  type TCheckoutAddressBody,
  ZCheckoutAddressBody,
} from '@livecart/contract/checkout';
import { isApiError } from '../../lib/api';

/*
 * The checkout form without React: its fields, the SPEC §5 checks of the contract's schema, and
 * the server's field errors mapped back to the inputs.
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

/** The address as the contract wants it, or the first message of each wrong field. */
export function parseAddress(
  draft: TAddressDraft,
): { ok: true; address: TCheckoutAddressBody } | { ok: false; errors: TFormErrors } {
  const r = ZCheckoutAddressBody.safeParse({ ...draft, country_id: draft.country_id || undefined });
  if (!r.success) {
    const errors: TFormErrors = {};
    for (const issue of r.error.issues) {
      const key = issue.path[0] as TAddressField;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const { address2, ...rest } = r.data;
  return { ok: true, address: address2 ? { ...rest, address2 } : rest };
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
