import { ROLE } from '@livecart/contract/constants';
import {
  ZLiveCartList,
  ZLiveCartListQuery,
  ZOrderFiltersQuery,
  ZOrderFiltersResponse,
  ZWaitingList,
  ZWaitingListQuery,
} from '@livecart/contract/orders';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { fetchOrderFilters, listLiveCarts, listWaiting } from './lists.ts';

const sellers = { access: [ROLE.seller] } as const;

/** The read-only lists of the live engine (SPEC §7 Orders): Live Carts, the waiting list, filter data. */
export async function orderListsModule(app: App, deps: Deps) {
  app.get(
    '/api/orders/fetch-live-items',
    {
      config: sellers,
      schema: {
        description:
          'The seller’s open carts (status new, at least one line), newest first. Columns: created_at ' +
          '(default), order_number, expires_at, total_amount. queryFilter: session_id, order_number (part ' +
          'of it); `query` searches order number and shopper. Each cart: order_number, created_at, ' +
          'expires_at (null: never expires), session_id, shopper, products (lines: name, color_label, ' +
          'size_label, quantity, price in euros, photo), total_amount (euros). `serverTime` corrects the ' +
          'countdown’s clock.',
        querystring: ZLiveCartListQuery,
        response: { 200: ZLiveCartList },
      },
    },
    (req) => listLiveCarts(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/orders/fetch-waiting-items',
    {
      config: sellers,
      schema: {
        description:
          'The waiting list grouped by configuration, sorted by total quantity (DESC unless told). ' +
          'Columns: total_qty (default), total_price, waiting_count, created_at (oldest comment). ' +
          'queryFilter: product_search (name or reference, any case or accent), total_qty {min, max}, ' +
          'total_amount {min, max} (euros), created_at {from, to} (YYYY-MM-DD, Europe/Paris), buyer_id ' +
          '(a shopper account), social_identity_id (a commenter without one).',
        querystring: ZWaitingListQuery,
        response: { 200: ZWaitingList },
      },
    },
    (req) => listWaiting(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/orders/fetch-filters',
    {
      config: sellers,
      schema: {
        description:
          'Filter data. `type=waiting`: {items: {buyers, shoppers, total_qty, total_amount}} — the ' +
          'waiting list’s shopper accounts (filter buyer_id) and commenters without one (filter ' +
          'social_identity_id), the bounds of its group totals (amount in euros). Without type: ' +
          '{items: {statuses, buyers, shipping_methods}} of the seller’s orders.',
        querystring: ZOrderFiltersQuery,
        response: { 200: ZOrderFiltersResponse },
      },
    },
    (req) => fetchOrderFilters(ctxOf(req, deps), req.query.type),
  );
}
