import type { TEmailedLink, TInviteBody, TSetPasswordBody } from '@livecart/contract/auth';
import type { TSubscribeBody, TSubscribeResponse } from '@livecart/contract/billing';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import type { TCurrentUser, TImpersonator, TSession } from '@livecart/contract/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { localizePath, splitLocale } from '../../app/locale';
import { useLocalePath } from '../../app/useLocale';
import { ApiError, api } from '../../lib/api';
import { broadcastAuthEvent, clearStoredUser, syncStoredUser } from './storage';

/** Auth.js answers `{url}` instead of a redirect when this header is sent. */
const RETURN_REDIRECT = { 'X-Auth-Return-Redirect': '1' };

export const authKeys = {
  session: ['session'] as const,
  providers: ['auth', 'providers'] as const,
};

/**
 * The signed-in user as the app holds it; while an admin is signed in as this seller ("log in
 * as"), `impersonated_by` names that admin, and every back-office page shows the way back.
 */
export type TSessionUser = TCurrentUser & { impersonated_by?: TImpersonator | null };

/** Who this tab's last session answer named (undefined before the first answer). */
let seenInThisTab: { id: number; impersonated: boolean } | null | undefined;
/** Set once this tab has started opening a page afresh: it is leaving, and does nothing more. */
let leaving = false;

/** How a switch names the user the browser became: `7` for a seller, `7+` for the seller signed in as. */
const switchKey = (seen: { id: number; impersonated: boolean }) =>
  `${seen.id}${seen.impersonated ? '+' : ''}`;

/**
 * The signed-in user, or null. Keeps the locally stored copy in step. When the browser became
 * another user through a login-as or its end without this tab asking (another tab whose switch
 * message never came, or the server ending a login-as whose seller can no longer be signed in as),
 * the tab opens the new user's first page afresh, as a switch does: nothing cached for the
 * previous user stays on screen.
 */
export async function fetchSession(): Promise<TSessionUser | null> {
  const session = await api.get<Partial<TSession> | null>('/auth/session');
  const user = session?.user ? { ...session.user, impersonated_by: session.impersonated_by ?? null } : null;
  const before = seenInThisTab;
  seenInThisTab = user && { id: user.id, impersonated: !!user.impersonated_by };
  if (user) syncStoredUser(user);
  else clearStoredUser();
  if (user && before && before.id !== user.id && (before.impersonated || user.impersonated_by)) {
    openAfresh(user.impersonated_by || user.role_id !== ROLE.admin ? '/dashboard' : '/sellers');
  }
  return user;
}

/**
 * After logging in as a seller or going back: the browser is another user now. The stored user is
 * replaced, and this tab and the others open `path` afresh (a full load: no query cached for the
 * previous user survives). The other tabs are told which user the browser became, so a tab that
 * already shows them does not load again.
 */
export function switchSession(user: TSessionUser, path: string): void {
  seenInThisTab = { id: user.id, impersonated: !!user.impersonated_by };
  broadcastAuthEvent('switch', path, switchKey(seenInThisTab));
  syncStoredUser(user);
  openAfresh(path);
}

/**
 * Another tab switched the browser to the user `key` names: this tab opens `path` afresh, unless
 * it shows that user already (it loaded after the switch) or is leaving. A tab that has not heard
 * who is signed in yet asks again instead.
 */
export function followSwitch(path: string, key: string | undefined, refreshSession: () => void): void {
  if (leaving) return;
  if (seenInThisTab === undefined) refreshSession();
  else if (!seenInThisTab || switchKey(seenInThisTab) !== key) openAfresh(path);
}

/** True once this tab is opening another page afresh: what it hears meanwhile changes nothing. */
export const isLeaving = () => leaving;

/** Opens `path` in this tab's language with a full load, once, however many messages ask for it. */
function openAfresh(path: string): void {
  if (leaving) return;
  leaving = true;
  window.location.assign(localizePath(path, splitLocale(window.location.pathname).locale));
}

/** Forgets what this tab saw and did (tests run many screens in one page). */
export function resetTabState(): void {
  seenInThisTab = undefined;
  leaving = false;
}

/** The session, refreshed whenever the tab becomes visible again (SPEC §4). */
export function useSession() {
  const q = useQuery<TSessionUser | null>({
    queryKey: authKeys.session,
    queryFn: fetchSession,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: 'always',
    retry: false,
    meta: { silent: true },
  });
  return { user: q.data ?? null, isLoading: q.isPending };
}

/**
 * Writes a user the API sent back (profile update, photo, language) into the session cache; the
 * admin signed in as them stays named.
 */
export function useSetSessionUser() {
  const qc = useQueryClient();
  return useCallback(
    (user: TCurrentUser) => {
      const prev = qc.getQueryData<TSessionUser | null>(authKeys.session);
      const next: TSessionUser = {
        ...user,
        impersonated_by: prev?.id === user.id ? prev.impersonated_by : null,
      };
      qc.setQueryData(authKeys.session, next);
      syncStoredUser(next);
    },
    [qc],
  );
}

const fetchCsrf = () => api.get<{ csrfToken: string }>('/auth/csrf').then((r) => r.csrfToken);

/** Why a credentials sign-in failed: wrong e-mail/password or too many attempts. */
export class SignInError extends Error {
  constructor(readonly reason: 'credentials' | 'rate_limited' | 'other') {
    super(reason);
  }
}

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
  callbackUrl: string;
}

export async function signInWithCredentials(input: SignInInput): Promise<void> {
  const csrfToken = await fetchCsrf();
  let answer: { url?: string };
  try {
    answer = await api.postForm<{ url?: string }>(
      '/auth/callback/credentials',
      {
        csrfToken,
        email: input.email,
        password: input.password,
        remember: String(input.remember),
        callbackUrl: input.callbackUrl,
        json: 'true',
      },
      { headers: RETURN_REDIRECT },
    );
  } catch (e) {
    if (e instanceof ApiError && (e.status === 429 || e.code === 'rate_limited')) {
      throw new SignInError('rate_limited');
    }
    throw e;
  }
  const reason = answer?.url ? signInFailure(new URL(answer.url, window.location.origin).searchParams) : null;
  if (reason) throw new SignInError(reason);
}

/**
 * Why Auth.js refused a sign-in, from the `error` (and `code`) parameters it puts in the address
 * it answers or redirects to: `?error=CredentialsSignin&code=rate_limited`, `?error=RateLimited`…
 */
export function signInFailure(params: URLSearchParams): 'credentials' | 'rate_limited' | 'other' | null {
  const error = params.get('error');
  if (!error) return null;
  if (/rate/i.test(`${error} ${params.get('code') ?? ''}`)) return 'rate_limited';
  return error === 'CredentialsSignin' ? 'credentials' : 'other';
}

export async function signOut(callbackUrl: string): Promise<void> {
  const csrfToken = await fetchCsrf();
  await api.postForm('/auth/signout', { csrfToken, callbackUrl, json: 'true' }, { headers: RETURN_REDIRECT });
}

/** Configured sign-in providers (`{credentials: {...}, facebook?: {...}}`). */
export function useProviders() {
  return useQuery({
    queryKey: authKeys.providers,
    queryFn: () => api.get<Record<string, { id: string; name: string }> | null>('/auth/providers'),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** Starts the Facebook sign-in: Auth.js answers the provider's address, the browser goes there. */
export async function startSocialSignIn(provider: string, callbackUrl: string): Promise<void> {
  const csrfToken = await fetchCsrf();
  const { url } = await api.postForm<{ url: string }>(
    `/auth/signin/${provider}`,
    { csrfToken, callbackUrl, json: 'true' },
    { headers: RETURN_REDIRECT },
  );
  window.location.assign(url);
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signInWithCredentials(input);
      await qc.fetchQuery({ queryKey: authKeys.session, queryFn: fetchSession, staleTime: 0 });
      broadcastAuthEvent('signin');
    },
    meta: { silent: true },
  });
}

/** Signs out here and in the other tabs, forgets cached data, opens the sign-in page. */
export function useSignOut() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const lp = useLocalePath();
  return useCallback(async () => {
    try {
      await signOut('/signin');
    } finally {
      clearStoredUser();
      qc.clear();
      qc.setQueryData(authKeys.session, null);
      broadcastAuthEvent('signout');
      navigate(lp('/signin'), { replace: true });
    }
  }, [qc, navigate, lp]);
}

export function useInvite(locale: TLocale) {
  return useMutation({
    mutationFn: (body: TInviteBody) => api.post<unknown>('/auth/invite', body, { query: { locale } }),
  });
}

/** POST subscription with `userData`: a seller signs up with the plan their trial starts on. */
export function useSignUpWithPlan(locale: TLocale) {
  return useMutation({
    mutationFn: (body: TSubscribeBody) =>
      api.post<TSubscribeResponse>('/subscription', body, { query: { locale } }),
  });
}

/**
 * Forgot password: the server answers the same for every address ("if an account exists, a link
 * has been sent"), so the page never learns whether the address has an account.
 */
export function useRestorePassword(locale: TLocale) {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      api.post<{ status: boolean; message: string }>('/auth/restorePassword', body, { query: { locale } }),
  });
}

/** What the e-mailed link's password form answers: the user it signed in (null: not signed in). */
export interface SetPasswordResult {
  success: boolean;
  message?: string;
  user?: TCurrentUser | null;
}

/**
 * The e-mailed link's password form (verification or restore). The server signs the browser in:
 * the user it answers becomes the session here and in the other tabs.
 */
/** The account an e-mailed link sets the password of; an error when the link opens nothing. */
const isEmailedLinkKey = (key: readonly unknown[]) => key[0] === 'auth' && key[1] === 'link';

export function useEmailedLink(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'link', token],
    queryFn: () => api.get<TEmailedLink>(`/auth/link?${new URLSearchParams({ token: token ?? '' })}`),
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
}

export function useSetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSetPasswordBody) => {
      const res = await api.post<SetPasswordResult>('/auth/changePassword', body);
      if (!res?.success) {
        // the server's own words when it gives some, else the SPEC's 'Error restore password'
        throw res?.message
          ? new ApiError('server_message', res.message)
          : new ApiError('set_password_failed', 'Error restore password');
      }
      return res;
    },
    onSuccess: ({ user }) => {
      if (!user) return;
      // data cached for whoever was signed in before on this browser is not this user's
      // (the link just used stays: asked again, it would now answer that it opens nothing)
      qc.removeQueries({
        predicate: (q) => q.queryKey[0] !== authKeys.session[0] && !isEmailedLinkKey(q.queryKey),
      });
      qc.setQueryData(authKeys.session, user);
      syncStoredUser(user);
      broadcastAuthEvent('signin');
    },
  });
}
