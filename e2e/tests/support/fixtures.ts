import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** Content-Security-Policy violations the browser reported during the running test. */
let violations: string[] = [];
const isViolation = (text: string) =>
  /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text);

/** Watches every page of a context the test made itself (a shopper's phone) for CSP violations. */
export function guardContext(context: BrowserContext) {
  const watch = (p: Page) => p.on('console', (m) => isViolation(m.text()) && violations.push(m.text()));
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * Playwright's test with one guard on every page the test opens: the browser must report no
 * Content-Security-Policy violation (the policy must fit what the app really loads).
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      violations = [];
      guardContext(context);
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
