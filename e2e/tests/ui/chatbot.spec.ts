import type { Page } from '@playwright/test';
import { sessionFile } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { startLive, stopLive } from '../support/live-api.ts';
import { shot } from '../support/shell.ts';

/*
 * Issue 16, the chatbot's loop: the seller writes a reply "Livraison" to the trigger word
 * "livraison" (placeholders inserted from the chips, previews in both languages), tries a comment
 * on it, opens the console of a live running now from the chatbot screen, and a viewer who asks
 * "c'est quoi la livraison ?" in the simulator is answered by it. In French and in English.
 */

const NAME = 'Livraison';
const QUESTION = "c'est quoi la livraison ?";
const TEXT_FR = 'Bonjour {first_name} ! Nous livrons en 48 h partout en France depuis {store}.';
const TEXT_EN = 'Hi {first_name}! We ship within 48 h from {store}.';

const toast = (page: Page, text: string) => page.getByTestId('toast-success').filter({ hasText: text });

/** The seller's replies named `name` (a run on a database that already has one starts afresh). */
async function deleteRepliesNamed(page: Page, origin: string, name: string) {
  const res = await page.request.get('/api/fetch-chatbot-messages', {
    params: { type: 'users', limit: 100, query: name },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: number; name: string }[] };
  for (const r of items.filter((i) => i.name === name)) {
    const gone = await page.request.delete(`/api/chatbot/delete/${r.id}`, { headers: { Origin: origin } });
    expect(gone.status(), await gone.text()).toBe(200);
  }
}

/** Types a text in a reply's box, `{placeholder}` parts inserted with their chips. */
async function typeWithChips(page: Page, lang: 'fr' | 'en', text: string) {
  const box = page.getByTestId(`reply-message_${lang}`);
  await box.fill('');
  await box.focus();
  for (const part of text.split(/(\{[a-z_]+\})/)) {
    const placeholder = /^\{([a-z_]+)\}$/.exec(part)?.[1];
    if (placeholder) {
      await page.getByTestId(`reply-${lang}-insert-${placeholder}`).click();
      await expect(box).toBeFocused();
    } else if (part) await page.keyboard.type(part);
  }
  await expect(box).toHaveValue(text);
}

test.describe('chatbot', () => {
  test.use({ storageState: sessionFile('seller') });

  test('a reply to "livraison" written on the chatbot screen answers a viewer in the live console', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL ?? '';
    await deleteRepliesNamed(page, origin, NAME);

    // the seller writes the reply
    await page.goto('/chatbot');
    await page.getByTestId('cookie-accept').click(); // the banner would cover the screenshots
    await expect(page.getByTestId('chatbot-tab-replies')).toBeVisible();
    await page.getByTestId('reply-add').click();
    await expect(page).toHaveURL(/\/chatbot\?reply=new$/);
    await page.getByTestId('reply-name').fill(NAME);
    await page.getByTestId('reply-keywords').click();
    await page.keyboard.type('livraison');
    await page.keyboard.press('Enter');
    await typeWithChips(page, 'fr', TEXT_FR);
    await typeWithChips(page, 'en', TEXT_EN);
    await expect(page.getByTestId('reply-preview-fr')).toHaveText(
      'Bonjour Camille ! Nous livrons en 48 h partout en France depuis Boutique Sophie.',
    );
    await expect(page.getByTestId('reply-preview-en')).toHaveText(
      'Hi Camille! We ship within 48 h from Boutique Sophie.',
    );
    await page.waitForTimeout(400); // the drawer's opening animation, for the screenshot
    await shot(page, 'chatbot-reply-editor');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/chatbot') && r.request().method() === 'POST',
    );
    await page.getByTestId('reply-save').click();
    const savedRes = await saved;
    expect(savedRes.status(), await savedRes.text()).toBe(200);
    const { item } = (await savedRes.json()) as { item: { id: number; keywords: string[] } };
    expect(item.keywords).toEqual(['livraison']);
    await expect(toast(page, "L'enregistrement a été créé")).toBeVisible();
    await expect(page).toHaveURL(/\/chatbot$/);
    const row = page.getByTestId(`reply-row-${item.id}`);
    await expect(row.getByTestId('reply-name-cell')).toHaveText(NAME);
    await expect(row.getByTestId('reply-triggers')).toHaveText('livraison');
    await expect(page.getByTestId(`reply-switch-${item.id}`)).toHaveAttribute('aria-checked', 'true');

    // tried on a comment before any live
    await page.getByTestId('try-comment-input').fill(QUESTION);
    const match = page.getByTestId(`try-comment-match-${item.id}`);
    await expect(match.getByTestId('try-comment-reply-name')).toHaveText(NAME);
    await expect(match.getByTestId('try-comment-text')).toContainText('Nous livrons en 48 h');
    await shot(page, 'chatbot-replies');

    // a live runs now: the chatbot screen leads to its console
    const sessionId = await startLive(page.request, origin);
    try {
      await page.reload();
      await page.getByTestId(`test-in-live-${sessionId}`).click();
      await expect(page).toHaveURL(new RegExp(`/liveselling/${sessionId}$`));
      await expect(page.getByTestId('simulator-message')).toBeEnabled();

      await page.getByTestId('simulator-viewer-Camille').click();
      await page.getByTestId('simulator-message').fill(QUESTION);
      await page.getByTestId('simulator-send').click();
      await expect(page.getByTestId('simulator-message')).toHaveValue('');
      const answered = page
        .getByTestId('comment-feed')
        .getByTestId('comment-row')
        .filter({ has: page.getByTestId('comment-message').getByText(QUESTION, { exact: true }) });
      await expect(answered).toHaveAttribute('data-outcome', 'answered');
      await expect(answered.getByTestId('comment-outcome')).toHaveText(`Réponse du chatbot · ${NAME}`);
      await expect(answered.getByTestId('comment-reply')).toContainText(
        'Nous livrons en 48 h partout en France',
      );
      await shot(page, 'chatbot-console-answered');

      // the system replies, in French
      await page.goto('/chatbot?tab=system');
      await expect(page.getByTestId('system-cart_created-active')).toBeDisabled();
      await shot(page, 'chatbot-system-replies');

      // and the same in English
      await page.goto('/en/chatbot');
      await expect(page.getByTestId('chatbot-tab-replies')).toHaveText('My replies');
      await expect(page.getByTestId(`reply-row-${item.id}`)).toBeVisible();
      await page.getByTestId('try-comment-input').fill('what about shipping?');
      await expect(page.getByTestId('try-comment-none')).toBeVisible();
      await shot(page, 'chatbot-replies-en');
      await page.goto(`/en/chatbot?reply=${item.id}`);
      await expect(page.getByTestId('reply-preview-en')).toHaveText(
        'Hi Camille! We ship within 48 h from Boutique Sophie.',
      );
      await page.waitForTimeout(400);
      await shot(page, 'chatbot-reply-editor-en');
      await page.goto(`/en/liveselling/${sessionId}`);
      await expect(page.getByTestId('comment-feed').getByTestId('comment-outcome').first()).toHaveText(
        `Chatbot reply · ${NAME}`,
      );
      await shot(page, 'chatbot-console-answered-en');
      await page.goto('/en/chatbot?tab=system');
      await expect(page.getByTestId('system-cart_created')).toContainText('Articles reserved');
      await shot(page, 'chatbot-system-replies-en');
    } finally {
      await stopLive(page.request, origin, sessionId);
    }
  });
});
