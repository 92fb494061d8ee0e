import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureTestApp, VERIFY } from '../../../test/capture-fixtures.ts';
import { startTestApp } from '../../../test/helpers.ts';
import { reads, simpleProduct } from '../../../test/live-fixtures.ts';
import { outbox } from '../../db/schema/index.ts';

/*
 * Meta's webhooks of the pages and Instagram accounts: the handshake, the signature, bodies read
 * after the answer, hostile bodies; comments on a live video enter the live engine as the capture
 * tool's.
 */

const cap = captureTestApp();
const { db, seller, sign, webhook, feedComment, commentsOf, webhookRows } = cap;

describe('the webhook subscription handshake', () => {
  it('answers the challenge as text to the right verify token, 403 otherwise', async () => {
    const ok = await cap.rt.app.inject({
      method: 'GET',
      url: `/api/webhooks/facebook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      'hub.challenge=1',
    ]) {
      const res = await cap.rt.app.inject({ method: 'GET', url: `/api/webhooks/facebook?${query}` });
      expect(res.statusCode, query).toBe(403);
    }
  });
});

describe('webhook signatures', () => {
  it('an unsigned, badly signed or otherwise signed body answers 401 and changes nothing; a well-signed one is queued', async () => {
    const { pageId, video, sessionId } = await seller();
    const body = feedComment(pageId, video as string, { from: 'fb-sig', message: 'hello' });
    const raw = JSON.stringify(body);
    const before = await webhookRows();
    for (const signature of [
      null,
      'sha256=deadbeef',
      sign(raw, 'another-secret'),
      sign(`${raw} `),
      'md5=abc',
    ]) {
      const res = await webhook(body, { signature, raw });
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json().error).toBe('webhook_signature_invalid');
    }
    expect(await webhookRows()).toBe(before);
    await cap.rt.worker.drain();
    expect(await commentsOf(sessionId)).toHaveLength(0);

    const ok = await webhook(body, { raw });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, queued: true });
    expect(await webhookRows()).toBe(before + 1);
    // Meta delivering the same body again is queued once.
    expect((await webhook(body, { raw })).statusCode).toBe(200);
    expect(await webhookRows()).toBe(before + 1);
    await cap.rt.worker.drain();
    expect(await commentsOf(sessionId)).toMatchObject([{ message: 'hello', platform: 'facebook' }]);
  });

  it('without an app secret configured every body answers 401', async () => {
    const other = await startTestApp({ graph: { url: cap.graph.url, version: 'v21.0' } });
    try {
      const raw = JSON.stringify({ object: 'page', entry: [] });
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/webhooks/facebook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(raw) },
        payload: raw,
      });
      expect(res.statusCode).toBe(401);
      const hello = await other.app.inject({
        method: 'GET',
        url: `/api/webhooks/facebook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      });
      expect(hello.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('hostile webhook bodies', () => {
  it('a signed body that is not JSON is answered 200 and queued nowhere; a huge one 413', async () => {
    const before = await webhookRows();
    const res = await webhook(null, { raw: 'not json {' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, queued: false });
    const huge = Buffer.alloc(2 * 1024 * 1024, 'a');
    const big = await webhook(null, { raw: huge });
    expect(big.statusCode).toBe(413);
    expect(await webhookRows()).toBe(before);
  });

  it('NUL bytes, unknown objects and broken changes lose none of the good comments beside them', async () => {
    const { seller: s, api, page, video, sessionId } = await seller();
    const { keyword } = await simpleProduct(cap.rt, cap.refs, api, 5);
    const good = feedComment(page.external_id, video as string, {
      from: 'fb-good',
      message: `${keyword} \u0000`,
    });
    const body = {
      object: 'page',
      entry: [
        {
          id: page.external_id,
          changes: [null, 'x', { field: 'feed', value: { item: 'comment', verb: 'add' } }],
        },
        { id: page.external_id, changes: [{ field: 'feed', value: { item: 'reaction', verb: 'add' } }] },
        42,
        ...good.entry,
      ],
    };
    const res = await webhook(body);
    expect(res.statusCode).toBe(200);
    expect(
      (await webhook({ object: 'user', entry: [{ id: 1, changes: [{ field: 'x' }] }] })).statusCode,
    ).toBe(200);
    expect((await webhook([1, 2, 3])).json()).toEqual({ received: true, queued: false });
    await cap.rt.worker.drain();
    const dead = await db()
      .select()
      .from(outbox)
      .where(and(like(outbox.dedupe_key, 'webhook:%'), eq(outbox.status, 'dead')));
    expect(dead).toHaveLength(0);
    const pending = await db()
      .select()
      .from(outbox)
      .where(and(like(outbox.dedupe_key, 'webhook:%'), eq(outbox.status, 'pending')));
    expect(pending.map((p) => p.last_error)).toEqual([]);
    expect(await commentsOf(sessionId)).toMatchObject([{ message: `${keyword} `, outcome: 'cart' }]);
    expect(await reads(cap.rt).cartOfViewer(s.id, 'fb-good')).not.toBeNull();
  });
});
