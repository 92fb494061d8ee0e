import { ROLE } from '@livecart/contract/constants';
import type { App, Deps } from '../../lib/http.ts';

/** Routes answering a never-ending stream (the role-matrix test reads only their headers). */
export const STREAM_ROUTES = ['/api/events'];

/**
 * Real time for the live screens (SPEC: live carts updated live). Sellers only: buyers and admins
 * have no live screen and are answered 403 like on every seller route.
 */
export async function eventsModule(app: App, deps: Deps) {
  app.get(
    '/api/events',
    {
      config: { access: [ROLE.seller], planError: 'live_plan_required' },
      schema: {
        description:
          'Server-Sent Events of the signed-in seller (session cookie; EventSource sends it). Sends ' +
          '`retry: 3000`, then `event: live` with `data:` a LiveEventMessage JSON (`type` comments | cart ' +
          '| cart_closed | waiting | session, `sellerId` and the id it names) for each change, and a ' +
          '`: ping` comment every 25 s. Bursts are coalesced: per 250 ms, the latest event per (type, id).',
      },
    },
    (req, reply) => {
      reply.hijack();
      deps.events.open(req.user?.id as number, reply.raw);
    },
  );

  // Open streams never end by themselves: end them so closing the server does not wait for them.
  app.addHook('preClose', async () => deps.events.endAll());
}
