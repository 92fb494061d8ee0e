import { expect, type Page } from '@playwright/test';

/** Signs a new seller up from `/` (the public home's "free trial"), through the e-mailed link; ends on the dashboard. */
export async function signUp(page: Page, address: string) {
  await page.goto('/');
  await openSiteLink(page, 'site-signup');
  await expect(page).toHaveURL(/\/signup\?role=seller$/);
  await completeSignUp(page, address);
}

/** The public site's breakpoint: narrower, the header's links sit in its menu. */
const SITE_MENU_PX = 991;

/**
 * Clicks a link of the public site's header (`site-signup`, `site-signin`); on a phone, the same
 * link in its menu (`site-menu-signup`…).
 */
export async function openSiteLink(page: Page, testId: 'site-signup' | 'site-signin') {
  if ((page.viewportSize()?.width ?? 1280) > SITE_MENU_PX) return page.getByTestId(testId).click();
  await page.locator('.site-menu summary').click();
  await page.getByTestId(testId.replace(/^site-/, 'site-menu-')).click();
}

/** Fills the open sign-up screen as a new seller, opens the e-mailed link, sets the password: ends on the dashboard. */
export async function completeSignUp(page: Page, address: string) {
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
  let link = '';
  await expect
    .poll(async () => {
      const { items } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
        items: { to: string; text: string }[];
      };
      link =
        /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(
          items.find((m) => m.to === address)?.text ?? '',
        )?.[0] ?? '';
      return link;
    })
    .toBeTruthy();
  const verify = new URL(link);
  await page.goto(verify.pathname + verify.search);
  await page.getByTestId('set-password-password').fill('motdepasse1');
  await page.getByTestId('set-password-confirm').fill('motdepasse1');
  await page.getByTestId('set-password-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('cookie-accept').click();
}
