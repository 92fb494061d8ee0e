import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/helpers.ts';
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { liveComments } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

/*
 * A capture tool posts up to 500 comments at once; one of them may carry text PostgreSQL cannot
 * store (a NUL byte, a lone UTF-16 surrogate). That comment is cleaned or refused alone.
 */

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** Posts without asserting the status (the fixture's `post` expects 200). */
const postRaw = (sessionId: number, token: string, messages: unknown[]) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/add-live-messages?sessionId=${sessionId}`,
    headers: { 'x-ingest-token': token },
    payload: { messages },
  });

const commentsOf = (sessionId: number) =>
  db().select().from(liveComments).where(eq(liveComments.session_id, sessionId)).orderBy(liveComments.id);

describe('trust #7: one comment that cannot be stored fails alone, not its post', () => {
  it('a post of 500 comments, one with a NUL byte in its id and one with a lone surrogate in its viewer id, stores and claims the other 498 and answers 200', async () => {
    const { seller, api, sessionId, token } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 1000);
    const messages = Array.from({ length: 500 }, () => comment(keyword, viewer()));
    messages[100] = { ...messages[100], id: `bad\u0000${messages[100].id}` };
    messages[300] = { ...messages[300], from: { id: 'fb-\ud800', name: 'Half an emoji' } };

    const res = await postRaw(sessionId, token, messages);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      received: 500,
      stored: 498,
      recovered: 0,
      duplicates: 0,
      refused: 2,
      ordered: 498,
      waiting: 0,
    });
    const rows = await commentsOf(sessionId);
    expect(rows).toHaveLength(498);
    expect(rows.every((r) => r.outcome === 'cart')).toBe(true);
    expect(rows.map((r) => r.external_id)).not.toContain(messages[300].id);
    const lines = await reads(rt).linesOf(seller.id);
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(498);
  });

  it('a NUL byte and lone surrogates in the message and the name are cleaned, and the comment is claimed', async () => {
    const { sessionId, api, token } = await liveSeller(rt);
    const { keyword } = await simpleProduct(rt, refs, api, 5);
    const c = comment(`${keyword} merci\u0000 \ud83d`, viewer());
    const named = { ...c, from: { ...c.from, name: 'Zo\u0000é \udc00' } };

    const res = await postRaw(sessionId, token, [named, comment('bonsoir\u0000', viewer())]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ received: 2, stored: 2, refused: 0, ordered: 1 });
    const [row, chatter] = await commentsOf(sessionId);
    expect(row).toMatchObject({
      external_id: c.id,
      message: `${keyword} merci \uFFFD`,
      from_name: 'Zoé \uFFFD',
      outcome: 'cart',
    });
    expect(chatter).toMatchObject({ message: 'bonsoir', outcome: 'no_match' });
  });

  it('a comment whose time PostgreSQL cannot store is refused alone', async () => {
    const { sessionId, token } = await liveSeller(rt);
    const far = { ...comment('bonsoir', viewer()), created_time: '99999' };
    const res = await postRaw(sessionId, token, [far, comment('bonsoir', viewer())]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ received: 2, stored: 1, refused: 1, duplicates: 0 });
    expect(await commentsOf(sessionId)).toHaveLength(1);
  });
});
