import type { TShipTo } from '@livecart/contract/payments';
import { sql } from 'drizzle-orm';

/*
 * The delivery address an order keeps from its checkout (the `ship_*` snapshot), as the order
 * detail of the Orders screen and the transaction detail of Payments both show it.
 */

/** The address columns of `orders o` with the country of `countries c`, named in `locale`. */
export const shipToColumns = (locale: string) =>
  sql`o.ship_first_name, o.ship_last_name, o.ship_phone, o.ship_address1, o.ship_address2,
      o.ship_city, o.ship_state, o.ship_post_code, o.country_id, c.iso AS country_iso,
      ${locale === 'en' ? sql`c.name_en` : sql`c.name_fr`} AS country_name`;

/** A row read with {@link shipToColumns}. */
export interface ShipToRow {
  ship_first_name: string | null;
  ship_last_name: string | null;
  ship_phone: string | null;
  ship_address1: string | null;
  ship_address2: string | null;
  ship_city: string | null;
  ship_state: string | null;
  ship_post_code: string | null;
  country_id: number | null;
  country_iso: string | null;
  country_name: string | null;
}

export const shipToOf = (r: ShipToRow): TShipTo => ({
  first_name: r.ship_first_name,
  last_name: r.ship_last_name,
  phone: r.ship_phone,
  address1: r.ship_address1,
  address2: r.ship_address2,
  city: r.ship_city,
  state: r.ship_state,
  post_code: r.ship_post_code,
  country_id: r.country_id,
  country_iso: r.country_iso,
  country_name: r.country_name,
});
