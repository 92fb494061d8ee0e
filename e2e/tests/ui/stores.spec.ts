import type { Page } from '@playwright/test';
import { sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';

/*
 * Issue 17, My Stores without a Meta app (the sandbox): the seller opens My Stores from the profile
 * menu, connects the demo pages (a Facebook page and its Instagram account), sees them listed with
 * their followers and token state, and makes the Instagram account the default store. In French,
 * in English, and on a phone.
 */

const toast = (page: Page, text: string) => page.getByTestId('toast-success').filter({ hasText: text });

/** The seller's stores removed (a run on a database that already has them starts afresh). */
async function disconnectAll(page: Page, origin: string) {
  const res = await page.request.get('/api/fetch-stores');
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: number; platform: string }[] };
  for (const s of items.filter((i) => i.platform === 'facebook')) {
    const gone = await page.request.delete(`/api/stores/${s.id}`, { headers: { Origin: origin } });
    expect(gone.status(), await gone.text()).toBe(200);
  }
}

test.describe('my stores', () => {
  test.use({ storageState: sessionFile('seller') });

  test('a seller connects the demo pages from the profile menu and picks the default store', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/dashboard');
    await disconnectAll(page, baseURL ?? '');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('profile-stores').click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(page.getByRole('heading', { name: 'Mes boutiques' })).toBeVisible();
    await expect(
      page.getByText('Aucune boutique : connectez vos pages Facebook pour vendre en live.'),
    ).toBeVisible();

    await page.getByTestId('connect-pages').click();
    const picker = page.getByTestId('page-picker');
    await expect(picker.getByText(/Mode démo/)).toBeVisible();
    const boutique = page.getByTestId('pick-demo-boutique');
    await expect(boutique).toContainText('Instagram @boutique.demo');
    await boutique.getByRole('checkbox').check();
    await shot(page, 'stores-picker-fr');
    await page.getByTestId('picker-add').click();
    await expect(toast(page, '2 boutiques ajoutées')).toBeVisible();

    const table = page.getByTestId('stores-table');
    const facebookRow = table
      .getByRole('row')
      .filter({ hasText: 'Facebook' })
      .filter({ hasText: 'Boutique démo' });
    const instagramRow = table.getByRole('row').filter({ hasText: 'Instagram @boutique.demo' });
    await expect(facebookRow).toContainText('1 280');
    await expect(facebookRow).toContainText('Par défaut');
    await expect(instagramRow).toContainText('Non requis (démo)');
    await expect(instagramRow).toContainText('Démo');

    await instagramRow.getByRole('button', { name: 'Boutique par défaut' }).click();
    await expect(toast(page, 'est votre boutique par défaut')).toBeVisible();
    await expect(instagramRow).toContainText('Par défaut');
    await expect(facebookRow).not.toContainText('Par défaut');
    await shot(page, 'stores-fr');

    await page.goto('/en/stores');
    await expect(page.getByRole('heading', { name: 'My stores' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Instagram @boutique.demo' })).toContainText(
      '3,450',
    );
    await shot(page, 'stores-en');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/stores');
    await expect(page.getByText('Instagram @boutique.demo')).toBeVisible();
    await shot(page, 'stores-phone-fr');
  });
});
