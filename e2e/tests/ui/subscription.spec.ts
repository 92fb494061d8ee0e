import type { Page } from '@playwright/test';
import { SIGNED_OUT, sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';
import { signUp } from '../support/signup.ts';

/*
 * Issue 14: a merchant who just signed up chooses Business during the free trial, registers the
 * sandbox's test card on the provider's card page, and finds the plan in My Plan (still in the
 * trial, the card as the default); then cancels at period end and changes their mind. The admin
 * edits Business's features and syncs the plans with the provider. On a desktop and on a phone.
 */

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast-success').filter({ hasText: text });

/** The page is no wider than the screen: nothing to scroll sideways. */
async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The sandbox's hosted card page: the test card that succeeds, then back to the app. */
async function payWithTestCard(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/billing\//);
  const form = page.locator('form:has(#number)');
  await form.locator('#number').fill('4242 4242 4242 4242');
  await form.locator('#expiry').fill('12/34');
  await form.locator('#cvc').fill('123');
  await form.locator('button[type="submit"]').click();
}

for (const [device, use] of Object.entries(VIEWPORTS)) {
  test.describe(`subscription on a ${device}`, () => {
    test.use({ ...use, storageState: SIGNED_OUT });

    test(`issue #14: a new seller chooses Business in the trial with the sandbox card, then cancels and resumes (${device})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const run = `${Date.now().toString(36)}${device[0]}`;
      await signUp(page, `abonnement-${run}@demo.test`);

      await page.goto('/pricing');
      await expect(page.getByTestId('plan-current-basic')).toBeVisible();
      await expect(page.getByTestId('pricing-trial')).toContainText("30 jours d'essai gratuit");
      await noSidewaysScroll(page);
      await page.getByTestId('plan-choose-business').click();
      await expect(toast(page, 'Business est votre abonnement')).toBeVisible();
      await page.getByTestId('pricing-add-card').click();

      await payWithTestCard(page);

      await expect(page).toHaveURL(/\/account\/plan$/);
      await expect(page.getByTestId('plan-name')).toHaveText('Business');
      await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'trialing');
      await expect(page.getByTestId('plan-status')).toHaveText('Essai gratuit');
      const daysLeft = Number(await page.getByTestId('plan-days-left').textContent());
      expect(daysLeft).toBeGreaterThanOrEqual(29);
      expect(daysLeft).toBeLessThanOrEqual(30);
      const card = page.getByTestId('payment-methods').locator('[data-testid^="payment-method-label-"]');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('•••• 4242');
      await expect(
        page.getByTestId('payment-methods').locator('[data-testid^="payment-method-is-default-"]'),
      ).toHaveText('Par défaut');
      await noSidewaysScroll(page);
      await shot(page, `subscription-my-plan-${device}`);

      // cancel at period end, after confirmation; then resume
      await page.getByTestId('plan-cancel').click();
      await page.getByTestId('confirm-ok').click();
      await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'cancel_at_period_end');
      await expect(page.getByTestId('plan-canceled')).toBeVisible();
      await page.getByTestId('plan-resume').click();
      await expect(toast(page, 'Votre abonnement continue')).toBeVisible();
      await expect(page.getByTestId('plan-status')).toHaveAttribute('data-status', 'trialing');
      await expect(page.getByTestId('plan-cancel')).toBeVisible();

      // the plans page now marks Business as the seller's plan
      await page.goto('/pricing');
      await expect(page.getByTestId('plan-current-business')).toBeVisible();
    });
  });

  test.describe(`payment plans on a ${device}`, () => {
    test.use({ ...use, storageState: sessionFile('admin') });

    test(`issue #14: the admin edits Business's features and syncs with the provider (${device})`, async ({
      page,
    }) => {
      const feature = `Accompagnement ${Date.now().toString(36)}`;
      await page.goto('/payment-plans');
      const row = page.getByTestId('payment-plan-row-business');
      await expect(row).toBeVisible();
      const before = Number(await row.getByTestId('plan-features-count-business').getAttribute('data-count'));
      await noSidewaysScroll(page);
      await page.getByTestId('plan-edit-business').click();
      const drawer = page.getByTestId('plan-edit-drawer');
      await expect(drawer).toBeVisible();
      await drawer.getByTestId('plan-edit-features_fr-add').click();
      await drawer.getByTestId(`plan-edit-features_fr-${before}`).fill(feature);
      await page.getByTestId('plan-edit-save').click();
      await expect(toast(page, "L'abonnement a été mis à jour")).toBeVisible();
      await expect(row.getByTestId('plan-features-count-business')).toHaveAttribute(
        'data-count',
        String(before + 1),
      );

      await page.getByTestId('payment-plans-sync').click();
      await expect(toast(page, 'synchronisées avec le prestataire')).toBeVisible();
      await page.getByTestId('payment-plans-tab-provider').click();
      await expect(page.getByTestId('provider-prices')).toContainText('149');

      // a visitor sees the new feature on the plans page
      await page.goto('/pricing');
      await expect(page.getByTestId('plan-features-business')).toContainText(feature);
    });
  });
}
