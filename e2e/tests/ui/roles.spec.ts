import { ROLES, type Role, sessionFile, signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { SIDEBAR, shot, sidebarPaths } from '../support/shell.ts';

const labels: Record<Role, { fr: string[]; en: string[] }> = {
  seller: {
    fr: [
      'Tableau de bord',
      'Ventes en live',
      'Paniers live',
      'Inventaire',
      'Commandes',
      "Liste d'attente",
      'Paramètres',
    ],
    en: ['Dashboard', 'Live Selling', 'Live Carts', 'Inventory', 'Orders', 'Waiting list', 'Settings'],
  },
  admin: { fr: ['Tableau de bord', 'Vendeurs', 'Commandes'], en: ['Dashboard', 'Sellers', 'Orders'] },
  buyer: { fr: ['Tableau de bord', 'Commandes'], en: ['Dashboard', 'Orders'] },
};

for (const role of ROLES) {
  test(`${role} signs in and sees the ${role} sidebar in French, then in English on the same route`, async ({
    page,
  }) => {
    await signIn(page, role);
    expect(await sidebarPaths(page)).toEqual(SIDEBAR[role]);
    const sidebar = page.getByTestId('sidebar');
    for (const label of labels[role].fr) await expect(sidebar).toContainText(label);
    await shot(page, `${role}-dashboard-fr`);

    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/en\/dashboard$/);
    for (const label of labels[role].en) await expect(sidebar).toContainText(label);
    expect(await sidebarPaths(page)).toEqual(SIDEBAR[role]);
    await shot(page, `${role}-dashboard-en`);
  });
}

test('a wrong password keeps the user on the sign-in screen with an error', async ({ page }) => {
  await page.goto('/signin');
  await page.getByTestId('signin-email').fill('seller@demo.test');
  await page.getByTestId('signin-password').fill('wrong-password');
  await page.getByTestId('signin-submit').click();
  await expect(page.getByTestId('signin-error')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  await shot(page, 'signin-error');
});

test('a signed-out visitor sent to a protected page lands on sign-in and comes back after', async ({
  page,
}) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await page.getByTestId('signin-email').fill('buyer@demo.test');
  await page.getByTestId('signin-password').fill('demo1234');
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('profile-first-name')).toHaveValue('Camille');
  await shot(page, 'account-fr');
});

test.describe('a signed-in shopper', () => {
  test.use({ storageState: sessionFile('buyer') });

  test('updates their profile in English and sees it after a reload', async ({ page }) => {
    await page.goto('/en/account');
    const first = page.getByTestId('profile-first-name');
    await expect(first).toHaveValue(/\S/);
    await first.fill('Camila');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByText('Profile has been updated')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Camila');
    await shot(page, 'account-en');
    await first.fill('Camille');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByText('Profile has been updated').first()).toBeVisible();
  });
});
