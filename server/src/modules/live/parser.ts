/**
 * Live comment parser (issue 4, "Parser"): turns one live comment into order intents against the
 * seller's catalogue. Pure: no I/O, no clock, never throws on any string.
 *
 * Decisions (the tests in parser.test.ts pin each of them):
 * - Keywords are compared in the normal form of `normalizeKeyword` (accents removed, lower case,
 *   leading '#', spaces collapsed), on word boundaries: the characters either side of a keyword
 *   must not be letters or digits (so ROBE12 never matches inside ROBE123 or XROBE12). One
 *   exception: a keyword glued to a quantity, `robe12x2`, is accepted. Keywords are not matched
 *   with extra inner spaces (`robe 12` is not `robe12`). At one position the longest keyword wins.
 *   A keyword shared by two products goes to the first product of the catalogue.
 * - The words after a keyword, up to the next keyword, belong to it. Words before the first
 *   keyword are ignored, except a quantity just before it (`2x robe12`, `x2 robe12`, `2 robe12`).
 * - Colours: the names given by the catalogue (French and English) plus their French feminine and
 *   plural forms (rouge/rouges, noir/noire/noirs, blanc/blanche, violet/violette…), and a few
 *   synonyms of the reference colours (gray, navy, fushia…). A reference colour the product does
 *   not have still counts as a colour: `robe12 violet` on a red/black dress is `no_variant_match`.
 * - Sizes: names and codes of the sizes table (`M`, `XL`, `2XL` = `XXL`, `38`, `taille unique`,
 *   `one size`, and small/medium/large for S/M/L), optionally after `taille`, `t`, `size`, `pointure` (`t38`, `T 38`, `size L`).
 *   After such a marker a number is always a size; without it a number is a size only if it is a
 *   size of that product, or a reference size (32–54) while the product has sizes.
 * - Quantities: `x2`, `2x`, `x 3`, `2 x`, `qty 2`, `qté 2`, `2 pièces`, `2 pcs`, `2 fois`,
 *   `2 ex`, number words deux…dix / two…ten, and a bare number 1–10 that is not a size of the
 *   product. `x38` / `38x` is a size when 38 is a size of the product, a quantity otherwise.
 *   An explicit quantity (with a marker) beats a bare number; the first one of each kind wins.
 *   Prices (`25€`, `€25`, `12,90`, `30 euros`, `50%`) are ignored. Quantities are at least 1 and
 *   capped at {@link MAX_QUANTITY}; a capped intent carries `requestedQuantity`.
 * - A dimension (colour or size) that no configuration of the product has is ignored: a colour
 *   word on a product without colours does not prevent the order.
 * - Resolution: the configurations matching every given attribute; exactly one → `configuration`
 *   (in stock or not: out of stock is the waiting list, decided by the caller). Several → the
 *   only one still in stock if there is exactly one (reason `only_in_stock`), otherwise
 *   `ambiguous` with all of them as candidates. None → `no_variant_match`. Two different colours
 *   (or sizes) in one request (`robe12 rouge ou noir`) → `ambiguous` (`several_colors` /
 *   `several_sizes`), nothing is guessed.
 * - The same product asked twice with the same result (same keyword or an alias) is one intent
 *   whose quantities add up (capped); `robe12 M robe12 L` stays two intents.
 * - Nothing found → `[]`.
 */
import { normalizeKeyword } from '@livecart/contract/keywords';

/** Most pieces one comment may reserve of one article; more is taken as this many. */
export const MAX_QUANTITY = 10;

export interface CatalogueColor {
  id: number;
  /** Names as the seller sees them, e.g. `['Rouge', 'Red']` (any case or accents). */
  names: string[];
}

export interface CatalogueSize {
  id: number;
  /** Names as the sizes table gives them, e.g. `['Taille unique', 'One size']`. */
  names: string[];
  /** Sizes table code: `M`, `38`, `one_size`. */
  code: string;
}

export interface CatalogueConfiguration {
  id: number;
  color?: CatalogueColor | null;
  size?: CatalogueSize | null;
  stock: number;
}

export interface CatalogueProduct {
  id: number;
  name: string;
  /** Keywords in normal form (`normalizeKeyword`); they are normalised again to be safe. */
  keywords: string[];
  configurations: CatalogueConfiguration[];
}

export type IntentOutcome = 'configuration' | 'ambiguous' | 'no_variant_match';

export interface CommentIntent {
  productId: number;
  /** The keyword as found (normal form). */
  keyword: string;
  /** 1 ≤ quantity ≤ MAX_QUANTITY. */
  quantity: number;
  outcome: IntentOutcome;
  /** The configuration to reserve, when outcome is `configuration`. */
  configurationId?: number;
  /**
   * Why: `only_in_stock` (a configuration chosen by stock), `variant_required`,
   * `several_colors`, `several_sizes`, `color_not_found`, `size_not_found`,
   * `combination_not_found`, `no_configuration`.
   */
  reason?: string;
  /** Configurations the viewer may choose from, when outcome is `ambiguous`. */
  candidates?: number[];
  /** The quantity asked when it was above MAX_QUANTITY. */
  requestedQuantity?: number;
}

/* ------------------------------------------------------------------------------------------ */
/* Text folding and words                                                                      */

const MARKS = /\p{M}+/gu;
const INVISIBLE = /\p{Cf}+/gu;
const SPACES = /[\p{Cc}\p{Z}\s]+/gu;
const ALNUM = /[\p{L}\p{N}]/u;
const DIGITS = /^[0-9]+$/;

/** Same folding as normalizeKeyword for free text: no accents, lower case, one space. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ');
}

const isAlnum = (ch: string | undefined) => ch !== undefined && ALNUM.test(ch);

/** French elisions: `l'orange` is `orange`; other apostrophe words (`i'm`, `it's`) are dropped. */
const ELISIONS = new Set(['l', 'd', 'j', 'm', 't', 's', 'n', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu']);
const WORD = /[\p{L}\p{N}]+(?:['’`ʼ][\p{L}\p{N}]+)*/gu;

/** The words of folded text; prices and percentages removed first. */
function words(text: string): string[] {
  const cleaned = text
    .replace(/[×*]/g, ' x ')
    .replace(/[€$£]\s*[0-9]+(?:[.,][0-9]+)?/g, ' ')
    .replace(/[0-9]+(?:[.,][0-9]+)?\s*(?:€|\$|£|%|eur\b|euros?\b|usd\b|dollars?\b)/g, ' ')
    .replace(/[0-9]+[.,][0-9]+/g, ' ');
  const out: string[] = [];
  for (const match of cleaned.matchAll(WORD)) {
    const word = match[0];
    const parts = word.split(/['’`ʼ]/);
    if (parts.length === 1) out.push(word);
    else if (parts.length === 2 && ELISIONS.has(parts[0])) out.push(parts[1]);
  }
  return out;
}

const phraseOf = (name: string) => words(fold(name)).join(' ');

/* ------------------------------------------------------------------------------------------ */
/* Vocabulary                                                                                  */

/** Reference colours (seed-reference.ts): code, French, English, extra synonyms. */
const REFERENCE_COLORS: string[][] = [
  ['black', 'noir'],
  ['white', 'blanc'],
  ['ecru', 'ecru', 'blanc casse', 'off white'],
  ['grey', 'gris', 'gray'],
  ['beige'],
  ['camel'],
  ['brown', 'marron', 'chocolat'],
  ['navy blue', 'bleu marine', 'navy'],
  ['blue', 'bleu'],
  ['sky blue', 'bleu ciel'],
  ['turquoise'],
  ['green', 'vert'],
  ['khaki', 'kaki'],
  ['yellow', 'jaune'],
  ['orange'],
  ['red', 'rouge'],
  ['burgundy', 'bordeaux', 'bordeau'],
  ['pink', 'rose'],
  ['fuchsia', 'fushia', 'fuschia'],
  ['purple', 'violet', 'mauve'],
  ['gold', 'dore', 'golden'],
  ['silver', 'argente'],
];

const IRREGULAR_FORMS: Record<string, string[]> = {
  blanc: ['blanche', 'blanches', 'blancs'],
  violet: ['violette', 'violettes', 'violets'],
  roux: ['rousse', 'rousses'],
  marron: ['marrons'],
  dore: ['dores', 'doree', 'dorees'],
  argente: ['argentes', 'argentee', 'argentees'],
};

/** French feminine and plural forms of a one-word colour name. */
function colorForms(phrase: string): string[] {
  if (!phrase || phrase.includes(' ')) return [phrase];
  const irregular = IRREGULAR_FORMS[phrase];
  if (irregular) return [phrase, ...irregular];
  if (phrase.endsWith('e')) return [phrase, `${phrase}s`];
  if (phrase.endsWith('s') || phrase.endsWith('x')) return [phrase, `${phrase}e`, `${phrase}es`];
  return [phrase, `${phrase}s`, `${phrase}e`, `${phrase}es`];
}

const REFERENCE_COLOR_FORMS: string[][] = REFERENCE_COLORS.map((names) => [
  ...new Set(names.flatMap((n) => colorForms(phraseOf(n)))),
]);

const LETTER_SIZE_SYNONYMS: string[][] = [
  ['xxs', '2xs'],
  ['xs'],
  ['s', 'small'],
  ['m', 'medium'],
  ['l', 'large'],
  ['xl', 'extra large'],
  ['xxl', '2xl'],
  ['xxxl', '3xl'],
  ['4xl', 'xxxxl'],
  ['5xl', 'xxxxxl'],
  ['one size', 'taille unique', 'onesize', 'one_size', 'tu', 'unique'],
];
/** Reference sizes a viewer may name that a product may not have. */
const REFERENCE_SIZE_WORDS = new Set(
  LETTER_SIZE_SYNONYMS.flat()
    .map(phraseOf)
    .filter((p) => p !== 'tu' && p !== 'unique'),
);
const MIN_REFERENCE_SIZE = 32;
const MAX_REFERENCE_SIZE = 54;

const SIZE_MARKERS = new Set(['taille', 'tailles', 't', 'size', 'sz', 'pointure', 'pointures']);
const QUANTITY_MARKERS = new Set(['qty', 'qte', 'qt', 'quantite', 'quantity', 'quantites', 'nb', 'nombre']);
const PIECE_WORDS = new Set([
  'pieces',
  'piece',
  'pcs',
  'pc',
  'fois',
  'ex',
  'exemplaires',
  'exemplaire',
  'articles',
  'unites',
  'pairs',
  'paires',
  'items',
]);
const PIECE_SUFFIX = /^([0-9]+)(pcs|pc|pieces|fois|ex)$/;
const NUMBER_WORDS: Record<string, number> = {
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/* ------------------------------------------------------------------------------------------ */
/* Compiled catalogue                                                                          */

interface Attribute {
  /** Ids of the product's colours (or sizes) this phrase names; empty: a reference one it lacks. */
  ids: number[];
  /** Identity of the mention, to count distinct colours (sizes) asked. */
  key: string;
}

interface CompiledProduct {
  product: CatalogueProduct;
  colors: Map<string, Attribute>;
  sizes: Map<string, Attribute>;
  /** Longest phrase in words. */
  maxPhrase: number;
  hasColors: boolean;
  hasSizes: boolean;
}

interface KeywordEntry {
  keyword: string;
  product: CompiledProduct;
}

function addPhrase(map: Map<string, Attribute>, phrase: string, id: number | null, key: string) {
  if (!phrase) return;
  const existing = map.get(phrase);
  if (!existing) {
    map.set(phrase, { ids: id === null ? [] : [id], key });
  } else if (id !== null && !existing.ids.includes(id)) {
    existing.ids.push(id);
    existing.key = `id:${existing.ids.sort((a, b) => a - b).join(',')}`;
  }
}

function compileProduct(product: CatalogueProduct): CompiledProduct {
  const colors = new Map<string, Attribute>();
  const sizes = new Map<string, Attribute>();
  const configurations = Array.isArray(product.configurations) ? product.configurations : [];
  for (const config of configurations) {
    const color = config?.color;
    if (color) {
      const forms = new Set<string>();
      for (const name of color.names ?? []) {
        for (const form of colorForms(phraseOf(String(name)))) forms.add(form);
      }
      // A name of a reference colour brings that colour's synonyms and forms.
      for (const reference of REFERENCE_COLOR_FORMS) {
        if (reference.some((form) => forms.has(form))) {
          for (const form of reference) forms.add(form);
        }
      }
      for (const form of forms) addPhrase(colors, form, color.id, `id:${color.id}`);
    }
    const size = config?.size;
    if (size) {
      const phrases = new Set<string>(
        [...(size.names ?? []), size.code ?? ''].map((n) => phraseOf(String(n))),
      );
      for (const synonyms of LETTER_SIZE_SYNONYMS) {
        const folded = synonyms.map(phraseOf);
        if (folded.some((p) => phrases.has(p))) for (const p of folded) phrases.add(p);
      }
      for (const phrase of phrases) addPhrase(sizes, phrase, size.id, `id:${size.id}`);
    }
  }
  for (const [i, forms] of REFERENCE_COLOR_FORMS.entries()) {
    for (const form of forms) addPhrase(colors, form, null, `ref:${i}`);
  }
  for (const phrase of REFERENCE_SIZE_WORDS) addPhrase(sizes, phrase, null, `ref:${phrase}`);
  let maxPhrase = 1;
  for (const phrase of [...colors.keys(), ...sizes.keys()]) {
    maxPhrase = Math.max(maxPhrase, phrase.split(' ').length);
  }
  return {
    product,
    colors,
    sizes,
    maxPhrase: Math.min(maxPhrase, 6),
    hasColors: configurations.some((c) => c?.color),
    hasSizes: configurations.some((c) => c?.size),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Reading the words of one request                                                            */

interface Request {
  colors: Attribute[];
  sizes: Attribute[];
  explicitQuantity?: number;
  bareQuantity?: number;
}

function addMention(list: Attribute[], attribute: Attribute) {
  if (!list.some((a) => a.key === attribute.key)) list.push(attribute);
}

const toNumber = (word: string | undefined) =>
  word !== undefined && DIGITS.test(word) && word.length <= 9 ? Number(word) : undefined;

function readRequest(tokens: string[], product: CompiledProduct): Request {
  const request: Request = { colors: [], sizes: [] };
  const sizeNumber = (n: number): Attribute | undefined => product.sizes.get(String(n));
  const numberAsSize = (n: number): Attribute => sizeNumber(n) ?? { ids: [], key: `ref:${n}` };
  const explicit = (n: number) => {
    if (request.explicitQuantity === undefined && n >= 1) request.explicitQuantity = n;
  };
  let afterSizeMarker = false;
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i];
    const markerBefore = afterSizeMarker;
    afterSizeMarker = false;

    // Colour and size names, longest first ("bleu marine" before "bleu").
    let matched = 0;
    for (let len = Math.min(product.maxPhrase, tokens.length - i); len >= 1 && !matched; len--) {
      const phrase = len === 1 ? token : tokens.slice(i, i + len).join(' ');
      const size = product.sizes.get(phrase);
      const color = product.colors.get(phrase);
      // "tu" and "unique" alone are sizes only right after a size marker.
      if (size && (markerBefore || size.ids.length > 0 || REFERENCE_SIZE_WORDS.has(phrase))) {
        if (!(len === 1 && (phrase === 'tu' || phrase === 'unique') && !markerBefore)) {
          addMention(request.sizes, size);
          matched = len;
        }
      }
      if (!matched && color) {
        addMention(request.colors, color);
        matched = len;
      }
    }
    if (matched) {
      i += matched;
      continue;
    }

    const next = tokens[i + 1];
    const n = toNumber(token);
    if (n !== undefined) {
      if (next !== undefined && PIECE_WORDS.has(next)) {
        explicit(n);
        i += 2;
      } else if (
        next === 'x' &&
        toNumber(tokens[i + 2]) === undefined &&
        !markerBefore &&
        n >= 1 &&
        !sizeNumber(n)
      ) {
        explicit(n); // "2 x"
        i += 2;
      } else if (markerBefore) {
        addMention(request.sizes, numberAsSize(n));
        i += 1;
      } else if (sizeNumber(n)) {
        addMention(request.sizes, sizeNumber(n)!);
        i += 1;
      } else if (n >= 1 && n <= MAX_QUANTITY) {
        if (request.bareQuantity === undefined) request.bareQuantity = n;
        i += 1;
      } else {
        if (product.hasSizes && n >= MIN_REFERENCE_SIZE && n <= MAX_REFERENCE_SIZE) {
          addMention(request.sizes, numberAsSize(n));
        }
        i += 1;
      }
      continue;
    }

    if (SIZE_MARKERS.has(token)) {
      afterSizeMarker = true;
      i += 1;
      continue;
    }
    const tSize = /^t([0-9]{2})$/.exec(token);
    if (tSize) {
      addMention(request.sizes, numberAsSize(Number(tSize[1])));
      i += 1;
      continue;
    }
    const xQuantity = /^x([0-9]{1,9})$/.exec(token) ?? /^([0-9]{1,9})x$/.exec(token);
    if (xQuantity) {
      const q = Number(xQuantity[1]);
      if (sizeNumber(q)) addMention(request.sizes, sizeNumber(q)!);
      else explicit(q);
      i += 1;
      continue;
    }
    const pieces = PIECE_SUFFIX.exec(token);
    if (pieces) {
      explicit(Number(pieces[1]));
      i += 1;
      continue;
    }
    if ((token === 'x' || QUANTITY_MARKERS.has(token)) && toNumber(next) !== undefined) {
      const q = toNumber(next)!;
      if (token === 'x' && sizeNumber(q)) addMention(request.sizes, sizeNumber(q)!);
      else explicit(q);
      i += 2;
      continue;
    }
    if (QUANTITY_MARKERS.has(token) && next !== undefined && NUMBER_WORDS[next] !== undefined) {
      explicit(NUMBER_WORDS[next]);
      i += 2;
      continue;
    }
    if (Object.hasOwn(NUMBER_WORDS, token)) {
      explicit(NUMBER_WORDS[token]);
      i += next !== undefined && PIECE_WORDS.has(next) ? 2 : 1;
      continue;
    }
    i += 1;
  }
  return request;
}

/** A quantity written just before the first keyword: `2x robe12`, `x2 robe12`, `2 robe12`. */
function quantityBefore(tokens: string[]): number | undefined {
  const last = tokens[tokens.length - 1];
  const before = tokens[tokens.length - 2];
  if (last === undefined) return undefined;
  const glued = /^x([0-9]{1,9})$/.exec(last) ?? /^([0-9]{1,9})x$/.exec(last);
  if (glued) return Number(glued[1]) || undefined;
  if (last === 'x') {
    const n = toNumber(before);
    return n ? n : undefined;
  }
  if (Object.hasOwn(NUMBER_WORDS, last)) return NUMBER_WORDS[last];
  const n = toNumber(last);
  if (n !== undefined && n >= 1 && n <= MAX_QUANTITY) {
    if (before !== undefined && (SIZE_MARKERS.has(before) || QUANTITY_MARKERS.has(before))) {
      return QUANTITY_MARKERS.has(before) ? n : undefined;
    }
    if (before === 'x') return n;
    return n;
  }
  return undefined;
}

/* ------------------------------------------------------------------------------------------ */
/* Resolution                                                                                  */

type Resolution = Pick<CommentIntent, 'outcome' | 'configurationId' | 'reason' | 'candidates'>;

function resolve(product: CompiledProduct, request: Request): Resolution {
  const configurations = (product.product.configurations ?? []).filter(Boolean);
  if (configurations.length === 0) return { outcome: 'no_variant_match', reason: 'no_configuration' };
  const colors = product.hasColors ? request.colors : [];
  const sizes = product.hasSizes ? request.sizes : [];
  const colorIds = new Set(colors.flatMap((a) => a.ids));
  const sizeIds = new Set(sizes.flatMap((a) => a.ids));
  const matches = configurations.filter(
    (c) =>
      (colors.length === 0 || (c.color != null && colorIds.has(c.color.id))) &&
      (sizes.length === 0 || (c.size != null && sizeIds.has(c.size.id))),
  );
  if (colors.length > 1 || sizes.length > 1) {
    if (matches.length === 0) return { outcome: 'no_variant_match', reason: 'combination_not_found' };
    return {
      outcome: 'ambiguous',
      reason: colors.length > 1 ? 'several_colors' : 'several_sizes',
      candidates: matches.map((c) => c.id),
    };
  }
  if (matches.length === 1) return { outcome: 'configuration', configurationId: matches[0].id };
  if (matches.length === 0) {
    const colorKnown = configurations.some((c) => c.color != null && colorIds.has(c.color.id));
    const sizeKnown = configurations.some((c) => c.size != null && sizeIds.has(c.size.id));
    const reason =
      colors.length > 0 && !colorKnown
        ? 'color_not_found'
        : sizes.length > 0 && !sizeKnown
          ? 'size_not_found'
          : 'combination_not_found';
    return { outcome: 'no_variant_match', reason };
  }
  const inStock = matches.filter((c) => c.stock > 0);
  if (inStock.length === 1) {
    return { outcome: 'configuration', configurationId: inStock[0].id, reason: 'only_in_stock' };
  }
  return { outcome: 'ambiguous', reason: 'variant_required', candidates: matches.map((c) => c.id) };
}

/* ------------------------------------------------------------------------------------------ */
/* Entry points                                                                                */

export type CommentParser = (comment: string) => CommentIntent[];

/**
 * Compiles the catalogue once (for a live session, rebuilt when the catalogue changes) and
 * returns the parser of comments against it.
 */
export function createCommentParser(catalogue: readonly CatalogueProduct[]): CommentParser {
  const byFirstChar = new Map<string, KeywordEntry[]>();
  const seen = new Set<string>();
  for (const product of Array.isArray(catalogue) ? catalogue : []) {
    if (!product) continue;
    const compiled = compileProduct(product);
    for (const raw of product.keywords ?? []) {
      const keyword = fold(normalizeKeyword(String(raw))).trim();
      if (!keyword || seen.has(keyword)) continue;
      seen.add(keyword);
      const first = keyword[0];
      const list = byFirstChar.get(first) ?? [];
      list.push({ keyword, product: compiled });
      byFirstChar.set(first, list);
    }
  }
  for (const list of byFirstChar.values()) list.sort((a, b) => b.keyword.length - a.keyword.length);

  return (comment: string) => {
    if (typeof comment !== 'string' || byFirstChar.size === 0) return [];
    const text = fold(comment);
    const found: { entry: KeywordEntry; start: number; end: number }[] = [];
    let i = 0;
    while (i < text.length) {
      const list = byFirstChar.get(text[i]);
      let hit: KeywordEntry | undefined;
      if (list && !(isAlnum(text[i]) && isAlnum(text[i - 1]))) {
        hit = list.find((entry) => {
          const { keyword } = entry;
          if (!text.startsWith(keyword, i)) return false;
          const end = i + keyword.length;
          if (!isAlnum(keyword[keyword.length - 1]) || !isAlnum(text[end])) return true;
          // A glued quantity: robe12x2.
          return /^x[0-9]{1,2}(?![\p{L}\p{N}])/u.test(text.slice(end, end + 4));
        });
      }
      if (hit) {
        found.push({ entry: hit, start: i, end: i + hit.keyword.length });
        i += hit.keyword.length;
      } else {
        i += 1;
      }
    }
    if (found.length === 0) return [];

    const intents: CommentIntent[] = [];
    const requested: number[] = [];
    const index = new Map<string, number>();
    for (const [k, { entry, end }] of found.entries()) {
      const segmentEnd = k + 1 < found.length ? found[k + 1].start : text.length;
      const request = readRequest(words(text.slice(end, segmentEnd)), entry.product);
      const before = k === 0 ? quantityBefore(words(text.slice(0, found[0].start))) : undefined;
      const asked = request.explicitQuantity ?? request.bareQuantity ?? before ?? 1;
      const resolution = resolve(entry.product, request);
      const key = [
        entry.product.product.id,
        resolution.outcome,
        resolution.configurationId ?? '',
        (resolution.candidates ?? []).join(','),
      ].join('|');
      const at = index.get(key);
      if (at !== undefined) {
        requested[at] += asked;
        continue;
      }
      index.set(key, intents.length);
      requested.push(asked);
      const intent: CommentIntent = {
        productId: entry.product.product.id,
        keyword: entry.keyword,
        quantity: 1,
        outcome: resolution.outcome,
      };
      if (resolution.configurationId !== undefined) intent.configurationId = resolution.configurationId;
      if (resolution.reason !== undefined) intent.reason = resolution.reason;
      if (resolution.candidates !== undefined) intent.candidates = resolution.candidates;
      intents.push(intent);
    }
    for (const [k, intent] of intents.entries()) {
      const asked = Math.max(1, requested[k]);
      intent.quantity = Math.min(asked, MAX_QUANTITY);
      if (asked > MAX_QUANTITY) intent.requestedQuantity = asked;
    }
    return intents;
  };
}

/** Parses one comment against a catalogue (compiles it each call; prefer createCommentParser). */
export function parseComment(comment: string, catalogue: readonly CatalogueProduct[]): CommentIntent[] {
  return createCommentParser(catalogue)(comment);
}
