import { type ComponentType, lazy } from 'react';
import { loadLocale } from '../i18n';
import { splitLocale } from '../locale';

/** Layouts load on demand so a page such as checkout does not carry the back-office frame. */
export const AppLayout = lazy(() => import('./AppLayout'));
export const PublicLayout = lazy(() => import('./PublicLayout'));

/**
 * Loads one part of the texts of the address's language. Should it fail, the screens show anyway
 * and the locale root tries again on a language switch.
 */
const loadTexts = (area: 'frame' | 'backOffice') =>
  loadLocale(splitLocale(window.location.pathname).locale, [area]).catch(() => undefined);

/**
 * antd's providers around every layout (app/AntdRoot.tsx): checkout and sandbox pages do without.
 * The texts of the back office's frame and dashboard come with it (a shopper's page loads only the
 * shopper's).
 */
export const AntdRoot = lazy(() =>
  Promise.all([import('../AntdRoot'), loadTexts('frame')]).then(([root]) => root),
);

/**
 * A screen of the app other than the dashboard: its chunk and the back office's other texts,
 * fetched together, so the dashboard, the first screen after sign-in, loads without them.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound for the props of a screen
export function screen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadTexts('backOffice')]).then(([page]) => page));
}
