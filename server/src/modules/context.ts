import type { FastifyRequest } from 'fastify';
import type { Ctx, Deps } from '../lib/http.ts';

/** The service context of a request: caller, locale, database, config. */
export const ctxOf = (req: FastifyRequest, deps: Deps): Ctx => ({
  db: deps.database.db,
  user: req.user,
  locale: req.locale,
  config: deps.config,
  log: req.log,
});
