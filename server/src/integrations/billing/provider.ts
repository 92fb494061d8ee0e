/**
 * The platform's own billing of its sellers (plans and the percent of sales), behind one
 * interface: Stripe Billing on the platform's account, or the sandbox (the embedded default,
 * test cards, no money moves). The provider knows customers, payment methods, registrations
 * (SetupIntents), subscriptions, prices and invoices; the plans module knows sellers and
 * decides. Provider state is always read back from the provider, never trusted from an event's
 * body: an event only says which object to read again.
 */

export type BillingProviderName = 'sandbox' | 'stripe';
export type BillingInterval = 'month' | 'year';

export class BillingProviderError extends Error {
  constructor(
    readonly provider: BillingProviderName,
    /** `declined`: a card refused; `requires_action`: the bank wants the holder to authenticate. */
    readonly kind:
      | 'declined'
      | 'requires_action'
      | 'invalid_request'
      | 'not_found'
      | 'unauthorized'
      | 'unavailable'
      | 'signature',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BillingProviderError';
  }
}

export interface PaymentMethodInfo {
  id: string;
  kind: 'card' | 'sepa_debit';
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/** A registration of a payment method, started for a customer. */
export interface SetupStart {
  id: string;
  /** Where the browser goes to enter the card or the IBAN. */
  redirectUrl: string;
}

export interface SetupState {
  id: string;
  customerId: string;
  status: 'pending' | 'succeeded' | 'requires_action' | 'failed';
  paymentMethod: PaymentMethodInfo | null;
}

export type ProviderSubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'incomplete'
  | 'incomplete_expired'
  | 'canceled';

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  /** Cents, VAT included. */
  amountDue: number;
  amountPaid: number;
  /** The period a subscription invoice pays for. */
  periodStart: Date | null;
  periodEnd: Date | null;
  created: Date;
  /** The last payment attempt was declined (or needs the holder). */
  paymentFailed: boolean;
  metadata: Record<string, string>;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  priceId: string;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  latestInvoiceId: string | null;
  metadata: Record<string, string>;
}

export interface ProviderPrice {
  id: string;
  productId: string;
  /** `metadata.plan_code` of the product. */
  planCode: string | null;
  interval: BillingInterval;
  /** Cents, excluding VAT. */
  amountCents: number;
  currency: string;
  active: boolean;
}

/** A plan as the sync sends it: one product per plan, one current price per interval. */
export interface PlanForSync {
  code: string;
  name: string;
  monthlyCents: number | null;
  yearlyCents: number | null;
  /** The prices the last sync made (ids), to keep when the amount did not change. */
  known: { product?: string; month?: { id: string; cents: number }; year?: { id: string; cents: number } };
}

export interface PlanSyncResult {
  code: string;
  product: string;
  month?: { id: string; cents: number };
  year?: { id: string; cents: number };
}

/** What an event is about; the plans module reads the object back and applies its state. */
export interface BillingEvent {
  id: string;
  type:
    | 'invoice.paid'
    | 'invoice.payment_failed'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted'
    | 'setup_intent.succeeded'
    | (string & {});
  created: Date;
  /** The id of the invoice, subscription or setup the event is about. */
  objectId: string;
}

export interface BillingProvider {
  readonly name: BillingProviderName;

  /** The seller's customer at the provider (created once: the key makes a retry return the same). */
  createCustomer(input: {
    email: string;
    name: string;
    userId: number;
    idempotencyKey: string;
  }): Promise<string>;

  /** Starts a registration (card or SEPA Direct Debit); the browser returns to `returnUrl` with `?setup_intent=ID`. */
  startSetup(input: { customerId: string; returnUrl: string; idempotencyKey: string }): Promise<SetupStart>;
  getSetup(id: string): Promise<SetupState>;

  listPaymentMethods(customerId: string): Promise<PaymentMethodInfo[]>;
  /** The method renewals and the percent are charged to. */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;

  /** Products and prices made current for every plan (a changed amount gets a new price; old ones are archived). */
  syncPlans(plans: PlanForSync[]): Promise<PlanSyncResult[]>;
  listPrices(): Promise<ProviderPrice[]>;

  /**
   * A subscription to `priceId`, charged to the customer's default method. With `trialEnd`, no
   * charge before it; without, the first period is charged now (declined: status `incomplete`).
   */
  createSubscription(input: {
    customerId: string;
    priceId: string;
    trialEnd: Date | null;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /** Another price: `prorate` charges the difference now (upgrade); without, the next period is at the new price (downgrade). */
  changeSubscriptionPrice(
    id: string,
    input: { priceId: string; prorate: boolean },
  ): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /**
   * Ends it now: no refund of the period paid, no prorated credit, no final invoice; an open
   * invoice is voided. `reason` is kept with it at the provider (who ended it and why).
   */
  cancelSubscription(id: string, opts?: { reason?: string }): Promise<ProviderSubscription>;
  /** Retries the open invoice of a subscription now (after a new card), answering the invoice. */
  payInvoice(id: string): Promise<ProviderInvoice>;

  /**
   * A one-off invoice (the month's percent): an invoice item of `amountCents` plus VAT, the
   * invoice finalized and charged to the default method at once. The key makes it once.
   */
  chargeInvoice(input: {
    customerId: string;
    amountCents: number;
    vatCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderInvoice>;
  getInvoice(id: string): Promise<ProviderInvoice>;

  /** A webhook's event, after checking its signature (throws `signature` otherwise). */
  parseWebhook(input: {
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
  }): BillingEvent;

  /**
   * The sandbox's clock (absent at Stripe, whose renewals arrive as webhooks): renews every
   * sandbox subscription whose period or trial ended before `now` (charging the default method),
   * ends those cancelled at period end, and answers the events this caused.
   */
  advanceClock?(now: Date): Promise<BillingEvent[]>;
}
