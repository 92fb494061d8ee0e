import type { App } from './http.ts';

/**
 * The Content-Security-Policy of every HTML page (the web app, the checkout, the Swagger UI at
 * /api/docs, Auth.js's sign-out page), allowing what they load and nothing more:
 * - scripts: the built app's own files only (no inline script, no eval);
 * - styles: the app's files, and inline styles, which Ant Design writes (CSS-in-JS `<style>`
 *   elements) and React `style` attributes need;
 * - images: the app's (uploaded photos under /api/files), product photos linked from any site
 *   (http or https, as the editor and CSV import accept them), `data:` (the favicon, antd's upload
 *   previews, Swagger UI's icons) and `blob:` (previews of chosen files);
 * - requests (fetch, the /api/events stream): the app's origin only;
 * - plugins none, `<base>` none, forms posting to the app only, and no site may frame a page.
 * Payment pages (Mollie, Stripe, the sandbox's) and Facebook's sign-in are reached by top-level
 * navigation, which a CSP does not restrict.
 */
export const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** PAGE_POLICY for a page that frames one other site's page (an `http(s)` address): that origin only. */
export function pagePolicyFraming(url: string): string {
  return `${PAGE_POLICY}; frame-src ${new URL(url).origin}`;
}

/** API answers (JSON): opened as a page, they load and run nothing, and no site frames them. */
export const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers on every answer: `X-Content-Type-Options: nosniff` (a file is only what its type says),
 * `Referrer-Policy: same-origin` (addresses, such as a checkout link with its token, are never sent
 * to other sites), `X-Frame-Options: DENY` (browsers without CSP frame-ancestors), and the policy
 * by type: PAGE_POLICY on HTML, DATA_POLICY on JSON. Other files (scripts, styles, images, PDFs,
 * CSV, zip) get none: they run nothing, and a policy breaks browsers' PDF and image viewers.
 * Set when the answer is sent, so it holds whatever route or file served it.
 */
export function installSecurityHeaders(app: App) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    const type = String(reply.getHeader('content-type') ?? '').toLowerCase();
    // a page that frames another site (the about page's scheduling widget) set its own, stricter
    // than none: PAGE_POLICY plus that one frame source (pagePolicyFraming)
    if (type.startsWith('text/html')) {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', PAGE_POLICY);
    } else if (type.startsWith('application/json')) reply.header('content-security-policy', DATA_POLICY);
    return payload;
  });
}
