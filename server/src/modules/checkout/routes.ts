import {
  ZCheckoutBody,
  ZCheckoutLinkBody,
  ZCheckoutLinkResult,
  ZCheckoutQuery,
  ZCheckoutResponse,
  ZCheckoutResult,
  ZCommentQuery,
  ZConfirmBody,
  ZConfirmResult,
  ZConnectByCommentQuery,
  ZConnectByCommentResult,
  ZExistOrderResult,
  ZFetchShippingQuery,
  ZFetchShippingResponse,
  ZInsertStatusQuery,
  ZInsertStatusResult,
  ZLocaleQuery,
  ZOrderByCommentResult,
  ZOrderByIdResult,
  ZOrderIdQuery,
  ZOrderNumberQuery,
  ZTotalAmountResult,
  ZWaitOrderByCommentResult,
} from '@livecart/contract/checkout';
import { ROLE } from '@livecart/contract/constants';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import {
  connectByComment,
  findOrderByComment,
  findOrderByDbId,
  findWaitOrderByComment,
  linkOrderToShopper,
} from './link.ts';
import { confirmReturn, insertStatus, orderExists, totalAmount } from './return.ts';
import { submitCheckout } from './submit.ts';
import { fetchShippingMethods, getCheckout } from './view.ts';

const open = { access: 'public' } as const;
const signedIn = { access: 'user', withoutPlan: true } as const;

/** Checkout, the return page and insert-status, linking a shopper by comment or by checkout link (issue 5). */
export async function checkoutModule(app: App, deps: Deps) {
  app.get(
    '/api/checkout',
    {
      config: open,
      schema: {
        description:
          'The checkout of `orderNumber` for the link holder (`t`) or the signed-in shopper who owns it ' +
          '(its seller may read it too); anyone else 404. A cart past its countdown is expired now ' +
          '(unless a payment in progress holds it). Answers `{order, address, shippingMethods, ' +
          'orderItemsWait: {productsWaiting}}` (contract/checkout.ts, amounts in euros).',
        querystring: ZCheckoutQuery,
        response: { 200: ZCheckoutResponse },
      },
    },
    (req) => getCheckout(ctxOf(req, deps), req.query.orderNumber, req.query.t),
  );

  app.get(
    '/api/checkout/fetch-shipping-methods',
    {
      config: open,
      schema: {
        description:
          'The seller’s shipping methods to `countryId` with this order’s price (threshold and ' +
          'free-shipping window applied) and the order’s total with each (`order_total`; 0: a free ' +
          'order, confirmed without a payment method): `{shippingMethods}`. Same access as GET checkout.',
        querystring: ZFetchShippingQuery,
        response: { 200: ZFetchShippingResponse },
      },
    },
    (req) => fetchShippingMethods(ctxOf(req, deps), req.query.orderId, req.query.countryId, req.query.t),
  );

  app.post(
    '/api/checkout',
    {
      config: open,
      schema: {
        description:
          'Submits the checkout in the language the shopper chose (`locale`; without it the order keeps its ' +
          'own, the shop’s): their e-mails and invoice follow it. Address (SPEC §5 rules, field errors `address.*`), shipping method, ' +
          'payment method (`code` of order.paymentMethods), `accept_terms` (false: 400 `terms_required`). ' +
          'The cart must be new and within its countdown (400 `cart_expired`). Snapshots address and ' +
          'shipping, computes the totals, creates the payment and answers `{redirectUrl}` (the ' +
          'provider’s page); `{redirectUrl: null, error: "payment_provider_error", message}` when the ' +
          'provider fails. A total of 0 (a 100 % discount and free shipping) needs no payment method ' +
          '(any other total without one: 400 `validation`, `fields.payment_method`): the order is ' +
          'confirmed at once with a 0 € payment of kind `free`, no provider, and `redirectUrl` is its ' +
          'checkout page (its confirmation), again on a second submit.',
        querystring: ZLocaleQuery,
        body: ZCheckoutBody,
        response: { 200: ZCheckoutResult },
      },
    },
    (req) =>
      submitCheckout(ctxOf(req, deps), req.body as Parameters<typeof submitCheckout>[1], req.query.locale),
  );

  app.post(
    '/api/checkout/confirm',
    {
      config: open,
      schema: {
        description:
          'The return page: `hash` and `type` from its URL. Reads the payment back from the provider ' +
          'and confirms it (idempotent). Answers `{paymentStatus, orderStatus, orderNumber}`, all null ' +
          'when the hash is unknown or the provider cannot be reached.',
        querystring: ZLocaleQuery,
        body: ZConfirmBody,
        response: { 200: ZConfirmResult },
      },
    },
    (req) => confirmReturn(ctxOf(req, deps), req.body.hash, req.body.type),
  );

  // -------------------------------------------------------------------------------------------
  // Orders calls of the checkout

  app.get(
    '/api/orders/insert-status',
    {
      config: { ...open, changesState: true },
      schema: {
        description:
          'Confirms the payment of order `orderId` by reading its latest payment back from the ' +
          'provider; the `status` given is ignored. Answers `{success, status, paymentStatus}` when ' +
          'paid, else 400 `payment_not_confirmed` (Status of payment not confirmed). Access as checkout.',
        querystring: ZInsertStatusQuery,
        response: { 200: ZInsertStatusResult },
      },
    },
    (req) => insertStatus(ctxOf(req, deps), req.query.orderId, req.query.t),
  );

  app.get(
    '/api/orders/fetch-total-amount',
    {
      config: open,
      schema: {
        description: '`{total_amount}` (euros) of the order; access as checkout, 404 otherwise.',
        querystring: ZOrderNumberQuery,
        response: { 200: ZTotalAmountResult },
      },
    },
    (req) => totalAmount(ctxOf(req, deps), req.query.orderNumber, req.query.t),
  );

  app.get(
    '/api/orders/check-order-by-number',
    {
      config: open,
      schema: {
        description:
          '`{exist_order}`: whether the order exists and the caller may see it (access as checkout).',
        querystring: ZOrderNumberQuery,
        response: { 200: ZExistOrderResult },
      },
    },
    (req) => orderExists(ctxOf(req, deps), req.query.orderNumber, req.query.t),
  );

  app.post(
    '/api/checkout/link',
    {
      config: { access: [ROLE.buyer], withoutPlan: true },
      schema: {
        description:
          'Links the order of a checkout link to the signed-in shopper (proof: the link token `t`): its ' +
          'social identity joins the account with all its orders and waiting rows. Answers ' +
          '`{success, linked, orders, waiting, orderNumber}`; 404 when the token is wrong or the order ' +
          'belongs to another account.',
        body: ZCheckoutLinkBody,
        response: { 200: ZCheckoutLinkResult },
      },
    },
    (req) => linkOrderToShopper(ctxOf(req, deps), req.body.orderNumber, req.body.t),
  );

  app.get(
    '/api/orders/connect-bycomment',
    {
      config: { ...signedIn, changesState: true },
      schema: {
        description:
          'Links the social identity of comment `commentId` to the signed-in account (proof: `t` of one ' +
          'of its checkout links) and gives it that identity’s orders and waiting rows. 404 when the ' +
          'comment is unknown, the proof is wrong or the identity is linked to another account.',
        querystring: ZConnectByCommentQuery,
        response: { 200: ZConnectByCommentResult },
      },
    },
    (req) => connectByComment(ctxOf(req, deps), req.query.commentId, req.query.t),
  );

  app.get(
    '/api/orders/find-order-by-comment',
    {
      config: signedIn,
      schema: {
        description:
          '`{storeName, orderNumber}` of the comment’s order, for the shopper linked to it; 404 otherwise.',
        querystring: ZCommentQuery,
        response: { 200: ZOrderByCommentResult },
      },
    },
    (req) => findOrderByComment(ctxOf(req, deps), req.query.commentId),
  );

  app.get(
    '/api/orders/find-wait-order-by-comment',
    {
      config: signedIn,
      schema: {
        description:
          '`{storeName, orderNumber, productsWaiting}` of the seller of a waiting-list comment, for the ' +
          'shopper linked to it; 404 otherwise.',
        querystring: ZCommentQuery,
        response: { 200: ZWaitOrderByCommentResult },
      },
    },
    (req) => findWaitOrderByComment(ctxOf(req, deps), req.query.commentId),
  );

  app.get(
    '/api/orders/connect-action',
    {
      config: { access: 'public' },
      schema: {
        description:
          '410 Gone, always (`{error: "gone", message}`): the old client’s "connect after a social action" ' +
          'signal. A shopper is linked by the proof of a link they hold instead: `orders/connect-bycomment` ' +
          '(comment id and link token `t`) or `POST checkout/link` (docs/decisions.md).',
      },
    },
    () => {
      throw new AppError('gone');
    },
  );

  app.get(
    '/api/orders/find-order-by-db-id',
    {
      config: signedIn,
      schema: {
        description:
          '`{id, orderNumber, storeName, status, total_amount}` for the order’s shopper; 404 otherwise.',
        querystring: ZOrderIdQuery,
        response: { 200: ZOrderByIdResult },
      },
    },
    (req) => findOrderByDbId(ctxOf(req, deps), req.query.orderId),
  );
}
