import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App, Deps } from '../../lib/http.ts';
import { type PageLang, pageContext, postPage, renderPage, type SandboxPageEnv } from './sandbox-page.ts';

const ZParams = z.object({ intentId: z.string().max(100) });
const ZQuery = z.object({ k: z.string().max(100).optional(), lang: z.string().max(5).optional() });

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/**
 * The sandbox billing provider's hosted card page (never in production: 404): `GET
 * /sandbox/billing/{intentId}?k=…` (French; English under `/en/` or with `?lang=en`), and its
 * forms posting to `POST /api/sandbox/billing/{intentId}?k=…` (same-site only, as every /api
 * state change), which answer 303 to the registration's return URL with `setup_intent` and
 * `redirect_status`, or to the authentication step.
 */
export async function sandboxBillingModule(app: App, deps: Deps) {
  const env: SandboxPageEnv = { config: deps.config, db: deps.database.db };
  const pagePath = (intentId: string, k: string, lang: PageLang) =>
    `${lang === 'en' ? '/en' : ''}/sandbox/billing/${encodeURIComponent(intentId)}?k=${encodeURIComponent(k)}`;

  for (const prefix of ['', '/en'] as const) {
    app.get(
      `${prefix}/sandbox/billing/:intentId`,
      {
        config: { access: 'public' },
        schema: { params: ZParams, querystring: ZQuery },
      },
      async (req, reply) => {
        const lang: PageLang = prefix === '/en' || req.query.lang === 'en' ? 'en' : 'fr';
        const c = await pageContext(env, req.params.intentId, req.query.k, lang);
        return html(reply, 200, renderPage(c));
      },
    );
  }

  app.post(
    '/api/sandbox/billing/:intentId',
    {
      config: { access: 'public' },
      schema: {
        description:
          'The sandbox card page’s forms (never in production: 404; `k` is the page’s secret, else 404). ' +
          'Form body `action=card&number&expiry=MM/YY&cvc`, `action=iban&iban`, or `action=approve|fail` ' +
          '(the authentication step of the 3155 card). Answers 303 to the registration’s return URL with ' +
          '`setup_intent` and `redirect_status=succeeded|failed`, or to the authentication step; 400 with ' +
          'the page again naming the field; 409 when the registration is already finished.',
        params: ZParams,
        querystring: ZQuery,
      },
    },
    async (req, reply) => {
      const lang: PageLang = req.query.lang === 'en' ? 'en' : 'fr';
      const c = await pageContext(env, req.params.intentId, req.query.k, lang);
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const outcome = await postPage(env, c, body, pagePath(c.intentId, c.k, lang));
      if ('location' in outcome)
        return reply.code(303).header('cache-control', 'no-store').redirect(outcome.location, 303);
      return html(reply, outcome.status, outcome.html);
    },
  );
}
