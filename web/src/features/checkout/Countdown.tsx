import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownState } from '../orders/countdown';

/**
 * The time the cart is still held (mm:ss), on the server's clock (`offsetMs` added to this
 * browser's). Ticks on its own so the form does not re-render every second; calls `onExpire`
 * once when it reaches 0.
 */
export function Countdown({
  expiresAt,
  offsetMs,
  onExpire,
}: {
  expiresAt: string;
  offsetMs: number;
  onExpire: (expiresAt: string) => void;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  const state = countdownState(expiresAt, now);
  const expired = state.kind === 'expired';

  useEffect(() => {
    if (expired) {
      onExpire(expiresAt);
      return;
    }
    const id = setInterval(() => setNow(Date.now() + offsetMs), 1000);
    return () => clearInterval(id);
  }, [expired, expiresAt, offsetMs, onExpire]);

  return (
    <div className="co-countdown" role="timer">
      <span>{t('checkout.heldFor')}</span>
      <strong data-testid="checkout-countdown">{state.kind === 'running' ? state.text : '00:00'}</strong>
    </div>
  );
}
