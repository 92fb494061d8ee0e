/**
 * The texts come in three parts per language, each a chunk of its own, so a first visit loads
 * only the texts its first screen reads:
 * - `shopper`: what a shopper's pages use (the checkout, the payment sandbox);
 * - `frame`: what the back office's frame (menu, header, banners, footer) and the dashboard, the
 *   screen a signed-in user lands on, read;
 * - `backOffice`: everything else, loaded with any other screen (app/layout/lazy.ts `screen`).
 * A section is a top-level key of fr.json / en.json. The frame's part lists whole sections or one
 * entry of a section (`auth.welcome`), whose other entries stay in the back office's part. The
 * back office's part is everything not listed, so a new screen's texts need no listing.
 */
export const SHOPPER_SECTIONS = ['address', 'checkout', 'errors', 'language', 'sandboxPay'] as const;

export const FRAME_TEXTS = [
  'app',
  'auth.welcome',
  'checklist',
  'cookies',
  'dashboard',
  'footer',
  'impersonation',
  'layout',
  'list.empty',
  'myPlan.grace',
  'nav',
  'notFound',
  'notifications',
  'orderStatus',
  'profileMenu',
] as const;

export const TEXT_AREAS = ['shopper', 'frame', 'backOffice'] as const;
export type TTextArea = (typeof TEXT_AREAS)[number];

/** The frame's sections: `true` when the whole section is the frame's, else the entries that are. */
function frameSections(): Map<string, true | Set<string>> {
  const sections = new Map<string, true | Set<string>>();
  for (const path of FRAME_TEXTS) {
    const [section, entry] = path.split('.');
    if (entry === undefined) {
      sections.set(section, true);
      continue;
    }
    const entries = sections.get(section);
    if (entries === true) continue;
    sections.set(section, (entries ?? new Set<string>()).add(entry));
  }
  return sections;
}

/** The texts of `texts` (one language's JSON) that `area` holds. */
export function sectionsOf<T extends Record<string, unknown>>(texts: T, area: TTextArea): Partial<T> {
  const shopper = new Set<string>(SHOPPER_SECTIONS);
  const frame = frameSections();
  const part: Record<string, unknown> = {};
  for (const [section, value] of Object.entries(texts)) {
    const entries = frame.get(section);
    if (shopper.has(section)) {
      if (area === 'shopper') part[section] = value;
    } else if (entries === undefined) {
      if (area === 'backOffice') part[section] = value;
    } else if (entries === true) {
      if (area === 'frame') part[section] = value;
    } else if (area !== 'shopper') {
      const inFrame = area === 'frame';
      part[section] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(([key]) => entries.has(key) === inFrame),
      );
    }
  }
  return part as Partial<T>;
}
