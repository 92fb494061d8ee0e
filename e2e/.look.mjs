import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './browser.mjs';
const [base, ...pages] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
for (const [w, h, tag] of [[1440, 900, 'd'], [390, 844, 'm']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  await ctx.addCookies([{ name: 'cookie_consent', value: 'accept', url: base }]);
  const p = await ctx.newPage();
  for (const path of pages) {
    await p.goto(base + path);
    await p.waitForTimeout(300);
    const name = `/tmp/look/${tag}${path.replace(/\//g, '_') || '_'}.png`;
    await p.screenshot({ path: name, fullPage: process.env.FULL === "1" });
    console.log(name);
  }
}
await browser.close();
