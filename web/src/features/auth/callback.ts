/** `path` keeping the page's `callbackUrl` (sign-in ↔ sign-up links), when it has one. */
export function withCallback(path: string, callbackUrl: string | null | undefined): string {
  return callbackUrl ? `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}` : path;
}
