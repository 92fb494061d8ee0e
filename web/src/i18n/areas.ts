/**
 * The texts come in two parts per language, each a chunk of its own: what a shopper's pages use
 * (the checkout, the payment sandbox) and the back office's, so a shopper's first visit does not
 * load the texts of every screen. A section is a top-level key of fr.json / en.json; the back
 * office's part is every section not listed here, so a new screen's texts need no listing.
 */
export const SHOPPER_SECTIONS = ['address', 'checkout', 'errors', 'language', 'sandboxPay'] as const;

export const TEXT_AREAS = ['shopper', 'backOffice'] as const;
export type TTextArea = (typeof TEXT_AREAS)[number];

/** The sections of `texts` (one language's JSON) that `area` holds. */
export function sectionsOf<T extends Record<string, unknown>>(texts: T, area: TTextArea): Partial<T> {
  const shopper = new Set<string>(SHOPPER_SECTIONS);
  return Object.fromEntries(
    Object.entries(texts).filter(([key]) => shopper.has(key) === (area === 'shopper')),
  ) as Partial<T>;
}
