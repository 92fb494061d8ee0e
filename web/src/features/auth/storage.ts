import type { TCurrentUser } from '@livecart/contract/user';

/** localStorage key of the signed-in user (SPEC §4: rewritten when id or status changes). */
export const STORED_USER_KEY = 'user';
/** localStorage key written on sign-in and sign-out so other tabs refresh their session. */
export const AUTH_EVENT_KEY = 'auth-event';
const CHANNEL = 'livecart-auth';

export type AuthEvent = 'signin' | 'signout';

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

/** Tells the other tabs of this browser that the user signed in or out. */
export function broadcastAuthEvent(type: AuthEvent): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type });
    channel.close();
  }
  try {
    localStorage.setItem(AUTH_EVENT_KEY, JSON.stringify({ type, at: Date.now() }));
  } catch {
    // storage full or disabled: the BroadcastChannel message is enough
  }
}

/** Calls `onEvent` when another tab signs in or out; returns the unsubscribe function. */
export function subscribeAuthEvents(onEvent: (type: AuthEvent) => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_EVENT_KEY && e.newValue) {
      try {
        onEvent((JSON.parse(e.newValue) as { type: AuthEvent }).type);
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
    channel.onmessage = (e: MessageEvent<{ type: AuthEvent }>) => onEvent(e.data.type);
  }
  return () => {
    window.removeEventListener('storage', onStorage);
    channel?.close();
  };
}
