import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, type ExpectedIntent, FIXTURES } from './parser.fixtures.ts';
import {
  type CatalogueProduct,
  type CommentIntent,
  createCommentParser,
  MAX_QUANTITY,
  parseComment,
} from './parser.ts';

const parse = createCommentParser(CATALOGUE);

const withoutReason = (intents: CommentIntent[]): ExpectedIntent[] =>
  intents.map(({ reason: _reason, ...rest }) => rest);

const KEYWORDS = CATALOGUE.flatMap((p) => p.keywords);

describe('live comment parser: fixtures', () => {
  it('has at least 200 realistic comments', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(200);
  });

  it.each(FIXTURES)('%j', (comment, expected) => {
    expect(withoutReason(parse(comment))).toEqual(expected);
  });
});

describe('live comment parser: decisions', () => {
  it('parseComment is createCommentParser in one call', () => {
    expect(parseComment('robe12 rouge M', CATALOGUE)).toEqual(parse('robe12 rouge M'));
  });

  it.each([
    ['robe12 rouge M', undefined],
    ['robe12 L', 'only_in_stock'],
    ['robe12', 'variant_required'],
    ['robe12 rouge ou noir', 'several_colors'],
    ['robe12 S ou M', 'several_sizes'],
    ['robe12 bleu', 'color_not_found'],
    ['robe12 XL', 'size_not_found'],
    ['jupe5 noire 42', 'size_not_found'],
    ['robe soiree bordeaux L', 'size_not_found'],
  ])('%j gives the reason %j', (comment, reason) => {
    expect(parse(comment)[0].reason).toBe(reason);
  });

  it('reports a combination the product does not sell', () => {
    const parser = createCommentParser([
      {
        id: 1,
        name: 'Robe',
        keywords: ['robe1'],
        configurations: [
          {
            id: 1,
            color: { id: 16, names: ['Rouge', 'Red'] },
            size: { id: 4, names: ['M', 'M'], code: 'M' },
            stock: 1,
          },
          {
            id: 2,
            color: { id: 1, names: ['Noir', 'Black'] },
            size: { id: 5, names: ['L', 'L'], code: 'L' },
            stock: 1,
          },
        ],
      },
    ]);
    expect(parser('robe1 rouge L')).toEqual([
      {
        productId: 1,
        keyword: 'robe1',
        quantity: 1,
        outcome: 'no_variant_match',
        reason: 'combination_not_found',
      },
    ]);
  });

  it('reports a product without configurations', () => {
    const parser = createCommentParser([{ id: 5, name: 'Vide', keywords: ['vide1'], configurations: [] }]);
    expect(parser('vide1')).toEqual([
      {
        productId: 5,
        keyword: 'vide1',
        quantity: 1,
        outcome: 'no_variant_match',
        reason: 'no_configuration',
      },
    ]);
  });

  it('normalises keywords given raw and gives a shared keyword to the first product', () => {
    const parser = createCommentParser([
      { id: 1, name: 'A', keywords: ['#Rôbe12 '], configurations: [{ id: 10, stock: 1 }] },
      { id: 2, name: 'B', keywords: ['robe12'], configurations: [{ id: 20, stock: 1 }] },
    ]);
    expect(parser('ROBE12')).toEqual([
      { productId: 1, keyword: 'robe12', quantity: 1, outcome: 'configuration', configurationId: 10 },
    ]);
  });

  it('prefers the longest keyword at one position', () => {
    const parser = createCommentParser([
      { id: 1, name: 'Robe', keywords: ['robe'], configurations: [{ id: 10, stock: 1 }] },
      { id: 2, name: 'Robe rouge', keywords: ['robe rouge'], configurations: [{ id: 20, stock: 1 }] },
    ]);
    expect(parser('robe rouge x2').map((i) => [i.productId, i.quantity])).toEqual([[2, 2]]);
    expect(parser('robe x2').map((i) => [i.productId, i.quantity])).toEqual([[1, 2]]);
  });

  it('recognises a custom colour of the seller and its French forms', () => {
    const parser = createCommentParser([
      {
        id: 1,
        name: 'Robe',
        keywords: ['robe7'],
        configurations: [
          { id: 1, color: { id: 100, names: ['Léopard', 'Leopard'] }, stock: 1 },
          { id: 2, color: { id: 101, names: ['Vert d’eau', 'Mint'] }, stock: 1 },
        ],
      },
    ]);
    expect(parser('robe7 LÉOPARD')[0].configurationId).toBe(1);
    expect(parser('robe7 mint')[0].configurationId).toBe(2);
    expect(parser('robe7 vert')[0].outcome).toBe('no_variant_match');
  });

  it('never throws on hostile input', () => {
    const inputs = [
      '\u0000\u0001\u0002robe12\u0007 rouge M',
      '😀'.repeat(5000),
      'robe12 '.repeat(2000),
      'x'.repeat(10_000),
      `${'a1 '.repeat(3000)}robe12 M`,
      '\uD800robe12\uDFFF',
      '\u202Erobe12 rouge M',
      'İSTANBUL robe12 ß',
    ];
    for (const input of inputs) expect(() => parse(input)).not.toThrow();
    expect(parse('\u0000\u0001\u0002robe12\u0007 rouge M')[0].configurationId).toBe(102);
    expect(parse('robe12 '.repeat(2000))[0].quantity).toBe(MAX_QUANTITY);
    expect(parse(null as unknown as string)).toEqual([]);
    expect(createCommentParser(null as unknown as CatalogueProduct[])('robe12')).toEqual([]);
  });

  it('finds the keyword at the end of a 10 kB comment', () => {
    const long = `${'Coucou les filles, super live aujourd’hui ! '.repeat(250)} robe12 rouge M`;
    expect(parse(long)[0].configurationId).toBe(102);
  });
});

/* ------------------------------------------------------------------------------------------ */

const filler = fc.constantFrom(
  'coucou',
  'bonjour',
  'svp',
  'merci',
  'je prends',
  'please',
  'hello',
  'trop beau',
  '😍',
  '🙏',
  '!!!',
  '?',
  ',',
  'la',
  'pour moi',
  'super',
);
const keyword = fc.constantFrom(...KEYWORDS);
/** Sentences of filler words: no keyword, no colour, size or quantity in them. */
const sentence = fc.array(filler, { maxLength: 6 }).map((parts) => parts.join(' '));
/** French and English letters whose case and accents fold safely. */
const frenchText = fc
  .array(fc.constantFrom(...'abcdeéèêfghijklmnoôpqrstuùvwxyzç0123456789 #!?,.😍-'.split('')), {
    maxLength: 40,
  })
  .map((chars) => chars.join(''));

const containsKeyword = (text: string) => {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
  return KEYWORDS.some((k) => folded.includes(k));
};

describe('live comment parser: properties', () => {
  it('never throws and always returns well-formed intents', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
        (text) => {
          const intents = parse(text);
          expect(Array.isArray(intents)).toBe(true);
          for (const intent of intents) {
            expect(['configuration', 'ambiguous', 'no_variant_match']).toContain(intent.outcome);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on text made of catalogue words', () => {
    const word = fc.constantFrom(
      ...KEYWORDS,
      'rouge',
      'M',
      'x2',
      '38',
      't',
      'taille',
      'x',
      '2',
      'pièces',
      '#',
      '€',
      "'",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.string({ maxLength: 3 })), { maxLength: 30 }), (parts) => {
        expect(() => parse(parts.join(' '))).not.toThrow();
        expect(() => parse(parts.join(''))).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('finds any keyword wrapped in text with spaces around it', () => {
    fc.assert(
      fc.property(sentence, keyword, sentence, fc.boolean(), (before, kw, after, hash) => {
        const intents = parse(`${before} ${hash ? '#' : ''}${kw.toUpperCase()} ${after}`);
        expect(intents.map((i) => i.keyword)).toEqual([kw]);
      }),
      { numRuns: 300 },
    );
  });

  it('finds every keyword of a comment, in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(keyword, { minLength: 1, maxLength: 4 }), sentence, (kws, glue) => {
        // Two keywords of one product would merge; keep one keyword per product.
        const products = kws.map((k) => CATALOGUE.find((p) => p.keywords.includes(k))!.id);
        fc.pre(new Set(products).size === products.length);
        const intents = parse(kws.join(` ${glue} `));
        expect(intents.map((i) => i.productId)).toEqual(products);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on case or accents', () => {
    const accents: Record<string, string> = { e: 'é', o: 'ô', u: 'ù', a: 'à', i: 'î', c: 'ç' };
    const variants = fc.constantFrom(...FIXTURES.map(([comment]) => comment));
    fc.assert(
      fc.property(variants, fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }), (comment, flips) => {
        const changed = [...comment]
          .map((ch, i) => {
            const flip = flips[i % flips.length];
            if (accents[ch] && flip && i % 3 === 0) return accents[ch];
            return flip ? ch.toUpperCase() : ch.toLowerCase();
          })
          .join('');
        expect(parse(changed)).toEqual(parse(comment));
      }),
      { numRuns: 400 },
    );
  });

  it('gives nothing for a comment without any keyword', () => {
    fc.assert(
      fc.property(fc.oneof(frenchText, fc.string(), sentence), (text) => {
        fc.pre(!containsKeyword(text));
        expect(parse(text)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps quantities between 1 and the cap', () => {
    const quantity = fc.oneof(
      fc.nat({ max: 10_000 }).map((n) => `x${n}`),
      fc.nat({ max: 10_000 }).map((n) => `${n}x`),
      fc.nat({ max: 10_000 }).map((n) => `${n} pièces`),
      fc.nat({ max: 10_000 }).map((n) => `qty ${n}`),
      fc.nat({ max: 10_000 }).map((n) => `${n}`),
      fc.constantFrom('deux', 'two', 'dix', ''),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(keyword, quantity), { minLength: 1, maxLength: 5 }), (parts) => {
        const intents = parse(parts.map(([kw, q]) => `${kw} ${q}`).join(' '));
        expect(intents.length).toBeGreaterThan(0);
        for (const intent of intents) {
          expect(Number.isInteger(intent.quantity)).toBe(true);
          expect(intent.quantity).toBeGreaterThanOrEqual(1);
          expect(intent.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
          if (intent.requestedQuantity !== undefined) {
            expect(intent.requestedQuantity).toBeGreaterThan(MAX_QUANTITY);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('resolves a configuration only to one of the product', () => {
    const word = fc.constantFrom(
      'rouge',
      'noir',
      'M',
      'L',
      'S',
      '38',
      '39',
      'x2',
      'bleu marine',
      'gris',
      'XL',
      '2',
    );
    fc.assert(
      fc.property(keyword, fc.array(word, { maxLength: 4 }), (kw, words) => {
        const product = CATALOGUE.find((p) => p.keywords.includes(kw))!;
        const ids = product.configurations.map((c) => c.id);
        for (const intent of parse(`${kw} ${words.join(' ')}`)) {
          expect(intent.productId).toBe(product.id);
          if (intent.outcome === 'configuration') expect(ids).toContain(intent.configurationId);
          if (intent.outcome === 'ambiguous') {
            expect(intent.candidates!.length).toBeGreaterThan(0);
            for (const id of intent.candidates!) expect(ids).toContain(id);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
