import { expect, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';

/*
 * Exactly where a newcomer starts: the address `npm start` prints, `/`, in a fresh browser, then a
 * merchant's sign-up, the e-mailed link, and the seller screens on the free trial.
 */

test('trust #12: / shows the public home in French, whose header leads to the sign-in', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('h1')).toBeVisible();
  await shot(page, 'newcomer-home');
  await page.getByTestId('site-language').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('site-signin').click();
  await expect(page).toHaveURL(/\/en\/signin$/);
  await expect(page.getByTestId('signin-submit')).toHaveText(/Sign in/);
  await page.getByTestId('language-switcher').click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByTestId('signin-submit')).toHaveText(/Se connecter/);
});

test('screens #5: a merchant signs up from /, opens the e-mailed link, sets the password and lands signed in on the trial dashboard with a welcome (trust #13)', async ({
  page,
}) => {
  const address = `boutique-${Date.now()}@demo.test`;
  await page.goto('/');
  await page.getByTestId('site-signup').click();
  await expect(page).toHaveURL(/\/signup\?role=seller$/);
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
  const verify = new URL(link as string);
  await page.goto(verify.pathname + verify.search);
  await page.getByTestId('set-password-password').fill('motdepasse1');
  await page.getByTestId('set-password-confirm').fill('motdepasse1');
  await shot(page, 'newcomer-set-password');
  await page.getByTestId('set-password-submit').click();

  // Signed in at once: the trial dashboard, with a welcome that says how long the trial lasts.
  await expect(page).toHaveURL(/\/dashboard$/);
  const welcome = page.getByTestId('welcome-notice');
  await expect(welcome).toContainText('Bienvenue sur LiveCart, Inès !');
  await expect(page.getByTestId('welcome-text')).toContainText('il vous reste 30 jours');
  await shot(page, 'newcomer-welcome');
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('profile-trial')).toHaveText('Essai gratuit : 30 jours restants');
  await shot(page, 'newcomer-trial-menu');
  await page.keyboard.press('Escape');

  // The link was for one use: opened again, it signs no one in.
  await page.context().clearCookies();
  await page.goto(verify.pathname + verify.search);
  await expect(page.getByTestId('set-password-invalid')).toContainText(
    "Ce lien n'est pas valide ou a expiré",
  );
  await expect(page.getByTestId('set-password-password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/verify-email\?token=/);

  // Signed in again with the password chosen.
  await page.goto('/signin');
  await page.getByTestId('signin-email').fill(address);
  await page.getByTestId('signin-password').fill('motdepasse1');
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-notice')).toHaveCount(0);

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

test('screens #7: the sign-in offers no social button this server cannot do, and /fr opens the French home', async ({
  page,
}) => {
  // The demo server has no Facebook keys: no "Continuer avec Facebook" that would only fail.
  await page.goto('/signin');
  await expect(page.getByTestId('signin-submit')).toBeVisible();
  await expect(page.getByTestId('signin-facebook')).toHaveCount(0);
  await page.goto('/signup');
  await expect(page.getByTestId('signup-submit')).toBeVisible();
  await expect(page.getByTestId('signin-facebook')).toHaveCount(0);

  const response = await page.request.get('/fr/signup?x=1', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('/signup?x=1');
  await page.goto('/fr');
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test('screens #6: forgot password answers the same for an unknown address and an account, and only the account gets the link', async ({
  page,
}) => {
  const ghost = `personne-${Date.now()}@demo.test`;
  const answers: string[] = [];
  for (const address of [ghost, 'buyer@demo.test']) {
    await page.goto('/forgot-password');
    await page.getByTestId('forgot-email').fill(address);
    const answer = page.waitForResponse((r) => r.url().includes('/api/auth/restorePassword'));
    await page.getByTestId('forgot-submit').click();
    const res = await answer;
    expect(res.status()).toBe(200);
    answers.push(await res.text());
    await expect(page.getByTestId('forgot-done')).toContainText(
      'Si un compte existe avec cet e-mail, un lien pour choisir un nouveau mot de passe a été envoyé',
    );
    await expect(page.getByTestId('forgot-sent-to')).toHaveText(address);
  }
  expect(answers[1]).toBe(answers[0]);
  await shot(page, 'forgot-password-sent');
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
        items: { to: string; subject: string }[];
      };
      return items.filter((m) => m.subject === 'Réinitialisez votre mot de passe').map((m) => m.to);
    })
    .toContain('buyer@demo.test');
  const { items } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
    items: { to: string }[];
  };
  expect(items.filter((m) => m.to === ghost)).toEqual([]);
});
