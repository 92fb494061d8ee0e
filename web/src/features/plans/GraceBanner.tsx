import { ROLE } from '@livecart/contract/constants';
import { sellerNeedsPlan } from '@livecart/contract/plan';
import type { TCurrentUser } from '@livecart/contract/user';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../app/format';
import { LocaleLink, useAppPath } from '../../app/useLocale';
import { type TSubscription, useSubscription } from './api';

/** The renewal was declined: every tool stays until `grace_until`, then the plans page. */
export function GraceAlert({ sub, banner = false }: { sub: TSubscription; banner?: boolean }) {
  const { t } = useTranslation();
  if (!sub.payment_failed_at || !sub.grace_until) return null;
  const text = t('myPlan.grace', { date: formatDate(sub.grace_until) });
  return (
    <Alert
      banner={banner}
      type="error"
      showIcon
      style={banner ? undefined : { marginBottom: 16 }}
      data-testid={banner ? 'grace-banner' : 'plan-grace'}
      title={banner ? <LocaleLink to="/account/plan">{text}</LocaleLink> : text}
    />
  );
}

/**
 * On every seller page: the banner of a declined renewal, linking to My Plan. The subscription is
 * read once per session (My Plan and the subscription calls refresh it).
 */
export function GraceBanner({ user }: { user: TCurrentUser }) {
  const enabled = user.role_id === ROLE.seller && !sellerNeedsPlan(user);
  const sub = useSubscription(enabled, { silent: true, staleTime: Number.POSITIVE_INFINITY });
  // My Plan shows the same notice in its page
  const onMyPlan = useAppPath() === '/account/plan';
  if (!enabled || !sub.data || onMyPlan) return null;
  return <GraceAlert sub={sub.data} banner />;
}
