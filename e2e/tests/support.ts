import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** Content-Security-Policy violations the browser reported during the running test. */
let violations: string[] = [];
const isViolation = (text: string) =>
  /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text);

/** Watches every page of a context the test made itself (a shopper's phone) for CSP violations. */
export function guardContext(context: BrowserContext) {
  const watch = (p: Page) => p.on('console', (m) => isViolation(m.text()) && violations.push(m.text()));
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * Playwright's test with one guard on every page the test opens: the browser must report no
 * Content-Security-Policy violation (the policy must fit what the app really loads).
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      violations = [];
      guardContext(context);
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

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
