// The product screenshots of the public site (web/src/site/img): real screens of the product on
// the demo data, taken in Chromium as a seller runs a live and a shopper pays on a phone.
//   PORT=4310 DATA_DIR=$(mktemp -d) npm start        # a fresh demo, then:
//   node e2e/site-shots.mjs http://localhost:4310 web/src/site/img
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './browser.mjs';

const [base = 'http://localhost:3000', outDir = 'web/src/site/img'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
const consent = { name: 'cookie_consent', value: 'accept', url: base };

/** A JPEG of the page (or of one element), small enough for a phone on a slow network. */
async function shot(target, name) {
  const file = path.join(outDir, `${name}.jpg`);
  await target.screenshot({ path: file, type: 'jpeg', quality: 78, animations: 'disabled' });
  console.log('wrote', file);
  // PNG copies to look at (PREVIEW_DIR=/tmp/x)
  if (process.env.PREVIEW_DIR) {
    await target.screenshot({
      path: path.join(process.env.PREVIEW_DIR, `${name}.png`),
      animations: 'disabled',
    });
  }
}

const desk = await browser.newContext({
  viewport: { width: 1440, height: 860 },
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
  baseURL: base,
});
await desk.addCookies([consent]);
const page = await desk.newPage();
const byId = (id) => page.getByTestId(id);

// the seller signs in
await page.goto('/signin');
await byId('signin-email').fill('seller@demo.test');
await byId('signin-password').fill('demo1234');
await byId('signin-submit').click();
await page.waitForURL(/\/dashboard$/);

// the inventory: products and their keywords
await page.goto('/inventory');
await page.getByText('Robe fleurie').first().waitFor();
await page.waitForTimeout(500);
await shot(page, 'inventory');

// scheduling a live
await page.goto('/liveselling');
await byId('schedule-live-button').click();
await byId('schedule-date').waitFor();
await page.waitForTimeout(600);
await shot(page, 'schedule-live');
const saved = page.waitForResponse(
  (r) => r.url().endsWith('/api/livesession') && r.request().method() === 'POST',
);
await byId('schedule-live-submit').click();
const { item } = await (await saved).json();
await byId(`live-start-${item.id}`).click();
await page.locator(`[data-testid="live-session-row-${item.id}"][data-status="live"]`).waitFor();

// the console: viewers comment, carts appear, private replies go out
await byId(`live-console-${item.id}`).click();
await byId('simulator-message').waitFor();
for (const name of ['Léa', 'Inès']) {
  await byId('simulator-new-viewer').fill(name);
  await byId('simulator-add-viewer').click();
}
const comments = [
  ['Camille', 'robe12 rouge S'],
  ['Lucas', 'Trop belle la couleur 😍'],
  ['Emma', 'foulard7 x2'],
  ['Léa', 'ROBE12 rouge S svp'],
  ['Inès', 'robe12 S rouge pour moi'],
  ['Lucas', 'robe12 bleu M'],
  ['Camille', 'robe12 rouge s'],
];
for (const [viewer, message] of comments) {
  await byId(`simulator-viewer-${viewer}`).click();
  await byId('simulator-message').fill(message);
  await byId('simulator-send').click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="simulator-message"]')?.value);
}
await page.waitForTimeout(1500);
await page.evaluate(() => {
  for (const n of document.querySelectorAll('.ant-message, .ant-notification')) n.remove();
  // the simulator at the top, the comments below it
  const top = document.querySelector('[data-testid="simulator"]')?.getBoundingClientRect().top ?? 0;
  window.scrollBy(0, top - 80);
});
await page.waitForTimeout(300);
await shot(page, 'live-console');
const feed = byId('comment-feed');
await shot(feed, 'private-message');
const link = (
  await feed.getByTestId('comment-reply').filter({ hasText: '/checkout/' }).last().innerText()
).match(/https?:\/\/\S+\/checkout\/\S+/)?.[0];

// live carts with their countdown, the waiting list
await page.goto('/liveorders');
await byId('cart-countdown').first().waitFor();
await page.waitForTimeout(500);
await shot(page, 'live-carts');
await page.goto('/waiting-list');
await page.waitForTimeout(1500);
await shot(page, 'waiting-list');

// the shopper's checkout on a phone, then the payment done
const phone = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
});
await phone.addCookies([consent]);
const p = await phone.newPage();
await p.goto(link);
await p.getByTestId('checkout-item').first().waitFor();
await p.getByTestId('address-first_name').fill('Camille');
await p.getByTestId('address-last_name').fill('Durand');
await p.getByTestId('address-email').fill('camille.durand@example.fr');
await p.getByTestId('address-phone').fill('0612345678');
await p.getByTestId('address-country').selectOption({ label: 'France' });
await p.getByTestId('address-post_code').fill('69002');
await p.getByTestId('address-city').fill('Lyon');
await p.getByTestId('address-address1').fill('5 place Bellecour');
await p.locator('[data-testid^="shipping-method-"]').first().check();
await p.getByTestId('terms-checkbox').check();
await p.getByTestId('payment-method-sandbox:card').check();
await p.evaluate(() => window.scrollTo(0, 0));
await p.waitForTimeout(400);
await shot(p, 'checkout-phone');
await p.getByTestId('checkout-pay').click();
await p.getByTestId('sandbox-pay').click();
await p.getByTestId('checkout-success').waitFor();
await p.waitForTimeout(800);
await shot(p, 'paid-phone');

await browser.close();
