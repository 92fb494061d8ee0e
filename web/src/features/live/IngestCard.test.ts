import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlExample, shellQuote } from './IngestCard';

/** What a POSIX shell makes of a command line: each word it would pass, one per line. */
const wordsOf = (line: string) =>
  execFileSync('sh', ['-c', `for w in ${line}; do printf '%s\\n' "$w"; done`], { encoding: 'utf8' })
    .split('\n')
    .slice(0, -1);

describe("screens #8: the capture tool's curl example posts the seller's own comment as it is", () => {
  it('a keyword with an apostrophe, a dollar or a command stays one word, run nowhere', () => {
    for (const s of ["l'été", "foulard'$(id)'7", 'robe `uname` $HOME', "''", 'a\\b']) {
      expect(wordsOf(shellQuote(s))).toEqual([s]);
    }
  });

  it('the whole line gives curl the URL, the token and the JSON body unchanged', () => {
    const line = curlExample(
      'http://localhost:3000/api/add-live-messages?sessionId=5',
      "tok'en",
      "l'été $(id)",
    );
    const words = wordsOf(line.replace(/^curl /, ''));
    expect(words.slice(0, 2)).toEqual(['-X', 'POST']);
    expect(words[2]).toBe('http://localhost:3000/api/add-live-messages?sessionId=5');
    expect(words).toContain("X-Ingest-Token: tok'en");
    const body = JSON.parse(words[words.length - 1]);
    expect(body.messages[0].message).toBe("l'été $(id)");
  });
});
