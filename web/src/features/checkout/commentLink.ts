/*
 * The live link's comment (SPEC §4 "Buyer linked by comment"). A private reply's link is the
 * checkout link plus the comment id: `/checkout/{orderNumber}?storeName=…&t=…&comment={id}`.
 * A shopper who opens it signed out and goes to sign in or up leaves the comment id and the
 * link's token here; once signed in, the app posts them (orders/connect-bycomment, the token is
 * the proof), which gives the account the viewer's orders and waiting rows, and opens the order's
 * checkout (or the waiting cart's) after 1 second.
 */

/** localStorage key: `{commentId, t, at}` of the live link to connect after sign-in. */
export const PENDING_COMMENT_KEY = 'pendingComment';
/** Forgotten after a day, as the pending checkout. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PendingComment {
  commentId: string;
  t: string;
}

const valid = (s: unknown, max: number): s is string =>
  typeof s === 'string' && s.length > 0 && s.length <= max && /^[\w.:-]+$/.test(s);

/** Keeps the comment id and token of a live link until the shopper is signed in. */
export function rememberComment(commentId: string, t: string): void {
  if (!valid(commentId, 128) || !valid(t, 256)) return;
  try {
    localStorage.setItem(PENDING_COMMENT_KEY, JSON.stringify({ commentId, t, at: Date.now() }));
  } catch {
    // storage disabled: the checkout link itself still links the order once signed in
  }
}

/** The live link waiting to be connected, or null (none, unreadable or too old). */
export function readPendingComment(now = Date.now()): PendingComment | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PENDING_COMMENT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { commentId?: unknown; t?: unknown; at?: unknown };
    const fresh = typeof v.at === 'number' && now - v.at < MAX_AGE_MS && v.at <= now + 60_000;
    if (fresh && valid(v.commentId, 128) && valid(v.t, 256)) return { commentId: v.commentId, t: v.t };
  } catch {
    // not ours: dropped below
  }
  clearPendingComment();
  return null;
}

export function clearPendingComment(): void {
  try {
    localStorage.removeItem(PENDING_COMMENT_KEY);
  } catch {
    // nothing to clear
  }
}
