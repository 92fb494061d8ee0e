import type { TCurrentUser } from '@livecart/contract/user';
import type { FastifyRequest } from 'fastify';
import type { Deps, RequestImpersonator } from '../../lib/http.ts';
import { impersonatorOf } from '../sellers/impersonations.ts';
import { loadCurrentUser } from '../users/service.ts';
import { decodeSessionCookie } from './authjs.ts';

/** Who a request comes from: the signed-in user and, signed in as a seller, the admin behind it. */
export interface RequestSession {
  user: TCurrentUser;
  impersonator: RequestImpersonator | null;
}

/**
 * The session of a request, its user read fresh from the database in the same query as its
 * session row. A token whose session was ended (signed out) or whose version is older than the
 * user's (password changed or restored) counts as signed out; so does a token signed in as a
 * seller whose login-as ended or whose admin's own session, token version or role no longer holds.
 */
export async function readSession(request: FastifyRequest, deps: Deps): Promise<RequestSession | null> {
  const claims = await decodeSessionCookie(request.cookies, deps);
  if (!claims) return null;
  const db = deps.database.db;
  const current = await loadCurrentUser(db, claims.uid, claims.sid);
  if (!current || current.token_version !== claims.tv) return null;
  if (!claims.imp) return { user: current.user, impersonator: null };
  const impersonator = await impersonatorOf(db, claims.uid, claims.sid, claims.imp);
  return impersonator ? { user: current.user, impersonator } : null;
}

/** The signed-in user of a request (see `readSession`), or null. */
export async function readSessionUser(request: FastifyRequest, deps: Deps): Promise<TCurrentUser | null> {
  return (await readSession(request, deps))?.user ?? null;
}
