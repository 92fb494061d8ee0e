// The Chromium the end-to-end suite and the benchmarks drive, never downloaded: CHROMIUM_PATH when
// set, else Debian's /usr/bin/chromium when installed, else the browser that the npm package
// @sparticuz/chromium carries inside it (unpacked once into the temporary directory).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The flags every launch uses: headless, no sandbox (root in CI), nothing reaching the network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const installed = () =>
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);

/** Where the packaged browser is unpacked by `chromiumPath()`. */
const unpacked = () => path.join(tmpdir(), 'chromium');

/** The browser's path, unpacking the packaged one when no browser is installed. */
export async function chromiumPath() {
  const path = installed();
  if (path) return path;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** The same path without waiting: valid once `chromiumPath()` has run (the suite's first step). */
export function chromiumPathSync() {
  return installed() ?? unpacked();
}

/** Where the browser comes from, for messages. */
export function chromiumSource() {
  if (process.env.CHROMIUM_PATH) return `CHROMIUM_PATH (${process.env.CHROMIUM_PATH})`;
  return installed() ? '/usr/bin/chromium' : `@sparticuz/chromium (${unpacked()})`;
}
