import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { otherLocale, switchLocaleHref } from '../../app/locale';
import { useLocale } from '../../app/useLocale';
import './checkout.css';

/**
 * The light frame of the shopper's pages (checkout, sandbox payment): a title bar with the
 * language switch and one centred column. No back-office layout, no antd.
 */
export function Shell({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const target = otherLocale(useLocale());
  return (
    <div className="co-page" data-testid={testId}>
      <header className="co-header">
        <span className="co-store" data-testid="checkout-store">
          {title}
        </span>
        <Link
          className="co-lang"
          to={switchLocaleHref(location, target)}
          aria-label={t('language.name')}
          title={t('language.switch')}
          lang={target}
          data-testid="language-switcher"
        >
          {target.toUpperCase()}
        </Link>
      </header>
      <main className="co-main">{children}</main>
    </div>
  );
}

/** A full-width message: done (green tick), problem (amber) or plain. */
export function StatusCard({
  kind,
  title,
  testId,
  children,
}: {
  kind: 'ok' | 'bad';
  title: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <section className="co-card co-status" data-testid={testId} role="status">
      <span className={`co-status-mark co-status-${kind}`} aria-hidden="true">
        {kind === 'ok' ? '✓' : '!'}
      </span>
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/** Grey placeholders while the order loads. */
export function CheckoutSkeleton() {
  return (
    <div data-testid="checkout-loading" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <section className="co-card" key={i}>
          <div className="co-skel" style={{ width: '40%' }} />
          <div className="co-skel co-skel-block" />
          <div className="co-skel" style={{ width: '70%' }} />
        </section>
      ))}
    </div>
  );
}
