import { ROLE } from '@livecart/contract/constants';
import {
  ZFindUserQuery,
  ZFindUserResult,
  ZSellerFilters,
  ZSellerList,
  ZSellerListQuery,
} from '@livecart/contract/sellers';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { findBuyers, findSellers, listSellers, sellerFilters } from './service.ts';

const adminOnly = { access: [ROLE.admin] } as const;

/** The admin's sellers screen, and the user pickers of the list filters. */
export async function sellersModule(app: App, deps: Deps) {
  app.get(
    '/api/sellers/fetch-items',
    {
      config: adminOnly,
      schema: {
        description:
          'Sellers with their figures. queryFilter: country_id, seller_id, total_orders / total_sessions / ' +
          'total_buyers / total_amount (euros) as {min, max}, created_at {from, to} (YYYY-MM-DD).',
        querystring: ZSellerListQuery,
        response: { 200: ZSellerList },
      },
    },
    (req) => listSellers(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/sellers/fetch-filters',
    { config: adminOnly, schema: { response: { 200: ZSellerFilters } } },
    (req) => sellerFilters(ctxOf(req, deps)),
  );

  app.get(
    '/api/users/find-seller',
    { config: adminOnly, schema: { querystring: ZFindUserQuery, response: { 200: ZFindUserResult } } },
    (req) => findSellers(ctxOf(req, deps), req.query.searchStr),
  );

  app.get(
    '/api/users/find-buyer',
    {
      config: { access: [ROLE.seller, ROLE.admin] },
      schema: {
        description: 'Shoppers by name or e-mail; a seller finds only the shoppers who ordered from them.',
        querystring: ZFindUserQuery,
        response: { 200: ZFindUserResult },
      },
    },
    (req) => findBuyers(ctxOf(req, deps), req.query.searchStr),
  );
}
