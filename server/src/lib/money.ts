/** Cents from the database (number, numeric string or bigint) as euros with 2 decimals. */
export const toEuros = (cents: number | string | bigint | null | undefined): number =>
  Math.round(Number(cents ?? 0)) / 100;

/** Cents as the French display amount, with plain spaces (notifications, PDFs): `1 234,50 €`. */
export const euros = (cents: number) =>
  (cents / 100)
    .toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' })
    .replace(/\u202f|\u00a0/g, ' ');

/** Cents as a message in `locale` shows them (e-mails, the chatbot's replies): `1 234,50 €`, `€1,234.50`. */
export const eurosIn = (cents: number, locale: 'fr' | 'en') =>
  new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
