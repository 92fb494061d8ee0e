import {
  addressRulesOf,
  checkAddressForCountry,
  formatPhone,
  normalizePostCode,
  phoneToE164,
  ZAddressPlace,
} from '@livecart/contract/address';
import { describe, expect, it } from 'vitest';

/** The field errors of a place in a country, or `{}` when it passes. */
const errorsOf = (
  iso: string,
  place: { state?: string | null; post_code?: string | null; phone?: string },
) => {
  const r = checkAddressForCountry(place, iso);
  return r.ok ? {} : r.fields;
};

describe('screens #4: post codes of the country', () => {
  const cases: [iso: string, good: string[], bad: string[]][] = [
    ['FR', ['75011', '97400', '75 011'], ['zz', '7501', '750111', 'ABCDE']],
    ['BE', ['1000', '9999'], ['10000', '100', 'B100']],
    ['LU', ['1471', 'L-1471'], ['14710', 'L-147']],
    ['CH', ['1201', 'CH-1201'], ['12010', 'CH 12']],
    ['DE', ['10115'], ['1011', '101155']],
    ['NL', ['1012 AB', '1012AB', '1012 ab'], ['1012', 'AB 1012', '1012 A1']],
    ['ES', ['28001'], ['2800', 'E28001']],
    ['IT', ['00184'], ['0184']],
    ['PT', ['1000-001'], ['1000001', '1000-01', '1000']],
    ['GB', ['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'EC1A 1BB'], ['SW1A', '12345', 'SW1A 1CA']],
    ['US', ['10001', '10001-1234'], ['1000', 'ABCDE']],
    ['CA', ['H2X 1Y4', 'h2x1y4'], ['H2X 1Y', '12345']],
    ['PL', ['00-950'], ['00950']],
    ['MC', ['98000'], ['75011']],
  ];
  for (const [iso, good, bad] of cases) {
    it(`${iso}: ${good.join(', ')} pass; ${bad.join(', ')} answer post_code`, () => {
      // a region too, for the countries that need one
      const place = (post_code: string) => ({ state: 'Région', post_code });
      for (const code of good) expect(errorsOf(iso, place(code)), `${iso} ${code}`).toEqual({});
      for (const code of bad) {
        expect(errorsOf(iso, place(code)), `${iso} ${code}`).toEqual({ post_code: 'post_code' });
      }
    });
  }

  it('is required where letters need it, optional where the country has none to give', () => {
    expect(errorsOf('FR', { post_code: null })).toEqual({ post_code: 'required' });
    expect(errorsOf('BE', { post_code: '' })).toEqual({ post_code: 'required' });
    // Eircodes are not needed to deliver in Ireland; the United Arab Emirates have no post codes
    expect(errorsOf('IE', { post_code: null })).toEqual({});
    expect(errorsOf('IE', { post_code: 'D02 X285' })).toEqual({});
    expect(errorsOf('AE', { state: 'Dubai', post_code: null })).toEqual({});
    expect(addressRulesOf('AE').postCode).toBe('none');
  });

  it('a country without a known form takes the generic rule: letters and digits, 2 to 10', () => {
    // Angola (no post codes known) and Antarctica
    for (const iso of ['AO', 'AQ']) {
      expect(addressRulesOf(iso).postCode).toBe('optional');
      expect(errorsOf(iso, { post_code: null })).toEqual({});
      expect(errorsOf(iso, { post_code: 'AB-123' })).toEqual({});
      expect(errorsOf(iso, { post_code: 'Z' })).toEqual({ post_code: 'post_code' });
      expect(errorsOf(iso, { post_code: '12345678901' })).toEqual({ post_code: 'post_code' });
      expect(errorsOf(iso, { post_code: '12#4' })).toEqual({ post_code: 'post_code' });
    }
  });

  it('is stored in upper case with single spaces, without the country prefix', () => {
    expect(normalizePostCode(' 1012   ab ', 'NL')).toBe('1012 AB');
    expect(normalizePostCode('1012ab', 'NL')).toBe('1012 AB');
    expect(normalizePostCode('l-1471', 'LU')).toBe('1471');
    expect(normalizePostCode('CH-1201', 'CH')).toBe('1201');
    expect(normalizePostCode('75 011', 'FR')).toBe('75011');
    expect(normalizePostCode('h2x1y4', 'CA')).toBe('H2X 1Y4');
    expect(normalizePostCode('11122', 'SE')).toBe('111 22');
    const r = checkAddressForCountry({ post_code: 'sw1a1aa' }, 'GB');
    expect(r.ok && r.value.post_code).toBe('SW1A 1AA');
  });
});

describe('screens #4: regions where the country uses them', () => {
  it('Italy, Spain, the United States, Canada and Japan need one; France, Belgium, Germany do not', () => {
    for (const iso of ['IT', 'ES', 'US', 'CA', 'JP', 'BR', 'AE']) {
      expect(addressRulesOf(iso).region, iso).toBe('required');
    }
    for (const iso of ['FR', 'BE', 'DE', 'LU', 'CH', 'NL', 'PT', 'GB']) {
      expect(addressRulesOf(iso).region, iso).toBe('none');
    }
    expect(addressRulesOf('IE').region).toBe('optional');
    expect(addressRulesOf('AQ').region).toBe('optional');
  });

  it('a missing region answers required where needed; none needed in France, and none kept there', () => {
    expect(errorsOf('IT', { state: null, post_code: '00184' })).toEqual({ state: 'required' });
    expect(errorsOf('ES', { state: '', post_code: '28001' })).toEqual({ state: 'required' });
    expect(errorsOf('IT', { state: 'Roma', post_code: '00184' })).toEqual({});
    expect(errorsOf('FR', { state: null, post_code: '75011' })).toEqual({});
    const fr = checkAddressForCountry({ state: 'Île-de-France', post_code: '75011' }, 'FR');
    expect(fr.ok && fr.value.state).toBeNull();
  });

  it('the SPEC minimum of 3 characters holds for a region that is given', () => {
    const place = { country_id: 1, city: 'Roma', address1: 'Via del Corso 1', post_code: '00184' };
    expect(ZAddressPlace.safeParse({ ...place, state: 'RM' }).error?.issues[0]).toMatchObject({
      path: ['state'],
      message: 'min_chars:3',
    });
    expect(ZAddressPlace.parse({ ...place, state: '' }).state).toBeNull();
    expect(ZAddressPlace.parse({ ...place, state: 'Roma' }).state).toBe('Roma');
  });
});

describe('screens #4: phone numbers of the country, in E.164', () => {
  it('reads a national number from the chosen country and an international one from its +', () => {
    expect(phoneToE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(phoneToE164('0612345678', 'FR')).toBe('+33612345678');
    expect(phoneToE164('0470 12 34 56', 'BE')).toBe('+32470123456');
    expect(phoneToE164('+32 470 12 34 56', 'FR')).toBe('+32470123456');
    expect(phoneToE164('(212) 555-0123', 'US')).toBe('+12125550123');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
  });

  it('refuses letters, numbers too short or too long for the country', () => {
    for (const [value, iso] of [
      ['abc', 'FR'],
      ['06 12 34 ab 78', 'FR'],
      ['061234', 'FR'],
      ['06123456789', 'FR'],
      ['0470 12', 'BE'],
      ['', 'FR'],
    ] as const) {
      expect(phoneToE164(value, iso), `${iso} ${value}`).toBeNull();
      expect(errorsOf(iso, { post_code: iso === 'FR' ? '75011' : '1000', phone: value })).toEqual({
        phone: 'phone',
      });
    }
  });

  it('answers the number to store', () => {
    const r = checkAddressForCountry({ state: null, post_code: '75011', phone: '06 12 34 56 78' }, 'FR');
    expect(r).toEqual({ ok: true, value: { state: null, post_code: '75011', phone: '+33612345678' } });
  });
});
