import type { TLocale } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { CHECKOUT_EMAIL, shopperEmail } from '../invoices/service.ts';
import { storeContext } from '../stores/service.ts';

/** Whom an order's e-mails go to, in which language, and what they call the shopper and the shop. */
export interface OrderShopper {
  to: string;
  locale: TLocale;
  firstName: string;
  merchant: string;
  orderNumber: string;
}

/**
 * The shopper of order `orderId` for an e-mail about it: the e-mail given at checkout (else their
 * account's), the order's language, the store it was sold from. Null when there is no e-mail.
 */
export async function orderShopper(tx: DbOrTx, orderId: number): Promise<OrderShopper | null> {
  const [o] = await queryRows<{
    seller_id: number;
    order_number: string;
    locale: string;
    store_id: number | null;
    first_name: string | null;
    ship_email: string | null;
    buyer_email: string | null;
    buyer_email_real: string | null;
  }>(
    tx,
    sql`SELECT o.seller_id, o.order_number, o.locale, ls.store_id,
          coalesce(o.ship_first_name, b.first_name) AS first_name,
          ${CHECKOUT_EMAIL} AS ship_email, b.email AS buyer_email, b.email_real AS buyer_email_real
        FROM orders o
        LEFT JOIN users b ON b.id = o.buyer_id
        LEFT JOIN live_sessions ls ON ls.id = o.session_id
        WHERE o.id = ${orderId}`,
  );
  const to = o && shopperEmail(o);
  if (!to) return null;
  const { storeName } = await storeContext(tx, o.seller_id, o.store_id);
  return {
    to,
    locale: o.locale === 'en' ? 'en' : 'fr',
    firstName: o.first_name ?? '',
    merchant: storeName,
    orderNumber: o.order_number,
  };
}
