/** `path` keeping the page's `callbackUrl` (sign-in ↔ sign-up links), when it has one. */
export function withCallback(path: string, callbackUrl: string | null | undefined): string {
  return callbackUrl ? `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}` : path;
}

/**
 * `{email}` of a router location state: the address one auth page hands the next (sign-in ↔
 * forgot password) so it is not typed twice, and never put in the URL.
 */
export function emailOf(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.length <= 320 ? email : undefined;
}
