import type { TCheckoutResponse } from '@livecart/contract/checkout';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { AddressSection } from './AddressSection';
import { OrderItems, WaitingProducts } from './CheckoutLines';
import { LegalConsent } from './LegalConsent';
import { leaveTo } from './leave';
import { OrderTotals } from './OrderTotals';
import { FreeOrderNote, PaymentChoice } from './PaymentChoice';
import { ShippingChoice } from './ShippingChoice';
import { useCheckoutForm } from './useCheckoutForm';

/**
 * The payable order: items, waited products, address, shipping, payment method, total, terms and
 * the Pay button. A returning shopper whose address is known needs three taps: shipping (preset
 * when there is one), terms, Pay. A free order (total 0 with the chosen shipping) asks for no
 * payment method: it says there is nothing to pay and its button confirms the order.
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
  const { order } = data;
  const form = useCheckoutForm(data, token);
  const { state, errorOf } = form;
  const { resumeUrl } = state;
  const { totals } = form;
  const label = totals.free
    ? t(form.busy ? 'checkout.freeOrder.confirming' : 'checkout.freeOrder.confirm')
    : form.busy
      ? t('checkout.redirecting')
      : t('checkout.pay', { amount: formatEuros(totals.total) });

  return (
    <>
      {banner}
      <OrderItems items={order.items} />
      <WaitingProducts items={data.orderItemsWait.productsWaiting} />
      {signInBox}
      <AddressSection
        draft={state.draft}
        countries={form.countryOptions}
        rules={form.rules}
        errorOf={errorOf}
        onChange={form.setField}
      />
      <ShippingChoice
        hasCountry={form.countryId !== null}
        pending={form.methodsPending}
        methods={form.methods}
        chosenId={form.chosen?.id ?? null}
        onPick={form.pickShipping}
        error={errorOf('shipping_method_id')}
      />
      {totals.free ? (
        <FreeOrderNote />
      ) : (
        <PaymentChoice
          methods={order.paymentMethods}
          chosen={state.paymentMethod}
          onPick={form.pickPayment}
          error={errorOf('payment_method')}
        />
      )}
      <OrderTotals
        subtotal={order.subtotal}
        discount={order.discount}
        shipping={totals.shipping}
        total={totals.total}
      />
      <LegalConsent
        documents={order.legalDocuments}
        accepted={state.terms}
        onChange={form.acceptTerms}
        error={errorOf('accept_terms')}
      />

      {state.failure && (
        <div className="co-alert co-alert-error" role="alert" data-testid="checkout-error">
          {state.failure}
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
      {Object.keys(state.errors).length > 0 && (
        <div className="co-alert co-alert-error" role="alert" data-testid="checkout-form-errors">
          {t('checkout.fixErrors')}
        </div>
      )}
      <button
        type="button"
        className="co-btn"
        onClick={form.pay}
        disabled={form.busy || (!totals.free && order.paymentMethods.length === 0)}
        data-testid="checkout-pay"
      >
        {label}
      </button>
    </>
  );
}
