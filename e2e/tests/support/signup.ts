import { expect, type Page } from '@playwright/test';

/** Signs a new seller up from `/`, through the e-mailed link; ends on the dashboard. */
export async function signUp(page: Page, address: string) {
  await page.goto('/');
  await page.getByTestId('signup-link').click();
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
