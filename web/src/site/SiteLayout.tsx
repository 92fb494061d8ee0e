import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME } from '@livecart/contract/constants';
import { sitePath } from '@livecart/contract/site';
import { type ReactNode, useState } from 'react';
import { layoutText } from './layoutText';
import { useSite } from './SiteContext';

/** Remembers the visitor's choice on cookies for 150 days (SPEC §9), site-wide. */
function rememberCookieChoice(value: 'accept' | 'decline') {
  const maxAge = COOKIE_CONSENT_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie is all the banner needs
  document.cookie = `${COOKIE_CONSENT_NAME}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** The cookie banner until the visitor chooses (rendered by the server only when they have not). */
function CookieBanner() {
  const { data, locale, href } = useSite();
  const t = layoutText(locale);
  const [open, setOpen] = useState(!data.cookieChoice);
  if (!open) return null;
  const choose = (value: 'accept' | 'decline') => {
    rememberCookieChoice(value);
    setOpen(false);
  };
  return (
    <section className="site-cookies" aria-label={t.cookiesLabel} data-testid="cookie-banner">
      <p>
        {t.cookiesText} <a href={href('privacy')}>{t.cookiesPrivacy}</a>
      </p>
      <div className="site-cookies-actions">
        <button
          type="button"
          className="site-btn site-btn-primary"
          onClick={() => choose('accept')}
          data-testid="cookie-accept"
        >
          {t.cookiesAccept}
        </button>
        <button
          type="button"
          className="site-btn"
          onClick={() => choose('decline')}
          data-testid="cookie-decline"
        >
          {t.cookiesDecline}
        </button>
      </div>
    </section>
  );
}

/** The same page in the other language (SPEC §2: the switch re-opens the current route). */
function LanguageLink() {
  const { data, locale } = useSite();
  const t = layoutText(locale);
  const other = locale === 'fr' ? 'en' : 'fr';
  const query = data.query ? `?q=${encodeURIComponent(data.query)}` : '';
  return (
    <a
      className="site-lang"
      href={`${sitePath(data.page, other)}${query}`}
      hrefLang={other}
      lang={other}
      aria-label={t.otherLanguageLabel}
      data-testid="site-language"
    >
      {t.otherLanguage}
    </a>
  );
}

/** The frame of every public page: header with the main links, the page, the footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { data, locale, href, appHref } = useSite();
  const t = layoutText(locale);
  const current = (id: Parameters<typeof href>[0]) => (data.page === id ? ('page' as const) : undefined);
  const links = (
    <>
      <a href={href('pricing')} aria-current={current('pricing')}>
        {t.pricing}
      </a>
      <a href={href('caseStudies')} aria-current={current('caseStudies')}>
        {t.caseStudies}
      </a>
      <a href={href('guides')} aria-current={current('guides')}>
        {t.guides}
      </a>
      <a href={href('faq')} aria-current={current('faq')}>
        {t.faq}
      </a>
      <a href={href('about')} aria-current={current('about')}>
        {t.about}
      </a>
    </>
  );
  /** The account links, in the header (`site-…` test ids) or the phone's menu (`site-menu-…`). */
  const account = (ids: 'site' | 'site-menu') =>
    data.signedIn ? (
      <a className="site-btn site-btn-primary" href={appHref('/dashboard')} data-testid={`${ids}-my-space`}>
        {t.mySpace}
      </a>
    ) : (
      <>
        <a className="site-signin" href={appHref('/signin')} data-testid={`${ids}-signin`}>
          {t.signIn}
        </a>
        <a
          className="site-btn site-btn-primary"
          href={`${appHref('/signup')}?role=seller`}
          data-testid={`${ids}-signup`}
        >
          {t.signUp}
        </a>
      </>
    );
  return (
    <div className="site">
      <a className="site-skip" href="#content">
        {t.skip}
      </a>
      {!data.cookieChoice && <CookieBanner />}
      <header className="site-header">
        <div className="site-wrap site-header-row">
          <a className="site-brand" href={href('home')} data-testid="brand">
            <span className="site-logo" aria-hidden="true" />
            {t.brand}
          </a>
          <nav className="site-nav" aria-label={t.nav}>
            {links}
          </nav>
          <LanguageLink />
          <div className="site-account">{account('site')}</div>
          <details className="site-menu">
            <summary>{t.menu}</summary>
            <nav className="site-menu-links" aria-label={t.nav}>
              {links}
              {account('site-menu')}
            </nav>
          </details>
        </div>
      </header>
      <main id="content" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <div className="site-wrap site-footer-grid">
          <div>
            <p className="site-brand">
              <span className="site-logo" aria-hidden="true" />
              {t.brand}
            </p>
            <p>{t.tagline}</p>
          </div>
          <nav aria-label={t.footerProduct}>
            <h2>{t.footerProduct}</h2>
            <a href={href('pricing')}>{t.pricing}</a>
            <a href={href('caseStudies')}>{t.caseStudies}</a>
            <a href={href('requestDemo')}>{t.requestDemo}</a>
          </nav>
          <nav aria-label={t.footerResources}>
            <h2>{t.footerResources}</h2>
            <a href={href('guides')}>{t.guides}</a>
            <a href={href('faq')}>{t.faq}</a>
          </nav>
          <nav aria-label={t.footerCompany}>
            <h2>{t.footerCompany}</h2>
            <a href={href('about')}>{t.about}</a>
            <a href={href('contact')}>{t.contact}</a>
            <a href={href('privacy')}>{t.privacy}</a>
            <a href={href('terms')}>{t.terms}</a>
          </nav>
        </div>
        <p className="site-wrap site-copy">
          © {new Date().getFullYear()} {t.brand}. {t.rights}
        </p>
      </footer>
    </div>
  );
}
