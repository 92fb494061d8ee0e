import type { TCurrentUser } from '@livecart/contract/user';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guideOf } from '../site/guides/catalogue';
import { meta as faqMeta } from '../site/pages/FaqPage';
import { mockApi } from '../test/fetch';
import { plansResponse } from '../test/plans';
import { makeUser } from '../test/render';
import i18n from './i18n';
import { AppProviders } from './providers';
import { createQueryClient } from './queryClient';
import { routes } from './router';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

function openApp(path: string, user: TCurrentUser | null, extra: Record<string, object> = {}) {
  mockApi({
    'GET /api/auth/session': user ? { user, expires: '2099-01-01' } : {},
    'GET /api/new-notice': { count: 0, items: [] },
    ...extra,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const where = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('the app routes', () => {
  it('an unknown address shows the not-found page with a link home', async () => {
    openApp('/no-such-page', null);
    expect((await screen.findByTestId('not-found')).textContent).toContain('Oups, page introuvable');
  });

  it('the shopper checkout opens without the antd frame; back-office pages have it', async () => {
    openApp('/checkout/LCNOPE?storeName=Shop', null, {
      'GET /api/checkout': () =>
        new Response(JSON.stringify({ error: 'not_found', message: 'x' }), { status: 404 }),
    });
    expect(await screen.findByTestId('checkout-not-found')).toBeTruthy();
    expect(document.querySelector('.ant-app')).toBeNull();
    cleanup();
    openApp('/no-such-page', null);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(document.querySelector('.ant-app')).not.toBeNull();
  });

  it("a failed call in the back-office shows antd's error toast", async () => {
    openApp('/dashboard', makeUser(), {
      'GET /api/dashboard/fetch-items': () =>
        new Response(JSON.stringify({ error: 'internal', message: 'x' }), { status: 500 }),
    });
    const toast = await screen.findByTestId('toast-error');
    expect(toast.closest('.ant-notification')).not.toBeNull();
  });

  it('/chatbot is the seller’s replies, admin’s system replies, and not a shopper’s', async () => {
    const api = {
      'GET /api/fetch-chatbot-messages': { count: 0, items: [] },
      'GET /api/fetch-chatbot-default-messages': { items: [] },
      'GET /api/fetch-active-sessions': { items: [] },
    };
    openApp('/chatbot', makeUser(), api);
    expect(await screen.findByTestId('custom-replies')).toBeTruthy();
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    cleanup();
    openApp('/en/chatbot', makeUser({ role_id: 3 }), api);
    expect(await screen.findByTestId('system-replies')).toBeTruthy();
    expect(screen.queryByTestId('custom-replies')).toBeNull();
    cleanup();
    openApp('/chatbot', makeUser({ id: 9, role_id: 1, subscription_id: null }));
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('signed out, /en/dashboard leads to the English sign-in page with the way back', async () => {
    const router = openApp('/en/dashboard', null, { 'GET /api/auth/providers': {} });
    expect(await screen.findByTestId('signin-page')).toBeTruthy();
    expect(where(router)).toBe(`/en/signin?callbackUrl=${encodeURIComponent('/dashboard')}`);
    expect(screen.getByTestId('signin-submit').textContent).toBe('Sign in');
    expect(document.documentElement.lang).toBe('en');
  });

  it('a seller without a plan is sent from the dashboard to the plans', async () => {
    const router = openApp('/dashboard', makeUser({ subscription_id: 'fake_sub_1' }), {
      'GET /api/payment-plans': plansResponse(),
    });
    expect(await screen.findByTestId('pricing-page')).toBeTruthy();
    expect(where(router)).toBe('/pricing');
    expect((await screen.findByTestId('plan-basic')).textContent).toMatch(/49\s€/);
    expect(screen.getByTestId('plan-business').textContent).toMatch(/149\s€/);
    expect(screen.getByTestId('plan-platinum').textContent).toContain('Sur demande');
    expect(screen.getByTestId('pricing-trial').textContent).toContain('30');
  });

  it('the sellers list is for admins; a seller sees not found', async () => {
    openApp('/sellers', makeUser());
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('/support is the seller’s help page (a seller without a plan too), admin’s inbox, and not a shopper’s', async () => {
    const empty = { 'GET /api/support/fetch-items': { count: 0, items: [] } };
    openApp('/support', makeUser({ subscription_id: 'fake_sub_1' }), empty);
    expect(await screen.findByTestId('support-page')).toBeTruthy();
    cleanup();
    openApp('/support', makeUser({ role_id: 3 }), empty);
    expect(await screen.findByTestId('support-inbox-page')).toBeTruthy();
    cleanup();
    openApp('/support', makeUser({ id: 9, role_id: 1, subscription_id: null }));
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('a live’s report opens for admin too (from the Orders screen), not for a shopper', async () => {
    openApp('/liveselling/5/report', makeUser({ role_id: 3 }), {
      'GET /api/livesession/5/report': () =>
        new Response(JSON.stringify({ error: 'not_found', message: 'x' }), { status: 404 }),
    });
    expect(await screen.findByText("Cette session live n'existe pas")).toBeTruthy();
    expect(screen.getByTestId('report-back-link').textContent).toContain('Retour aux commandes');
    expect(screen.queryByTestId('not-found')).toBeNull();
    cleanup();
    openApp('/liveselling/5/report', makeUser({ id: 9, role_id: 1, subscription_id: null }));
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('an admin sees the sellers list sorted by orders by default', async () => {
    const api = vi.fn();
    openApp('/sellers', makeUser({ role_id: 3 }), {
      'GET /api/sellers/fetch-filters': { items: { countries: [] } },
      'GET /api/sellers/fetch-items': (_init: RequestInit, url: URL) => {
        api(Object.fromEntries(url.searchParams));
        return { count: 0, items: [] };
      },
    });
    expect(await screen.findByTestId('sellers-page')).toBeTruthy();
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith({ limit: '25', offset: '0', sort: 'DESC', column: 'total_orders' }),
    );
    expect(await screen.findByText('Le tableau est vide')).toBeTruthy();
  });

  it('the dashboard shows the totals in euros', async () => {
    openApp('/dashboard', makeUser(), {
      'GET /api/dashboard/fetch-items': {
        totals: {
          total_amount: 1234.5,
          total_refund: 0,
          total_buyers: 7,
          total_pending: 20,
          total_shipping: 9.9,
        },
        orders: { count: 0, items: [] },
        buyers: { count: 0, items: [] },
      },
    });
    const amount = await screen.findByTestId('stat-total_amount');
    await waitFor(() => expect(amount.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('1 234,50 €'));
    expect(screen.getByTestId('stat-total_buyers').textContent).toContain('7');
    // the latest orders and shoppers: their tables load after the totals
    await waitFor(() => expect(screen.getAllByText('Le tableau est vide')).toHaveLength(2));
  });
});

describe('screens #7: /fr opens the French app', () => {
  it('/fr is the French home (the public site’s home when signed out), not "page introuvable"', async () => {
    const router = openApp('/fr', null);
    expect((await screen.findAllByTestId('site-signin')).length).toBeGreaterThan(0);
    expect(where(router)).toBe('/');
    expect(screen.queryByTestId('not-found')).toBeNull();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('/fr/… is the same French page without the prefix, query kept', async () => {
    const router = openApp('/fr/signup?callbackUrl=%2Fdashboard', null);
    expect(await screen.findByTestId('signup-page')).toBeTruthy();
    expect(where(router)).toBe('/signup?callbackUrl=%2Fdashboard');
  });

  it('a path that only starts with the letters (/frites) is still not found', async () => {
    openApp('/frites', null);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});

describe('the public site inside the app (issue 18)', () => {
  it('a visitor at / reads the site’s home, not the sign-in page', async () => {
    const router = openApp('/', null);
    expect((await screen.findAllByTestId('site-signup')).length).toBeGreaterThan(0);
    expect(where(router)).toBe('/');
    expect(screen.queryByTestId('signin-page')).toBeNull();
    // the public pages load without antd
    expect(document.querySelector('.ant-app')).toBeNull();
  });

  it('a visitor navigating to /faq gets the FAQ’s site page, in its frame, named in the tab', async () => {
    openApp('/faq', null);
    expect((await screen.findAllByTestId('site-signin')).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe(`${faqMeta('fr').title} · LiveCart`));
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.queryByTestId('not-found')).toBeNull();
    expect(document.querySelector('.ant-app')).toBeNull();
  });

  it('every public page in both languages is a page of the app for a visitor, never not found nor sign-in', async () => {
    for (const path of [
      '/pricing',
      '/en/case-studies',
      '/about-us',
      '/en/privacy',
      '/terms-and-conditions',
    ]) {
      const router = openApp(path, null);
      expect((await screen.findAllByTestId('site-signin')).length, path).toBeGreaterThan(0);
      expect(where(router)).toBe(path);
      expect(screen.queryByTestId('not-found')).toBeNull();
      cleanup();
    }
  });

  it('a visitor at /guides/liveselling reads the public guide, without the app’s sidebar', async () => {
    openApp('/en/guides/liveselling', null);
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe(guideOf('guideLiveSelling', 'en').title);
    expect(screen.getAllByTestId('site-signin').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it('a signed-in seller at /guides/liveselling reads the guide inside the app, beside the guides’ sidebar', async () => {
    const router = openApp('/guides/liveselling', makeUser());
    const framed = await screen.findByTestId('site-in-app');
    await waitFor(() =>
      expect(framed.querySelector('h1')?.textContent).toBe(guideOf('guideLiveSelling', 'fr').title),
    );
    expect(where(router)).toBe('/guides/liveselling');
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    expect(screen.getByTestId('nav-/guides/liveselling').getAttribute('href')).toBe('/guides/liveselling');
    expect(screen.getByTestId('nav-/guides/rules-csv').getAttribute('href')).toBe('/guides/rules-csv');
    // the site's own header is not drawn inside the app
    expect(screen.queryByTestId('site-signin')).toBeNull();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
  });

  it('the CSV rules are for every signed-in user now, with the example file to download', async () => {
    openApp('/en/guides/rules-csv', makeUser({ id: 9, role_id: 1, subscription_id: null }));
    const table = await screen.findByTestId('csv-rules-table');
    expect(table.textContent).toContain('photo links');
    expect(screen.getByTestId('csv-example-download').getAttribute('href')).toBe('/api/products/csv-example');
    expect(screen.queryByTestId('not-found')).toBeNull();
  });

  it('a signed-in user at /guides gets the knowledge centre in the app; its search answers ?q=', async () => {
    openApp('/guides?q=panier', makeUser({ role_id: 3 }));
    expect(await screen.findByTestId('site-in-app')).toBeTruthy();
    expect((await screen.findAllByTestId('guides-result')).length).toBeGreaterThan(0);
    expect((screen.getByTestId('guides-search') as HTMLInputElement).value).toBe('panier');
  });
});
