/**
 * The carriers whose parcels can be followed by a link, matched on the carrier's name as the seller
 * types it or as the shipping method is called (`Colissimo`, `La Poste`, `Mondial Relay 48h`…).
 */
const CARRIERS: { match: RegExp; url: (n: string) => string }[] = [
  {
    match: /colissimo|la ?poste/,
    url: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}`,
  },
  {
    match: /chronopost/,
    url: (n) => `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=${n}`,
  },
  {
    match: /mondial ?relay/,
    url: (n) => `https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=${n}`,
  },
  {
    match: /\bdhl\b/,
    url: (n) => `https://www.dhl.com/fr-fr/home/tracking.html?tracking-id=${n}&submit=1`,
  },
  {
    match: /\bups\b/,
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
];

/**
 * The page following parcel `number` at `carrier` (Colissimo/La Poste, Chronopost, Mondial Relay,
 * DHL, UPS); null without a number or for another carrier.
 */
export function trackingUrl(carrier: string | null, number: string | null): string | null {
  const code = number?.trim();
  if (!carrier || !code) return null;
  const name = carrier
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const known = CARRIERS.find((c) => c.match.test(name));
  return known ? known.url(encodeURIComponent(code)) : null;
}
