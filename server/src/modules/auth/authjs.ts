import { Auth, type AuthConfig } from '@auth/core';
import { CredentialsSignin } from '@auth/core/errors';
import { decode, encode } from '@auth/core/jwt';
import Credentials from '@auth/core/providers/credentials';
import Facebook from '@auth/core/providers/facebook';
import { EMAIL_MAX } from '@livecart/contract/validation';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/http.ts';
import {
  closeImpersonation,
  type ImpersonationClaims,
  impersonatorOf,
  returnToAdmin,
} from '../sellers/impersonations.ts';
import { findOrCreateFacebookUser, loadCurrentUser, signInWithPassword } from '../users/service.ts';
import type { SignInAttempts } from './attempts.ts';
import { endSession, keepSession, startSession } from './sessions.ts';

class RateLimited extends CredentialsSignin {
  code = 'rate_limited';
}

/** Session lifetime with "remember me"; without it the cookie ends with the browser session. */
export const REMEMBER_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * What the session token carries: the user, the token version their account must still have, the
 * "remember me" choice and the server-side session row. While an admin is signed in as a seller
 * (`imp`), the user is the seller and `imp` holds the login-as and the admin's own session, which
 * the way back returns to.
 */
export interface SessionClaims {
  uid: number;
  tv: number;
  sid: string;
  remember: boolean;
  imp?: ImpersonationClaims;
}

/** Name of the Auth.js session cookie (the `__Secure-` prefix behind HTTPS). */
export const sessionCookieName = (publicUrl: string) =>
  publicUrl.startsWith('https:') ? '__Secure-authjs.session-token' : 'authjs.session-token';

/**
 * Auth.js configuration: credentials (scrypt-hashed passwords) and Facebook when configured,
 * JWT sessions carrying the user id and token version; the session answer carries the current
 * user of SPEC §3, read fresh from the database.
 */
export function authConfig(deps: Deps, attempts: SignInAttempts): AuthConfig {
  const { config, database } = deps;
  const providers: AuthConfig['providers'] = [
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' }, remember: {} },
      async authorize(credentials, request) {
        const email = String(credentials.email ?? '')
          .trim()
          .toLowerCase();
        const password = String(credentials.password ?? '');
        // no account has such an address or password (the rate-limit keys would not hold it either)
        if (email.length > EMAIL_MAX || password.length > 200) return null;
        const ip = request.headers.get('x-client-ip') ?? 'unknown';
        const attempt = await attempts.attempt(email, ip, () =>
          signInWithPassword(database.db, email, password),
        );
        if (!attempt) throw new RateLimited();
        const user = attempt.result;
        if (!user) return null;
        return {
          id: String(user.id),
          email: user.email,
          remember: credentials.remember !== 'false',
          tv: user.token_version,
        } as never;
      },
    }),
  ];
  if (config.facebook) {
    providers.push(Facebook({ clientId: config.facebook.appId, clientSecret: config.facebook.appSecret }));
  }
  return {
    basePath: '/api/auth',
    secret: config.authSecret,
    trustHost: true,
    providers,
    session: { strategy: 'jwt', maxAge: REMEMBER_MAX_AGE },
    pages: { signIn: '/signin', error: '/signin' },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    events: {
      // Signing out ends this session for good: a copy of its cookie is signed out too.
      // Signed in as a seller, both sessions end and the login-as is recorded as stopped.
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        const sid = token?.sid;
        if (typeof sid === 'string') await endSession(database.db, sid);
        const imp = token ? claimsOf(token)?.imp : undefined;
        if (imp) await closeImpersonation(database.db, imp.id, 'signed_out');
      },
    },
    callbacks: {
      async jwt({ token, user, account, profile }) {
        if (account?.provider === 'facebook' && profile) {
          const fbUser = await findOrCreateFacebookUser(database.db, {
            facebookId: String(profile.id ?? account.providerAccountId),
            email: typeof profile.email === 'string' ? profile.email : null,
            name: typeof profile.name === 'string' ? profile.name : null,
          });
          const sid = await startSession(database.db, fbUser.id, REMEMBER_MAX_AGE);
          return { uid: fbUser.id, tv: fbUser.token_version, remember: true, sid };
        }
        if (user) {
          const u = user as unknown as { id: string; tv: number; remember: boolean };
          const sid = await startSession(database.db, Number(u.id), REMEMBER_MAX_AGE);
          return { uid: Number(u.id), tv: u.tv, remember: u.remember, sid };
        }
        const claims = claimsOf(token);
        if (!claims) return null;
        const current = await loadCurrentUser(database.db, claims.uid, claims.sid);
        const holds = !!current && current.token_version === claims.tv;
        if (claims.imp) {
          if (holds && (await impersonatorOf(database.db, claims.uid, claims.sid, claims.imp))) {
            await keepSession(database.db, claims.imp.sid, REMEMBER_MAX_AGE);
            await keepSession(database.db, claims.sid, REMEMBER_MAX_AGE);
            return token;
          }
          // The seller can no longer be signed in as (blocked, password changed, no longer a
          // seller): the login-as ends and the browser is the admin's again, on their own session,
          // while it holds; otherwise signed out.
          const back = await returnToAdmin(database.db, claims.imp, 'seller_unavailable');
          if (!back) return null;
          const { uid, tv, sid, remember } = claims.imp;
          return { uid, tv, sid, remember };
        }
        if (!holds) return null;
        await keepSession(database.db, claims.sid, REMEMBER_MAX_AGE);
        return token;
      },
      async session({ token }) {
        const claims = claimsOf(token);
        const current = claims ? await loadCurrentUser(database.db, claims.uid, claims.sid) : null;
        const admin =
          claims?.imp && current
            ? await impersonatorOf(database.db, claims.uid, claims.sid, claims.imp)
            : null;
        return {
          user: current?.user,
          expires: new Date(Date.now() + REMEMBER_MAX_AGE * 1000).toISOString(),
          impersonated_by: admin ? { id: admin.id, email: admin.email } : null,
        } as never;
      },
      redirect({ url, baseUrl }) {
        if (url.startsWith('/')) return `${baseUrl}${url}`;
        return new URL(url).origin === baseUrl ? url : baseUrl;
      },
    },
  };
}

/** The claims of a decoded token; null when it lacks one (a token signed before sessions existed). */
function claimsOf(payload: Record<string, unknown>): SessionClaims | null {
  if (typeof payload.uid !== 'number' || typeof payload.sid !== 'string') return null;
  const claims: SessionClaims = {
    uid: payload.uid,
    tv: Number(payload.tv),
    sid: payload.sid,
    remember: payload.remember !== false,
  };
  if (payload.imp === undefined || payload.imp === null) return claims;
  const imp = payload.imp as Record<string, unknown>;
  if (
    typeof imp !== 'object' ||
    typeof imp.id !== 'number' ||
    typeof imp.uid !== 'number' ||
    typeof imp.tv !== 'number' ||
    typeof imp.sid !== 'string'
  )
    return null;
  return {
    ...claims,
    imp: { id: imp.id, uid: imp.uid, tv: imp.tv, sid: imp.sid, remember: imp.remember !== false },
  };
}

/** Decodes the session cookie of a request: its claims, or null. */
export async function decodeSessionCookie(
  cookies: Record<string, string | undefined>,
  deps: Deps,
): Promise<SessionClaims | null> {
  const name = sessionCookieName(deps.config.publicUrl);
  const token = cookies[name];
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: deps.config.authSecret, salt: name });
    return payload ? claimsOf(payload) : null;
  } catch {
    return null;
  }
}

/** Hands a Fastify request to Auth.js and copies its Web Response back. */
export async function forwardToAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  config: AuthConfig,
  publicUrl: string,
) {
  const url = new URL(request.url, publicUrl);
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (v === undefined) continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  headers.set('x-client-ip', request.ip);
  let body: string | undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    body =
      typeof request.body === 'string'
        ? request.body
        : new URLSearchParams(request.body as Record<string, string>).toString();
    headers.set('content-type', 'application/x-www-form-urlencoded');
    headers.delete('content-length');
  }
  const response = await Auth(new Request(url, { method: request.method, headers, body }), config);
  reply.code(response.status);
  const remember = await rememberFromSetCookies(response, config, publicUrl);
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    reply.header(key, value);
  });
  let setCookies = response.headers.getSetCookie();
  if (request.method === 'GET' && url.pathname === `${config.basePath}/session`) {
    setCookies = await keptBySessionRead(setCookies, request, config, publicUrl);
  }
  const cookies = setCookies.map((c) =>
    remember === false && isSessionCookie(c, publicUrl) ? toBrowserSessionCookie(c) : c,
  );
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** A session read re-signs a cookie that still says the same thing at most once in this time (seconds). */
export const SESSION_REFRESH_AGE = 24 * 60 * 60;

/**
 * The cookies a session read (`GET session`) may write. Auth.js re-signs the cookie on every read,
 * but several calls run at once in a browser: a read sent with the old cookie that answers after a
 * login-as, its way back or a sign-in would write the old cookie back over the new one, and the
 * browser would be the previous user again. So a read writes the cookie only when what it says
 * changed (the login-as ended because the seller can no longer be signed in as) or once it is a day
 * old, to push its expiry back; and it never clears one: a session that no longer holds is refused
 * by every call anyway, and the cookie it would clear may be a newer one.
 */
async function keptBySessionRead(
  setCookies: string[],
  request: FastifyRequest,
  config: AuthConfig,
  publicUrl: string,
): Promise<string[]> {
  const name = sessionCookieName(publicUrl);
  const read = async (token: string | undefined) =>
    token ? await decode({ token, secret: config.secret as string, salt: name }).catch(() => null) : null;
  const sent = await read(request.cookies[name]);
  const sentClaims = sent && claimsOf(sent);
  const kept: string[] = [];
  for (const setCookie of setCookies) {
    if (!isSessionCookie(setCookie, publicUrl)) {
      kept.push(setCookie);
      continue;
    }
    const written = await read(setCookie.slice(name.length + 1).split(';')[0] || undefined);
    if (!written) continue;
    const writtenClaims = claimsOf(written);
    const unchanged = !!sentClaims && !!writtenClaims && sameClaims(sentClaims, writtenClaims);
    const young = typeof sent?.iat === 'number' && Date.now() / 1000 - sent.iat < SESSION_REFRESH_AGE;
    if (unchanged && young) continue;
    kept.push(setCookie);
  }
  return kept;
}

const sameClaims = (a: SessionClaims, b: SessionClaims) =>
  a.uid === b.uid &&
  a.tv === b.tv &&
  a.sid === b.sid &&
  a.remember === b.remember &&
  a.imp?.id === b.imp?.id &&
  a.imp?.uid === b.imp?.uid &&
  a.imp?.sid === b.imp?.sid &&
  a.imp?.tv === b.imp?.tv;

const isSessionCookie = (setCookie: string, publicUrl: string) =>
  setCookie.startsWith(`${sessionCookieName(publicUrl)}=`);

/** Drops Expires and Max-Age so the cookie ends when the browser closes ("remember me" unticked). */
const toBrowserSessionCookie = (setCookie: string) =>
  setCookie
    .split(';')
    .filter((part) => !/^\s*(expires|max-age)=/i.test(part))
    .join(';');

async function rememberFromSetCookies(
  response: Response,
  config: AuthConfig,
  publicUrl: string,
): Promise<boolean | undefined> {
  const name = sessionCookieName(publicUrl);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const token = cookie?.slice(name.length + 1).split(';')[0];
  if (!token) return undefined;
  const payload = await decode({ token, secret: config.secret as string, salt: name }).catch(() => null);
  return payload ? payload.remember !== false : undefined;
}

/**
 * After a password change the caller keeps their session: the cookie is re-signed with the new
 * token version, while every other session (older version) ends.
 */
export async function reissueSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  tv: number,
) {
  const name = sessionCookieName(deps.config.publicUrl);
  const token = request.cookies[name];
  if (!token) return;
  const payload = await decode({ token, secret: deps.config.authSecret, salt: name }).catch(() => null);
  if (!payload) return;
  await setSessionCookie(reply, deps, { ...payload, tv });
}

/**
 * Signs a user in from a server route (the e-mailed link that set their password): a new session
 * row and the cookie Auth.js's credentials sign-in would give, in the same format, so every later
 * call reads it the same way. "Remember me" unticked: the cookie ends with the browser.
 */
export async function startSessionCookie(
  reply: FastifyReply,
  deps: Deps,
  user: { userId: number; tokenVersion: number },
  remember: boolean,
): Promise<void> {
  const sid = await startSession(deps.database.db, user.userId, REMEMBER_MAX_AGE);
  await setSessionCookie(reply, deps, { uid: user.userId, tv: user.tokenVersion, remember, sid });
}

/**
 * Signs the browser in with these claims (login-as and its way back): the cookie in the format
 * Auth.js reads, "remember me" unticked making it end with the browser.
 */
export async function writeSessionCookie(
  reply: FastifyReply,
  deps: Deps,
  claims: SessionClaims,
): Promise<void> {
  await setSessionCookie(reply, deps, { ...claims });
}

async function setSessionCookie(reply: FastifyReply, deps: Deps, token: Record<string, unknown>) {
  const name = sessionCookieName(deps.config.publicUrl);
  const value = await encode({ token, secret: deps.config.authSecret, salt: name, maxAge: REMEMBER_MAX_AGE });
  reply.setCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicUrl.startsWith('https:'),
    ...(token.remember !== false && { maxAge: REMEMBER_MAX_AGE }),
  });
}
