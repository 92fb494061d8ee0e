import { GraphCallError, type GraphOptions, graphApi } from './graph.ts';
import {
  AlreadyReplied,
  ReplyRefused,
  ReplyUnavailable,
  type SocialPlatform,
  TokenRejected,
} from './platform.ts';

/**
 * Private replies through the Facebook Graph API (Messenger Platform, "Private Replies"): one
 * message per comment, within 7 days of it, sent as the page with its page access token:
 *
 *   POST {graphUrl}/{version}/{page-id}/messages?access_token=…
 *   {"recipient": {"comment_id": "…"}, "message": {"text": "…"}, "messaging_type": "RESPONSE"}
 *
 * and whether a comment can still be answered (false once it has its private reply):
 *
 *   GET {graphUrl}/{version}/{comment-id}?fields=can_reply_privately&access_token=…
 *
 * Errors come back as `{"error": {message, type, code, error_subcode, is_transient, fbtrace_id}}`
 * and are mapped by {@link classifyGraphError}: a refusal a retry does not change is
 * {@link ReplyRefused}, a rejected token {@link TokenRejected}, anything temporary
 * {@link ReplyUnavailable} (the outbox retries it with backoff).
 */
export type FacebookOptions = GraphOptions;

/** The page a reply is sent as, with its (decrypted) page access token. */
export interface FacebookPage {
  pageId: string;
  accessToken: string;
}

/** The Send API takes a text "less than 2000 characters" (counted here in UTF-16 units, the stricter count). */
export const MAX_TEXT_LENGTH = 1999;

export function facebookPlatform(opts: FacebookOptions) {
  const graph = graphApi(opts);
  return {
    /** A platform that sends as this page. */
    forPage(page: FacebookPage): SocialPlatform {
      /** A Graph call as the page: its answer, or the error it maps to thrown. */
      const call = async (
        path: string,
        init: { method: 'GET' } | { method: 'POST'; body: unknown },
        params: Record<string, string> = {},
      ): Promise<unknown> => {
        try {
          return await graph(path, {
            method: init.method,
            params,
            body: init.method === 'POST' ? init.body : undefined,
            token: page.accessToken,
          });
        } catch (err) {
          if (!(err instanceof GraphCallError)) throw err;
          throw replyErrorOf(err);
        }
      };
      return {
        async sendPrivateReply(commentId, text) {
          await call(`${encodeURIComponent(page.pageId)}/messages`, {
            method: 'POST',
            body: {
              recipient: { comment_id: commentId },
              message: { text: fitText(text) },
              messaging_type: 'RESPONSE',
            },
          });
        },
        /** `GET /{comment-id}?fields=can_reply_privately`: false once the comment has its private reply. */
        async canReplyPrivately(commentId) {
          const body = await call(
            encodeURIComponent(commentId),
            { method: 'GET' },
            { fields: 'can_reply_privately' },
          );
          // Not said (an older API version): the comment is taken as open, and a reply sent twice
          // is still refused by Facebook as already replied (counted as sent on a retry).
          return (body as { can_reply_privately?: boolean } | null)?.can_reply_privately !== false;
        },
      };
    },
  };
}

/**
 * What a failed Graph call means for a message: unreachable (it may have arrived), a rejected
 * token, a refusal, or a temporary failure (a server error may come after the message was taken;
 * a rate limit never does).
 */
export function replyErrorOf(err: GraphCallError): ReplyRefused | ReplyUnavailable {
  if (err.status === 0) return new ReplyUnavailable(`${err.message}; will retry`, true);
  const outcome = classifyGraphError(err.status, err.error);
  if (outcome.kind === 'token') return new TokenRejected(outcome.reason, outcome.tokenError);
  if (outcome.kind === 'refused') {
    return new (err.error?.code === ALREADY_REPLIED ? AlreadyReplied : ReplyRefused)(outcome.reason);
  }
  return new ReplyUnavailable(outcome.reason, err.status >= 500);
}

/** The `error` object of a Graph API error response. */
export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_msg?: string;
  fbtrace_id?: string;
}

export type GraphOutcome =
  | { kind: 'retry'; reason: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'token'; reason: string; tokenError: 'expired' | 'invalid' };

/** Throttling codes: application (4), user (17), page (32), API (613), app (341), business use case (80001–80014). */
const RATE_LIMIT = new Set([4, 17, 32, 341, 613]);
/** Temporary failures: unknown (1), service unavailable (2), temporary send failure (1200). */
const TEMPORARY = new Set([1, 2, 1200]);

/** "Activity already replied to": the comment has had its one private reply. */
const ALREADY_REPLIED = 10900;

/** Readable reasons of the refusals a seller may meet, by `code/subcode` then by `code`. */
const REFUSALS: Record<string, string> = {
  '10/2018278': 'The messaging window is closed: a private reply must be sent within 7 days of the comment',
  '10/2018065': 'The messaging window is closed for this person',
  '10/2018108': 'This person is not receiving messages from the page right now',
  '10': 'The page may not message this person now (messaging window or page permission)',
  '100/2018001': 'No matching person found for this comment',
  '100': 'The comment cannot be answered (deleted, too old or not on this page)',
  '200': 'The page is not allowed to send messages (pages_messaging permission missing)',
  '230': 'This person’s settings do not allow messages from the page',
  '368': 'Facebook blocked the message as abusive or disallowed',
  '551': 'This person is not available on Messenger right now (privacy settings or blocked page)',
  '2022': 'Facebook has temporarily disabled commerce messages for this app',
  '10900': 'This comment already received a private reply',
  '10903': 'This person cannot receive a reply to this comment',
};

/** Sorts a Graph API error into retry later, refused for good, or token rejected. */
export function classifyGraphError(status: number, error: GraphError | undefined): GraphOutcome {
  const code = error?.code;
  const sub = error?.error_subcode;
  const ref = code === undefined ? `HTTP ${status}` : `Facebook error ${code}${sub ? `/${sub}` : ''}`;
  const said = error?.message ? `: ${error.message.slice(0, 200)}` : '';
  if (code === 190 || code === 102) {
    const expired = sub === 463;
    return {
      kind: 'token',
      tokenError: expired ? 'expired' : 'invalid',
      reason: `${expired ? 'The page access token has expired' : 'The page access token is invalid or was revoked'}; resynchronise the store (${ref})`,
    };
  }
  if (code !== undefined && (RATE_LIMIT.has(code) || (code >= 80001 && code <= 80014))) {
    return { kind: 'retry', reason: `Facebook rate limit reached (${ref}); will retry` };
  }
  if (error?.is_transient || (code !== undefined && TEMPORARY.has(code)) || status === 429) {
    return { kind: 'retry', reason: `Facebook is temporarily unavailable (${ref})${said}; will retry` };
  }
  const known =
    code !== undefined
      ? (REFUSALS[`${code}/${sub}`] ??
        REFUSALS[String(code)] ??
        (code >= 200 && code < 300 ? REFUSALS['200'] : undefined))
      : undefined;
  if (known) return { kind: 'refused', reason: `${known} (${ref})` };
  if (status >= 500 || code === undefined) {
    return { kind: 'retry', reason: `Facebook answered ${ref}${said}; will retry` };
  }
  return { kind: 'refused', reason: `Facebook refused the message (${ref})${said}` };
}

const URLS = /https?:\/\/\S+/g;

/**
 * Shortens a message to the Send API's limit without ever cutting the link that matters: `keep`
 * (the checkout link) when the text holds it, else its last link. The sentence holding that link
 * and what follows it are kept whole (else from the link on; else the link alone), the text
 * before it is cut at a word and marked with `…`.
 */
export function fitText(text: string, max = MAX_TEXT_LENGTH, keep?: string): string {
  if (text.length <= max) return text;
  const at = keep ? text.lastIndexOf(keep) : -1;
  const link = at >= 0 && keep ? { 0: keep, index: at } : [...text.matchAll(URLS)].at(-1);
  if (!link || link[0].length > max) return `${cut(text, max - 1)}…`;
  let start = sentenceStart(text, link.index);
  if (text.length - start > max) start = link.index;
  const tail = text.slice(start);
  if (tail.length > max) return link[0];
  const head = cut(text.slice(0, start).trimEnd(), max - tail.length - 2);
  return head ? `${head}… ${tail}` : tail;
}

/** Where the sentence holding `index` begins. */
function sentenceStart(text: string, index: number): number {
  let start = 0;
  for (const m of text.slice(0, index).matchAll(/[.!?…]\s+/g)) start = m.index + m[0].length;
  return start;
}

/** At most `n` UTF-16 units, at a space when one is near, never splitting a surrogate pair. */
function cut(s: string, n: number): string {
  if (n <= 0) return '';
  if (s.length <= n) return s;
  let end = n;
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const space = s.lastIndexOf(' ', end);
  if (space > 0 && space > end - 20) end = space;
  return s.slice(0, end).trimEnd();
}
