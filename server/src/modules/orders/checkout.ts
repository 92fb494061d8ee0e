/**
 * The order at checkout: what the shopper chose is kept on it (address snapshot, shipping, total,
 * payment method), and the cart is frozen (`checkout_at`): later comments of the viewer and the
 * waiting list open a new cart, so a payment always covers the cart it was made for.
 */
import type { TLocale } from '@livecart/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface CheckoutDetails {
  buyerId: number | null;
  addressId: number | null;
  address: {
    first_name: string;
    last_name: string;
    phone: string;
    country_id: number;
    state: string | null;
    post_code: string | null;
    city: string;
    address1: string;
    address2: string | null;
  };
  shipping: { id: number; name: string; priceCents: number };
  totalCents: number;
  paymentMethod: string;
  locale: TLocale;
}

/** Records the checkout on the order and freezes its cart. */
export async function recordCheckout(tx: DbOrTx, orderId: number, d: CheckoutDetails): Promise<void> {
  const a = d.address;
  await tx.execute(
    sql`UPDATE orders SET buyer_id = ${d.buyerId}, ship_first_name = ${a.first_name}, ship_last_name = ${a.last_name},
          ship_phone = ${a.phone}, ship_address1 = ${a.address1}, ship_address2 = ${a.address2},
          ship_city = ${a.city}, ship_state = ${a.state}, ship_post_code = ${a.post_code},
          country_id = ${a.country_id}, address_id = ${d.addressId},
          shipping_method_id = ${d.shipping.id}, shipping_method_name = ${d.shipping.name},
          shipping_cents = ${d.shipping.priceCents}, total_amount_cents = ${d.totalCents},
          payment_method = ${d.paymentMethod}, locale = ${d.locale},
          checkout_at = coalesce(checkout_at, now()), updated_at = now()
        WHERE id = ${orderId}`,
  );
}
