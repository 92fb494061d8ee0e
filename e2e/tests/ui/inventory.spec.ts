import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LISTS, ListPage } from '../support/list-page.ts';
import { shot } from '../support/shell.ts';

/** Opens an antd select and picks each option by its exact label. */
async function pick(page: Page, testId: string, labels: string[]) {
  const select = page.getByTestId(testId);
  await select.click();
  for (const label of labels) {
    await page.keyboard.type(label);
    await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

const toast = (page: Page, text: string) => page.getByTestId('toast-success').filter({ hasText: text });

/** Writes a CSV file for the import and answers its path. */
function csvFile(name: string, lines: string[]) {
  const file = path.join(tmpdir(), `${name}-${Date.now()}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A small red PNG, as an uploaded file. */
const png = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGM4YRNFEmIY1TCqYfhqAACAeF4QeTHioQAAAABJRU5ErkJggg==',
    'base64',
  ),
});

const HEADER = 'name,description,hashtags,styles,photo links,publish,price,quantity,sku,color,size';

test.describe('inventory', () => {
  test.use({ storageState: sessionFile('seller') });
  const run = Date.now().toString(36);

  test('screens #8: a seller creates a product in 2 colours × 3 sizes with its photos, finds it, copies it and deletes the copy', async ({
    page,
  }) => {
    const name = `Robe e2e ${run}`;
    const products = new ListPage(page, LISTS.inventory);
    await products.open();
    await expect(products.rows.first()).toBeVisible();
    expect(await products.rows.count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'inventory-list');

    await page.getByTestId('product-add').click();
    await expect(page).toHaveURL(/\/inventory\/new$/);
    // screens #8: photos are chosen while creating, shown with a preview, added once it is saved
    await page.getByTestId('photo-dragger').setInputFiles([png('a.png'), png('b.png')]);
    await expect(page.getByTestId('photo-pending')).toHaveCount(2);
    await expect(page.getByTestId('photo-pending').first().locator('img')).toHaveAttribute('src', /^blob:/);
    await page.getByTestId('product-name-input').fill(name);
    await page.getByTestId('product-description').fill('Robe légère en coton');
    await page.getByTestId('product-keywords').click();
    await page.keyboard.type(`robe${run}`);
    await page.keyboard.press('Enter');
    await page.getByTestId('product-publish').click();
    await page.getByTestId('product-configured').click();
    await pick(page, 'product-colors', ['Noir', 'Blanc']);
    await pick(page, 'product-sizes', ['S', 'M', 'L']);
    const grid = page.getByTestId('product-grid').locator('tbody tr.ant-table-row');
    await expect(grid).toHaveCount(6);

    // a save with empty rows shows the field errors in the grid
    await page.getByTestId('product-save').click();
    await expect(page.getByTestId('product-grid')).toContainText('Champ obligatoire');

    await page.getByTestId('grid-fill-price').fill('25');
    await page.getByTestId('grid-fill-quantity').fill('4');
    await page.getByTestId('grid-fill-apply').click();
    for (let i = 0; i < 6; i++) await page.getByTestId(`grid-sku-${i}`).fill(`E${run}${i}`.toUpperCase());
    await page.getByTestId('grid-price-5').fill('29.5');
    await shot(page, 'inventory-editor-new');

    await page.getByTestId('product-save').click();
    await expect(toast(page, 'Le produit a été créé')).toBeVisible();
    await expect(page).toHaveURL(/\/inventory\/\d+$/);
    // the two photos chosen before saving are on the product; put the second first, delete one
    const photos = page.getByTestId('photo-item');
    await expect(photos).toHaveCount(2);
    await expect(page.getByTestId('photo-upload-failures')).toHaveCount(0);
    await photos.nth(1).getByTestId('photo-up').click();
    await photos.nth(1).getByTestId('photo-delete').click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Oui' }).click();
    await expect(toast(page, 'La photo a été supprimée')).toBeVisible();
    await expect(photos).toHaveCount(1);
    await expect(page.getByTestId(`grid-sku-0`)).toHaveValue(`E${run}0`.toUpperCase());
    await shot(page, 'inventory-editor-saved');

    await page.getByTestId('product-back').click();
    await products.filter('filter-product-name').fill(name);
    await products.applyFilters();
    await expect(products.rows).toHaveCount(1);
    const row = products.rows.first();
    await expect(row).toContainText(name);
    await expect(row).toContainText('Publié');
    await expect(row).toContainText('24');
    await expect(row).toContainText(/25\s€\s–\s29,50\s€/);
    await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/files\//);
    await shot(page, 'inventory-filtered');

    await row.getByTestId('product-copy').click();
    await expect(toast(page, 'Le produit a été copié')).toBeVisible();
    await expect(products.rows).toHaveCount(2);
    const copy = products.rowsWith('(copie)');
    await expect(copy).toContainText('Non publié');

    await copy.getByTestId('product-delete').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText('Supprimer ce produit ?');
    await page.waitForTimeout(500); // let the confirmation finish its opening animation for the screenshot
    await shot(page, 'inventory-delete-confirm');
    await page.getByTestId('confirm-ok').click();
    await expect(toast(page, 'Le produit a été supprimé')).toBeVisible();
    await expect(products.rows).toHaveCount(1);
    await expect(products.rows.first()).not.toContainText('(copie)');
  });

  test('a seller imports a CSV with a variation row, and a bad file shows its report row by row', async ({
    page,
  }) => {
    const name = `Import e2e ${run}`;
    const products = new ListPage(page, LISTS.inventory);
    await products.open();
    await page.getByTestId('csv-import-open').click();
    const modal = page.getByTestId('csv-import-modal');
    await expect(modal).toBeVisible();

    const good = csvFile('good', [
      HEADER,
      `${name},Importé depuis un CSV,imp${run},,,TRUE,19.90,3,IMP${run}A,black,S`,
      `,,,,,,21,2,IMP${run}B,black,M`,
    ]);
    await modal.locator('input[type="file"]').setInputFiles(good);
    await expect(toast(page, 'Le produit a été importé')).toBeVisible();
    await expect(modal).toBeHidden();
    await products.filter('filter-product-name').fill(name);
    await products.applyFilters();
    await expect(products.rows).toHaveCount(1);
    await expect(products.rows.first()).toContainText(/19,90\s€\s–\s21\s€/);
    await expect(products.rows.first()).toContainText('5');
    await shot(page, 'inventory-imported');

    await page.getByTestId('csv-import-open').click();
    const bad = csvFile('bad', [
      HEADER,
      `Bad e2e ${run},x,,,,MAYBE,abc,1,BAD-1,black,S`,
      `Bad two ${run},y,,,,TRUE,5,-2,BAD2,nocolour,S`,
    ]);
    await modal.locator('input[type="file"]').setInputFiles(bad);
    const report = page.getByTestId('csv-report');
    await expect(report).toBeVisible();
    const lines = report.locator('tbody tr.ant-table-row');
    expect(await lines.count()).toBeGreaterThanOrEqual(4);
    await expect(report).toContainText('publish');
    await expect(report).toContainText('Doit être TRUE ou FALSE');
    await expect(report).toContainText('Couleur inconnue');
    await expect(page.getByTestId('csv-report-title')).toBeVisible();
    await page.waitForTimeout(500); // let the modal finish its opening animation for the screenshot
    await shot(page, 'inventory-csv-report');

    await page.getByTestId('csv-guide-link').click();
    await expect(page).toHaveURL(/\/guides\/rules-csv$/);
    await expect(page.getByTestId('csv-rules-table')).toContainText('photo links');
    await expect(page.getByTestId('csv-example-download')).toHaveAttribute(
      'href',
      '/api/products/csv-example',
    );
    await shot(page, 'inventory-csv-guide');
  });
});
