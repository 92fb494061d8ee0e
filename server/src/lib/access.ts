import { sellerNeedsPlan } from '@livecart/contract/user';
import { readSession } from '../modules/auth/session.ts';
import { type CrossSite, isCrossSite } from './cross-site.ts';
import { AppError } from './errors.ts';
import { type App, type Deps, isApiRequest, type PlanError, type RouteAccess } from './http.ts';
import { PAGE_LOCALE_HEADER, pickLocale } from './locale.ts';

/**
 * Every /api route must say who may call it (`config.access`); this refuses to start otherwise.
 * On each request: a request another site made answers 403 `bad_origin` whatever its method,
 * unless the route declares why it may be reached from another site (`config.crossSite`); the
 * session is read (and its token version checked), then the route's roles are enforced: 401
 * signed out, 403 wrong role, 403 `plan_required` for a seller without a valid plan (or the
 * route's own `planError`, e.g. `live_plan_required` on live-session routes). While an admin is
 * signed in as a seller, the routes that reveal or change the account's secrets answer 403
 * `impersonation_forbidden`.
 */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  withoutPlan: boolean;
  /** What a seller without a valid plan is answered. */
  planError: PlanError;
  /** Why it may be reached from another site; null: cross-site requests are refused. */
  crossSite: CrossSite | null;
  /** A GET that changes something (audited like a POST while an admin is signed in as a seller). */
  changesState: boolean;
  /** Refused while an admin is signed in as the seller (password, e-mail, payment credentials). */
  refusedWhileImpersonating: boolean;
}

export function installAccessControl(app: App, deps: Deps): DeclaredRoute[] {
  const table: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        access,
        withoutPlan: !!route.config?.withoutPlan,
        planError: route.config?.planError ?? 'plan_required',
        crossSite: route.config?.crossSite ?? null,
        changesState: !!route.config?.changesState,
        refusedWhileImpersonating: !!route.config?.refusedWhileImpersonating,
      });
    }
  });

  const appOrigin = new URL(deps.config.publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    const route = request.routeOptions.config;
    if (route?.access && !route.crossSite && isCrossSite(request.headers, appOrigin)) {
      throw new AppError('bad_origin');
    }
    const session = await readSession(request, deps);
    request.user = session?.user ?? null;
    request.impersonator = session?.impersonator ?? null;
    request.locale = pickLocale({
      query: request.query,
      pageLocale: request.headers[PAGE_LOCALE_HEADER],
      userLocale: request.user?.selected_locale,
      acceptLanguage: request.headers['accept-language'],
    });
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = request.user;
    if (!user) throw new AppError('unauthorized');
    if (request.impersonator && route.refusedWhileImpersonating)
      throw new AppError('impersonation_forbidden');
    if (access === 'user') return;
    if (!access.includes(user.role_id)) throw new AppError('forbidden');
    if (user.role_id === 2 && !request.routeOptions.config.withoutPlan && sellerNeedsPlan(user)) {
      throw new AppError(request.routeOptions.config.planError ?? 'plan_required');
    }
  });
  return table;
}
