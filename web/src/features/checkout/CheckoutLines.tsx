import type { TCheckoutLine, TProductWaiting } from '@livecart/contract/checkout';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { variantText } from '../orders/variant';

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

/** The order's lines, each at its line total. */
export function OrderItems({ items }: { items: TCheckoutLine[] }) {
  const { t } = useTranslation();
  return (
    <section className="co-card" aria-labelledby="co-items-title">
      <h2 id="co-items-title">{t('checkout.items')}</h2>
      {items.map((l) => (
        <Line key={l.id} line={l} price={l.line_total} testId="checkout-item" />
      ))}
    </section>
  );
}

/** The products the shopper waits for, which this payment does not cover; nothing when none. */
export function WaitingProducts({ items }: { items: TProductWaiting[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section className="co-card" aria-labelledby="co-waiting-title">
      <h2 id="co-waiting-title">{t('checkout.waitingTitle')}</h2>
      <p className="co-muted">{t('checkout.waitingNote')}</p>
      {items.map((w) => (
        <Line key={w.id} line={w} price={w.price * w.quantity} testId="checkout-waiting-item" />
      ))}
    </section>
  );
}
