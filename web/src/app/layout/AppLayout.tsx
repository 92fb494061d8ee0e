import { MenuOutlined } from '@ant-design/icons';
import { ROLE, type TLocale } from '@livecart/contract/constants';
import { needsEmail } from '@livecart/contract/email';
import { sellerNeedsPlan } from '@livecart/contract/plan';
import type { TCurrentUser } from '@livecart/contract/user';
import { Button, Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../../components/FullScreenLoader';
import { useSession, useSetSessionUser, useSignOut } from '../../features/auth/api';
import { CommentConnect } from '../../features/checkout/CommentConnect';
import { useNewNotices } from '../../features/notifications/api';
import { useWaitingCount } from '../../features/orders/api';
import { GraceBanner } from '../../features/plans/GraceBanner';
import { ImpersonationBanner } from '../../features/sellers/ImpersonationBanner';
import { api } from '../../lib/api';
import { LocaleLink, useAppPath } from '../useLocale';
import { CookieBanner } from './CookieBanner';
import { EmailNotice } from './EmailNotice';
import { FooterLinks } from './FooterLinks';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NotificationBell } from './NotificationBell';
import { selectedNavKey, sidebarItems } from './navigation';
import { ProfileMenu } from './ProfileMenu';
import { Sidebar } from './Sidebar';
import { useResponsiveSider } from './useResponsiveSider';

/** The signed-in frame: role sidebar, header (bell, language, profile), notices, footer. */
export default function AppLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const path = useAppPath();
  const sider = useResponsiveSider();
  const signOut = useSignOut();
  const setSessionUser = useSetSessionUser();
  // keeps the chosen language on the account (not a seller's an admin is signed in as); a
  // failure changes nothing a person sees
  const saveLocale = (locale: TLocale) => {
    if (user?.impersonated_by) return;
    api
      .get<{ user?: TCurrentUser }>('/profile/set-locale', { locale })
      .then((r) => r?.user && setSessionUser(r.user))
      .catch(() => undefined);
  };
  const notices = useNewNotices(!!user);
  const isSeller = user?.role_id === ROLE.seller;
  const waiting = useWaitingCount(isSeller && !!user && !sellerNeedsPlan(user));
  if (!user) return <FullScreenLoader />;
  const items = sidebarItems(user, path);

  return (
    <Layout className="app-root">
      <ImpersonationBanner user={user} />
      <CookieBanner />
      <Layout hasSider className="app-body">
        <Layout.Sider
          ref={sider.siderRef}
          collapsible
          collapsed={sider.collapsed}
          onCollapse={(c) => sider.setCollapsed(c)}
          collapsedWidth={sider.mobile ? 0 : 80}
          trigger={sider.mobile ? null : undefined}
          width={240}
          className={sider.mobile ? 'app-sider app-sider-mobile' : 'app-sider'}
          data-testid="sider"
          data-collapsed={sider.collapsed}
        >
          <LocaleLink to="/" className="sider-brand">
            {sider.collapsed ? t('app.short') : t('app.name')}
          </LocaleLink>
          <Sidebar
            items={items}
            selectedKey={selectedNavKey(items, path)}
            waitingCount={waiting.data ?? 0}
            onNavigate={sider.closeOnMobile}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="app-header">
            {sider.mobile && (
              <Button
                ref={sider.toggleRef}
                type="text"
                icon={<MenuOutlined />}
                onClick={sider.toggle}
                aria-label={t('layout.menu')}
                data-testid="menu-button"
              />
            )}
            <LocaleLink to="/" className="brand" data-testid="brand">
              {t('app.name')}
            </LocaleLink>
            <span className="header-spacer" />
            <NotificationBell count={notices.data?.count ?? 0} items={notices.data?.items ?? []} />
            <LanguageSwitcher onSwitch={saveLocale} />
            <ProfileMenu user={user} onLogout={() => void signOut()} />
          </Layout.Header>
          {needsEmail(user) && <EmailNotice />}
          <GraceBanner user={user} />
          <Layout.Content className="app-content">
            <CommentConnect />
            <Suspense fallback={<FullScreenLoader />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <Layout.Footer>
            <FooterLinks />
          </Layout.Footer>
        </Layout>
      </Layout>
    </Layout>
  );
}
