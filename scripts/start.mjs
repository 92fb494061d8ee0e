// npm start: builds the web app when it is missing or older than its sources, then starts the
// server (migrations, demo seed on an empty embedded database, web app and API on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'web/dist/index.html');
// the public pages' server build, written by the same `npm run build -w web`
const siteBuilt = path.join(root, 'web/dist-server/render.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = [path.join(root, 'web/src'), path.join(root, 'contract/src')];
const stale =
  !existsSync(built) || !existsSync(siteBuilt) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A PostgreSQL server means a deployment (production unless NODE_ENV says otherwise); the
// embedded database is a machine trying the product (development: demo, sandbox, mailbox).
const mode = process.env.DATABASE_URL ? 'production' : 'development';
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'server/src/main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { NODE_ENV: mode, ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
