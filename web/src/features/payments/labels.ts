import { FREE_PAYMENT } from '@livecart/contract/payments';
import type { TFunction } from 'i18next';
import { tDynamic } from '../../app/i18n';

/** A provider's display name (`mollie` → Mollie). */
export const providerLabel = (t: TFunction, provider: string | null | undefined): string =>
  provider ? tDynamic(t, `payments.providers.${provider}`, provider) : '';

/** A method's display name (`card` → Carte bancaire), the code itself when unknown. */
export const methodLabel = (t: TFunction, method: string | null | undefined): string =>
  method ? tDynamic(t, `payments.methodNames.${method}`, method) : '';

/** `Mollie · PayPal`, or whichever half is known; a free order's payment is named alone ("Commande offerte"). */
export const paymentLabel = (
  t: TFunction,
  provider: string | null | undefined,
  method: string | null | undefined,
): string =>
  provider === FREE_PAYMENT
    ? providerLabel(t, provider)
    : [providerLabel(t, provider), methodLabel(t, method)].filter(Boolean).join(' · ');
