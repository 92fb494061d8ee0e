import { eq } from 'drizzle-orm';
import { users } from '../../server/src/db/schema/index.ts';
import { loadCurrentUser } from '../../server/src/modules/users/service.ts';
import type { Runtime } from '../../server/src/runtime.ts';
import { type Row, timePerRun } from './table.ts';

/** Reading the session user on every API call, against the bare SQL of the same lookup. */
export async function authBench(rt: Runtime): Promise<Row[]> {
  const db = rt.deps.database.db;
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@demo.test'));
  const n = 2000;
  const productMs = await timePerRun(n, () => loadCurrentUser(db, seller.id));
  const baselineMs = await timePerRun(n, () =>
    rt.deps.database.raw(
      `SELECT u.*, s.plan_id, s.status FROM users u LEFT JOIN LATERAL (SELECT plan_id, status, current_period_end, trial_end
       FROM subscriptions WHERE user_id = u.id ORDER BY created_at DESC, id DESC LIMIT 1) s ON true WHERE u.id = $1`,
      [seller.id],
    ),
  );
  const req = await timePerRun(500, () => rt.app.inject({ url: '/api/countries' }));
  return [
    { case: 'session user lookup', n, productMs, baselineMs, note: 'loadCurrentUser vs raw SQL' },
    {
      case: 'GET /api/countries (inject)',
      n: 500,
      productMs: req,
      baselineMs: await timePerRun(500, () =>
        rt.deps.database.raw('SELECT * FROM countries ORDER BY name_fr'),
      ),
      note: 'HTTP + JSON vs query alone',
    },
  ];
}
