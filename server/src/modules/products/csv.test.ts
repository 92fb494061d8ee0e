import { describe, expect, it } from 'vitest';
import { CsvReader, guessSeparator } from './csv.ts';

/** Reads `text` fed in chunks of `size` characters. */
function read(text: string, size = text.length || 1) {
  const reader = new CsvReader();
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
  out.push(...reader.end());
  return out;
}

describe('CsvReader', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, and their line numbers', () => {
    const text = 'a,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",z\r\n3,,\r\n';
    const expected = [
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', 'say "hi"'] },
      { line: 3, fields: ['2', 'two\r\nlines', 'z'] },
      { line: 5, fields: ['3', '', ''] },
    ];
    expect(read(text)).toEqual(expected);
    // The same whatever the chunk boundaries.
    for (const size of [1, 2, 3, 7]) expect(read(text, size)).toEqual(expected);
  });

  it('skips a byte-order mark, takes ; from the header, LF or CR line ends, and no final line break', () => {
    expect(read('\uFEFFname;price\nRobe;12,5\rPull;"3"')).toEqual([
      { line: 1, fields: ['name', 'price'] },
      { line: 2, fields: ['Robe', '12,5'] },
      { line: 3, fields: ['Pull', '3'] },
    ]);
  });

  it('guesses the separator the first line uses most outside quotes', () => {
    expect(guessSeparator('a,b,c')).toBe(',');
    expect(guessSeparator('"a,b";c;d')).toBe(';');
    expect(guessSeparator('a\tb\tc')).toBe('\t');
    expect(guessSeparator('name')).toBe(',');
  });

  it('keeps an empty file empty and a lone field as one record', () => {
    expect(read('')).toEqual([]);
    expect(read('x')).toEqual([{ line: 1, fields: ['x'] }]);
  });
});
