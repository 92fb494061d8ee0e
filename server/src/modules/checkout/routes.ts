import { timingSafeEqual } from 'node:crypto';
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
  ZSandboxParams,
  ZSandboxPayment,
  ZSandboxQuery,
  ZSandboxSettleBody,
  ZSandboxSettleResult,
  ZTotalAmountResult,
  ZWaitOrderByCommentResult,
} from '@livecart/contract/checkout';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import { zId } from '@livecart/contract/validation';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PaymentProviderError, webhookIdOf } from '../../integrations/payments/provider.ts';
import { sandboxExternalId } from '../../integrations/payments/sandbox.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { queryRows } from '../../lib/sql.ts';
import { ctxOf } from '../context.ts';
import { storeContext } from '../orders/cart.ts';
import { confirmPayment } from '../payments/confirm.ts';
import { sandboxPageKey, sandboxProvider, stripePlatform } from '../payments/providers.ts';
import { linkOrderToShopper } from './link-order.ts';
import { connectByComment, findOrderByComment, findOrderByDbId, findWaitOrderByComment } from './links.ts';
import {
  confirmReturn,
  fetchShippingMethods,
  getCheckout,
  insertStatus,
  orderExists,
  returnUrl,
  submitCheckout,
  totalAmount,
} from './service.ts';

const open = { access: 'public' } as const;
/** Called by the payment providers' servers: what they say is read back from the provider. */
const webhook = { access: 'public', crossSite: 'server' } as const;
const signedIn = { access: 'user', withoutPlan: true } as const;
const ZReceived = z.object({ received: z.literal(true), status: z.string().nullable() });

/** Checkout, payment confirmation entry points, sandbox provider pages, linking by comment (issue 5). */
export async function checkoutModule(app: App, deps: Deps) {
  const env = { db: deps.database.db, config: deps.config };

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
          'free-shipping window applied): `{shippingMethods}`. Same access as GET checkout.',
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
          'Submits the checkout: address (SPEC §5 rules, field errors `address.*`), shipping method, ' +
          'payment method (`code` of order.paymentMethods), `accept_terms` (false: 400 `terms_required`). ' +
          'The cart must be new and within its countdown (400 `cart_expired`). Snapshots address and ' +
          'shipping, computes the totals, creates the payment and answers `{redirectUrl}` (the ' +
          'provider’s page); `{redirectUrl: null, error: "payment_provider_error", message}` when the ' +
          'provider fails.',
        querystring: ZLocaleQuery,
        body: ZCheckoutBody,
        response: { 200: ZCheckoutResult },
      },
    },
    (req) =>
      submitCheckout(
        ctxOf(req, deps),
        req.body as Parameters<typeof submitCheckout>[1],
        (req.query.locale ?? req.locale) as TLocale,
      ),
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
      config: open,
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
      config: signedIn,
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

  // -------------------------------------------------------------------------------------------
  // Sandbox provider pages

  /** The sandbox payment a pay page shows, when its secret `k` is right (anything else: 404). */
  const sandboxRow = async (paymentId: number, k: string | undefined) => {
    if (deps.config.env === 'production') throw notFound();
    const expected = Buffer.from(sandboxPageKey(deps.config.authSecret, paymentId));
    const given = Buffer.from(k ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
    const [row] = await queryRows<{
      id: number;
      amount_cents: number;
      method: string | null;
      status: string;
      sandbox_status: string | null;
      order_number: string;
      seller_id: number;
      store_id: number | null;
      locale: string;
    }>(
      env.db,
      sql`SELECT p.id, p.amount_cents, p.method, p.status, p.raw -> 'sandbox' ->> 'status' AS sandbox_status,
            o.order_number, o.seller_id, ls.store_id, o.locale
          FROM payments p JOIN orders o ON o.id = p.order_id
          LEFT JOIN live_sessions ls ON ls.id = o.session_id
          WHERE p.id = ${paymentId} AND p.provider = 'sandbox' AND p.external_id IS NOT NULL`,
    );
    if (!row) throw notFound();
    const { storeName } = await storeContext(env.db, row.seller_id, row.store_id);
    const back = returnUrl(deps, {
      orderNumber: row.order_number,
      storeName,
      locale: row.locale === 'en' ? 'en' : 'fr',
      paymentId: row.id,
      provider: 'sandbox',
    });
    return { row, storeName, back };
  };

  app.get(
    '/api/sandbox/payments/:paymentId',
    {
      config: open,
      schema: {
        description:
          'The sandbox pay page’s data: `{id, amount, currency, merchant, order_number, method, status, returnUrl}`. ' +
          '`k` is the page’s secret from the redirect URL; without it (or wrong) 404.',
        params: ZSandboxParams,
        querystring: ZSandboxQuery,
        response: { 200: ZSandboxPayment },
      },
    },
    async (req) => {
      const { row, storeName, back } = await sandboxRow(req.params.paymentId, req.query.k);
      return {
        id: row.id,
        amount: row.amount_cents / 100,
        currency: 'EUR',
        merchant: storeName,
        order_number: row.order_number,
        method: row.method,
        status: (row.sandbox_status ?? row.status) as never,
        returnUrl: back,
      };
    },
  );

  app.post(
    '/api/sandbox/payments/:paymentId',
    {
      config: open,
      schema: {
        description:
          'The sandbox pay page’s buttons: settles the payment (`paid`, `failed`, `canceled`; a settled ' +
          'payment stays as it is), confirms it as its webhook would, and answers `{redirectUrl, status}` ' +
          '(the checkout with hash and type). `k` as for the GET.',
        params: ZSandboxParams,
        querystring: ZSandboxQuery,
        body: ZSandboxSettleBody,
        response: { 200: ZSandboxSettleResult },
      },
    },
    async (req) => {
      const { back } = await sandboxRow(req.params.paymentId, req.query.k);
      try {
        await sandboxProvider(env).settle(req.params.paymentId, req.body.outcome);
      } catch (err) {
        // Already settled with another outcome: the page goes back with the real status.
        if (!(err instanceof PaymentProviderError && err.kind === 'invalid_request')) throw err;
      }
      const result = await confirmPayment(env, req.params.paymentId);
      if (!result) throw notFound();
      return { redirectUrl: back, status: result.paymentStatus };
    },
  );

  // -------------------------------------------------------------------------------------------
  // Provider webhooks: whatever they say, the status is read back from the provider.

  const confirmFromWebhook = async (paymentId: number) => {
    try {
      const result = await confirmPayment(env, paymentId);
      return { received: true as const, status: result?.paymentStatus ?? null };
    } catch (err) {
      if (err instanceof PaymentProviderError && (err.kind === 'not_found' || err.kind === 'unauthorized')) {
        throw new AppError('webhook_refused', undefined, err.message);
      }
      if (err instanceof PaymentProviderError)
        throw new AppError('payment_provider_error', undefined, err.message);
      throw err;
    }
  };

  const paymentOf = async (provider: string, externalId: string, paymentId?: number) => {
    const [row] = await queryRows<{ id: number }>(
      env.db,
      sql`SELECT id FROM payments WHERE provider = ${provider} AND external_id = ${externalId}
          ${paymentId ? sql`AND id = ${paymentId}` : sql``}`,
    );
    return row?.id ?? null;
  };

  const ZWebhookQuery = z.object({
    paymentId: zId().optional().catch(undefined),
  });

  app.post(
    '/api/payments/webhook/mollie',
    {
      config: webhook,
      schema: {
        description:
          'Mollie’s webhook (form body `id=tr_…`). An id that is not one of our Mollie payments is ' +
          'acknowledged (200) and changes nothing; a known one is read back from Mollie with the seller’s ' +
          'key and confirmed. 400 `webhook_refused` when Mollie does not know it; 502 when Mollie is ' +
          'unreachable (Mollie retries).',
        querystring: ZWebhookQuery,
        response: { 200: ZReceived },
      },
    },
    async (req) => {
      const body = req.body as unknown;
      const id =
        typeof body === 'string' || Buffer.isBuffer(body)
          ? webhookIdOf(body)
          : typeof (body as { id?: unknown } | null)?.id === 'string'
            ? (body as { id: string }).id
            : undefined;
      if (!id || !/^tr_[A-Za-z0-9]+$/.test(id)) throw new AppError('webhook_refused');
      const paymentId = await paymentOf('mollie', id, req.query.paymentId);
      if (!paymentId) return { received: true as const, status: null };
      return confirmFromWebhook(paymentId);
    },
  );

  app.post(
    '/api/payments/webhook/sandbox',
    {
      config: webhook,
      schema: {
        description:
          'The sandbox provider’s webhook (`id=sbx_…` or `?paymentId`): reads the sandbox state back and confirms.',
        querystring: ZWebhookQuery,
        response: { 200: ZReceived },
      },
    },
    async (req) => {
      const body = req.body as { id?: unknown } | undefined;
      const id =
        typeof body?.id === 'string'
          ? body.id
          : req.query.paymentId
            ? sandboxExternalId(req.query.paymentId)
            : undefined;
      if (!id) throw new AppError('webhook_refused');
      const paymentId = await paymentOf('sandbox', id, req.query.paymentId);
      if (!paymentId) return { received: true as const, status: null };
      return confirmFromWebhook(paymentId);
    },
  );

  // Stripe signs the exact bytes: this route alone gets its JSON body unparsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    (scope as unknown as App).post(
      '/api/payments/webhook/stripe',
      {
        config: webhook,
        schema: {
          description:
            'Stripe Connect webhook: `Stripe-Signature` checked against STRIPE_WEBHOOK_SECRET over the raw ' +
            'body (400 `webhook_refused` otherwise); Checkout Session events of our payments are read back ' +
            'from the connected account and confirmed; other events are acknowledged.',
          response: { 200: ZReceived },
        },
      },
      async (req) => {
        const platform = stripePlatform(deps.config);
        if (!platform) throw new AppError('webhook_refused', undefined, 'Stripe is not configured');
        const rawBody = Buffer.isBuffer(req.body)
          ? req.body
          : Buffer.from(typeof req.body === 'string' ? req.body : '');
        let notice: Awaited<ReturnType<typeof platform.verifyWebhook>>;
        try {
          notice = await platform.verifyWebhook({ rawBody, headers: req.headers });
        } catch (err) {
          throw new AppError('webhook_refused', undefined, (err as Error).message);
        }
        if (!notice) return { received: true as const, status: null };
        const paymentId = await paymentOf('stripe', notice.externalId);
        if (!paymentId) return { received: true as const, status: null };
        return confirmFromWebhook(paymentId);
      },
    );
  });
}
