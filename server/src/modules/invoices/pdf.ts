import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TIME_ZONE, type TLocale } from '@livecart/contract/constants';
import PDFDocument from 'pdfkit';

/**
 * The invoice of a paid order as a PDF (A4), in the shopper's language.
 *
 * Text is set in DejaVu Sans, embedded: the 14 standard PDF fonts only know WinAnsi, which has no
 * narrow no-break space (U+202F) that `Intl.NumberFormat('fr-FR')` puts in `1 234,50 €`, nor
 * many accented capitals; an embedded Unicode font prints them and `pdftotext` reads them back.
 */

export interface InvoicePdfLine {
  name: string;
  color?: string | null;
  size?: string | null;
  quantity: number;
  unitPriceCents: number;
}

export interface InvoicePdfData {
  /**
   * `invoice` (default) for a paid order; `order_summary` for an unpaid one: titled "Bon de
   * commande / Order summary", without an invoice number (`number` is then not printed).
   */
  kind?: 'invoice' | 'order_summary';
  /** `F-2026-000042` */
  number: string;
  issuedAt: Date;
  orderNumber: string;
  merchant: {
    companyName: string;
    /** SIREN/SIRET or the local company number. */
    identificationNumber?: string | null;
    vatNumber?: string | null;
    addressLines: string[];
    email?: string | null;
  };
  shopper: {
    name: string;
    email: string;
    /** The delivery address, one line each (street, post code and city, country). */
    addressLines: string[];
  };
  lines: InvoicePdfLine[];
  shipping: { method: string; priceCents: number };
  subtotalCents: number;
  discountCents?: number;
  totalCents: number;
  /** Our method code (`card`, `paypal`, …) or a label. */
  paymentMethod: string;
  /** ISO 4217; EUR. */
  currency?: string;
}

const LABELS = {
  fr: {
    title: 'Facture',
    orderSummary: 'Bon de commande',
    number: 'N° de facture',
    date: 'Date',
    order: 'Commande',
    identification: "N° d'identification",
    vat: 'N° de TVA',
    billTo: 'Client',
    deliverTo: 'Adresse de livraison',
    item: 'Article',
    variant: 'Variante',
    qty: 'Qté',
    unitPrice: 'Prix unitaire',
    lineTotal: 'Total',
    colour: 'Couleur',
    size: 'Taille',
    shipping: 'Livraison',
    free: 'Offerte',
    subtotal: 'Sous-total',
    discount: 'Remise',
    total: 'Total TTC',
    paymentMethod: 'Moyen de paiement',
    methods: {
      card: 'Carte bancaire',
      paypal: 'PayPal',
      bancontact: 'Bancontact',
      ideal: 'iDEAL',
      free: 'Aucun : commande offerte',
    },
  },
  en: {
    title: 'Invoice',
    orderSummary: 'Order summary',
    number: 'Invoice number',
    date: 'Date',
    order: 'Order',
    identification: 'Company number',
    vat: 'VAT number',
    billTo: 'Customer',
    deliverTo: 'Delivery address',
    item: 'Item',
    variant: 'Variant',
    qty: 'Qty',
    unitPrice: 'Unit price',
    lineTotal: 'Total',
    colour: 'Colour',
    size: 'Size',
    shipping: 'Shipping',
    free: 'Free',
    subtotal: 'Subtotal',
    discount: 'Discount',
    total: 'Total',
    paymentMethod: 'Payment method',
    methods: {
      card: 'Card',
      paypal: 'PayPal',
      bancontact: 'Bancontact',
      ideal: 'iDEAL',
      free: 'None: free order',
    },
  },
} as const satisfies Record<TLocale, unknown>;

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

/** `1 234,50 €` in French, `€1,234.50` in English. */
export const formatMoney = (cents: number, locale: TLocale, currency = 'EUR') =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency }).format(
    cents / 100,
  );

/** DD/MM/YYYY in Paris, whatever the language. */
export const formatDate = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
/** Columns of the lines table: x and width. */
const COLS = {
  item: { x: MARGIN, w: 170 },
  variant: { x: MARGIN + 175, w: 110 },
  qty: { x: MARGIN + 290, w: 35 },
  unit: { x: MARGIN + 330, w: 80 },
  total: { x: MARGIN + 415, w: CONTENT - 415 },
};

/** Renders the invoice; resolves with the PDF's bytes. */
export function renderInvoicePdf(data: InvoicePdfData, locale: TLocale): Promise<Buffer> {
  const t = LABELS[locale];
  const summary = data.kind === 'order_summary';
  const title = summary ? t.orderSummary : t.title;
  /** `Label : value` in French typography, `Label: value` in English. */
  const kv = (label: string, value: string) => `${label}${locale === 'fr' ? ' : ' : ': '}${value}`;
  const money = (cents: number) => formatMoney(cents, locale, data.currency);
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${title} ${data.number}`, Author: data.merchant.companyName },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: the merchant on the left, the invoice's identity on the right.
  const top = MARGIN;
  doc.font('bold').fontSize(14).text(data.merchant.companyName, MARGIN, top, { width: 280 });
  doc.font('body').fontSize(9);
  for (const line of data.merchant.addressLines) doc.text(line, { width: 280 });
  if (data.merchant.email) doc.text(data.merchant.email, { width: 280 });
  if (data.merchant.identificationNumber)
    doc.text(kv(t.identification, data.merchant.identificationNumber), { width: 280 });
  if (data.merchant.vatNumber) doc.text(kv(t.vat, data.merchant.vatNumber), { width: 280 });
  const leftBottom = doc.y;

  doc
    .font('bold')
    .fontSize(summary ? 16 : 20)
    .text(title, MARGIN + 300, top, { width: CONTENT - 300, align: 'right' });
  doc.font('body').fontSize(10);
  for (const line of [
    ...(summary ? [] : [kv(t.number, data.number)]),
    kv(t.date, formatDate(data.issuedAt)),
    kv(t.order, data.orderNumber),
  ]) {
    doc.text(line, MARGIN + 300, doc.y, { width: CONTENT - 300, align: 'right' });
  }
  let y = Math.max(leftBottom, doc.y) + 25;

  // The shopper and where the parcel goes.
  doc.font('bold').fontSize(10).text(t.billTo, MARGIN, y, { width: 240 });
  doc
    .font('body')
    .fontSize(9)
    .text(data.shopper.name, { width: 240 })
    .text(data.shopper.email, { width: 240 });
  const billBottom = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text(t.deliverTo, MARGIN + 260, y, { width: CONTENT - 260 });
  doc
    .font('body')
    .fontSize(9)
    .text(data.shopper.name, { width: CONTENT - 260 });
  for (const line of data.shopper.addressLines) doc.text(line, { width: CONTENT - 260 });
  y = Math.max(billBottom, doc.y) + 25;

  // Lines.
  const header = () => {
    doc.font('bold').fontSize(9);
    doc.text(t.item, COLS.item.x, y, { width: COLS.item.w });
    doc.text(t.variant, COLS.variant.x, y, { width: COLS.variant.w });
    doc.text(t.qty, COLS.qty.x, y, { width: COLS.qty.w, align: 'right' });
    doc.text(t.unitPrice, COLS.unit.x, y, { width: COLS.unit.w, align: 'right' });
    doc.text(t.lineTotal, COLS.total.x, y, { width: COLS.total.w, align: 'right' });
    y += 15;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(MARGIN + CONTENT, y - 3)
      .lineWidth(0.5)
      .stroke();
    doc.font('body');
  };
  header();
  for (const line of data.lines) {
    const variant = [line.color && kv(t.colour, line.color), line.size && kv(t.size, line.size)]
      .filter(Boolean)
      .join('\n');
    const height = Math.max(
      doc.heightOfString(line.name, { width: COLS.item.w }),
      doc.heightOfString(variant || ' ', { width: COLS.variant.w }),
    );
    if (y + height > doc.page.height - MARGIN - 120) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    doc.text(line.name, COLS.item.x, y, { width: COLS.item.w });
    doc.text(variant, COLS.variant.x, y, { width: COLS.variant.w });
    doc.text(String(line.quantity), COLS.qty.x, y, { width: COLS.qty.w, align: 'right' });
    doc.text(money(line.unitPriceCents), COLS.unit.x, y, { width: COLS.unit.w, align: 'right' });
    doc.text(money(line.unitPriceCents * line.quantity), COLS.total.x, y, {
      width: COLS.total.w,
      align: 'right',
    });
    y += height + 6;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.5)
    .stroke();
  y += 10;

  // Totals, right-aligned.
  const totals: [string, string, boolean][] = [
    [t.subtotal, money(data.subtotalCents), false],
    [
      `${t.shipping} (${data.shipping.method})`,
      data.shipping.priceCents === 0 ? t.free : money(data.shipping.priceCents),
      false,
    ],
  ];
  if (data.discountCents) totals.push([t.discount, `− ${money(data.discountCents)}`, false]);
  totals.push([t.total, money(data.totalCents), true]);
  for (const [label, value, strong] of totals) {
    doc.font(strong ? 'bold' : 'body').fontSize(strong ? 11 : 9);
    doc.text(label, MARGIN + 180, y, { width: 220, align: 'right' });
    doc.text(value, COLS.total.x - 10, y, { width: COLS.total.w + 10, align: 'right' });
    y = doc.y + 4;
  }

  y += 15;
  const method = (t.methods as Record<string, string>)[data.paymentMethod] ?? data.paymentMethod;
  if (method) doc.font('body').fontSize(9).text(kv(t.paymentMethod, method), MARGIN, y, { width: CONTENT });

  doc.end();
  return done;
}
