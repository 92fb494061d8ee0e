import {
  ZEmailedLinkQuery,
  ZInviteBody,
  ZLocaleQuery,
  ZRestorePasswordBody,
  ZSetPasswordBody,
} from '@livecart/contract/auth';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { ctxOf } from '../context.ts';
import { loadCurrentUser } from '../users/service.ts';
import { SignInAttempts } from './attempts.ts';
import { authConfig, forwardToAuth, startSessionCookie } from './authjs.ts';
import { RateLimiter } from './rate-limit.ts';
import { emailedLink, invite, requestPasswordRestore, setPasswordWithToken } from './service.ts';

/**
 * /api/auth: the three calls that go without a user (invite, changePassword, restorePassword),
 * then Auth.js for every other path (session, csrf, providers, callback, signin, signout).
 */
export async function authModule(app: App, deps: Deps) {
  const db = deps.database.db;
  const publicLimiter = new RateLimiter(db, deps.config.authRateLimit);
  const logLimiter = new RateLimiter(db, { max: 60, windowMs: 60_000 });
  const config = authConfig(deps, new SignInAttempts(deps.database, deps.config.authRateLimit));
  /** Sign-up, restore and set-password calls: every call counts, per address and per e-mail. */
  const limit = async (ip: string, email?: string) => {
    if (
      !(await publicLimiter.take([
        `public:ip:${ip}`,
        ...(email ? [`public:email:${email.toLowerCase()}`] : []),
      ]))
    )
      throw new AppError('rate_limited');
  };

  app.post(
    '/api/auth/invite',
    {
      config: { access: 'public' },
      schema: {
        description:
          'Sign-up: creates a pending shopper or seller account and e-mails the verification link. Answers {success, message}; email_exists when the address has an account.',
        querystring: ZLocaleQuery,
        body: ZInviteBody,
      },
    },
    async (req) => {
      await limit(req.ip, req.body.email);
      await invite(ctxOf(req, deps), req.body);
      return {
        success: true,
        message:
          req.locale === 'en'
            ? 'Check confirmation link in your mailbox'
            : 'Consultez le lien de confirmation dans votre boîte mail',
      };
    },
  );

  app.get(
    '/api/auth/link',
    {
      config: { access: 'public' },
      schema: {
        description:
          'An e-mailed link (verification or restore) read before it is used: `{email, purpose}` of the ' +
          'account it sets the password of, shown on its page; 400 invalid_link when it is used, expired, ' +
          'or a verification link of an account already active. Reading it uses nothing.',
        querystring: ZEmailedLinkQuery,
      },
    },
    async (req) => emailedLink(ctxOf(req, deps), req.query.token),
  );

  app.post(
    '/api/auth/changePassword',
    {
      config: { access: 'public' },
      schema: {
        description:
          'E-mail verification or restore: the e-mailed token (single use) sets the password, activates the ' +
          'account, ends its other sessions and signs this browser in (the session cookie of a sign-in; ' +
          '`remember` as on the sign-in form). Answers {success, message, user}; invalid_link.',
        body: ZSetPasswordBody,
      },
    },
    async (req, reply) => {
      await limit(req.ip);
      const done = await setPasswordWithToken(ctxOf(req, deps), req.body);
      const current = await loadCurrentUser(deps.database.db, done.userId);
      // A blocked account keeps its new password but is not signed in.
      if (current) await startSessionCookie(reply, deps, done, req.body.remember ?? false);
      return {
        success: true,
        message: req.locale === 'en' ? 'Password has been updated' : 'Le mot de passe a été mis à jour',
        user: current?.user ?? null,
      };
    },
  );

  app.post(
    '/api/auth/restorePassword',
    {
      config: { access: 'public' },
      schema: {
        description:
          'Forgot password: answers {status: true, message} for every address, known or not, in the same ' +
          'time; an account that may sign in is e-mailed a restore link (valid 1 hour) by the outbox worker.',
        querystring: ZLocaleQuery,
        body: ZRestorePasswordBody,
      },
    },
    async (req) => {
      await limit(req.ip, req.body.email);
      await requestPasswordRestore(ctxOf(req, deps), req.body.email);
      return {
        status: true,
        message:
          req.locale === 'en'
            ? 'If an account exists with this email, a link to choose a new password has been sent'
            : 'Si un compte existe avec cet e-mail, un lien pour choisir un nouveau mot de passe a été envoyé',
      };
    },
  );

  // Client-side errors the web app reports (SPEC §7 `_log`); kept in the server log.
  app.post(
    '/api/auth/_log',
    {
      config: { access: 'public' },
      bodyLimit: 16 * 1024,
      schema: { description: 'Client-side error report, kept in the server log (204).' },
    },
    async (req, reply) => {
      if (!(await logLimiter.take([`log:ip:${req.ip}`]))) throw new AppError('rate_limited');
      req.log.warn({ clientLog: req.body, user: req.user?.id }, 'client log');
      return reply.code(204).send();
    },
  );

  // The OAuth provider (Facebook) sends the browser back here from its own site; Auth.js checks the
  // state and PKCE cookies it set when the sign-in started.
  app.get(
    '/api/auth/callback/:provider',
    {
      config: { access: 'public', crossSite: 'oauth_return' },
      schema: { description: 'Auth.js: the OAuth provider’s return (GET callback/{provider}).' },
    },
    (req, reply) => forwardToAuth(req, reply, config, deps.config.publicUrl),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: {
      description:
        'Auth.js: GET session, csrf, providers; POST callback/{provider}, signin/{provider}, signout (form-encoded).',
    },
    handler: (req, reply) => forwardToAuth(req, reply, config, deps.config.publicUrl),
  });
}
