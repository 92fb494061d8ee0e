import cluster, { type Worker } from 'node:cluster';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './demo.ts';
import { createRuntime } from './runtime.ts';

/** A worker that dies sooner than this after its start counts as a failed start (backoff grows). */
const STEADY_MS = 30_000;
/** Pause before starting a worker again after a failed start: doubled each time, up to the maximum. */
const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** How long the primary waits for its workers to close on SIGTERM before killing them. */
const STOP_WAIT_MS = 30_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Start: config → database (migrate, seed) → app → worker → listen. With WEB_CONCURRENCY above 1
 * this process is the cluster's primary: it migrates and seeds once, then starts that many server
 * processes sharing the port (see {@link supervise}); each runs this function as a worker.
 */
async function main() {
  const config = readConfig();
  const wantDemo = process.argv.includes('--demo');
  if (config.processes > 1 && cluster.isPrimary) return supervise(config, wantDemo);
  const runtime = await createRuntime(config);
  // In a cluster the primary seeded before starting the workers.
  const seeded = cluster.isWorker
    ? false
    : await seedDemoData(runtime, { force: wantDemo, embedded: !config.databaseUrl });
  await runtime.worker.start();
  await runtime.app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) console.log(banner(config, seeded));
  let stopping = false;
  const stop = async () => {
    // Ctrl-C reaches a cluster's workers twice: from the terminal and from the primary.
    if (stopping) return;
    stopping = true;
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function banner(config: Config, seeded: boolean): string {
  const lines = [
    '',
    `  LiveCart is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL server' : `embedded (${config.pgliteDir})`}`,
    `  Listening on: ${config.host}:${config.port}${config.host.startsWith('127.') ? ' (this machine only; HOST opens it)' : ''}`,
    ...(config.processes > 1 ? [`  Server processes: ${config.processes} (WEB_CONCURRENCY)`] : []),
    `  Mail: ${
      config.smtpUrl
        ? 'SMTP'
        : config.devMailbox
          ? `kept at ${config.publicUrl}/dev/mailbox (for this machine only)`
          : 'kept in the database table mailbox (no SMTP_URL)'
    }`,
  ];
  if (seeded || (!config.databaseUrl && config.env !== 'production')) {
    lines.push(
      '',
      '  Demo accounts (password demo1234):',
      '    admin@demo.test',
      '    seller@demo.test',
      '    buyer@demo.test',
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The cluster's primary serves nothing itself. It migrates the database and seeds the demo once
 * (so no two processes migrate at once), then keeps `config.processes` workers listening on the
 * port (node:cluster hands each connection to one of them): a worker that dies is started again,
 * at once when it had been up a while, else after a pause that doubles with each failed start (a
 * database that is down does not make it spin). SIGTERM and SIGINT are passed on to the workers,
 * which close their streams and connections; the primary exits once they all have (0 when each
 * closed cleanly), killing those still running after STOP_WAIT_MS.
 */
async function supervise(config: Config, wantDemo: boolean) {
  const runtime = await createRuntime(config, { sweeper: false, billing: false });
  let seeded: boolean;
  try {
    seeded = await seedDemoData(runtime, { force: wantDemo, embedded: false });
  } finally {
    await runtime.close();
  }

  const startedAt = new Map<number, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let failedStarts = 0;
  let stopping = false;
  let uncleanExit = false;
  let announced = false;
  const listening = new Set<number>();

  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('listening', (worker: Worker) => {
    listening.add(worker.id);
    if (!announced && listening.size >= config.processes) {
      announced = true;
      console.log(banner(config, seeded));
    }
  });
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    listening.delete(worker.id);
    if (stopping) {
      if (code !== 0) uncleanExit = true;
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(uncleanExit ? 1 : 0);
      return;
    }
    failedStarts = lived >= STEADY_MS ? 0 : failedStarts + 1;
    const delay = failedStarts ? Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** (failedStarts - 1)) : 0;
    console.error(
      `Server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another${delay ? ` in ${delay / 1000} s` : ''}`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      start();
    }, delay);
    restarts.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (!workers.length) process.exit(0);
    for (const w of workers) w.process.kill(signal);
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_WAIT_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < config.processes; i++) start();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
