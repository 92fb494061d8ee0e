import { ROLE } from '@livecart/contract/constants';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequirePlan } from '../../app/guards';
import { useSession } from '../auth/api';
import ShopperOrdersPage from './ShopperOrdersPage';

/**
 * /orders is one address for every role (SPEC §2): a shopper's own orders here; the seller's and
 * admin's Orders screen is not built yet, so they see a placeholder in the app layout until it is.
 */
export default function OrdersRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (user?.role_id === ROLE.buyer) return <ShopperOrdersPage />;
  return (
    <RequirePlan>
      <div data-testid="orders-placeholder">
        <Typography.Title level={1}>{t('nav.orders')}</Typography.Title>
        <Empty description={t('shopperOrders.sellerPending')} />
      </div>
    </RequirePlan>
  );
}
