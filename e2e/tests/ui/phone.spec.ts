import type { Page } from '@playwright/test';
import { SIGNED_OUT, sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { createProduct } from '../support/products-api.ts';
import { pathOf, ROUTES, VIEWPORTS, type Visitor } from '../support/routes.ts';

/* Every screen of every role on a 390 × 844 phone, in French and in English (whose labels are
   sometimes longer): the page never scrolls sideways and nothing sticks out past the screen's
   edge. A table may scroll inside its own box; the page around it may not. */

const LANGUAGES = [
  { name: 'French', prefix: '' },
  { name: 'English', prefix: '/en' },
] as const;

const storageOf = (visitor: Visitor) => (visitor === 'visitor' ? SIGNED_OUT : sessionFile(visitor));

/**
 * Waits until the screen shows its data: no page loader, no list loading, fonts in place, and a
 * drawer the address opens (a support request) done sliding in.
 */
async function settled(page: Page) {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('.fullscreen-loader')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

interface Overflow {
  /** How wide the page scrolls, and the screen's width. */
  scrollWidth: number;
  viewport: number;
  /** Elements that stick out past the screen's left or right edge, unless a box clips them. */
  offScreen: string[];
}

/**
 * What sticks out of the screen sideways. An element inside a box that scrolls or clips it (a
 * table's own scroll, an ellipsis) is that box's business, as long as the box is on the screen.
 */
function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const onScreen = (r: DOMRect) => r.left >= -1 && r.right <= viewport + 1;
    const clippedOnScreen = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && onScreen(a.getBoundingClientRect())) return true;
      }
      return false;
    };
    const label = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 2).join('.') : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      const r = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''} "${text}" (${Math.round(r.left)}–${Math.round(r.right)} px)`;
    };
    const out = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || onScreen(r)) return false;
      if (getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) return false;
      return !clippedOnScreen(el);
    });
    // the outermost element only: its children stick out with it
    const offScreen = out.filter((el) => !out.some((o) => o !== el && o.contains(el))).map(label);
    return { scrollWidth: document.documentElement.scrollWidth, viewport, offScreen };
  });
}

/** The page fits the screen's width: no sideways scroll, nothing cut off by the screen's edge. */
async function expectFits(page: Page, what: string) {
  await settled(page);
  const overflow = await overflowOf(page);
  expect(overflow.offScreen, `${what}: elements past the screen's edge`).toEqual([]);
  expect(overflow.scrollWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(overflow.viewport);
}

for (const visitor of Object.keys(ROUTES) as Visitor[]) {
  test.describe(`every screen of the ${visitor} on a phone`, () => {
    test.use({ viewport: VIEWPORTS.phone, storageState: storageOf(visitor) });

    for (const route of ROUTES[visitor]) {
      test(`screens #9: ${route.path} as ${visitor} fits a 390 px phone, in French and English`, async ({
        page,
      }) => {
        const path = await pathOf(route, page.request);
        expect(path, `the demo has a row for ${route.path}`).not.toBeNull();
        for (const { name, prefix } of LANGUAGES) {
          await page.goto(`${prefix}${path}`);
          await expectFits(page, `${prefix}${path} (${name})`);
        }
      });
    }
  });
}

test.describe('lists on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone, storageState: sessionFile('admin') });

  test('screens #9: the filters wait in a drawer whose button counts the filters applied', async ({
    page,
  }) => {
    await page.goto('/payments');
    await settled(page);
    const open = page.getByTestId('filters-open');
    await expect(open).toHaveText('Filtres');
    // the first rows come right after the Filters and bulk-actions buttons
    await expect(page.getByTestId('payments-filters')).toBeHidden();
    await expect(page.getByTestId('check-all')).toHaveCount(0);
    await expect(page.getByTestId('bulk-menu')).toBeVisible();
    const firstRow = page.getByTestId('payments-table').locator('tbody tr.ant-table-row').first();
    await expect(firstRow).toBeInViewport();

    await open.click();
    const form = page.getByTestId('payments-filters');
    await expect(form).toBeVisible();
    await form.getByLabel('Commande').fill('LC');
    await form.getByTestId('filters-apply').click();
    await expect(page).toHaveURL(/[?&]queryFilter=/);
    await expect(form).toBeHidden();
    await expect(open).toHaveText('Filtres (1)');
    await expectFits(page, '/payments filtered');

    await open.click();
    await form.getByTestId('filters-reset').click();
    await expect(page).not.toHaveURL(/[?&]queryFilter=/);
    await expect(open).toHaveText('Filtres');
  });
});

test.describe('the live console on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone, storageState: sessionFile('seller') });
  const run = Date.now().toString(36);

  test('screens #9: each comment shows its result and private reply on the screen, the simulator fits', async ({
    page,
    baseURL,
  }) => {
    const keyword = `tel${run}`;
    await createProduct(page.request, baseURL ?? '', {
      name: `Sac téléphone ${run}`,
      keyword,
      sku: `TEL${run}`.toUpperCase(),
      quantity: 5,
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const created = await page.request.post('/api/livesession', {
      headers: { Origin: baseURL ?? '' },
      data: { event_date: today, event_time: '20:00', order_timer: 30 },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { item } = (await created.json()) as { item: { id: number } };
    const started = await page.request.get(`/api/livesession/start/${item.id}`);
    expect(started.status(), await started.text()).toBe(200);

    await page.goto(`/liveselling/${item.id}`);
    await expect(page.getByTestId('simulator-message')).toBeEnabled();
    // a viewer added and a comment typed through the phone's simulator
    await page.getByTestId('simulator-new-viewer').fill('Bérénice-Alexandrine');
    await page.getByTestId('simulator-add-viewer').click();
    await expect(page.getByTestId('simulator-viewer-Bérénice-Alexandrine')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByTestId('simulator-message').fill(`Je prends ${keyword} x2 s'il vous plaît, merci !`);
    await page.getByTestId('simulator-send').click();
    await page.getByTestId('simulator-viewer-Lucas').click();
    await page.getByTestId('simulator-message').fill('bonjour à tous');
    await page.getByTestId('simulator-send').click();

    const rows = page.getByTestId('comment-feed').getByTestId('comment-row');
    await expect(rows).toHaveCount(2);
    const ordered = rows.filter({ hasText: 'Bérénice-Alexandrine' });
    await expect(ordered).toHaveAttribute('data-outcome', 'ordered');
    await expect(ordered.getByTestId('comment-outcome')).toHaveText('Commandé');
    await expect(ordered.getByTestId('comment-order')).toContainText(/LC\w{10}/);
    await expect(ordered.getByTestId('comment-reply')).toContainText('/checkout/');
    for (const part of ['comment-outcome', 'comment-order', 'comment-reply']) {
      const box = await ordered.getByTestId(part).boundingBox();
      expect(box, part).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${part} ends on the screen`).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
    }
    await expect(rows.filter({ hasText: 'Lucas' })).toHaveAttribute('data-outcome', 'no_match');
    await expectFits(page, 'the live console (French)');
    await page.goto(`/en/liveselling/${item.id}`);
    await expect(rows).toHaveCount(2);
    await expectFits(page, 'the live console (English)');
  });
});

for (const role of ['seller', 'admin'] as const) {
  test.describe(`the ${role}'s payments on a laptop`, () => {
    test.use({ viewport: VIEWPORTS.desktop, storageState: sessionFile(role) });

    test(`screens #9: the ${role}'s Payments table shows its Total column whole at 1440 px`, async ({
      page,
    }) => {
      await page.goto('/payments');
      await settled(page);
      const list = page.getByTestId('payments-table');
      await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
      const table = await list.locator('.ant-table-container').boundingBox();
      for (const cell of [
        list.locator('thead th', { hasText: /^Total$/ }),
        list.locator('tbody tr.ant-table-row').first().locator('td').last(),
      ]) {
        const box = await cell.boundingBox();
        expect(table && box, 'the table and its Total cell are on the page').toBeTruthy();
        if (!table || !box) continue;
        expect(box.x, 'the Total column starts inside the table').toBeGreaterThanOrEqual(table.x - 1);
        expect(box.x + box.width, 'the Total column ends inside the table').toBeLessThanOrEqual(
          table.x + table.width + 1,
        );
      }
    });
  });
}
