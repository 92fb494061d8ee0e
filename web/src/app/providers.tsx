import { TOAST_DURATION_MS } from '@livecart/contract/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthSync } from '../features/auth/AuthSync';
import { setNotifier } from './notify';
import './i18n';

function NotifierBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    setNotifier(notification);
    return () => setNotifier(null);
  }, [notification]);
  return null;
}

const theme = { token: { colorPrimary: '#1677ff', borderRadius: 8 } };

/** Query cache, antd locale and theme, top-right toasts of 4 s, cross-tab session refresh. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={i18n.language === 'en' ? enUS : frFR} theme={theme}>
        <AntApp
          notification={{ placement: 'topRight', duration: TOAST_DURATION_MS / 1000 }}
          message={{ duration: TOAST_DURATION_MS / 1000 }}
        >
          <NotifierBridge />
          <AuthSync />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
