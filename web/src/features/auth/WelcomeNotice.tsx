import { ROLE } from '@livecart/contract/constants';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LocaleLink } from '../../app/useLocale';
import { trialDaysLeft } from '../plans/trial';
import { useSession } from './api';
import { isWelcomeState } from './welcome';

/**
 * "Welcome to LiveCart, Inès!" on the dashboard a newcomer lands on after confirming their
 * e-mail: a seller reads the days left in their free trial and the first two steps (add a
 * product, schedule a live), a shopper where their orders are. Closing it forgets it.
 */
export function WelcomeNotice() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  if (!user || !isWelcomeState(location.state)) return null;

  const name = user.first_name?.trim();
  const daysLeft = trialDaysLeft(user.trial_end);
  const isSeller = user.role_id === ROLE.seller;
  const text = isSeller
    ? daysLeft === null
      ? t('auth.welcome.sellerNoTrial')
      : t('auth.welcome.seller', { count: daysLeft })
    : t('auth.welcome.buyer');
  const links = isSeller ? (
    <Space wrap>
      <LocaleLink to="/inventory/new" data-testid="welcome-add-product">
        {t('auth.welcome.addProduct')}
      </LocaleLink>
      <LocaleLink to="/liveselling" data-testid="welcome-schedule-live">
        {t('auth.welcome.scheduleLive')}
      </LocaleLink>
    </Space>
  ) : user.role_id === ROLE.buyer ? (
    <LocaleLink to="/orders" data-testid="welcome-orders">
      {t('auth.welcome.orders')}
    </LocaleLink>
  ) : null;

  return (
    <Alert
      type="success"
      showIcon
      // closing replaces the arrival's history entry, so a reload or going back does not show it again
      closable={{
        'aria-label': t('auth.welcome.close'),
        afterClose: () => navigate(`${location.pathname}${location.search}`, { replace: true, state: null }),
      }}
      className="form-alert"
      title={name ? t('auth.welcome.title', { name }) : t('auth.welcome.titleNoName')}
      description={
        <Space orientation="vertical" size={4}>
          <span data-testid="welcome-text">{text}</span>
          {links}
        </Space>
      }
      data-testid="welcome-notice"
    />
  );
}
