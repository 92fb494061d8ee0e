import type {
  TBillingInterval,
  TBillingPaymentMethod,
  TPaymentPlan,
  TSetupStart,
  TSubscribeResponse,
  TSubscription,
} from '@livecart/contract/billing';
import type { TLocale } from '@livecart/contract/constants';
import type { TCurrentUser } from '@livecart/contract/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSetSessionUser } from '../auth/api';

export type { TBillingInterval, TBillingPaymentMethod, TPaymentPlan, TSetupStart, TSubscription };

export interface PlansSettings {
  trial_days: number;
  grace_days: number;
  vat_percent: number;
  currency: 'EUR';
  provider: 'sandbox' | 'stripe';
}

export const planKeys = {
  all: ['plans'] as const,
  catalogue: () => [...planKeys.all, 'catalogue'] as const,
  subscription: () => [...planKeys.all, 'subscription'] as const,
  paymentMethods: () => [...planKeys.all, 'payment-methods'] as const,
};

/** GET payment-plans: the plans (active ones for sellers and visitors) and the billing settings. */
export function usePaymentPlans(enabled = true) {
  return useQuery({
    enabled,
    queryKey: planKeys.catalogue(),
    queryFn: ({ signal }) =>
      api.get<{ items: TPaymentPlan[]; settings: PlansSettings }>('/payment-plans', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET profile/subscription: the seller's subscription, or null (a failure means none, SPEC §7). */
export function useSubscription(enabled = true, opts: { silent?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: planKeys.subscription(),
    queryFn: ({ signal }) =>
      api.get<{ subscription: TSubscription | null }>('/profile/subscription', undefined, { signal }),
    select: (r) => r.subscription,
    enabled,
    staleTime: opts.staleTime,
    meta: { silent: opts.silent },
  });
}

/** GET profile/payment-methods: the seller's saved cards and SEPA mandates. */
export function usePaymentMethods(enabled = true) {
  return useQuery({
    queryKey: planKeys.paymentMethods(),
    queryFn: ({ signal }) =>
      api.get<{ items: TBillingPaymentMethod[] }>('/profile/payment-methods', undefined, { signal }),
    select: (r) => r.items,
    enabled,
  });
}

/** Refreshes what a subscription change touches: the subscription, its methods and the session. */
function useRefreshBilling() {
  const qc = useQueryClient();
  const setUser = useSetSessionUser();
  return (user?: TCurrentUser | null) => {
    if (user) setUser(user);
    void qc.invalidateQueries({ queryKey: planKeys.subscription() });
    void qc.invalidateQueries({ queryKey: planKeys.paymentMethods() });
  };
}

export interface ChoosePlan {
  planId: number;
  type: TBillingInterval;
}

/** POST subscription: a seller on the trial chooses a plan; the trial is kept. */
export function useSubscribe() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: ChoosePlan) => api.post<TSubscribeResponse>('/subscription', body),
    // a trialing answer makes the returned user the current one (SPEC §4)
    onSuccess: (r) => refresh(r.user),
  });
}

/** POST exist-user-subscription: a seller whose trial is over (or without plan) takes a plan now. */
export function useExistUserSubscribe() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: ChoosePlan & { user: number }) =>
      api.post<TSubscribeResponse>('/exist-user-subscription', body),
    onSuccess: (r) => refresh(r.user),
  });
}

/** POST skip-exist-user-subscription: "later", the card is added before the trial ends. */
export function useSkipSubscription(locale: TLocale) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => api.post<TSubscribeResponse>('/skip-exist-user-subscription', { locale }),
    onSuccess: (r) => refresh(r?.user),
  });
}

/** The answer of check-payment-status: the plan started or kept in its trial. */
export interface CheckPaymentStatus {
  status: TSubscription['status'];
  user: TCurrentUser;
  subscription: TSubscription;
}

/** POST check-payment-status?planId: the registration of a plan choice came back. */
export function useCheckPaymentStatus() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: {
      paymentIntent: string;
      paymentIntentSecret: string;
      planId: number;
      type: TBillingInterval;
    }) =>
      api.post<CheckPaymentStatus>('/check-payment-status', body, {
        query: { planId: body.planId },
      }),
    onSuccess: (r) => {
      if (r.status === 'trialing' || r.status === 'active') refresh(r.user);
      else refresh();
    },
    meta: { silent: true },
  });
}

/** POST profile/add-payment-method-from-subscription | -after-registration: a method registered. */
export function useCompleteSetup() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: { setupIntent: string; setupIntentSecret: string; afterRegistration: boolean }) =>
      api.post<{ items: TBillingPaymentMethod[]; user: TCurrentUser; message: string }>(
        body.afterRegistration
          ? '/profile/add-payment-method-after-registration'
          : '/profile/add-payment-method-from-subscription',
        { setupIntent: body.setupIntent, setupIntentSecret: body.setupIntentSecret },
      ),
    onSuccess: (r) => refresh(r.user),
    meta: { silent: true },
  });
}

/** POST profile/add-payment-method: starts a registration at the provider. */
export function useAddPaymentMethod() {
  return useMutation({
    mutationFn: (returnTo: 'plan' | 'registration' | 'pricing') =>
      api.post<TSetupStart>('/profile/add-payment-method', { returnTo }),
  });
}

/** POST profile/default-payment-method. */
export function useSetDefaultPaymentMethod() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (paymentId: number) =>
      api.post<{ items: TBillingPaymentMethod[] }>('/profile/default-payment-method', { paymentId }),
    onSuccess: () => refresh(),
  });
}

/** POST profile/delete-payment-method. */
export function useDeletePaymentMethod() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (paymentId: number) =>
      api.post<{ items: TBillingPaymentMethod[] }>('/profile/delete-payment-method', { paymentId }),
    onSuccess: () => refresh(),
  });
}

/** The answer of a plan change: when it takes effect. */
export interface ChangePlanResult {
  subscription: TSubscription | null;
  effective: 'now' | 'period_end' | 'request';
  message: string;
}

/** POST profile/update-subscription-plan?locale. */
export function useChangePlan(locale: TLocale) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (body: { planId: number; type?: TBillingInterval }) =>
      api.post<ChangePlanResult>('/profile/update-subscription-plan', body, { query: { locale } }),
    onSuccess: () => refresh(),
  });
}

/** GET profile/unsubscription: the subscription ends at the end of its period. */
export function useCancelSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => api.get<{ subscription: TSubscription | null }>('/profile/unsubscription'),
    onSuccess: () => refresh(),
  });
}

/** POST profile/resume-subscription: a cancellation at period end is withdrawn. */
export function useResumeSubscription() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () => api.post<{ subscription: TSubscription | null }>('/profile/resume-subscription'),
    onSuccess: () => refresh(),
  });
}

/** POST request-demo?locale: a visitor or seller asks for Platinum. */
export function useRequestDemo(locale: TLocale) {
  return useMutation({
    mutationFn: (body: Record<string, string | undefined>) =>
      api.post<{ success: boolean }>('/request-demo', body, { query: { locale } }),
  });
}
