import type { TCheckoutShippingMethod } from '@livecart/contract/checkout';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../app/format';
import { FieldError, RadioTile } from './controls';

/** A method's price for this order; a free one shows the price it would have cost, struck. */
function MethodPrice({ method }: { method: TCheckoutShippingMethod }) {
  const { t } = useTranslation();
  if (method.price !== 0) return <strong>{formatEuros(method.price)}</strong>;
  return (
    <strong>
      {method.base_price > 0 && <s className="co-muted">{formatEuros(method.base_price)}</s>}{' '}
      {t('checkout.free')}
    </strong>
  );
}

/**
 * The shipping methods to the chosen country, as tiles: asks for a country first, shows a
 * placeholder while they load, says so when none ships there.
 */
export function ShippingChoice({
  hasCountry,
  pending,
  methods,
  chosenId,
  onPick,
  error,
}: {
  hasCountry: boolean;
  pending: boolean;
  methods: TCheckoutShippingMethod[];
  chosenId: number | null;
  onPick: (id: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="co-card" aria-labelledby="co-shipping-title" id="co-shipping_method_id">
      <h2 id="co-shipping-title">{t('checkout.shippingTitle')}</h2>
      {!hasCountry ? (
        <p className="co-muted">{t('checkout.pickCountryFirst')}</p>
      ) : pending ? (
        <div className="co-skel co-skel-block" />
      ) : methods.length === 0 ? (
        <p className="co-muted" data-testid="no-shipping-methods">
          {t('checkout.noShipping')}
        </p>
      ) : (
        <div className="co-tiles" role="radiogroup">
          {methods.map((m) => (
            <RadioTile
              key={m.id}
              name="shipping_method_id"
              checked={chosenId === m.id}
              onPick={() => onPick(m.id)}
              testId={`shipping-method-${m.id}`}
            >
              {m.logo && <img className="co-tile-logo" src={m.logo} alt="" />}
              <span className="co-tile-body">
                <span>{m.name}</span>
                {m.free_reason && (
                  <span className="co-muted" style={{ display: 'block' }}>
                    {t(`checkout.freeReason.${m.free_reason}`)}
                  </span>
                )}
              </span>
              <MethodPrice method={m} />
            </RadioTile>
          ))}
        </div>
      )}
      <FieldError id="co-shipping-error" text={error} />
    </section>
  );
}
