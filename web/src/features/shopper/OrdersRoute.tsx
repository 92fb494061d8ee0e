import { ROLE } from '@livecart/contract/constants';
import { RequirePlan } from '../../app/guards';
import { useSession } from '../auth/api';
import OrdersPage from '../orders/OrdersPage';
import ShopperOrdersPage from './ShopperOrdersPage';

/**
 * /orders is one address for every role (SPEC §2): a shopper's own orders; the seller's and
 * admin's Orders screen (tabs, filters, bulk shipping and refunds) for the others.
 */
export default function OrdersRoute() {
  const { user } = useSession();
  if (user?.role_id === ROLE.buyer) return <ShopperOrdersPage />;
  return (
    <RequirePlan>
      <OrdersPage />
    </RequirePlan>
  );
}
