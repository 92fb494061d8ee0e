import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { liveComments, liveSessions, outbox } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/http.ts';
import type { Runtime } from '../../runtime.ts';
import { claimComments } from './claim.ts';
import { ingestComments } from './comments.ts';

/*
 * A server stopped between storing a post's comments and claiming them (kill -9, crash, deploy):
 * the comments are claimed when the capture tool delivers them again, or by the sweeper, and a
 * comment claimed by several callers at once is decided once.
 */

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
const ctx = (): Ctx => ({
  db: db(),
  user: null,
  locale: 'fr',
  config: rt.deps.config,
  log: rt.app.log,
});
const sessionRow = async (id: number) =>
  (await db().select().from(liveSessions).where(eq(liveSessions.id, id)))[0];

/** Stores comments as a post does, and stops there: the server died before claiming them. */
async function storeOnly(sessionId: number, messages: ReturnType<typeof comment>[]) {
  return (await ingestComments(ctx(), await sessionRow(sessionId), messages)).rows;
}
const outcomeOf = async (sessionId: number, externalId: string) =>
  (
    await db()
      .select()
      .from(liveComments)
      .where(eq(liveComments.session_id, sessionId))
      .then((rows) => rows.filter((r) => r.external_id === externalId))
  )[0]?.outcome;
/** Makes comments look stored `seconds` ago. */
const age = (ids: number[], seconds: number) =>
  db()
    .update(liveComments)
    .set({ received_at: sql`now() - make_interval(secs => ${seconds})` })
    .where(sql`${liveComments.id} IN ${ids}`);

describe('trust #4: comments stored but never claimed are claimed later, once', () => {
  it('a comment stored but never claimed is claimed when the capture tool delivers it again', async () => {
    const { seller, api, sessionId, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 3);
    const me = viewer();
    const lost = comment(`${keyword} x2`, me);
    await storeOnly(sessionId, [lost]);
    expect(await outcomeOf(sessionId, lost.id)).toBeNull();

    const fresh = comment('bonsoir', viewer());
    const again = await post([lost, fresh]);
    expect(again).toEqual({
      received: 2,
      stored: 1,
      recovered: 1,
      duplicates: 0,
      refused: 0,
      ordered: 1,
      waiting: 0,
    });
    expect(await outcomeOf(sessionId, lost.id)).toBe('cart');
    const cart = await reads(rt).cartOfViewer(seller.id, me);
    expect(cart?.lines).toMatchObject([{ configuration_id: config.id, quantity: 2 }]);

    // A third delivery finds it decided: a duplicate, no second line.
    expect(await post([lost])).toMatchObject({ stored: 0, recovered: 0, duplicates: 1, ordered: 0 });
    expect(await reads(rt).stockOf(config.id)).toBe(1);
    expect((await reads(rt).cartOfViewer(seller.id, me))?.lines).toHaveLength(1);
  });

  it('the sweeper claims comments never claimed nor delivered again, once a few seconds old, in comment order', async () => {
    const { seller, api, sessionId } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 1);
    const [first, second, recent] = [viewer(), viewer(), viewer()];
    const early = comment(keyword, first);
    const late = comment(keyword, second);
    const chatter = comment('bonsoir', viewer());
    // Stored in the reverse order: the sweeper orders by the comments' time.
    const stored = await storeOnly(sessionId, [late, chatter, early]);
    await age(
      stored.map((r) => r.id),
      10,
    );
    const fresh = comment(keyword, recent);
    const [freshRow] = await storeOnly(sessionId, [fresh]);

    const swept = await rt.comments.sweepNow();
    expect(swept).toEqual(expect.arrayContaining(stored.map((r) => r.id)));
    expect(swept).not.toContain(freshRow.id);
    expect(await outcomeOf(sessionId, early.id)).toBe('cart');
    expect(await outcomeOf(sessionId, late.id)).toBe('waiting');
    expect(await outcomeOf(sessionId, chatter.id)).toBe('no_match');
    // Stored a moment ago: a post may still be claiming it.
    expect(await outcomeOf(sessionId, fresh.id)).toBeNull();
    expect(await reads(rt).stockOf(config.id)).toBe(0);
    expect((await reads(rt).cartOfViewer(seller.id, first))?.lines).toHaveLength(1);
    const replies = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.dedupe_key} IN ${[early.id, late.id].map((id) => `reply:${sessionId}:${id}`)}`);
    expect(replies).toHaveLength(2);

    // Nothing left to sweep but the recent one, and only once it is old enough.
    expect(await rt.comments.sweepNow()).not.toContain(freshRow.id);
    await age([freshRow.id], 10);
    expect(await rt.comments.sweepNow()).toContain(freshRow.id);
    expect(await outcomeOf(sessionId, fresh.id)).toBe('waiting');
  });

  it('does not sweep the comments of a session that is not live any more', async () => {
    const { api, sessionId } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 1);
    const c = comment(keyword, viewer());
    const stored = await storeOnly(sessionId, [c]);
    await age(
      stored.map((r) => r.id),
      10,
    );
    expect((await api.get(`/api/livesession/stop/${sessionId}`)).statusCode).toBe(200);
    await rt.comments.sweepNow();
    expect(await outcomeOf(sessionId, c.id)).toBeNull();
  });

  it('the same comment claimed at once by a slow first delivery, a re-delivery and the sweeper makes one line', async () => {
    const { seller, api, sessionId, post } = await liveSeller(rt);
    const { config, keyword } = await simpleProduct(rt, refs, api, 10);
    const me = viewer();
    const c = comment(keyword, me);
    const rows = await storeOnly(sessionId, [c]);
    await age([rows[0].id], 10);
    const session = await sessionRow(sessionId);

    const [first, again, redelivered, swept] = await Promise.all([
      claimComments(ctx(), session, rows),
      claimComments(ctx(), session, rows),
      post([c]),
      rt.comments.sweepNow(),
    ]);
    const winners = first.decided.size + again.decided.size + redelivered.recovered;
    expect(winners + swept.filter((id) => id === rows[0].id).length).toBe(1);
    expect(await reads(rt).stockOf(config.id)).toBe(9);
    const cart = await reads(rt).cartOfViewer(seller.id, me);
    expect(cart?.lines).toMatchObject([{ configuration_id: config.id, quantity: 1 }]);
    const replies = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupe_key, `reply:${sessionId}:${c.id}`));
    expect(replies).toHaveLength(1);
  });
});
