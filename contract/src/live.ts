import { z } from 'zod';
import { LIVE_SESSION_STATUSES } from './constants.ts';
import { ZDayRange, ZRange, zListQuery, zListResponse } from './lists.ts';
import { fieldMessage, zCalendarDay, zCartDuration, zId, zOptionalText } from './validation.ts';

/** A real calendar day `YYYY-MM-DD` (2024-02-30 is refused). */
const zEventDate = () => zCalendarDay('required');

/** A wall-clock time `HH:mm` (Europe/Paris). */
const zEventTime = () => z.string({ error: 'required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid');

/**
 * POST livesession: creates a session, or updates it when `id` is given (while not closed).
 * Without `order_timer` a new session takes the shop's default cart duration (settings) and an
 * updated one keeps its own.
 */
export const ZLiveSessionBody = z.object({
  id: zId().optional(),
  event_date: zEventDate(),
  event_time: zEventTime(),
  order_timer: zCartDuration().optional(),
  scenario: zOptionalText(100).optional(),
  store_id: zId().nullish(),
  /**
   * The live video (Facebook) or live media (Instagram) of the session's store, as fetch-active-sessions
   * lists them; null unties it; left out, kept. Comments on it enter the session.
   */
  live_video_id: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'invalid')
    .nullish(),
  /**
   * Other stores of the seller feeding the session too (another page, the page's Instagram account);
   * left out, kept. Each store's live video is found when the session starts or its live begins.
   */
  store_ids: z.array(zId()).max(10, 'invalid').optional(),
});
export type TLiveSessionBody = z.output<typeof ZLiveSessionBody>;

/** A live session as lists and forms show it. Times are ISO strings; event_time is `HH:mm`. */
export const ZLiveSession = z.object({
  id: z.number(),
  status: z.enum(LIVE_SESSION_STATUSES),
  closed: z.boolean(),
  event_date: z.string(),
  event_time: z.string(),
  order_timer: z.number(),
  scenario: z.string().nullable(),
  store_id: z.number().nullable(),
  participants: z.number(),
  started_at: z.string().nullable(),
  stopped_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLiveSession = z.infer<typeof ZLiveSession>;

/** The platforms comments come from (a store is a Facebook page or an Instagram account). */
export const LIVE_PLATFORMS = ['facebook', 'instagram'] as const;

/**
 * A store feeding a session (its own first) and the live video tied to it: `poll_error` says why
 * its comments could not be read lately (rate limit, token), null when they are.
 */
export const ZLiveSessionSource = z.object({
  store_id: z.number(),
  name: z.string(),
  platform: z.enum(LIVE_PLATFORMS),
  video_id: z.string().nullable(),
  video_status: z.enum(['live', 'ended']).nullable(),
  poll_error: z.string().nullable(),
  token_error: z.string().nullable(),
});
export type TLiveSessionSource = z.infer<typeof ZLiveSessionSource>;

/** A broadcast live now on one of the seller's stores (GET fetch-active-sessions `videos`). */
export const ZLiveVideoNow = z.object({
  store_id: z.number(),
  platform: z.enum(LIVE_PLATFORMS),
  /** The live video id (Facebook) or live media id (Instagram): a session's `live_video_id`. */
  video_id: z.string(),
  title: z.string().nullable(),
  started_at: z.string().nullable(),
});
export type TLiveVideoNow = z.infer<typeof ZLiveVideoNow>;

/** A store of the seller a session may be fed by (GET fetch-active-sessions `stores`). */
export const ZLiveStore = z.object({
  id: z.number(),
  name: z.string(),
  platform: z.enum(LIVE_PLATFORMS),
  selected: z.boolean(),
});
export type TLiveStore = z.infer<typeof ZLiveStore>;

/**
 * GET livesession/{id}: the session with the token and URL capture tools post comments with, and
 * an example comment.
 */
export const ZLiveSessionDetail = ZLiveSession.extend({
  ingest_token: z.string(),
  ingest_url: z.string(),
  /**
   * A comment that makes a cart on this seller's catalogue (`robe12 rouge M`: a keyword of their
   * own, with a variant when the product has several), for the simulator and the capture example;
   * null when no published product has a keyword.
   */
  example_comment: z.string().nullable(),
  /** The stores feeding the session, with their live videos. */
  sources: z.array(ZLiveSessionSource),
});
export type TLiveSessionDetail = z.infer<typeof ZLiveSessionDetail>;

export const ZLiveSessionResponse = z.object({ item: ZLiveSession });
export const ZLiveSessionDetailResponse = z.object({ item: ZLiveSessionDetail });

export const ZLiveSessionIdParams = z.object({ id: zId() });

export const LIVE_SESSION_COLUMNS = ['created_at', 'event_date', 'order_timer', 'status'] as const;

/**
 * Filters of GET livesession/fetch-items: `status`, `duration` {min, max} (minutes the session ran),
 * `cart_duration` {min, max} (order_timer minutes), `event_date` {from, to}.
 */
export const ZLiveSessionFilter = z.object({
  status: z.enum(LIVE_SESSION_STATUSES, { error: 'invalid' }).nullish(),
  duration: ZRange.optional(),
  cart_duration: ZRange.optional(),
  event_date: ZDayRange.optional(),
});

export const ZLiveSessionListQuery = zListQuery({
  columns: LIVE_SESSION_COLUMNS,
  defaultColumn: 'created_at',
  filter: ZLiveSessionFilter,
});
export type TLiveSessionListQuery = z.output<typeof ZLiveSessionListQuery>;

/** The list, with the selected store's social token state (null when no store). */
export const ZLiveSessionList = zListResponse(ZLiveSession).extend({
  longTokenError: z.string().nullable(),
  expireTokenAt: z.string().nullable(),
});
export type TLiveSessionList = z.infer<typeof ZLiveSessionList>;

/** A chatbot scenario a session can answer with. */
export const ZLiveScenario = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['system', 'users']),
});
export const ZLiveScenarios = z.object({ items: z.array(ZLiveScenario) });
export type TLiveScenario = z.infer<typeof ZLiveScenario>;

// ---------------------------------------------------------------------------------------------
// Comment ingestion

/** Most comments one add-live-messages call takes. */
export const MAX_INGEST_MESSAGES = 500;

/** A platform id given as a string or a number. */
const zExternalId = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: 'required' }).min(1, 'required').max(max, 'invalid'),
  );

/** One Graph-API-shaped comment. */
export const ZIngestMessage = z.object({
  id: zExternalId(128),
  from: z.object({ id: zExternalId(64), name: z.string().max(255).nullish() }),
  message: z.string({ error: 'required' }).max(10_000, 'invalid'),
  created_time: z.string({ error: 'required' }).refine((s) => !Number.isNaN(Date.parse(s)), 'invalid'),
});
export type TIngestMessage = z.output<typeof ZIngestMessage>;

export const ZIngestBody = z.object({
  messages: z.array(ZIngestMessage).min(1, 'required').max(MAX_INGEST_MESSAGES, 'invalid'),
});
export const ZIngestQuery = z.object({ sessionId: zId() });

/**
 * `received` comments in the call = `stored` new ones + `recovered` ones stored by an earlier call
 * but never claimed (claimed by this one) + `duplicates` already known and decided (or repeated in
 * the call) + `refused` ones (an id that is not valid text: NUL byte or lone surrogate). Of those
 * claimed now, `ordered` reserved an article and `waiting` joined a waiting list.
 */
export const ZIngestResult = z.object({
  received: z.number(),
  stored: z.number(),
  recovered: z.number(),
  duplicates: z.number(),
  refused: z.number(),
  ordered: z.number(),
  waiting: z.number(),
});
export type TIngestResult = z.infer<typeof ZIngestResult>;

/** What became of a comment (null while it waits for the claim). */
export const COMMENT_OUTCOMES = [
  'ordered',
  'waiting',
  'ambiguous',
  'no_match',
  'ignored',
  'duplicate',
  /** The commenter is blocked by the seller: nothing reserved, the seller's message sent. */
  'blocked',
  /** No product keyword, but a trigger word: a custom reply of the chatbot answered it. */
  'answered',
] as const;

export const ZLiveComment = z.object({
  id: z.number(),
  external_id: z.string(),
  from_id: z.string().nullable(),
  from_name: z.string().nullable(),
  /** Where it was written, when it came through a store; null: the capture tool or the simulator. */
  platform: z.enum(LIVE_PLATFORMS).nullable(),
  message: z.string(),
  outcome: z.enum(COMMENT_OUTCOMES).nullable(),
  /** Why, for an ignored comment (`session_not_live`) or a question asked back (`ambiguous:variant_required`). */
  reason: z.string().nullable(),
  /** The cart the comment's articles went to, when it has one. */
  order_number: z.string().nullable(),
  /** The custom reply of the chatbot that answered the comment (alone, or with what it ordered). */
  answered: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The one private message due for the comment (its text carries the checkout link). */
  reply: z.object({ text: z.string(), status: z.enum(['pending', 'sent', 'failed']) }).nullable(),
  created_time: z.string(),
});
export type TLiveComment = z.infer<typeof ZLiveComment>;

export const ZLiveCommentListQuery = zListQuery({
  columns: ['created_time'] as const,
  defaultColumn: 'created_time',
  filter: z.object({}),
});
export type TLiveCommentListQuery = z.output<typeof ZLiveCommentListQuery>;
export const ZLiveCommentList = zListResponse(ZLiveComment);

// ---------------------------------------------------------------------------------------------
// Live simulator

/**
 * POST livesession/{id}/simulate: one comment typed in the seller's simulator. `from_id` defaults
 * to one derived from the name, so the same viewer name always is the same viewer (one cart).
 */
export const ZSimulateBody = z.object({
  from_name: z.string({ error: 'required' }).trim().min(1, 'required').max(60, fieldMessage('max_chars', 60)),
  message: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(1000, fieldMessage('max_chars', 1000)),
  from_id: z.string().trim().min(1, 'required').max(64, fieldMessage('max_chars', 64)).optional(),
});
export type TSimulateBody = z.output<typeof ZSimulateBody>;
export type TSimulateBodyInput = z.input<typeof ZSimulateBody>;

/** The ingest counts of the one comment, and the stored comment's id. */
export const ZSimulateResult = ZIngestResult.extend({ comment_id: z.number() });
export type TSimulateResult = z.infer<typeof ZSimulateResult>;
