import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERRORS, formatMessage } from '@livecart/contract/errors';
import { withoutFrenchPrefix } from '@livecart/contract/locale-path';
import Fastify from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { installAccessControl } from './lib/access.ts';
import { AppError } from './lib/errors.ts';
import type { App, Deps } from './lib/http.ts';
import { installTextGuard } from './lib/input-text.ts';
import { PAGE_LOCALE_HEADER, pickLocale } from './lib/locale.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import { authModule } from './modules/auth/routes.ts';
import { buyersModule } from './modules/buyers/routes.ts';
import { chatbotModule } from './modules/chatbot/routes.ts';
import { checkoutModule } from './modules/checkout/routes.ts';
import { dashboardModule } from './modules/dashboard/routes.ts';
import { devModule } from './modules/dev/routes.ts';
import { eventsModule } from './modules/events/routes.ts';
import { filesModule } from './modules/files/routes.ts';
import { invoicesModule } from './modules/invoices/routes.ts';
import { liveModule } from './modules/live/routes.ts';
import { notificationsModule } from './modules/notifications/routes.ts';
import { onboardingModule } from './modules/onboarding/routes.ts';
import { ordersModule } from './modules/orders/routes.ts';
import { paymentsModule } from './modules/payments/routes.ts';
import { documentsModule } from './modules/plans/document-routes.ts';
import { plansModule } from './modules/plans/plan-routes.ts';
import { sandboxBillingModule } from './modules/plans/sandbox-routes.ts';
import { subscriptionsModule } from './modules/plans/subscription-routes.ts';
import { billingWebhookModule } from './modules/plans/webhook-routes.ts';
import { productsModule } from './modules/products/routes.ts';
import { profileModule } from './modules/profile/routes.ts';
import { referenceModule } from './modules/reference/routes.ts';
import { installImpersonationAudit } from './modules/sellers/audit.ts';
import { sellersModule } from './modules/sellers/routes.ts';
import { settingsModule } from './modules/settings/routes.ts';
import { shippingModule } from './modules/shipping/routes.ts';
import { shopSyncModule } from './modules/shopsync/routes.ts';
import { siteModule } from './modules/site/routes.ts';
import { storesModule } from './modules/stores/routes.ts';
import { supportModule } from './modules/support/routes.ts';

/** Builds the HTTP app from its modules. No business logic here. */
export async function buildApp(deps: Deps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Only configured proxies may say who the client is (X-Forwarded-For); none by default.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('impersonator', null);
  app.decorateRequest('locale', 'fr');
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // API answers over 1 KiB travel compressed (brotli or gzip, as the client accepts); files of the
  // web app are sent from their build-time .br/.gz copies (serveWebApp); the event stream is not
  // compressed (hijacked), nor already-compressed types (images, PDF, zip).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 20 } });
  await app.register(swagger, {
    openapi: { info: { title: 'LiveCart API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installErrorHandling(app);
  installSecurityHeaders(app);
  app.decorate('accessTable', installAccessControl(app, deps));
  installTextGuard(app);
  installImpersonationAudit(app, deps);

  await app.register(async (api) => {
    const scoped = api as unknown as App;
    await authModule(scoped, deps);
    await profileModule(scoped, deps);
    await referenceModule(scoped, deps);
    await filesModule(scoped, deps);
    await notificationsModule(scoped, deps);
    await sellersModule(scoped, deps);
    await buyersModule(scoped, deps);
    await settingsModule(scoped, deps);
    await onboardingModule(scoped, deps);
    await shippingModule(scoped, deps);
    await productsModule(scoped, deps);
    await dashboardModule(scoped, deps);
    await liveModule(scoped, deps);
    await chatbotModule(scoped, deps);
    await ordersModule(scoped, deps);
    await checkoutModule(scoped, deps);
    await invoicesModule(scoped, deps);
    await paymentsModule(scoped, deps);
    await subscriptionsModule(scoped, deps);
    await billingWebhookModule(scoped, deps);
    await sandboxBillingModule(scoped, deps);
    await devModule(scoped, deps);
    await eventsModule(scoped, deps);
    await plansModule(scoped, deps);
    await documentsModule(scoped, deps);
    await supportModule(scoped, deps);
    await storesModule(scoped, deps);
    await shopSyncModule(scoped, deps);
  });

  // the public pages, rendered to HTML (their paths win over the web app's catch-all)
  await app.register(async (site) => siteModule(site as unknown as App, deps));
  serveWebApp(app, config.webDir);
  return app;
}

function installErrorHandling(app: App) {
  app.setErrorHandler((err, request, reply) => {
    const locale =
      request.locale ?? pickLocale({ query: request.query, pageLocale: request.headers[PAGE_LOCALE_HEADER] });
    if (hasZodFastifySchemaValidationErrors(err)) {
      // no prototype: a field named `constructor` or `toString` is named like any other
      const fields: Record<string, string> = Object.create(null);
      for (const issue of err.validation) {
        const at = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // a field the call does not take (strict bodies) is named itself
        const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[]) : null;
        if (unknown?.length) {
          for (const k of unknown) fields[at ? `${at}.${k}` : k] ??= 'unknown_field';
          continue;
        }
        fields[at || '_'] ??= issue.message ?? 'invalid';
      }
      return reply.code(400).send({ error: 'validation', message: ERRORS.validation[locale], fields });
    }
    if (err instanceof AppError) {
      const params = err.extra?.params;
      return reply.code(err.status).send({
        ...err.extra?.body,
        error: err.code,
        message: formatMessage(ERRORS[err.code][locale], params),
        ...(err.fields && { fields: err.fields }),
        ...(params && { params }),
      });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    const status = e.statusCode ?? 500;
    if (status === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send({ error: 'too_large', message: ERRORS.too_large[locale] });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (a body that is not JSON, a media type it does not read): their
      // text is English and technical, so the answer carries ours in the caller's language.
      request.log.info({ err }, 'request refused');
      return reply.code(status).send({ error: 'bad_request', message: ERRORS.bad_request[locale] });
    }
    request.log.error(err);
    return reply.code(500).send({ error: 'internal', message: ERRORS.internal[locale] });
  });
}

/**
 * Serves the built web app: `/` and every client route (`/en`, `/checkout/…`, a reload anywhere)
 * answer index.html; `/fr/…` redirects to the French page without the prefix; hashed assets are
 * cached for a year, everything else revalidated.
 */
function serveWebApp(app: App, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      cacheControl: false,
      root: webDist,
      index: 'index.html',
      // The .br/.gz copies written by the build (web/scripts/compress.mjs), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res: { header(k: string, v: string): unknown }, file: string) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // the app's pages (sign-in, back-office, checkout) stay out of search engines; the public
        // pages are the site module's
        if (/\.html$/.test(file)) res.header('x-robots-tag', 'noindex');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // `/fr/…` is the French page without its prefix (French has none, SPEC §2): a real redirect
    const french =
      request.method === 'GET' || request.method === 'HEAD' ? withoutFrenchPrefix(request.url) : null;
    if (french) return reply.redirect(french, 301);
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasWeb || request.method !== 'GET') {
      const locale = request.locale ?? 'fr';
      return reply.code(404).send({ error: 'not_found', message: ERRORS.not_found[locale] });
    }
    return reply.type('text/html').header('x-robots-tag', 'noindex').sendFile('index.html');
  });
}
