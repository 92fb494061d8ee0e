import {
  BILLING_GRACE_DAYS,
  PLATFORM_VAT_BP,
  ZPaymentPlan,
  ZPaymentPlanBody,
  ZPaymentPlansResponse,
  ZPlanInfoQuery,
  ZPlanInfoResponse,
  ZPlansSyncResponse,
  ZProviderPricesResponse,
} from '@livecart/contract/billing';
import { ROLE, TRIAL_DAYS } from '@livecart/contract/constants';
import { z } from 'zod';
import { BillingProviderError } from '../../integrations/billing/provider.ts';
import type { App, Deps } from '../../lib/http.ts';
import {
  listPlans,
  planInfo,
  providerPrices,
  savePlan,
  syncPlansWithProvider,
  toPaymentPlan,
  toPaymentPlans,
} from './catalogue.ts';
import { billingEnvOf } from './customers.ts';

const adminOnly = { access: [ROLE.admin], withoutPlan: true } as const;
/** The provider refused or could not be reached: its own message. */
const ZProviderFailure = z.object({ error: z.literal('sync_fail'), message: z.string() });

/** The plans (public) and the admin's Payment Plans screen. */
export async function plansModule(app: App, deps: Deps) {
  const db = deps.database.db;

  app.get(
    '/api/payment-plans',
    {
      config: { access: 'public', withoutPlan: true },
      schema: {
        description:
          'The plans of the pricing page in their order, with the billing settings (trial and grace days, ' +
          'VAT, provider). An admin also gets inactive plans.',
        response: { 200: ZPaymentPlansResponse },
      },
    },
    async (req) => {
      const admin = req.user?.role_id === ROLE.admin;
      const rows = await listPlans(db, { includeInactive: admin });
      return {
        items: toPaymentPlans(rows, req.locale),
        settings: {
          trial_days: TRIAL_DAYS,
          grace_days: BILLING_GRACE_DAYS,
          vat_percent: PLATFORM_VAT_BP / 100,
          currency: 'EUR' as const,
          provider: deps.config.billing.provider,
        },
      };
    },
  );

  app.post(
    '/api/payment-plans',
    {
      config: adminOnly,
      schema: {
        description:
          'Edits a plan (admin). Basic and Business keep a price and a percent; Platinum may stay on request ' +
          '(price null). A new price applies to new subscriptions and to each subscription at its next period.',
        body: ZPaymentPlanBody,
        response: { 200: z.object({ item: ZPaymentPlan, message: z.string() }) },
      },
    },
    async (req) => {
      const saved = await savePlan(db, req.body);
      return {
        item: toPaymentPlan(saved, req.locale),
        message: req.locale === 'en' ? 'Record has been updated' : "L'enregistrement a été mis à jour",
      };
    },
  );

  app.get(
    '/api/payment-plans/provider',
    {
      config: adminOnly,
      schema: {
        description: "The prices at the billing provider; `current`: the one a plan's new subscriptions get.",
        response: { 200: ZProviderPricesResponse, 502: ZProviderFailure },
      },
    },
    async (_req, reply) => {
      try {
        return { items: await providerPrices(db, billingEnvOf(deps).provider) };
      } catch (err) {
        return reply.code(502).send(providerFailure(err));
      }
    },
  );

  app.post(
    '/api/payment-plans/sync',
    {
      config: adminOnly,
      schema: {
        description:
          "Makes every plan's product and prices current at the billing provider (a changed amount gets a " +
          "new price, the old one archived). The provider's refusal answers 502 sync_fail with its message.",
        response: { 200: ZPlansSyncResponse, 502: ZProviderFailure },
      },
    },
    async (req, reply) => {
      const provider = billingEnvOf(deps).provider;
      try {
        await syncPlansWithProvider(db, provider);
        return {
          success: true,
          message:
            req.locale === 'en'
              ? 'Data was successfully sync with the card payment provider'
              : 'Les données ont été synchronisées avec le prestataire de paiement par carte',
          items: await providerPrices(db, provider),
        };
      } catch (err) {
        return reply.code(502).send(providerFailure(err));
      }
    },
  );

  app.get(
    '/api/get-plan-info',
    {
      config: adminOnly,
      schema: {
        description:
          'A plan with its subscriptions per status, those at an older price, and its provider prices.',
        querystring: ZPlanInfoQuery,
        response: { 200: ZPlanInfoResponse, 502: ZProviderFailure },
      },
    },
    async (req, reply) => {
      try {
        return { planInfo: await planInfo(db, billingEnvOf(deps).provider, req.query.planId, req.locale) };
      } catch (err) {
        return reply.code(502).send(providerFailure(err));
      }
    },
  );
}

/** The provider refused or could not be reached: 502 `sync_fail` with its own message. */
function providerFailure(err: unknown): z.infer<typeof ZProviderFailure> {
  if (!(err instanceof BillingProviderError)) throw err;
  return { error: 'sync_fail', message: err.message || 'Sync fail' };
}
