import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { seedDemo } from '../../server/src/db/seed-demo.ts';
import { createRuntime } from '../../server/src/runtime.ts';
import { authBench } from './auth.ts';
import { productsBench } from './products.ts';
import { printTable, type Row } from './table.ts';

/**
 * `npm run bench`: each case runs the product's code path and a baseline doing the same work in
 * raw SQL, in the same process, and prints the ratio; absolute times vary with the machine.
 */
async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-bench-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL },
    { authSecret: 'bench-secret-bench-secret-bench-secret', pgliteDir: 'memory://' },
  );
  const rt = await createRuntime(config);
  await seedDemo(rt.deps.database.db, { force: true, embedded: true });
  const rows: Row[] = [];
  rows.push(...(await authBench(rt)));
  rows.push(...(await productsBench(rt)));
  printTable(`LiveCart benchmarks (${rt.deps.database.kind})`, rows);
  await rt.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
