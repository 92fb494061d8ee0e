import type { TPaymentProviderName, TPaymentRowStatus } from '@livecart/contract/payments';

/**
 * The seam between checkout and a payment service that pays the merchant's own account.
 *
 * Flow expected from the caller (issue 5):
 * 1. insert the `payments` row (status `open`, external_id null), then `createPayment` with its
 *    id, and store `externalId` and `checkoutUrl` on the row; send the shopper to `checkoutUrl`;
 * 2. on a webhook, `verifyWebhook(raw body, headers)` gives the provider's payment id (or throws
 *    `PaymentProviderError` kind `webhook_refused`); check it is the row's `external_id`;
 * 3. always `getStatus(externalId)` before changing anything: the provider's answer is the only
 *    truth (webhooks, the return page and `insert-status` all read it back), so a forged call
 *    changes nothing.
 * Amounts are integer cents in and out; each adapter formats them for its provider.
 */

export type TPaymentProvider = TPaymentProviderName;
/** The normalized status, as stored in `payments.status`. */
export type TPaymentStatus = TPaymentRowStatus;

export interface CreatePaymentInput {
  /** Our `payments.id`; the sandbox builds its page URL from it, the others put it in metadata. */
  paymentId: number;
  orderNumber: string;
  amountCents: number;
  /** ISO 4217, upper case; only EUR is sold today. */
  currency?: string;
  /** What the shopper sees on the provider's page and statement. */
  description: string;
  /** Our method code (`card`, `paypal`, `bancontact`, `ideal`, …); omitted = the provider's choice. */
  method?: string | null;
  /** Where the shopper returns after paying (and after cancelling unless `cancelUrl` is given). */
  redirectUrl: string;
  cancelUrl?: string;
  /** Where the provider posts its notification (per payment for Mollie; ignored by Stripe, whose endpoint is set in its dashboard). */
  webhookUrl: string;
  locale?: 'fr' | 'en';
  customerEmail?: string | null;
}

export interface CreatedPayment {
  /** The provider's id, for `payments.external_id`. */
  externalId: string;
  /** The hosted page where the shopper pays, for `payments.checkout_url`. */
  checkoutUrl: string;
  status: TPaymentStatus;
  /** The provider's answer, for `payments.raw`. */
  raw: Record<string, unknown>;
}

export interface PaymentState {
  externalId: string;
  status: TPaymentStatus;
  amountCents: number;
  /** Refunded so far; a partial refund leaves the status `paid`. */
  refundedCents: number;
  /** Our method code when the provider says how it was paid. */
  method: string | null;
  paidAt: Date | null;
  /** The provider's answer, for `payments.raw`. */
  raw: Record<string, unknown>;
  /** Made with the provider's test keys: no money moved (Mollie's `mode`, Stripe's `livemode`). */
  testMode?: boolean;
}

export interface RefundOptions {
  /** Sent to the provider (`Idempotency-Key`): a retry with it answers the first refund again. */
  idempotencyKey?: string;
}

/** The payment after a refund, with the provider's id of that refund. */
export interface RefundedState extends PaymentState {
  refundId: string | null;
}

export interface WebhookInput {
  /** The request body exactly as received (signatures are computed over the bytes). */
  rawBody: string | Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface WebhookNotice {
  /** The provider's payment id to read back with `getStatus`. */
  externalId: string;
  /** Stripe Connect: the connected account the event is about. */
  accountId?: string;
  /** The provider's event type when it sends one (`checkout.session.completed`). */
  type?: string;
}

export interface CredentialsCheck {
  /** A short description of the account to show in the settings (`Mollie (test)`, the Stripe business name). */
  label: string;
  /** Our method codes the account can take, when the provider says so. */
  methods?: string[];
}

export interface PaymentProvider {
  readonly name: TPaymentProvider;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  getStatus(externalId: string): Promise<PaymentState>;
  /**
   * Cancels a payment the shopper has not completed, so it can no longer be paid; answers the
   * state after it. Throws `invalid_request` when the provider will not cancel it (already paid,
   * or a method that cannot be canceled once started).
   */
  cancel(externalId: string): Promise<PaymentState>;
  /**
   * Refunds `amountCents`, or what remains when omitted; answers the state after it and the
   * provider's refund id. Calls with the same `idempotencyKey` refund once.
   */
  refund(externalId: string, amountCents?: number, opts?: RefundOptions): Promise<RefundedState>;
  /**
   * Checks a notification is genuine and says which payment it is about; `null` for a genuine
   * event that concerns no payment (answer 200 and ignore it). Throws `webhook_refused` otherwise.
   */
  verifyWebhook(input: WebhookInput): Promise<WebhookNotice | null>;
  /** A cheap authenticated call, run when the merchant saves their credentials. */
  testCredentials(): Promise<CredentialsCheck>;
}

export type PaymentErrorKind =
  /** The key or account is wrong or revoked. */
  | 'unauthorized'
  /** The provider does not know that payment (for this merchant). */
  | 'not_found'
  /** The provider refused the request (amount, method not enabled, refund too large…). */
  | 'invalid_request'
  /** A webhook whose signature or id does not check out. */
  | 'webhook_refused'
  /** Network failure or a 5xx: try again later. */
  | 'unavailable';

/** A provider failure with the provider's own message (shown to the merchant, logged for support). */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    readonly provider: TPaymentProvider,
    readonly kind: PaymentErrorKind,
    message: string,
    /** The provider's HTTP status, when there was an answer. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Maps an HTTP status of a provider's error answer to our kind. */
export function errorKindOf(status: number | undefined): PaymentErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404 || status === 410) return 'not_found';
  if (status === undefined || status >= 500 || status === 429) return 'unavailable';
  return 'invalid_request';
}

/** One value of a header, whatever the casing of its name. */
export function headerValue(headers: WebhookInput['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** The `id` field of a form-encoded (Mollie style) or JSON webhook body. */
export function webhookIdOf(rawBody: string | Buffer): string | undefined {
  const text = rawBody.toString().trim();
  if (text.startsWith('{')) {
    try {
      const id = (JSON.parse(text) as { id?: unknown }).id;
      return typeof id === 'string' ? id : undefined;
    } catch {
      return undefined;
    }
  }
  return new URLSearchParams(text).get('id') ?? undefined;
}
