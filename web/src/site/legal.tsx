import type { ReactNode } from 'react';

/** A paragraph, or a bulleted list when an array. */
export type LegalBlock = string | string[];

/** One numbered part of a legal text: its anchor, its heading, its paragraphs and lists. */
export interface LegalPart {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

/** The texts of a legal page in one language. */
export interface LegalText {
  title: string;
  updated: string;
  intro: string;
  toc: string;
  parts: LegalPart[];
}

/**
 * A legal page (privacy, terms): its title, date, a table of contents linking to each part, the
 * parts; `end` is shown after the last part. `testId` names it as the app's legal pages did.
 */
export function LegalDocument({ text, end, testId }: { text: LegalText; end?: ReactNode; testId: string }) {
  return (
    <section className="site-section site-section-tight" data-testid={testId}>
      <div className="site-wrap site-prose site-legal">
        <h1>{text.title}</h1>
        <p className="site-note">{text.updated}</p>
        <p className="site-lead">{text.intro}</p>
        <nav aria-label={text.toc} className="site-legal-toc">
          <ol>
            {text.parts.map((p) => (
              <li key={p.id}>
                <a href={`#${p.id}`}>{p.title.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
        {text.parts.map((p) => (
          <section key={p.id} id={p.id} aria-labelledby={`${p.id}-title`}>
            <h2 id={`${p.id}-title`}>{p.title}</h2>
            {p.blocks.map((b) =>
              typeof b === 'string' ? (
                <p key={b}>{b}</p>
              ) : (
                <ul key={b[0]}>
                  {b.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        {end}
      </div>
    </section>
  );
}
