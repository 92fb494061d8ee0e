import { z } from 'zod';
import { BillingProviderError } from '../../integrations/billing/provider.ts';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { billingEnvOf } from './customers.ts';
import { applyBillingEvent } from './events.ts';

const ZReceived = z.object({ received: z.boolean() });

/**
 * Stripe Billing's webhook of the platform's account: `Stripe-Signature` checked over the raw body
 * with STRIPE_BILLING_WEBHOOK_SECRET (400 `webhook_refused` otherwise, nothing changes); the event's
 * object is read back from Stripe and applied once (a replay is acknowledged and does nothing).
 * Without Stripe billing on this server the address does not exist (404).
 */
export async function billingWebhookModule(app: App, deps: Deps) {
  // Stripe signs the exact bytes: this route alone gets its JSON body unparsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    (scope as unknown as App).post(
      '/api/webhooks/stripe-billing',
      {
        config: { access: 'public', crossSite: 'server' },
        schema: {
          description:
            'Stripe Billing webhook (`invoice.paid`, `invoice.payment_failed`, `customer.subscription.updated|deleted`): ' +
            'signature checked (400 `webhook_refused`), the object read back from Stripe and applied once.',
          response: { 200: ZReceived },
        },
      },
      async (req) => {
        if (deps.config.billing.provider !== 'stripe') throw new AppError('not_found');
        const env = billingEnvOf(deps, req.log);
        const rawBody = Buffer.isBuffer(req.body)
          ? req.body
          : Buffer.from(typeof req.body === 'string' ? req.body : '');
        let event: ReturnType<typeof env.provider.parseWebhook>;
        try {
          event = env.provider.parseWebhook({ rawBody, headers: req.headers });
        } catch (err) {
          if (err instanceof BillingProviderError) throw new AppError('webhook_refused');
          throw err;
        }
        try {
          await applyBillingEvent(env, event);
        } catch (err) {
          // Stripe retries what was not acknowledged
          if (err instanceof BillingProviderError)
            throw new AppError('billing_unavailable', undefined, err.message);
          throw err;
        }
        return { received: true };
      },
    );
  });
}
