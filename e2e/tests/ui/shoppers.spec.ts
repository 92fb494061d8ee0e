import type { Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProduct } from '../support/products-api.ts';
import { shot } from '../support/shell.ts';

/* Issue 15, Shoppers: the demo seller signs in, a viewer orders in the simulator and appears in
   Shoppers with their order; the seller blocks them, their next comment is answered with the
   blocked shoppers' message and reserves nothing; the seller unblocks them. The session, cart and
   product made here are removed at the end, so the demo stays as other journeys expect it. */

const BLOCKED_FR =
  'Désolé, cette boutique ne prend plus vos commandes en live. Pour toute question, écrivez-lui directement.';

const feedRow = (page: Page, viewer: string, message: string) =>
  page
    .getByTestId('comment-feed')
    .getByTestId('comment-row')
    .filter({ has: page.getByTestId('comment-viewer').getByText(viewer, { exact: true }) })
    .filter({ has: page.getByTestId('comment-message').getByText(message, { exact: true }) });

async function comment(page: Page, viewer: string, message: string) {
  await page.getByTestId(`simulator-viewer-${viewer}`).click();
  await page.getByTestId('simulator-message').fill(message);
  await page.getByTestId('simulator-send').click();
  await expect(page.getByTestId('simulator-message')).toHaveValue('');
}

/** The product's stock, as the inventory API answers it. */
async function stockOf(page: Page, productId: number) {
  const res = await page.request.get(`/api/fetch-product/${productId}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { product: { quantity: number } };
  return body.product.quantity;
}

test.describe('shoppers', () => {
  test('a viewer who ordered shows in Shoppers with their order; blocked, their comment reserves nothing; unblocked', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const run = Date.now().toString(36);
    const viewer = `Nina${run}`;
    const keyword = `pull${run}`;

    await signIn(page, 'seller');
    const origin = baseURL ?? '';
    const product = await createProduct(page.request, origin, {
      name: `Pull e2e ${run}`,
      keyword,
      sku: `PULL${run}`.toUpperCase(),
      quantity: 5,
    });
    // a live session, started: the simulator posts to it
    const created = await page.request.post('/api/livesession', {
      headers: { Origin: origin },
      data: { event_date: '2026-12-01', event_time: '20:30', order_timer: 30 },
    });
    expect(created.status(), await created.text()).toBe(200);
    const sessionId = ((await created.json()) as { item: { id: number } }).item.id;
    expect((await page.request.get(`/api/livesession/start/${sessionId}`)).status()).toBe(200);

    let orderNumber = '';
    try {
      // the viewer orders in the simulator of the live console
      await page.getByTestId('cookie-accept').click();
      await page.getByTestId('sidebar').getByTestId('nav-/liveselling').click();
      await page.getByTestId(`live-console-${sessionId}`).click();
      await expect(page.getByTestId(`live-console-page-${sessionId}`)).toBeVisible();
      await page.getByTestId('simulator-new-viewer').fill(viewer);
      await page.getByTestId('simulator-add-viewer').click();
      await comment(page, viewer, `${keyword} svp`);
      const ordered = feedRow(page, viewer, `${keyword} svp`);
      await expect(ordered).toHaveAttribute('data-outcome', 'ordered');
      orderNumber = (await ordered.getByTestId('comment-order').innerText()).trim();
      expect(orderNumber).not.toBe('');
      expect(await stockOf(page, product.id)).toBe(4);

      // Shoppers from the sidebar: the viewer is there with their order
      await page.getByTestId('sidebar').getByTestId('nav-/buyers').click();
      await expect(page).toHaveURL(/\/buyers$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clients');
      await page.getByTestId('filter-name').fill(viewer);
      await page.getByTestId('filters-apply').click();
      await expect(page).toHaveURL(/queryFilter=/);
      const row = page.locator('[data-testid^="buyer-row-"]').filter({ hasText: viewer });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('1');
      await shot(page, 'shoppers-list');
      await row.locator('[data-testid^="buyer-open-"]').click();
      const detail = page.getByTestId('buyer-detail');
      await expect(detail.getByTestId(`buyer-order-${orderNumber}`)).toBeVisible();
      await expect(detail.getByTestId('buyer-orders-count')).toHaveText('1');
      await expect(detail.locator('[data-testid^="buyer-comment-"]').first()).toHaveAttribute(
        'data-outcome',
        'ordered',
      );
      await shot(page, 'shoppers-detail');

      // block, after confirming
      await detail.getByTestId('buyer-block-switch').click();
      await expect(page.getByTestId('block-confirm-text')).toContainText('ne réserveront plus rien');
      await shot(page, 'shoppers-block-confirm');
      await page.getByTestId('confirm-ok').click();
      await expect(
        page.getByTestId('toast-success').filter({ hasText: 'Le client a été bloqué' }),
      ).toBeVisible();
      await expect(detail.getByTestId('buyer-block-state')).toHaveText('Bloqué');
      await page.locator('.ant-drawer').filter({ has: detail }).locator('.ant-drawer-close').click();
      await expect(row.getByTestId('buyer-blocked-tag')).toBeVisible();

      // their next comment is answered with the blocked shoppers' message and reserves nothing
      await page.getByTestId('sidebar').getByTestId('nav-/liveselling').click();
      await page.getByTestId(`live-console-${sessionId}`).click();
      await page.getByTestId('simulator-new-viewer').fill(viewer);
      await page.getByTestId('simulator-add-viewer').click();
      await comment(page, viewer, `${keyword} x2`);
      const blocked = feedRow(page, viewer, `${keyword} x2`);
      await expect(blocked).toHaveAttribute('data-outcome', 'blocked');
      await expect(blocked.getByTestId('comment-outcome')).toHaveText('Client bloqué');
      await expect(blocked.getByTestId('comment-reply')).toContainText(BLOCKED_FR);
      await expect(blocked.getByTestId('comment-reply')).not.toContainText('/checkout/');
      expect(await stockOf(page, product.id)).toBe(4);
      await shot(page, 'shoppers-console-blocked');

      // unblock: the switch again, confirmed
      await page.getByTestId('sidebar').getByTestId('nav-/buyers').click();
      await page.getByTestId('filter-name').fill(viewer);
      await page.getByTestId('filters-apply').click();
      await row.locator('[data-testid^="buyer-open-"]').click();
      await expect(detail.getByTestId('buyer-block-state')).toHaveText('Bloqué');
      await detail.getByTestId('buyer-block-switch').click();
      await page.getByTestId('confirm-ok').click();
      await expect(
        page.getByTestId('toast-success').filter({ hasText: 'Le client a été débloqué' }),
      ).toBeVisible();
      await expect(detail.getByTestId('buyer-block-state')).toHaveText('Non bloqué');
      await expect(detail.locator('[data-testid^="buyer-comment-"]').first()).toHaveAttribute(
        'data-outcome',
        'blocked',
      );
      await page.locator('.ant-drawer').filter({ has: detail }).locator('.ant-drawer-close').click();

      // the message blocked shoppers get: both languages' defaults shown; closed unchanged
      await page.getByTestId('blocked-message-open').click();
      await expect(page.getByTestId('blocked-message-defaults')).toContainText(BLOCKED_FR);
      await shot(page, 'shoppers-blocked-message');
      await page.getByTestId('blocked-message-cancel').click();
    } finally {
      // leave the demo as it was: the cart's stock back, the session and the product gone
      const carts = await page.request.get('/api/orders/fetch-live-items?limit=100');
      const open = ((await carts.json()) as { items: { id: number; order_number: string }[] }).items;
      for (const cart of open.filter((c) => c.order_number === orderNumber)) {
        await page.request.get(`/api/orders/expire?orderId=${cart.id}`);
      }
      await page.request.get(`/api/livesession/stop/${sessionId}`);
      await page.request.get(`/api/livesession/remove/${sessionId}`);
      await page.request.delete(`/api/products/delete/${product.id}`);
    }
  });
});
