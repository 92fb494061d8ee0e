// First, before any schema is built: zod without eval, as the page's CSP wants.
import '@livecart/contract/no-eval';
import 'antd/dist/reset.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadLocale } from './app/i18n';
import { splitLocale } from './app/locale';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { routes } from './app/router';

const router = createBrowserRouter(routes);
const client = createQueryClient();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// the first paint waits for the page language's texts (a small chunk of their own)
loadLocale(splitLocale(window.location.pathname).locale).then(render, render);
