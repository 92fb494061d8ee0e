import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';
import { signUp } from '../support/signup.ts';

/*
 * Issue 19, shop sync from where a merchant starts: a new seller signs up from `/` (the trial opens
 * every plan's features), opens Inventory → Shop sync, connects the sandbox's demo Shopify shop,
 * imports its catalogue, reads the report (the colour the product does not know is named, not
 * guessed), publishes the imported products with their proposed keywords, and finds them in the
 * product list; then the sync log tells what happened, and the live's claim reaches the shop.
 */

const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast-success').filter({ hasText: text });

test('a new seller connects the demo Shopify shop, imports its catalogue and publishes it', async ({
  page,
}) => {
  // the import fetches the catalogue and its photos from the demo shop: slow on a busy machine
  test.setTimeout(180_000);
  await signUp(page, `boutique-sync-${Date.now()}@demo.test`);
  await page.getByTestId('nav-/inventory').click();
  await expect(page.getByTestId('inventory-page')).toBeVisible();
  await page.getByTestId('inventory-tab-shops').click();
  await expect(page).toHaveURL(/\/inventory\?tab=shops$/);
  await expect(page.getByTestId('shop-sync-empty')).toBeVisible();

  await page.getByTestId('shop-connect-open').click();
  const form = page.getByTestId('shop-connect-form');
  await expect(page.getByTestId('shop-sandbox')).toBeVisible();
  await page.getByTestId('shop-sandbox-shopify').click();
  await expect(page.getByTestId('shop-url')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+$/);
  await shot(page, 'shopsync-connect-fr');
  await page.getByTestId('shop-connect-submit').click();
  await expect(form).toBeHidden();
  const state = await page.locator('[data-testid^="shop-state-"]').first().getAttribute('data-testid');
  const id = Number(state?.replace('shop-state-', ''));
  expect(id).toBeGreaterThan(0);
  await expect(page.getByTestId(`shop-state-${id}`)).toContainText('Connectée');
  await shot(page, 'shopsync-card-fr');

  await page.getByTestId(`shop-import-${id}`).click();
  const report = page.getByTestId('shop-import-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('shop-import-created')).toContainText(/\d/);
  await expect(page.getByTestId('shop-import-unknown')).toContainText('Licorne');
  await shot(page, 'shopsync-report-fr');

  const products = page.getByTestId('shop-import-products');
  const all = products.locator('thead input[type="checkbox"]');
  if (!(await all.isChecked())) await all.check();
  await page.getByTestId('shop-publish').click();
  await expect(toast(page, /publié/)).toBeVisible();
  await page.getByTestId('shop-import-close').click();

  // (both tabs stay mounted: each switch is awaited before the next click, which would otherwise
  // land on the tab still shown and change nothing)
  await page.getByRole('tab', { name: 'Produits' }).click();
  await expect(page).toHaveURL(/\/inventory\??$/);
  await expect(page.getByTestId('products-table')).toBeVisible();
  await expect(page.getByTestId('products-table')).toContainText('Robe Capucine', { timeout: 30_000 });

  // the log says what happened, in the seller's language
  await page.getByTestId('inventory-tab-shops').click();
  await expect(page).toHaveURL(/\/inventory\?tab=shops$/);
  await expect(page.getByTestId(`shop-log-${id}`)).toBeVisible();
  await page.getByTestId(`shop-log-${id}`).click();
  const log = page.getByTestId('shop-log-table');
  await expect(log).toBeVisible();
  await expect(log).toContainText(/Import/i);
  await shot(page, 'shopsync-log-fr');
});
