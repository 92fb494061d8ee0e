import Stripe from 'stripe';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type CredentialsCheck,
  errorKindOf,
  headerValue,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundedState,
  type RefundOptions,
  type TPaymentStatus,
  type WebhookInput,
  type WebhookNotice,
} from './provider.ts';

/**
 * Stripe through Connect: the merchant connects their own Stripe account by OAuth (we keep only
 * its `acct_…` id), payments are direct charges on it (Checkout Session created with the
 * `Stripe-Account` header) and the platform takes its percent as `application_fee_amount`.
 * One Connect webhook endpoint, verified with `Stripe-Signature` and the endpoint's secret.
 */

export interface StripePlatformOptions {
  /** The platform's secret key (`sk_test_…`/`sk_live_…`). */
  secretKey: string;
  /** The Connect webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret?: string;
  /** The platform's Connect client id (`ca_…`), for the OAuth link. */
  clientId?: string;
  /** Retries on network errors and 5xx (default 1; tests set 0). */
  maxNetworkRetries?: number;
}

/** Events about a Checkout Session's payment; the others are acknowledged and ignored. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** A Stripe error (or a network failure) as ours, keeping Stripe's own message. */
function mapError(err: unknown): never {
  if (err instanceof PaymentProviderError) throw err;
  const e = err as { statusCode?: number; message?: string; type?: string };
  const kind = e.type === 'StripeConnectionError' ? 'unavailable' : errorKindOf(e.statusCode);
  throw new PaymentProviderError('stripe', kind, e.message || 'Stripe error', e.statusCode);
}

/** The platform's side: OAuth connection of merchants, webhook verification, a provider per account. */
export class StripePlatform {
  readonly stripe: Stripe;

  constructor(private readonly opts: StripePlatformOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      // Node's global fetch rather than the `http` module: same requests, and the HTTP-boundary
      // tests (msw) see them (the `http` client waits for a socket event mocks never send).
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: opts.maxNetworkRetries ?? 1,
      telemetry: false,
      appInfo: { name: 'Livecart' },
    });
  }

  /** The page where a merchant lets us create payments on their Stripe account. */
  authorizeUrl(opts: { state: string; redirectUri?: string }): string {
    if (!this.opts.clientId)
      throw new PaymentProviderError(
        'stripe',
        'invalid_request',
        'Stripe Connect client id is not configured',
      );
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.opts.clientId,
      scope: 'read_write',
      state: opts.state,
    });
    if (opts.redirectUri) q.set('redirect_uri', opts.redirectUri);
    return `https://connect.stripe.com/oauth/authorize?${q}`;
  }

  /** Exchanges the OAuth `code` Stripe sent back for the merchant's connected account id. */
  async exchangeCode(code: string): Promise<{ accountId: string; livemode: boolean }> {
    try {
      const token = await this.stripe.oauth.token({ grant_type: 'authorization_code', code });
      if (!token.stripe_user_id)
        throw new PaymentProviderError('stripe', 'invalid_request', 'Stripe sent no account id');
      return { accountId: token.stripe_user_id, livemode: token.livemode ?? false };
    } catch (err) {
      mapError(err);
    }
  }

  /**
   * Checks `Stripe-Signature` against the Connect endpoint secret; a bad or missing signature is
   * refused. Answers the Checkout Session id and account of a session event, null for others.
   */
  async verifyWebhook(input: WebhookInput): Promise<WebhookNotice | null> {
    const signature = headerValue(input.headers, 'stripe-signature');
    if (!this.opts.webhookSecret)
      throw new PaymentProviderError('stripe', 'webhook_refused', 'Stripe webhook secret is not configured');
    if (!signature)
      throw new PaymentProviderError('stripe', 'webhook_refused', 'Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(input.rawBody, signature, this.opts.webhookSecret);
    } catch (err) {
      throw new PaymentProviderError('stripe', 'webhook_refused', (err as Error).message);
    }
    if (!SESSION_EVENTS.has(event.type) || !event.account) return null;
    const session = event.data.object as Stripe.Checkout.Session;
    return { externalId: session.id, accountId: event.account, type: event.type };
  }

  /** The provider that charges on one connected account, the platform taking `feePercent` of each total. */
  forAccount(accountId: string, opts: { feePercent: number }): StripeProvider {
    return new StripeProvider(this, accountId, opts.feePercent);
  }
}

/** The platform's fee in cents: `percent` of the total, rounded to the cent. */
export const applicationFee = (amountCents: number, percent: number): number =>
  Math.max(0, Math.min(amountCents, Math.round((amountCents * percent) / 100)));

function statusOf(session: Stripe.Checkout.Session): TPaymentStatus {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const settled = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (settled || intent?.status === 'succeeded') {
    return charge?.refunded ? 'refunded' : 'paid';
  }
  if (session.status === 'expired' || intent?.status === 'canceled') return 'canceled';
  if (session.status === 'complete') {
    // Paid with a delayed method (SEPA debit…): settled later, or failed.
    return intent?.status === 'requires_payment_method' ? 'failed' : 'pending';
  }
  if (intent?.status === 'processing') return 'pending';
  return 'open';
}

/** Direct charges on one connected account (requests carry `Stripe-Account`). */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly platform: StripePlatform,
    readonly accountId: string,
    private readonly feePercent: number,
  ) {}

  private get stripe() {
    return this.platform.stripe;
  }
  private get on() {
    return { stripeAccount: this.accountId };
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const metadata = { orderNumber: input.orderNumber, paymentId: String(input.paymentId) };
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: (input.currency ?? 'EUR').toLowerCase(),
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          ...(input.method
            ? {
                payment_method_types: [input.method as Stripe.Checkout.SessionCreateParams.PaymentMethodType],
              }
            : {}),
          payment_intent_data: {
            application_fee_amount: applicationFee(input.amountCents, this.feePercent),
            metadata,
          },
          metadata,
          client_reference_id: input.orderNumber,
          success_url: input.redirectUrl,
          cancel_url: input.cancelUrl ?? input.redirectUrl,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          ...(input.locale ? { locale: input.locale } : {}),
        },
        { ...this.on, idempotencyKey: `livecart-${input.orderNumber}-${input.paymentId}` },
      );
      if (!session.url)
        throw new PaymentProviderError('stripe', 'invalid_request', 'Stripe answered without a checkout URL');
      return {
        externalId: session.id,
        checkoutUrl: session.url,
        status: statusOf(session),
        raw: rawOf(session),
      };
    } catch (err) {
      mapError(err);
    }
  }

  /** Reads the Checkout Session with its PaymentIntent and charge (refunds live on the charge). */
  async getStatus(externalId: string): Promise<PaymentState> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(
        externalId,
        { expand: ['payment_intent.latest_charge'] },
        this.on,
      );
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const status = statusOf(session);
      return {
        externalId: session.id,
        status,
        amountCents: session.amount_total ?? 0,
        refundedCents: charge?.amount_refunded ?? 0,
        method: charge?.payment_method_details?.type ?? null,
        paidAt:
          status === 'paid' || status === 'refunded'
            ? new Date((charge?.created ?? session.created) * 1000)
            : null,
        raw: rawOf(session),
        testMode: session.livemode === false,
      };
    } catch (err) {
      mapError(err);
    }
  }

  /** Expires the open Checkout Session (`POST /v1/checkout/sessions/{id}/expire`): it can no longer be paid. */
  async cancel(externalId: string): Promise<PaymentState> {
    try {
      await this.stripe.checkout.sessions.expire(externalId, {}, this.on);
    } catch (err) {
      mapError(err);
    }
    return this.getStatus(externalId);
  }

  /**
   * Refunds on the connected account (`Stripe-Account`), giving back the platform's fee in
   * proportion; `Idempotency-Key` when given, so a retry answers the same refund.
   */
  async refund(externalId: string, amountCents?: number, opts: RefundOptions = {}): Promise<RefundedState> {
    const before = await this.getStatus(externalId);
    const intentId = before.raw.payment_intent as string | null;
    if (!intentId)
      throw new PaymentProviderError('stripe', 'invalid_request', 'This payment has not been paid');
    let refundId: string;
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: intentId,
          ...(amountCents !== undefined ? { amount: amountCents } : {}),
          refund_application_fee: true,
        },
        { ...this.on, ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}) },
      );
      refundId = refund.id;
    } catch (err) {
      mapError(err);
    }
    return { ...(await this.getStatus(externalId)), refundId };
  }

  /** Verifies the signature and that the event is about this merchant's account. */
  async verifyWebhook(input: WebhookInput): Promise<WebhookNotice | null> {
    const notice = await this.platform.verifyWebhook(input);
    if (notice && notice.accountId !== this.accountId) {
      throw new PaymentProviderError(
        'stripe',
        'webhook_refused',
        `Event of another account (${notice.accountId})`,
      );
    }
    return notice;
  }

  /** Reads the connected account: fails when the connection was revoked, or it cannot take payments yet. */
  async testCredentials(): Promise<CredentialsCheck> {
    let account: Stripe.Account;
    try {
      account = await this.stripe.accounts.retrieve(this.accountId);
    } catch (err) {
      mapError(err);
    }
    if (!account.charges_enabled) {
      throw new PaymentProviderError(
        'stripe',
        'invalid_request',
        'This Stripe account cannot take payments yet',
      );
    }
    return {
      label:
        account.business_profile?.name ??
        account.settings?.dashboard?.display_name ??
        account.email ??
        account.id,
    };
  }
}

/** What is kept of a session in `payments.raw` (the PaymentIntent as its id). */
function rawOf(session: Stripe.Checkout.Session): Record<string, unknown> {
  const intent = session.payment_intent;
  return {
    id: session.id,
    status: session.status,
    payment_status: session.payment_status,
    amount_total: session.amount_total,
    currency: session.currency,
    payment_intent: typeof intent === 'object' && intent ? intent.id : intent,
    metadata: session.metadata,
  };
}
