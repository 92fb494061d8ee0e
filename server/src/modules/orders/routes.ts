import { Readable } from 'node:stream';
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
import { ZCheckedIdsBody } from '@livecart/contract/lists';
import {
  ZLiveCartList,
  ZLiveCartListQuery,
  ZOrderFiltersQuery,
  ZOrderFiltersResponse,
  ZWaitingList,
  ZWaitingListQuery,
} from '@livecart/contract/orders';
import {
  ZBulkActionResult,
  ZBulkShippingBody,
  ZOrderExportQuery,
  ZOrderIdParams,
  ZSellerOrderDetail,
  ZSellerOrderList,
  ZSellerOrderListQuery,
} from '@livecart/contract/sellerOrders';
import { ZShopperOrderList, ZShopperOrderListQuery } from '@livecart/contract/shopperOrders';
import { z } from 'zod';
import type { App, Deps } from '../../lib/http.ts';
import { parseListQuery } from '../../lib/list.ts';
import { ctxOf } from '../context.ts';
import { changeLine, expireOrder, runWaitWorkflow, updateConfigQty } from './carts.ts';
import { exportFileName, ordersCsv } from './export.ts';
import { fetchWaitingFilters, listLiveCarts, listWaiting } from './lists.ts';
import { listShopperOrders } from './mine.ts';
import { bulkCancel } from './refunds.ts';
import { listSellerOrders, sellerOrderDetail, sellerOrderFilters } from './sellerList.ts';
import { bulkShip } from './shipping.ts';

const sellers = { access: [ROLE.seller] } as const;
const sellersAndAdmin = { access: [ROLE.seller, ROLE.admin] } as const;

/**
 * SPEC §7 Orders: the seller's cart and stock actions of the live engine, the lists of Live Carts
 * and the waiting list, the Orders screen of sellers and admin (list, filters, detail, export), and
 * a shopper's own orders on the same list address (its query differs per role).
 */
export async function ordersModule(app: App, deps: Deps) {
  // Cart and stock actions during a live.
  app.get(
    '/api/orders/expire',
    {
      config: { ...sellers, changesState: true },
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
      config: { ...sellers, changesState: true },
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
      config: { ...sellers, changesState: true },
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

  // Live Carts, the waiting list and their filters (read only).
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
      config: sellersAndAdmin,
      schema: {
        description:
          'Filter data. `type=waiting` (seller): {items: {buyers, shoppers, total_qty, total_amount}} — ' +
          'the waiting list’s shopper accounts (filter buyer_id) and commenters without one (filter ' +
          'social_identity_id), the bounds of its group totals (amount in euros). Without type, the ' +
          'Orders screen’s choices within the caller’s orders (admin: every seller’s): {items: {statuses, ' +
          'buyers (the first 50 shopper accounts by name whose name or e-mail holds `buyer_search`, any ' +
          'case or accent; and the account `buyer_id`, the one chosen, when it is in scope), buyers_more ' +
          '(true when more accounts match than are listed), shipping_methods, countries (in the caller’s language), payments ({value: ' +
          '"mollie:card", provider, method}), live_sessions ({id, name, started_at}: the latest 50 whose ' +
          'name holds `live_session_search`, and the live `live_session_id` when it is the caller’s), ' +
          'live_sessions_more (true when more lives match than are listed), sellers (admin ' +
          'only, else empty), order_amount {min, max} (euros)}}.',
        querystring: ZOrderFiltersQuery,
        response: { 200: ZOrderFiltersResponse },
      },
    },
    (req) =>
      req.query.type === 'waiting'
        ? fetchWaitingFilters(ctxOf(req, deps))
        : sellerOrderFilters(ctxOf(req, deps), req.query),
  );

  // The Orders screen: every role's list on one address, the detail and the export.
  app.get(
    '/api/orders/fetch-items',
    {
      config: { access: [ROLE.buyer, ROLE.seller, ROLE.admin] },
      schema: {
        description:
          'The caller’s orders; the query is read per role (a bad value answers 400 validation with ' +
          '`fields` naming it). **Seller and admin** (admin: every seller’s, filter `seller_id`): newest ' +
          'first; columns created_at (default), order_number, status, buyer_first_name, country_iso, ' +
          'shipping_name, payment_name, order_amount. queryFilter: status, created_at {from, to} ' +
          '(YYYY-MM-DD, Europe/Paris), order_amount {min, max} (euros), country_id, shipping_id, payment ' +
          '(`mollie:card`, the last payment’s), live_session_id, buyer_id, seller_id (admin); `query` ' +
          'searches, in any case and without accents, the order number, the account’s name and e-mail, the ' +
          'commenter’s name and the ship-to name of an order without an account. Each order: shopper, seller_name, ' +
          'country, shipping and payment names, lines (photo, name, colour and size in the caller’s ' +
          'language, sku, quantity, price, total), amounts (euros), carrier, tracking_number and ' +
          'tracking_url, history (status, when, by whom), invoice_number and invoice_url. ' +
          '`itemsStatuses`: counts per status (and `all`) of the filtered orders, the status filter ' +
          'aside (the tabs). **Shopper**: their own orders across merchants (their account’s, and those ' +
          'of a social identity they linked), newest first. Columns: created_at (default), order_number, ' +
          'status, order_amount. queryFilter: status, created_at {from, to}, order_number (part of it); ' +
          '`query` searches order number and merchant. Each order: merchant and store_name (the checkout ' +
          'link’s storeName), lines, shipping and total (euros), can_pay (new, not expired: pay at ' +
          '/checkout/{order_number}?storeName=…), invoice_number. `itemsStatuses`: counts per status of ' +
          'all their orders, and `waiting` (articles they are queued for).',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: z.union([ZShopperOrderList, ZSellerOrderList]) },
      },
    },
    (req) => {
      const ctx = ctxOf(req, deps);
      return req.user?.role_id === ROLE.buyer
        ? listShopperOrders(ctx, parseListQuery(ZShopperOrderListQuery, req.query))
        : listSellerOrders(ctx, parseListQuery(ZSellerOrderListQuery, req.query));
    },
  );

  app.get(
    '/api/orders/export',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'Every order the Orders list’s query and filters match (all pages; same parameters without ' +
          'limit and offset, `locale` fr or en, else the caller’s), as `text/csv; charset=utf-8` to ' +
          'download (French Excel opens it as is: UTF-8 BOM, `;` separator, CRLF). One row per order ' +
          'line: order number, date (DD/MM/YYYY HH:mm, Europe/Paris), status label, shopper, e-mail, ' +
          'country, shipping, payment, product, colour, size, SKU, quantity, unit price, line total, ' +
          'shipping, order total, invoice number; headers and labels in that language, amounts with a ' +
          'decimal comma in French. A cell that a spreadsheet would run as a formula starts with an ' +
          'apostrophe.',
        querystring: ZOrderExportQuery,
      },
    },
    (req, reply) => {
      const ctx = ctxOf(req, deps);
      const locale = req.query.locale ?? ctx.locale;
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${exportFileName(locale)}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(Readable.from(ordersCsv(ctx, req.query)));
    },
  );

  app.get(
    '/api/orders/:id',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'The whole order `id` for its seller or admin: the list’s row (lines, history, invoice link) ' +
          'with the delivery address and e-mail, every payment with its provider reference and its ' +
          'refunds (amount, provider refund id, status, when, by whom), the invoice, the live session and ' +
          'the comment that opened the cart. Another seller’s order answers 404; an id that is not a ' +
          'positive whole number 400 validation naming `id`.',
        params: ZOrderIdParams,
        response: { 200: ZSellerOrderDetail },
      },
    },
    (req) => sellerOrderDetail(ctxOf(req, deps), req.params.id),
  );

  // Bulk actions of the Orders screen (seller; admin on every seller's orders).
  app.post(
    '/api/orders/bulk-shipping',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'Ships the checked orders (`data`: the JSON of the checked ids, as every bulk call; none: 400 ' +
          '`select_item`). Optional `shipments: [{id, carrier?, tracking_number?}]` per order (carrier ' +
          'defaults to the shipping method chosen at checkout). A `payed` order becomes `shipped` with ' +
          '`shipped_at`, carrier and tracking number and a history row naming who shipped it; its shopper ' +
          'gets an e-mail in the order’s language with the tracking link (Colissimo/La Poste, Chronopost, ' +
          'Mondial Relay, DHL, UPS). Any other order is left as it is and listed in `refused` with its ' +
          'reason: `not_payed` (new, expired), `already_shipped`, `already_refunded` (canceled), ' +
          '`not_found` (not the seller’s, or no such order). Answers `{message: "Products has been ' +
          'shipped" (translated), done: [{id, order_number, status}], refused: [{id, order_number, ' +
          'reason, message}]}`.',
        body: ZBulkShippingBody,
        response: { 200: ZBulkActionResult },
      },
    },
    (req) => bulkShip(ctxOf(req, deps), req.body),
  );

  app.post(
    '/api/orders/bulk-cancel',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'Refunds the checked orders (`data`: the JSON of the checked ids; none: 400 `select_item`). A ' +
          '`payed` or `shipped` order is refunded in full through the provider each payment was made with ' +
          '(sandbox, Mollie, Stripe on the seller’s connected account), once per order and payment whatever ' +
          'the number of calls (idempotency key `refund:order:{id}:payment:{id}`); then it becomes ' +
          '`canceled` (shown as Refunded) with a history row, and its articles go back to stock and serve ' +
          'the waiting lists; its shopper gets one e-mail, in the order’s language, with the amount refunded ' +
          'and the articles. An open cart (`new`) is canceled without a refund (and no e-mail) and its stock ' +
          'released. A payment flagged for refund on an open, expired or canceled order (paid, but it did ' +
          'not cover the total or came after the stock went back) is refunded first; an expired or canceled ' +
          'order then stays as it is (`done` with its status). ' +
          'Refused and left as they were: `refund_refused` (the provider said no; `message` quotes it), ' +
          '`already_refunded` (canceled, nothing paid), `not_payed` (expired, nothing paid), ' +
          '`not_refundable` (no payment), ' +
          '`payment_in_progress` (the shopper is paying the cart), `refund_pending` (another call is ' +
          'refunding it), `not_found`. Answers `{message: "Orders has been refund" (translated), done, ' +
          'refused}`.',
        body: ZCheckedIdsBody,
        response: { 200: ZBulkActionResult },
      },
    },
    (req) => bulkCancel(ctxOf(req, deps), req.body.ids),
  );
}
