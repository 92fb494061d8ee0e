import { joinKeywords, normalizeKeyword, parseKeywords } from '@livecart/contract/keywords';
import { describe, expect, it } from 'vitest';

describe('normalizeKeyword', () => {
  it.each([
    ['ROBE12', 'robe12'],
    ['#robe12', 'robe12'],
    ['##Robe12', 'robe12'],
    ['  # robe12  ', 'robe12'],
    ['Rôbe Été', 'robe ete'],
    ['robe   \t rouge', 'robe rouge'],
    ['ÇA', 'ca'],
    ['ＲＯＢＥ１２', 'robe12'],
    ['robe#12', 'robe#12'],
    ['', ''],
    ['  #  ', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeKeyword(raw)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const raw of ['#Rôbe  Été', 'ＲＯＢＥ１２', ' x ']) {
      expect(normalizeKeyword(normalizeKeyword(raw))).toBe(normalizeKeyword(raw));
    }
  });
});

describe('parseKeywords', () => {
  it('splits on commas, normalises, drops empties and duplicates, keeps the first order', () => {
    expect(parseKeywords(' #Robe12, dress12,,ROBE12 , #  , Été ')).toEqual(['robe12', 'dress12', 'ete']);
    expect(parseKeywords(null)).toEqual([]);
    expect(joinKeywords(['robe12', 'dress12'])).toBe('robe12,dress12');
  });
});
