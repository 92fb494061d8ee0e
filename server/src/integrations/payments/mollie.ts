import createMollieClient, { type MollieClient, type Payment, PaymentMethod } from '@mollie/api-client';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type CredentialsCheck,
  errorKindOf,
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

/** Our method codes that Mollie names differently; the others (paypal, bancontact, ideal…) are the same. */
const TO_MOLLIE: Record<string, string> = { card: 'creditcard' };
const FROM_MOLLIE: Record<string, string> = { creditcard: 'card' };

/** Cents as Mollie's amount string: 123450 → "1234.50". */
export const mollieValue = (cents: number): string => {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Invalid amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};
const toCents = (value: string | undefined): number => (value ? Math.round(Number(value) * 100) : 0);

/** Mollie payment statuses on ours: `authorized` is not settled yet, `expired` is an abandoned payment. */
function statusOf(p: Payment): TPaymentStatus {
  const amount = toCents(p.amount.value);
  if (p.status === 'paid')
    return amount > 0 && toCents(p.amountRefunded?.value) >= amount ? 'refunded' : 'paid';
  if (p.status === 'authorized' || p.status === 'pending') return 'pending';
  if (p.status === 'expired' || p.status === 'canceled') return 'canceled';
  if (p.status === 'failed') return 'failed';
  return 'open';
}

function stateOf(p: Payment): PaymentState {
  return {
    externalId: p.id,
    status: statusOf(p),
    amountCents: toCents(p.amount.value),
    refundedCents: toCents(p.amountRefunded?.value),
    method: p.method ? (FROM_MOLLIE[p.method] ?? p.method) : null,
    paidAt: p.paidAt ? new Date(p.paidAt) : null,
    testMode: p.mode === 'test',
    raw: {
      id: p.id,
      mode: p.mode,
      status: p.status,
      amount: p.amount,
      amountRefunded: p.amountRefunded,
      method: p.method,
      paidAt: p.paidAt,
      metadata: p.metadata,
    },
  };
}

/** A Mollie error (or a network failure) as ours, keeping Mollie's own message. */
function mapError(err: unknown): never {
  if (err instanceof PaymentProviderError) throw err;
  const e = err as { statusCode?: number; message?: string };
  throw new PaymentProviderError(
    'mollie',
    errorKindOf(e.statusCode),
    e.message || 'Mollie error',
    e.statusCode,
  );
}

export interface MollieOptions {
  /** The merchant's own key, decrypted (`test_…` or `live_…`). */
  apiKey: string;
  /** Another API root (tests); default `https://api.mollie.com:443/v2/`. */
  apiEndpoint?: string;
}

/** Payments to the merchant's own Mollie account, with their API key. */
export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;
  private readonly client: MollieClient;

  constructor(private readonly opts: MollieOptions) {
    this.client = createMollieClient({
      apiKey: opts.apiKey,
      versionStrings: 'Livecart/1.0',
      ...(opts.apiEndpoint ? { apiEndpoint: opts.apiEndpoint } : {}),
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const method = input.method ? (TO_MOLLIE[input.method] ?? input.method) : undefined;
    if (method && !(Object.values(PaymentMethod) as string[]).includes(method)) {
      throw new PaymentProviderError(
        'mollie',
        'invalid_request',
        `Mollie has no payment method "${input.method}"`,
      );
    }
    try {
      const payment = await this.client.payments.create({
        amount: { currency: input.currency ?? 'EUR', value: mollieValue(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        ...(input.cancelUrl ? { cancelUrl: input.cancelUrl } : {}),
        webhookUrl: input.webhookUrl,
        ...(method ? { method: method as PaymentMethod } : {}),
        ...(input.locale ? { locale: (input.locale === 'fr' ? 'fr_FR' : 'en_US') as never } : {}),
        metadata: { orderNumber: input.orderNumber, paymentId: input.paymentId },
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) {
        throw new PaymentProviderError('mollie', 'invalid_request', 'Mollie answered without a checkout URL');
      }
      const state = stateOf(payment);
      return { externalId: payment.id, checkoutUrl, status: state.status, raw: state.raw };
    } catch (err) {
      mapError(err);
    }
  }

  async getStatus(externalId: string): Promise<PaymentState> {
    try {
      return stateOf(await this.client.payments.get(externalId));
    } catch (err) {
      mapError(err);
    }
  }

  /** `DELETE /v2/payments/{id}`: Mollie answers 422 when the payment is not cancelable. */
  async cancel(externalId: string): Promise<PaymentState> {
    try {
      return stateOf(await this.client.payments.cancel(externalId));
    } catch (err) {
      mapError(err);
    }
  }

  /** `POST /v2/payments/{id}/refunds`, with the `Idempotency-Key` header when given. */
  async refund(externalId: string, amountCents?: number, opts: RefundOptions = {}): Promise<RefundedState> {
    const before = await this.getStatus(externalId);
    const amount = amountCents ?? before.amountCents - before.refundedCents;
    if (amount <= 0) throw new PaymentProviderError('mollie', 'invalid_request', 'Nothing left to refund');
    let refundId: string;
    try {
      const refund = await this.client.paymentRefunds.create({
        paymentId: externalId,
        amount: {
          currency: (before.raw.amount as { currency?: string })?.currency ?? 'EUR',
          value: mollieValue(amount),
        },
        ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
      });
      refundId = refund.id;
    } catch (err) {
      mapError(err);
    }
    return { ...(await this.getStatus(externalId)), refundId };
  }

  /**
   * Mollie signs nothing: its webhook posts `id=tr_…` (form-encoded). The id is read back with
   * this merchant's key, so an id that is not theirs (404) or made up is refused.
   */
  async verifyWebhook(input: WebhookInput): Promise<WebhookNotice> {
    const id = webhookIdOf(input.rawBody);
    if (!id || !/^tr_[A-Za-z0-9]+$/.test(id)) {
      throw new PaymentProviderError('mollie', 'webhook_refused', 'The webhook carries no Mollie payment id');
    }
    try {
      await this.getStatus(id);
    } catch (err) {
      if (err instanceof PaymentProviderError && (err.kind === 'not_found' || err.kind === 'unauthorized')) {
        throw new PaymentProviderError(
          'mollie',
          'webhook_refused',
          `Unknown Mollie payment ${id}: ${err.message}`,
          err.status,
        );
      }
      throw err;
    }
    return { externalId: id };
  }

  /** Lists the methods enabled on the merchant's profile: fails on a wrong or revoked key. */
  async testCredentials(): Promise<CredentialsCheck> {
    try {
      const methods = await this.client.methods.list();
      return {
        label: `Mollie (${this.opts.apiKey.startsWith('live_') ? 'live' : 'test'})`,
        methods: methods.map((m) => FROM_MOLLIE[m.id] ?? m.id),
      };
    } catch (err) {
      mapError(err);
    }
  }
}
