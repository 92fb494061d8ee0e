import type { TShopSettings } from '@livecart/contract/settings';

/** A seller's shop settings as GET fetch-settings answers them, never saved unless patched. */
export const shopSettings = (patch: Partial<TShopSettings> = {}): TShopSettings => ({
  user_id: 7,
  shop_locale: 'fr',
  cart_duration: 30,
  free_shipping_status: false,
  free_shipping_threshold: null,
  free_shipping_timer: false,
  doctype: 'file',
  privacy_doc: null,
  terms_doc: null,
  delivery_doc: null,
  return_doc: null,
  privacy_link: null,
  terms_link: null,
  delivery_link: null,
  return_link: null,
  blocked_message: null,
  created_at: null,
  updated_at: null,
  ...patch,
});
