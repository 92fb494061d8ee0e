import { LOCALES } from '@livecart/contract/constants';
import { SITE_PAGE_IDS, sitePath } from '@livecart/contract/site';
import type { Page } from '@playwright/test';
import { sessionFile } from '../support/accounts.ts';
import { expect, guardContext, test } from '../support/fixtures.ts';
import { shot } from '../support/shell.ts';
import { completeSignUp } from '../support/signup.ts';
import { freshAddress, inbox, mailsTo, PUBLIC_PAGES } from '../support/site.ts';

/*
 * Issue 18, the public site as visitors and search engines meet it: every page readable without
 * JavaScript with its own head (title, description, canonical, hreflang, Open Graph), the language
 * switch, the sitemap, the knowledge centre's search, the contact and demo forms, and a newcomer's
 * journey from the home page to a seller's trial dashboard.
 */

/** The texts of the head a search engine reads, as the browser parsed them. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      [...document.querySelectorAll(selector)].map((e) => e.getAttribute(name) ?? '');
    return {
      lang: document.documentElement.lang,
      title: document.title,
      descriptions: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      alternates: Object.fromEntries(
        [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((e) => [
          e.getAttribute('hreflang'),
          e.getAttribute('href'),
        ]),
      ),
      ogTitle: attr('meta[property="og:title"]', 'content'),
      ogUrl: attr('meta[property="og:url"]', 'content'),
      h1: [...document.querySelectorAll('h1')].map((h) => h.textContent?.trim() ?? ''),
    };
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('issue 18: every public page in both languages has its language, title, description, one h1, canonical, hreflang and Open Graph in the HTML', async ({
    page,
    baseURL,
  }) => {
    for (const { id, locale, path } of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const head = await headOf(page);
      const url = (l: (typeof LOCALES)[number]) => `${baseURL}${sitePath(id, l)}`;
      expect(head.lang, path).toBe(locale);
      expect(head.title.trim(), path).not.toBe('');
      expect(head.descriptions, `${path}: one description`).toHaveLength(1);
      expect(head.descriptions[0].trim().length, `${path}: description`).toBeGreaterThan(0);
      expect(head.h1, `${path}: exactly one h1`).toHaveLength(1);
      expect(head.h1[0], `${path}: the h1 has text`).not.toBe('');
      await expect(page.locator('h1'), path).toBeVisible();
      expect(head.canonical, path).toEqual([url(locale)]);
      expect(head.alternates, path).toEqual({ fr: url('fr'), en: url('en'), 'x-default': url('fr') });
      expect(head.ogTitle, path).toHaveLength(1);
      expect(head.ogTitle[0].trim(), path).not.toBe('');
      expect(head.ogUrl, path).toEqual([url(locale)]);
    }
  });

  test('issue 18: each public page has a title of its own, different per page and per language', async ({
    page,
  }) => {
    const titles = new Map<string, string>();
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      const title = await page.title();
      expect(titles.get(title), `${path} has the same title as ${titles.get(title)}: "${title}"`).toBe(
        undefined,
      );
      titles.set(title, path);
    }
  });

  test('issue 18: the knowledge centre answers a search without JavaScript: results link to the guide, nonsense says nothing was found', async ({
    page,
  }) => {
    for (const [locale, word] of [
      ['fr', 'panier'],
      ['en', 'cart'],
    ] as const) {
      await page.goto(`${sitePath('guides', locale)}?q=${word}`);
      await expect(page.getByTestId('guides-search')).toHaveValue(word);
      const results = page.getByTestId('guides-result');
      await expect(results.first()).toBeVisible();
      const hrefs = await results.evaluateAll((els) =>
        els.map((e) => (e.matches('a') ? e : e.querySelector('a'))?.getAttribute('href') ?? ''),
      );
      expect(
        hrefs.every((h) => h !== ''),
        'each result is a link',
      ).toBe(true);
      expect(hrefs.map((h) => new URL(h, 'http://x').pathname)).toContain(
        sitePath('guideLiveSelling', locale),
      );
      await expect(page.getByTestId('guides-empty')).toHaveCount(0);

      await page.goto(`${sitePath('guides', locale)}?q=zqxwv-plonk`);
      await expect(page.getByTestId('guides-empty')).toBeVisible();
      await expect(results).toHaveCount(0);
    }
  });
});

test('issue 18: the sitemap lists every public page in both languages, each with its fr, en and x-default alternates', async ({
  page,
  baseURL,
}) => {
  const res = await page.request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  const xml = await res.text();
  const entries = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('the sitemap is not well-formed XML');
    const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const XHTML = 'http://www.w3.org/1999/xhtml';
    return [...doc.getElementsByTagNameNS(SITEMAP, 'url')].map((url) => ({
      loc: url.getElementsByTagNameNS(SITEMAP, 'loc')[0]?.textContent ?? '',
      alternates: Object.fromEntries(
        [...url.getElementsByTagNameNS(XHTML, 'link')].map((l) => [
          l.getAttribute('hreflang'),
          l.getAttribute('href'),
        ]),
      ),
    }));
  }, xml);
  expect(entries.map((e) => e.loc).sort()).toEqual(PUBLIC_PAGES.map((p) => `${baseURL}${p.path}`).sort());
  for (const id of SITE_PAGE_IDS) {
    for (const locale of LOCALES) {
      const entry = entries.find((e) => e.loc === `${baseURL}${sitePath(id, locale)}`);
      expect(entry?.alternates, `${id} ${locale}`).toEqual({
        fr: `${baseURL}${sitePath(id, 'fr')}`,
        en: `${baseURL}${sitePath(id, 'en')}`,
        'x-default': `${baseURL}${sitePath(id, 'fr')}`,
      });
    }
  }
});

test('issue 18: the language switch opens the same page in the other language, and back', async ({
  page,
}) => {
  for (const id of ['home', 'faq', 'pricing', 'guideLiveSelling', 'contact'] as const) {
    await page.goto(sitePath(id, 'fr'));
    await page.getByTestId('site-language').click();
    await expect(page).toHaveURL((u) => u.pathname === sitePath(id, 'en'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toBeVisible();
    await page.getByTestId('site-language').click();
    await expect(page).toHaveURL((u) => u.pathname === sitePath(id, 'fr'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  }
});

test('issue 18: the language switch of the knowledge centre keeps the search', async ({ page }) => {
  await page.goto('/guides?q=panier');
  await page.getByTestId('site-language').click();
  await expect(page).toHaveURL((u) => u.pathname === '/en/guides' && u.searchParams.get('q') === 'panier');
  await page.getByTestId('site-language').click();
  await expect(page).toHaveURL((u) => u.pathname === '/guides' && u.searchParams.get('q') === 'panier');
});

test('issue 18: typing in the knowledge centre’s search filters the guides as you type', async ({ page }) => {
  await page.goto('/guides');
  await expect(page.getByTestId('guides-search')).toBeVisible();
  const results = page.getByTestId('guides-result');
  await page.getByTestId('guides-search').fill('panier');
  await expect(results.first()).toBeVisible();
  await expect(page.getByTestId('guides-empty')).toHaveCount(0);
  await page.getByTestId('guides-search').fill('zqxwv-plonk');
  await expect(page.getByTestId('guides-empty')).toBeVisible();
  await expect(results).toHaveCount(0);
  // an empty search leaves the index of the guides alone
  await page.getByTestId('guides-search').fill('');
  await expect(page.getByTestId('guides-empty')).toHaveCount(0);
  await expect(results).toHaveCount(0);
  await expect(page).toHaveURL((u) => u.pathname === '/guides' && !u.searchParams.has('q'));
  await expect(page.getByRole('link', { name: /live/i }).first()).toBeVisible();
});

test.describe('signed in as the seller', () => {
  test.use({ storageState: sessionFile('seller') });

  test('issue 18: a signed-in seller opening / or /en lands on their dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sider')).toBeVisible();
    await page.goto('/en');
    await expect(page).toHaveURL(/\/en\/dashboard$/);
  });
});

/** The fields of a good request, by input name. */
const CONTACT = {
  first_name: 'Léa',
  last_name: 'Garnier',
  subject: 'Trois lives par semaine',
  message: 'Bonjour, je vends des bijoux en live sur Instagram : comment commencer ?',
};
const DEMO = {
  first_name: 'Hugo',
  last_name: 'Lambert',
  company_name: 'Maison Lambert',
  message: 'Une centaine de références, deux lives par semaine sur Facebook.',
};

/** Fills a form's inputs by their `name`, as the API names the fields. */
async function fill(page: Page, form: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await page.getByTestId(form).locator(`[name="${name}"]`).fill(value);
  }
}

/** The field's error is shown under it, named by the input (aria-invalid, aria-describedby). */
async function expectFieldError(page: Page, form: string, name: string) {
  const error = page.getByTestId(`field-error-${name}`);
  await expect(error).toBeVisible();
  await expect(error).not.toBeEmpty();
  const input = page.getByTestId(form).locator(`[name="${name}"]`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const id = await error.getAttribute('id');
  expect(id, `field-error-${name} has an id`).toBeTruthy();
  await expect(input).toHaveAttribute('aria-describedby', new RegExp(`(^|\\s)${id}(\\s|$)`));
}

const FORMS = [
  {
    name: 'contact',
    path: '/contact',
    form: 'contact-form',
    submit: 'contact-submit',
    success: 'contact-success',
    type: 'contact',
    values: CONTACT,
    required: ['first_name', 'last_name', 'email', 'subject', 'message'],
  },
  {
    name: 'request a demo',
    path: '/request-demo',
    form: 'demo-form',
    submit: 'demo-submit',
    success: 'demo-success',
    type: 'demo',
    values: DEMO,
    required: ['first_name', 'last_name', 'email', 'company_name'],
  },
] as const;

for (const f of FORMS) {
  test(`issue 18: the ${f.name} form shows each bad field’s error and sends nothing, then a good request is thanked, lands in the inbox and is acknowledged by e-mail`, async ({
    page,
    browser,
  }) => {
    const adminContext = await browser.newContext({ storageState: sessionFile('admin') });
    const admin = adminContext.request;
    const before = (await inbox(admin, f.type)).count;
    const address = freshAddress(f.type);
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/') && sent.push(r.url()));

    await page.goto(f.path);
    await expect(page.getByTestId(f.form)).toBeVisible();
    await page.getByTestId(f.submit).click();
    for (const name of f.required) await expectFieldError(page, f.form, name);
    await shot(page, `site-${f.type}-errors`);

    await fill(page, f.form, { ...f.values, email: 'lea.garnier@' });
    if (f.type === 'contact') await fill(page, f.form, { message: 'ok' });
    await page.getByTestId(f.submit).click();
    await expectFieldError(page, f.form, 'email');
    if (f.type === 'contact') await expectFieldError(page, f.form, 'message');
    await expect(page.getByTestId(f.success)).toHaveCount(0);
    expect((await inbox(admin, f.type)).count, 'nothing kept').toBe(before);

    await fill(page, f.form, { ...f.values, email: address });
    await page.getByTestId(f.submit).click();
    await expect(page.getByTestId(f.success)).toBeVisible();
    await shot(page, `site-${f.type}-sent`);
    expect(sent.length, 'the good request was sent once').toBeGreaterThanOrEqual(1);
    const after = await inbox(admin, f.type);
    expect(after.count).toBe(before + 1);
    expect(after.items.find((i) => i.author.email === address)?.message).toBe(f.values.message);
    await expect.poll(async () => (await mailsTo(admin, address)).length).toBe(1);
    await adminContext.close();
  });
}

test('issue 18: the admin reads a contact request from the site in the support screen', async ({
  page,
  browser,
}) => {
  const address = freshAddress('inbox');
  await page.goto('/en/contact');
  await expect(page.getByTestId('contact-form')).toBeVisible();
  await fill(page, 'contact-form', { ...CONTACT, subject: `Question ${address}`, email: address });
  await page.getByTestId('contact-submit').click();
  await expect(page.getByTestId('contact-success')).toBeVisible();

  const adminContext = await browser.newContext({ storageState: sessionFile('admin') });
  guardContext(adminContext);
  const admin = await adminContext.newPage();
  await admin.goto('/support');
  await expect(admin.getByText(`Question ${address}`)).toBeVisible();
  await adminContext.close();
});

test('issue 18: without a scheduling address, the about page’s button opens a dialog with the contact form', async ({
  page,
}) => {
  await page.goto('/about-us');
  await expect(page.getByTestId('about-schedule')).toBeVisible();
  await page.getByTestId('about-schedule').click();
  const dialog = page.getByTestId('about-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('contact-form')).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveCount(0);
  await shot(page, 'site-about-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('issue 18: a newcomer goes from the home page to the pricing, signs up from there as a seller and lands on the trial dashboard', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await shot(page, 'site-home');
  await page.getByRole('banner').getByRole('link', { name: 'Tarifs', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('h1')).toBeVisible();
  await shot(page, 'site-pricing');
  await page.getByTestId('site-signup').click();
  await expect(page).toHaveURL(/\/signup\?role=seller$/);
  // the trial button says who signs up: the merchant's form from the start
  await expect(page.getByTestId('signup-role-seller')).toBeChecked();
  await expect(page.getByTestId('signup-company')).toBeVisible();
  await completeSignUp(page, freshAddress('parcours'));
  await expect(page.getByTestId('welcome-text')).toContainText('il vous reste 30 jours');
  await page.getByTestId('profile-menu').click();
  await expect(page.getByTestId('profile-trial')).toHaveText('Essai gratuit : 30 jours restants');
});
