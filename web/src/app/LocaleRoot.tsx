import type { TLocale } from '@livecart/contract/constants';
import { Suspense, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import dayjs from './dayjs';

/** Root of one locale's routes: switches i18n, dayjs and `<html lang>` to it before paint. */
export function LocaleRoot({ locale }: { locale: TLocale }) {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    dayjs.locale(locale);
    document.documentElement.lang = locale;
  }, [i18n, locale]);
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Outlet />
    </Suspense>
  );
}
