import {
  ZBuyerBlockBody,
  ZBuyerBlockResult,
  ZBuyerFilters,
  ZBuyerItemQuery,
  ZBuyerItemResponse,
  ZBuyerList,
  ZBuyerListQuery,
} from '@livecart/contract/buyers';
import { ROLE } from '@livecart/contract/constants';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { setBlocked } from './blocks.ts';
import { fetchBuyer } from './detail.ts';
import { buyerFilters, listBuyers } from './service.ts';

const sellerOrAdmin = { access: [ROLE.seller, ROLE.admin] } as const;

/** The Shoppers screen (SPEC §7 Buyers) and the seller's block switch. */
export async function buyersModule(app: App, deps: Deps) {
  app.get(
    '/api/buyers/fetch-items',
    {
      config: sellerOrAdmin,
      schema: {
        description:
          'Shoppers `{count, items}`, sorted by first_name ASC unless told (columns first_name, orders_count, ' +
          'total_spent, unpaid_carts, last_order_at, seller_name). A shopper is a shopper account ' +
          '(`buyer_id`) or a commenter who never signed in (`identity_id`, a social identity of one ' +
          'seller); `key` is unique in the list. A seller gets the shoppers who ordered or commented at ' +
          'their lives, with the name, phone and address of their latest delivery address at this seller ' +
          '(else the account’s name, else the name they comment under) and the figures of their orders ' +
          'there: `orders_count` (any status, empty carts left out), `total_spent` (paid and shipped, ' +
          'euros), `unpaid_carts` (expired, or canceled without payment), `last_order_at`, `blocked`. ' +
          'Admin gets every seller’s (`view=clients`, the default: a row per seller × shopper with ' +
          '`seller_id`, `seller_name`) or the platform’s shopper accounts (`view=shoppers`: the account’s ' +
          'own e-mail, phone and address, figures at every seller, `sellers_count`, `blocked_sellers`); ' +
          'a seller asking `view=shoppers` gets 403. queryFilter: `name`, `country_id`, `total_amount` ' +
          '{min, max} (euros), `seller_id` (admin, clients), `buyer_id`, `identity_id`, `never_paid` ' +
          '(true: no order ever paid), `blocked`. `query` searches name, phone and city (and e-mail in ' +
          'admin’s Shoppers).',
        querystring: ZBuyerListQuery,
        response: { 200: ZBuyerList },
      },
    },
    (req) => listBuyers(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/buyers/fetch-item',
    {
      config: sellerOrAdmin,
      schema: {
        description:
          'One shopper `{item}`: queryFilter `{"buyer_id": 12}` or `{"identity_id": 34}` (exactly one). ' +
          'The list item plus `email` (the one their orders carry), their orders (`orders`, the latest 50: ' +
          'number, date, status, total), their live comments (`comments`, the latest 50, with the live, ' +
          'the outcome and the cart; `comments_count`) and the articles they wait for (`waiting`, ' +
          '`waiting_count`). A seller reads their own shoppers only: anyone else’s answers 404. Admin ' +
          'adds `seller_id` for a client of that seller (an `identity_id` alone names its seller), and ' +
          'with `buyer_id` alone reads the account across every seller. An identity its viewer has since ' +
          'linked to an account answers that account.',
        querystring: ZBuyerItemQuery,
        response: { 200: ZBuyerItemResponse },
      },
    },
    async (req) => ({ item: await fetchBuyer(ctxOf(req, deps), req.query.queryFilter) }),
  );

  app.get(
    '/api/buyers/fetch-filters',
    {
      config: sellerOrAdmin,
      schema: {
        description:
          'What the Shoppers filters offer `{items: {countries}}`: the countries the caller’s orders were ' +
          'delivered to (admin: every seller’s).',
        response: { 200: ZBuyerFilters },
      },
    },
    (req) => buyerFilters(ctxOf(req, deps)),
  );

  app.post(
    '/api/buyers/block',
    {
      config: { access: [ROLE.seller] },
      schema: {
        description:
          'Blocks (`blocked: true`) or unblocks one of the seller’s shoppers, `{buyer_id | identity_id, ' +
          'blocked}`. A blocked shopper’s comments at the seller’s lives reserve nothing, open no cart, ' +
          'join no waiting list and get outcome `blocked`; their one private reply is the seller’s ' +
          '`blocked_message` (settings), else a default text in the shop’s language. Blocking an account ' +
          'blocks every identity linked to it at this seller, now or later. Blocking withdraws their waiting ' +
          'requests at this seller (unblocking does not bring them back) and the waiting list served passes ' +
          'over a blocked shopper; their open carts and orders stay. Another seller’s shopper answers 404 ' +
          'and nothing changes.',
        body: ZBuyerBlockBody,
        response: { 200: ZBuyerBlockResult },
      },
    },
    (req) => setBlocked(ctxOf(req, deps), req.body),
  );
}
