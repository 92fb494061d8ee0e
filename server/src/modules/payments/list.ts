import { ORDER_STATUSES, ROLE } from '@livecart/contract/constants';
import {
  invoiceUrl,
  type TPaymentDetail,
  type TPaymentFilters,
  type TPaymentKind,
  type TPaymentList,
  type TPaymentListItem,
  type TPaymentListQuery,
} from '@livecart/contract/payments';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { toEuros } from '../../lib/money.ts';
import { containsAny, inDays, inRange, queryRows, toIso } from '../../lib/sql.ts';
import { CHECKOUT_EMAIL } from '../invoices/service.ts';
import { LINE_LABEL_JOINS, lineLabels } from '../orders/lines.ts';
import { LAST_PAYMENT_JOIN, SELLER_NAME, sellerScope } from '../orders/sellerScope.ts';
import { type ShipToRow, shipToColumns, shipToOf } from '../orders/shipTo.ts';
import { orderPayments } from './rows.ts';

/*
 * The Payments screen (SPEC §2 Payments, §3 Payment, §7 Payments): the seller's orders with what
 * was paid for them, newest first, `payed` unless the filter says otherwise; admin sees every
 * seller's (filter `seller_id`). An order's payment is its last payment row (a paid one first).
 */

const SHOPPER = sql.raw(
  `coalesce(nullif(trim(concat_ws(' ', o.ship_first_name, o.ship_last_name)), ''), ` +
    `nullif(trim(concat_ws(' ', b.first_name, b.last_name)), ''), si.name)`,
);

const FROM = sql`orders o
   JOIN users s ON s.id = o.seller_id
   LEFT JOIN users b ON b.id = o.buyer_id
   LEFT JOIN social_identities si ON si.id = o.social_identity_id
   LEFT JOIN countries c ON c.id = o.country_id
   LEFT JOIN invoices inv ON inv.order_id = o.id
   ${LAST_PAYMENT_JOIN}
   LEFT JOIN LATERAL (
     SELECT coalesce(sum(p.amount_cents) FILTER (WHERE p.status IN ('paid', 'refunded')), 0) AS paid_cents,
            coalesce(sum(p.fee_cents) FILTER (WHERE p.status IN ('paid', 'refunded')), 0) AS fee_cents
     FROM payments p WHERE p.order_id = o.id) pa ON true`;

const SELECT = sql`o.id, o.order_number, o.status, o.created_at, o.paid_at, o.buyer_id,
  ${SHOPPER} AS shopper, coalesce(${CHECKOUT_EMAIL}, b.email, b.email_real) AS shopper_email,
  pa.paid_cents, pa.fee_cents, o.total_amount_cents, lp.provider, coalesce(lp.method, o.payment_method) AS payment_method,
  o.shipping_method_name, c.iso AS country_iso, o.seller_id, ${SELLER_NAME} AS seller_name,
  inv.number AS invoice_number, inv.path AS invoice_path`;

interface Row {
  id: number;
  order_number: string;
  status: TPaymentListItem['status'];
  created_at: Date | string;
  paid_at: Date | string | null;
  buyer_id: number | null;
  shopper: string | null;
  shopper_email: string | null;
  paid_cents: number | string;
  fee_cents: number | string;
  total_amount_cents: number;
  provider: TPaymentKind | null;
  payment_method: string | null;
  shipping_method_name: string | null;
  country_iso: string | null;
  seller_id: number;
  seller_name: string | null;
  invoice_number: string | null;
  invoice_path: string | null;
}

const itemOf = (r: Row): TPaymentListItem => ({
  id: r.id,
  order_number: r.order_number,
  status: r.status,
  created_at: toIso(r.created_at) as string,
  paid_at: toIso(r.paid_at),
  buyer_id: r.buyer_id,
  shopper: r.shopper,
  shopper_email: r.shopper_email,
  amount: toEuros(r.paid_cents),
  total_amount: toEuros(r.total_amount_cents),
  fee: toEuros(r.fee_cents),
  provider: r.provider,
  payment_method: r.payment_method,
  shipping_name: r.shipping_method_name,
  country_iso: r.country_iso,
  seller_id: r.seller_id,
  seller_name: r.seller_name,
  invoice_number: r.invoice_number,
  invoice_url: r.invoice_number ? invoiceUrl(r.order_number) : null,
});

/** GET payments/fetch-items. */
export async function listPayments(ctx: Ctx, q: TPaymentListQuery): Promise<TPaymentList> {
  const list: ListDef<TPaymentListQuery, Row, TPaymentListItem> = {
    select: SELECT,
    from: FROM,
    // The count of a large seller's payed orders without the per-order payment lookups: the
    // shopper's joins for the search, the last payment for the payment method filter.
    countFrom: (q) =>
      sql`orders o${
        q.query?.trim()
          ? sql` LEFT JOIN users b ON b.id = o.buyer_id LEFT JOIN social_identities si ON si.id = o.social_identity_id`
          : sql.empty()
      }${q.queryFilter.payment_id ? sql` ${LAST_PAYMENT_JOIN}` : sql.empty()}`,
    where: (q) => {
      const f = q.queryFilter;
      const status = f.status ?? 'payed';
      return [
        sellerScope(ctx, f.seller_id),
        status !== 'all' && sql`o.status = ${status}`,
        !!f.order_number?.trim() && containsAny([sql`o.order_number`], f.order_number),
        f.shipping_id && sql`o.shipping_method_id = ${f.shipping_id}`,
        f.country_id && sql`o.country_id = ${f.country_id}`,
        f.payment_id &&
          sql`EXISTS (SELECT 1 FROM payment_methods pm WHERE pm.id = ${f.payment_id} AND pm.seller_id = o.seller_id
                AND ((lp.provider = pm.provider AND lp.method = pm.method)
                  OR (lp.provider IS NULL AND o.payment_method = pm.method)))`,
        ...inRange(sql`o.total_amount_cents`, f.total_amount, 100),
        ...inDays(sql`o.created_at`, f.created_at),
      ];
    },
    search: [sql`o.order_number`, SHOPPER, sql`b.email`],
    order: {
      columns: {
        created_at: sql`o.created_at`,
        paid_at: sql`o.paid_at`,
        order_number: sql`o.order_number`,
        total_amount: sql`o.total_amount_cents`,
        shopper: SHOPPER,
      },
      tieBreaker: sql`o.id`,
      notNull: ['created_at', 'order_number', 'total_amount'],
    },
    map: itemOf,
  };
  return runList(ctx.db, list, q);
}

/** GET payments/fetch-item?orderNumber: the transaction detail; 404 outside the caller's scope. */
export async function paymentDetail(ctx: Ctx, orderNumber: string): Promise<TPaymentDetail> {
  const scope = sellerScope(ctx);
  const [row] = await queryRows<
    Row &
      ShipToRow & {
        subtotal_cents: number;
        discount_cents: number;
        shipping_cents: number;
        locale: 'fr' | 'en';
        invoice_created_at: Date | string | null;
        invoice_total_cents: number | null;
      }
  >(
    ctx.db,
    sql`SELECT ${SELECT}, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.locale,
          ${shipToColumns(ctx.locale)}, inv.created_at AS invoice_created_at, inv.total_cents AS invoice_total_cents
        FROM ${FROM}
        WHERE o.order_number = ${orderNumber}${scope ? sql` AND ${scope}` : sql``}`,
  );
  if (!row) throw notFound();
  const lines = await queryRows<{
    id: number;
    name: string;
    sku: string | null;
    color_label: string | null;
    size_label: string | null;
    quantity: number;
    unit_price_cents: number;
    photo: string | null;
  }>(
    ctx.db,
    sql`SELECT i.id, i.name, i.sku, ${lineLabels(ctx.locale)}, i.quantity, i.unit_price_cents, i.photo
        FROM order_items i ${LINE_LABEL_JOINS} WHERE i.order_id = ${row.id} ORDER BY i.id`,
  );
  const payments = await orderPayments(ctx.db, row.id);
  return {
    item: {
      order: {
        ...itemOf(row),
        subtotal: toEuros(row.subtotal_cents),
        discount: toEuros(row.discount_cents),
        shipping: toEuros(row.shipping_cents),
        locale: row.locale === 'en' ? 'en' : 'fr',
        ship_to: shipToOf(row),
      },
      lines: lines.map((l) => ({
        id: l.id,
        name: l.name,
        sku: l.sku,
        color_label: l.color_label,
        size_label: l.size_label,
        quantity: Number(l.quantity),
        price: toEuros(l.unit_price_cents),
        total: toEuros(Number(l.unit_price_cents) * Number(l.quantity)),
        photo: l.photo,
      })),
      payments,
      invoice:
        row.invoice_number && row.invoice_created_at
          ? {
              number: row.invoice_number,
              created_at: toIso(row.invoice_created_at) as string,
              total: toEuros(row.invoice_total_cents),
              url: invoiceUrl(row.order_number),
            }
          : null,
    },
  };
}

/** GET payments/fetch-filters: what the filters offer within the caller's scope. */
export async function paymentFilters(ctx: Ctx): Promise<TPaymentFilters> {
  const scope = sellerScope(ctx) ?? sql`true`;
  const admin = ctx.user?.role_id === ROLE.admin;
  const lang = ctx.locale === 'en' ? sql`c.name_en` : sql`c.name_fr`;
  const [shippings, countries, payments, sellers, bounds] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      ctx.db,
      // one probe of the orders' indexes per method and per country, not a pass over the orders
      // (a seller's orders use the seller's own methods only: the others' are not probed)
      sql`SELECT sm.id, sm.name FROM shipping_methods sm
          WHERE ${admin ? sql`true` : sql`sm.seller_id = ${ctx.user?.id ?? 0}`}
            AND EXISTS (SELECT 1 FROM orders o WHERE o.shipping_method_id = sm.id AND ${scope})
          ORDER BY sm.name, sm.id`,
    ),
    queryRows<{ id: number; name: string }>(
      ctx.db,
      sql`SELECT c.id, ${lang} AS name FROM countries c
          WHERE EXISTS (SELECT 1 FROM orders o WHERE o.country_id = c.id AND ${scope})
          ORDER BY name, c.id`,
    ),
    queryRows<{ id: number; provider: string; method: string }>(
      ctx.db,
      sql`SELECT pm.id, pm.provider, pm.method FROM payment_methods pm
          WHERE ${admin ? sql`true` : sql`pm.seller_id = ${ctx.user?.id ?? 0}`}
          ORDER BY pm.provider, pm.method, pm.id`,
    ),
    admin
      ? queryRows<{ id: number; name: string }>(
          ctx.db,
          sql`SELECT s.id, ${SELLER_NAME} AS name FROM users s WHERE s.role_id = ${ROLE.seller}
              ORDER BY name NULLS LAST, s.id`,
        )
      : Promise.resolve([]),
    queryRows<{ min: number | null; max: number | null }>(
      ctx.db,
      sql`SELECT min(o.total_amount_cents) AS min, max(o.total_amount_cents) AS max FROM orders o WHERE ${scope}`,
    ),
  ]);
  const providerLabel: Record<string, string> = { sandbox: 'Sandbox', mollie: 'Mollie', stripe: 'Stripe' };
  return {
    items: {
      statuses: [...ORDER_STATUSES],
      shippings,
      countries,
      payments: payments.map((p) => ({
        id: p.id,
        name: `${providerLabel[p.provider] ?? p.provider} · ${p.method}`,
        provider: p.provider,
        method: p.method,
      })),
      sellers: sellers.map((s) => ({ id: s.id, name: s.name ?? `#${s.id}` })),
      total_amount: { min: toEuros(bounds[0]?.min), max: toEuros(bounds[0]?.max) },
    },
  };
}
