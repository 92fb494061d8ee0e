/*
 * The checklist's steps and their screens without zod: the dashboard, the back office's first
 * screen, links them, and the schema of `onboarding.ts` would bring zod into its first load.
 * `onboarding.ts` re-exports them.
 */

/**
 * The first-live checklist of a seller's dashboard: what stands between a new seller and their
 * first paid live, read from their data. Each step links to its screen (`ONBOARDING_PATHS`).
 * - `shop`: company name, a VAT or tax number and a business address (profile);
 * - `payment`: a payment method switched on (payment settings);
 * - `shipping`: a shipping method switched on and priced for at least one country;
 * - `legal`: at least one legal document or link (settings);
 * - `product`: a published product with a keyword (inventory);
 * - `live`: a live session scheduled (or held).
 */
export const ONBOARDING_STEPS = ['shop', 'payment', 'shipping', 'legal', 'product', 'live'] as const;
export type TOnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_PATHS: Record<TOnboardingStep, string> = {
  shop: '/account',
  payment: '/payment-setting',
  shipping: '/shipping/list',
  legal: '/settings',
  product: '/inventory/new',
  live: '/liveselling',
};
