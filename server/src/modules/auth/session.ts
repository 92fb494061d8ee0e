import type { TCurrentUser } from '@livecart/contract/user';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/http.ts';
import { loadCurrentUser } from '../users/service.ts';
import { decodeSessionCookie } from './authjs.ts';

/**
 * The signed-in user of a request, read fresh from the database, in the same query as its
 * session row. A token whose session was ended (signed out) or whose version is older than the
 * user's (password changed, unsubscribed) counts as signed out.
 */
export async function readSessionUser(request: FastifyRequest, deps: Deps): Promise<TCurrentUser | null> {
  const claims = await decodeSessionCookie(request.cookies, deps);
  if (!claims) return null;
  const current = await loadCurrentUser(deps.database.db, claims.uid, claims.sid);
  if (!current || current.token_version !== claims.tv) return null;
  return current.user;
}
