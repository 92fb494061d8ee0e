import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const ROLES = ['seller', 'admin', 'buyer'] as const;
export type Role = (typeof ROLES)[number];
export const email = (role: Role) => `${role}@demo.test`;

/** The role ids of SPEC §1, as the session and the profile carry them. */
export const ROLE_ID: Record<Role, number> = { buyer: 1, seller: 2, admin: 3 };

/**
 * The stored signed-in session of a demo account (its cookies and local storage), written once per
 * run by the `setup` project and shared by every test of that role. A test that signs out or changes
 * the account's password signs in by itself: ending the shared session would sign out the others.
 */
export const sessionFile = (role: Role) =>
  fileURLToPath(new URL(`../../.auth/${role}.json`, import.meta.url));

/** A browser or client that never signed in: no cookies, no storage. */
export const SIGNED_OUT = { cookies: [], origins: [] };

/** Signs in through the sign-in screen, as a person would. */
export async function signIn(page: Page, role: Role, prefix = '') {
  await page.goto(`${prefix}/signin`);
  await page.getByTestId('signin-email').fill(email(role));
  await page.getByTestId('signin-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signin-submit').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard$`));
}
