import { sellerNeedsPlan } from '@livecart/contract/user';
import { readSessionUser } from '../modules/auth/session.ts';
import { AppError } from './errors.ts';
import type { App, Deps, PlanError, RouteAccess } from './http.ts';
import { pickLocale } from './locale.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every /api route must say who may call it (`config.access`); this refuses to start otherwise.
 * On each request: mutating calls from another origin answer 403, the session is read (and its
 * token version checked), then the route's roles are enforced: 401 signed out, 403 wrong role,
 * 403 `plan_required` for a seller without a valid plan (or the route's own `planError`, e.g.
 * `live_plan_required` on live-session routes).
 */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  withoutPlan: boolean;
  /** What a seller without a valid plan is answered. */
  planError: PlanError;
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
      });
    }
  });

  const allowedOrigin = new URL(deps.config.publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    if (MUTATING.has(request.method)) {
      const origin = request.headers.origin;
      const sameHost = `${request.protocol}://${request.headers.host}`;
      if (origin && origin !== allowedOrigin && origin !== sameHost) throw new AppError('bad_origin');
      if (!origin && request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('bad_origin');
    }
    request.user = await readSessionUser(request, deps);
    request.locale = pickLocale({
      query: request.query,
      userLocale: request.user?.selected_locale,
      acceptLanguage: request.headers['accept-language'],
    });
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = request.user;
    if (!user) throw new AppError('unauthorized');
    if (access === 'user') return;
    if (!access.includes(user.role_id)) throw new AppError('forbidden');
    if (user.role_id === 2 && !request.routeOptions.config.withoutPlan && sellerNeedsPlan(user)) {
      throw new AppError(request.routeOptions.config.planError ?? 'plan_required');
    }
  });
  return table;
}
