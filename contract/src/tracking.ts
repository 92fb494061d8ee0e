/*
 * Where a shopper follows a parcel: the carrier's public tracking page for a tracking number.
 * Carriers are recognised by name, any case, spaces and accents aside (`La Poste`, `colissimo`,
 * `Mondial Relay`); an unknown carrier or no number has no link.
 */

const CARRIER_PAGES: { names: readonly string[]; url: (code: string) => string }[] = [
  {
    names: ['colissimo', 'laposte'],
    url: (code) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${code}`,
  },
  {
    names: ['chronopost'],
    url: (code) => `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=${code}`,
  },
  {
    names: ['mondialrelay'],
    url: (code) => `https://www.mondialrelay.fr/suivi-de-colis/?NumeroExpedition=${code}`,
  },
  { names: ['dhl'], url: (code) => `https://www.dhl.com/fr-fr/home/suivi.html?tracking-id=${code}` },
  { names: ['ups'], url: (code) => `https://www.ups.com/track?tracknum=${code}` },
];

const carrierKey = (carrier: string) =>
  carrier
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The tracking page of `trackingNumber` at `carrier`, or null for an unknown carrier or no number. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  const code = trackingNumber?.trim();
  if (!carrier || !code) return null;
  const key = carrierKey(carrier);
  const page = CARRIER_PAGES.find((p) => p.names.some((n) => key === n || key.startsWith(n)));
  return page ? page.url(encodeURIComponent(code)) : null;
}
