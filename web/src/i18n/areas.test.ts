import { describe, expect, it } from 'vitest';
import { translationOf } from '../app/translations';
import { FRAME_TEXTS, SHOPPER_SECTIONS, sectionsOf, TEXT_AREAS } from './areas';
import en from './en.json';
import fr from './fr.json';

type Texts = Record<string, unknown>;

/** `section.entry` for each entry of each section (a section's texts are one level of objects). */
const entriesOf = (texts: Texts) =>
  Object.entries(texts).flatMap(([section, value]) =>
    Object.keys(value as Texts).map((entry) => `${section}.${entry}`),
  );

/** Whether `key` (`section` or `section.entry`, plural forms `entry_one`… included) has a text in `texts`. */
function holds(texts: Texts, key: string): boolean {
  const [section, entry] = key.split('.');
  const value = texts[section] as Texts | undefined;
  if (value === undefined) return false;
  return entry === undefined || Object.keys(value).some((k) => k === entry || k.startsWith(`${entry}_`));
}

/**
 * The text keys the sources read: string literals that start with a section of fr.json
 * (`t('nav.orders')`, `labelKey: 'nav.orders'`, `t(\`orderStatus.${s}\`)` as `orderStatus`).
 */
function keysReadBy(sources: Record<string, string>): Set<string> {
  const read = new Set<string>();
  for (const [file, source] of Object.entries(sources)) {
    if (file.includes('.test.')) continue;
    for (const m of source.matchAll(/['"`]([a-zA-Z]+)\.([a-zA-Z_]*)/g)) {
      if (!(m[1] in fr)) continue;
      read.add(m[2] ? `${m[1]}.${m[2]}` : m[1]);
    }
  }
  return read;
}

describe('the parts of the texts', () => {
  it('every text of each language is in exactly one part, and the listed ones in theirs', () => {
    for (const texts of [fr, en]) {
      const parts = TEXT_AREAS.map((area) => entriesOf(sectionsOf(texts, area) as Texts));
      expect(parts.flat().sort()).toEqual(entriesOf(texts).sort());
      expect(new Set(parts.flat()).size).toBe(parts.flat().length);
      const shopper = Object.keys(sectionsOf(texts, 'shopper'));
      expect(shopper.sort()).toEqual([...SHOPPER_SECTIONS].sort());
      const frame = sectionsOf(texts, 'frame') as Texts;
      for (const key of FRAME_TEXTS) expect(holds(frame, key), key).toBe(true);
      expect(Object.keys(sectionsOf(texts, 'backOffice'))).toContain('orders');
    }
  });

  it('each part is a module of its own with its texts only', async () => {
    const shopper = await import('virtual:texts/fr/shopper');
    expect(Object.keys(shopper.default).sort()).toEqual([...SHOPPER_SECTIONS].sort());
    expect((shopper.default.checkout as Texts).title).toBe(fr.checkout.title);
    const frame = await import('virtual:texts/en/frame');
    expect(frame.default.dashboard).toEqual(en.dashboard);
    expect(frame.default.auth).toEqual({ welcome: en.auth.welcome });
    expect(frame.default.orders).toBeUndefined();
    const backOffice = await import('virtual:texts/en/backOffice');
    expect((backOffice.default.auth as Texts).signIn).toEqual(en.auth.signIn);
    expect((backOffice.default.auth as Texts).welcome).toBeUndefined();
    expect(backOffice.default.dashboard).toBeUndefined();
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

  it("the back office's frame and the dashboard read only the shopper's and the frame's parts", () => {
    const sources = import.meta.glob<string>(
      [
        '../app/*.{ts,tsx}',
        '../app/layout/*.{ts,tsx}',
        '../features/dashboard/*.{ts,tsx}',
        '../features/auth/{AuthSync,WelcomeNotice}.tsx',
        '../features/checkout/{CommentConnect,ReturnToCheckout}.tsx',
        '../features/plans/GraceBanner.tsx',
        '../features/sellers/ImpersonationBanner.tsx',
        '../components/{BarChart,FullScreenLoader,WhenNear}.tsx',
      ],
      { query: '?raw', import: 'default', eager: true },
    );
    const read = keysReadBy(sources);
    expect(read).toContain('nav.orders');
    expect(read).toContain('dashboard.title');
    // the shopper's part comes with the contract's error and field messages (app/i18n.ts)
    const shopper = translationOf(sectionsOf(fr, 'shopper') as typeof fr, 'fr');
    const firstLoad = { ...shopper, ...sectionsOf(fr, 'frame') } as Texts;
    expect([...read].filter((key) => !holds(firstLoad, key))).toEqual([]);
  });
});
