import type { Browser, Page } from '@playwright/test';
import { SIGNED_OUT } from '../support/accounts.ts';
import { expect, guardContext, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';
import { signUp } from '../support/signup.ts';

/*
 * Issue 13: a merchant who just signed up, with nothing of the demo, follows the dashboard's
 * first-live checklist alone — shop details, a payment method, a shipping method priced for
 * France, a legal document, a product with its keyword, a scheduled live — then takes a comment
 * in the live simulator, and the viewer pays the order on a phone. On a desktop and on a phone.
 */

const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** A one-page PDF, as the merchant's privacy policy. */
const PDF = {
  name: 'confidentialite.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast-success').filter({ hasText: text });

const step = (page: Page, key: string) => page.getByTestId(`checklist-step-${key}`);

/** Back on the dashboard from wherever the step led; the step is ticked. */
async function backToChecklist(page: Page, done: string) {
  await page.goto('/dashboard');
  await expect(step(page, done)).toHaveAttribute('data-done', 'true');
}

/** Opens an antd select and picks an option by its exact label. */
async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(label);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  await expect(option).toHaveText(label);
  await expect(option).toHaveClass(/ant-select-item-option-active/);
  await page.keyboard.press('Enter');
}

/** The viewer's phone: a browser of its own, signed out. */
async function viewerPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    ...VIEWPORTS.phone,
    storageState: SIGNED_OUT,
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  guardContext(context);
  return { context, page: await context.newPage() };
}

for (const [device, use] of Object.entries(VIEWPORTS)) {
  test.describe(`first live on a ${device}`, () => {
    test.use({ ...use, storageState: SIGNED_OUT });

    test(`checklist #13: from sign-up to a paid order, guided by the dashboard's checklist alone (${device})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const run = `${Date.now().toString(36)}${device[0]}`;
      const keyword = `pull${run}`;
      await signUp(page, `boutique-${run}@demo.test`);

      // every step is still to do
      const checklist = page.getByTestId('checklist');
      await expect(checklist).toBeVisible();
      for (const key of ['shop', 'payment', 'shipping', 'legal', 'product', 'live']) {
        await expect(step(page, key)).toHaveAttribute('data-done', 'false');
      }
      await shot(page, `first-live-checklist-${device}`);

      // 1. shop details: VAT number and business address in the profile
      await page.getByTestId('checklist-link-shop').click();
      await expect(page).toHaveURL(/\/account$/);
      await page.getByTestId('profile-vat').fill('FR12852345678');
      await page.getByTestId('profile-submit').click();
      await expect(toast(page, 'Le profil a été mis à jour')).toBeVisible();
      await pick(page, 'address-country', 'France');
      await page.getByTestId('address-post-code').fill('69002');
      await page.getByTestId('address-city').fill('Lyon');
      await page.getByTestId('address-line1').fill('5 place Bellecour');
      await page.getByTestId('address-submit').click();
      await expect(page.getByTestId('toast-success').last()).toBeVisible();
      await backToChecklist(page, 'shop');

      // 2. a payment method: the sandbox, card on
      await page.getByTestId('checklist-link-payment').click();
      await expect(page).toHaveURL(/\/payment-setting$/);
      await page.getByTestId('sandbox-enable').click();
      await expect(page.getByTestId('payment-method-switch-sandbox-card')).toBeVisible();
      await backToChecklist(page, 'payment');

      // 3. a shipping method priced for France
      await page.getByTestId('checklist-link-shipping').click();
      await expect(page).toHaveURL(/\/shipping\/list$/);
      const colissimo = page.getByTestId('shipping-list').locator('[data-testid^="shipping-row-"]', {
        hasText: 'Colissimo',
      });
      const id = (await colissimo.first().getAttribute('data-testid'))?.replace('shipping-row-', '');
      await page.getByTestId(`shipping-edit-countries-${id}`).click();
      const drawer = page.getByTestId('shipping-countries-drawer');
      await expect(drawer).toBeVisible();
      await pick(page, 'shipping-country-add', 'France');
      await drawer.locator('[data-testid^="shipping-country-price-"]').first().fill('4,90');
      await shot(page, `first-live-shipping-countries-${device}`);
      await page.getByTestId('shipping-countries-save').click();
      await expect(toast(page, /pays/i)).toBeVisible();
      await expect(page.getByTestId(`shipping-countries-${id}`)).toContainText('4,90');
      await expect(page.getByTestId(`shipping-switch-${id}`)).toHaveAttribute('aria-checked', 'true');
      await shot(page, `first-live-shipping-list-${device}`);
      await backToChecklist(page, 'shipping');

      // 4. legal documents: the terms as a link; a link that is not one is refused first
      await page.getByTestId('checklist-link-legal').click();
      await expect(page).toHaveURL(/\/settings#legal$/);
      await expect(page.getByTestId('legal-card')).toBeVisible();
      // the privacy policy as a PDF, served back as it was sent
      await page.getByTestId('legal-policy-file').locator('input[type="file"]').setInputFiles(PDF);
      await expect(page.getByTestId('legal-policy-open')).toBeVisible();
      const served = await page.request.get(
        (await page.getByTestId('legal-policy-open').getAttribute('href')) ?? '',
      );
      expect(served.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await served.body()).equals(PDF.buffer)).toBe(true);
      // the terms as a link
      await page.getByTestId('legal-terms-mode').getByText('Lien', { exact: true }).click();
      await page.getByTestId('legal-terms-link').fill('javascript:alert(1)');
      await page.getByTestId('legal-links-save').click();
      await expect(page.getByTestId('legal-card')).toContainText("Format d'URL incorrect");
      await page.getByTestId('legal-terms-link').fill('https://atelier-ines.example/cgv');
      await page.getByTestId('legal-links-save').click();
      await expect(page.getByTestId('toast-success').last()).toBeVisible();
      await backToChecklist(page, 'legal');

      // 5. a published product with its keyword
      await page.getByTestId('checklist-link-product').click();
      await expect(page).toHaveURL(/\/inventory\/new$/);
      await page.getByTestId('product-name-input').fill(`Pull ${run}`);
      await page.getByTestId('product-description').fill('Pull en laine');
      await page.getByTestId('product-keywords').click();
      await page.keyboard.type(keyword);
      await page.keyboard.press('Enter');
      await page.getByTestId('product-publish').click();
      await pick(page, 'product-color', 'Noir');
      await page.getByTestId('product-price').fill('39');
      await page.getByTestId('product-quantity').fill('5');
      await page.getByTestId('product-sku').fill(`PULL${run}`.toUpperCase());
      await page.getByTestId('product-save').click();
      await expect(toast(page, 'Le produit a été créé')).toBeVisible();
      await backToChecklist(page, 'product');

      // 6. a scheduled live; then the checklist is done and leaves the dashboard
      await page.getByTestId('checklist-link-live').click();
      await expect(page).toHaveURL(/\/liveselling$/);
      await page.getByTestId('schedule-live-button').click();
      await expect(page.getByTestId('schedule-time')).not.toHaveValue('');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/livesession') && r.request().method() === 'POST',
      );
      await page.getByTestId('schedule-live-submit').click();
      const { item } = (await (await saved).json()) as { item: { id: number } };
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard-page')).toBeVisible();
      await expect(checklist).toHaveCount(0);
      await shot(page, `first-live-dashboard-done-${device}`);

      // the live: a viewer comments the keyword in the simulator and gets a checkout link
      await page.goto('/liveselling');
      await page.getByTestId(`live-start-${item.id}`).click();
      await expect(toast(page, 'Vous êtes en live')).toBeVisible();
      await page.goto(`/liveselling/${item.id}`);
      await page.getByTestId('simulator-viewer-Camille').click();
      await page.getByTestId('simulator-message').fill(`${keyword} svp`);
      await page.getByTestId('simulator-send').click();
      const row = page.getByTestId('comment-feed').getByTestId('comment-row').first();
      await expect(row).toHaveAttribute('data-outcome', 'ordered');
      const reply = await row.getByTestId('comment-reply').innerText();
      const link = /https?:\/\/\S+\/checkout\/\S+/.exec(reply)?.[0] ?? '';
      const orderNumber = /\/checkout\/(\w+)\?/.exec(link)?.[1] ?? '';
      expect(orderNumber).not.toBe('');
      await expect(row.getByTestId('comment-order')).toContainText(orderNumber);

      // the viewer pays on their phone: Colissimo to France at the price the seller set
      const viewer = await viewerPhone(browser, baseURL ?? '');
      const p = viewer.page;
      await p.goto(link);
      await expect(p.getByTestId('checkout-item')).toContainText(`Pull ${run}`);
      await p.getByTestId('address-first_name').fill('Camille');
      await p.getByTestId('address-last_name').fill('Durand');
      await p.getByTestId('address-email').fill(`camille-${run}@demo.test`);
      await p.getByTestId('address-phone').fill('0612345678');
      await p.getByTestId('address-country').selectOption({ label: 'France' });
      await p.getByTestId('address-post_code').fill('75011');
      await p.getByTestId('address-city').fill('Paris');
      await p.getByTestId('address-address1').fill('12 rue Oberkampf');
      const method = p.locator('[data-testid^="shipping-method-"]');
      await expect(method).toHaveCount(1);
      await expect(p.getByTestId('checkout-page')).toContainText('Colissimo');
      await expect(p.getByTestId('checkout-page')).toContainText('4,90');
      await method.check();
      // the seller's terms, as they linked them
      await expect(p.locator('a[href="https://atelier-ines.example/cgv"]').first()).toBeVisible();
      await p.getByTestId('terms-checkbox').check();
      await p.getByTestId('payment-method-sandbox:card').check();
      await expect(p.getByTestId('checkout-total')).toContainText('43,90');
      await p.getByTestId('checkout-pay').click();
      await expect(p).toHaveURL(/\/sandbox\/pay\/\d+/);
      await p.getByTestId('sandbox-pay').click();
      await expect(p.getByTestId('checkout-success')).toContainText(orderNumber);
      await viewer.context.close();

      // the seller sees the order paid
      await page.goto('/orders');
      await expect(page.getByTestId('orders-page')).toContainText(orderNumber);
    });
  });
}
