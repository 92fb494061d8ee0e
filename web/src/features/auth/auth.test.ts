import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/render';
import { SignInError, signInFailure, signInWithCredentials } from './api';
import {
  broadcastAuthEvent,
  readStoredUser,
  STORED_USER_KEY,
  subscribeAuthEvents,
  syncStoredUser,
} from './storage';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

afterEach(() => vi.unstubAllGlobals());

describe('credentials sign-in', () => {
  const input = { email: 'a@b.co', password: 'secret1', remember: true, callbackUrl: '/dashboard' };

  it('posts the Auth.js form with the csrf token and asks for a JSON answer', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ csrfToken: 'tok' }))
      .mockResolvedValueOnce(json({ url: 'http://localhost/dashboard' }));
    vi.stubGlobal('fetch', fetchMock);
    await signInWithCredentials(input);
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/auth/callback/credentials');
    expect(init.headers['X-Auth-Return-Redirect']).toBe('1');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      csrfToken: 'tok',
      email: 'a@b.co',
      password: 'secret1',
      remember: 'true',
      callbackUrl: '/dashboard',
      json: 'true',
    });
  });

  it('an error in the answered url means wrong e-mail or password', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json({ csrfToken: 'tok' }))
        .mockResolvedValueOnce(json({ url: 'http://localhost/api/auth/signin?error=CredentialsSignin' })),
    );
    await expect(signInWithCredentials(input)).rejects.toEqual(new SignInError('credentials'));
  });

  it('a rate-limit error is told apart', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(json({ csrfToken: 'tok' }))
        .mockResolvedValueOnce(json({ url: '/api/auth/signin?error=RateLimited' })),
    );
    await expect(signInWithCredentials(input)).rejects.toMatchObject({ reason: 'rate_limited' });
  });
});

describe('sign-in failures in the address', () => {
  const of = (q: string) => signInFailure(new URLSearchParams(q));

  it('tells wrong credentials, rate limits and other failures apart', () => {
    expect(of('error=CredentialsSignin&code=credentials')).toBe('credentials');
    expect(of('error=CredentialsSignin&code=rate_limited')).toBe('rate_limited');
    expect(of('error=OAuthCallbackError')).toBe('other');
    expect(of('callbackUrl=%2Fdashboard')).toBeNull();
  });
});

describe('stored user', () => {
  it('is rewritten only when the id or the status changes', () => {
    const user = makeUser();
    expect(syncStoredUser(user)).toBe(true);
    expect(syncStoredUser({ ...user, first_name: 'Other' })).toBe(false);
    expect(readStoredUser()?.first_name).toBe('Ana');
    expect(syncStoredUser({ ...user, status: 'cancel' })).toBe(true);
    expect(syncStoredUser({ ...user, id: 8, status: 'cancel' })).toBe(true);
    expect(readStoredUser()?.id).toBe(8);
  });

  it('other tabs hear about sign-in and sign-out through storage events', () => {
    const heard: string[] = [];
    const stop = subscribeAuthEvents((type) => heard.push(type));
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth-event', newValue: '{"type":"signout"}' }));
    window.dispatchEvent(new StorageEvent('storage', { key: STORED_USER_KEY, newValue: '{"id":1}' }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth-event', newValue: '{"type":"signin"}' }));
    expect(heard).toEqual(['signout', 'signin']);
  });

  it('a switch of user in another tab carries the page to open; this tab ignores its own', async () => {
    const heard: [string, string | undefined][] = [];
    const stop = subscribeAuthEvents((type, path) => heard.push([type, path]));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'auth-event', newValue: '{"type":"switch","path":"/sellers"}' }),
    );
    // the same tab's own message over BroadcastChannel is not heard back
    broadcastAuthEvent('switch', '/dashboard');
    await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(heard).toEqual([['switch', '/sellers']]);
  });
});
