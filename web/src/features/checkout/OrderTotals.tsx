import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';

/** The summary: subtotal, discount when there is one, shipping (free, or still to choose), total. */
export function OrderTotals({
  subtotal,
  discount,
  shipping,
  total,
  totalLabel,
}: {
  subtotal: number;
  discount: number;
  /** Null while a shipping method is still to choose. */
  shipping: number | null;
  total: number;
  /** The total's label ("Total paid" once paid); "Total" by default. */
  totalLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="co-card" aria-labelledby="co-total-title">
      <h2 id="co-total-title">{t('checkout.summary')}</h2>
      <div className="co-sum">
        <span>{t('checkout.subtotal')}</span>
        <span data-testid="checkout-subtotal">{formatEuros(subtotal)}</span>
      </div>
      {discount > 0 && (
        <div className="co-sum">
          <span>{t('checkout.discount')}</span>
          <span>−{formatEuros(discount)}</span>
        </div>
      )}
      <div className="co-sum">
        <span>{t('checkout.shipping')}</span>
        <span data-testid="checkout-shipping">
          {shipping === null
            ? t('checkout.shippingToChoose')
            : shipping === 0
              ? t('checkout.free')
              : formatEuros(shipping)}
        </span>
      </div>
      <div className="co-sum co-sum-total">
        <span>{totalLabel ?? t('checkout.total')}</span>
        <span data-testid="checkout-total">{formatEuros(total)}</span>
      </div>
    </section>
  );
}
