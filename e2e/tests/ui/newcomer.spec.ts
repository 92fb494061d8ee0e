import { expect, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';

/*
 * Exactly where a newcomer starts: the address `npm start` prints, `/`, in a fresh browser, then a
 * merchant's sign-up, the e-mailed link, and the seller screens on the free trial.
 */

test('trust #12: / shows the app in French, not an error', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByTestId('signin-submit')).toHaveText(/Se connecter/);
  await shot(page, 'newcomer-home');
  await page.getByTestId('language-switcher').click();
  await expect(page).toHaveURL(/\/en\/signin$/);
  await expect(page.getByTestId('signin-submit')).toHaveText(/Sign in/);
});

test('trust #13: a merchant signs up from /, opens the e-mailed link and sells on a 30-day trial', async ({
  page,
}) => {
  const address = `boutique-${Date.now()}@demo.test`;
  await page.goto('/');
  await page.getByTestId('signup-link').click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.locator('label:has([data-testid="signup-role-seller"])').click();
  await page.getByTestId('signup-email').fill(address);
  await page.getByTestId('signup-first-name').fill('Inès');
  await page.getByTestId('signup-last-name').fill('Morel');
  await page.getByTestId('signup-phone').fill('0611223344');
  await page.getByTestId('signup-company').fill('Atelier Inès');
  await page.getByTestId('signup-tax-id').fill('85234567800017');
  await page.getByTestId('signup-terms').check();
  await page.getByTestId('signup-submit').click();
  await expect(page.getByText(/lien de confirmation/i).first()).toBeVisible();

  // The link arrives in the development mailbox of this machine.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
        items: { to: string; text: string }[];
      };
      link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(
        items.find((m) => m.to === address)?.text ?? '',
      )?.[0];
      return link;
    })
    .toBeTruthy();
  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  await page.getByTestId('set-password-password').fill('motdepasse1');
  await page.getByTestId('set-password-confirm').fill('motdepasse1');
  await page.getByTestId('set-password-submit').click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByTestId('signin-email').fill(address);
  await page.getByTestId('signin-password').fill('motdepasse1');
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('profile-trial')).toHaveText('Essai gratuit : 30 jours restants');
  await shot(page, 'newcomer-trial-menu');
  await page.keyboard.press('Escape');

  // Every seller screen opens, none sends the new merchant to /pricing. The inventory comes last:
  // its section has a sidebar of its own, without the other screens.
  const screens = {
    '/liveselling': 'live-selling-page',
    '/liveorders': 'live-carts-page',
    '/waiting-list': 'waiting-list-page',
    '/payments': 'payments-page',
    '/inventory': 'inventory-page',
  };
  for (const [path, screen] of Object.entries(screens)) {
    await page.getByTestId(`nav-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByTestId(screen)).toBeVisible();
  }
  await shot(page, 'newcomer-inventory');
});
