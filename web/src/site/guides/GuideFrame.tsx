import type { TSitePageId } from '@livecart/contract/site';
import type { ReactNode } from 'react';
import { useSite } from '../SiteContext';
import { localized } from '../text';
import { guideOf } from './catalogue';

const texts = localized({
  fr: {
    eyebrow: 'Guide',
    contents: 'Sommaire',
    allGuides: 'Tous les guides',
    help: 'Une question sur ce guide ? Les autres guides et la FAQ répondent peut-être, sinon notre équipe.',
    contact: 'Écrire à l’équipe',
  },
  en: {
    eyebrow: 'Guide',
    contents: 'Contents',
    allGuides: 'All guides',
    help: 'A question about this guide? The other guides and the FAQ may answer it, or else our team.',
    contact: 'Write to the team',
  },
});

/**
 * The frame of a guide: its title and lead, the table of contents (anchors to its `<h2 id>`
 * sections, from the guides catalogue) and, under the text, the way back to the knowledge centre.
 */
export function GuideFrame({
  page,
  lead,
  children,
}: {
  page: TSitePageId;
  lead: string;
  children: ReactNode;
}) {
  const { locale, href } = useSite();
  const t = texts(locale);
  const guide = guideOf(page, locale);
  return (
    <>
      <section className="site-page-head site-section-soft">
        <div className="site-wrap">
          <p className="site-eyebrow">{t.eyebrow}</p>
          <h1>{guide.title}</h1>
          <p className="site-lead">{lead}</p>
        </div>
      </section>
      <div className="site-wrap site-guide-layout">
        <nav className="site-toc" aria-labelledby="guide-toc">
          <h2 id="guide-toc">{t.contents}</h2>
          <ol>
            {guide.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="site-guide-body">
          {children}
          <div className="site-card site-guide-foot">
            <p>{t.help}</p>
            <div className="site-cta">
              <a className="site-btn" href={href('guides')}>
                {t.allGuides}
              </a>
              <a className="site-btn" href={href('contact')}>
                {t.contact}
              </a>
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
