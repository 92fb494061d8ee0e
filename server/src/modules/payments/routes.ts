import {
  ZSandboxParams,
  ZSandboxPayment,
  ZSandboxQuery,
  ZSandboxSettleBody,
  ZSandboxSettleResult,
} from '@livecart/contract/checkout';
import { ROLE } from '@livecart/contract/constants';
import {
  PAYMENT_REFUNDED,
  ZChangeMethodsBody,
  ZChangeMethodsResponse,
  ZMollieKeyBody,
  ZPaymentDetail,
  ZPaymentFilters,
  ZPaymentItemQuery,
  ZPaymentList,
  ZPaymentListQuery,
  ZPaymentMethods,
  ZPaymentSettings,
  ZPaymentSettingsResponse,
  ZRefundPaymentParams,
  ZRefundPaymentResult,
  ZStripeCallbackQuery,
  ZStripeConnectResponse,
} from '@livecart/contract/payments';
import { zId } from '@livecart/contract/validation';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { refundPayment } from '../orders/refunds.ts';
import { listPayments, paymentDetail, paymentFilters } from './list.ts';
import { sandboxPage, settleSandbox } from './sandbox-page.ts';
import {
  changeMethodStatuses,
  connectMollie,
  disconnectProvider,
  enableSandbox,
  fetchMethods,
  finishStripeConnect,
  paymentSettings,
  stripeConnectUrl,
} from './settings.ts';
import { mollieWebhook, sandboxWebhook, stripeWebhook } from './webhooks.ts';

const sellersAndAdmin = { access: [ROLE.seller, ROLE.admin] } as const;
const open = { access: 'public' } as const;
/** Called by the payment providers' servers: what they say is read back from the provider. */
const webhook = { access: 'public', crossSite: 'server' } as const;
const ZReceived = z.object({ received: z.literal(true), status: z.string().nullable() });
const ZWebhookQuery = z.object({ paymentId: zId().optional().catch(undefined) });
const sellers = { access: [ROLE.seller] } as const;

const saved = (locale: 'fr' | 'en') =>
  locale === 'fr' ? 'Les moyens de paiement ont été enregistrés' : 'Payment methods saved';

/** SPEC §7 Payments, the Payment Settings screen's calls, the providers' webhooks and the sandbox pay page. */
export async function paymentsModule(app: App, deps: Deps) {
  const env = { db: deps.database.db, config: deps.config };
  app.get(
    '/api/payments/fetch-items',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'The seller’s orders with their payments (admin: every seller’s), newest first. Columns: ' +
          'created_at (default), paid_at, order_number, total_amount, shopper. queryFilter: status ' +
          '(order status, default payed; `all` for any), order_number, shipping_id, country_id, payment_id ' +
          '(a payment method of fetch-filters), total_amount {min, max} (euros), created_at {from, to} ' +
          '(YYYY-MM-DD, Europe/Paris), seller_id (admin). `query` searches order number and shopper.',
        querystring: ZPaymentListQuery,
        response: { 200: ZPaymentList },
      },
    },
    (req) => listPayments(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/payments/fetch-item',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'Transaction detail of an order: amounts, delivery address, lines, payment rows (provider, ' +
          'method, external id, amount, fee, status, dates) and invoice (number, link). 404 when not ' +
          'the caller’s.',
        querystring: ZPaymentItemQuery,
        response: { 200: ZPaymentDetail },
      },
    },
    (req) => paymentDetail(ctxOf(req, deps), req.query.orderNumber),
  );

  app.post(
    '/api/payments/:id/refund',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'Refunds in full one payment flagged for refund (`refund_due` on the payment rows: paid, but ' +
          'it did not cover the total, came after the stock went back, or paid an order paid already) ' +
          'through its provider, with the key a refund of the whole order would use ' +
          '(`refund:order:{id}:payment:{id}`), so it is never refunded twice. The order stays as it is. ' +
          '404 when not the caller’s (admin: any seller’s); 409 `payment_not_refundable` when nothing is ' +
          'due (not paid, not flagged, or refunded already), `payment_holds_order` when it is the last paid ' +
          'payment of a paid order (refund the order instead), `payment_refund_pending` when another call ' +
          'is refunding it; 422 `payment_refund_refused` quoting the provider, the payment left paid for a ' +
          'later try. A payment paid for another amount than asked is refunded what the provider holds.',
        params: ZRefundPaymentParams,
        response: { 200: ZRefundPaymentResult },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const item = await refundPayment(ctx, req.params.id);
      return { message: PAYMENT_REFUNDED[ctx.locale], item };
    },
  );

  app.get(
    '/api/payments/fetch-filters',
    {
      config: sellersAndAdmin,
      schema: {
        description:
          'Filter data of the payments list: statuses, shippings, countries, payments (payment methods), ' +
          'sellers (admin), total_amount bounds (euros).',
        response: { 200: ZPaymentFilters },
      },
    },
    (req) => paymentFilters(ctxOf(req, deps)),
  );

  app.get(
    '/api/payments/fetch-methods',
    {
      config: sellers,
      schema: {
        description:
          'The seller’s payment methods: provider, method, status (on/off), account label, credentials ' +
          '(masked, never the secret), credentials_state, can_activate.',
        response: { 200: ZPaymentMethods },
      },
    },
    async (req) => ({ items: await fetchMethods(ctxOf(req, deps)) }),
  );

  app.patch(
    '/api/payments/change-methods-statuses',
    {
      config: sellers,
      schema: {
        description:
          'Turns methods on or off, all or nothing: `{items: [{id, status}]}` → ‘Payment methods saved’ ' +
          'and the methods. A method whose provider has no credentials cannot be turned on ' +
          '(`payment_credentials_missing`); another seller’s id answers 404.',
        body: ZChangeMethodsBody,
        response: { 200: ZChangeMethodsResponse },
      },
    },
    async (req) => ({
      message: saved(req.locale),
      methods: await changeMethodStatuses(ctxOf(req, deps), req.body.items),
    }),
  );

  app.get(
    '/api/payments/settings',
    {
      config: sellers,
      schema: {
        description:
          'Payment Settings: sandbox, Mollie and Stripe state (credentials masked) and the methods.',
        response: { 200: ZPaymentSettings },
      },
    },
    (req) => paymentSettings(ctxOf(req, deps)),
  );

  app.post(
    '/api/payments/settings/sandbox',
    {
      config: sellers,
      schema: {
        description: 'Turns on the sandbox provider’s card, PayPal and Bancontact (no credentials needed).',
        response: { 200: ZPaymentSettingsResponse },
      },
    },
    async (req) => ({ message: saved(req.locale), ...(await enableSandbox(ctxOf(req, deps))) }),
  );

  app.post(
    '/api/payments/settings/mollie',
    {
      config: { ...sellers, refusedWhileImpersonating: true },
      schema: {
        description:
          'Saves the seller’s Mollie API key after a test call to Mollie (stored encrypted, answered ' +
          'masked) and creates the Mollie methods the key supports. A refused key answers 422 ' +
          '`payment_credentials_invalid` with Mollie’s message and saves nothing; in production a test ' +
          'key (`test_…`) answers 422 `payment_test_key` before Mollie is asked.',
        body: ZMollieKeyBody,
        response: { 200: ZPaymentSettingsResponse },
      },
    },
    async (req) => ({
      message: saved(req.locale),
      ...(await connectMollie(ctxOf(req, deps), req.body.apiKey)),
    }),
  );

  app.get(
    '/api/payments/settings/stripe/connect',
    {
      config: { ...sellers, refusedWhileImpersonating: true },
      schema: {
        description:
          'The Stripe Connect OAuth page to open (`url`), with a signed state valid 30 minutes. ' +
          '`stripe_not_configured` when the server has no Stripe platform keys.',
        response: { 200: ZStripeConnectResponse },
      },
    },
    async (req) => ({ url: stripeConnectUrl(ctxOf(req, deps)) }),
  );

  app.get(
    '/api/payments/settings/stripe/callback',
    {
      // Stripe sends the browser back from its own site; the signed state names the seller.
      config: { ...sellers, crossSite: 'oauth_return', changesState: true, refusedWhileImpersonating: true },
      schema: {
        description:
          'Where Stripe sends the seller back: exchanges the code, stores the connected account id ' +
          '(encrypted), creates the Stripe card method and redirects to /payment-setting?stripe=connected; ' +
          'refused (bad state, denied, bad code): /payment-setting?stripe=error&error=<code>, nothing saved.',
        querystring: ZStripeCallbackQuery,
      },
    },
    async (req, reply) => {
      const base = `${req.locale === 'en' ? '/en' : ''}/payment-setting`;
      try {
        await finishStripeConnect(ctxOf(req, deps), req.query);
        return reply.redirect(`${base}?stripe=connected`);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        req.log.warn({ err: err.message }, 'stripe connect refused');
        return reply.redirect(`${base}?stripe=error&error=${encodeURIComponent(err.code)}`);
      }
    },
  );

  for (const provider of ['mollie', 'stripe', 'sandbox'] as const) {
    app.delete(
      `/api/payments/settings/${provider}`,
      {
        // credentials are the seller's own: removed by the seller only (the sandbox has none)
        config: provider === 'sandbox' ? sellers : { ...sellers, refusedWhileImpersonating: true },
        schema: {
          description: `Disconnects ${provider}: its methods and stored credentials are removed.`,
          response: { 200: ZPaymentSettingsResponse },
        },
      },
      async (req) => ({
        message: saved(req.locale),
        ...(await disconnectProvider(ctxOf(req, deps), provider)),
      }),
    );
  }

  // Sandbox provider pages (never in production: 404).
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
    (req) => sandboxPage(env, req.params.paymentId, req.query.k),
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
    (req) => settleSandbox(env, req.params.paymentId, req.query.k, req.body.outcome),
  );

  // Provider webhooks: whatever they say, the status is read back from the provider.
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
    (req) => mollieWebhook(env, req.body, req.query.paymentId),
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
    (req) => sandboxWebhook(env, req.body, req.query.paymentId),
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
      (req) =>
        stripeWebhook(
          env,
          Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : ''),
          req.headers,
        ),
    );
  });
}
