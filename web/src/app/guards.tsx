import type { TRoleId } from '@livecart/contract/constants';
import { withoutFrenchPrefix } from '@livecart/contract/locale-path';
import { sellerNeedsPlan } from '@livecart/contract/plan';
import { sitePageOf } from '@livecart/contract/site';
import { lazy, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { useSession } from '../features/auth/api';
import { splitLocale } from './locale';
import { NotFoundPage } from './NotFoundPage';
import { useAppPath, useLocalePath } from './useLocale';

// the public site's pages: their own chunk, without antd
const SitePage = lazy(() => import('./SitePage'));

/** Where to go after signing in: a path inside the app, never another site. */
export function safeCallbackPath(raw: string | null | undefined, fallback = '/dashboard'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}

/** The sign-in address that brings the visitor back to the current page afterwards. */
export function signInPathFor(location: { pathname: string; search: string }): string {
  const back = `${splitLocale(location.pathname).path}${location.search}`;
  return `/signin?callbackUrl=${encodeURIComponent(back)}`;
}

/** Signed-out visitors go to /signin?callbackUrl=… */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const lp = useLocalePath();
  if (isLoading) return <FullScreenLoader />;
  if (!user) return <Navigate replace to={lp(signInPathFor(location))} />;
  return children;
}

/** Other roles see the not-found page (no hint that the screen exists). */
export function RequireRole({ roles, children }: { roles: readonly TRoleId[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !roles.includes(user.role_id)) return <NotFoundPage />;
  return children;
}

/** A seller without a valid subscription is sent to /pricing (SPEC §4 Seller access). */
export function RequirePlan({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const lp = useLocalePath();
  if (user && sellerNeedsPlan(user)) return <Navigate replace to={lp('/pricing')} />;
  return children;
}

/** `/`: the dashboard when signed in, the public site's home otherwise (as the server answers). */
export function HomeRedirect() {
  const { user, isLoading } = useSession();
  const lp = useLocalePath();
  if (isLoading) return <FullScreenLoader />;
  if (user) return <Navigate replace to={lp('/dashboard')} />;
  return <SitePage page="home" />;
}

/**
 * The public pages a signed-in user reads in the app's frame (SITE_PAGES_IN_APP: the plans, the
 * guides): a visitor gets the public page of the path, a signed-in user the app's routes below.
 */
export function SiteUnlessSignedIn() {
  const { user, isLoading } = useSession();
  const page = sitePageOf(useAppPath());
  if (isLoading) return <FullScreenLoader />;
  if (!user && page) return <SitePage page={page} />;
  return <Outlet />;
}

/**
 * `/fr` and `/fr/…`: the same French page without the prefix (French has none, SPEC §2), as the
 * server redirects them on a reload.
 */
export function FrenchPrefixRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate replace to={withoutFrenchPrefix(`${pathname}${search}${hash}`) ?? '/'} />;
}
