import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** `90` → `1 h 30 min`, `30` → `30 min`; 0 is handled by the caller (carts never expire). */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** True when the store's social token is refused or past its expiry. */
export const tokenNeedsResync = (
  longTokenError: string | null | undefined,
  expireTokenAt: string | null | undefined,
) => !!longTokenError || (!!expireTokenAt && Date.parse(expireTokenAt) < Date.now());

/** `0` → carts never expire; else `30 min`, `1 h 30 min`. */
export function useCartDurationText() {
  const { t } = useTranslation();
  return useCallback((minutes: number) => (minutes === 0 ? t('live.noExpiry') : minutesText(minutes)), [t]);
}
