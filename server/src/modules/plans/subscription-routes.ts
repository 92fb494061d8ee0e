import {
  ZAddPaymentMethodBody,
  ZBillingPaymentMethodsResponse,
  ZChangePlanBody,
  ZChangePlanResponse,
  ZCheckPaymentStatusBody,
  ZCheckPaymentStatusResponse,
  ZCompleteSetupBody,
  ZCompleteSetupResponse,
  ZCreatePaymentIntentBody,
  ZPaymentMethodIdBody,
  ZSetupStart,
  ZSkipBody,
  ZSubscribeBody,
  ZSubscribeResponse,
  ZSubscriptionResponse,
  ZUserPlanBody,
} from '@livecart/contract/billing';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { RateLimiter } from '../auth/rate-limit.ts';
import { ctxOf } from '../context.ts';
import { loadCurrentUser } from '../users/service.ts';
import { billingEnvOf, choosablePlan } from './customers.ts';
import { deleteMethod, listPaymentMethods, setDefaultMethod } from './payment-methods.ts';
import {
  cancelAtPeriodEnd,
  changePlan,
  checkPaymentStatus,
  choosePlan,
  completeRegistration,
  mySubscription,
  resumeSubscription,
  signUpWithPlan,
  skipInTrial,
  skipIntoTrial,
  startRegistration,
} from './subscriptions.ts';

const seller = { access: [ROLE.seller], withoutPlan: true } as const;
const ZLocaleQuery = z.object({ locale: z.enum(['fr', 'en']).optional() });
const ZPlanQuery = z.object({
  planId: z.string().max(20).optional(),
  locale: z.enum(['fr', 'en']).optional(),
});

const SAVED = { fr: 'Les moyens de paiement ont été enregistrés', en: 'Payment methods saved' } as const;
const MAIL_SENT = {
  fr: 'Consultez le lien de confirmation dans votre boîte mail',
  en: 'Check confirmation link in your mailbox',
} as const;

/** The signed-in caller's id (the routes' access already required one). */
const me = (req: FastifyRequest) => (req.user as NonNullable<FastifyRequest['user']>).id;

/**
 * The seller's subscription life (SPEC §7 Profile): choosing a plan (signed in, or signing up with
 * one), the skip flows, registrations of payment methods and their return, My Plan's calls
 * (subscription, cancel at period end, resume, change plan) and the saved payment methods.
 */
export async function subscriptionsModule(app: App, deps: Deps) {
  const env = (req: FastifyRequest) => billingEnvOf(deps, req.log);
  const user = async (id: number) => {
    const loaded = await loadCurrentUser(deps.database.db, id);
    if (!loaded) throw new AppError('unauthorized');
    return loaded.user;
  };
  const signUps = new RateLimiter(deps.database.db, deps.config.authRateLimit);

  app.post(
    '/api/subscription',
    {
      config: { access: 'public', withoutPlan: true },
      schema: {
        description:
          'A signed-in seller chooses a plan (in the trial: kept in trial, no charge, a payment method asked ' +
          'for: `setup`; after it: a registration whose return starts the plan). Signed out with `userData`: ' +
          'a pending seller account with that plan remembered, the verification e-mail sent (409 ' +
          '`email_present` when the address has an account). Signed out without `userData`: 401.',
        querystring: ZLocaleQuery,
        body: ZSubscribeBody,
        response: { 200: ZSubscribeResponse },
      },
    },
    async (req) => {
      if (!req.user) {
        const userData = req.body.userData;
        if (!userData) throw new AppError('unauthorized');
        if (!(await signUps.take([`public:ip:${req.ip}`, `public:email:${userData.email.toLowerCase()}`])))
          throw new AppError('rate_limited');
        await signUpWithPlan(ctxOf(req, deps), { ...req.body, userData });
        return {
          user: null,
          subscription: null,
          setup: null,
          message: MAIL_SENT[userData.locale ?? req.locale],
        };
      }
      // signed in, the sign-up form's fields (if sent) are not used: the seller is the caller
      if (req.user.role_id !== ROLE.seller) throw new AppError('forbidden');
      const chosen = await choosePlan(env(req), req.user.id, {
        planId: req.body.planId,
        interval: req.body.type,
        returnTo: 'pricing',
        locale: req.locale,
      });
      return { user: await user(req.user.id), ...chosen };
    },
  );

  app.post(
    '/api/skip-exist-user-subscription',
    {
      config: seller,
      schema: {
        description:
          'A seller in the trial goes on without choosing a plan: the trial runs on. 404 `subscription_missing` outside the trial.',
        body: ZSkipBody,
        response: { 200: ZSubscribeResponse },
      },
    },
    async (req) => ({
      subscription: await skipInTrial(env(req), me(req), req.locale),
      user: await user(me(req)),
      setup: null,
    }),
  );

  app.post(
    '/api/skip-exist-user-subscription-new',
    {
      config: seller,
      schema: {
        description:
          'A seller who never had a subscription starts the free trial on Basic without choosing; their ' +
          'status becomes `skipping` (the client goes to /dashboard). 409 `trial_used` when a trial was had.',
        body: ZSkipBody,
        response: { 200: ZSubscribeResponse },
      },
    },
    async (req) => ({
      subscription: await skipIntoTrial(env(req), me(req), req.locale),
      user: await user(me(req)),
      setup: null,
    }),
  );

  for (const path of ['/api/after-skip-subscription', '/api/exist-user-subscription']) {
    app.post(
      path,
      {
        config: seller,
        schema: {
          description:
            'The caller (`user` must be their id, else 403) chooses a plan as POST subscription does; after ' +
            'the trial the new subscription starts, charged, once the registration (`setup`) comes back.',
          body: ZUserPlanBody,
          response: { 200: ZSubscribeResponse },
        },
      },
      async (req) => {
        if (req.body.user !== me(req)) throw new AppError('forbidden');
        const chosen = await choosePlan(env(req), me(req), {
          planId: req.body.planId,
          interval: req.body.type,
          returnTo: path.includes('after-skip') ? 'registration' : 'pricing',
          locale: req.locale,
        });
        return { user: await user(me(req)), ...chosen };
      },
    );
  }

  app.post(
    '/api/create-payment-intent',
    {
      config: seller,
      schema: {
        description:
          'Starts a registration of a payment method for the chosen plan: `{intentId, clientSecret, redirectUrl}`; ' +
          'the provider’s page returns to /billing/return, whose page calls check-payment-status.',
        body: ZCreatePaymentIntentBody,
        response: { 200: ZSetupStart },
      },
    },
    async (req) => {
      const [item] = req.body.items;
      await choosablePlan(deps.database.db, item.planId, item.type);
      return startRegistration(env(req), me(req), {
        purpose: 'subscribe',
        planId: item.planId,
        interval: item.type,
        returnTo: req.body.returnTo,
        locale: req.locale,
      });
    },
  );

  app.post(
    '/api/check-payment-status',
    {
      config: seller,
      schema: {
        description:
          'The plan’s registration came back: read back from the provider (not succeeded: 400 ' +
          '`payment_not_confirmed`, nothing changes); the method is saved as the default, then in the trial the ' +
          'plan is kept in trial at the provider, after it the first period is charged (declined: 402 ' +
          '`card_declined`, status incomplete). Another seller’s registration or a wrong secret: 404. Done once.',
        querystring: ZPlanQuery,
        body: ZCheckPaymentStatusBody,
        response: { 200: ZCheckPaymentStatusResponse },
      },
    },
    async (req) => {
      const done = await checkPaymentStatus(env(req), me(req), req.body, req.locale);
      return { ...done, user: await user(me(req)) };
    },
  );

  app.get(
    '/api/profile/subscription',
    {
      config: seller,
      schema: {
        description:
          'My Plan: the seller’s subscription (plan, status, days left, price, percent, pending plan, grace, ' +
          'next charge and its estimate), null when they never had one.',
        querystring: ZLocaleQuery,
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (req) => ({ subscription: await mySubscription(env(req), me(req), req.locale) }),
  );

  app.get(
    '/api/profile/unsubscription',
    {
      config: { ...seller, changesState: true },
      schema: {
        description:
          'Cancels at the period’s end (in the trial: the trial runs to its end). A GET that changes state, ' +
          'named so by SPEC: refused from another site like every state change. 409 ' +
          '`subscription_not_cancelable` when there is nothing running to cancel.',
        querystring: ZLocaleQuery,
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (req) => ({ subscription: await cancelAtPeriodEnd(env(req), me(req), req.locale) }),
  );

  app.post(
    '/api/profile/resume-subscription',
    {
      config: seller,
      schema: {
        description:
          'Undoes a cancellation at period end, before that end; else 409 `subscription_not_cancelable`.',
        querystring: ZLocaleQuery,
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (req) => ({ subscription: await resumeSubscription(env(req), me(req), req.locale) }),
  );

  app.post(
    '/api/profile/update-subscription-plan',
    {
      config: seller,
      schema: {
        description:
          'Changes the plan: in the trial at once and free; an upgrade now (prorated); a downgrade at the ' +
          'period’s end (`effective: period_end`); a plan on request files a demo request (`request`, msg_request). ' +
          '409 `same_plan`; 400 `plan_unavailable` / `plan_interval_unavailable`.',
        querystring: ZLocaleQuery,
        body: ZChangePlanBody,
        response: { 200: ZChangePlanResponse },
      },
    },
    async (req) => changePlan(env(req), me(req), req.body, req.locale),
  );

  app.get(
    '/api/profile/payment-methods',
    {
      config: seller,
      schema: {
        description: 'The seller’s saved payment methods at the billing provider, the default first.',
        response: { 200: ZBillingPaymentMethodsResponse },
      },
    },
    async (req) => ({ items: await listPaymentMethods(env(req), me(req)) }),
  );

  app.post(
    '/api/profile/add-payment-method',
    {
      config: seller,
      schema: {
        description:
          'Starts a registration of another payment method: `{intentId, clientSecret, redirectUrl}`.',
        querystring: ZLocaleQuery,
        body: ZAddPaymentMethodBody,
        response: { 200: ZSetupStart },
      },
    },
    async (req) =>
      startRegistration(env(req), me(req), {
        purpose: 'add_method',
        returnTo: req.body.returnTo,
        locale: req.locale,
      }),
  );

  for (const path of [
    '/api/profile/add-payment-method-from-subscription',
    '/api/profile/add-payment-method-after-registration',
  ]) {
    app.post(
      path,
      {
        config: seller,
        schema: {
          description:
            'A registration came back: the method is saved (the default when it is the first; a new default ' +
            'after a declined renewal pays the open invoice). ‘Payment methods saved’. 400 ' +
            '`payment_not_confirmed` when the provider did not confirm it; 404 for another seller’s.',
          querystring: ZLocaleQuery,
          body: ZCompleteSetupBody,
          response: { 200: ZCompleteSetupResponse },
        },
      },
      async (req) => {
        await completeRegistration(env(req), me(req), req.body.setupIntent, req.body.setupIntentSecret);
        return {
          items: await listPaymentMethods(env(req), me(req)),
          user: await user(me(req)),
          message: SAVED[req.locale as TLocale],
        };
      },
    );
  }

  app.post(
    '/api/profile/default-payment-method',
    {
      config: seller,
      schema: {
        description:
          'Makes a saved method the default (renewals and the percent are charged to it); after a declined ' +
          'renewal the open invoice is tried again on it. Another seller’s id: 404.',
        querystring: ZLocaleQuery,
        body: ZPaymentMethodIdBody,
        response: { 200: ZCompleteSetupResponse },
      },
    },
    async (req) => ({
      items: await setDefaultMethod(env(req), me(req), req.body.paymentId),
      user: await user(me(req)),
      message: SAVED[req.locale],
    }),
  );

  app.post(
    '/api/profile/delete-payment-method',
    {
      config: seller,
      schema: {
        description:
          'Deletes a saved method. While a plan renews: 409 `payment_method_default` for the default one ' +
          '(choose another first), 409 `payment_method_required` for the only one. Another seller’s id: 404.',
        querystring: ZLocaleQuery,
        body: ZPaymentMethodIdBody,
        response: { 200: ZCompleteSetupResponse },
      },
    },
    async (req) => ({
      items: await deleteMethod(env(req), me(req), req.body.paymentId),
      user: await user(me(req)),
      message: SAVED[req.locale],
    }),
  );
}
