import { addressRulesOf } from '@livecart/contract/address';
import type { TCheckoutResponse } from '@livecart/contract/checkout';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldText, tDynamic } from '../../app/i18n';
import { useLocale } from '../../app/useLocale';
import { isApiError } from '../../lib/api';
import { countryOptions, useCountries } from '../countries/api';
import { checkoutKeys, usePlaceOrder, useShippingMethods } from './api';
import {
  checkoutFormReducer,
  checkPay,
  chosenShipping,
  countryIdOf,
  FORM_ORDER,
  initialFormState,
  serverFieldErrors,
  type TAddressField,
  type TFormErrors,
  type TFormKey,
  totalsOf,
} from './form';
import { leaveTo } from './leave';

/**
 * The checkout form's state and steps: the address typed, the shipping methods to the chosen
 * country and the one chosen, the payment method, the terms, the totals, and Pay, which checks
 * the form, starts the payment and goes to the provider's page — or, for a free order (total 0
 * with the chosen method), confirms it without a payment method and goes to its confirmation.
 */
export function useCheckoutForm(data: TCheckoutResponse, token: string | null) {
  const { t } = useTranslation();
  const locale = useLocale();
  const qc = useQueryClient();
  const { order } = data;
  const [state, dispatch] = useReducer(checkoutFormReducer, data, initialFormState);
  const countryId = countryIdOf(state.draft);
  const countries = useCountries();
  const options = useMemo(() => countryOptions(countries.data ?? [], locale), [countries.data, locale]);
  const iso = countries.data?.find((c) => c.id === countryId)?.iso ?? null;
  const rules = addressRulesOf(iso);
  const shipping = useShippingMethods(
    order.id,
    countryId,
    token,
    countryId !== null && countryId === data.address?.country_id ? data.shippingMethods : undefined,
  );
  const methods = countryId ? (shipping.data ?? []) : [];
  const chosen = chosenShipping(methods, state.pickedShipping);
  const totals = totalsOf(order, chosen);
  const place = usePlaceOrder(locale);

  /** The message under an input, in the page's language. */
  const errorOf = (key: TFormKey): string | undefined => {
    const code = state.errors[key];
    if (!code) return undefined;
    if (code.startsWith('!')) return tDynamic(t, `errors.${code.slice(1)}`, code.slice(1));
    const text = fieldText(t, code);
    // a post code of another form: the country's own, as an example
    const example = code === 'post_code' ? rules.postCodeExample : null;
    return example ? `${text} (${t('address.example', { example })})` : text;
  };

  const scrollToFirst = (errors: TFormErrors) => {
    const first = FORM_ORDER.find((k) => errors[k]);
    if (first) document.getElementById(`co-${first}`)?.scrollIntoView?.({ block: 'center' });
  };

  const pay = () => {
    dispatch({ type: 'pay' });
    const check = checkPay(state, chosen?.id ?? null, iso, totals.free);
    if (!check.ok) {
      dispatch({ type: 'invalid', errors: check.errors });
      scrollToFirst(check.errors);
      return;
    }
    const { ok: _ok, ...choices } = check;
    place.mutate(
      { orderNumber: order.order_number, ...choices, accept_terms: true, ...(token ? { t: token } : {}) },
      {
        onSuccess: (r) => {
          if (r?.redirectUrl) {
            dispatch({ type: 'redirecting' });
            leaveTo(r.redirectUrl);
          } else {
            dispatch({ type: 'failed', message: r?.message ?? t('errors.payment_provider_error') });
          }
        },
        onError: (e) => {
          if (isApiError(e) && (e.code === 'cart_expired' || e.code === 'cart_closed' || e.status === 404)) {
            void qc.invalidateQueries({ queryKey: checkoutKeys.order(order.order_number, token) });
          }
          const errors = serverFieldErrors(e);
          // Shown free but the server asks for a payment method: the total changed (an article
          // added); read the order and its prices again so the page shows what is due.
          if (totals.free && errors.payment_method) void qc.invalidateQueries({ queryKey: checkoutKeys.all });
          const resumeUrl = isApiError(e) && e.code === 'payment_in_progress' ? resumeUrlOf(e.body) : null;
          dispatch({ type: 'refused', errors, message: errorText(t, e), resumeUrl });
          scrollToFirst(errors);
        },
      },
    );
  };

  return {
    state,
    countryId,
    /** The countries to pick from, in the page's language. */
    countryOptions: options,
    /** What an address needs in the chosen country (region, post code). */
    rules,
    /** The methods that ship to the chosen country (none before one is chosen). */
    methods,
    methodsPending: shipping.isPending,
    chosen,
    /** The summary's figures, and whether there is nothing to pay. */
    totals,
    errorOf,
    busy: place.isPending || state.redirecting,
    setField: (field: TAddressField, value: string) => dispatch({ type: 'field', field, value }),
    pickShipping: (id: number) => dispatch({ type: 'shipping', id }),
    pickPayment: (code: string) => dispatch({ type: 'payment', code }),
    acceptTerms: (accepted: boolean) => dispatch({ type: 'terms', accepted }),
    pay,
  };
}

/** The provider page of the payment in progress a `payment_in_progress` answer points to. */
function resumeUrlOf(body: unknown): string | null {
  const url = (body as { redirectUrl?: unknown } | undefined)?.redirectUrl;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}
