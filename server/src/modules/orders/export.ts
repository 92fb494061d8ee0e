import { TIME_ZONE, type TLocale, type TOrderStatus } from '@livecart/contract/constants';
import { FREE_PAYMENT } from '@livecart/contract/payments';
import type { TOrderExportQuery, TSellerOrder } from '@livecart/contract/sellerOrders';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../lib/http.ts';
import { type Cond, queryRows, whereOf } from '../../lib/sql.ts';
import { filterConds, filterFrom, orderBy, SORT_COLUMNS, sellerOrdersByIds } from './sellerList.ts';

/*
 * The Orders export for the merchant's accountant (GET orders/export): every order the list's
 * query and filters match, not one page, one row per order line, as a CSV that French Excel opens
 * as it is (UTF-8 BOM, `;` separator, CRLF, decimal comma in French). The orders are read in
 * batches by keyset on the list's sort, so a seller's 100,000 orders never sit in memory at once.
 */

const BATCH = 500;

const HEADERS: Record<TLocale, string[]> = {
  fr: [
    'N° de commande',
    'Date',
    'Statut',
    'Client',
    'E-mail',
    'Pays',
    'Livraison',
    'Paiement',
    'Produit',
    'Couleur',
    'Taille',
    'Référence (SKU)',
    'Quantité',
    'Prix unitaire',
    'Total ligne',
    'Frais de livraison',
    'Total commande',
    'N° de facture',
  ],
  en: [
    'Order number',
    'Date',
    'Status',
    'Shopper',
    'E-mail',
    'Country',
    'Shipping',
    'Payment',
    'Product',
    'Colour',
    'Size',
    'SKU',
    'Quantity',
    'Unit price',
    'Line total',
    'Shipping cost',
    'Order total',
    'Invoice number',
  ],
};

/** SPEC §4 display labels: canceled shows as refunded. */
const STATUS_LABELS: Record<TLocale, Record<TOrderStatus, string>> = {
  fr: { new: 'Nouvelle', payed: 'Payée', shipped: 'Expédiée', canceled: 'Remboursée', expired: 'Expirée' },
  en: { new: 'New', payed: 'Paid', shipped: 'Shipped', canceled: 'Refunded', expired: 'Expired' },
};

const PROVIDER_LABELS: Record<string, string> = { sandbox: 'Sandbox', mollie: 'Mollie', stripe: 'Stripe' };
/** A free order's payment (no provider, no method). */
const FREE_ORDER_LABEL: Record<TLocale, string> = { fr: 'Commande offerte', en: 'Free order' };

/** The file's name, in the caller's language and dated in Europe/Paris. */
export const exportFileName = (locale: TLocale, now = new Date()) =>
  `${locale === 'en' ? 'orders' : 'commandes'}-${now.toLocaleDateString('sv-SE', { timeZone: TIME_ZONE })}.csv`;

/**
 * One CSV cell: a text a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) is prefixed with an apostrophe; a cell with the separator, a quote or a line
 * break is quoted with its quotes doubled (RFC 4180).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(';')}\r\n`;

const amount = (euros: number, locale: TLocale) => {
  const text = euros.toFixed(2);
  return locale === 'fr' ? text.replace('.', ',') : text;
};

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `DD/MM/YYYY HH:mm` in Europe/Paris. */
export function parisDateTime(iso: string): string {
  const parts = Object.fromEntries(DATE_TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const paymentLabel = (order: TSellerOrder, locale: TLocale) => {
  if (!order.payment_name) return '';
  const [provider, method] = order.payment_name.split(':');
  if (provider === FREE_PAYMENT) return FREE_ORDER_LABEL[locale];
  return `${PROVIDER_LABELS[provider] ?? provider} · ${method}`;
};

/** The rows of one order: one per line, or one without article for an order without lines. */
function orderRows(o: TSellerOrder, locale: TLocale): string {
  const head = [
    o.order_number,
    parisDateTime(o.created_at),
    STATUS_LABELS[locale][o.status],
    o.buyer,
    o.buyer_email,
    o.country_name ?? o.country_iso,
    o.shipping_name,
    paymentLabel(o, locale),
  ];
  const tail = [amount(o.shipping_amount, locale), amount(o.order_amount, locale), o.invoice_number];
  if (!o.items.length) return csvRow([...head, '', '', '', '', '', '', '', ...tail]);
  return o.items
    .map((l) =>
      csvRow([
        ...head,
        l.name,
        l.color_label,
        l.size_label,
        l.sku,
        l.quantity,
        amount(l.price, locale),
        amount(l.total, locale),
        ...tail,
      ]),
    )
    .join('');
}

/** How a sort column's value is read back for the keyset (its type in the database). */
const KEY_TYPES: Record<TOrderExportQuery['column'], SQL> = {
  created_at: sql.raw('timestamptz'),
  order_number: sql.raw('text'),
  status: sql.raw('text'),
  buyer_first_name: sql.raw('text'),
  country_iso: sql.raw('text'),
  shipping_name: sql.raw('text'),
  payment_name: sql.raw('text'),
  order_amount: sql.raw('int'),
};

interface KeyRow {
  id: number;
  k: string | null;
}

/** The orders after `last` in the list's order (nulls last, then by id). */
function after(q: TOrderExportQuery, last: KeyRow | null): Cond {
  if (!last) return undefined;
  const expr = SORT_COLUMNS[q.column];
  const op = sql.raw(q.sort === 'ASC' ? '>' : '<');
  if (last.k === null) return sql`(${expr} IS NULL AND o.id ${op} ${last.id})`;
  const v = sql`${last.k}::${KEY_TYPES[q.column]}`;
  return sql`(${expr} IS NULL OR ${expr} ${op} ${v} OR (${expr} = ${v} AND o.id ${op} ${last.id}))`;
}

/** GET orders/export: the CSV, piece by piece (the header, then a batch of orders at a time). */
export async function* ordersCsv(ctx: Ctx, q: TOrderExportQuery): AsyncGenerator<string> {
  const locale = q.locale ?? ctx.locale;
  const rowCtx = { ...ctx, locale };
  yield `\uFEFF${csvRow(HEADERS[locale])}`;
  const status = q.queryFilter.status;
  const from = filterFrom(!!q.queryFilter.payment || q.column === 'payment_name');
  let last: KeyRow | null = null;
  for (;;) {
    const keys: KeyRow[] = await queryRows<KeyRow>(
      ctx.db,
      sql`SELECT o.id, (${SORT_COLUMNS[q.column]})::text AS k FROM ${from}
          ${whereOf([...filterConds(ctx, q), status && sql`o.status = ${status}`, after(q, last)])}
          ORDER BY ${orderBy(q)} LIMIT ${BATCH}`,
    );
    if (!keys.length) return;
    const orders = await sellerOrdersByIds(
      rowCtx,
      keys.map((r) => r.id),
      { history: false },
    );
    yield orders.map((o) => orderRows(o, locale)).join('');
    if (keys.length < BATCH) return;
    last = keys[keys.length - 1];
  }
}
