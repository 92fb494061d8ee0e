import { z } from 'zod';

/**
 * A line of an order as sold: what was snapshot when it was added (name, colour and size labels,
 * SKU, unit `price` in euros, `photo` a thumbnail address), so a later change to the product does
 * not change the order. Each view picks the fields it shows; the cart answers name the unit price
 * `unit_price`.
 */
export const ZOrderLine = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  configuration_id: z.number().nullable(),
  name: z.string(),
  color_label: z.string().nullable(),
  size_label: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number(),
  price: z.number(),
  photo: z.string().nullable(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;
