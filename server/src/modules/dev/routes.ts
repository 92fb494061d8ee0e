import { ROLE } from '@livecart/contract/constants';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { keptMails } from './mailbox.ts';

/** Headers a proxy adds: a request carrying one came from elsewhere through this machine. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * A caller on this machine, judged on the socket's address (never on a forwarded header's value:
 * `X-Forwarded-For` is the client's word). A request a proxy on this machine passed on (it carries
 * a forwarding header) comes from its client, not from here.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  if (FORWARDED.some((h) => request.headers[h] !== undefined)) return false;
  const address = request.raw.socket?.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * The mails the product would have sent, newest first: a development tool that shows sign-in and
 * password links, so it exists only in the embedded development mode (`config.devMailbox`) and
 * only for a caller on this machine or a signed-in admin. Anything else: the 404 of an unknown route.
 */
export async function devModule(app: App, deps: Deps) {
  app.get(
    '/api/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        description:
          'Embedded development mode only (no SMTP_URL, no DATABASE_URL, not production), for loopback ' +
          'callers or admins: the kept e-mails, newest first: {items}. 404 otherwise.',
      },
    },
    async (req) => {
      const allowed = deps.config.devMailbox && (fromLoopback(req) || req.user?.role_id === ROLE.admin);
      if (!allowed) throw notFound();
      return { items: await keptMails(deps.database.db) };
    },
  );
}
