import { formatPhone } from '@livecart/contract/address';
import type { TBuyerListItem } from '@livecart/contract/buyers';

/** The shopper's name as a line: `Zoé Martin`; `#12` when they have none. */
export const shopperName = (
  r: Pick<TBuyerListItem, 'first_name' | 'last_name' | 'buyer_id' | 'identity_id'>,
) => [r.first_name, r.last_name].filter((s) => s?.trim()).join(' ') || `#${r.buyer_id ?? r.identity_id}`;

/** `69001 Lyon, France`, or '' without an address. */
export const addressText = (r: Pick<TBuyerListItem, 'address'>) => {
  const a = r.address;
  if (!a) return '';
  const place = [a.post_code, a.city].filter(Boolean).join(' ');
  return [place, a.country_name].filter(Boolean).join(', ');
};

/** The phone grouped as people read it (`+33 6 12 34 56 78`), or ''. */
export const phoneText = (r: Pick<TBuyerListItem, 'phone'>) => (r.phone ? formatPhone(r.phone) : '');
