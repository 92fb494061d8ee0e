import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PLATFORM_VAT_BP } from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import PDFDocument from 'pdfkit';
import { formatDate, formatMoney } from '../invoices/pdf.ts';

/**
 * The platform's invoice to a seller for a month, as a PDF (A4) in the seller's language: the
 * platform as the issuer, the seller as the customer, the plan periods paid in the month and the
 * month's percent of sales, VAT, and the orders the percent was computed from. Same fonts and
 * money format as the order invoices (invoices/pdf.ts).
 */

/**
 * The platform's legal identity as printed on its invoices. The SIRET and VAT number are
 * placeholders until the company's own are filled in here.
 */
export const PLATFORM_LEGAL = {
  name: 'LiveCart SAS',
  addressLines: ['10 rue de la Paix', '75002 Paris', 'France'],
  email: 'billing@livecart.local',
  siretPlaceholder: '000 000 000 00000',
  vatNumberPlaceholder: 'FR00000000000',
} as const;

export interface PlatformInvoicePdfData {
  /** `LC-2026-000001` */
  number: string;
  issuedAt: Date;
  /** `YYYY-MM` */
  month: string;
  status: 'open' | 'paid' | 'failed';
  seller: {
    name: string;
    email: string;
    companyName: string | null;
    taxId: string | null;
    addressLines: string[];
  };
  /** Plan periods paid in the month (cents excl. VAT). */
  planLines: { planName: string; periodStart: Date | null; periodEnd: Date | null; amountCents: number }[];
  salesCents: number;
  percentBp: number;
  percentCents: number;
  vatCents: number;
  totalCents: number;
  orders: {
    orderNumber: string;
    paidAt: Date;
    totalCents: number;
    refundedCents: number;
    countedCents: number;
  }[];
}

const LABELS = {
  fr: {
    title: 'Facture',
    number: 'N° de facture',
    date: 'Date',
    month: 'Mois facturé',
    siret: 'SIRET',
    vatNumber: 'N° de TVA',
    taxId: "N° d'identification",
    billTo: 'Client',
    description: 'Désignation',
    amount: 'Montant HT',
    plan: (name: string) => `Abonnement ${name}`,
    percent: (pct: string, sales: string) => `Commission de ${pct} sur ${sales} de ventes`,
    subtotal: 'Total HT',
    vat: (pct: string) => `TVA ${pct}`,
    total: 'Total TTC',
    status: { open: 'À payer', paid: 'Payée', failed: 'Paiement refusé, à régler' },
    statusLabel: 'Statut',
    orders: 'Commandes prises en compte',
    order: 'Commande',
    paidAt: 'Payée le',
    orderTotal: 'Montant',
    refunded: 'Remboursé',
    counted: 'Compté',
    noOrders: 'Aucune commande sur la période facturée.',
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Date',
    month: 'Month billed',
    siret: 'SIRET',
    vatNumber: 'VAT number',
    taxId: 'Company number',
    billTo: 'Customer',
    description: 'Description',
    amount: 'Amount excl. VAT',
    plan: (name: string) => `${name} plan`,
    percent: (pct: string, sales: string) => `${pct} fee on ${sales} of sales`,
    subtotal: 'Total excl. VAT',
    vat: (pct: string) => `VAT ${pct}`,
    total: 'Total incl. VAT',
    status: { open: 'To pay', paid: 'Paid', failed: 'Payment declined, to pay' },
    statusLabel: 'Status',
    orders: 'Orders counted',
    order: 'Order',
    paidAt: 'Paid on',
    orderTotal: 'Amount',
    refunded: 'Refunded',
    counted: 'Counted',
    noOrders: 'No order in the billed period.',
  },
} as const;

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

/** `mars 2026`, `March 2026`. */
export const monthName = (month: string, locale: TLocale) =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T00:00:00Z`));

const percentText = (bp: number, locale: TLocale) =>
  `${new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 }).format(bp / 100)} %`;

const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

/** Renders the invoice; resolves with the PDF's bytes. */
export function renderPlatformInvoicePdf(data: PlatformInvoicePdfData, locale: TLocale): Promise<Buffer> {
  const t = LABELS[locale];
  const kv = (label: string, value: string) => `${label}${locale === 'fr' ? ' : ' : ': '}${value}`;
  const money = (cents: number) => formatMoney(cents, locale);
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t.title} ${data.number}`, Author: PLATFORM_LEGAL.name },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The platform on the left, the invoice's identity on the right.
  const top = MARGIN;
  doc.font('bold').fontSize(14).text(PLATFORM_LEGAL.name, MARGIN, top, { width: 280 });
  doc.font('body').fontSize(9);
  for (const line of PLATFORM_LEGAL.addressLines) doc.text(line, { width: 280 });
  doc.text(PLATFORM_LEGAL.email, { width: 280 });
  doc.text(kv(t.siret, PLATFORM_LEGAL.siretPlaceholder), { width: 280 });
  doc.text(kv(t.vatNumber, PLATFORM_LEGAL.vatNumberPlaceholder), { width: 280 });
  const leftBottom = doc.y;
  doc
    .font('bold')
    .fontSize(20)
    .text(t.title, MARGIN + 300, top, { width: CONTENT - 300, align: 'right' });
  doc.font('body').fontSize(10);
  for (const line of [
    kv(t.number, data.number),
    kv(t.date, formatDate(data.issuedAt)),
    kv(t.month, monthName(data.month, locale)),
    kv(t.statusLabel, t.status[data.status]),
  ]) {
    doc.text(line, MARGIN + 300, doc.y, { width: CONTENT - 300, align: 'right' });
  }
  let y = Math.max(leftBottom, doc.y) + 25;

  // The seller.
  doc.font('bold').fontSize(10).text(t.billTo, MARGIN, y, { width: CONTENT });
  doc.font('body').fontSize(9);
  if (data.seller.companyName) doc.text(data.seller.companyName, { width: CONTENT });
  doc.text(data.seller.name, { width: CONTENT }).text(data.seller.email, { width: CONTENT });
  for (const line of data.seller.addressLines) doc.text(line, { width: CONTENT });
  if (data.seller.taxId) doc.text(kv(t.taxId, data.seller.taxId), { width: CONTENT });
  y = doc.y + 25;

  // Lines: the plan periods, then the percent of sales.
  const amountX = MARGIN + CONTENT - 120;
  const rule = (at: number) =>
    doc
      .moveTo(MARGIN, at)
      .lineTo(MARGIN + CONTENT, at)
      .lineWidth(0.5)
      .stroke();
  doc.font('bold').fontSize(9);
  doc.text(t.description, MARGIN, y, { width: CONTENT - 130 });
  doc.text(t.amount, amountX, y, { width: 120, align: 'right' });
  y += 15;
  rule(y - 3);
  doc.font('body');
  const line = (label: string, cents: number) => {
    const height = doc.heightOfString(label, { width: CONTENT - 130 });
    doc.text(label, MARGIN, y, { width: CONTENT - 130 });
    doc.text(money(cents), amountX, y, { width: 120, align: 'right' });
    y += height + 6;
  };
  for (const p of data.planLines) {
    const period =
      p.periodStart && p.periodEnd ? ` (${formatDate(p.periodStart)} – ${formatDate(p.periodEnd)})` : '';
    line(`${t.plan(p.planName)}${period}`, p.amountCents);
  }
  if (data.percentCents > 0 || data.planLines.length === 0) {
    line(t.percent(percentText(data.percentBp, locale), money(data.salesCents)), data.percentCents);
  }
  rule(y);
  y += 10;
  const subtotal = data.totalCents - data.vatCents;
  for (const [label, value, strong] of [
    [t.subtotal, money(subtotal), false],
    [t.vat(percentText(PLATFORM_VAT_BP, locale)), money(data.vatCents), false],
    [t.total, money(data.totalCents), true],
  ] as const) {
    doc.font(strong ? 'bold' : 'body').fontSize(strong ? 11 : 9);
    doc.text(label, MARGIN + 180, y, { width: 200, align: 'right' });
    doc.text(value, amountX, y, { width: 120, align: 'right' });
    y = doc.y + 4;
  }

  // The orders the percent was computed from.
  y += 20;
  doc.font('bold').fontSize(10).text(t.orders, MARGIN, y, { width: CONTENT });
  y = doc.y + 6;
  const cols = [
    { label: t.order, x: MARGIN, w: 130, align: 'left' as const },
    { label: t.paidAt, x: MARGIN + 135, w: 80, align: 'left' as const },
    { label: t.orderTotal, x: MARGIN + 220, w: 85, align: 'right' as const },
    { label: t.refunded, x: MARGIN + 310, w: 85, align: 'right' as const },
    { label: t.counted, x: MARGIN + 400, w: CONTENT - 400, align: 'right' as const },
  ];
  const header = () => {
    doc.font('bold').fontSize(8);
    for (const c of cols) doc.text(c.label, c.x, y, { width: c.w, align: c.align });
    y += 13;
    rule(y - 3);
    doc.font('body');
  };
  if (data.orders.length === 0) {
    doc.font('body').fontSize(9).text(t.noOrders, MARGIN, y, { width: CONTENT });
  } else {
    header();
    for (const o of data.orders) {
      if (y > doc.page.height - MARGIN - 20) {
        doc.addPage();
        y = MARGIN;
        header();
      }
      const cells = [
        o.orderNumber,
        formatDate(o.paidAt),
        money(o.totalCents),
        o.refundedCents ? `− ${money(o.refundedCents)}` : '',
        money(o.countedCents),
      ];
      doc.fontSize(8);
      cols.forEach((c, i) => {
        doc.text(cells[i], c.x, y, { width: c.w, align: c.align });
      });
      y += 12;
    }
  }
  doc.end();
  return done;
}
