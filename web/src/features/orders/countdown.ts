/*
 * The countdown of a live cart: pure functions, so the page's ticking stays a thin layer.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left as `mm:ss`, or `hh:mm:ss` from one hour on (rounded up to the second, so the display
 * reaches 00:00 exactly when the time is up); null once it is up.
 */
export function formatCountdown(msLeft: number): string | null {
  if (!Number.isFinite(msLeft) || msLeft <= 0) return null;
  const total = Math.ceil(msLeft / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** What a cart's countdown shows: no timer (never expires), expired, or the time left. */
export type CountdownState = { kind: 'none' } | { kind: 'expired' } | { kind: 'running'; text: string };

/** The countdown of a cart ending at `expiresAt` (ISO, null: never), at `now` (server-corrected). */
export function countdownState(expiresAt: string | null, now: number): CountdownState {
  if (!expiresAt) return { kind: 'none' };
  const text = formatCountdown(Date.parse(expiresAt) - now);
  return text ? { kind: 'running', text } : { kind: 'expired' };
}

/** The offset to add to this browser's clock to read the server's, from a list answer. */
export function clockOffset(serverTime: string | undefined, receivedAt: number): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isFinite(server) && receivedAt > 0 ? server - receivedAt : 0;
}
