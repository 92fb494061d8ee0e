import { PLATFORM_VAT_BP } from '@livecart/contract/billing';
import Stripe from 'stripe';
import {
  type BillingEvent,
  type BillingInterval,
  type BillingProvider,
  BillingProviderError,
  type PaymentMethodInfo,
  type PlanForSync,
  type PlanSyncResult,
  type ProviderInvoice,
  type ProviderPrice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  type SetupStart,
  type SetupState,
} from './provider.ts';

/**
 * Stripe Billing on the platform's own account (not Connect): the platform bills its sellers.
 *
 * - Registrations are Checkout Sessions in `mode=setup` (card and SEPA Direct Debit), so the app
 *   loads no Stripe.js: the browser goes to Stripe's hosted page and comes back to `returnUrl`
 *   with `setup_intent={CHECKOUT_SESSION_ID}&redirect_status=succeeded` (Stripe fills the id in);
 *   a cancelled one comes back with `redirect_status=failed` only (Stripe fills no id in a
 *   cancel URL). The registration's id is the session's (`cs_…`).
 * - Subscriptions and invoices are charged to the customer's default method
 *   (`invoice_settings.default_payment_method`, set by `setDefaultPaymentMethod`), never to one
 *   fixed on the subscription, so a new default card pays the next renewal and a retry.
 * - `payment_behavior: 'allow_incomplete'` on creation: a declined first charge answers the
 *   subscription with status `incomplete` (its invoice open), not an error; an upgrade
 *   (`proration_behavior: 'always_invoice'`) uses `error_if_incomplete`, so a declined proration
 *   throws `declined` and changes nothing; a downgrade uses `proration_behavior: 'none'`.
 * - Prices exclude VAT; one exclusive tax rate of PLATFORM_VAT_BP (found by its metadata, else
 *   made once) is the default tax rate of every subscription and one-off invoice, so Stripe's
 *   amounts include VAT as the sandbox's do.
 * - `payInvoice` and `chargeInvoice` answer a declined charge as the invoice (open, `paymentFailed`).
 * - Every object is read back from the API; a webhook's event only names it.
 */

export interface StripeBillingOptions {
  /** The platform's secret key (`sk_test_…`/`sk_live_…`). */
  secretKey: string;
  /** The billing webhook endpoint's signing secret (`whsec_…`, STRIPE_BILLING_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** Retries on network errors and 5xx (default 1; tests set 0). */
  maxNetworkRetries?: number;
}

const VAT_METADATA = { livecart: 'platform_vat', vat_bp: String(PLATFORM_VAT_BP) };

/** A Stripe error (or a network failure) as ours, keeping Stripe's own message. */
export function mapStripeError(err: unknown): never {
  if (err instanceof BillingProviderError) throw err;
  const e = err as { statusCode?: number; message?: string; type?: string; code?: string };
  const status = e.statusCode;
  let kind: BillingProviderError['kind'];
  if (e.code === 'authentication_required') kind = 'requires_action';
  else if (e.type === 'StripeCardError' || e.code === 'card_declined') kind = 'declined';
  else if (e.type === 'StripeConnectionError') kind = 'unavailable';
  else if (status === 401 || status === 403) kind = 'unauthorized';
  else if (status === 404) kind = 'not_found';
  else if (status === undefined || status >= 500 || status === 429) kind = 'unavailable';
  else kind = 'invalid_request';
  throw new BillingProviderError('stripe', kind, e.message || 'Stripe error', status);
}

/** Runs a Stripe call, mapping its errors. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    mapStripeError(err);
  }
}

const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;
const date = (unix: number | null | undefined) => (unix == null ? null : new Date(unix * 1000));

/** One value of a header, whatever the casing of its name. */
function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : headers[key];
  return Array.isArray(v) ? v[0] : v;
}

function withParams(url: string, params: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${params}`;
}

export class StripeBilling implements BillingProvider {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;
  private taxRate: Promise<string> | null = null;

  constructor(private readonly opts: StripeBillingOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      // Node's global fetch: the HTTP-boundary tests (msw) see the requests.
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: opts.maxNetworkRetries ?? 1,
      telemetry: false,
      appInfo: { name: 'Livecart' },
    });
  }

  /** The platform's VAT as a Stripe tax rate: the one with our metadata, else made (once). */
  private vatRate(): Promise<string> {
    this.taxRate ??= call(async () => {
      const list = await this.stripe.taxRates.list({ active: true, limit: 100 });
      const found = list.data.find(
        (r) =>
          r.metadata?.livecart === VAT_METADATA.livecart &&
          r.metadata?.vat_bp === VAT_METADATA.vat_bp &&
          !r.inclusive,
      );
      if (found) return found.id;
      const made = await this.stripe.taxRates.create(
        {
          display_name: 'TVA',
          percentage: PLATFORM_VAT_BP / 100,
          inclusive: false,
          country: 'FR',
          jurisdiction: 'FR',
          metadata: VAT_METADATA,
        },
        { idempotencyKey: `livecart-platform-vat-${PLATFORM_VAT_BP}` },
      );
      return made.id;
    }).catch((err) => {
      this.taxRate = null;
      throw err;
    });
    return this.taxRate;
  }

  // ---- customers and registrations -----------------------------------------------------------

  async createCustomer(input: { email: string; name: string; userId: number; idempotencyKey: string }) {
    const customer = await call(() =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, metadata: { user_id: String(input.userId) } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return customer.id;
  }

  async startSetup(input: {
    customerId: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<SetupStart> {
    const session = await call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'setup',
          customer: input.customerId,
          currency: 'eur',
          payment_method_types: ['card', 'sepa_debit'],
          success_url: withParams(
            input.returnUrl,
            'setup_intent={CHECKOUT_SESSION_ID}&redirect_status=succeeded',
          ),
          cancel_url: withParams(input.returnUrl, 'redirect_status=failed'),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!session.url)
      throw new BillingProviderError('stripe', 'invalid_request', 'Stripe answered no Checkout URL');
    return { id: session.id, redirectUrl: session.url };
  }

  async getSetup(id: string): Promise<SetupState> {
    const session = await call(() =>
      this.stripe.checkout.sessions.retrieve(id, { expand: ['setup_intent.payment_method'] }),
    );
    const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
    let status: SetupState['status'] = 'pending';
    if (session.status === 'expired' || intent?.status === 'canceled') status = 'failed';
    else if (intent?.status === 'succeeded') status = 'succeeded';
    else if (intent?.status === 'requires_action') status = 'requires_action';
    else if (intent?.last_setup_error) status = 'failed';
    const pm = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
    return {
      id: session.id,
      customerId: idOf(session.customer) ?? '',
      status,
      paymentMethod: status === 'succeeded' && pm ? methodInfo(pm) : null,
    };
  }

  async listPaymentMethods(customerId: string): Promise<PaymentMethodInfo[]> {
    const [cards, sepa] = await Promise.all(
      (['card', 'sepa_debit'] as const).map((type) =>
        call(() => this.stripe.paymentMethods.list({ customer: customerId, type, limit: 100 })),
      ),
    );
    return [...(cards?.data ?? []), ...(sepa?.data ?? [])].map(methodInfo);
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    await call(() =>
      this.stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      }),
    );
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await call(() => this.stripe.paymentMethods.detach(paymentMethodId));
  }

  // ---- plans ---------------------------------------------------------------------------------

  async syncPlans(plans: PlanForSync[]): Promise<PlanSyncResult[]> {
    const products = await call(() => this.stripe.products.list({ limit: 100 }));
    const results: PlanSyncResult[] = [];
    for (const plan of plans) {
      const existing =
        (plan.known.product && products.data.find((p) => p.id === plan.known.product)) ||
        products.data.find((p) => p.metadata?.plan_code === plan.code);
      const product = existing
        ? existing.name === plan.name && existing.active
          ? existing
          : await call(() => this.stripe.products.update(existing.id, { name: plan.name, active: true }))
        : await call(() =>
            this.stripe.products.create({ name: plan.name, metadata: { plan_code: plan.code } }),
          );
      const result: PlanSyncResult = { code: plan.code, product: product.id };
      for (const interval of ['month', 'year'] as const) {
        const cents = interval === 'month' ? plan.monthlyCents : plan.yearlyCents;
        const known = plan.known[interval];
        if (known && known.cents === cents) {
          result[interval] = known;
          continue;
        }
        if (cents !== null) {
          const price = await call(() =>
            this.stripe.prices.create({
              product: product.id,
              currency: 'eur',
              unit_amount: cents,
              recurring: { interval },
              lookup_key: `${plan.code}_${interval}`,
              transfer_lookup_key: true,
              metadata: { plan_code: plan.code },
            }),
          );
          result[interval] = { id: price.id, cents };
        }
        // The old price stays on the subscriptions that have it; no new one gets it.
        if (known) await call(() => this.stripe.prices.update(known.id, { active: false }));
      }
      results.push(result);
    }
    return results;
  }

  /** Every recurring price (current and archived) of the platform's account, with its plan. */
  async listPrices(): Promise<ProviderPrice[]> {
    const list = await call(() => this.stripe.prices.list({ limit: 100, expand: ['data.product'] }));
    return list.data
      .filter((p) => p.recurring?.interval === 'month' || p.recurring?.interval === 'year')
      .map((p) => {
        const product = typeof p.product === 'object' ? p.product : null;
        const planCode =
          (product && 'metadata' in product ? product.metadata?.plan_code : undefined) ??
          p.metadata?.plan_code ??
          null;
        return {
          id: p.id,
          productId: idOf(p.product) ?? '',
          planCode,
          interval: p.recurring?.interval as BillingInterval,
          amountCents: p.unit_amount ?? 0,
          currency: p.currency,
          active: p.active,
        };
      });
  }

  // ---- subscriptions -------------------------------------------------------------------------

  async createSubscription(input: {
    customerId: string;
    priceId: string;
    trialEnd: Date | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderSubscription> {
    const taxRate = await this.vatRate();
    const sub = await call(() =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId }],
          ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
          collection_method: 'charge_automatically',
          payment_behavior: 'allow_incomplete',
          off_session: true,
          default_tax_rates: [taxRate],
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return subscriptionInfo(sub);
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    return subscriptionInfo(await call(() => this.stripe.subscriptions.retrieve(id)));
  }

  async changeSubscriptionPrice(
    id: string,
    input: { priceId: string; prorate: boolean },
  ): Promise<ProviderSubscription> {
    const current = await call(() => this.stripe.subscriptions.retrieve(id));
    const item = current.items.data[0];
    if (!item) throw new BillingProviderError('stripe', 'invalid_request', `Subscription ${id} has no item`);
    const sub = await call(() =>
      this.stripe.subscriptions.update(id, {
        items: [{ id: item.id, price: input.priceId }],
        proration_behavior: input.prorate ? 'always_invoice' : 'none',
        ...(input.prorate ? { payment_behavior: 'error_if_incomplete' as const } : {}),
      }),
    );
    return subscriptionInfo(sub);
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
    return subscriptionInfo(
      await call(() => this.stripe.subscriptions.update(id, { cancel_at_period_end: cancel })),
    );
  }

  async cancelSubscription(id: string, opts: { reason?: string } = {}): Promise<ProviderSubscription> {
    return subscriptionInfo(
      await call(() =>
        this.stripe.subscriptions.cancel(id, {
          invoice_now: false,
          prorate: false,
          ...(opts.reason ? { cancellation_details: { comment: opts.reason.slice(0, 500) } } : {}),
        }),
      ),
    );
  }

  /** `id`: an invoice (`in_…`), or a subscription (`sub_…`: its latest invoice). */
  async payInvoice(id: string): Promise<ProviderInvoice> {
    let invoiceId = id;
    if (id.startsWith('sub_')) {
      const sub = await call(() => this.stripe.subscriptions.retrieve(id));
      const latest = idOf(sub.latest_invoice);
      if (!latest)
        throw new BillingProviderError('stripe', 'invalid_request', `Subscription ${id} has no invoice`);
      invoiceId = latest;
    }
    return this.pay(invoiceId, undefined);
  }

  /** Pays an open invoice; a declined charge answers the invoice as Stripe keeps it (open, attempted). */
  private async pay(invoiceId: string, idempotencyKey: string | undefined): Promise<ProviderInvoice> {
    try {
      const paid = await this.stripe.invoices.pay(
        invoiceId,
        {},
        idempotencyKey ? { idempotencyKey } : undefined,
      );
      return invoiceInfo(paid);
    } catch (err) {
      const e = err as { type?: string; code?: string };
      if (
        e.type === 'StripeCardError' ||
        e.code === 'authentication_required' ||
        e.code === 'card_declined'
      ) {
        return this.getInvoice(invoiceId);
      }
      // Already paid or no longer open (a retry, a webhook first): answer it as it is.
      if (e.code === 'invoice_already_paid' || e.code === 'invoice_not_open')
        return this.getInvoice(invoiceId);
      mapStripeError(err);
    }
  }

  async chargeInvoice(input: {
    customerId: string;
    amountCents: number;
    vatCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderInvoice> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
      throw new BillingProviderError('stripe', 'invalid_request', `Invalid amount ${input.amountCents}`);
    const taxRate = await this.vatRate();
    const key = input.idempotencyKey;
    const draft = await call(() =>
      this.stripe.invoices.create(
        {
          customer: input.customerId,
          currency: 'eur',
          collection_method: 'charge_automatically',
          auto_advance: false,
          pending_invoice_items_behavior: 'exclude',
          default_tax_rates: [taxRate],
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: `${key}-invoice` },
      ),
    );
    const invoiceId = draft.id as string;
    if (draft.status === 'draft') {
      await call(() =>
        this.stripe.invoiceItems.create(
          {
            customer: input.customerId,
            invoice: invoiceId,
            amount: input.amountCents,
            currency: 'eur',
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: `${key}-item` },
        ),
      );
      const finalized = await call(() =>
        this.stripe.invoices.finalizeInvoice(
          invoiceId,
          { auto_advance: false },
          { idempotencyKey: `${key}-finalize` },
        ),
      );
      if (finalized.status !== 'open') return invoiceInfo(finalized);
    } else if (draft.status !== 'open') {
      return invoiceInfo(draft);
    }
    return this.pay(invoiceId, `${key}-pay`);
  }

  async getInvoice(id: string): Promise<ProviderInvoice> {
    return invoiceInfo(await call(() => this.stripe.invoices.retrieve(id)));
  }

  parseWebhook(input: {
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
  }): BillingEvent {
    if (!this.opts.webhookSecret)
      throw new BillingProviderError(
        'stripe',
        'signature',
        'Stripe billing webhook secret is not configured',
      );
    const signature = header(input.headers, 'stripe-signature');
    if (!signature) throw new BillingProviderError('stripe', 'signature', 'Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(input.rawBody, signature, this.opts.webhookSecret);
    } catch (err) {
      throw new BillingProviderError('stripe', 'signature', (err as Error).message);
    }
    const object = event.data?.object as { id?: unknown } | undefined;
    return {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      objectId: typeof object?.id === 'string' ? object.id : '',
    };
  }
}

function methodInfo(pm: Stripe.PaymentMethod): PaymentMethodInfo {
  if (pm.type === 'sepa_debit') {
    return {
      id: pm.id,
      kind: 'sepa_debit',
      brand: null,
      last4: pm.sepa_debit?.last4 ?? null,
      expMonth: null,
      expYear: null,
    };
  }
  return {
    id: pm.id,
    kind: 'card',
    brand: pm.card?.brand ?? null,
    last4: pm.card?.last4 ?? null,
    expMonth: pm.card?.exp_month ?? null,
    expYear: pm.card?.exp_year ?? null,
  };
}

const SUB_STATUSES = new Set<ProviderSubscriptionStatus>([
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'canceled',
]);

function subscriptionInfo(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items?.data?.[0];
  // Periods are on the item since API 2025-03-31; older versions kept them on the subscription.
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? sub.start_date;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    // `paused` (a trial ended without a payment method, when so configured) counts as past_due.
    status: SUB_STATUSES.has(sub.status as ProviderSubscriptionStatus)
      ? (sub.status as ProviderSubscriptionStatus)
      : 'past_due',
    priceId: item?.price?.id ?? '',
    trialEnd: date(sub.trial_end),
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: date(sub.canceled_at),
    latestInvoiceId: idOf(sub.latest_invoice),
    metadata: { ...(sub.metadata ?? {}) },
  };
}

function invoiceInfo(inv: Stripe.Invoice): ProviderInvoice {
  const legacy = inv as unknown as { subscription?: string | { id: string } | null };
  const subscriptionId =
    idOf(inv.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription ?? null);
  // A subscription invoice's own period_start/end are the previous period's: the line says what it pays for.
  const line = subscriptionId ? inv.lines?.data?.find((l) => l.period) : undefined;
  return {
    id: inv.id as string,
    customerId: idOf(inv.customer) ?? '',
    subscriptionId,
    status: (inv.status ?? 'draft') as ProviderInvoice['status'],
    amountDue: inv.amount_due,
    amountPaid: inv.amount_paid,
    periodStart: line ? date(line.period.start) : subscriptionId ? date(inv.period_start) : null,
    periodEnd: line ? date(line.period.end) : subscriptionId ? date(inv.period_end) : null,
    created: new Date(inv.created * 1000),
    paymentFailed: inv.status === 'open' && inv.attempted && (inv.attempt_count ?? 0) > 0,
    metadata: { ...(inv.metadata ?? {}) },
  };
}
