import { lazy } from 'react';
import { loadLocale } from '../i18n';
import { splitLocale } from '../locale';

/** Layouts load on demand so a page such as checkout does not carry the back-office frame. */
export const AppLayout = lazy(() => import('./AppLayout'));
export const PublicLayout = lazy(() => import('./PublicLayout'));
/**
 * antd's providers around every layout (app/AntdRoot.tsx): checkout and sandbox pages do without.
 * The back office's texts come with it (a shopper's page loads only the shopper's); should they
 * fail to load, the screens show anyway and the locale root tries again on a language switch.
 */
export const AntdRoot = lazy(() =>
  Promise.all([
    import('../AntdRoot'),
    loadLocale(splitLocale(window.location.pathname).locale, ['backOffice']).catch(() => undefined),
  ]).then(([root]) => root),
);
