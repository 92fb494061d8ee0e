import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import { guideCatalogue } from '../guides/catalogue';
import { foldText, type GuideHit, searchGuides, wordsOf } from '../guides/search';
import { useSite } from '../SiteContext';
import { localized } from '../text';

export const meta = localized({
  fr: {
    title: 'Guides et centre d’aide',
    description:
      'Les guides LiveCart pour vendre en live sur Facebook et Instagram : mots-clés, commentaires, paniers, liste d’attente, import CSV. Cherchez une réponse.',
  },
  en: {
    title: 'Guides and help centre',
    description:
      'LiveCart guides to sell live on Facebook and Instagram: keywords, comments, carts, the waiting list and CSV import. Search the guides for an answer.',
  },
});

const texts = localized({
  fr: {
    eyebrow: 'Centre d’aide',
    lead: 'Tout ce qu’il faut pour préparer votre catalogue, animer vos lives et suivre vos commandes, écrit pour les boutiques.',
    label: 'Rechercher dans les guides',
    placeholder: 'panier, liste d’attente, csv…',
    submit: 'Rechercher',
    results: (n: number, q: string) => `${n} résultat${n > 1 ? 's' : ''} pour « ${q} »`,
    empty: (q: string) =>
      `Aucun guide ne parle de « ${q} ». Essayez un autre mot, ou posez-nous la question.`,
    inGuide: 'Dans',
    guides: 'Tous les guides',
    read: 'Lire le guide',
    notFound: 'Vous ne trouvez pas ?',
    notFoundText:
      'Les questions fréquentes répondent aux questions sur l’essai, les frais et les paiements ; sinon, notre équipe vous répond.',
    faq: 'Questions fréquentes',
    contact: 'Nous contacter',
    demo: 'Demander une démo',
  },
  en: {
    eyebrow: 'Help centre',
    lead: 'Everything you need to prepare your catalogue, run your lives and follow your orders, written for shops.',
    label: 'Search the guides',
    placeholder: 'cart, waiting list, csv…',
    submit: 'Search',
    results: (n: number, q: string) => `${n} result${n > 1 ? 's' : ''} for “${q}”`,
    empty: (q: string) => `No guide talks about “${q}”. Try another word, or ask us.`,
    inGuide: 'In',
    guides: 'All guides',
    read: 'Read the guide',
    notFound: 'Can’t find it?',
    notFoundText:
      'The FAQ answers questions on the trial, fees and payments; otherwise our team answers you.',
    faq: 'Frequently asked questions',
    contact: 'Contact us',
    demo: 'Request a demo',
  },
});

/** The text with the words starting with a searched term marked (case and accents ignored). */
function highlight(text: string, query: string): ReactNode {
  const terms = wordsOf(query);
  if (!terms.length) return text;
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return parts.map((part, i) => {
    const folded = foldText(part);
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
    if (!terms.some((term) => folded.startsWith(term))) return <Fragment key={i}>{part}</Fragment>;
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
    return <mark key={i}>{part}</mark>;
  });
}

/** The address of a hit: the guide, at its section. */
const hitHref = (hit: GuideHit, href: (id: GuideHit['page']) => string) =>
  hit.section ? `${href(hit.page)}#${hit.section}` : href(hit.page);

/**
 * /guides, the knowledge centre: the guides and their sections, and a search over them. Without
 * JavaScript the form's GET reloads the page with `?q=` and the server answers the results; with
 * it, results follow the typing and the address keeps the query.
 */
export default function GuidesPage() {
  const { data, locale, href } = useSite();
  const t = texts(locale);
  const [query, setQuery] = useState(data.query);
  const trimmed = query.trim();
  const hits = searchGuides(trimmed, locale);
  const change = (value: string) => {
    setQuery(value);
    const q = value.trim();
    const url = new URL(window.location.href);
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  };
  // results already follow the typing: a submit only keeps the focus on the field
  const submit = (e: FormEvent) => e.preventDefault();
  return (
    <>
      <section className="site-page-head site-section-soft">
        <div className="site-wrap">
          <p className="site-eyebrow">{t.eyebrow}</p>
          <h1>{meta(locale).title}</h1>
          <p className="site-lead">{t.lead}</p>
          {/* biome-ignore lint/a11y/useSemanticElements: a <form role="search"> is the search landmark every browser knows; <search> is too new */}
          <form role="search" method="get" action={href('guides')} className="site-search" onSubmit={submit}>
            <label htmlFor="guides-q">{t.label}</label>
            <div className="site-search-row">
              <input
                id="guides-q"
                type="search"
                name="q"
                value={query}
                onChange={(e) => change(e.target.value)}
                placeholder={t.placeholder}
                autoComplete="off"
                data-testid="guides-search"
              />
              <button type="submit" className="site-btn site-btn-primary">
                {t.submit}
              </button>
            </div>
          </form>
        </div>
      </section>

      <div className="site-wrap">
        {trimmed && (
          <section className="site-results" aria-labelledby="guides-results">
            {hits.length ? (
              <>
                <h2 id="guides-results" aria-live="polite">
                  {t.results(hits.length, trimmed)}
                </h2>
                <ul className="site-results-list">
                  {hits.map((hit) => (
                    <li key={`${hit.page}#${hit.section ?? ''}`}>
                      <a href={hitHref(hit, href)} data-testid="guides-result">
                        <strong>{highlight(hit.title, trimmed)}</strong>
                        {hit.guide && (
                          <span className="site-results-guide">
                            {t.inGuide} {hit.guide}
                          </span>
                        )}
                        <span className="site-results-snippet">{highlight(hit.snippet, trimmed)}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <div data-testid="guides-empty">
                <h2 id="guides-results" aria-live="polite">
                  {t.empty(trimmed)}
                </h2>
                <div className="site-cta">
                  <a className="site-btn" href={href('faq')}>
                    {t.faq}
                  </a>
                  <a className="site-btn" href={href('contact')}>
                    {t.contact}
                  </a>
                </div>
              </div>
            )}
          </section>
        )}

        <section className="site-section" aria-labelledby="guides-all">
          <h2 id="guides-all">{t.guides}</h2>
          <div className="site-grid">
            {guideCatalogue(locale).map((guide) => (
              <article className="site-card site-guide-card" key={guide.page}>
                <h3>
                  <a href={href(guide.page)}>{guide.title}</a>
                </h3>
                <p>{guide.summary}</p>
                {guide.sections.length > 0 && (
                  <ul className="site-guide-sections">
                    {guide.sections.map((s) => (
                      <li key={s.id}>
                        <a href={`${href(guide.page)}#${s.id}`}>{s.title}</a>
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            ))}
          </div>
        </section>

        <section className="site-card site-help" aria-labelledby="guides-help">
          <h2 id="guides-help">{t.notFound}</h2>
          <p>{t.notFoundText}</p>
          <div className="site-cta">
            <a className="site-btn" href={href('faq')}>
              {t.faq}
            </a>
            <a className="site-btn site-btn-primary" href={href('contact')}>
              {t.contact}
            </a>
            <a className="site-btn" href={href('requestDemo')}>
              {t.demo}
            </a>
          </div>
        </section>
      </div>
    </>
  );
}
