import { describe, expect, it } from 'vitest';
import { countryOptions } from '../countries/api';
import { checkProfilePhoto } from './api';

describe('profile picture check', () => {
  it('accepts .jpg and .png up to 5 MB', () => {
    expect(checkProfilePhoto({ name: 'me.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkProfilePhoto({ name: 'me.PNG', type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types and bigger files', () => {
    expect(checkProfilePhoto({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('photo_type');
    expect(checkProfilePhoto({ name: 'me.png', type: 'image/webp', size: 10 })).toBe('photo_type');
    expect(checkProfilePhoto({ name: 'me.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'photo_size',
    );
  });
});

describe('country options', () => {
  const countries = [
    { id: 1, iso: 'DE', name_fr: 'Allemagne', name_en: 'Germany' },
    { id: 2, iso: 'BE', name_fr: 'Belgique', name_en: 'Belgium' },
    { id: 3, iso: 'ES', name_fr: 'Espagne', name_en: 'Spain' },
  ];

  it("are sorted by the page language's name", () => {
    expect(countryOptions(countries, 'fr').map((o) => o.label)).toEqual(['Allemagne', 'Belgique', 'Espagne']);
    expect(countryOptions(countries, 'en').map((o) => o.label)).toEqual(['Belgium', 'Germany', 'Spain']);
  });
});
