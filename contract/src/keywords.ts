/**
 * Product keywords (SPEC §3 "keywords (hashtags, comma separated)") are what viewers type in live
 * comments. The product editor, the CSV import and the live comment parser all compare them in
 * this normal form, so `#Robe12`, ` robe12 ` and `RÔBE12` are one keyword.
 */

/**
 * One keyword in its normal form: compatibility forms folded (full-width letters), accents
 * removed, lower case, leading `#` removed, spaces trimmed and runs of spaces collapsed to one.
 */
export function normalizeKeyword(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s#]+/, '')
    .trim();
}

/** A comma-separated keyword list as distinct normalised keywords, in their first order; empties dropped. */
export function parseKeywords(list: string | null | undefined): string[] {
  if (!list) return [];
  const seen = new Set<string>();
  for (const part of list.split(',')) {
    const keyword = normalizeKeyword(part);
    if (keyword) seen.add(keyword);
  }
  return [...seen];
}

/** Keywords as the product stores and answers them: `robe12,dress12`. */
export const joinKeywords = (keywords: readonly string[]) => keywords.join(',');
