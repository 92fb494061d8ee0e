import type { TCurrentUser } from '@livecart/contract/user';

/** localStorage key of the signed-in user (SPEC §4: rewritten when id or status changes). */
export const STORED_USER_KEY = 'user';
/** localStorage key written on sign-in and sign-out so other tabs refresh their session. */
export const AUTH_EVENT_KEY = 'auth-event';
const CHANNEL = 'livecart-auth';
/** This tab: a BroadcastChannel also delivers to the sender's own page, which must not act twice. */
const TAB = Math.random().toString(36).slice(2);

/**
 * `switch`: the browser is now signed in as another user (an admin logged in as a seller, or back):
 * every tab opens `path` afresh, so nothing of the previous user's screens stays.
 */
export type AuthEvent = 'signin' | 'signout' | 'switch';

export function readStoredUser(): TCurrentUser | null {
  try {
    const raw = localStorage.getItem(STORED_USER_KEY);
    return raw ? (JSON.parse(raw) as TCurrentUser) : null;
  } catch {
    return null;
  }
}

/** Keeps the stored user; writes only when there is none or its id or status changed. */
export function syncStoredUser(user: TCurrentUser): boolean {
  const stored = readStoredUser();
  if (stored && stored.id === user.id && stored.status === user.status) return false;
  localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
  return true;
}

export function clearStoredUser(): void {
  localStorage.removeItem(STORED_USER_KEY);
}

/**
 * Tells the other tabs of this browser that the user signed in or out, or switched (to `path`, as
 * the user `user` names).
 */
export function broadcastAuthEvent(type: AuthEvent, path?: string, user?: string): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type, path, user, tab: TAB });
    channel.close();
  }
  try {
    localStorage.setItem(AUTH_EVENT_KEY, JSON.stringify({ type, path, user, at: Date.now() }));
  } catch {
    // storage full or disabled: the BroadcastChannel message is enough
  }
}

/** Calls `onEvent` when another tab signs in or out, or switches user; returns the unsubscribe function. */
export function subscribeAuthEvents(
  onEvent: (type: AuthEvent, path?: string, user?: string) => void,
): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_EVENT_KEY && e.newValue) {
      try {
        const event = JSON.parse(e.newValue) as { type: AuthEvent; path?: string; user?: string };
        onEvent(event.type, event.path, event.user);
      } catch {
        onEvent('signin');
      }
    } else if (e.key === STORED_USER_KEY) {
      onEvent(e.newValue ? 'signin' : 'signout');
    }
  };
  window.addEventListener('storage', onStorage);
  let channel: BroadcastChannel | undefined;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (
      e: MessageEvent<{ type: AuthEvent; path?: string; user?: string; tab?: string }>,
    ) => {
      if (e.data.tab !== TAB) onEvent(e.data.type, e.data.path, e.data.user);
    };
  }
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}
