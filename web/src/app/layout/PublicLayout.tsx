import { Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { LocaleLink } from '../useLocale';
import { CookieBanner } from './CookieBanner';
import { FooterLinks } from './FooterLinks';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The frame of signed-out pages: brand, language switcher, centred content, footer. */
export default function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Layout className="app-root">
      <CookieBanner />
      <Layout.Header className="app-header">
        <LocaleLink to="/" reloadDocument className="brand" data-testid="brand">
          {t('app.name')}
        </LocaleLink>
        <span className="header-spacer" />
        <LanguageSwitcher />
      </Layout.Header>
      <Layout.Content className="public-content">
        <Suspense fallback={<FullScreenLoader />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <Layout.Footer>
        <FooterLinks />
      </Layout.Footer>
    </Layout>
  );
}
