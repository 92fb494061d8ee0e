import {
  ZCartResponse,
  ZExpireQuery,
  ZExpireResult,
  ZOrderItemQuery,
  ZRunWaitBody,
  ZRunWaitResult,
  ZUpdateConfigQtyBody,
  ZUpdateConfigQtyResult,
} from '@livecart/contract/carts';
import { ROLE } from '@livecart/contract/constants';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { changeLine, expireOrder, runWaitWorkflow, updateConfigQty } from './carts.service.ts';

const sellers = { access: [ROLE.seller] } as const;

/** The seller's cart and stock actions of the live engine (SPEC §7 Orders). */
export async function cartsModule(app: App, deps: Deps) {
  app.get(
    '/api/orders/expire',
    {
      config: sellers,
      schema: {
        description:
          'Expires the seller’s open cart `orderId` now: status expired, its stock returns and serves ' +
          'the waiting lists in comment order. A cart that is not open (paid, shipped, canceled, expired) ' +
          'answers 400 `order_not_open` with its `status`; another seller’s cart 404. Answers ' +
          '`{success: true, status: "expired"}`.',
        querystring: ZExpireQuery,
        response: { 200: ZExpireResult },
      },
    },
    (req) => expireOrder(ctxOf(req, deps), req.query.orderId),
  );

  app.get(
    '/api/orders/remove-item-order',
    {
      config: sellers,
      schema: {
        description:
          'Removes the line `orderItemId` from an open cart of the seller: its stock returns and serves ' +
          'the waiting list, the totals are recomputed (the countdown is kept; an emptied cart has none). ' +
          '400 `order_not_open` when the cart is not open, 404 for another seller’s line. Answers the ' +
          'cart `{item: {id, order_number, status, subtotal, total_amount, expires_at, items: [{id, ' +
          'product_id, configuration_id, name, color_label, size_label, sku, quantity, unit_price, photo}]}}` ' +
          '(amounts in euros).',
        querystring: ZOrderItemQuery,
        response: { 200: ZCartResponse },
      },
    },
    async (req) => ({ item: await changeLine(ctxOf(req, deps), req.query.orderItemId, 'remove') }),
  );

  app.get(
    '/api/orders/minus-item-order',
    {
      config: sellers,
      schema: {
        description:
          'One less of the line `orderItemId` of an open cart (the line is removed at 1); the unit returns ' +
          'to stock and serves the waiting list. Same errors and answer as remove-item-order.',
        querystring: ZOrderItemQuery,
        response: { 200: ZCartResponse },
      },
    },
    async (req) => ({ item: await changeLine(ctxOf(req, deps), req.query.orderItemId, 'minus') }),
  );

  app.post(
    '/api/order/run-wait-workflow',
    {
      config: sellers,
      schema: {
        description:
          'Serves the waiting list of session `sessionId` for configuration `productConfigurationId` from ' +
          'the current stock, first come first served by comment time, stopping at the first viewer the ' +
          'stock cannot serve. Each served viewer gets the article in their open cart (countdown restarted). ' +
          'Another seller’s session or configuration answers 404. Answers `{served}` (rows served).',
        body: ZRunWaitBody,
        response: { 200: ZRunWaitResult },
      },
    },
    (req) => runWaitWorkflow(ctxOf(req, deps), req.body),
  );

  app.post(
    '/api/order/update-config-qty',
    {
      config: sellers,
      schema: {
        description:
          'Sets the stock of configuration `productConfigurationId` to `quantity` (a whole number 0..999999, ' +
          'else 400 validation with `fields`); units added go to its waiting list at once (every session, ' +
          'comment order). Another seller’s configuration answers 404. Answers `{item: {configuration_id, ' +
          'quantity, served}}`: the stock left after serving and how many waiting rows were served.',
        body: ZUpdateConfigQtyBody,
        response: { 200: ZUpdateConfigQtyResult },
      },
    },
    (req) => updateConfigQty(ctxOf(req, deps), req.body),
  );
}
