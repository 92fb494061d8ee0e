// The end-to-end suite never downloads a browser: it takes the installed one, or unpacks the one
// inside the @sparticuz/chromium package, before Playwright starts.
import { existsSync } from 'node:fs';
import { chromiumPath, chromiumSource } from './browser.mjs';

try {
  const path = await chromiumPath();
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  console.log(`Chromium: ${chromiumSource()}`);
} catch (err) {
  console.error(`\nNo Chromium to run the end-to-end suite: ${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
}
