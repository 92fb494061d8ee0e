import {
  type CreatedPayment,
  type CreatePaymentInput,
  type CredentialsCheck,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundedState,
  type RefundOptions,
  type TPaymentStatus,
  type WebhookInput,
  type WebhookNotice,
  webhookIdOf,
} from './provider.ts';

/**
 * The embedded pretend provider (the default, and the demo's): its "hosted page" is our own
 * `/sandbox/pay/{paymentId}`, whose buttons post `POST /api/sandbox/payments/{paymentId}`
 * `{outcome}`; that route calls `settle` and then runs the same confirmation as a real webhook.
 *
 * The sandbox's state is the "provider side" of the payment and is kept apart from our
 * `payments.status` (which the confirmation writes from `getStatus`, as for Mollie or Stripe), so
 * the confirmation's "did it just become paid?" test works the same for all providers. It lives
 * in a `SandboxStore`; `drizzleSandboxStore` keeps it in the payment row's `raw` jsonb under the
 * `sandbox` key, so every server process sees the same state.
 */

export const SANDBOX_METHODS = ['card', 'paypal', 'bancontact', 'ideal'] as const;
export type TSandboxOutcome = 'paid' | 'failed' | 'canceled';

/** What the pretend provider knows about one payment. */
export interface SandboxRecord {
  status: TPaymentStatus;
  amountCents: number;
  refundedCents: number;
  method: string | null;
  /** ISO date of the Pay click. */
  paidAt: string | null;
  /** Refunds made, by idempotency key when one was given (a retry with it answers the same refund). */
  refunds?: { id: string; key: string | null; amountCents: number }[];
}

/** Where the sandbox keeps its state, by our `payments.id`. */
export interface SandboxStore {
  get(paymentId: number): Promise<SandboxRecord | null>;
  set(paymentId: number, record: SandboxRecord): Promise<void>;
}

/** A store in this process's memory (tests, scripts): not shared between server processes. */
export function memorySandboxStore(): SandboxStore {
  const records = new Map<number, SandboxRecord>();
  return {
    get: async (id) => {
      const r = records.get(id);
      return r ? { ...r } : null;
    },
    set: async (id, record) => {
      records.set(id, { ...record });
    },
  };
}

/** `sbx_42` ↔ payment 42. */
export const sandboxExternalId = (paymentId: number) => `sbx_${paymentId}`;
const paymentIdOf = (externalId: string): number | null => {
  const m = /^sbx_([1-9]\d{0,9})$/.exec(externalId);
  return m ? Number(m[1]) : null;
};

export interface SandboxOptions {
  /** The app's public origin (`PUBLIC_URL`), for the pay page's URL. */
  publicUrl: string;
  store: SandboxStore;
  /**
   * The secret of a payment's pay page (`?k=`): payment ids are sequential, so without it anyone
   * could settle anyone's sandbox payment. Omitted in unit tests of the provider alone.
   */
  pageKey?: (paymentId: number) => string;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly opts: SandboxOptions) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (!Number.isInteger(input.amountCents) || input.amountCents < 0) {
      throw new PaymentProviderError('sandbox', 'invalid_request', `Invalid amount ${input.amountCents}`);
    }
    const record: SandboxRecord = {
      status: 'open',
      amountCents: input.amountCents,
      refundedCents: 0,
      method: input.method ?? null,
      paidAt: null,
    };
    await this.opts.store.set(input.paymentId, record);
    return {
      externalId: sandboxExternalId(input.paymentId),
      checkoutUrl:
        `${this.opts.publicUrl.replace(/\/$/, '')}/sandbox/pay/${input.paymentId}` +
        (this.opts.pageKey ? `?k=${this.opts.pageKey(input.paymentId)}` : ''),
      status: 'open',
      raw: { sandbox: record },
    };
  }

  async getStatus(externalId: string): Promise<PaymentState> {
    const id = paymentIdOf(externalId);
    const record = id === null ? null : await this.opts.store.get(id);
    if (!record)
      throw new PaymentProviderError('sandbox', 'not_found', `No sandbox payment ${externalId}`, 404);
    return stateOf(externalId, record);
  }

  /**
   * The pay page's buttons: settles an open payment. Clicking the same button again answers the
   * same state; another outcome on a settled payment is refused.
   */
  async settle(paymentId: number, outcome: TSandboxOutcome, method?: string): Promise<PaymentState> {
    const externalId = sandboxExternalId(paymentId);
    const record = await this.opts.store.get(paymentId);
    if (!record)
      throw new PaymentProviderError('sandbox', 'not_found', `No sandbox payment ${paymentId}`, 404);
    if (record.status === outcome) return stateOf(externalId, record);
    if (record.status !== 'open' && record.status !== 'pending') {
      throw new PaymentProviderError(
        'sandbox',
        'invalid_request',
        `This payment is already ${record.status}`,
      );
    }
    const next: SandboxRecord = {
      ...record,
      status: outcome,
      method: method ?? record.method,
      paidAt: outcome === 'paid' ? new Date().toISOString() : null,
    };
    await this.opts.store.set(paymentId, next);
    return stateOf(externalId, next);
  }

  /** An open payment becomes canceled (its pay page then shows it settled); a settled one is refused. */
  async cancel(externalId: string): Promise<PaymentState> {
    const id = paymentIdOf(externalId);
    if (id === null || !(await this.opts.store.get(id)))
      throw new PaymentProviderError('sandbox', 'not_found', `No sandbox payment ${externalId}`, 404);
    return this.settle(id, 'canceled');
  }

  /** Refunds once per idempotency key, as the real providers do. */
  async refund(externalId: string, amountCents?: number, opts: RefundOptions = {}): Promise<RefundedState> {
    const id = paymentIdOf(externalId);
    const record = id === null ? null : await this.opts.store.get(id);
    if (id === null || !record)
      throw new PaymentProviderError('sandbox', 'not_found', `No sandbox payment ${externalId}`, 404);
    const refunds = record.refunds ?? [];
    const again = opts.idempotencyKey ? refunds.find((r) => r.key === opts.idempotencyKey) : undefined;
    if (again) return { ...stateOf(externalId, record), refundId: again.id };
    if (record.status !== 'paid') {
      throw new PaymentProviderError(
        'sandbox',
        'invalid_request',
        `A ${record.status} payment cannot be refunded`,
      );
    }
    const left = record.amountCents - record.refundedCents;
    const amount = amountCents ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new PaymentProviderError(
        'sandbox',
        'invalid_request',
        `Cannot refund ${amount} cents of ${left} left`,
      );
    }
    const refundedCents = record.refundedCents + amount;
    const refundId = `sbx_re_${id}_${refunds.length + 1}`;
    const next: SandboxRecord = {
      ...record,
      refundedCents,
      status: refundedCents >= record.amountCents ? 'refunded' : 'paid',
      refunds: [...refunds, { id: refundId, key: opts.idempotencyKey ?? null, amountCents: amount }],
    };
    await this.opts.store.set(id, next);
    return { ...stateOf(externalId, next), refundId };
  }

  /** The body names the payment (`id=sbx_42`, form or JSON); it must be one the sandbox knows. */
  async verifyWebhook(input: WebhookInput): Promise<WebhookNotice> {
    const externalId = webhookIdOf(input.rawBody);
    const id = externalId ? paymentIdOf(externalId) : null;
    if (!externalId || id === null || !(await this.opts.store.get(id))) {
      throw new PaymentProviderError('sandbox', 'webhook_refused', 'Unknown sandbox payment');
    }
    return { externalId };
  }

  async testCredentials(): Promise<CredentialsCheck> {
    return { label: 'Sandbox', methods: [...SANDBOX_METHODS] };
  }
}

function stateOf(externalId: string, r: SandboxRecord): PaymentState {
  return {
    externalId,
    status: r.status,
    amountCents: r.amountCents,
    refundedCents: r.refundedCents,
    method: r.method,
    paidAt: r.paidAt ? new Date(r.paidAt) : null,
    raw: { sandbox: r },
  };
}
