import { ZLocaleQuery } from '@livecart/contract/auth';
import { ZRequestDemoBody, ZRequestDemoResponse } from '@livecart/contract/billing';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { RateLimiter } from '../auth/rate-limit.ts';
import { requestDemo } from './demo.ts';

/** Requests to the platform's team from the public site. */
export async function supportModule(app: App, deps: Deps) {
  const db = deps.database.db;
  // As the public sign-up and restore calls: every request counts, per address and per e-mail.
  const limiter = new RateLimiter(db, deps.config.authRateLimit);

  app.post(
    '/api/request-demo',
    {
      config: { access: 'public', withoutPlan: true },
      schema: {
        description:
          'A demo request (the Platinum plan is on request): kept for the team and acknowledged by e-mail in ' +
          'the language of `locale`. Rate limited per address and per e-mail like the public auth calls.',
        querystring: ZLocaleQuery,
        body: ZRequestDemoBody,
        response: { 200: ZRequestDemoResponse },
      },
    },
    async (req) => {
      if (!(await limiter.take([`demo:ip:${req.ip}`, `demo:email:${req.body.email.toLowerCase()}`])))
        throw new AppError('rate_limited');
      await requestDemo(db, req.body, req.locale);
      return { success: true };
    },
  );
}
