import type { Page } from '@playwright/test';
import { sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { LISTS, ListPage } from '../support/list-page.ts';
import { createProduct } from '../support/products-api.ts';
import { shot } from '../support/shell.ts';

/* Issue 4, the whole live loop: a session with 1-minute carts, comments typed as three viewers in
   the simulator, carts in Live Carts, one cart expiring by its timer and the waiting viewer served. */

const feedRows = (page: Page) => page.getByTestId('comment-feed').getByTestId('comment-row');
const feedRow = (page: Page, viewer: string, message: string) =>
  feedRows(page)
    .filter({ has: page.getByTestId('comment-viewer').getByText(viewer, { exact: true }) })
    .filter({ has: page.getByTestId('comment-message').getByText(message, { exact: true }) });

/** Types one comment as `viewer` in the simulator. */
async function comment(page: Page, viewer: string, message: string) {
  await page.getByTestId(`simulator-viewer-${viewer}`).click();
  await expect(page.getByTestId(`simulator-viewer-${viewer}`)).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('simulator-message').fill(message);
  await page.getByTestId('simulator-send').click();
  await expect(page.getByTestId('simulator-message')).toHaveValue('');
}

test.describe('live selling', () => {
  test.use({ storageState: sessionFile('seller') });
  const run = Date.now().toString(36);

  test('three viewers comment in the simulator, carts show live, an expired cart serves the waiting viewer', async ({
    page,
    baseURL,
  }) => {
    // one cart must run out its 1-minute timer
    test.setTimeout(180_000);
    const keyword = `sac${run}`;
    const productName = `Sac e2e ${run}`;

    const sessions = new ListPage(page, LISTS.liveSessions);
    const carts = new ListPage(page, LISTS.liveCarts);
    const waiting = new ListPage(page, LISTS.waitingList);
    const product = await createProduct(page.request, baseURL ?? '', {
      name: productName,
      keyword,
      sku: `SAC${run}`.toUpperCase(),
      quantity: 1,
    });

    // schedule a live with 1-minute carts through the date selector
    await sessions.open();
    await page.getByTestId('cookie-accept').click(); // the banner would cover the screenshots
    await page.getByTestId('schedule-live-button').click();
    await expect(page.getByTestId('schedule-date')).toBeVisible();
    await expect(page.getByTestId('schedule-time')).not.toHaveValue('');
    await page.getByTestId('schedule-cart-duration').fill('1');
    await page.waitForTimeout(400); // let the modal finish its opening animation for the screenshot
    await shot(page, 'live-schedule-modal');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/livesession') && r.request().method() === 'POST',
    );
    await page.getByTestId('schedule-live-submit').click();
    const savedRes = await saved;
    expect(savedRes.status(), await savedRes.text()).toBe(200);
    const { item } = (await savedRes.json()) as { item: { id: number; status: string } };
    expect(item.status).toBe('scheduled');
    await expect(page.getByTestId('toast-success').filter({ hasText: 'Live programmé' })).toBeVisible();
    const sessionCell = page.getByTestId(`live-session-row-${item.id}`);
    await expect(sessionCell).toHaveAttribute('data-status', 'scheduled');
    const sessionRow = sessions.row(item.id);
    await expect(sessionRow).toContainText('1 min');

    await page.getByTestId(`live-start-${item.id}`).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: 'Vous êtes en live' })).toBeVisible();
    await expect(sessionCell).toHaveAttribute('data-status', 'live');
    await shot(page, 'live-sessions-live');

    await page.getByTestId(`live-console-${item.id}`).click();
    await expect(page).toHaveURL(new RegExp(`/liveselling/${item.id}$`));
    await expect(page.getByTestId(`live-console-page-${item.id}`)).toBeVisible();
    await expect(page.getByTestId('simulator-message')).toBeEnabled();
    // screens #8: started before its planned hour, the live is titled with its real start
    await expect(page.getByTestId('console-planned')).toContainText('prévu');
    // the example comment is a keyword of this seller's own catalogue: the bag just added
    await expect(page.getByTestId('simulator-example-text')).toHaveText(keyword);

    // Camille takes the only unit, Lucas queues for it, Emma takes a scarf, then a plain comment
    await comment(page, 'Camille', `Je prends ${keyword} svp`);
    const camille = feedRow(page, 'Camille', `Je prends ${keyword} svp`);
    await expect(camille).toHaveAttribute('data-outcome', 'ordered');
    await expect(camille.getByTestId('comment-reply')).toContainText('/checkout/');
    const camilleOrder = (await camille.getByTestId('comment-order').innerText()).trim();
    expect(camilleOrder).not.toBe('');

    await comment(page, 'Lucas', `${keyword.toUpperCase()} pour moi !`);
    const lucas = feedRow(page, 'Lucas', `${keyword.toUpperCase()} pour moi !`);
    await expect(lucas).toHaveAttribute('data-outcome', 'waiting');
    // his reply links to his own cart, where the item lands if it is released
    await expect(lucas.getByTestId('comment-reply')).toContainText('/checkout/');
    const lucasOrder = (await lucas.getByTestId('comment-order').innerText()).trim();
    expect(lucasOrder).not.toBe('');
    expect(lucasOrder).not.toBe(camilleOrder);

    await comment(page, 'Emma', 'foulard7 ❤️');
    const emma = feedRow(page, 'Emma', 'foulard7 ❤️');
    await expect(emma).toHaveAttribute('data-outcome', 'ordered');
    await expect(emma.getByTestId('comment-reply')).toContainText('/checkout/');
    const emmaOrder = (await emma.getByTestId('comment-order').innerText()).trim();
    expect(emmaOrder).not.toBe('');
    expect(emmaOrder).not.toBe(camilleOrder);

    await comment(page, 'Emma', 'Trop belle la couleur, bravo');
    await expect(feedRow(page, 'Emma', 'Trop belle la couleur, bravo')).toHaveAttribute(
      'data-outcome',
      'no_match',
    );
    await expect(feedRows(page)).toHaveCount(4);
    await shot(page, 'live-console-feed');

    // Live Carts: both carts with their countdown
    await carts.open();
    const camilleCart = carts.row(camilleOrder);
    const emmaCart = carts.row(emmaOrder);
    await expect(camilleCart).toContainText('Camille');
    await expect(camilleCart).toContainText(productName);
    await expect(camilleCart.getByTestId('cart-countdown')).toHaveText(/^0[01]:\d\d$/);
    await expect(emmaCart).toContainText('Emma');
    await expect(emmaCart.getByTestId('cart-countdown')).toBeVisible();
    await expect(carts.row(lucasOrder)).toHaveCount(0);
    await expect(carts.rowsWith('Lucas')).toHaveCount(0);
    await shot(page, 'live-carts');

    // Waiting list: Lucas waits for the only unit
    await waiting.open();
    const waitingRow = waiting.row(product.configurationId);
    await expect(waitingRow).toContainText(productName);
    await expect(waitingRow.getByTestId('waiting-count')).toHaveText('1');
    await expect(waitingRow.getByTestId('waiting-stock')).toHaveText('0');
    await shot(page, 'live-waiting-list');

    // back on Live Carts: Emma's cart is expired by hand, Camille's runs out by its timer
    await carts.open();
    await expect(camilleCart).toBeVisible();
    await emmaCart.getByTestId('cart-expire').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText(emmaOrder);
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('toast-success').filter({ hasText: 'Panier expiré' })).toBeVisible();
    await expect(emmaCart).toHaveCount(0);
    await expect(camilleCart).toBeVisible();

    // no reload from here: the page follows the sweeper through /api/events
    await expect(camilleCart).toHaveCount(0, { timeout: 100_000 });
    const lucasCart = carts.row(lucasOrder);
    await expect(lucasCart).toContainText('Lucas');
    // the only cart holding the product now (the demo has other open carts)
    await expect(carts.rowsWith(productName)).toHaveCount(1);
    await expect(lucasCart).toContainText(productName);
    await expect(lucasCart.getByTestId('cart-countdown')).toBeVisible();
    // the sidebar badge follows too: nobody waits any more
    await expect(page.getByTestId('sidebar').getByTestId('waiting-count')).toHaveCount(0);
    await shot(page, 'live-carts-after-expiry');

    // nobody waits for the product any more
    await waiting.open();
    await expect(waiting.row(product.configurationId)).toHaveCount(0);
    await shot(page, 'live-waiting-list-after-expiry');
  });
});
