/**
 * `npm run bench -- checkout` (issue 5): how heavy and how fast the shopper's checkout is.
 *
 * 1. Builds the web app (`npm run build -w web`; `CHECKOUT_BENCH_SKIP_BUILD=1` reuses web/dist)
 *    and reads the Vite manifest: the JavaScript and CSS a first visit of `/checkout/…` loads
 *    (the entry, its static imports, the CheckoutPage chunk and its static imports; lazy chunks
 *    of other routes left out) plus the French texts the first render waits for, gzipped here
 *    (level 9) file by file.
 * 2. Starts the API on 127.0.0.1 (embedded PGlite, demo data) serving that build, opens a real
 *    cart the way a live does (the demo seller goes live, a viewer's keyword comment goes through
 *    the simulator, `POST /api/livesession/{id}/simulate`), and builds the shopper's link.
 * 3. Opens the link in Chromium (playwright-core, the browser of e2e/browser.mjs, 390×844) in a fresh context
 *    each run (cold cache), with 4× CPU slowdown (CDP `Emulation.setCPUThrottlingRate`), and
 *    measures from navigation start to the Pay button on screen (a MutationObserver stamps
 *    `performance.now()` when `[data-testid=checkout-pay]` appears). The baseline is the same
 *    page without slowdown, in the same run; a warm-cache visit is measured too. Loopback
 *    network, no network throttling. The bytes of a first visit are read as they travel (CDP
 *    `Network.loadingFinished` encodedDataLength: headers and compressed bodies), next to their
 *    decoded size.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/browser.mjs';
import { loadConfig } from '../../server/src/config.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/src/db/seed-demo.ts';
import { orderAccessToken } from '../../server/src/modules/orders/cart.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { authedClient, ORIGIN, signIn } from '../../server/test/helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'web/dist');
const CHECKOUT_SOURCE = 'src/features/checkout/CheckoutPage.tsx';
const RUNS = Number(process.env.CHECKOUT_BENCH_RUNS) || 5;
const CPU_SLOWDOWN = 4;
const JS_TARGET_KB = 200;
/** The back-office's first load: the JS a signed-in seller's first visit runs before the dashboard shows. */
const BACK_OFFICE_TARGET_KB = 350;
const BACK_OFFICE_READY = '[data-testid="stat-total_amount"]';
const USABLE = '[data-testid="checkout-pay"]';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface RouteSizes {
  entryJs: number;
  routeJs: number;
  /** The French texts the first render waits for (loaded on demand, one language at a time). */
  languageJs: number;
  css: number;
  files: { file: string; gzip: number; part: 'entry' | 'route' | 'language' }[];
}

/**
 * The chunks of the default language a checkout's first visit fetches before its first render: the
 * shopper's part of the French texts and the contract's messages (web/src/app/i18n.ts).
 */
const LANGUAGE_SOURCES = ['virtual:texts/fr/shopper', 'src/app/translations.ts'];

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;

/** The gzipped JS and CSS of a first visit of the checkout route, from the build manifest. */
export function checkoutRouteSizes(): RouteSizes {
  const manifestPath = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} missing: build.manifest must be on in web/vite.config.ts`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const routeKey = Object.keys(manifest).find(
    (k) => manifest[k].src === CHECKOUT_SOURCE || k === CHECKOUT_SOURCE,
  );
  if (!entryKey || !routeKey) throw new Error(`no entry or no ${CHECKOUT_SOURCE} chunk in the manifest`);
  const walk = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) walk(k, seen);
  };
  const entry = new Set<string>();
  walk(entryKey, entry);
  const all = new Set(entry);
  walk(routeKey, all);
  const language = new Set<string>();
  for (const key of LANGUAGE_SOURCES) if (manifest[key]) walk(key, language);
  const files: RouteSizes['files'] = [];
  const cssFiles = new Set<string>();
  for (const key of all) {
    const part = entry.has(key) ? 'entry' : 'route';
    files.push({ file: manifest[key].file, gzip: gzipSize(manifest[key].file), part });
    for (const c of manifest[key].css ?? []) cssFiles.add(c);
  }
  for (const key of language) {
    if (all.has(key)) continue;
    files.push({ file: manifest[key].file, gzip: gzipSize(manifest[key].file), part: 'language' });
  }
  const sum = (part: 'entry' | 'route' | 'language') =>
    files.filter((f) => f.part === part).reduce((s, f) => s + f.gzip, 0);
  const css = [...cssFiles].reduce((s, f) => s + gzipSize(f), 0);
  return { entryJs: sum('entry'), routeJs: sum('route'), languageJs: sum('language'), css, files };
}

/**
 * What a payable checkout needs from the seller, when the demo data does not give it yet: the
 * sandbox provider's card, PayPal and Bancontact switched on, and a shipping method to France.
 */
async function ensurePayable(rt: Runtime, sellerId: number) {
  const db = rt.deps.database;
  const [methods] = await db.raw<{ n: number }>(
    'SELECT count(*)::int AS n FROM payment_methods WHERE seller_id = $1 AND status',
    [sellerId],
  );
  if (!methods.n) {
    for (const method of ['card', 'paypal', 'bancontact']) {
      await db.raw(
        `INSERT INTO payment_methods (seller_id, provider, method, status) VALUES ($1, 'sandbox', $2, true)
         ON CONFLICT (seller_id, provider, method) DO UPDATE SET status = true`,
        [sellerId, method],
      );
    }
  }
  const [shipping] = await db.raw<{ n: number }>(
    'SELECT count(*)::int AS n FROM shipping_method_countries WHERE seller_id = $1',
    [sellerId],
  );
  if (!shipping.n) {
    const [m] = await db.raw<{ id: number }>(
      `INSERT INTO shipping_methods (seller_id, name, status) VALUES ($1, 'Colissimo', true) RETURNING id`,
      [sellerId],
    );
    await db.raw(
      `INSERT INTO shipping_method_countries (shipping_method_id, seller_id, country_id, price_cents)
       SELECT $1, $2, id, 590 FROM countries WHERE iso = 'FR'`,
      [m.id, sellerId],
    );
  }
}

/** The demo seller goes live and a viewer comments a keyword: the cart and its checkout path. */
export async function openDemoCart(rt: Runtime): Promise<string> {
  const { jar, ok } = await signIn(rt, 'seller@demo.test', DEMO_PASSWORD);
  if (!ok) throw new Error('demo seller sign-in failed');
  const [seller] = await rt.deps.database.raw<{ id: number }>(
    `SELECT id FROM users WHERE email = 'seller@demo.test'`,
  );
  await ensurePayable(rt, seller.id);
  const api = authedClient(rt, jar);
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  const created = await api.post('/api/livesession', {
    event_date: tomorrow,
    event_time: '20:30',
    order_timer: 30,
  });
  if (created.statusCode !== 200) throw new Error(`livesession: ${created.statusCode} ${created.body}`);
  const sessionId = created.json().item.id as number;
  const started = await api.get(`/api/livesession/start/${sessionId}`);
  if (started.statusCode !== 200) throw new Error(`start: ${started.statusCode} ${started.body}`);
  for (const message of ['robe12 rouge M', 'foulard7']) {
    const res = await api.post(`/api/livesession/${sessionId}/simulate`, {
      from_name: 'Bench Shopper',
      message,
    });
    if (res.statusCode !== 200) throw new Error(`simulate: ${res.statusCode} ${res.body}`);
  }
  const [order] = await rt.deps.database.raw<{ order_number: string }>(
    `SELECT order_number FROM orders WHERE session_id = $1 AND status = 'new' ORDER BY id DESC LIMIT 1`,
    [sessionId],
  );
  if (!order) throw new Error('the simulated comment opened no cart');
  const t = orderAccessToken(rt.deps.config.authSecret, order.order_number);
  return `/checkout/${order.order_number}?storeName=Demo&t=${t}`;
}

interface Visit {
  ms: number;
  payEnabled: boolean;
  /** Bytes of every response of the visit as they travelled (headers and compressed bodies). */
  wire: number;
  /** The same responses' bodies once decoded. */
  decoded: number;
  /** Content-Encoding of the scripts, e.g. `br` (how the JS travelled). */
  scriptEncodings: string[];
}

/** One visit: navigation start → Pay button in the DOM, on the page's own clock. */
async function visit(context: BrowserContext, url: string, slowdown: number): Promise<Visit> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    // What travels: CDP's encodedDataLength per finished request (as received on the socket).
    await cdp.send('Network.enable');
    let wire = 0;
    let decoded = 0;
    const scriptEncodings = new Set<string>();
    cdp.on('Network.dataReceived', (e) => {
      decoded += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      wire += e.encodedDataLength;
    });
    cdp.on('Network.responseReceived', (e) => {
      if (e.type !== 'Script') return;
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      scriptEncodings.add(String(headers['content-encoding'] ?? 'none'));
    });
    await page.addInitScript((selector: string) => {
      const w = window as unknown as { __usableAt?: number };
      new MutationObserver((_m, obs) => {
        if (w.__usableAt === undefined && document.querySelector(selector)) {
          w.__usableAt = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, USABLE);
    await page.goto(url, { waitUntil: 'commit' });
    const pay = page.locator(USABLE);
    await pay.waitFor({ state: 'visible', timeout: 60_000 });
    const ms = await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt);
    await page.waitForLoadState('networkidle');
    return { ms, payEnabled: await pay.isEnabled(), wire, decoded, scriptEncodings: [...scriptEncodings] };
  } finally {
    await page.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Median time to a usable page over RUNS visits, each in a fresh (cold) or the same (warm) context. */
async function timeVisits(browser: Browser, url: string, slowdown: number, warm: boolean) {
  const newContext = () =>
    browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const times: number[] = [];
  let payEnabled = true;
  let last: Visit | undefined;
  if (warm) {
    const context = await newContext();
    await visit(context, url, 1); // fills the HTTP cache
    for (let i = 0; i < RUNS; i++) {
      const v = await visit(context, url, slowdown);
      times.push(v.ms);
      payEnabled &&= v.payEnabled;
      last = v;
    }
    await context.close();
  } else {
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext();
      const v = await visit(context, url, slowdown);
      times.push(v.ms);
      payEnabled &&= v.payEnabled;
      last = v;
      await context.close();
    }
  }
  return { ms: median(times), payEnabled, last: last as Visit };
}

/**
 * The back-office's first load: a seller already signed in opens the app's address in a fresh
 * context (cold cache) and lands on the dashboard. Every script the page fetched until the
 * dashboard's figures show and the network is idle is counted, gzipped here (level 9) from
 * web/dist like the checkout's, and as it travelled. Lazy chunks fetched later (other screens)
 * are not part of it. `CHECKOUT_BENCH_LIST=1` prints those scripts, heaviest first.
 */
async function backOfficeFirstLoad(browser: Browser, origin: string, jar: Record<string, string>) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies(Object.entries(jar).map(([name, value]) => ({ name, value, url: origin })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, string>();
    let wire = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, new URL(e.response.url).pathname);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) wire += e.encodedDataLength;
    });
    const t0 = Date.now();
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    await page.locator(BACK_OFFICE_READY).waitFor({ state: 'visible', timeout: 60_000 });
    const readyMs = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    const files = [...new Set(scripts.values())].map((p) => p.replace(/^\//, ''));
    const gzip = files.reduce((s, f) => s + (existsSync(path.join(DIST, f)) ? gzipSize(f) : 0), 0);
    const landed = new URL(page.url()).pathname;
    if (process.env.CHECKOUT_BENCH_LIST === '1') {
      const sized = files.map((f) => ({ f, gz: existsSync(path.join(DIST, f)) ? gzipSize(f) : 0 }));
      for (const { f, gz } of sized.sort((a, b) => b.gz - a.gz)) console.log(`${kb(gz).padStart(9)}  ${f}`);
    }
    return { files: files.length, gzip, wire, readyMs, landed };
  } finally {
    await context.close();
  }
}

function printCheckoutTable(rows: string[][]) {
  const header = ['case', 'runs', 'checkout', 'baseline', 'ratio', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log('\nLiveCart checkout route (Chromium, 390×844)\n');
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log('');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function checkoutBench(): Promise<void> {
  if (process.env.CHECKOUT_BENCH_SKIP_BUILD !== '1') {
    console.log('building web (npm run build -w web)…');
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'ignore' });
  }
  const sizes = checkoutRouteSizes();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-bench-checkout-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    { authSecret: 'bench-secret-bench-secret-bench-secret', pgliteDir: 'memory://', smtpUrl: undefined },
  );
  const rt = await createRuntime(config);
  let browser: Browser | undefined;
  try {
    await seedDemo(rt.deps.database.db, { force: true, embedded: true });
    const checkoutPath = await openDemoCart(rt);
    await rt.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = rt.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}${checkoutPath}`;
    browser = await chromium.launch({
      executablePath: await chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
    });
    // one throwaway visit: the server's first answers (JIT, PGlite caches) are not the page's cost
    await timeVisits(browser, url, 1, false);
    const coldSlow = await timeVisits(browser, url, CPU_SLOWDOWN, false);
    const seller = await signIn(rt, 'seller@demo.test', DEMO_PASSWORD);
    if (!seller.ok) throw new Error('demo seller sign-in failed');
    const backOffice = await backOfficeFirstLoad(browser, `http://127.0.0.1:${port}`, seller.jar);
    const coldFast = await timeVisits(browser, url, 1, false);
    const warmSlow = await timeVisits(browser, url, CPU_SLOWDOWN, true);
    const warmFast = await timeVisits(browser, url, 1, true);
    const total = sizes.entryJs + sizes.routeJs + sizes.languageJs;
    const routeFiles = sizes.files.filter((f) => f.part === 'route').length;
    const payNote = coldSlow.payEnabled ? '' : '; Pay disabled: the seller has no active payment method';
    const travelled = coldFast.last;
    printCheckoutTable([
      [
        'bytes on the wire, first visit',
        '1',
        kb(travelled.wire),
        kb(travelled.decoded),
        `${(travelled.wire / travelled.decoded).toFixed(2)}×`,
        `every request of the page as received (CDP encodedDataLength) vs decoded; scripts sent ${travelled.scriptEncodings.join(', ')}`,
      ],
      [
        'JS gzip, first visit',
        '-',
        kb(total),
        `${JS_TARGET_KB} KB target`,
        `${(total / 1024 / JS_TARGET_KB).toFixed(2)}×`,
        `entry ${kb(sizes.entryJs)} (shared by every page) + checkout ${kb(sizes.routeJs)} in ${routeFiles} chunks + French texts ${kb(sizes.languageJs)} (the shopper's part and the contract's messages)`,
      ],
      [
        'back office JS gzip, first load',
        '1',
        kb(backOffice.gzip),
        `${BACK_OFFICE_TARGET_KB} KB target`,
        `${(backOffice.gzip / 1024 / BACK_OFFICE_TARGET_KB).toFixed(2)}×`,
        `signed-in seller opens / → ${backOffice.landed}: ${backOffice.files} scripts until the dashboard's figures show and the network is idle, without scrolling (the tables below the fold load as they come into view) (${kb(backOffice.wire)} as sent), 1440×900, no slowdown, ${backOffice.readyMs} ms`,
      ],
      [
        'CSS gzip, first visit',
        '-',
        kb(sizes.css),
        '-',
        '-',
        'entry CSS + checkout CSS (antd styles are CSS-in-JS)',
      ],
      [
        `usable, cold cache, ${CPU_SLOWDOWN}× CPU`,
        String(RUNS),
        `${coldSlow.ms.toFixed(0)} ms`,
        `${coldFast.ms.toFixed(0)} ms`,
        `${(coldSlow.ms / coldFast.ms).toFixed(2)}×`,
        `median; baseline: same page, no slowdown${payNote}`,
      ],
      [
        `usable, warm cache, ${CPU_SLOWDOWN}× CPU`,
        String(RUNS),
        `${warmSlow.ms.toFixed(0)} ms`,
        `${warmFast.ms.toFixed(0)} ms`,
        `${(warmSlow.ms / warmFast.ms).toFixed(2)}×`,
        'median; repeat visit, assets from the HTTP cache',
      ],
    ]);
  } finally {
    await browser?.close();
    await rt.close();
  }
}
