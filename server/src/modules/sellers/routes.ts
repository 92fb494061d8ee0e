import { ROLE } from '@livecart/contract/constants';
import {
  ZFindUserQuery,
  ZFindUserResult,
  ZLoginAsResponse,
  ZPercentHistory,
  ZPercentHistoryQuery,
  ZSellerAuditList,
  ZSellerAuditQuery,
  ZSellerFilters,
  ZSellerIdParams,
  ZSellerList,
  ZSellerListQuery,
  ZUnsubscribeBody,
  ZUnsubscribeResponse,
  ZUpdatePercentBody,
  ZUpdatePercentResponse,
} from '@livecart/contract/sellers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, Deps } from '../../lib/http.ts';
import { decodeSessionCookie, writeSessionCookie } from '../auth/authjs.ts';
import { ctxOf } from '../context.ts';
import { sellerAuditList } from './audit.ts';
import { loginAs, type SignedInAs, stopLoginAs } from './login-as.ts';
import { percentHistory, updatePercent } from './percent.ts';
import { findBuyers, findSellers, listSellers, sellerFilters } from './service.ts';
import { unsubscribeSeller } from './unsubscribe.ts';

const adminOnly = { access: [ROLE.admin] } as const;

const PERCENT_SAVED = { fr: 'Le pourcentage a été mis à jour', en: 'Percent has been updated' } as const;

/** The admin's sellers screen, its actions, and the user pickers of the list filters. */
export async function sellersModule(app: App, deps: Deps) {
  /** The caller's session claims and the admin behind it, for login-as and its way back. */
  const callerOf = async (req: FastifyRequest) => ({
    claims: await decodeSessionCookie(req.cookies, deps),
    impersonator: req.impersonator,
  });
  /** Signs the browser in as the login-as says, and answers who it now is. */
  const signIn = async (reply: FastifyReply, signed: SignedInAs) => {
    await writeSessionCookie(reply, deps, signed.claims);
    return signed.answer;
  };

  app.get(
    '/api/sellers/fetch-items',
    {
      config: adminOnly,
      schema: {
        description:
          'Sellers with their figures. queryFilter: country_id, seller_id, total_orders / total_sessions / ' +
          'total_buyers / total_amount (euros) as {min, max}, created_at {from, to} (YYYY-MM-DD).',
        querystring: ZSellerListQuery,
        response: { 200: ZSellerList },
      },
    },
    (req) => listSellers(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/sellers/fetch-filters',
    {
      config: adminOnly,
      schema: {
        description:
          'What each sellers filter offers: countries, sellers by name, the bounds of the ranges, the first ' +
          'and last creation days.',
        response: { 200: ZSellerFilters },
      },
    },
    (req) => sellerFilters(ctxOf(req, deps)),
  );

  app.post(
    '/api/sellers/login-as/stop',
    {
      // called as the seller the admin is signed in as, also once the seller can no longer be
      // (blocked, password changed): the service checks the login-as and the admin's own session
      // (401 without them, 409 not_impersonating for a session that is not a login-as)
      config: { access: 'public' },
      schema: {
        description:
          'Back to the admin: ends the login-as and the seller session opened for it, records the stop, and ' +
          'signs the browser back into the admin’s own session (cookie), also once the seller can no longer be ' +
          'signed in as (blocked, password changed) while the admin’s own session holds. 401 signed out or when ' +
          'the admin’s own session no longer holds; 409 not_impersonating for a session that is not a login-as.',
        response: { 200: ZLoginAsResponse },
      },
    },
    async (req, reply) => signIn(reply, await stopLoginAs(ctxOf(req, deps), await callerOf(req))),
  );

  app.post(
    '/api/sellers/login-as/:id',
    {
      // admin only, decided by the service: signed in as a seller already, the caller is that
      // seller, and the answer is 409 already_impersonating rather than the role's 403
      config: { access: 'user' },
      schema: {
        description:
          'Log in as a seller (admin): a session of the seller is opened and the browser signed into it ' +
          '(cookie), the admin’s own session kept to return to; recorded in the seller’s audit. Answers ' +
          '{user, impersonated_by}. 403 for others, impersonate_admin for an admin; 404 for a shopper or an ' +
          'unknown id; 409 seller_not_active (blocked or never activated), already_impersonating.',
        params: ZSellerIdParams,
        response: { 200: ZLoginAsResponse },
      },
    },
    async (req, reply) => signIn(reply, await loginAs(ctxOf(req, deps), await callerOf(req), req.params.id)),
  );

  app.post(
    '/api/sellers/update-percent',
    {
      config: adminOnly,
      schema: {
        description:
          'Sets the seller’s own percent of sales (0–100, two decimals), used from the next billing run and ' +
          'payment on; recorded in the percent history and the audit. 400 naming percent; 404 not a seller.',
        body: ZUpdatePercentBody,
        response: { 200: ZUpdatePercentResponse },
      },
    },
    async (req) => ({
      item: await updatePercent(ctxOf(req, deps), req.body),
      message: PERCENT_SAVED[req.locale],
    }),
  );

  app.get(
    '/api/sellers/history',
    {
      config: adminOnly,
      schema: {
        description:
          'The percent changes of the seller with this e-mail, newest first; 404 when none is a seller.',
        querystring: ZPercentHistoryQuery,
        response: { 200: ZPercentHistory },
      },
    },
    (req) => percentHistory(ctxOf(req, deps), req.query.emailSeller),
  );

  app.post(
    '/api/sellers/unsubscribe',
    {
      config: adminOnly,
      schema: {
        description:
          'Ends the seller’s subscription now (at the billing provider too, no refund); their data stays and ' +
          'their next call answers plan_required. 404 not a seller; 409 already_unsubscribed.',
        body: ZUnsubscribeBody,
        response: { 200: ZUnsubscribeResponse },
      },
    },
    (req) => unsubscribeSeller(ctxOf(req, deps), deps, req.body.seller),
  );

  app.get(
    '/api/sellers/audit',
    {
      config: adminOnly,
      schema: {
        description:
          'What admins did to and as the seller, newest first: login-as start and stop, each change made ' +
          'meanwhile (method, path, status), percent changes, unsubscription. queryFilter: action, ' +
          'impersonation_id. 404 when seller_id is not a seller.',
        querystring: ZSellerAuditQuery,
        response: { 200: ZSellerAuditList },
      },
    },
    (req) => sellerAuditList(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/users/find-seller',
    { config: adminOnly, schema: { querystring: ZFindUserQuery, response: { 200: ZFindUserResult } } },
    (req) => findSellers(ctxOf(req, deps), req.query.searchStr),
  );

  app.get(
    '/api/users/find-buyer',
    {
      config: { access: [ROLE.seller, ROLE.admin] },
      schema: {
        description: 'Shoppers by name or e-mail; a seller finds only the shoppers who ordered from them.',
        querystring: ZFindUserQuery,
        response: { 200: ZFindUserResult },
      },
    },
    (req) => findBuyers(ctxOf(req, deps), req.query.searchStr),
  );
}
