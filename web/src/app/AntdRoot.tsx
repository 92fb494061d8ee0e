import { TOAST_DURATION_MS } from '@livecart/contract/constants';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { watchScrollRegions } from '../components/scrollRegions';
import { setNotifier } from './notify';
import { theme } from './theme';

function NotifierBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    setNotifier(notification);
    return () => setNotifier(null);
  }, [notification]);
  return null;
}

/**
 * antd's locale and theme, and its App (toasts top right for 4 s, messages, modals); tables that
 * scroll take the keyboard focus.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  useEffect(() => watchScrollRegions(), []);
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : frFR} theme={theme}>
      <AntApp
        notification={{ placement: 'topRight', duration: TOAST_DURATION_MS / 1000 }}
        message={{ duration: TOAST_DURATION_MS / 1000 }}
      >
        <NotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * The route element around every antd page (public, signed-in and session layouts), loaded on
 * demand (router.tsx): the shopper's checkout and the sandbox payment page never load antd. One
 * instance for all three layouts, so a toast shown before moving from one to another stays.
 */
export default function AntdRoot() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
