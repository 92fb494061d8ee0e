import type { TIngestMessage } from '@livecart/contract/live';

/**
 * Comments come from capture tools and platforms by the hundred per post, and one of them may
 * carry text PostgreSQL cannot store: a NUL byte, or a lone UTF-16 surrogate (half of an emoji cut
 * by a tool). Each comment is screened alone, so one bad comment never fails its post:
 * - what people read (the message, the viewer's name) is cleaned: NUL bytes removed, each lone
 *   surrogate replaced by U+FFFD (the replacement character);
 * - what identifies (the comment id, the viewer id) is never altered, since a cleaned id could
 *   name another comment or another viewer: a comment whose id is not valid text is refused and
 *   counted;
 * - the comment's time orders the waiting list, so one PostgreSQL cannot store (a year outside
 *   1..9999, which JavaScript reads) refuses the comment too.
 */

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Text PostgreSQL can store as is: no NUL byte, no lone surrogate. */
export function isStorableText(s: string): boolean {
  return !s.includes(NUL) && !LONE_SURROGATE.test(s);
}

/** The text with NUL bytes removed and lone surrogates replaced by U+FFFD. */
export function cleanText(s: string): string {
  return s.replaceAll(NUL, '').replace(LONE_SURROGATES, '\uFFFD');
}

/** Years a PostgreSQL timestamp takes as JavaScript writes them (`+010000-…` is refused). */
const FIRST = Date.parse('0001-01-01T00:00:00.000Z');
const LAST = Date.parse('9999-12-31T23:59:59.999Z');

/** The comments of a post that can be stored (message and name cleaned), and how many were refused. */
export function screenComments<M extends TIngestMessage>(messages: M[]): { kept: M[]; refused: number } {
  const kept: M[] = [];
  let refused = 0;
  for (const m of messages) {
    const time = Date.parse(m.created_time);
    if (!isStorableText(m.id) || !isStorableText(m.from.id) || !(time >= FIRST && time <= LAST)) {
      refused++;
      continue;
    }
    kept.push({
      ...m,
      created_time: new Date(time).toISOString(),
      message: cleanText(m.message),
      from: { ...m.from, name: m.from.name == null ? m.from.name : cleanText(m.from.name) },
    });
  }
  return { kept, refused };
}
