import { DASHBOARD_PAGE_SIZE } from '@livecart/contract/constants';
import type { TBuyerDashboard, TDashboardSales, TSellerDashboard } from '@livecart/contract/dashboard';
import type { TOnboardingChecklist } from '@livecart/contract/onboarding';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type {
  TBuyerDashboard,
  TDashboardBuyer,
  TDashboardOrder,
  TSellerDashboard,
} from '@livecart/contract/dashboard';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
  sales: () => [...dashboardKeys.all, 'sales'] as const,
};

/** Totals and the latest orders (and shoppers): the answer's shape depends on the role. */
export function useDashboard<T extends TSellerDashboard | TBuyerDashboard>() {
  return useQuery({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) =>
      api.get<T>(
        '/dashboard/fetch-items',
        { limit: DASHBOARD_PAGE_SIZE, offset: 0, sort: 'DESC', column: 'created_at' },
        { signal },
      ),
  });
}

/** Sales per day (last 30 Paris days) and per live (last 10), for the dashboard's chart. */
export function useDashboardSales() {
  return useQuery({
    queryKey: dashboardKeys.sales(),
    queryFn: ({ signal }) => api.get<TDashboardSales>('/dashboard/sales', undefined, { signal }),
  });
}

export const onboardingKeys = { checklist: ['onboarding', 'checklist'] as const };

/** GET onboarding/checklist: the first-live steps, read again each time the dashboard opens. */
export function useOnboardingChecklist(enabled = true) {
  return useQuery({
    queryKey: onboardingKeys.checklist,
    enabled,
    queryFn: ({ signal }) => api.get<TOnboardingChecklist>('/onboarding/checklist', undefined, { signal }),
    refetchOnMount: 'always',
    meta: { silent: true },
  });
}

/** POST onboarding/dismiss: the seller closes the checklist for good. */
export function useDismissChecklist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ success: true }>('/onboarding/dismiss'),
    onSuccess: () =>
      qc.setQueryData<TOnboardingChecklist>(onboardingKeys.checklist, (old) =>
        old ? { ...old, dismissed: true } : old,
      ),
  });
}
