import { createRequire } from 'node:module';
import { sitePageOf } from '@livecart/contract/site';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { SIGNED_OUT, sessionFile } from '../support/accounts.ts';
import { expect, guardContext, test } from '../support/fixtures.ts';
import { type AppRoute, pathOf, ROUTES, VIEWPORTS, type Visitor } from '../support/routes.ts';
import { PUBLIC_PAGES } from '../support/site.ts';

/*
 * axe-core on every screen of every role, in French and in English, on a phone and a laptop: no
 * violation of impact serious or critical (contrast, names, labels, focus, landmarks, language).
 * axe is injected into every document the browser opens (an init script runs whatever the page's
 * Content-Security-Policy says), and one page per visitor and size is reused across its screens.
 * The public site's pages (issue 18) are whole documents the server renders: each is loaded.
 */

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const LANGUAGES = ['fr', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
type Size = keyof typeof VIEWPORTS;
const VISITORS = Object.keys(ROUTES) as Visitor[];
const BLOCKING = new Set(['serious', 'critical']);

declare global {
  interface Window {
    axe: { run: (context: Document, options: object) => Promise<AxeResults> };
  }
}

const localized = (path: string, language: Language) =>
  language === 'fr' ? path : path === '/' ? '/en' : `/en${path}`;

async function openContext(browser: Browser, visitor: Visitor, size: Size) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[size],
    storageState: visitor === 'visitor' ? SIGNED_OUT : sessionFile(visitor),
    reducedMotion: 'reduce',
  });
  await context.addInitScript({ path: AXE });
  guardContext(context);
  return context;
}

/**
 * Opens a path in the reused page: loads it the first time, then moves there inside the app as a link
 * would (the app and axe stay loaded, which keeps the run short).
 */
async function open(page: Page, path: string) {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Waits until the screen shows its data: its main content there (after any redirect), no loader, no
 * spinner, no skeleton, no running transition (a menu fading in has a text paler than it will be);
 * twice, since a transition starts a frame or two after the click that causes it. The page is
 * scrolled to its end meanwhile, as a reader would, so parts drawn only when they come into view
 * (the dashboard's tables) are there and checked too; then back to its top.
 */
async function settle(page: Page) {
  const still = () =>
    page.waitForFunction(
      () => {
        for (const el of [document.scrollingElement, ...document.querySelectorAll('main')])
          if (el) el.scrollTop = el.scrollHeight;
        return (
          !!document.querySelector('main > *') &&
          !document.querySelector('.fullscreen-loader, .ant-spin-spinning, .ant-skeleton') &&
          document.getAnimations().every((a) => {
            const iterations = a.effect?.getComputedTiming().iterations;
            return iterations === Infinity || a.playState !== 'running';
          })
        );
      },
      undefined,
      { timeout: 15_000 },
    );
  await page.waitForLoadState('load');
  await still();
  await page.waitForTimeout(150);
  await still();
  await page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('main')])
      if (el) el.scrollTop = 0;
  });
}

const describeViolation = (v: Result) =>
  `${v.impact} ${v.id} (${v.help}): ${v.nodes
    .slice(0, 6)
    .map((n) => n.target.join(' '))
    .join(' | ')}${v.nodes.length > 6 ? ` … and ${v.nodes.length - 6} more` : ''}`;

/** Runs axe on the page as it stands; fails naming each serious or critical rule and where. */
async function audit(page: Page, where: string) {
  await settle(page);
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const moderate = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  for (const v of moderate) test.info().annotations.push({ type: 'axe', description: describeViolation(v) });
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? '')).map(describeViolation);
  expect(blocking, `axe violations on ${where} (${page.url()})`).toEqual([]);
}

/**
 * A screen in a state worth checking besides its first view: a menu, a drawer, a modal open. `close`
 * puts the screen back (Escape by default), so the next screen opens in the same page.
 */
interface Moment {
  name: string;
  visitor: Visitor;
  path: string;
  sizes?: Size[];
  open: (page: Page) => Promise<unknown>;
  close?: (page: Page) => Promise<unknown>;
}

const SIGNED_IN: Visitor[] = ['seller', 'admin', 'buyer'];
const MOMENTS: Moment[] = [
  {
    name: 'the form sent empty',
    visitor: 'visitor',
    path: '/signin',
    open: async (p) => {
      await p.getByTestId('signin-submit').click();
      await expect(p.locator('.ant-form-item-explain-error').first()).toBeVisible();
    },
  },
  {
    name: 'the schedule modal open',
    visitor: 'seller',
    path: '/liveselling',
    open: (p) => p.getByTestId('schedule-live-button').click(),
  },
  {
    name: 'the shop sync’s connect form open, with the sandbox shops',
    visitor: 'seller',
    path: '/inventory?tab=shops',
    open: async (p) => {
      await p.getByTestId('shop-connect-open').click();
      await expect(p.getByTestId('shop-sandbox-shopify')).toBeVisible();
    },
  },
  {
    name: 'the CSV import open',
    visitor: 'seller',
    path: '/inventory',
    open: (p) => p.getByTestId('csv-import-open').click(),
  },
  ...(['seller', 'admin'] as const).map(
    (visitor): Moment => ({
      name: 'a transaction open',
      visitor,
      path: '/payments',
      open: (p) => p.locator('[data-testid^="payment-row-"]').first().click(),
    }),
  ),
  ...(['seller', 'admin'] as const).map(
    (visitor): Moment => ({
      name: 'a shopper open',
      visitor,
      path: '/buyers',
      open: async (p) => {
        await p.locator('[data-testid^="buyer-open-"]').first().click();
        await expect(p.getByTestId('buyer-detail')).toBeVisible();
      },
    }),
  ),
  {
    name: 'the blocked shoppers’ message open',
    visitor: 'seller',
    path: '/buyers',
    open: async (p) => {
      await p.getByTestId('blocked-message-open').click();
      await expect(p.getByTestId('blocked-message-defaults')).toBeVisible();
    },
  },
  ...SIGNED_IN.flatMap((visitor): Moment[] => [
    {
      name: 'the profile menu open',
      visitor,
      path: '/dashboard',
      open: (p) => p.getByTestId('profile-menu').click(),
    },
    {
      name: 'the notifications open',
      visitor,
      path: '/dashboard',
      open: (p) => p.getByTestId('notifications-bell').click(),
    },
  ]),
  {
    name: 'the filters drawer open',
    visitor: 'seller',
    path: '/inventory',
    sizes: ['phone'],
    open: async (p) => {
      await p.getByTestId('filters-open').click();
      await expect(p.getByTestId('filters-apply')).toBeVisible();
    },
  },
  {
    name: 'the bulk actions open',
    visitor: 'seller',
    path: '/inventory',
    sizes: ['phone'],
    open: async (p) => {
      await p.getByTestId('bulk-menu').click();
      await expect(p.getByTestId('check-all')).toBeVisible();
    },
  },
  // last of each visitor's: the open sidebar covers the page
  ...SIGNED_IN.map(
    (visitor): Moment => ({
      name: 'the sidebar open',
      visitor,
      path: '/dashboard',
      sizes: ['phone'],
      open: async (p) => {
        await p.getByTestId('menu-button').click();
        await expect(p.getByTestId('sider')).toHaveAttribute('data-collapsed', 'false');
      },
      // a tap beside the open sidebar closes it (it covers the menu button)
      close: async (p) => {
        await p.mouse.click(VIEWPORTS.phone.width - 20, VIEWPORTS.phone.height / 2);
        await expect(p.getByTestId('sider')).toHaveAttribute('data-collapsed', 'true');
      },
    }),
  ),
];

for (const visitor of VISITORS) {
  for (const size of Object.keys(VIEWPORTS) as Size[]) {
    test.describe(`screens #10: ${visitor} at ${size} size`, () => {
      let context: BrowserContext;
      let page: Page;

      test.beforeAll(async ({ browser }) => {
        context = await openContext(browser, visitor, size);
        page = await context.newPage();
      });
      test.afterAll(async () => {
        await context?.close();
      });

      // a visitor reads the public site's pages as documents of their own: checked below
      const appRoutes = (ROUTES[visitor] as AppRoute[]).filter(
        (r) => visitor !== 'visitor' || sitePageOf(r.path.split('?')[0]) === null,
      );
      for (const route of appRoutes) {
        for (const language of LANGUAGES) {
          test(`screens #10: ${visitor} ${route.path} in ${language} at ${size} size has no serious or critical axe violation`, async () => {
            const path = await pathOf(route, context.request);
            expect(path, `the demo has a row for ${route.path}`).not.toBeNull();
            const where = `${visitor} ${localized(path as string, language)} ${size}`;
            await open(page, localized(path as string, language));
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            await audit(page, where);
          });
        }
      }

      for (const moment of MOMENTS.filter(
        (m) => m.visitor === visitor && (m.sizes ?? [size]).includes(size),
      )) {
        for (const language of LANGUAGES) {
          test(`screens #10: ${visitor} ${moment.path} with ${moment.name} in ${language} at ${size} size has no serious or critical axe violation`, async () => {
            const path = localized(moment.path, language);
            await open(page, path);
            await settle(page);
            await moment.open(page);
            await audit(page, `${visitor} ${path} with ${moment.name} ${size}`);
            await (moment.close ?? ((p: Page) => p.keyboard.press('Escape')))(page);
          });
        }
      }
    });
  }
}

/** A public page in a state worth checking besides its first view. */
interface SiteMoment {
  name: string;
  path: string;
  sizes?: Size[];
  open: (page: Page) => Promise<unknown>;
}

const SITE_MOMENTS: SiteMoment[] = [
  {
    name: 'the menu open',
    path: '/',
    sizes: ['phone'],
    open: (p) => p.locator('.site-menu summary').click(),
  },
  {
    name: 'the contact form sent empty',
    path: '/contact',
    open: async (p) => {
      await expect(p.getByTestId('contact-submit')).toBeVisible();
      await p.getByTestId('contact-submit').click();
      await expect(p.getByTestId('field-error-email')).toBeVisible();
    },
  },
  {
    name: 'the demo form sent empty',
    path: '/request-demo',
    open: async (p) => {
      await expect(p.getByTestId('demo-submit')).toBeVisible();
      await p.getByTestId('demo-submit').click();
      await expect(p.getByTestId('field-error-email')).toBeVisible();
    },
  },
  {
    name: 'the scheduling dialog open',
    path: '/about-us',
    open: async (p) => {
      await expect(p.getByTestId('about-schedule')).toBeVisible();
      await p.getByTestId('about-schedule').click();
      await expect(p.getByTestId('about-dialog')).toBeVisible();
    },
  },
  {
    name: 'a question open',
    path: '/faq',
    open: async (p) => {
      await expect(p.getByTestId('faq-item').first()).toBeVisible();
      await p.getByTestId('faq-item').first().locator('summary').click();
    },
  },
];

for (const size of Object.keys(VIEWPORTS) as Size[]) {
  test.describe(`issue 18: the public site at ${size} size`, () => {
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      context = await openContext(browser, 'visitor', size);
      page = await context.newPage();
    });
    test.afterAll(async () => {
      await context?.close();
    });

    for (const { path, locale } of PUBLIC_PAGES) {
      test(`issue 18: ${path} at ${size} size has no serious or critical axe violation`, async () => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await audit(page, `public ${path} ${size}`);
      });
    }

    for (const moment of SITE_MOMENTS.filter((m) => (m.sizes ?? [size]).includes(size))) {
      for (const language of LANGUAGES) {
        const path = localized(moment.path, language);
        test(`issue 18: ${path} with ${moment.name} at ${size} size has no serious or critical axe violation`, async () => {
          await page.goto(path);
          await settle(page);
          await moment.open(page);
          await audit(page, `public ${path} with ${moment.name} ${size}`);
        });
      }
    }
  });
}
