import { email, ROLE_ID, ROLES, sessionFile, signIn } from '../support/accounts.ts';
import { expect, test as setup } from '../support/fixtures.ts';

/* Each demo account signs in once through the sign-in form; the session it gets (cookies and local
   storage) is stored for every test of that role, which then starts signed in. */

for (const role of ROLES) {
  setup(`the ${role} signs in once through the sign-in form`, async ({ page }) => {
    await signIn(page, role);
    const session = await page.request.get('/api/auth/session');
    expect(session.status()).toBe(200);
    expect((await session.json()).user).toMatchObject({ email: email(role), role_id: ROLE_ID[role] });
    await page.context().storageState({ path: sessionFile(role) });
  });
}
