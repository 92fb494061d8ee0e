import type { TFunction } from 'i18next';

/** "1 280 abonnés" / "1,280 followers". */
export const followersText = (t: TFunction, n: number, locale: string) =>
  t('stores.followersCount', {
    count: n,
    formatted: n.toLocaleString(locale === 'en' ? 'en-GB' : 'fr-FR'),
  });
