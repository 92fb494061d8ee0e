import { describe, expect, it } from 'vitest';
import { SHOPPER_SECTIONS, sectionsOf } from './areas';
import en from './en.json';
import fr from './fr.json';

describe('the parts of the texts', () => {
  it("every section of each language is in exactly one part, and the shopper's part is the listed one", () => {
    for (const texts of [fr, en]) {
      const shopper = Object.keys(sectionsOf(texts, 'shopper'));
      const backOffice = Object.keys(sectionsOf(texts, 'backOffice'));
      expect(shopper.sort()).toEqual([...SHOPPER_SECTIONS].sort());
      expect([...shopper, ...backOffice].sort()).toEqual(Object.keys(texts).sort());
      expect(backOffice).toContain('dashboard');
    }
  });

  it('each part is a module of its own with its sections only', async () => {
    const shopper = await import('virtual:texts/fr/shopper');
    expect(Object.keys(shopper.default).sort()).toEqual([...SHOPPER_SECTIONS].sort());
    expect((shopper.default.checkout as Record<string, unknown>).title).toBe(fr.checkout.title);
    const backOffice = await import('virtual:texts/en/backOffice');
    expect(backOffice.default.dashboard).toEqual(en.dashboard);
    expect(backOffice.default.checkout).toBeUndefined();
  });

  it("the shopper's pages read only the shopper's part", () => {
    const sources = import.meta.glob<string>(
      ['../features/checkout/*.{ts,tsx}', '../features/sandbox/*.{ts,tsx}'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    );
    const read = new Set<string>();
    for (const [file, source] of Object.entries(sources)) {
      if (file.includes('.test.')) continue;
      for (const m of source.matchAll(/\bt(?:Dynamic\(t,)?\(?\s*['`]([a-zA-Z]+)\./g)) read.add(m[1]);
    }
    expect(read.size).toBeGreaterThan(2);
    expect([...read].filter((s) => !(SHOPPER_SECTIONS as readonly string[]).includes(s))).toEqual([]);
  });
});
