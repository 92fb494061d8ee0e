import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export type Role = 'admin' | 'seller' | 'buyer';
export const email = (role: Role) => `${role}@demo.test`;

/** Signs in through the sign-in screen, as a person would. */
export async function signIn(page: Page, role: Role, prefix = '') {
  await page.goto(`${prefix}/signin`);
  await page.getByTestId('signin-email').fill(email(role));
  await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard$`));
}
