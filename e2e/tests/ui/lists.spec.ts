import type { APIRequestContext } from '@playwright/test';
import { sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LISTS, ListPage } from '../support/list-page.ts';
import { createProduct } from '../support/products-api.ts';
import { shot } from '../support/shell.ts';

/* The shared list screen (SPEC §2, §9): filters, pages and page sizes, sorting and bulk actions
   over checked rows, with the list's state kept in the address so a reload shows the same page. */

/** `count` products named `<prefix> 01`, `<prefix> 02`…, priced 10 €, 11 €… */
async function seedProducts(request: APIRequestContext, origin: string, prefix: string, count: number) {
  const tag = prefix.replace(/\W/g, '').toLowerCase();
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(2, '0');
    await createProduct(request, origin, {
      name: `${prefix} ${n}`,
      keyword: `${tag}${n}`,
      sku: `${tag}${n}`.toUpperCase(),
      quantity: 1,
      price: 9 + i,
    });
  }
}

test.describe('the seller’s products list', () => {
  test.use({ storageState: sessionFile('seller') });
  const run = Date.now().toString(36);

  test('pages of 10, a sort by price and the filter stay in the address across a reload', async ({
    page,
    baseURL,
  }) => {
    const prefix = `Page ${run}`;
    await seedProducts(page.request, baseURL ?? '', prefix, 12);
    const products = new ListPage(page, LISTS.inventory);
    await products.open();

    await products.filter('filter-product-name').fill(prefix);
    await products.applyFilters();
    await expect(products.total).toHaveText('Total : 12');
    await expect(products.rows).toHaveCount(12);

    await products.setPageSize(10);
    await expect(products.rows).toHaveCount(10);
    await products.goToPage(2);
    await expect(products.rows).toHaveCount(2);
    await expect(page).toHaveURL(/[?&]offset=10(&|$)/);
    await shot(page, 'list-page-two');

    await page.reload();
    await products.settled();
    await expect(products.rows).toHaveCount(2);
    await expect(products.filter('filter-product-name')).toHaveValue(prefix);

    // a new sort starts again from the first page
    await products.sortBy('Prix', 'ascending');
    await expect(page).toHaveURL(/[?&]column=price(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=ASC(&|$)/);
    await expect(products.rows).toHaveCount(10);
    await expect(products.rows.first()).toContainText(`${prefix} 01`);
    await products.sortBy('Prix', 'descending');
    await expect(products.rows.first()).toContainText(`${prefix} 12`);

    await products.resetFilters();
    await expect(products.filter('filter-product-name')).toHaveValue('');
    await expect(products.rowsWith(prefix).first()).toBeVisible();
    await expect(products.total).not.toHaveText('Total : 12');
  });

  test('a bulk delete asks for checked rows, then deletes exactly the checked ones', async ({
    page,
    baseURL,
  }) => {
    const prefix = `Lot ${run}`;
    await seedProducts(page.request, baseURL ?? '', prefix, 4);
    const products = new ListPage(page, LISTS.inventory);
    await products.open();
    await products.filter('filter-product-name').fill(prefix);
    await products.applyFilters();
    await expect(products.rows).toHaveCount(4);

    // nothing checked: the action says so and runs nothing
    await products.bulk('bulk-delete');
    await expect(page.getByTestId('toast-error')).toContainText('Sélectionnez au moins un élément');
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);

    await products.checkAll();
    await expect(products.checked).toHaveCount(4);
    await products.uncheckAll();
    await expect(products.checked).toHaveCount(0);

    await products.check(products.rowsWith(`${prefix} 02`));
    await products.check(products.rowsWith(`${prefix} 03`));
    await expect(products.checked).toHaveCount(2);
    await products.bulk('bulk-delete');
    await expect(page.locator('.ant-modal-confirm')).toContainText('2 produits');
    await page.getByTestId('confirm-ok').click();
    await expect(
      page.getByTestId('toast-success').filter({ hasText: 'Les produits ont été supprimés' }),
    ).toBeVisible();

    await expect(products.rows).toHaveCount(2);
    await expect(products.rowsWith(`${prefix} 01`)).toHaveCount(1);
    await expect(products.rowsWith(`${prefix} 04`)).toHaveCount(1);
    await expect(products.checked).toHaveCount(0);
  });
});

test.describe('the admin’s sellers list', () => {
  test.use({ storageState: sessionFile('admin') });

  test('a range filter that nobody meets says so, and reset brings the sellers back', async ({ page }) => {
    const sellers = new ListPage(page, LISTS.sellers);
    await sellers.open();
    await expect(sellers.rowsWith('Boutique Sophie')).toHaveCount(1);

    await sellers.fillRange('filter-total-orders', { min: 1_000_000 });
    await sellers.applyFilters();
    await expect(sellers.rows).toHaveCount(0);
    await expect(sellers.empty).toHaveText('Aucun enregistrement ne correspond aux critères');

    await sellers.resetFilters();
    await expect(sellers.rowsWith('Boutique Sophie')).toHaveCount(1);
  });
});
