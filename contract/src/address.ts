import { z } from 'zod';
import { zCountryId, zOptionalText, zText } from './validation.ts';

/**
 * The place of an address with its SPEC §5 rules: country, region, post code, city and lines.
 * The profile's addresses and the checkout's delivery address share it.
 */
export const ZAddressPlace = z.object({
  country_id: zCountryId(),
  state: zText(3, 100),
  post_code: zText(1, 20),
  city: zText(3, 100),
  address1: zText(5, 255),
  address2: zOptionalText(255),
});
