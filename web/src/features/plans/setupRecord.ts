import type { TBillingInterval } from '@livecart/contract/billing';

/**
 * What the app remembers across the provider's registration page: why the registration was
 * started, so the return page knows which call completes it.
 */
export interface SetupRecord {
  purpose: 'subscribe' | 'add_method';
  planId?: number;
  type?: TBillingInterval;
  returnTo: 'plan' | 'registration' | 'pricing';
}

const KEY = 'billing-setup';

export function writeSetupRecord(record: SetupRecord): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(record));
  } catch {
    // storage disabled: the return page completes the registration as a new payment method
  }
}

export function readSetupRecord(): SetupRecord | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const r = JSON.parse(raw) as SetupRecord;
    return r && (r.purpose === 'subscribe' || r.purpose === 'add_method') ? r : null;
  } catch {
    return null;
  }
}

export function clearSetupRecord(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

/** Remembers the registration, then opens the provider's page (the sandbox card page or Stripe's). */
export function goToSetup(redirectUrl: string, record: SetupRecord): void {
  writeSetupRecord(record);
  window.location.assign(redirectUrl);
}
