import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, SIGNED_OUT, sessionFile } from '../support/accounts.ts';
import { expect, guardContext, test } from '../support/fixtures.ts';
import { LISTS, ListPage } from '../support/list-page.ts';
import { shot } from '../support/shell.ts';

/* Issue 5, the shopper's side on a phone: a comment in the live simulator gives a viewer a cart,
   the private reply's link opens the checkout on the shopper's phone (a browser of their own),
   the shopper signs up from it, comes back to the cart, pays on the sandbox page, and the order
   shows paid for the shopper and for the seller. */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

interface LiveComment {
  from_name: string;
  message: string;
  order_number: string | null;
  reply: { text: string; status: string } | null;
}

let sessionId: number | null = null;

/** The demo seller's live session (created and started once, through the API). */
async function liveSession(page: Page, origin: string): Promise<number> {
  if (sessionId) return sessionId;
  const created = await page.request.post('/api/livesession', {
    headers: { Origin: origin },
    data: {
      event_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      event_time: '20:30',
      order_timer: 30,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = ((await created.json()) as { item: { id: number } }).item.id;
  const started = await page.request.get(`/api/livesession/start/${id}`);
  expect(started.status(), await started.text()).toBe(200);
  sessionId = id;
  return id;
}

/** `viewer` comments `message` in the simulator; answers the checkout link of the private reply. */
async function commentAndReadLink(page: Page, origin: string, viewer: string, message: string) {
  const id = await liveSession(page, origin);
  const sent = await page.request.post(`/api/livesession/${id}/simulate`, {
    headers: { Origin: origin },
    data: { from_name: viewer, message },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  let link = '';
  let orderNumber = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/livesession/${id}/comments`);
        const { items } = (await res.json()) as { items: LiveComment[] };
        const mine = items.find((c) => c.from_name === viewer && c.message === message);
        const found = mine?.reply?.text.match(/https?:\/\/\S+\/checkout\/\S+/);
        if (found && mine?.order_number) {
          link = found[0];
          orderNumber = mine.order_number;
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .toContain('/checkout/');
  expect(link).toContain(`/checkout/${orderNumber}`);
  expect(new URL(link).searchParams.get('t')).toBeTruthy();
  return { link, orderNumber };
}

/** The shopper's phone: a browser of its own (no cookies of the seller). */
async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    ...PHONE,
    storageState: SIGNED_OUT,
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  guardContext(context);
  const page = await context.newPage();
  return { context, page };
}

/** The verification link of the sign-up mail to `to`, read from the embedded mailbox. */
async function verifyLinkFor(request: APIRequestContext, to: string) {
  let url = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/mailbox');
        const { items } = (await res.json()) as { items: { to: string; text: string }[] };
        url =
          items.find((m) => m.to === to)?.text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0] ?? '';
        return url;
      },
      { timeout: 20_000 },
    )
    .toContain('/verify-email?token=');
  return url;
}

/** From the checkout: sign up, open the e-mailed link, set the password (signed in), back to the cart. */
async function signUpFromCheckout(page: Page, orderNumber: string, who: { email: string; first: string }) {
  await page.getByTestId('checkout-signup-link').click();
  await expect(page).toHaveURL(/\/signup\?callbackUrl=/);
  await page.getByTestId('signup-email').fill(who.email);
  await page.getByTestId('signup-first-name').fill(who.first);
  await page.getByTestId('signup-last-name').fill('Durand');
  await page.getByTestId('signup-terms').check();
  await page.getByTestId('signup-submit').click();
  await expect(page.getByTestId('signup-done')).toBeVisible();

  // the shopper opens the mail on the same phone
  await page.goto('/dev/mailbox');
  await page.getByTestId('cookie-accept').click(); // the banner would cover the screenshots
  const row = page.locator('tr.mail-row', { hasText: who.email });
  await row.click();
  await expect(page.getByRole('dialog')).toContainText('Confirmez votre adresse e-mail');
  await page.waitForTimeout(400); // the modal's opening animation, for the screenshot
  await shot(page, 'checkout-mailbox');
  const verify = await verifyLinkFor(page.request, who.email);
  await page.goto(verify);
  await page.getByTestId('set-password-password').fill(DEMO_PASSWORD);
  await page.getByTestId('set-password-confirm').fill(DEMO_PASSWORD);
  const linked = page.waitForResponse((r) => r.url().endsWith('/api/checkout/link'));
  // setting the password signs the shopper in: "taking you back to your cart…", then the checkout
  // after a second
  await page.getByTestId('set-password-submit').click();
  await expect(page.getByTestId('checkout-return')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/checkout/${orderNumber}\\?.*t=`));
  // the order joins the new account: the form is prefilled with the account's name
  expect((await linked).status()).toBe(200);
  await expect(page.getByTestId('address-first_name')).toHaveValue(who.first);
}

async function fillCheckout(page: Page, who: { email: string; first: string }) {
  await expect(page.getByTestId('checkout-item').first()).toBeVisible();
  await page.getByTestId('address-first_name').fill(who.first);
  await page.getByTestId('address-last_name').fill('Durand');
  await page.getByTestId('address-email').fill(who.email);
  await page.getByTestId('address-phone').fill('0612345678');
  await page.getByTestId('address-country').selectOption({ label: 'France' });
  // France's addresses have no region: the form does not ask for one
  await expect(page.getByTestId('address-state')).toHaveCount(0);
  await page.getByTestId('address-post_code').fill('75011');
  await page.getByTestId('address-city').fill('Paris');
  await page.getByTestId('address-address1').fill('12 rue Oberkampf');
  const method = page.locator('[data-testid^="shipping-method-"]').first();
  await method.check();
  await page.getByTestId('terms-checkbox').check();
  await page.getByTestId('payment-method-sandbox:card').check();
}

test.describe('checkout on a phone', () => {
  test.use({ storageState: sessionFile('seller') });
  const run = Date.now().toString(36);

  test('from the private reply to a paid order: sign up, address, shipping, sandbox payment', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const origin = baseURL ?? '';
    const viewer = `Camille ${run}`;
    const { link, orderNumber } = await commentAndReadLink(page, origin, viewer, 'Je prends foulard7 svp');

    const shopper = await phone(browser, origin);
    const p = shopper.page;
    await p.goto(link);
    await expect(p.getByTestId('checkout-page')).toBeVisible();
    await expect(p.getByTestId('checkout-item')).toContainText('Foulard en soie');
    await expect(p.getByTestId('checkout-signin')).toBeVisible();
    await shot(p, 'checkout-link-opened');

    const who = { email: `shopper-${run}@demo.test`, first: 'Camille' };
    await signUpFromCheckout(p, orderNumber, who);

    await fillCheckout(p, who);
    await expect(p.getByTestId('checkout-total')).toContainText('€');
    await p.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top of the full-page shot
    await shot(p, 'checkout-filled');
    await p.getByTestId('checkout-pay').click();

    await expect(p).toHaveURL(/\/sandbox\/pay\/\d+/);
    await expect(p.getByTestId('sandbox-order')).toHaveText(orderNumber);
    await expect(p.getByTestId('sandbox-amount')).toContainText('€');
    await shot(p, 'checkout-sandbox');
    await p.getByTestId('sandbox-pay').click();

    await expect(p).toHaveURL(new RegExp(`/checkout/${orderNumber}`));
    await expect(p.getByTestId('checkout-success')).toContainText(orderNumber);
    // the order is the new account's: it is followed with the shopper's other orders
    await expect(p.getByTestId('confirmation-my-orders')).toBeVisible();
    await expect(p.getByTestId('confirmation-signup')).toHaveCount(0);
    await shot(p, 'checkout-success');

    // the shopper's orders: paid
    await p.goto('/orders');
    await expect(p.getByTestId(`shopper-order-status-${orderNumber}`)).toHaveText('Payée');
    await expect(p.locator('.ant-spin-blur')).toHaveCount(0);
    await shot(p, 'checkout-shopper-orders');
    await shopper.context.close();

    // the seller's payments: the order is there
    const payments = new ListPage(page, LISTS.payments);
    await payments.open();
    await expect(payments.row(orderNumber)).toBeVisible();
  });

  test('screens #3: a guest’s failed payment shows the form again; paying then ends on the whole confirmation', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    const viewer = `Lucas ${run}`;
    const { link, orderNumber } = await commentAndReadLink(page, origin, viewer, 'foulard7 pour moi');

    const shopper = await phone(browser, origin);
    const p = shopper.page;
    await p.goto(link);
    const who = { email: `lucas-${run}@demo.test`, first: 'Lucas' };
    // paying with the link alone, without an account
    await fillCheckout(p, who);
    await p.getByTestId('checkout-pay').click();
    await expect(p).toHaveURL(/\/sandbox\/pay\/\d+/);
    await p.getByTestId('sandbox-fail').click();

    await expect(p).toHaveURL(new RegExp(`/checkout/${orderNumber}`));
    await expect(p.getByTestId('checkout-error')).toBeVisible();
    await expect(p.getByTestId('checkout-pay')).toBeVisible();
    await expect(p.getByTestId('checkout-success')).toHaveCount(0);
    await p.evaluate(() => window.scrollTo(0, 0));
    await shot(p, 'checkout-payment-failed');

    // the address is kept; terms and payment method are chosen again
    await expect(p.getByTestId('address-city')).toHaveValue('Paris');
    await fillCheckout(p, who);
    await p.getByTestId('checkout-pay').click();
    await expect(p).toHaveURL(/\/sandbox\/pay\/\d+/);
    await p.getByTestId('sandbox-pay').click();
    await expect(p.getByTestId('checkout-success')).toContainText(orderNumber);

    // the whole confirmation: number, articles, total paid, address, carrier
    await expect(p.getByTestId('confirmation-order-number')).toHaveText(`Commande n° ${orderNumber}`);
    await expect(p.getByTestId('checkout-success')).toContainText(who.email);
    await expect(p.getByTestId('checkout-item')).toContainText('Foulard en soie');
    await expect(p.getByTestId('checkout-total')).toContainText('€');
    const delivery = p.getByTestId('confirmation-delivery');
    for (const line of ['Lucas Durand', '12 rue Oberkampf', '75011 Paris', 'France', '+33 6 12 34 56 78']) {
      await expect(delivery).toContainText(line);
    }
    await expect(p.getByTestId('confirmation-carrier')).toContainText('Transporteur :');
    await expect(p.getByTestId('checkout-pay')).toHaveCount(0);
    // the invoice, issued a moment after the payment, appears without a reload and opens without an account
    const invoice = p.getByTestId('confirmation-invoice-link');
    await expect(invoice).toBeVisible({ timeout: 20_000 });
    await expect(p.getByTestId('confirmation-invoice')).toContainText(/Facture F-\d{4}-\d{6}/);
    const pdf = await p.request.get((await invoice.getAttribute('href')) as string);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expect(p.getByTestId('confirmation-account')).toContainText(who.email);
    await p.evaluate(() => window.scrollTo(0, 0));
    await shot(p, 'checkout-guest-confirmation');

    // following the order: an account with the e-mail given, as a shopper
    await p.getByTestId('confirmation-signup').click();
    await expect(p).toHaveURL(/\/signup\?email=/);
    await expect(p.getByTestId('signup-email')).toHaveValue(who.email);
    await shopper.context.close();

    const payments = new ListPage(page, LISTS.payments);
    await payments.open();
    await expect(payments.row(orderNumber)).toBeVisible();
  });
});
