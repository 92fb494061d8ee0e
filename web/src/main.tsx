// zod (loaded by the screens that need it) comes without eval, as the page's CSP wants: vite.config.ts
import 'antd/dist/reset.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { ErrorBoundary } from './app/ErrorBoundary';
import { loadLocale } from './app/i18n';
import { splitLocale } from './app/locale';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';

const client = createQueryClient();

/**
 * The routes in a declarative router: the app uses no loaders, actions or fetchers, so the data
 * router (and its share of every page's entry chunk) is left out.
 */
function AppRoutes() {
  return useRoutes(routes);
}

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders client={client}>
        <BrowserRouter>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// The first paint waits for the page language's texts (chunks of their own): a shopper's page for
// the shopper's part only; any other page for the back office's frame too, fetched alongside (a
// screen other than the dashboard brings the rest: app/layout/lazy.ts `screen`).
const { locale, path } = splitLocale(window.location.pathname);
const shopperPage = /^\/(checkout|sandbox\/pay)\//.test(path);
loadLocale(locale, shopperPage ? ['shopper'] : ['shopper', 'frame']).then(render, render);
