import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from '../../../test/documents.ts';
import { formatMoney, type InvoicePdfData, renderInvoicePdf } from './pdf.ts';

/** No-break spaces of `1 234,50 €` as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const invoice = (patch: Partial<InvoicePdfData> = {}): InvoicePdfData => ({
  number: 'F-2026-000042',
  issuedAt: new Date('2026-03-20T23:30:00Z'),
  orderNumber: '7KQ2M9XW',
  merchant: {
    companyName: 'Société Générale — Crème brûlée',
    identificationNumber: '552 120 222 00013',
    vatNumber: 'FR40552120222',
    addressLines: ['12 rue de l’Église', '75001 Paris', 'France'],
    email: 'contact@creme.example',
  },
  shopper: {
    name: 'Hélène Dupré',
    email: 'helene@example.fr',
    addressLines: ['3 allée des Châtaigniers', '69003 Lyon', 'France'],
  },
  lines: [
    {
      name: 'Crème brûlée à la pistache',
      color: 'Vert pâle',
      size: 'XL',
      quantity: 2,
      unitPriceCents: 50000,
    },
    { name: 'Tablier', quantity: 1, unitPriceCents: 23450 },
  ],
  shipping: { method: 'Colissimo', priceCents: 690 },
  subtotalCents: 123450,
  discountCents: 690,
  totalCents: 123450,
  paymentMethod: 'card',
  ...patch,
});

describe('invoice PDF', () => {
  it('formats amounts the way each language writes them', () => {
    expect(plain(formatMoney(123450, 'fr'))).toBe('1 234,50 €');
    expect(formatMoney(123450, 'en')).toBe('€1,234.50');
  });

  it('prints a French invoice with its number, parties, lines, totals and accents readable', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice(), 'fr'));
    expect(text).toContain('Facture');
    expect(text).toContain('N° de facture : F-2026-000042');
    // 23:30 UTC on the 20th is the 21st in Paris.
    expect(text).toContain('Date : 21/03/2026');
    expect(text).toContain('Commande : 7KQ2M9XW');
    expect(text).toContain('Société Générale — Crème brûlée');
    expect(text).toContain("N° d'identification : 552 120 222 00013");
    expect(text).toContain('N° de TVA : FR40552120222');
    expect(text).toContain('12 rue de l’Église');
    expect(text).toContain('Hélène Dupré');
    expect(text).toContain('helene@example.fr');
    expect(text).toContain('3 allée des Châtaigniers');
    expect(text).toMatch(
      /Crème brûlée à la pistache\s+Couleur : Vert pâle\s+2\s+500,00 €\s+1 000,00 €\n\s+Taille : XL\n/,
    );
    expect(text).toMatch(/Tablier\s+1\s+234,50 €\s+234,50 €/);
    expect(text).toMatch(/Sous-total\s+1 234,50 €/);
    expect(text).toMatch(/Livraison \(Colissimo\)\s+6,90 €/);
    expect(text).toMatch(/Remise\s+− 6,90 €/);
    expect(text).toMatch(/Total TTC\s+1 234,50 €/);
    expect(text).toContain('Moyen de paiement : Carte bancaire');
  });

  it('prints an English invoice with English labels and amounts', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice({ discountCents: 0 }), 'en'));
    expect(text).toContain('Invoice number: F-2026-000042');
    expect(text).toContain('Date: 21/03/2026');
    expect(text).toContain('VAT number: FR40552120222');
    expect(text).toMatch(/Colour: Vert pâle\s+2\s+€500\.00\s+€1,000\.00\n\s+Size: XL\n/);
    expect(text).toMatch(/Subtotal\s+€1,234\.50/);
    expect(text).toMatch(/Total\s+€1,234\.50/);
    expect(text).toContain('Payment method: Card');
    expect(text).not.toContain('Discount');
  });

  it('says free shipping in words and leaves out a VAT number that was not given', async () => {
    const data = invoice({ shipping: { method: 'Mondial Relay', priceCents: 0 } });
    data.merchant.vatNumber = null;
    const fr = await pdfText(await renderInvoicePdf(data, 'fr'));
    expect(fr).toMatch(/Livraison \(Mondial Relay\)\s+Offerte/);
    expect(fr).not.toContain('TVA');
    const en = await pdfText(await renderInvoicePdf(data, 'en'));
    expect(en).toMatch(/Shipping \(Mondial Relay\)\s+Free/);
  });

  it('embeds DejaVu Sans so every character prints as written', async () => {
    const fonts = pdfFonts(await renderInvoicePdf(invoice(), 'fr'));
    expect(fonts).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });

  it('continues the lines on a second page when there are many', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      name: `Article n°${i + 1}`,
      quantity: 1,
      unitPriceCents: 1000,
    }));
    const pdf = await renderInvoicePdf(
      invoice({ lines, subtotalCents: 60000, discountCents: 0, totalCents: 60690 }),
      'fr',
    );
    const text = await pdfText(pdf);
    expect(text).toContain('Article n°1 ');
    expect(text).toContain('Article n°60');
    expect(text).toContain('\f');
    expect(text.split('\f')[1]).toMatch(/Article\s+Variante\s+Qté/);
    expect(text).toMatch(/Total TTC\s+606,90 €/);
  });
});
