import { expect, type Page } from '@playwright/test';
import type { Role } from './accounts.ts';

/** The sidebar links of SPEC §2 whose screen exists, per role, in SPEC's order. */
export const SIDEBAR: Record<Role, string[]> = {
  seller: [
    '/dashboard',
    '/liveselling',
    '/liveorders',
    '/inventory',
    '/chatbot',
    '/orders',
    '/waiting-list',
    '/shipping/list',
    '/buyers',
    '/payments',
    '/support',
    '/guides/liveselling',
  ],
  admin: [
    '/dashboard',
    '/chatbot',
    '/sellers',
    '/orders',
    '/shipping/list',
    '/payments',
    '/buyers',
    '/payment-plans',
    '/support',
  ],
  buyer: ['/dashboard', '/orders'],
};

/** The hrefs of the sidebar links, without the locale prefix. */
export async function sidebarPaths(page: Page) {
  const links = page.getByTestId('sidebar').locator('a[data-testid^="nav-"]');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').replace(/^\/en(?=\/)/, '')));
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
