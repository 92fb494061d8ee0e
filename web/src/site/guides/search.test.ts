import { describe, expect, it } from 'vitest';
import { guideCatalogue } from './catalogue';
import { searchGuides } from './search';

const at = (hits: ReturnType<typeof searchGuides>) => hits.map((h) => `${h.page}#${h.section ?? ''}`);

describe('the knowledge centre’s search', () => {
  it('ignores case and accents', () => {
    expect(at(searchGuides('ATTENTE', 'fr'))).toContain('guideLiveSelling#waiting-list');
    expect(at(searchGuides('delai', 'fr'))).toEqual(at(searchGuides('délai', 'fr')));
    expect(at(searchGuides('Épuisé', 'fr'))).toContain('guideLiveSelling#waiting-list');
  });

  it('finds words in any order, each as the start of a word, all of them required', () => {
    expect(at(searchGuides('attente liste', 'fr'))).toEqual(at(searchGuides('liste attente', 'fr')));
    expect(at(searchGuides('pan', 'fr'))).toContain('guideLiveSelling#timer');
    expect(searchGuides('panier zzzz', 'fr')).toEqual([]);
    expect(searchGuides('   ', 'fr')).toEqual([]);
  });

  it('ranks a guide’s title above a section’s heading, and a heading above the text', () => {
    const hits = searchGuides('csv', 'fr');
    expect(at(hits)[0]).toBe('guideRulesCsv#');
    const panier = searchGuides('panier', 'fr');
    expect(at(panier)[0]).toBe('guideLiveSelling#timer');
    expect(panier[0].score).toBeGreaterThan(panier[panier.length - 1].score);
  });

  it('answers in the page’s language', () => {
    expect(at(searchGuides('waiting list', 'en'))[0]).toBe('guideLiveSelling#waiting-list');
    expect(searchGuides('waiting list', 'fr')).toEqual([]);
  });

  it('lists the same guides and sections in both languages', () => {
    const shape = (locale: 'fr' | 'en') =>
      guideCatalogue(locale).map((g) => [g.page, g.sections.map((s) => s.id)]);
    expect(shape('en')).toEqual(shape('fr'));
  });
});
