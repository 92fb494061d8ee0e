import type { TBillingPaymentMethod, TPaymentPlan, TSubscription } from '@livecart/contract/billing';

/** A plan as GET payment-plans answers it (French caller). */
export function makePlan(patch: Partial<TPaymentPlan> = {}): TPaymentPlan {
  return {
    id: 1,
    code: 'basic',
    name: 'Basic',
    name_fr: 'Basic',
    name_en: 'Basic',
    price: 49,
    yearly_price: null,
    percent: 5,
    intervals: ['month'],
    interval: 'month',
    features: ['Ventes en live illimitées'],
    features_fr: ['Ventes en live illimitées'],
    features_en: ['Unlimited live sales'],
    sales_limit: 5000,
    on_request: false,
    active: true,
    ...patch,
  };
}

/** Basic, Business (with a yearly price) and Platinum on request. */
export const PLANS: TPaymentPlan[] = [
  makePlan(),
  makePlan({
    id: 2,
    code: 'business',
    name: 'Business',
    name_fr: 'Business',
    name_en: 'Business',
    price: 149,
    yearly_price: 1490,
    intervals: ['month', 'year'],
    percent: 3,
    features: ['Synchronisation avec votre boutique', 'Support prioritaire'],
    features_fr: ['Synchronisation avec votre boutique', 'Support prioritaire'],
    features_en: ['Sync with your shop', 'Priority support'],
  }),
  makePlan({
    id: 3,
    code: 'platinum',
    name: 'Platinum',
    name_fr: 'Platinum',
    name_en: 'Platinum',
    price: null,
    percent: null,
    sales_limit: 50000,
    on_request: true,
    features: [],
    features_fr: [],
    features_en: [],
  }),
];

export const plansResponse = (items: TPaymentPlan[] = PLANS) => ({
  items,
  settings: { trial_days: 30, grace_days: 7, vat_percent: 20, currency: 'EUR', provider: 'sandbox' },
});

/** A seller's subscription as GET profile/subscription answers it. */
export function makeSubscription(patch: Partial<TSubscription> = {}): TSubscription {
  return {
    id: 11,
    plan_id: 2,
    plan_code: 'business',
    plan_name: 'Business',
    interval: 'month',
    price: 149,
    percent: 3,
    status: 'active',
    days_left: 12,
    trial_end: null,
    current_period_end: '2026-12-10T09:00:00Z',
    cancel_at_period_end: false,
    pending_plan_id: null,
    pending_plan_name: null,
    payment_failed_at: null,
    grace_until: null,
    has_payment_method: true,
    next_charge: {
      date: '2026-12-10T09:00:00Z',
      plan_amount: 149,
      sales_amount: 1000,
      percent: 3,
      percent_amount: 30,
      vat_amount: 35.8,
      total: 214.8,
    },
    ...patch,
  };
}

export function makeMethod(patch: Partial<TBillingPaymentMethod> = {}): TBillingPaymentMethod {
  return {
    id: 5,
    kind: 'card',
    brand: 'visa',
    last4: '4242',
    exp_month: 4,
    exp_year: 2030,
    is_default: true,
    status: 'active',
    ...patch,
  };
}
