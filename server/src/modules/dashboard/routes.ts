import { ROLE } from '@livecart/contract/constants';
import {
  ZDashboard,
  ZDashboardQuery,
  ZDashboardSales,
  ZDashboardSalesQuery,
} from '@livecart/contract/dashboard';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { dashboardSales } from './sales.ts';
import { getDashboard } from './service.ts';

export async function dashboardModule(app: App, deps: Deps) {
  app.get(
    '/api/dashboard/fetch-items',
    {
      // A seller needs a valid plan (no withoutPlan): the access layer answers plan_required.
      config: { access: [ROLE.buyer, ROLE.seller, ROLE.admin] },
      schema: {
        description:
          'Seller: totals, latest orders and top shoppers of their shop; admin: the same across sellers ' +
          '(queryFilter.seller_id narrows it); shopper: their orders and total spent. queryFilter ' +
          '{from?, to?} (YYYY-MM-DD, Europe/Paris) limits the orders by creation day; limit/offset page ' +
          'both lists (5 by default).',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboard },
      },
    },
    (req) => getDashboard(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/dashboard/sales',
    {
      config: { access: [ROLE.seller, ROLE.admin] },
      schema: {
        description:
          'The sales chart of the dashboard: `days`, the last 30 Europe/Paris days (today included, every ' +
          'day present) with the orders paid that day and their totals in euros, and `lives`, the last 10 ' +
          'lives that went live (oldest first) with carts opened, carts paid and paid totals. Paid means ' +
          'payed or shipped, as the totals count it. The admin sees every seller, or `seller_id`.',
        querystring: ZDashboardSalesQuery,
        response: { 200: ZDashboardSales },
      },
    },
    (req) => dashboardSales(ctxOf(req, deps), req.query),
  );
}
