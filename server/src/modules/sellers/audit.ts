import { ROLE } from '@livecart/contract/constants';
import type { TSellerAuditItem, TSellerAuditList, TSellerAuditQuery } from '@livecart/contract/sellers';
import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import type { App, Ctx, Deps } from '../../lib/http.ts';
import { type ListDef, runList } from '../../lib/list.ts';
import { toIso } from '../../lib/sql.ts';
import { userById } from '../users/accounts.ts';
import { recordAudit } from './impersonations.ts';

/*
 * The seller's audit: what admins did to them (percent, unsubscription) and as them (login-as
 * start and stop, and each change made meanwhile). A change is any request other than GET/HEAD,
 * plus the GETs SPEC keeps for changes (`config.changesState`); reads are not recorded. A line
 * holds the method, the path, the answer's status and the route with its query string, never a
 * body, nor a query value whose name says it is secret.
 */

/**
 * Requests made as the seller that are not recorded as changes: the way back and the sign-out
 * (Auth.js's own paths) record their own line, and the client's error reports change nothing. The
 * other auth calls (a password restore asked for the seller's address…) are recorded.
 */
const NOT_RECORDED = new Set(['/api/sellers/login-as/stop', '/api/auth/*', '/api/auth/_log']);
/** Query parameters whose value is never kept (link tokens, secrets). */
const SECRET_PARAM = /token|secret|password|key|hash|code|^t$/i;

/** Whether a request made as a seller is a change to record. */
export const isRecordedChange = (method: string, route: { url?: string; changesState?: boolean }): boolean =>
  !!route.url &&
  !NOT_RECORDED.has(route.url) &&
  (!['GET', 'HEAD', 'OPTIONS'].includes(method) || !!route.changesState);

/** The query of a recorded request, secrets left out, each value cut to 100 characters. */
function safeQuery(url: string): Record<string, string> | undefined {
  const i = url.indexOf('?');
  if (i < 0) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(url.slice(i + 1))) {
    if (Object.keys(out).length >= 20) break;
    out[k.slice(0, 50)] = SECRET_PARAM.test(k) ? '***' : v.slice(0, 100);
  }
  return out;
}

/**
 * Records, before the answer leaves, each change made while an admin is signed in as a seller
 * (whatever its answer: a refusal is recorded too).
 */
export function installImpersonationAudit(app: App, deps: Deps) {
  app.addHook('onSend', async (request, reply, payload) => {
    const admin = request.impersonator;
    const seller = request.user;
    const config = request.routeOptions.config;
    if (!admin || !seller || !config?.access) return payload;
    const route = { url: request.routeOptions.url, changesState: config.changesState };
    if (!isRecordedChange(request.method, route)) return payload;
    try {
      const query = safeQuery(request.url);
      await recordAudit(deps.database.db, {
        sellerId: seller.id,
        adminId: admin.id,
        impersonationId: admin.impersonationId,
        action: 'request',
        method: request.method,
        path: request.url.split('?')[0],
        statusCode: reply.statusCode,
        detail: { route: route.url, ...(query && { query }) },
      });
    } catch (err) {
      request.log.error({ err }, 'seller audit');
    }
    return payload;
  });
}

interface AuditRow {
  id: number;
  action: TSellerAuditItem['action'];
  method: string | null;
  path: string | null;
  status_code: number | null;
  detail: Record<string, unknown> | null;
  impersonation_id: number | null;
  admin_id: number | null;
  admin_email: string | null;
  admin_name: string | null;
  created_at: Date | string;
}

const auditList = (sellerId: number): ListDef<TSellerAuditQuery, AuditRow, TSellerAuditItem> => ({
  select: sql`sa.id, sa.action, sa.method, sa.path, sa.status_code, sa.detail, sa.impersonation_id,
    sa.created_at, a.id AS admin_id, a.email AS admin_email,
    nullif(concat_ws(' ', a.first_name, a.last_name), '') AS admin_name`,
  from: sql`seller_audit sa LEFT JOIN users a ON a.id = sa.admin_id`,
  where: ({ queryFilter: f }) => [
    sql`sa.seller_id = ${sellerId}`,
    f.action && sql`sa.action = ${f.action}`,
    f.impersonation_id && sql`sa.impersonation_id = ${f.impersonation_id}`,
  ],
  search: [sql`sa.path`, sql`a.email`],
  order: { columns: { created_at: sql`sa.created_at` }, tieBreaker: sql`sa.id`, notNull: ['created_at'] },
  map: (r) => ({
    id: r.id,
    action: r.action,
    method: r.method,
    path: r.path,
    status_code: r.status_code == null ? null : Number(r.status_code),
    detail: r.detail,
    impersonation_id: r.impersonation_id,
    admin:
      r.admin_id == null
        ? null
        : {
            id: Number(r.admin_id),
            email: r.admin_email,
            name: r.admin_name ?? r.admin_email ?? `#${r.admin_id}`,
          },
    created_at: toIso(r.created_at) as string,
  }),
});

/** `GET sellers/audit?seller_id=…` (admin): the seller's audit, newest first; 404 for a non-seller. */
export async function sellerAuditList(ctx: Ctx, q: TSellerAuditQuery): Promise<TSellerAuditList> {
  const seller = await userById(ctx.db, q.seller_id);
  if (seller?.role_id !== ROLE.seller) throw notFound();
  return runList(ctx.db, auditList(q.seller_id), q);
}
