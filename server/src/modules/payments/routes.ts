import { ROLE } from '@livecart/contract/constants';
import {
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
  ZStripeCallbackQuery,
  ZStripeConnectResponse,
} from '@livecart/contract/payments';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { listPayments, paymentDetail, paymentFilters } from './list.ts';
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

const sellersAndAdmin = { access: [ROLE.seller, ROLE.admin] } as const;
const sellers = { access: [ROLE.seller] } as const;

const saved = (locale: 'fr' | 'en') =>
  locale === 'fr' ? 'Les moyens de paiement ont été enregistrés' : 'Payment methods saved';

/** SPEC §7 Payments and the Payment Settings screen's calls. */
export async function paymentsModule(app: App, deps: Deps) {
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
      config: sellers,
      schema: {
        description:
          'Saves the seller’s Mollie API key after a test call to Mollie (stored encrypted, answered ' +
          'masked) and creates the Mollie methods the key supports. A refused key answers 422 ' +
          '`payment_credentials_invalid` with Mollie’s message and saves nothing.',
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
      config: sellers,
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
      config: { ...sellers, crossSite: 'oauth_return' },
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
        config: sellers,
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
}
