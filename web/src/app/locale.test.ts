import { describe, expect, it } from 'vitest';
import { localizePath, splitLocale, switchLocaleHref } from './locale';

describe('locale in the path', () => {
  it('French has no prefix and English lives under /en', () => {
    expect(splitLocale('/dashboard')).toEqual({ locale: 'fr', path: '/dashboard' });
    expect(splitLocale('/en/dashboard')).toEqual({ locale: 'en', path: '/dashboard' });
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/entries')).toEqual({ locale: 'fr', path: '/entries' });
  });

  it('puts a path with query and hash in a locale', () => {
    expect(localizePath('/dashboard?a=1#top', 'en')).toBe('/en/dashboard?a=1#top');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?x=1', 'en')).toBe('/en?x=1');
    expect(localizePath('/orders', 'fr')).toBe('/orders');
  });

  it('the language switcher re-opens the same page and query in the other language', () => {
    expect(switchLocaleHref({ pathname: '/sellers', search: '?limit=50&offset=50' }, 'en')).toBe(
      '/en/sellers?limit=50&offset=50',
    );
    expect(switchLocaleHref({ pathname: '/en/checkout/A12', search: '?storeName=demo' }, 'fr')).toBe(
      '/checkout/A12?storeName=demo',
    );
    expect(switchLocaleHref({ pathname: '/en', search: '' }, 'fr')).toBe('/');
  });
});
