// The end-to-end suite drives Debian's Chromium; it never downloads a browser of its own.
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\nChromium is missing at ${chromium}.\nInstall it with:  apt-get install chromium\n(or set CHROMIUM_PATH). The end-to-end suite cannot run without it.\n`,
  );
  process.exit(1);
}
