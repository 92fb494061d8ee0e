import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import { ApiError } from '../lib/api';
import i18n, { errorText, fieldText, loadLocale } from './i18n';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  it('French and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
    expect(keys(i18n.getResourceBundle('en', 'translation')).sort()).toEqual(
      keys(i18n.getResourceBundle('fr', 'translation')).sort(),
    );
  });

  it('no text is left empty', () => {
    for (const lang of [fr, en]) {
      for (const k of keys(lang)) {
        const value = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], lang);
        expect(value, k).not.toBe('');
      }
    }
  });

  it("shows the contract's error and field messages in the page language", async () => {
    const fixedT = i18n.getFixedT('en');
    expect(errorText(fixedT, new ApiError('email_exists', 'x'))).toBe('Email already exists');
    expect(errorText(fixedT, new ApiError('http_status', 'x', { params: { status: 503 } }))).toBe(
      'Request failed with status code 503',
    );
    expect(errorText(fixedT, new ApiError('some_new_code', 'Server words'))).toBe('Server words');
    expect(fieldText(fixedT, 'min_chars:5')).toBe('Must be at least 5 characters');
    expect(fieldText(i18n.getFixedT('fr'), 'required')).toBe('Champ obligatoire');
  });

  it('loads a language once, with the contract texts', async () => {
    const first = loadLocale('en');
    expect(loadLocale('en')).toBe(first);
    await first;
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.getFixedT('en')('errors.not_found')).toBe(
      i18n.getResourceBundle('en', 'translation').errors.not_found,
    );
    expect(i18n.getFixedT('fr')('fields.required')).toBe('Champ obligatoire');
  });
});
