import { DASHBOARD_PAGE_SIZE } from '@livecart/contract/constants';
import type { TBuyerDashboard, TDashboardSales, TSellerDashboard } from '@livecart/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
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
