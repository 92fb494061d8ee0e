import { Alert } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CHECKOUT_RETURN_DELAY_MS, checkoutPathOf, clearPendingCheckout } from './pending';

/**
 * "Taking you back to your cart…", then, after 1 second, the checkout `to` (SPEC §2, §4: after a
 * sign-in or a profile update with a pending order). Forgets the pending checkout when it goes.
 * `to` must be a checkout path of this site (pending.ts); anything else is not followed.
 */
export function ReturnToCheckoutNotice({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const safe = checkoutPathOf(to);
  useEffect(() => {
    if (!safe) return;
    const timer = window.setTimeout(() => {
      clearPendingCheckout();
      navigate(safe, { replace: true });
    }, CHECKOUT_RETURN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [safe, navigate]);
  if (!safe) return null;
  return (
    <Alert
      type="success"
      showIcon
      title={t('checkout.returning')}
      className="form-alert"
      role="status"
      data-testid="checkout-return"
    />
  );
}
