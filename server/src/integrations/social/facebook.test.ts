import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGraph, graphError, startFakeGraph } from '../../../test/fakes/graph.ts';
import { facebookPlatform, fitText, MAX_TEXT_LENGTH } from './facebook.ts';
import {
  AlreadyReplied,
  ReplyRefused,
  ReplyUnavailable,
  sandboxPlatform,
  TokenRejected,
} from './platform.ts';

let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
});
afterAll(() => graph.close());
afterEach(() => expect(graph.unexpected).toEqual([]));

let pages = 0;
/** A fresh page id (answers are queued per page) and its bound platform. */
function page(opts: { appSecret?: string } = {}) {
  pages += 1;
  const pageId = `10${pages}2345`;
  const platform = facebookPlatform({ graphUrl: `${graph.url}/`, version: 'v21.0', ...opts }).forPage({
    pageId,
    accessToken: `PAGE-TOKEN-${pages}`,
  });
  return { pageId, platform, token: `PAGE-TOKEN-${pages}` };
}

describe('Facebook private replies', () => {
  it('posts the documented Send API request as the page, with its token', async () => {
    const { pageId, platform, token } = page();
    await platform.sendPrivateReply('1234_5678', 'Merci ! Votre panier : https://shop.test/checkout/LC1');
    const [req] = graph.to(pageId);
    expect(req).toMatchObject({
      method: 'POST',
      path: `/v21.0/${pageId}/messages`,
      query: { access_token: token },
      body: {
        recipient: { comment_id: '1234_5678' },
        message: { text: 'Merci ! Votre panier : https://shop.test/checkout/LC1' },
        messaging_type: 'RESPONSE',
      },
    });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.query.appsecret_proof).toBeUndefined();
  });

  it('adds the appsecret_proof of the token when the app secret is configured', async () => {
    const { pageId, platform, token } = page({ appSecret: 'app-secret' });
    await platform.sendPrivateReply('c1', 'hello');
    expect(graph.to(pageId)[0].query.appsecret_proof).toBe(
      createHmac('sha256', 'app-secret').update(token).digest('hex'),
    );
  });

  const cases: [
    string,
    ReturnType<typeof graphError>,
    typeof ReplyRefused | typeof ReplyUnavailable,
    RegExp,
  ][] = [
    [
      'privacy: person unavailable (551)',
      graphError(400, 551, 'This person isn’t available right now.'),
      ReplyRefused,
      /not available on Messenger.*\(Facebook error 551\)/,
    ],
    [
      'messaging window closed (10/2018278)',
      graphError(400, 10, 'This message is sent outside of allowed window.', { error_subcode: 2018278 }),
      ReplyRefused,
      /within 7 days of the comment \(Facebook error 10\/2018278\)/,
    ],
    [
      'person not receiving messages (10/2018108)',
      graphError(403, 10, 'This person isn’t receiving messages from you right now.', {
        error_subcode: 2018108,
      }),
      ReplyRefused,
      /not receiving messages from the page/,
    ],
    [
      'comment already answered (10900)',
      graphError(400, 10900, 'Activity already replied to'),
      ReplyRefused,
      /already received a private reply/,
    ],
    [
      'invalid parameter (100/2018001)',
      graphError(400, 100, 'No matching user found', { error_subcode: 2018001 }),
      ReplyRefused,
      /No matching person/,
    ],
    [
      'an unknown 4xx code',
      graphError(400, 9999, 'Something new'),
      ReplyRefused,
      /Facebook refused the message \(Facebook error 9999\): Something new/,
    ],
    [
      'rate limit (4)',
      graphError(400, 4, 'Application request limit reached'),
      ReplyUnavailable,
      /rate limit/,
    ],
    [
      'rate limit (613)',
      graphError(400, 613, 'Calls to this api have exceeded'),
      ReplyUnavailable,
      /rate limit/,
    ],
    [
      'temporary send failure (1200)',
      graphError(500, 1200, 'Temporary send message failure'),
      ReplyUnavailable,
      /temporarily unavailable/,
    ],
    ['a bare 500', { status: 500, body: 'oops' }, ReplyUnavailable, /HTTP 500.*will retry/],
    ['a 503 with an empty body', { status: 503, body: {} }, ReplyUnavailable, /HTTP 503/],
  ];
  for (const [name, answer, kind, message] of cases) {
    it(`maps ${name}`, async () => {
      const { pageId, platform, token } = page();
      graph.answer(pageId, answer);
      const err = await platform.sendPrivateReply('c1', 'hello').catch((e) => e);
      expect(err).toBeInstanceOf(kind);
      expect(err).not.toBeInstanceOf(TokenRejected);
      expect(err instanceof AlreadyReplied).toBe(name.includes('10900'));
      expect(err.message).toMatch(message);
      expect(err.message).not.toContain(token);
    });
  }

  it('an expired token (190/463) is refused and says the token expired', async () => {
    const { pageId, platform } = page();
    graph.answer(
      pageId,
      graphError(400, 190, 'Error validating access token: Session has expired', { error_subcode: 463 }),
    );
    const err = await platform.sendPrivateReply('c1', 'hello').catch((e) => e);
    expect(err).toBeInstanceOf(TokenRejected);
    expect(err).toBeInstanceOf(ReplyRefused);
    expect(err).toMatchObject({ tokenError: 'expired' });
    expect(err.message).toMatch(/expired; resynchronise/);
  });

  it('an invalid token (190/467) is refused as invalid', async () => {
    const { pageId, platform } = page();
    graph.answer(pageId, graphError(400, 190, 'Invalid OAuth access token.', { error_subcode: 467 }));
    const err = await platform.sendPrivateReply('c1', 'hello').catch((e) => e);
    expect(err).toMatchObject({ tokenError: 'invalid' });
  });

  it('an unreachable Graph API is retried later, without the token in the error', async () => {
    const platform = facebookPlatform({ graphUrl: 'http://127.0.0.1:1', version: 'v21.0' }).forPage({
      pageId: '1',
      accessToken: 'SECRET-TOKEN',
    });
    const err = await platform.sendPrivateReply('c1', 'hello').catch((e) => e);
    expect(err).toBeInstanceOf(ReplyUnavailable);
    expect(err.message).toMatch(/could not be reached/);
    expect(err.message).not.toContain('SECRET-TOKEN');
  });

  it('sends an over-long message cut to the limit with the checkout link whole', async () => {
    const { pageId, platform } = page();
    const link = 'https://shop.test/checkout/LCABCDEFGH23?storeName=Ma%20boutique&t=AbCdEf_12-xyz';
    const items = Array.from({ length: 200 }, (_, i) => `Robe fleurie n°${i} (Rouge, M) ×1`).join(', ');
    const text = `Merci ! Réservé pour vous : ${items}. Votre panier : ${link} Il est gardé 30 min.`;
    expect(text.length).toBeGreaterThan(MAX_TEXT_LENGTH);
    await platform.sendPrivateReply('c-long', text);
    const sent = graph.to(pageId)[0].body.message?.text ?? '';
    expect(sent.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
    expect(sent.startsWith('Merci ! Réservé pour vous : Robe fleurie n°0')).toBe(true);
    expect(sent.endsWith(`… Votre panier : ${link} Il est gardé 30 min.`)).toBe(true);
  });
});

describe('fitting a message to the limit', () => {
  it('leaves a short message alone', () => {
    expect(fitText('Merci ! https://a.test/x', 50)).toBe('Merci ! https://a.test/x');
  });

  it('cuts at a word before the link sentence and keeps the link sentence', () => {
    const out = fitText(
      'One two three four five six seven. Your cart: https://a.test/c/LC1 Kept 30 min.',
      60,
    );
    expect(out).toBe('One two three… Your cart: https://a.test/c/LC1 Kept 30 min.');
    expect(out.length).toBeLessThanOrEqual(60);
  });

  it('keeps just the link when the sentence around it does not fit', () => {
    const link = `https://a.test/${'x'.repeat(30)}`;
    expect(fitText(`Intro. Your cart is here, please pay soon: ${link} and more words after`, 50)).toBe(link);
  });

  it('keeps the link it is told to keep, even when another link follows it', () => {
    const cart = 'https://a.test/c/LC1';
    const out = fitText(`One two three four. Your cart: ${cart} See https://shop.test/faq`, 70, cart);
    expect(out).toBe(`One two… Your cart: ${cart} See https://shop.test/faq`);
    expect(fitText(`Intro words here. ${cart} then a long tail of words after it`, 30, cart)).toBe(cart);
  });

  it('never splits an emoji and marks a cut text without link', () => {
    const out = fitText(`${'a'.repeat(9)}😍😍😍`, 11);
    expect(out).toBe(`${'a'.repeat(9)}…`);
    expect(fitText('😍😍😍😍', 4)).toBe('😍…');
  });
});

describe('trust #4: the platforms tell whether a comment already has its private reply', () => {
  it('Facebook: reads can_reply_privately of the comment as the page, false once replied', async () => {
    const { platform, token } = page();
    expect(await platform.canReplyPrivately('777_1')).toBe(true);
    expect(graph.readsOf('777_1')).toMatchObject([
      { query: { fields: 'can_reply_privately', access_token: token } },
    ]);
    await platform.sendPrivateReply('777_1', 'Merci !');
    expect(await platform.canReplyPrivately('777_1')).toBe(false);
    const again = await platform.sendPrivateReply('777_1', 'Merci !').catch((e) => e);
    expect(again).toBeInstanceOf(AlreadyReplied);
  });

  it('Facebook: a reply that got no answer may have been taken (uncertain), a rate limit was not', async () => {
    const { pageId, platform } = page();
    graph.answer(
      pageId,
      { status: 502, body: {} },
      graphError(400, 613, 'Calls to this api have exceeded the rate limit.'),
    );
    expect(await platform.sendPrivateReply('778_1', 'x').catch((e) => e)).toMatchObject({ uncertain: true });
    expect(await platform.sendPrivateReply('778_1', 'x').catch((e) => e)).toMatchObject({ uncertain: false });
  });

  it('the sandbox answers the same way', async () => {
    const sandbox = sandboxPlatform();
    expect(await sandbox.canReplyPrivately('c-9')).toBe(true);
    await sandbox.sendPrivateReply('c-9', 'Merci !');
    expect(await sandbox.canReplyPrivately('c-9')).toBe(false);
    expect(await sandbox.sendPrivateReply('c-9', 'Merci !').catch((e) => e)).toBeInstanceOf(AlreadyReplied);
    expect(sandbox.sent).toHaveLength(1);
  });
});
