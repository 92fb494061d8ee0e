import type {
  TCheckoutLine,
  TCheckoutResponse,
  TCheckoutShippingMethod,
  TProductWaiting,
} from '@livecart/contract/checkout';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { errorText, fieldText, tDynamic } from '../../app/i18n';
import { useLocale } from '../../app/useLocale';
import { isApiError } from '../../lib/api';
import { countryOptions, useCountries } from '../countries/api';
import { variantText } from '../orders/variant';
import { checkoutKeys, usePlaceOrder, useShippingMethods } from './api';
import {
  draftOf,
  FORM_ORDER,
  parseAddress,
  serverFieldErrors,
  type TAddressDraft,
  type TAddressField,
  type TFormErrors,
  type TFormKey,
} from './form';
import { leaveTo } from './leave';

const cents = (euros: number) => Math.round(euros * 100);

/** Inputs of the address, in page order, with what the browser may autofill. */
const INPUTS: { field: Exclude<TAddressField, 'country_id'>; auto: string; mode?: 'email' | 'tel' }[] = [
  { field: 'first_name', auto: 'given-name' },
  { field: 'last_name', auto: 'family-name' },
  { field: 'email', auto: 'email', mode: 'email' },
  { field: 'phone', auto: 'tel', mode: 'tel' },
];
const PLACE_INPUTS: { field: Exclude<TAddressField, 'country_id'>; auto: string }[] = [
  { field: 'address1', auto: 'address-line1' },
  { field: 'address2', auto: 'address-line2' },
  { field: 'post_code', auto: 'postal-code' },
  { field: 'city', auto: 'address-level2' },
  { field: 'state', auto: 'address-level1' },
];

/** A line of the cart or of the waiting products: photo, name, variant, quantity, price. */
function Line({
  line,
  testId,
  price,
}: {
  line: TCheckoutLine | TProductWaiting;
  testId: string;
  price: number;
}) {
  const { t } = useTranslation();
  const variant = variantText(line);
  return (
    <div className="co-line" data-testid={testId}>
      {line.photo ? (
        <img className="co-photo" src={line.photo} alt="" loading="lazy" width={64} height={64} />
      ) : (
        <span className="co-photo" aria-hidden="true" />
      )}
      <div className="co-line-body">
        <div className="co-line-name">{line.name}</div>
        <div className="co-muted">
          {variant && <span>{variant} · </span>}
          {t('checkout.qty', { count: line.quantity })}
        </div>
      </div>
      <div className="co-line-price">{formatEuros(price)}</div>
    </div>
  );
}

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <span className="co-error" id={id} role="alert">
      {text}
    </span>
  ) : null;
}

/**
 * The payable order: items, waited products, address, shipping, terms, payment method, total and
 * the Pay button. A returning shopper whose address is known needs three taps: shipping (preset
 * when there is one), terms, Pay.
 */
export function CheckoutForm({
  data,
  token,
  banner,
  signInBox,
}: {
  data: TCheckoutResponse;
  token: string | null;
  /** A message above the form (a failed payment to retry). */
  banner?: ReactNode;
  /** The sign-in / sign-up invitation, for a shopper who came with the link. */
  signInBox?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const qc = useQueryClient();
  const { order } = data;
  const [draft, setDraft] = useState<TAddressDraft>(() => draftOf(data.address));
  const countryId = draft.country_id ? Number(draft.country_id) : null;
  const countries = useCountries();
  const shipping = useShippingMethods(
    order.id,
    countryId,
    token,
    countryId !== null && countryId === data.address?.country_id ? data.shippingMethods : undefined,
  );
  const methods: TCheckoutShippingMethod[] = countryId ? (shipping.data ?? []) : [];
  const [pickedShipping, setPickedShipping] = useState<number | null>(order.shipping_method_id);
  // the shopper's pick when it ships to this country; else the only method there is
  const shippingId =
    methods.find((m) => m.id === pickedShipping)?.id ?? (methods.length === 1 ? methods[0].id : null);
  const selectedShipping = methods.find((m) => m.id === shippingId) ?? null;
  const [paymentMethod, setPaymentMethod] = useState<string | null>(
    () =>
      order.paymentMethods.find((m) => m.code === order.payment_method)?.code ??
      order.paymentMethods[0]?.code ??
      null,
  );
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<TFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The page of a payment already in progress, which the shopper may go back to. */
  const [resumeUrl, setResumeUrl] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const place = usePlaceOrder(locale);

  const options = useMemo(() => countryOptions(countries.data ?? [], locale), [countries.data, locale]);
  const errorOf = (key: TFormKey): string | undefined => {
    const code = errors[key];
    if (!code) return undefined;
    return code.startsWith('!') ? tDynamic(t, `errors.${code.slice(1)}`, code.slice(1)) : fieldText(t, code);
  };
  const clearError = (key: TFormKey) =>
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  const setField = (field: TAddressField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    clearError(field);
  };

  // what the server computed: the chosen method's price for this order, else the order's figures
  const shippingPrice = selectedShipping ? selectedShipping.price : order.shipping;
  const total = selectedShipping
    ? (cents(order.subtotal) - cents(order.discount) + cents(selectedShipping.price)) / 100
    : order.total_amount;

  const showErrors = (next: TFormErrors) => {
    setErrors(next);
    const first = FORM_ORDER.find((k) => next[k]);
    if (first) document.getElementById(`co-${first}`)?.scrollIntoView?.({ block: 'center' });
  };

  const onPay = () => {
    setFailure(null);
    const parsed = parseAddress(draft);
    const next: TFormErrors = parsed.ok ? {} : { ...parsed.errors };
    // without a country, the country's own message says it
    if (!shippingId && countryId) next.shipping_method_id = 'required';
    if (!terms) next.accept_terms = '!terms_required';
    if (!paymentMethod) next.payment_method = 'required';
    if (!parsed.ok || Object.keys(next).length) {
      showErrors(next);
      return;
    }
    place.mutate(
      {
        orderNumber: order.order_number,
        address: parsed.address,
        shipping_method_id: shippingId as number,
        payment_method: paymentMethod as string,
        accept_terms: true,
        ...(token ? { t: token } : {}),
      },
      {
        onSuccess: (r) => {
          if (r?.redirectUrl) {
            setRedirecting(true);
            leaveTo(r.redirectUrl);
          } else {
            setFailure(r?.message ?? t('errors.payment_provider_error'));
          }
        },
        onError: (e) => {
          const resume = isApiError(e) && e.code === 'payment_in_progress' ? resumeUrlOf(e.body) : null;
          setResumeUrl(resume);
          if (isApiError(e) && (e.code === 'cart_expired' || e.code === 'cart_closed' || e.status === 404)) {
            void qc.invalidateQueries({ queryKey: checkoutKeys.order(order.order_number, token) });
          }
          const fields = serverFieldErrors(e);
          if (Object.keys(fields).length) showErrors(fields);
          else setFailure(errorText(t, e));
        },
      },
    );
  };

  const input = ({
    field,
    auto,
    mode,
  }: {
    field: Exclude<TAddressField, 'country_id'>;
    auto: string;
    mode?: 'email' | 'tel';
  }) => {
    const err = errorOf(field);
    return (
      <label className={`co-field${err ? ' has-error' : ''}`} key={field} id={`co-${field}`}>
        <span>{t(`checkout.field.${field}`)}</span>
        <input
          name={field}
          value={draft[field]}
          onChange={(e) => setField(field, e.target.value)}
          autoComplete={auto}
          inputMode={mode}
          type={mode === 'email' ? 'email' : mode === 'tel' ? 'tel' : 'text'}
          aria-invalid={!!err}
          aria-describedby={err ? `co-${field}-error` : undefined}
          data-testid={`address-${field}`}
        />
        <FieldError id={`co-${field}-error`} text={err} />
      </label>
    );
  };

  const countryError = errorOf('country_id');
  const shippingError = errorOf('shipping_method_id');
  const termsError = errorOf('accept_terms');
  const paymentError = errorOf('payment_method');
  const busy = place.isPending || redirecting;

  return (
    <>
      {banner}
      <section className="co-card" aria-labelledby="co-items-title">
        <h2 id="co-items-title">{t('checkout.items')}</h2>
        {order.items.map((l) => (
          <Line key={l.id} line={l} price={l.line_total} testId="checkout-item" />
        ))}
      </section>

      {data.orderItemsWait.productsWaiting.length > 0 && (
        <section className="co-card" aria-labelledby="co-waiting-title">
          <h2 id="co-waiting-title">{t('checkout.waitingTitle')}</h2>
          <p className="co-muted">{t('checkout.waitingNote')}</p>
          {data.orderItemsWait.productsWaiting.map((w) => (
            <Line key={w.id} line={w} price={w.price * w.quantity} testId="checkout-waiting-item" />
          ))}
        </section>
      )}

      {signInBox}

      <section className="co-card" aria-labelledby="co-address-title">
        <h2 id="co-address-title">{t('checkout.addressTitle')}</h2>
        <div className="co-row">{INPUTS.map(input)}</div>
        <label className={`co-field${countryError ? ' has-error' : ''}`} id="co-country_id">
          <span>{t('checkout.field.country_id')}</span>
          <select
            name="country_id"
            value={draft.country_id}
            onChange={(e) => {
              setField('country_id', e.target.value);
              clearError('shipping_method_id');
            }}
            autoComplete="country"
            aria-invalid={!!countryError}
            data-testid="address-country"
          >
            <option value="">{t('checkout.selectCountry')}</option>
            {options.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldError id="co-country_id-error" text={countryError} />
        </label>
        <div className="co-row">{PLACE_INPUTS.map(input)}</div>
      </section>

      <section className="co-card" aria-labelledby="co-shipping-title" id="co-shipping_method_id">
        <h2 id="co-shipping-title">{t('checkout.shippingTitle')}</h2>
        {!countryId ? (
          <p className="co-muted">{t('checkout.pickCountryFirst')}</p>
        ) : shipping.isPending ? (
          <div className="co-skel co-skel-block" />
        ) : methods.length === 0 ? (
          <p className="co-muted" data-testid="no-shipping-methods">
            {t('checkout.noShipping')}
          </p>
        ) : (
          <div className="co-tiles" role="radiogroup">
            {methods.map((m) => (
              <label className="co-tile" key={m.id}>
                <input
                  type="radio"
                  name="shipping_method_id"
                  checked={shippingId === m.id}
                  onChange={() => {
                    setPickedShipping(m.id);
                    clearError('shipping_method_id');
                  }}
                  data-testid={`shipping-method-${m.id}`}
                />
                {m.logo && <img className="co-tile-logo" src={m.logo} alt="" />}
                <span className="co-tile-body">
                  <span>{m.name}</span>
                  {m.free_reason && (
                    <span className="co-muted" style={{ display: 'block' }}>
                      {t(`checkout.freeReason.${m.free_reason}`)}
                    </span>
                  )}
                </span>
                <strong>
                  {m.price === 0 ? (
                    <>
                      {m.base_price > 0 && <s className="co-muted">{formatEuros(m.base_price)}</s>}{' '}
                      {t('checkout.free')}
                    </>
                  ) : (
                    formatEuros(m.price)
                  )}
                </strong>
              </label>
            ))}
          </div>
        )}
        <FieldError id="co-shipping-error" text={shippingError} />
      </section>

      <section className="co-card" aria-labelledby="co-pay-title" id="co-payment_method">
        <h2 id="co-pay-title">{t('checkout.paymentTitle')}</h2>
        {order.paymentMethods.length === 0 ? (
          <p className="co-muted">{t('checkout.noPaymentMethods')}</p>
        ) : (
          <div className="co-tiles co-pay-tiles" role="radiogroup">
            {order.paymentMethods.map((m) => (
              <label className="co-tile" key={m.code}>
                <input
                  type="radio"
                  name="payment_method"
                  checked={paymentMethod === m.code}
                  onChange={() => {
                    setPaymentMethod(m.code);
                    clearError('payment_method');
                  }}
                  data-testid={`payment-method-${m.code}`}
                />
                <span className="co-tile-body">{tDynamic(t, `checkout.method.${m.method}`, m.method)}</span>
              </label>
            ))}
          </div>
        )}
        <FieldError id="co-payment-error" text={paymentError} />
      </section>

      <section className="co-card" aria-labelledby="co-total-title">
        <h2 id="co-total-title">{t('checkout.summary')}</h2>
        <div className="co-sum">
          <span>{t('checkout.subtotal')}</span>
          <span data-testid="checkout-subtotal">{formatEuros(order.subtotal)}</span>
        </div>
        {order.discount > 0 && (
          <div className="co-sum">
            <span>{t('checkout.discount')}</span>
            <span>−{formatEuros(order.discount)}</span>
          </div>
        )}
        <div className="co-sum">
          <span>{t('checkout.shipping')}</span>
          <span data-testid="checkout-shipping">
            {selectedShipping || order.shipping_method_id
              ? shippingPrice === 0
                ? t('checkout.free')
                : formatEuros(shippingPrice)
              : t('checkout.shippingToChoose')}
          </span>
        </div>
        <div className="co-sum co-sum-total">
          <span>{t('checkout.total')}</span>
          <span data-testid="checkout-total">{formatEuros(total)}</span>
        </div>
      </section>

      <section className="co-card" id="co-accept_terms">
        {order.legalDocuments.length > 0 && (
          <ul className="co-docs">
            {order.legalDocuments.map((d) => (
              <li key={d.type}>
                <a href={d.url} target="_blank" rel="noreferrer" data-testid={`legal-${d.type}`}>
                  {t(`checkout.doc.${d.type}`)}
                </a>
              </li>
            ))}
          </ul>
        )}
        <label className="co-check">
          <input
            type="checkbox"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              clearError('accept_terms');
            }}
            aria-invalid={!!termsError}
            data-testid="terms-checkbox"
          />
          <span>{t('checkout.acceptTerms')}</span>
        </label>
        <FieldError id="co-terms-error" text={termsError} />
      </section>

      {failure && (
        <div className="co-alert co-alert-error" role="alert" data-testid="checkout-error">
          {failure}
          {resumeUrl && (
            <button
              type="button"
              className="co-btn co-btn-light"
              onClick={() => leaveTo(resumeUrl)}
              data-testid="checkout-resume"
            >
              {t('checkout.resumePayment')}
            </button>
          )}
        </div>
      )}
      {Object.keys(errors).length > 0 && (
        <div className="co-alert co-alert-error" role="alert" data-testid="checkout-form-errors">
          {t('checkout.fixErrors')}
        </div>
      )}
      <button
        type="button"
        className="co-btn"
        onClick={onPay}
        disabled={busy || order.paymentMethods.length === 0}
        data-testid="checkout-pay"
      >
        {busy ? t('checkout.redirecting') : t('checkout.pay', { amount: formatEuros(total) })}
      </button>
    </>
  );
}

/** The provider page of the payment in progress a `payment_in_progress` answer points to. */
function resumeUrlOf(body: unknown): string | null {
  const url = (body as { redirectUrl?: unknown } | undefined)?.redirectUrl;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}
