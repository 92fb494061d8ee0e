import { timingSafeEqual } from 'node:crypto';
import { ROLE } from '@livecart/contract/constants';
import {
  ZIngestBody,
  ZIngestQuery,
  ZIngestResult,
  ZLiveCommentList,
  ZLiveCommentListQuery,
  ZLiveScenarios,
  ZLiveSessionBody,
  ZLiveSessionDetailResponse,
  ZLiveSessionIdParams,
  ZLiveSessionList,
  ZLiveSessionListQuery,
  ZLiveSessionResponse,
  ZSimulateBody,
  ZSimulateResult,
} from '@livecart/contract/live';
import { ZLiveReport, ZLiveReportRemindBody, ZLiveReportRemindResult } from '@livecart/contract/liveReport';
import { ZSuccess } from '@livecart/contract/products';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { App, Deps } from '../../lib/http.ts';
import { sha256 } from '../../lib/tokens.ts';
import { listScenarios } from '../chatbot/sessions.ts';
import { ctxOf } from '../context.ts';
import { listComments, receiveComments } from './comments.ts';
import { liveReport, remindLiveCarts } from './report.ts';
import {
  getSession,
  listSessions,
  removeSession,
  saveSession,
  startSession,
  stopSession,
} from './sessions.ts';
import { simulateComment } from './simulate.ts';
import { queueWebhook, signatureMatches } from './webhooks.ts';

/** Meta's subscription handshake: `hub.mode=subscribe`, the verify token, the challenge to echo. */
const ZHandshake = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(1000).optional(),
  'hub.challenge': z.string().max(1000).optional(),
});
/** Largest webhook body taken (Meta batches at most a few hundred changes; a comment is small). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Sellers only; one without a valid plan is told they can't go live without one. */
const sellers = { access: [ROLE.seller], planError: 'live_plan_required' } as const;

/** Live sessions (SPEC §7 Live sessions) and comment ingestion. */
export async function liveModule(app: App, deps: Deps) {
  app.post(
    '/api/livesession',
    {
      config: sellers,
      schema: {
        description:
          'Creates a scheduled session, or updates it when `id` is given (not once closed: 400 ' +
          '`live_session_closed`). `event_date` YYYY-MM-DD, `event_time` HH:mm (Europe/Paris), ' +
          '`order_timer` cart duration in minutes 0..1440 (0: carts never expire by timer; left out, a new ' +
          'session takes the shop’s default cart duration of fetch-settings), `scenario`, ' +
          '`store_id` (one of the seller’s stores, else 404; default the selected store), `live_video_id` (the ' +
          'live video or live media of that store, as fetch-active-sessions lists them; null unties it; left ' +
          'out, kept; without a store 400), `store_ids` (other stores of the seller feeding the session: ' +
          'another page, the page’s Instagram account; another seller’s answers 404 with `store_id`; left ' +
          'out, kept). Answers `{item}`.',
        body: ZLiveSessionBody,
        response: { 200: ZLiveSessionResponse },
      },
    },
    async (req) => ({ item: await saveSession(ctxOf(req, deps), req.body) }),
  );

  app.get(
    '/api/livesession/fetch-items',
    {
      config: sellers,
      schema: {
        description:
          'The seller’s sessions, paged. Columns: created_at (default, DESC), event_date, order_timer, ' +
          'status. queryFilter: status, duration {min, max} (minutes run), cart_duration {min, max} ' +
          '(order_timer), event_date {from, to}. Also `longTokenError` and `expireTokenAt` of the ' +
          'selected store’s social token (null without a store).',
        querystring: ZLiveSessionListQuery,
        response: { 200: ZLiveSessionList },
      },
    },
    (req) => listSessions(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/livesession/fetch-scenarios',
    {
      config: sellers,
      schema: {
        description:
          'Active chatbot scenarios a session can use, `{items: [{id, name, type}]}`: the seller’s own ' +
          'custom replies, then the system replies as the seller has them (their own text, else the ' +
          'platform’s).',
        response: { 200: ZLiveScenarios },
      },
    },
    (req) => listScenarios(ctxOf(req, deps)),
  );

  app.get(
    '/api/livesession/:id',
    {
      config: sellers,
      schema: {
        description:
          'One session, `{item}`, with `ingest_token` and `ingest_url` (POST comments there with header ' +
          '`X-Ingest-Token`), and `example_comment`: a comment that makes a cart on the seller’s own ' +
          'catalogue (a keyword, with colour and size when the product has several), or null; `sources`: the ' +
          'stores feeding it (its own first) with their live video, `poll_error` and `token_error`.',
        params: ZLiveSessionIdParams,
        response: { 200: ZLiveSessionDetailResponse },
      },
    },
    async (req) => ({ item: await getSession(ctxOf(req, deps), req.params.id) }),
  );

  app.get(
    '/api/livesession/start/:id',
    {
      config: { ...sellers, changesState: true },
      schema: {
        description:
          'Goes live: scheduled → live (else 400 `live_session_not_scheduled`); each store feeding it without a ' +
          'live video takes the one live now on its page or Instagram account. Answers `{item}`.',
        params: ZLiveSessionIdParams,
        response: { 200: ZLiveSessionResponse },
      },
    },
    async (req) => ({ item: await startSession(ctxOf(req, deps), req.params.id) }),
  );

  app.get(
    '/api/livesession/stop/:id',
    {
      config: { ...sellers, changesState: true },
      schema: {
        description:
          'Stops the session: live or scheduled → closed. It never stops by itself. Answers `{item}`.',
        params: ZLiveSessionIdParams,
        response: { 200: ZLiveSessionResponse },
      },
    },
    async (req) => ({ item: await stopSession(ctxOf(req, deps), req.params.id) }),
  );

  app.get(
    '/api/livesession/remove/:id',
    {
      config: { ...sellers, changesState: true },
      schema: {
        description: 'Removes the session; a live one must be stopped first (400 `live_session_is_live`).',
        params: ZLiveSessionIdParams,
        response: { 200: ZSuccess },
      },
    },
    async (req) => {
      await removeSession(ctxOf(req, deps), req.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/livesession/:id/comments',
    {
      config: sellers,
      schema: {
        description:
          'The session’s comments, newest first, `{count, items: [{id, external_id, from_id, from_name, ' +
          'message, outcome, reason, order_number, reply: {text, status} | null, created_time}]}`; outcome null ' +
          'while waiting for the claim; reply status pending until the private message is sent.',
        params: ZLiveSessionIdParams,
        querystring: ZLiveCommentListQuery,
        response: { 200: ZLiveCommentList },
      },
    },
    (req) => listComments(ctxOf(req, deps), req.params.id, req.query),
  );

  app.get(
    '/api/livesession/:id/report',
    {
      config: { access: [ROLE.seller, ROLE.admin], planError: 'live_plan_required' },
      schema: {
        description:
          'The live’s report, for its seller (another seller’s session: 404) or the admin: comments (total, ' +
          'distinct viewers, ordered, waited, unmatched, other), carts (opened, paid, unpaid, expired, canceled, ' +
          'conversion paid ÷ opened, revenue of paid carts in euros, unpaid amount, refunded), the top 10 ' +
          'products and variants (articles in carts, paid articles, paid revenue; colour and size in the ' +
          'reader’s language), the unpaid carts (status new) and a per-minute timeline of comments, carts ' +
          'opened, carts paid and revenue. Read from the same orders and lines as the orders lists.',
        params: ZLiveSessionIdParams,
        response: { 200: ZLiveReport },
      },
    },
    (req) => liveReport(ctxOf(req, deps), req.params.id),
  );

  app.post(
    '/api/livesession/:id/report/remind',
    {
      config: sellers,
      schema: {
        description:
          'Reminds shoppers of unpaid carts of the live, `{ids}` (order ids): one e-mail per shopper with ' +
          'each cart’s checkout link, in the cart’s language. A cart is skipped with its reason: not an ' +
          'unpaid cart of this live (`not_unpaid`), no e-mail for its shopper (`no_email`), reminded less ' +
          'than an hour ago (`recently_reminded`). Answers `{reminded, emails, skipped: [{id, reason}]}`.',
        params: ZLiveSessionIdParams,
        body: ZLiveReportRemindBody,
        response: { 200: ZLiveReportRemindResult },
      },
    },
    (req) => remindLiveCarts(ctxOf(req, deps), req.params.id, req.body.ids),
  );

  app.post(
    '/api/add-live-messages',
    {
      // The capture tool, another program: its authority is the session's ingest token. A comment
      // with bytes that cannot be stored is cleaned or refused alone (comment-text.ts), so the
      // central text guard, which would refuse the whole post, stands aside.
      config: { access: 'public', crossSite: 'server', checksOwnText: true },
      schema: {
        description:
          'Comments from a capture tool: header `X-Ingest-Token` (the session’s token; missing or wrong: ' +
          '401 and nothing stored), body `{messages: [{id, from: {id, name}, message, created_time}]}` ' +
          '(1 to 500). Each comment is stored once per session; on a session that is not live it is ' +
          'stored as ignored; on a live one each new comment is claimed at once: an article reserved in the ' +
          'viewer’s cart (`ordered`), a waiting-list place when sold out (`waiting`), or a question about ' +
          'the variant, with one private reply per comment. A comment stored earlier but never claimed (the ' +
          'server stopped in between) is claimed when delivered again (`recovered`). Each comment is checked ' +
          'alone: NUL bytes and lone surrogates are removed from the message and name (replaced by U+FFFD for ' +
          'a surrogate); a comment whose id, viewer id or time cannot be stored is `refused`, the others are ' +
          'stored. Answers `{received, stored, recovered, duplicates, refused, ordered, waiting}`.',
        querystring: ZIngestQuery,
        body: ZIngestBody,
        response: { 200: ZIngestResult },
      },
    },
    (req) => {
      const token = req.headers['x-ingest-token'];
      const given = Array.isArray(token) ? token[0] : token;
      return receiveComments(ctxOf(req, deps), req.query.sessionId, given, req.body.messages);
    },
  );

  // Meta's webhooks (pages and Instagram accounts): Meta signs the exact bytes, so these routes
  // alone get their body unparsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    const hooks = scope as unknown as App;
    hooks.get(
      '/api/webhooks/facebook',
      {
        config: { access: 'public', crossSite: 'server' },
        schema: {
          description:
            'Meta’s webhook subscription handshake: with `hub.mode=subscribe` and `hub.verify_token` equal to ' +
            'FACEBOOK_VERIFY_TOKEN, answers `hub.challenge` as text; anything else (or no verify token ' +
            'configured) 403.',
          querystring: ZHandshake,
        },
      },
      async (req, reply) => {
        const expected = deps.config.facebookWebhooks.verifyToken;
        const q = req.query;
        if (!expected || q['hub.mode'] !== 'subscribe' || !sameText(q['hub.verify_token'] ?? '', expected)) {
          throw new AppError('forbidden');
        }
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '');
      },
    );
    hooks.post(
      '/api/webhooks/facebook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: { access: 'public', crossSite: 'server', checksOwnText: true },
        schema: {
          description:
            'Meta’s webhooks of the pages (`feed` comments, `live_videos`) and Instagram accounts ' +
            '(`live_comments`, `comments`): `X-Hub-Signature-256` must be `sha256=` the HMAC-SHA256 of the raw ' +
            'body with FACEBOOK_APP_SECRET (missing, wrong, or no app secret configured: 401 ' +
            '`webhook_signature_invalid`, nothing kept). A well-signed body is answered `{received: true}` at ' +
            'once and read afterwards (a body that is not JSON is only logged, `queued` false); comments on a ' +
            'session’s live video enter it like the capture tool’s, once each. At most 1 MiB (413).',
          response: { 200: z.object({ received: z.literal(true), queued: z.boolean() }) },
        },
      },
      async (req) => {
        const secret = deps.config.facebookWebhooks.appSecret;
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!secret || !signatureMatches(raw, req.headers['x-hub-signature-256'], secret)) {
          throw new AppError('webhook_signature_invalid');
        }
        return { received: true as const, queued: await queueWebhook(ctxOf(req, deps), raw) };
      },
    );
  });

  // The live simulator (SPEC: sandbox mode of a live, for demos and tests).
  app.post(
    '/api/livesession/:id/simulate',
    {
      config: { access: [ROLE.seller], planError: 'live_plan_required' },
      schema: {
        description:
          'The live simulator: one comment `{from_name (1..60), message (1..1000), from_id?}` on the ' +
          'seller’s session (else 404). Without `from_id` the viewer is derived from the name (same ' +
          'name, same viewer, one cart). Stored and claimed like a capture tool’s comment (ignored ' +
          'when the session is not live). Answers the ingest counts and `comment_id`.',
        params: ZLiveSessionIdParams,
        body: ZSimulateBody,
        response: { 200: ZSimulateResult },
      },
    },
    (req) => simulateComment(ctxOf(req, deps), req.params.id, req.body),
  );
}

/** Two texts compared in constant time (the verify token). */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(sha256(given), 'hex');
  const b = Buffer.from(sha256(expected), 'hex');
  return timingSafeEqual(a, b);
}
