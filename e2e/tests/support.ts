import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export type Role = 'admin' | 'seller' | 'buyer';
export const email = (role: Role) => `${role}@demo.test`;

/** The sidebar links of SPEC §2 whose screen exists, per role, in SPEC's order. */
export const SIDEBAR: Record<Role, string[]> = {
  seller: ['/dashboard', '/liveselling', '/liveorders', '/inventory', '/waiting-list', '/payments'],
  admin: ['/dashboard', '/sellers', '/payments'],
  buyer: ['/dashboard', '/orders'],
};

/** Signs in through the sign-in screen, as a person would. */
export async function signIn(page: Page, role: Role, prefix = '') {
  await page.goto(`${prefix}/signin`);
  await page.getByTestId('signin-email').fill(email(role));
  await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard$`));
}

/** The hrefs of the sidebar links, without the locale prefix. */
export async function sidebarPaths(page: Page) {
  const links = page.getByTestId('sidebar').locator('a[data-testid^="nav-"]');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((as) => as.map((a) => (a.getAttribute('href') ?? '').replace(/^\/en(?=\/)/, '')));
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
