/** `Rouge / M` of a cart line or a configuration, or '' for a product without variant. */
export const variantText = (v: { color_label: string | null; size_label: string | null }) =>
  [v.color_label, v.size_label].filter(Boolean).join(' / ');
