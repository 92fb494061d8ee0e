import type { TLocale } from '@livecart/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { hasLocale, loadLocale } from './i18n';

/**
 * Whether the locale's texts are there (each language's parts are chunks of their own, app/i18n.ts):
 * every part the app has needed so far; loads them when they are not. A failed load shows the page anyway rather than a loader forever.
 */
function useLocaleTexts(locale: TLocale): boolean {
  const [failed, setFailed] = useState<TLocale | null>(null);
  const [, setLoaded] = useState<TLocale | null>(null);
  const ready = failed === locale || hasLocale(locale);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadLocale(locale).then(
      () => live && setLoaded(locale),
      () => live && setFailed(locale),
    );
    return () => {
      live = false;
    };
  }, [ready, locale]);
  return ready;
}

/**
 * Root of one locale's routes: switches i18n (and so dayjs, app/dayjs.ts) and `<html lang>` to it before paint. On a
 * switch, the data on screen (answered in the other language: notifications, colour and size
 * names) is asked again in this one; the session is not language data.
 */
export function LocaleRoot({ locale }: { locale: TLocale }) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const ready = useLocaleTexts(locale);
  useLayoutEffect(() => {
    if (!ready) return;
    if (i18n.language !== locale) {
      void i18n.changeLanguage(locale);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    }
    document.documentElement.lang = locale;
  }, [i18n, locale, ready, queryClient]);
  if (!ready) return <FullScreenLoader />;
  // its pages are lazy chunks, shown with the CSS-only loader meanwhile
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Outlet />
    </Suspense>
  );
}
