import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthSync } from '../features/auth/AuthSync';
import './i18n';

/**
 * What every page shares: the query cache and the cross-tab session refresh. antd's theme, locale
 * and App (toasts, modals) are not here but in the lazily loaded AntdRoot route (app/AntdRoot.tsx),
 * so a first visit of the checkout does not load antd.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AuthSync />
      {children}
    </QueryClientProvider>
  );
}
