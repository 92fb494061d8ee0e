import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/db/seed-demo.ts';
import { createRuntime } from '../../server/src/runtime.ts';
import { authBench } from './auth.ts';
import { checkoutBench } from './checkout.ts';
import { clusterBench } from './cluster.ts';
import { listsBench } from './lists.ts';
import { liveBench } from './live.ts';
import { livesBench } from './lives.ts';
import { ordersBench } from './orders.ts';
import { productsBench } from './products.ts';
import { publicBench } from './public.ts';
import { shopsyncBench } from './shopsync.ts';
import { stormBench } from './storm.ts';
import { printTable, type Row } from './table.ts';

/**
 * `npm run bench`: each case runs the product's code path and a baseline doing the same work in
 * raw SQL, in the same process, and prints the ratio; absolute times vary with the machine.
 * `npm run bench -- auth products live` runs the named suites; without names, `auth` and
 * `products`. `live` runs on a real PostgreSQL server of its own (see live.ts), `storm` too, with
 * the server as a child process killed in the middle of a comment storm (see storm.ts); `checkout` builds
 * the web app and times the checkout page in Chromium (see checkout.ts); `orders` loads 1,000,000
 * orders into a PostgreSQL server of its own and prints the p95 of the Orders screen's list calls
 * against their SQL alone (see orders.ts); `public` runs Lighthouse (mobile) on the public site's
 * home, pricing and live-selling guide in Chromium and prints the scores (see public.ts);
 * `shopsync` imports a shop's catalogue of 2,000 products × 10 variants against the CSV import and
 * raw INSERTs of the same rows, on PGlite and on `DATABASE_URL` when set (see shopsync.ts); `lives`
 * runs 20 sellers' lives at once, then with a storm on one more, and prints each live's p99 and
 * the fairness between them (see lives.ts); `cluster` feeds the live bench's comment stream to one
 * server process and to WEB_CONCURRENCY=2 (child processes on a PostgreSQL server of its own) and
 * prints the ratio (see cluster.ts); `lists` calls every list of SPEC §7 through the app at a
 * large seller's size, with the orders' data plus products, live comments and the rest (see
 * lists.ts).
 */
const SUITES = [
  'auth',
  'products',
  'live',
  'lives',
  'storm',
  'checkout',
  'orders',
  'public',
  'shopsync',
  'cluster',
  'lists',
] as const;

async function main() {
  const named = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = named.filter((n) => !(SUITES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(', ')}; suites: ${SUITES.join(', ')}`);
  const suites = new Set(named.length ? named : ['auth', 'products']);
  if (suites.has('auth') || suites.has('products')) await tableSuites(suites);
  if (suites.has('live')) await liveBench();
  if (suites.has('lives')) await livesBench();
  if (suites.has('storm')) await stormBench();
  if (suites.has('checkout')) await checkoutBench();
  if (suites.has('orders')) await ordersBench();
  if (suites.has('public')) await publicBench();
  if (suites.has('shopsync')) await shopsyncBench();
  if (suites.has('cluster')) await clusterBench();
  if (suites.has('lists')) await listsBench();
}

async function tableSuites(suites: Set<string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-bench-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL },
    { authSecret: 'bench-secret-bench-secret-bench-secret', pgliteDir: 'memory://' },
  );
  const rt = await createRuntime(config);
  await seedDemo(rt.deps.database.db, { force: true, embedded: true });
  const rows: Row[] = [];
  if (suites.has('auth')) rows.push(...(await authBench(rt)));
  if (suites.has('products')) rows.push(...(await productsBench(rt)));
  printTable(`LiveCart benchmarks (${rt.deps.database.kind})`, rows);
  await rt.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
