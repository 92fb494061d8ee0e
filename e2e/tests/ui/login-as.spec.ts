import type { Page } from '@playwright/test';
import { SIGNED_OUT, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProduct } from '../support/products-api.ts';
import { shot } from '../support/shell.ts';
import { signUp } from '../support/signup.ts';

/*
 * Issue 15: the admin logs in as a seller from the Sellers list, works in the seller's
 * back-office with a banner on every page, comes back in one click, and finds it all in the
 * seller's audit. The demo seller is shared by the other specs: this journey changes only their
 * settings to what they were, and their percent and subscription are changed on a seller of its
 * own, signed up for it.
 */

const toast = (page: Page, text: string) => page.getByTestId('toast-success').filter({ hasText: text });

/** The Sellers list from the sidebar, narrowed to one seller by the search box; answers their id. */
async function findSeller(page: Page, email: string) {
  await page.getByTestId('sidebar').getByTestId('nav-/sellers').click();
  await expect(page).toHaveURL(/\/sellers$/);
  const search = page.locator('input[data-testid="list-search"], [data-testid="list-search"] input').first();
  await search.fill(email);
  await search.press('Enter');
  const row = page.locator('[data-testid^="seller-row-"]', { hasText: email });
  await expect(row).toHaveCount(1);
  return Number((await row.getAttribute('data-testid'))?.replace('seller-row-', ''));
}

test.describe('log in as a seller', () => {
  test.use({ storageState: SIGNED_OUT, viewport: { width: 1440, height: 900 } });

  test('issue #15: from the Sellers list to the demo seller’s back-office and back, every step in their audit', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin');
    await page.getByTestId('cookie-accept').click();
    const id = await findSeller(page, 'seller@demo.test');

    await page.getByTestId(`seller-login-as-${id}`).click();
    await page.getByTestId('login-as-confirm').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toHaveText("Connecté en tant que Sophie Martin — retour à l'admin");
    await expect(page.getByTestId('sidebar').getByTestId('nav-/inventory')).toBeVisible();
    await expect(page.getByTestId('sidebar').getByTestId('nav-/sellers')).toHaveCount(0);
    await shot(page, 'login-as-dashboard-fr');

    // the banner on every page: a seller screen, the plans (outside the seller frame's menu)
    await page.getByTestId('sidebar').getByTestId('nav-/inventory').click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(banner).toBeVisible();
    await page.goto('/pricing');
    await expect(banner).toBeVisible();

    // one change, as the seller: the cart duration settings saved as they are
    await page.goto('/settings');
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('settings-cart-duration')).toBeVisible();
    await page.getByTestId('settings-save').click();
    await expect(toast(page, 'Réglages enregistrés')).toBeVisible();

    // one click back, to the admin's own session on the Sellers list
    await page.getByTestId('impersonation-back').click();
    await expect(page).toHaveURL(/\/sellers$/);
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('sidebar').getByTestId('nav-/sellers')).toBeVisible();

    // the seller's page lists the stop, the change and the start, newest first, by the admin
    await page.goto(`/sellers/${id}`);
    const rows = page.locator('[data-testid^="audit-row-"]');
    await expect(rows.nth(0)).toContainText("Retour à l'admin");
    await expect(rows.nth(1)).toContainText('POST/api/update-settings');
    await expect(rows.nth(1)).toContainText('200');
    await expect(rows.nth(2)).toContainText('Connexion en tant que vendeur');
    for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toContainText('Alice Admin');
    await shot(page, 'login-as-audit-fr');
  });

  test('issue #15: another tab follows the switch, and a second login-as while signed in as a seller is refused', async ({
    page,
    context,
  }) => {
    await signIn(page, 'admin');
    await page.getByTestId('cookie-accept').click();
    const id = await findSeller(page, 'seller@demo.test');
    const other = await context.newPage();
    await other.goto('/sellers');
    await expect(other.getByTestId('sellers-page')).toBeVisible();

    await page.getByTestId(`seller-login-as-${id}`).click();
    await page.getByTestId('login-as-confirm').click();
    await expect(page.getByTestId('impersonation-banner')).toBeVisible();
    // the other tab opens the seller's dashboard too
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByTestId('impersonation-banner')).toBeVisible();

    const again = await page.request.post(`/api/sellers/login-as/${id}`, {
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error).toBe('already_impersonating');

    await other.getByTestId('impersonation-back').click();
    await expect(other).toHaveURL(/\/sellers$/);
    await expect(page).toHaveURL(/\/sellers$/);
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  });
});

test.describe('percent and unsubscription of a seller of this journey', () => {
  test.use({ storageState: SIGNED_OUT, viewport: { width: 1440, height: 900 } });

  test('issue #15: the admin changes a new seller’s percent, reads its history, unsubscribes them; the seller, and the admin signed in as them, are sent to the plans', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const address = `desabonne-${Date.now().toString(36)}@demo.test`;
    await signUp(page, address);
    const origin = new URL(page.url()).origin;
    await createProduct(page.request, origin, {
      name: 'Écharpe gardée',
      keyword: `ECH${Date.now().toString(36).toUpperCase()}`,
      sku: 'ECHG1',
      quantity: 3,
    });

    const adminContext = await browser.newContext({
      storageState: SIGNED_OUT,
      viewport: { width: 1440, height: 900 },
    });
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin');
    await admin.getByTestId('cookie-accept').click();
    const id = await findSeller(admin, address);

    // the percent: the form, its confirmation, the toast, then the history
    await admin.getByTestId(`seller-actions-${id}`).click();
    await admin.getByTestId('seller-percent').click();
    await admin.getByTestId('percent-input').fill('3,5');
    await admin.getByTestId('percent-submit').click();
    await expect(admin.getByText(/passera de 5\s%\sà 3,5\s%/)).toBeVisible();
    await admin.getByTestId('percent-confirm-ok').click();
    await expect(toast(admin, 'Le pourcentage a été mis à jour')).toBeVisible();
    await expect(admin.getByTestId(`seller-row-${id}`)).toContainText(/3,5\s%/);
    await admin.getByTestId(`seller-actions-${id}`).click();
    await admin.getByTestId('seller-history').click();
    await expect(admin.getByTestId('percent-history').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(admin.getByTestId('percent-history')).toContainText('Alice Admin');
    await admin.keyboard.press('Escape');

    // unsubscribe
    await admin.getByTestId(`seller-actions-${id}`).click();
    await admin.getByTestId('seller-unsubscribe').click();
    await admin.getByTestId('unsubscribe-confirm').click();
    await expect(toast(admin, 'Le vendeur a été désabonné')).toBeVisible();
    await expect(admin.getByTestId(`seller-unsubscribed-${id}`)).toBeVisible();

    // the seller's next page sends them to the plans; their product is still theirs
    await page.goto('/inventory');
    await expect(page).toHaveURL(/\/pricing$/);
    const refused = await page.request.get('/api/fetch-products');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toBe('plan_required');
    await admin.goto(`/sellers/${id}`);
    await expect(admin.getByTestId('seller-subscription')).toHaveText('Résilié');
    await expect(admin.locator('[data-testid^="audit-row-"]').first()).toContainText('Abonnement terminé');

    // signed in as them, the admin is sent to the plans as they are
    await admin.getByTestId(`seller-login-as-${id}`).click();
    await admin.getByTestId('login-as-confirm').click();
    await expect(admin.getByTestId('impersonation-banner')).toBeVisible();
    await expect(admin).toHaveURL(/\/pricing$/);
    await admin.getByTestId('impersonation-back').click();
    await expect(admin).toHaveURL(/\/sellers$/);
    await adminContext.close();
  });
});
