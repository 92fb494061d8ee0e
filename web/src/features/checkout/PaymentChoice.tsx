import type { TCheckoutPaymentMethod } from '@livecart/contract/checkout';
import { useTranslation } from 'react-i18next';
import { tDynamic } from '../../app/i18n';
import { FieldError, RadioTile } from './controls';

/** The payment methods the seller offers, as tiles; says so when there is none. */
export function PaymentChoice({
  methods,
  chosen,
  onPick,
  error,
}: {
  methods: TCheckoutPaymentMethod[];
  chosen: string | null;
  onPick: (code: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="co-card" aria-labelledby="co-pay-title" id="co-payment_method">
      <h2 id="co-pay-title">{t('checkout.paymentTitle')}</h2>
      {methods.length === 0 ? (
        <p className="co-muted">{t('checkout.noPaymentMethods')}</p>
      ) : (
        <div className="co-tiles co-pay-tiles" role="radiogroup">
          {methods.map((m) => (
            <RadioTile
              key={m.code}
              name="payment_method"
              checked={chosen === m.code}
              onPick={() => onPick(m.code)}
              testId={`payment-method-${m.code}`}
            >
              <span className="co-tile-body">{tDynamic(t, `checkout.method.${m.method}`, m.method)}</span>
            </RadioTile>
          ))}
        </div>
      )}
      <FieldError id="co-payment-error" text={error} />
    </section>
  );
}

/** In place of the payment methods when the order costs nothing: nothing to choose, nothing to pay. */
export function FreeOrderNote() {
  const { t } = useTranslation();
  return (
    <section
      className="co-card"
      aria-labelledby="co-pay-title"
      id="co-payment_method"
      data-testid="checkout-free"
    >
      <h2 id="co-pay-title">{t('checkout.freeOrder.title')}</h2>
      <p className="co-muted">{t('checkout.freeOrder.text')}</p>
    </section>
  );
}
