import type { TLocale } from '@livecart/contract/constants';
import type { TSitePageId } from '@livecart/contract/site';
import { guideCatalogue } from './catalogue';

/** One answer of the knowledge centre's search: a guide or one of its sections. */
export interface GuideHit {
  page: TSitePageId;
  /** the section's anchor; null for the guide itself */
  section: string | null;
  /** the section's heading, or the guide's title */
  title: string;
  /** the guide it belongs to (for a section) */
  guide: string | null;
  snippet: string;
  score: number;
}

const MARKS = /\p{M}+/gu;

/** Lower case, accents removed: `Écrire` and `ecrire` are one word. */
export const foldText = (text: string) => text.normalize('NFD').replace(MARKS, '').toLowerCase();

/** The words of a text, folded (letters and digits; `d’attente` gives `d` and `attente`). */
export const wordsOf = (text: string) => foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Where a field of a document counts: a match in the title outranks a heading, a heading the text. */
const WEIGHT = { title: 3, heading: 2, text: 1 } as const;

interface SearchDoc {
  hit: Omit<GuideHit, 'score'>;
  fields: { [K in keyof typeof WEIGHT]: string[] };
}

function docsOf(locale: TLocale): SearchDoc[] {
  return guideCatalogue(locale).flatMap((guide) => [
    {
      hit: { page: guide.page, section: null, title: guide.title, guide: null, snippet: guide.summary },
      fields: {
        title: wordsOf(guide.title),
        heading: [],
        text: wordsOf(`${guide.summary} ${guide.keywords}`),
      },
    },
    ...guide.sections.map((s) => ({
      hit: { page: guide.page, section: s.id, title: s.title, guide: guide.title, snippet: s.summary },
      fields: { title: [], heading: wordsOf(s.title), text: wordsOf(`${s.summary} ${s.keywords}`) },
    })),
  ]);
}

const DOCS: Record<TLocale, SearchDoc[]> = { fr: docsOf('fr'), en: docsOf('en') };

/**
 * The guides and sections every word of `query` is found in (as the start of a word: `pan` finds
 * `panier`), in any order, case and accents ignored; best first: a word in a guide's title counts
 * more than in a section's heading, a heading more than the text.
 */
export function searchGuides(query: string, locale: TLocale): GuideHit[] {
  const terms = [...new Set(wordsOf(query))];
  if (!terms.length) return [];
  const hits: GuideHit[] = [];
  for (const doc of DOCS[locale]) {
    let score = 0;
    for (const term of terms) {
      let best = 0;
      for (const field of Object.keys(WEIGHT) as (keyof typeof WEIGHT)[]) {
        if (WEIGHT[field] > best && doc.fields[field].some((w) => w.startsWith(term))) best = WEIGHT[field];
      }
      if (!best) {
        score = 0;
        break;
      }
      score += best;
    }
    if (score) hits.push({ ...doc.hit, score });
  }
  // stable: at equal score, the guides' own order
  return hits.sort((a, b) => b.score - a.score);
}
