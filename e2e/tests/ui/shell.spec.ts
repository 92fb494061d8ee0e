import { sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';

test.describe('signed in as the seller', () => {
  test.use({ storageState: sessionFile('seller') });

  test('the language switch keeps the route and its query', async ({ page }) => {
    await page.goto('/notifications?limit=10&offset=0');
    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/en\/notifications\?limit=10&offset=0$/);
    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/notifications\?limit=10&offset=0$/);
    expect(new URL(page.url()).pathname).toBe('/notifications');
  });

  test.describe('at 800 px wide', () => {
    test.use({ viewport: { width: 800, height: 900 } });

    test('the sidebar starts closed and the menu button opens it', async ({ page }) => {
      await page.goto('/dashboard');
      const sider = page.getByTestId('sider');
      await expect(sider).toHaveAttribute('data-collapsed', 'true');
      await shot(page, 'mobile-closed');
      await page.getByTestId('menu-button').click();
      await expect(sider).toHaveAttribute('data-collapsed', 'false');
      await shot(page, 'mobile-open');
      await page.mouse.click(780, 600);
      await expect(sider).toHaveAttribute('data-collapsed', 'true');
    });
  });
});

test('the cookie banner goes away once accepted, and stays away after a reload', async ({ page }) => {
  await page.goto('/signin');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link')).toHaveAttribute('href', /\/privacy$/);
  await shot(page, 'cookie-banner');
  await page.getByTestId('cookie-accept').click();
  await expect(banner).toBeHidden();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_consent');
  expect(cookie?.value).toBe('accept');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(149 * 24 * 3600_000);
  await page.reload();
  await expect(page.getByTestId('signin-email')).toBeVisible();
  await expect(banner).toBeHidden();
});

test('declining cookies stores the refusal and hides the banner', async ({ page }) => {
  await page.goto('/signin');
  await page.getByTestId('cookie-decline').click();
  await expect(page.getByTestId('cookie-banner')).toBeHidden();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cookie_consent');
  expect(cookie?.value).toBe('decline');
});

test('an unknown page shows "page not found" with a link home', async ({ page }) => {
  await page.goto('/this-page-does-not-exist');
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText(/introuvable/i);
  await shot(page, 'not-found');
  await notFound.getByRole('link').first().click();
  await expect(page).not.toHaveURL(/this-page-does-not-exist/);
});

test('sign-up as a seller asks for the company details and sends the link to the mailbox', async ({
  page,
}) => {
  const address = `new-seller-${Date.now()}@demo.test`;
  await page.goto('/signup');
  await page.locator('label:has([data-testid="signup-role-seller"])').click();
  await page.getByTestId('signup-email').fill(address);
  await page.getByTestId('signup-first-name').fill('Nina');
  await page.getByTestId('signup-last-name').fill('Rossi');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText(/obligatoire/i).first()).toBeVisible();
  await page.getByTestId('signup-phone').fill('0612345678');
  await page.getByTestId('signup-company').fill('Nina Mode');
  await page.getByTestId('signup-tax-id').fill('FR123456789');
  await page.getByTestId('signup-terms').check();
  await shot(page, 'signup-seller');
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText(/lien de confirmation/i).first()).toBeVisible();
  // The outbox worker sends the mail a moment after the sign-up answers.
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
        items: { to: string; subject: string }[];
      };
      return items.find((m) => m.to === address)?.subject;
    })
    .toBe('Confirmez votre adresse e-mail');
});

test('the footer pages open in both languages', async ({ page }) => {
  await page.goto('/signin');
  await page.getByTestId('footer').getByRole('link', { name: 'Politique de confidentialité' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByTestId('legal-privacy')).toContainText('150 jours');
  await shot(page, 'privacy-fr');
  await page.getByTestId('site-language').click();
  await expect(page).toHaveURL(/\/en\/privacy$/);
  await expect(page.getByTestId('legal-privacy')).toContainText('150 days');
  // opened by their address, they are the public site's pages, in the language of the address
  await page.goto('/en/terms-and-conditions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('h1')).toBeVisible();
  await page.getByTestId('site-language').click();
  await expect(page).toHaveURL((u) => u.pathname === '/terms-and-conditions');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/about-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('h1')).toBeVisible();
});
