import type { TPaymentPlan, TPaymentPlanBody } from '@livecart/contract/billing';
import type { TSubscriptionStatus } from '@livecart/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { planKeys } from '../plans/api';

export type { TPaymentPlan, TPaymentPlanBody };

/** A price at the billing provider. */
export interface TProviderPrice {
  id: string;
  product_id: string;
  plan_code: string | null;
  interval: 'month' | 'year';
  amount: number;
  currency: string;
  active: boolean;
  current: boolean;
}

export interface TPlanInfo {
  plan: TPaymentPlan;
  subscribers: Partial<Record<TSubscriptionStatus, number>>;
  at_older_price: number;
  prices: TProviderPrice[];
}

export const paymentPlanKeys = {
  all: ['payment-plans'] as const,
  provider: () => [...paymentPlanKeys.all, 'provider'] as const,
  info: (id: number) => [...paymentPlanKeys.all, 'info', id] as const,
};

/** GET payment-plans/provider: the prices at the billing provider. */
export function useProviderPrices(enabled: boolean) {
  return useQuery({
    queryKey: paymentPlanKeys.provider(),
    queryFn: ({ signal }) =>
      api.get<{ items: TProviderPrice[] }>('/payment-plans/provider', undefined, { signal }),
    select: (r) => r.items,
    enabled,
  });
}

/** GET get-plan-info?planId: subscribers per status. */
export function usePlanInfo(planId: number | null) {
  return useQuery({
    queryKey: paymentPlanKeys.info(planId ?? 0),
    queryFn: ({ signal }) =>
      api.get<{ planInfo: TPlanInfo }>('/get-plan-info', { planId: planId ?? 0 }, { signal }),
    select: (r) => r.planInfo,
    enabled: planId !== null,
  });
}

/** POST payment-plans: one plan edited (applies to new subscriptions and at each renewal). */
export function useSavePaymentPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaymentPlanBody) => api.post<{ item: TPaymentPlan }>('/payment-plans', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: planKeys.catalogue() });
      void qc.invalidateQueries({ queryKey: paymentPlanKeys.all });
    },
    meta: { silent: true },
  });
}

/** POST payment-plans/sync: every plan's prices made current at the provider. */
export function useSyncPlans() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ success: boolean; message: string; items: TProviderPrice[] }>('/payment-plans/sync'),
    onSuccess: () => qc.invalidateQueries({ queryKey: paymentPlanKeys.all }),
    meta: { silent: true },
  });
}
