import { LOCALES, ROLE, type TLocale } from '@livecart/contract/constants';
import type { TCurrentUser } from '@livecart/contract/user';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/outbox.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { sha256 } from '../../lib/tokens.ts';
import { zipBuffer } from '../../lib/zip.ts';
import { LINE_LABEL_JOINS, lineLabels } from '../orders/lines.ts';
import { type ConfirmedOrder, confirmationData } from './confirmation.ts';
import { issueInvoice, setInvoicePath } from './numbering.ts';
import { type InvoicePdfData, renderInvoicePdf } from './pdf.ts';

/*
 * Invoices and order documents (issue 5). A paid order gets one invoice: numbered in the seller's
 * gapless sequence, rendered in the order's language, stored privately under `invoices/` and
 * e-mailed to the shopper with the PDF attached. An unpaid order has an order summary ("Bon de
 * commande"), rendered on demand and never stored. Documents are served only to the order's
 * seller, its shopper and admin; anyone else gets 404.
 */

/** An order was paid at some point: the invoice stands even if it was later shipped or refunded. */
const WAS_PAID = sql.raw(`(o.paid_at IS NOT NULL OR o.status IN ('payed', 'shipped'))`);

/**
 * The e-mail the shopper gave at checkout: checkout keeps it on the payment row
 * (`raw.checkout.email`); the paid attempt's first, else the latest.
 */
export const CHECKOUT_EMAIL = sql.raw(
  `(SELECT p.raw -> 'checkout' ->> 'email' FROM payments p
    WHERE p.order_id = o.id AND p.raw -> 'checkout' ->> 'email' IS NOT NULL
    ORDER BY (p.status IN ('paid', 'refunded')) DESC, p.created_at DESC, p.id DESC LIMIT 1)`,
);

/** The orders of shopper `userId`: on their account, or a social identity of theirs no account claims. */
export const ownedByShopper = (userId: number): SQL =>
  sql`(o.buyer_id = ${userId} OR (o.buyer_id IS NULL AND o.social_identity_id IN (
    SELECT id FROM social_identities WHERE user_id = ${userId})))`;

/** Orders the caller may read: admin all, a seller theirs, a shopper their own. */
export function visibleTo(user: TCurrentUser): SQL {
  if (user.role_id === ROLE.admin) return sql`true`;
  if (user.role_id === ROLE.seller) return sql`o.seller_id = ${user.id}`;
  return ownedByShopper(user.id);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isLocale = (v: unknown): v is TLocale => (LOCALES as readonly unknown[]).includes(v);
const fullName = (...parts: (string | null | undefined)[]) =>
  parts
    .filter((p) => p?.trim())
    .join(' ')
    .trim();

/** An order with what its documents and confirmation need. */
interface OrderDocRow extends ConfirmedOrder {
  status: string;
  locale: string;
  created_at: Date | string;
  paid_at: Date | string | null;
  payment_method: string | null;
  /** The e-mail given in the checkout address (see CHECKOUT_EMAIL). */
  ship_email: string | null;
  buyer_first_name: string | null;
  buyer_last_name: string | null;
  buyer_email: string | null;
  buyer_email_real: string | null;
  seller_company: string | null;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_email: string | null;
  seller_tax_id: string | null;
  seller_vat: string | null;
  invoice_id: number | null;
  invoice_number: string | null;
  invoice_path: string | null;
  invoice_created_at: Date | string | null;
  paid_method: string | null;
}

/** Everything a document of the order needs, in one query; `where` picks the order. */
async function loadOrder(db: DbOrTx, where: SQL): Promise<OrderDocRow | undefined> {
  const [row] = await queryRows<OrderDocRow>(
    db,
    sql`SELECT o.id, o.seller_id, o.order_number, o.status, o.locale, o.created_at, o.paid_at,
          o.buyer_id, si.user_id AS identity_user_id, ls.store_id,
          o.subtotal_cents, o.discount_cents, o.shipping_cents, o.total_amount_cents,
          o.shipping_method_name, o.payment_method, o.ship_first_name, o.ship_last_name,
          o.ship_address1, o.ship_address2, o.ship_city, o.ship_state, o.ship_post_code,
          c.name_fr AS ship_country_fr, c.name_en AS ship_country_en,
          coalesce(to_jsonb(o) ->> 'ship_email', ${CHECKOUT_EMAIL}) AS ship_email,
          b.first_name AS buyer_first_name, b.last_name AS buyer_last_name,
          b.email AS buyer_email, b.email_real AS buyer_email_real,
          s.company_name AS seller_company, s.first_name AS seller_first_name,
          s.last_name AS seller_last_name, s.email AS seller_email,
          s.tax_id AS seller_tax_id, s.vat_number AS seller_vat,
          inv.id AS invoice_id, inv.number AS invoice_number, inv.path AS invoice_path,
          inv.created_at AS invoice_created_at,
          (SELECT p.method FROM payments p WHERE p.order_id = o.id AND p.status IN ('paid', 'refunded')
            ORDER BY p.id DESC LIMIT 1) AS paid_method
        FROM orders o
        JOIN users s ON s.id = o.seller_id
        LEFT JOIN users b ON b.id = o.buyer_id
        LEFT JOIN countries c ON c.id = o.country_id
        LEFT JOIN invoices inv ON inv.order_id = o.id
        LEFT JOIN social_identities si ON si.id = o.social_identity_id
        LEFT JOIN live_sessions ls ON ls.id = o.session_id
        WHERE ${where}
        LIMIT 1`,
  );
  return row;
}

/** The shopper's e-mail: the one given at checkout, else their account's (a real one). */
export function shopperEmail(row: Pick<OrderDocRow, 'ship_email' | 'buyer_email' | 'buyer_email_real'>) {
  return [row.ship_email, row.buyer_email, row.buyer_email_real].find((e) => !!e && EMAIL.test(e)) ?? null;
}

/**
 * The data of the order's PDF: its invoice when `invoice` is given, else its order summary. Colours
 * and sizes are named in `locale`, the document's language, when the document is made; a stored
 * invoice keeps the names it was issued with.
 */
async function pdfDataOf(
  db: DbOrTx,
  row: OrderDocRow,
  locale: TLocale,
  invoice?: { number: string; created_at: Date | string },
): Promise<InvoicePdfData> {
  const lines = await queryRows<{
    name: string;
    color_label: string | null;
    size_label: string | null;
    quantity: number;
    unit_price_cents: number;
  }>(
    db,
    sql`SELECT i.name, ${lineLabels(locale)}, i.quantity, i.unit_price_cents
        FROM order_items i ${LINE_LABEL_JOINS} WHERE i.order_id = ${row.id} ORDER BY i.id`,
  );
  const [address] = await queryRows<{
    address1: string;
    address2: string | null;
    post_code: string | null;
    city: string;
    state: string | null;
    name_fr: string;
    name_en: string;
  }>(
    db,
    sql`SELECT a.address1, a.address2, a.post_code, a.city, a.state, c.name_fr, c.name_en
        FROM addresses a JOIN countries c ON c.id = a.country_id
        WHERE a.user_id = ${row.seller_id}
        ORDER BY (a.address_type = 'seller') DESC, a.updated_at DESC, a.id DESC LIMIT 1`,
  );
  const country = (fr: string | null, en: string | null) => (locale === 'fr' ? fr : en) ?? fr ?? en;
  const merchantAddress = address
    ? [
        address.address1,
        address.address2,
        fullName(address.post_code, address.city),
        address.state,
        country(address.name_fr, address.name_en),
      ]
    : [];
  const shopperName =
    fullName(row.ship_first_name, row.ship_last_name) || fullName(row.buyer_first_name, row.buyer_last_name);
  return {
    kind: invoice ? 'invoice' : 'order_summary',
    number: invoice?.number ?? row.order_number,
    issuedAt: new Date(invoice?.created_at ?? row.created_at),
    orderNumber: row.order_number,
    merchant: {
      companyName: row.seller_company?.trim() || fullName(row.seller_first_name, row.seller_last_name) || '—',
      identificationNumber: row.seller_tax_id,
      vatNumber: row.seller_vat,
      addressLines: merchantAddress.filter((l): l is string => !!l?.trim()),
      email: row.seller_email,
    },
    shopper: {
      name: shopperName || '—',
      email: shopperEmail(row) ?? '',
      addressLines: [
        row.ship_address1,
        row.ship_address2,
        fullName(row.ship_post_code, row.ship_city),
        row.ship_state,
        country(row.ship_country_fr, row.ship_country_en),
      ].filter((l): l is string => !!l?.trim()),
    },
    lines: lines.map((l) => ({
      name: l.name,
      color: l.color_label,
      size: l.size_label,
      quantity: Number(l.quantity),
      unitPriceCents: Number(l.unit_price_cents),
    })),
    shipping: { method: row.shipping_method_name ?? '—', priceCents: Number(row.shipping_cents) },
    subtotalCents: Number(row.subtotal_cents),
    discountCents: Number(row.discount_cents),
    totalCents: Number(row.total_amount_cents),
    paymentMethod: row.paid_method ?? row.payment_method ?? '',
    currency: 'EUR',
  };
}

/** `Facture-F-2026-000001.pdf`, `Invoice-…`; `Bon-de-commande-<order>.pdf`, `Order-summary-<order>.pdf`. */
export function documentFileName(
  row: { order_number: string; invoice_number?: string | null },
  locale: TLocale,
) {
  if (row.invoice_number) return `${locale === 'fr' ? 'Facture' : 'Invoice'}-${row.invoice_number}.pdf`;
  return `${locale === 'fr' ? 'Bon-de-commande' : 'Order-summary'}-${row.order_number}.pdf`;
}

async function readStored(deps: Deps, key: string): Promise<Buffer | null> {
  const stream = deps.storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// The `invoice` outbox job

export interface InvoiceJob {
  orderId: number;
}

/**
 * Issues, renders, stores and e-mails the invoice of a paid order. Runs any number of times:
 * the number is taken once (`issueInvoice` answers the existing invoice), the PDF is rendered
 * until its path is recorded, and the mail has the invoice's dedupe key. The number is taken in
 * its own short transaction so the seller's numbering lock is not held while rendering; a crash
 * in between leaves a numbered invoice without a file, which the retry completes (no gap).
 * An order that was never paid gets nothing.
 */
export async function runInvoiceJob(deps: Deps, job: InvoiceJob): Promise<void> {
  const { db } = deps.database;
  const order = await loadOrder(db, sql`o.id = ${job.orderId} AND ${WAS_PAID}`);
  if (!order) return;

  const invoice = await db.transaction(async (tx) => {
    const { invoice } = await issueInvoice(tx, {
      orderId: order.id,
      sellerId: order.seller_id,
      totalCents: Number(order.total_amount_cents),
      issuedAt: order.paid_at ? new Date(order.paid_at) : undefined,
    });
    return invoice;
  });

  const locale: TLocale = isLocale(order.locale) ? order.locale : 'fr';
  let path = invoice.path;
  if (!path) {
    const pdf = await renderInvoicePdf(await pdfDataOf(db, order, locale, invoice), locale);
    const key = await deps.storage.put('invoices', 'pdf', pdf);
    path = await db.transaction(async (tx) => {
      const [current] = await queryRows<{ path: string | null }>(
        tx,
        sql`SELECT path FROM invoices WHERE id = ${invoice.id} FOR UPDATE`,
      );
      if (current?.path) return current.path;
      await setInvoicePath(tx, invoice.id, order.seller_id, key);
      return key;
    });
    if (path !== key) await deps.storage.remove(key);
  }

  const to = shopperEmail(order);
  if (!to) return;
  await enqueueMail(db, `invoice-mail:${invoice.id}`, {
    to,
    template: 'invoice',
    locale,
    data: await confirmationData(deps, db, order, {
      to,
      invoiceNumber: invoice.number,
      firstName: order.ship_first_name ?? order.buyer_first_name ?? '',
      merchant: order.seller_company?.trim() || fullName(order.seller_first_name, order.seller_last_name),
      locale,
    }),
    attachments: [
      {
        storageKey: path,
        filename: documentFileName({ ...order, invoice_number: invoice.number }, locale),
        contentType: 'application/pdf',
      },
    ],
  });
}

/** The number of the order's invoice once issued, else null. */
export async function issuedInvoiceNumber(db: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await queryRows<{ number: string }>(
    db,
    sql`SELECT number FROM invoices WHERE order_id = ${orderId}`,
  );
  return row?.number ?? null;
}

// ---------------------------------------------------------------------------------------------
// Downloads

export interface OrderDocument {
  fileName: string;
  pdf: Buffer;
  kind: 'invoice' | 'order_summary';
}

/**
 * The document of an order the caller may read: its stored invoice when issued, else an order
 * summary rendered in `locale`. 404 when the order does not exist or is not the caller's. With
 * `token`, the holder of the order's checkout link reads it too (a guest who paid).
 */
export async function orderDocument(
  deps: Deps,
  user: TCurrentUser | null,
  orderNumber: string,
  locale: TLocale,
  opts: { sellerId?: number; invoiceOnly?: boolean; token?: string } = {},
): Promise<OrderDocument> {
  const { db } = deps.database;
  const mine = user ? visibleTo(user) : sql`false`;
  const linkHolder = opts.token ? sql`o.access_token_hash = ${sha256(opts.token)}` : sql`false`;
  const order = await loadOrder(
    db,
    sql`o.order_number = ${orderNumber} AND (${mine} OR ${linkHolder})${
      opts.sellerId === undefined ? sql`` : sql` AND o.seller_id = ${opts.sellerId}`
    }`,
  );
  if (!order) throw notFound();
  if (order.invoice_number && order.invoice_created_at) {
    const stored = order.invoice_path ? await readStored(deps, order.invoice_path) : null;
    if (stored) return { fileName: documentFileName(order, locale), pdf: stored, kind: 'invoice' };
    // Issued but its file is not stored yet (the job is finishing) or was lost: rendered again
    // from the same data in the order's language (number and date are fixed), not stored here.
    const invoiceLocale: TLocale = isLocale(order.locale) ? order.locale : 'fr';
    const data = await pdfDataOf(db, order, invoiceLocale, {
      number: order.invoice_number,
      created_at: order.invoice_created_at,
    });
    return {
      fileName: documentFileName(order, locale),
      pdf: await renderInvoicePdf(data, invoiceLocale),
      kind: 'invoice',
    };
  }
  if (opts.invoiceOnly) throw notFound();
  const pdf = await renderInvoicePdf(await pdfDataOf(db, order, locale), locale);
  return {
    fileName: documentFileName({ order_number: order.order_number }, locale),
    pdf,
    kind: 'order_summary',
  };
}

/**
 * The zip of the checked orders' documents that are the caller's: order summaries of those in
 * status new (SPEC §4: only new orders are bulk-downloaded), or with `type` `invoices` the
 * invoices of those that have one. None → `select_order_download`.
 */
export async function bulkOrderDocuments(
  deps: Deps,
  user: TCurrentUser,
  ids: number[],
  locale: TLocale,
  type: 'orders' | 'invoices' = 'orders',
): Promise<{ zip: Buffer; count: number }> {
  const { db } = deps.database;
  const orders = ids.length
    ? await queryRows<{ order_number: string; invoice_number: string | null }>(
        db,
        sql`SELECT o.order_number, inv.number AS invoice_number
            FROM orders o LEFT JOIN invoices inv ON inv.order_id = o.id
            WHERE o.id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) AND ${type === 'invoices' ? sql`inv.id IS NOT NULL` : sql`o.status = 'new'`}
              AND ${visibleTo(user)}
            ORDER BY o.created_at, o.id`,
      )
    : [];
  if (!orders.length) throw new AppError('select_order_download');
  const zip = await zipBuffer(
    orders.map((o) => ({
      name: documentFileName(o, locale),
      content: async () => (await orderDocument(deps, user, o.order_number, locale)).pdf,
    })),
  );
  return { zip, count: orders.length };
}
