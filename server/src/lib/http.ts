import type { TLocale, TRoleId } from '@livecart/contract/constants';
import type { TCurrentUser } from '@livecart/contract/user';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, DbOrTx } from '../db/client.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { SocialPlatform } from '../integrations/social/platform.ts';
import type { Storage } from '../integrations/storage/storage.ts';
import type { LiveEventHub } from '../modules/events/hub.ts';

/**
 * Whether a request is the API's: the pattern of the route it reached (`/api/…`), or its URL when
 * it reached none (an API 404). Never the URL alone: the router decodes the path before it
 * matches (`/%61pi/sellers` reaches `/api/sellers`) and takes an absolute-form target
 * (`http://host/api/sellers`), neither of which starts with `/api` as sent.
 */
export const isApiRequest = (request: FastifyRequest) =>
  (request.routeOptions.url ?? request.url).startsWith('/api');

/** Codes a route may answer a seller without a valid plan. */
export type PlanError = 'plan_required' | 'live_plan_required';

/** The admin behind a request made as a seller, and the login-as it belongs to. */
export interface RequestImpersonator {
  id: number;
  email: string | null;
  impersonationId: number;
}

/** Who may call a route: `public`, any signed-in user, or a list of roles. */
export type RouteAccess = 'public' | 'user' | readonly TRoleId[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: who may call it. */
    access?: RouteAccess;
    /** A seller without a valid plan may still call this route (profile, plans, locale…). */
    withoutPlan?: boolean;
    /** The refusal a seller without a valid plan gets here (default `plan_required`). */
    planError?: PlanError;
    /** Why this route may be reached from another site; without it, cross-site requests answer 403. */
    crossSite?: import('./cross-site.ts').CrossSite;
    /**
     * The handler cleans or refuses NUL characters and lone surrogates itself; without it the
     * request is refused whole when any text holds one (lib/input-text.ts).
     */
    checksOwnText?: boolean;
    /**
     * A GET that changes something (SPEC keeps several: livesession stop, orders/expire…): while an
     * admin is signed in as a seller it is recorded in the seller's audit like any POST.
     */
    changesState?: boolean;
    /**
     * Reveals or changes a secret of the account (its password, its e-mail, payment credentials):
     * refused with 403 `impersonation_forbidden` while an admin is signed in as the seller.
     */
    refusedWhileImpersonating?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with the roles allowed to call it (the role-matrix test walks it). */
    accessTable: import('./access.ts').DeclaredRoute[];
  }
  interface FastifyRequest {
    user: TCurrentUser | null;
    /** The admin signed in as `user` (a seller) through "log in as", or null. */
    impersonator: RequestImpersonator | null;
    locale: TLocale;
  }
}

/** What every service takes first: the caller, the database (or the open transaction), the config. */
export interface Ctx {
  db: DbOrTx;
  user: TCurrentUser | null;
  locale: TLocale;
  config: Config;
  log: FastifyBaseLogger;
}

/** Shared services handed to every module when the app is built. */
export interface Deps {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  /** Open `/api/events` streams of this process, fed by LISTEN/NOTIFY. */
  events: LiveEventHub;
  /** Where private replies go; the sandbox platform when not given. */
  social?: SocialPlatform;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A context bound to another handle, e.g. inside a transaction. */
export const withDb = (ctx: Ctx, db: DbOrTx): Ctx => ({ ...ctx, db });
