import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

function Crashed() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
      <p>{t('errors.page_crashed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <Crashed /> : this.props.children;
  }
}

/**
 * A screen that throws while rendering shows a message and a reload button instead of a blank
 * page; going to another address gives the next screen a fresh start.
 */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
