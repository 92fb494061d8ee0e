import type { ReactNode } from 'react';
import { useSite } from './SiteContext';

/** The head of a public page: eyebrow, its one h1, the lead, and what the page adds below them. */
export function PageHead({
  eyebrow,
  title,
  lead,
  className,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className ? `site-page-head ${className}` : 'site-page-head'}>
      <div className="site-wrap">
        <p className="site-eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        <p className="site-lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}

/** The closing band of a page: a title, a line, and its calls to action (`children`). */
export function Band({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <section className="site-section">
      <div className="site-wrap">
        <div className="site-band">
          <h2>{title}</h2>
          {text && <p>{text}</p>}
          <div className="site-cta">{children}</div>
        </div>
      </div>
    </section>
  );
}

/** The two calls every selling page ends on: the free trial as a seller, and a demo. */
export function TrialAndDemo({
  trial,
  demo,
  trialTestId,
}: {
  trial: string;
  demo: string;
  trialTestId?: string;
}) {
  const { href, appHref } = useSite();
  return (
    <>
      <a
        className="site-btn site-btn-primary site-btn-large"
        href={`${appHref('/signup')}?role=seller`}
        data-testid={trialTestId}
      >
        {trial}
      </a>
      <a className="site-btn site-btn-large" href={href('requestDemo')}>
        {demo}
      </a>
    </>
  );
}
