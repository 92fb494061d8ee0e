import type { TCheckoutShippingMethod } from '@livecart/contract/checkout';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import { fileUrl } from '../products/photos.ts';

/**
 * Shipping prices at checkout (issue 5), computed on the server only:
 * - a method is offered for a country when it is the seller's (their copy of a catalogue entry,
 *   whose name and logo it shows), switched on, and has a price for that country
 *   (`shipping_method_countries`);
 * - free when the order (subtotal less discount) is at or above the seller's threshold
 *   (`settings.free_shipping_status` on and `free_shipping_threshold_cents` set);
 * - free during the seller's active free-shipping window (`free_shipping_periods.active`, now
 *   between from and to, and `settings.free_shipping_timer` on) once the same shopper (buyer
 *   account or social identity) has an earlier order with the seller, paid within that window,
 *   on which they paid shipping (`shipping_cents > 0`).
 */
export interface PricedOrder {
  id: number;
  seller_id: number;
  buyer_id: number | null;
  social_identity_id: number | null;
  subtotal_cents: number;
  discount_cents: number;
}

export interface ShippingOption {
  id: number;
  name: string;
  logo: string | null;
  country_id: number;
  base_cents: number;
  price_cents: number;
  free_reason: 'threshold' | 'window' | null;
}

/** Where a method's logo is served: an uploaded file's address, or the outside address kept. */
export const logoUrl = (logo: string | null) =>
  !logo ? null : /^(https?:)?\/\//.test(logo) || logo.startsWith('/') ? logo : fileUrl(logo);

/** Why this order ships free (`threshold` first), or null. */
export async function freeShippingReason(
  db: DbOrTx,
  order: PricedOrder,
): Promise<'threshold' | 'window' | null> {
  const [s] = await queryRows<{
    free_shipping_status: boolean;
    free_shipping_threshold_cents: number | null;
    free_shipping_timer: boolean;
  }>(
    db,
    sql`SELECT free_shipping_status, free_shipping_threshold_cents, free_shipping_timer
        FROM settings WHERE user_id = ${order.seller_id}`,
  );
  if (
    s?.free_shipping_status &&
    s.free_shipping_threshold_cents != null &&
    order.subtotal_cents - order.discount_cents >= s.free_shipping_threshold_cents
  ) {
    return 'threshold';
  }
  if (!s?.free_shipping_timer) return null;
  if (order.buyer_id === null && order.social_identity_id === null) return null;
  const shopper = [
    order.buyer_id !== null && sql`o.buyer_id = ${order.buyer_id}`,
    order.social_identity_id !== null && sql`o.social_identity_id = ${order.social_identity_id}`,
  ].filter((c) => !!c);
  const [hit] = await queryRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM free_shipping_periods p
        JOIN orders o ON o.seller_id = p.seller_id
        WHERE p.seller_id = ${order.seller_id} AND p.active
          AND p.free_shipping_from <= now() AND p.free_shipping_to > now()
          AND o.id <> ${order.id} AND o.status IN ('payed', 'shipped') AND o.shipping_cents > 0
          AND o.paid_at >= p.free_shipping_from AND o.paid_at < p.free_shipping_to
          AND (${sql.join(shopper as ReturnType<typeof sql>[], sql` OR `)})
        LIMIT 1`,
  );
  return hit ? 'window' : null;
}

/** The seller's methods to `countryId` with this order's price, cheapest first. */
export async function shippingOptions(
  db: DbOrTx,
  order: PricedOrder,
  countryId: number,
): Promise<ShippingOption[]> {
  const rows = await queryRows<{ id: number; name: string; logo: string | null; price_cents: number }>(
    db,
    sql`SELECT m.id, coalesce(t.name, m.name) AS name, coalesce(t.logo, m.logo) AS logo, c.price_cents
        FROM shipping_methods m
        JOIN shipping_method_countries c ON c.shipping_method_id = m.id AND c.country_id = ${countryId}
        LEFT JOIN shipping_methods t ON t.id = m.template_id
        WHERE m.seller_id = ${order.seller_id} AND m.status
        ORDER BY c.price_cents, name, m.id`,
  );
  if (!rows.length) return [];
  const free = await freeShippingReason(db, order);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    logo: logoUrl(r.logo),
    country_id: countryId,
    base_cents: r.price_cents,
    price_cents: free ? 0 : r.price_cents,
    free_reason: free && r.price_cents > 0 ? free : null,
  }));
}

/** A method as the checkout shows it, without the order's total (the checkout adds it). */
export const toShippingMethod = (o: ShippingOption): Omit<TCheckoutShippingMethod, 'order_total'> => ({
  id: o.id,
  name: o.name,
  logo: o.logo,
  country_id: o.country_id,
  base_price: o.base_cents / 100,
  price: o.price_cents / 100,
  free_reason: o.free_reason,
});
