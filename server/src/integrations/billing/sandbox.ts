import { createHash, randomBytes } from 'node:crypto';
import { PLATFORM_VAT_BP } from '@livecart/contract/billing';
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
 * The sandbox: a small Stripe of our own (the embedded default and the demo's), where no money
 * moves. Its objects (customers, payment methods, registrations, products, prices, subscriptions,
 * invoices, events) live in a `SandboxBillingStore` (`sandbox_billing_objects`), so every server
 * process sees the same. They behave as Stripe's:
 *
 * - A registration (`startSetup`) is completed on the hosted card page `/sandbox/billing/{id}`
 *   (modules/plans/sandbox-routes.ts), which calls `submitSetup` / `authenticateSetup` and returns
 *   the browser to the registration's return URL with `setup_intent` and `redirect_status`.
 *   The test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined at
 *   registration; 4000 0000 0000 0341 registers but every charge to it is declined;
 *   4000 0025 0000 3155 asks for authentication (Approve / Fail), then charges succeed; the IBAN
 *   FR76 3000 6000 0112 3456 7890 189 registers a SEPA Direct Debit that succeeds.
 * - A subscription with `trialEnd` is `trialing` and charges nothing; without, the first period
 *   is invoiced and charged at once to the customer's default method (declined, or no default
 *   method: the invoice stays open with `paymentFailed` and the subscription is `incomplete`; an
 *   incomplete subscription whose first invoice stays unpaid 23 hours expires).
 * - The clock (`advanceClock(now)`) is the only source of events: every subscription whose trial or
 *   period ended by `now` either ends (cancelled at period end: `customer.subscription.deleted`) or
 *   starts its next period (the price's interval) with an invoice charged to the default method:
 *   `invoice.paid` + `customer.subscription.updated`, or `invoice.payment_failed` +
 *   `customer.subscription.updated` and status `past_due`. A past_due subscription whose invoice
 *   stays unpaid 7 days is cancelled (`customer.subscription.deleted`). The other calls answer
 *   the objects they changed and make no events (their caller applies their answer directly).
 * - Declines are never thrown by charging calls: `createSubscription`, `payInvoice` and
 *   `chargeInvoice` answer the invoice/subscription with `paymentFailed` / `incomplete`, as the
 *   Stripe adapter does. A prorated price change (an upgrade) whose charge is declined is refused
 *   with `BillingProviderError('declined')` and changes nothing.
 * - Every idempotency key is honoured: the same key answers the object the first call made.
 * - Amounts: prices exclude VAT; a subscription invoice is the price plus PLATFORM_VAT_BP,
 *   rounded to the cent; `chargeInvoice` is `amountCents + vatCents`.
 */

/** One stored object. */
export interface SandboxObject {
  id: string;
  kind: SandboxKind;
  data: Record<string, unknown>;
}

export type SandboxKind =
  | 'customer'
  | 'payment_method'
  | 'setup'
  | 'product'
  | 'price'
  | 'subscription'
  | 'invoice'
  | 'event'
  | 'idempotency';

/** Where the sandbox keeps its objects (modules/plans/sandbox-store.ts: `sandbox_billing_objects`). */
export interface SandboxBillingStore {
  get(id: string): Promise<SandboxObject | null>;
  /** Creates or replaces. */
  put(object: SandboxObject): Promise<void>;
  /** Creates unless the id exists; answers whether it did. */
  insert(object: SandboxObject): Promise<boolean>;
  /** Every object of a kind, oldest first. */
  list(kind: SandboxKind): Promise<SandboxObject[]>;
  /**
   * Runs `fn` alone for `id`: the object (null when absent) is locked until `fn` ends (a transaction
   * with `SELECT … FOR UPDATE`); `fn` reads and writes through the store it is given.
   */
  withLock<T>(
    id: string,
    fn: (current: SandboxObject | null, store: SandboxBillingStore) => Promise<T>,
  ): Promise<T>;
}

/** A store in this process's memory (unit tests): `withLock` queues callers of the same id. */
export function memorySandboxBillingStore(): SandboxBillingStore {
  const objects = new Map<string, { object: SandboxObject; seq: number }>();
  const locks = new Map<string, Promise<unknown>>();
  let seq = 0;
  const copy = (o: SandboxObject): SandboxObject => structuredClone(o);
  const store: SandboxBillingStore = {
    get: async (id) => {
      const found = objects.get(id);
      return found ? copy(found.object) : null;
    },
    put: async (object) => {
      const found = objects.get(object.id);
      objects.set(object.id, { object: copy(object), seq: found?.seq ?? ++seq });
    },
    insert: async (object) => {
      if (objects.has(object.id)) return false;
      objects.set(object.id, { object: copy(object), seq: ++seq });
      return true;
    },
    list: async (kind) =>
      [...objects.values()]
        .filter((o) => o.object.kind === kind)
        .sort((a, b) => a.seq - b.seq)
        .map((o) => copy(o.object)),
    withLock: (id, fn) => {
      const previous = locks.get(id) ?? Promise.resolve();
      const run = previous.catch(() => {}).then(() => store.get(id).then((current) => fn(current, store)));
      locks.set(
        id,
        run.catch(() => {}),
      );
      return run;
    },
  };
  return store;
}

export interface SandboxBillingOptions {
  store: SandboxBillingStore;
  /** The app's public origin (`PUBLIC_URL`), for the card page's URL. */
  publicUrl: string;
  /** The secret `k` of a registration's card page (an HMAC of its id). */
  pageKey: (intentId: string) => string;
  now?: () => Date;
}

/** What a test card or IBAN does. */
export type SandboxBehaviour = 'succeeds' | 'declined' | 'charges_declined' | 'authentication';

export const SANDBOX_TEST_CARDS: { number: string; behaviour: SandboxBehaviour; brand: string }[] = [
  { number: '4242424242424242', behaviour: 'succeeds', brand: 'visa' },
  { number: '4000000000000002', behaviour: 'declined', brand: 'visa' },
  { number: '4000000000000341', behaviour: 'charges_declined', brand: 'visa' },
  { number: '4000002500003155', behaviour: 'authentication', brand: 'visa' },
];
export const SANDBOX_TEST_IBAN = 'FR7630006000011234567890189';

/** What the card page sends. */
export type SandboxSetupInput =
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { kind: 'sepa_debit'; iban: string };

/** The card page's answer: where the browser goes next. */
export interface SandboxSetupOutcome {
  status: 'succeeded' | 'failed' | 'requires_action';
  /** The return URL with `setup_intent` and `redirect_status` (absent while authentication is asked). */
  redirectUrl: string | null;
}

type CustomerData = {
  email: string;
  name: string;
  userId: number;
  defaultPaymentMethod: string | null;
  created: string;
};
type PaymentMethodData = {
  customerId: string | null;
  kind: 'card' | 'sepa_debit';
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  behaviour: SandboxBehaviour;
  created: string;
};
type SetupData = {
  customerId: string;
  returnUrl: string;
  status: SetupState['status'];
  paymentMethod: string | null;
  created: string;
};
type ProductData = {
  code: string;
  name: string;
  active: boolean;
};
type PriceData = {
  productId: string;
  planCode: string;
  interval: BillingInterval;
  amountCents: number;
  active: boolean;
};
type SubscriptionData = {
  customerId: string;
  priceId: string;
  status: ProviderSubscriptionStatus;
  trialEnd: string | null;
  /** Periods are counted from here, by whole months (clamped to the month's last day). */
  anchor: string;
  periods: number;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  /** Who ended it and why, when it was ended at once (Stripe's `cancellation_details.comment`). */
  cancellationReason?: string;
  latestInvoiceId: string | null;
  metadata: Record<string, string>;
  created: string;
};
type InvoiceData = {
  customerId: string;
  subscriptionId: string | null;
  status: ProviderInvoice['status'];
  amountDue: number;
  amountPaid: number;
  periodStart: string | null;
  periodEnd: string | null;
  created: string;
  paymentFailed: boolean;
  description: string;
  metadata: Record<string, string>;
  paidAt: string | null;
};

/** Days a past_due subscription's invoice may stay unpaid before the subscription is cancelled. */
const PAST_DUE_DAYS = 7;
const INCOMPLETE_HOURS = 23;

const newId = (prefix: string) => `sbx_${prefix}_${randomBytes(12).toString('hex')}`;
const withVat = (cents: number) => Math.round((cents * (10000 + PLATFORM_VAT_BP)) / 10000);

/** `n` months after `anchor`, on the anchor's day clamped to the month's last day (UTC), as Stripe. */
export function addMonths(anchor: Date, n: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(anchor.getUTCDate(), last),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

const err = (kind: BillingProviderError['kind'], message: string, status?: number) =>
  new BillingProviderError('sandbox', kind, message, status);

export class SandboxBilling implements BillingProvider {
  readonly name = 'sandbox' as const;
  private readonly store: SandboxBillingStore;
  private readonly now: () => Date;

  constructor(private readonly opts: SandboxBillingOptions) {
    this.store = opts.store;
    this.now = opts.now ?? (() => new Date());
  }

  // ---- helpers -------------------------------------------------------------------------------

  private async load<T extends Record<string, unknown>>(
    s: SandboxBillingStore,
    id: string,
    kind: SandboxKind,
  ): Promise<T> {
    const o = typeof id === 'string' && id.length <= 64 ? await s.get(id) : null;
    if (!o || o.kind !== kind) throw err('not_found', `No such ${kind}: ${id}`, 404);
    return o.data as T;
  }

  /**
   * Runs `make` once per `scope` and key: a retry with the same key (even concurrent) answers the
   * id the first call made.
   */
  private async once(
    scope: string,
    key: string,
    make: (s: SandboxBillingStore) => Promise<string>,
  ): Promise<string> {
    if (!key) return make(this.store);
    const id = `sbx_idem_${createHash('sha256').update(`${scope}\n${key}`).digest('hex').slice(0, 48)}`;
    await this.store.insert({ id, kind: 'idempotency', data: { scope, result: null } });
    return this.store.withLock(id, async (current, s) => {
      const done = current?.data.result;
      if (typeof done === 'string') return done;
      const result = await make(s);
      await s.put({ id, kind: 'idempotency', data: { scope, result } });
      return result;
    });
  }

  private async event(s: SandboxBillingStore, type: BillingEvent['type'], objectId: string, at: Date) {
    const e: BillingEvent = { id: newId('evt'), type, created: at, objectId };
    await s.put({ id: e.id, kind: 'event', data: { type, objectId, created: at.toISOString() } });
    return e;
  }

  /** Charges an open invoice to the customer's default method; answers whether it was paid. */
  private async attempt(s: SandboxBillingStore, invoiceId: string, at: Date): Promise<boolean> {
    const inv = await this.load<InvoiceData>(s, invoiceId, 'invoice');
    if (inv.status === 'paid') return true;
    if (inv.status !== 'open') return false;
    const customer = await this.load<CustomerData>(s, inv.customerId, 'customer');
    const pm = customer.defaultPaymentMethod
      ? ((await s.get(customer.defaultPaymentMethod))?.data as PaymentMethodData | undefined)
      : undefined;
    const ok = !!pm && pm.customerId === inv.customerId && pm.behaviour !== 'charges_declined';
    await s.put({
      id: invoiceId,
      kind: 'invoice',
      data: ok
        ? {
            ...inv,
            status: 'paid',
            amountPaid: inv.amountDue,
            paymentFailed: false,
            paidAt: at.toISOString(),
          }
        : { ...inv, paymentFailed: true },
    });
    return ok;
  }

  private async newInvoice(
    s: SandboxBillingStore,
    data: Omit<InvoiceData, 'status' | 'amountPaid' | 'paymentFailed' | 'paidAt'>,
  ): Promise<string> {
    const id = newId('in');
    const full: InvoiceData = {
      ...data,
      status: data.amountDue === 0 ? 'paid' : 'open',
      amountPaid: 0,
      paymentFailed: false,
      paidAt: data.amountDue === 0 ? data.created : null,
    };
    await s.put({ id, kind: 'invoice', data: full });
    return id;
  }

  private periodEnd(sub: SubscriptionData, interval: BillingInterval, periods: number): Date {
    return addMonths(new Date(sub.anchor), periods * (interval === 'year' ? 12 : 1));
  }

  // ---- customers and registrations -----------------------------------------------------------

  async createCustomer(input: { email: string; name: string; userId: number; idempotencyKey: string }) {
    return this.once('customer', input.idempotencyKey, async (s) => {
      const id = newId('cus');
      const data: CustomerData = {
        email: input.email,
        name: input.name,
        userId: input.userId,
        defaultPaymentMethod: null,
        created: this.now().toISOString(),
      };
      await s.put({ id, kind: 'customer', data });
      return id;
    });
  }

  async startSetup(input: {
    customerId: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<SetupStart> {
    await this.load<CustomerData>(this.store, input.customerId, 'customer');
    if (!/^https?:\/\//.test(input.returnUrl))
      throw err('invalid_request', 'returnUrl must be an absolute URL');
    const id = await this.once('setup', input.idempotencyKey, async (s) => {
      const id = newId('seti');
      const data: SetupData = {
        customerId: input.customerId,
        returnUrl: input.returnUrl,
        status: 'pending',
        paymentMethod: null,
        created: this.now().toISOString(),
      };
      await s.put({ id, kind: 'setup', data });
      return id;
    });
    // The page speaks the language of the page it returns to.
    const english = new URL(input.returnUrl).pathname.startsWith('/en/');
    return { id, redirectUrl: this.pageUrl(id, english ? 'en' : undefined) };
  }

  /** The hosted card page of a registration. */
  pageUrl(intentId: string, lang?: 'en'): string {
    const base = this.opts.publicUrl.replace(/\/$/, '');
    return `${base}${lang === 'en' ? '/en' : ''}/sandbox/billing/${intentId}?k=${this.opts.pageKey(intentId)}`;
  }

  async getSetup(id: string): Promise<SetupState> {
    const setup = await this.load<SetupData>(this.store, id, 'setup');
    // The method is the registration's once it succeeded (before, it is not the customer's yet).
    const pm =
      setup.paymentMethod && setup.status === 'succeeded'
        ? ((await this.store.get(setup.paymentMethod))?.data as PaymentMethodData | undefined)
        : undefined;
    return {
      id,
      customerId: setup.customerId,
      status: setup.status,
      paymentMethod: pm && setup.paymentMethod ? pmInfo(setup.paymentMethod, pm) : null,
    };
  }

  /** The registration as the card page shows it (null: unknown); `last4` of the card being authenticated. */
  async pageSetup(
    id: string,
  ): Promise<{ status: SetupState['status']; returnUrl: string; last4: string | null } | null> {
    const o = /^sbx_seti_[0-9a-f]{24}$/.test(id) ? await this.store.get(id) : null;
    if (o?.kind !== 'setup') return null;
    const d = o.data as SetupData;
    const pm = d.paymentMethod
      ? ((await this.store.get(d.paymentMethod))?.data as PaymentMethodData | undefined)
      : undefined;
    return { status: d.status, returnUrl: d.returnUrl, last4: pm?.last4 ?? null };
  }

  private returnUrl(setup: SetupData, id: string, status: 'succeeded' | 'failed'): string {
    const sep = setup.returnUrl.includes('?') ? '&' : '?';
    return `${setup.returnUrl}${sep}setup_intent=${encodeURIComponent(id)}&redirect_status=${status}`;
  }

  /**
   * The card page's form: records the card or IBAN on a pending registration. An unknown card
   * number or IBAN throws `invalid_request` (the page shows it again); a finished registration
   * throws `invalid_request` too.
   */
  async submitSetup(id: string, input: SandboxSetupInput): Promise<SandboxSetupOutcome> {
    let method: Omit<PaymentMethodData, 'customerId' | 'created'>;
    if (input.kind === 'card') {
      const number = input.number.replace(/[\s-]/g, '');
      const card = SANDBOX_TEST_CARDS.find((c) => c.number === number);
      if (!card) throw err('invalid_request', 'card_number');
      if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12)
        throw err('invalid_request', 'card_expiry');
      const now = this.now();
      const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
      if (
        !Number.isInteger(year) ||
        year > now.getUTCFullYear() + 20 ||
        year * 12 + input.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
      )
        throw err('invalid_request', 'card_expiry');
      if (!/^\d{3,4}$/.test(input.cvc)) throw err('invalid_request', 'card_cvc');
      method = {
        kind: 'card',
        brand: card.brand,
        last4: number.slice(-4),
        expMonth: input.expMonth,
        expYear: year,
        behaviour: card.behaviour,
      };
    } else {
      const iban = input.iban.replace(/\s/g, '').toUpperCase();
      if (iban !== SANDBOX_TEST_IBAN) throw err('invalid_request', 'iban');
      method = {
        kind: 'sepa_debit',
        brand: null,
        last4: iban.slice(-4),
        expMonth: null,
        expYear: null,
        behaviour: 'succeeds',
      };
    }
    return this.store.withLock(id, async (current, s) => {
      if (current?.kind !== 'setup') throw err('not_found', `No such setup: ${id}`, 404);
      const setup = current.data as SetupData;
      if (setup.status !== 'pending') throw err('invalid_request', 'setup_finished');
      const now = this.now().toISOString();
      if (method.behaviour === 'declined') {
        await s.put({ id, kind: 'setup', data: { ...setup, status: 'failed' } });
        return { status: 'failed', redirectUrl: this.returnUrl(setup, id, 'failed') };
      }
      const pmId = newId('pm');
      const needsAuth = method.behaviour === 'authentication';
      await s.put({
        id: pmId,
        kind: 'payment_method',
        // Attached to the customer once the registration succeeds.
        data: { ...method, customerId: needsAuth ? null : setup.customerId, created: now },
      });
      if (needsAuth) {
        await s.put({
          id,
          kind: 'setup',
          data: { ...setup, status: 'requires_action', paymentMethod: pmId },
        });
        return { status: 'requires_action', redirectUrl: null };
      }
      await s.put({ id, kind: 'setup', data: { ...setup, status: 'succeeded', paymentMethod: pmId } });
      return { status: 'succeeded', redirectUrl: this.returnUrl(setup, id, 'succeeded') };
    });
  }

  /** The authentication step (card 3155): Approve registers the card, Fail fails the registration. */
  async authenticateSetup(id: string, approve: boolean): Promise<SandboxSetupOutcome> {
    return this.store.withLock(id, async (current, s) => {
      if (current?.kind !== 'setup') throw err('not_found', `No such setup: ${id}`, 404);
      const setup = current.data as SetupData;
      if (setup.status !== 'requires_action' || !setup.paymentMethod)
        throw err('invalid_request', 'setup_finished');
      if (!approve) {
        await s.put({ id, kind: 'setup', data: { ...setup, status: 'failed', paymentMethod: null } });
        return { status: 'failed', redirectUrl: this.returnUrl(setup, id, 'failed') };
      }
      const pm = await this.load<PaymentMethodData>(s, setup.paymentMethod, 'payment_method');
      // Authenticated once at registration, its later charges go through.
      await s.put({
        id: setup.paymentMethod,
        kind: 'payment_method',
        data: { ...pm, customerId: setup.customerId, behaviour: 'succeeds' },
      });
      await s.put({ id, kind: 'setup', data: { ...setup, status: 'succeeded' } });
      return { status: 'succeeded', redirectUrl: this.returnUrl(setup, id, 'succeeded') };
    });
  }

  async listPaymentMethods(customerId: string): Promise<PaymentMethodInfo[]> {
    await this.load<CustomerData>(this.store, customerId, 'customer');
    return (await this.store.list('payment_method'))
      .filter((o) => (o.data as PaymentMethodData).customerId === customerId)
      .map((o) => pmInfo(o.id, o.data as PaymentMethodData));
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<void> {
    await this.store.withLock(customerId, async (current, s) => {
      if (current?.kind !== 'customer') throw err('not_found', `No such customer: ${customerId}`, 404);
      const pm = await this.load<PaymentMethodData>(s, paymentMethodId, 'payment_method');
      if (pm.customerId !== customerId)
        throw err('invalid_request', `Payment method ${paymentMethodId} is not the customer's`);
      await s.put({ ...current, data: { ...current.data, defaultPaymentMethod: paymentMethodId } });
    });
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    const pm = await this.load<PaymentMethodData>(this.store, paymentMethodId, 'payment_method');
    if (!pm.customerId) throw err('invalid_request', `Payment method ${paymentMethodId} is not attached`);
    const customerId = pm.customerId;
    await this.store.withLock(customerId, async (current, s) => {
      await s.put({ id: paymentMethodId, kind: 'payment_method', data: { ...pm, customerId: null } });
      if (current && current.data.defaultPaymentMethod === paymentMethodId)
        await s.put({ ...current, data: { ...current.data, defaultPaymentMethod: null } });
    });
  }

  // ---- plans ---------------------------------------------------------------------------------

  async syncPlans(plans: PlanForSync[]): Promise<PlanSyncResult[]> {
    const products = await this.store.list('product');
    const prices = await this.store.list('price');
    const results: PlanSyncResult[] = [];
    for (const plan of plans) {
      let product = products.find((p) => (p.data as ProductData).code === plan.code);
      if (!product) {
        product = {
          id: newId('prod'),
          kind: 'product',
          data: { code: plan.code, name: plan.name, active: true },
        };
      } else {
        product = { ...product, data: { ...product.data, name: plan.name, active: true } };
      }
      await this.store.put(product);
      const result: PlanSyncResult = { code: plan.code, product: product.id };
      for (const interval of ['month', 'year'] as const) {
        const cents = interval === 'month' ? plan.monthlyCents : plan.yearlyCents;
        const mine = prices.filter((p) => {
          const d = p.data as PriceData;
          return d.productId === product.id && d.interval === interval && d.active;
        });
        const keep =
          cents === null ? undefined : mine.find((p) => (p.data as PriceData).amountCents === cents);
        for (const p of mine) {
          if (p !== keep) await this.store.put({ ...p, data: { ...p.data, active: false } });
        }
        if (cents === null) continue;
        let id = keep?.id;
        if (!id) {
          id = newId('price');
          const data: PriceData = {
            productId: product.id,
            planCode: plan.code,
            interval,
            amountCents: cents,
            active: true,
          };
          await this.store.put({ id, kind: 'price', data });
        }
        result[interval] = { id, cents };
      }
      results.push(result);
    }
    return results;
  }

  async listPrices(): Promise<ProviderPrice[]> {
    return (await this.store.list('price')).map((o) => {
      const d = o.data as PriceData;
      return {
        id: o.id,
        productId: d.productId,
        planCode: d.planCode,
        interval: d.interval,
        amountCents: d.amountCents,
        currency: 'eur',
        active: d.active,
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
    await this.load<CustomerData>(this.store, input.customerId, 'customer');
    const price = await this.load<PriceData>(this.store, input.priceId, 'price');
    if (!price.active) throw err('invalid_request', `Price ${input.priceId} is archived`);
    const now = this.now();
    if (input.trialEnd && input.trialEnd.getTime() <= now.getTime())
      throw err('invalid_request', 'trial_end must be in the future');
    const id = await this.once('subscription', input.idempotencyKey, async (s) => {
      const id = newId('sub');
      const start = now;
      const anchor = input.trialEnd ?? now;
      const sub: SubscriptionData = {
        customerId: input.customerId,
        priceId: input.priceId,
        status: input.trialEnd ? 'trialing' : 'incomplete',
        trialEnd: input.trialEnd?.toISOString() ?? null,
        anchor: anchor.toISOString(),
        periods: input.trialEnd ? 0 : 1,
        currentPeriodStart: start.toISOString(),
        currentPeriodEnd: (
          input.trialEnd ?? addMonths(now, price.interval === 'year' ? 12 : 1)
        ).toISOString(),
        cancelAtPeriodEnd: false,
        canceledAt: null,
        latestInvoiceId: null,
        metadata: { ...input.metadata },
        created: now.toISOString(),
      };
      if (!input.trialEnd) {
        const invoiceId = await this.newInvoice(s, {
          customerId: input.customerId,
          subscriptionId: id,
          amountDue: withVat(price.amountCents),
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
          created: now.toISOString(),
          description: `Subscription ${price.planCode} (${price.interval})`,
          metadata: { ...input.metadata },
        });
        sub.latestInvoiceId = invoiceId;
        if (await this.attempt(s, invoiceId, now)) sub.status = 'active';
      }
      await s.put({ id, kind: 'subscription', data: sub });
      return id;
    });
    return this.getSubscription(id);
  }

  async getSubscription(id: string): Promise<ProviderSubscription> {
    return subInfo(id, await this.load<SubscriptionData>(this.store, id, 'subscription'));
  }

  private async lockSub<T>(
    id: string,
    fn: (sub: SubscriptionData, s: SandboxBillingStore) => Promise<T>,
  ): Promise<T> {
    return this.store.withLock(id, async (current, s) => {
      if (current?.kind !== 'subscription') throw err('not_found', `No such subscription: ${id}`, 404);
      return fn(current.data as SubscriptionData, s);
    });
  }

  async changeSubscriptionPrice(
    id: string,
    input: { priceId: string; prorate: boolean },
  ): Promise<ProviderSubscription> {
    await this.lockSub(id, async (sub, s) => {
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
        throw err('invalid_request', `Subscription ${id} has ended`);
      const price = await this.load<PriceData>(s, input.priceId, 'price');
      if (!price.active) throw err('invalid_request', `Price ${input.priceId} is archived`);
      const old = await this.load<PriceData>(s, sub.priceId, 'price');
      const now = this.now();
      const next: SubscriptionData = { ...sub, priceId: input.priceId };
      if (price.interval !== old.interval && sub.status !== 'trialing') {
        // Another interval starts a new period now, as Stripe does.
        next.anchor = now.toISOString();
        next.periods = 1;
        next.currentPeriodStart = now.toISOString();
        next.currentPeriodEnd = addMonths(now, price.interval === 'year' ? 12 : 1).toISOString();
      } else if (price.interval !== old.interval) {
        next.anchor = sub.trialEnd ?? sub.anchor;
      }
      if (input.prorate && sub.status !== 'trialing') {
        const start = new Date(sub.currentPeriodStart).getTime();
        const end = new Date(sub.currentPeriodEnd).getTime();
        let cents: number;
        if (price.interval !== old.interval) {
          // Unused time of the old period credited against the new period.
          const unused = Math.max(0, end - now.getTime()) / Math.max(1, end - start);
          cents = price.amountCents - Math.round(old.amountCents * unused);
        } else {
          const unused = Math.max(0, end - now.getTime()) / Math.max(1, end - start);
          cents = Math.round((price.amountCents - old.amountCents) * unused);
        }
        if (cents > 0) {
          const invoiceId = await this.newInvoice(s, {
            customerId: sub.customerId,
            subscriptionId: id,
            amountDue: withVat(cents),
            periodStart: now.toISOString(),
            periodEnd: next.currentPeriodEnd,
            created: now.toISOString(),
            description: `Proration ${old.planCode} → ${price.planCode}`,
            metadata: { ...sub.metadata },
          });
          if (!(await this.attempt(s, invoiceId, now))) {
            const inv = await this.load<InvoiceData>(s, invoiceId, 'invoice');
            await s.put({ id: invoiceId, kind: 'invoice', data: { ...inv, status: 'void' } });
            throw err('declined', 'Your card was declined.', 402);
          }
          next.latestInvoiceId = invoiceId;
        }
      }
      await s.put({ id, kind: 'subscription', data: next });
    });
    return this.getSubscription(id);
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
    await this.lockSub(id, async (sub, s) => {
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
        throw err('invalid_request', `Subscription ${id} has ended`);
      await s.put({ id, kind: 'subscription', data: { ...sub, cancelAtPeriodEnd: cancel } });
    });
    return this.getSubscription(id);
  }

  async cancelSubscription(id: string, opts: { reason?: string } = {}): Promise<ProviderSubscription> {
    await this.lockSub(id, async (sub, s) => {
      if (sub.status === 'canceled') return;
      await this.end(s, id, sub, this.now(), opts.reason);
    });
    return this.getSubscription(id);
  }

  private async end(s: SandboxBillingStore, id: string, sub: SubscriptionData, at: Date, reason?: string) {
    if (sub.latestInvoiceId) {
      const inv = (await s.get(sub.latestInvoiceId))?.data as InvoiceData | undefined;
      if (inv?.status === 'open')
        await s.put({ id: sub.latestInvoiceId, kind: 'invoice', data: { ...inv, status: 'void' } });
    }
    await s.put({
      id,
      kind: 'subscription',
      data: {
        ...sub,
        status: 'canceled',
        canceledAt: at.toISOString(),
        ...(reason ? { cancellationReason: reason } : {}),
      },
    });
  }

  /** `id`: an invoice, or a subscription (its latest invoice). A decline answers the invoice with `paymentFailed`. */
  async payInvoice(id: string): Promise<ProviderInvoice> {
    let invoiceId = id;
    if (id.startsWith('sbx_sub_')) {
      const sub = await this.load<SubscriptionData>(this.store, id, 'subscription');
      if (!sub.latestInvoiceId) throw err('invalid_request', `Subscription ${id} has no invoice`);
      invoiceId = sub.latestInvoiceId;
    }
    const inv = await this.load<InvoiceData>(this.store, invoiceId, 'invoice');
    if (inv.status !== 'open') {
      if (inv.status === 'paid') return invoiceInfo(invoiceId, inv);
      throw err('invalid_request', `Invoice ${invoiceId} is ${inv.status}`);
    }
    const now = this.now();
    const run = async (s: SandboxBillingStore) => {
      const paid = await this.attempt(s, invoiceId, now);
      if (paid && inv.subscriptionId) {
        const sub = (await s.get(inv.subscriptionId))?.data as SubscriptionData | undefined;
        if (
          sub &&
          sub.latestInvoiceId === invoiceId &&
          (sub.status === 'past_due' || sub.status === 'incomplete' || sub.status === 'unpaid')
        )
          await s.put({ id: inv.subscriptionId, kind: 'subscription', data: { ...sub, status: 'active' } });
      }
    };
    if (inv.subscriptionId) await this.store.withLock(inv.subscriptionId, (_c, s) => run(s));
    else await this.store.withLock(invoiceId, (_c, s) => run(s));
    return this.getInvoice(invoiceId);
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
      throw err('invalid_request', `Invalid amount ${input.amountCents}`);
    if (!Number.isInteger(input.vatCents) || input.vatCents < 0)
      throw err('invalid_request', `Invalid VAT ${input.vatCents}`);
    await this.load<CustomerData>(this.store, input.customerId, 'customer');
    const now = this.now();
    const id = await this.once('invoice', input.idempotencyKey, async (s) => {
      const id = await this.newInvoice(s, {
        customerId: input.customerId,
        subscriptionId: null,
        amountDue: input.amountCents + input.vatCents,
        periodStart: null,
        periodEnd: null,
        created: now.toISOString(),
        description: input.description,
        metadata: { ...input.metadata },
      });
      await this.attempt(s, id, now);
      return id;
    });
    return this.getInvoice(id);
  }

  async getInvoice(id: string): Promise<ProviderInvoice> {
    return invoiceInfo(id, await this.load<InvoiceData>(this.store, id, 'invoice'));
  }

  parseWebhook(): never {
    throw err('signature', 'The sandbox sends no webhooks');
  }

  // ---- the clock -----------------------------------------------------------------------------

  async advanceClock(now: Date): Promise<BillingEvent[]> {
    const events: BillingEvent[] = [];
    const due = (await this.store.list('subscription')).filter((o) => {
      const d = o.data as SubscriptionData;
      return d.status !== 'canceled' && d.status !== 'incomplete_expired';
    });
    for (const o of due) {
      await this.lockSub(o.id, async (sub, s) => {
        await this.tick(s, o.id, sub, now, events);
      });
    }
    return events;
  }

  /** Brings one subscription to `now` (under its lock: a concurrent clock sees the result). */
  private async tick(
    s: SandboxBillingStore,
    id: string,
    start: SubscriptionData,
    now: Date,
    events: BillingEvent[],
  ) {
    let sub = start;
    for (let guard = 0; guard < 240; guard++) {
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
      const latest = sub.latestInvoiceId
        ? ((await s.get(sub.latestInvoiceId))?.data as InvoiceData | undefined)
        : undefined;
      if (sub.status === 'incomplete') {
        const created = new Date(sub.created).getTime();
        if (created + INCOMPLETE_HOURS * 3600_000 <= now.getTime()) {
          if (latest?.status === 'open' && sub.latestInvoiceId)
            await s.put({ id: sub.latestInvoiceId, kind: 'invoice', data: { ...latest, status: 'void' } });
          sub = { ...sub, status: 'incomplete_expired' };
          await s.put({ id, kind: 'subscription', data: sub });
          events.push(await this.event(s, 'customer.subscription.deleted', id, now));
        }
        return;
      }
      if (sub.status === 'past_due' && latest?.status === 'open') {
        const failedSince = new Date(latest.created).getTime();
        if (failedSince + PAST_DUE_DAYS * 86400_000 <= now.getTime()) {
          const at = new Date(failedSince + PAST_DUE_DAYS * 86400_000);
          await this.end(s, id, sub, at);
          events.push(await this.event(s, 'customer.subscription.deleted', id, at));
        }
        return;
      }
      const end = new Date(sub.currentPeriodEnd);
      if (end.getTime() > now.getTime()) return;
      if (sub.cancelAtPeriodEnd) {
        await this.end(s, id, sub, end);
        events.push(await this.event(s, 'customer.subscription.deleted', id, end));
        return;
      }
      const price = await this.load<PriceData>(s, sub.priceId, 'price');
      const periods = sub.periods + 1;
      const next: SubscriptionData = {
        ...sub,
        periods,
        currentPeriodStart: end.toISOString(),
        currentPeriodEnd: this.periodEnd(sub, price.interval, periods).toISOString(),
      };
      const invoiceId = await this.newInvoice(s, {
        customerId: sub.customerId,
        subscriptionId: id,
        amountDue: withVat(price.amountCents),
        periodStart: next.currentPeriodStart,
        periodEnd: next.currentPeriodEnd,
        created: end.toISOString(),
        description: `Subscription ${price.planCode} (${price.interval})`,
        metadata: { ...sub.metadata },
      });
      next.latestInvoiceId = invoiceId;
      const paid = await this.attempt(s, invoiceId, end);
      next.status = paid ? 'active' : 'past_due';
      await s.put({ id, kind: 'subscription', data: next });
      events.push(await this.event(s, paid ? 'invoice.paid' : 'invoice.payment_failed', invoiceId, end));
      events.push(await this.event(s, 'customer.subscription.updated', id, end));
      sub = next;
    }
  }
}

function pmInfo(id: string, d: PaymentMethodData): PaymentMethodInfo {
  return { id, kind: d.kind, brand: d.brand, last4: d.last4, expMonth: d.expMonth, expYear: d.expYear };
}

function subInfo(id: string, d: SubscriptionData): ProviderSubscription {
  return {
    id,
    customerId: d.customerId,
    status: d.status,
    priceId: d.priceId,
    trialEnd: d.trialEnd ? new Date(d.trialEnd) : null,
    currentPeriodStart: new Date(d.currentPeriodStart),
    currentPeriodEnd: new Date(d.currentPeriodEnd),
    cancelAtPeriodEnd: d.cancelAtPeriodEnd,
    canceledAt: d.canceledAt ? new Date(d.canceledAt) : null,
    latestInvoiceId: d.latestInvoiceId,
    metadata: { ...d.metadata },
  };
}

function invoiceInfo(id: string, d: InvoiceData): ProviderInvoice {
  return {
    id,
    customerId: d.customerId,
    subscriptionId: d.subscriptionId,
    status: d.status,
    amountDue: d.amountDue,
    amountPaid: d.amountPaid,
    periodStart: d.periodStart ? new Date(d.periodStart) : null,
    periodEnd: d.periodEnd ? new Date(d.periodEnd) : null,
    created: new Date(d.created),
    paymentFailed: d.paymentFailed,
    metadata: { ...d.metadata },
  };
}
