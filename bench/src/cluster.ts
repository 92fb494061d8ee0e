/**
 * `npm run bench -- cluster`: the live bench's "as fast as possible" comment stream (live.ts)
 * against the server as child processes on one PostgreSQL: (a) one server process, (b)
 * WEB_CONCURRENCY=2, two processes sharing the port (node:cluster), in `CLUSTER_BENCH_ROUNDS` (2)
 * interleaved rounds. Each run starts `npm start`'s entry (server/src/main.ts) as in production
 * (outbox worker, sweepers and every periodic job on), warms it up, feeds it for a few seconds and
 * stops it. Prints comments/s of each, the ratio of (b) to (a), the latencies, the servers' CPU
 * and the machine's, and checks that no stock was oversold and every comment was decided.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/src/config.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import {
  freePort,
  oversell,
  percentile,
  printGrid,
  runStep,
  type StepResult,
  setUp,
  startPostgres,
} from './live.ts';

const SECRET = 'bench-secret-bench-secret-bench-secret';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');
/** Comments/s and seconds per server process of the unmeasured warm-up of each run. */
const WARM_UP_RATE = 200;
const WARM_UP_SECONDS = 3;
/** Seconds of the measured stream of each run. */
const SECONDS = 8;
/** Comments/s one process is expected to take (sizes the stock of the first run; the next use what was seen). */
const EXPECTED_RATE = 1_500;
/**
 * Rounds of (one process, two processes), interleaved so that a neighbour's load on a shared
 * machine weighs on both alike; the ratio compares the best run of each.
 */
const ROUNDS = Number(process.env.CLUSTER_BENCH_ROUNDS) || 2;

interface Server {
  base: string;
  child: ChildProcess;
  output: string[];
}

async function startServer(databaseUrl: string, processes: number): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: SECRET,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'livecart-bench-proc-')),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(processes),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    if (output.join('').includes('LiveCart is running')) return { base, child, output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output.join('')}`);
}

function stopServer(s: Server): Promise<number | null> {
  if (s.child.exitCode !== null) return Promise.resolve(s.child.exitCode);
  return new Promise((resolve) => {
    const kill = setTimeout(() => s.child.kill('SIGKILL'), 30_000);
    s.child.once('exit', (code) => {
      clearTimeout(kill);
      resolve(code);
    });
    s.child.kill('SIGTERM');
  });
}

/** CPU seconds used so far by `pid` and every process under it (a cluster's workers), from /proc. */
function treeCpuSeconds(pid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      // fields after the command name (which may hold spaces): state ppid … utime(14) stime(15)
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const walk = (p: number) => {
    ticks += stats.get(p)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === p) walk(child);
  };
  walk(pid);
  return ticks / 100;
}

interface Run {
  label: string;
  processes: number;
  step: StepResult;
  /** The server processes' CPU over the step, in cores. */
  serverCores: number;
}

async function measure(
  rt: Runtime,
  postgresUrl: string,
  fx: Awaited<ReturnType<typeof setUp>>,
  processes: number,
  expected: number,
): Promise<Run> {
  const server = await startServer(postgresUrl, processes);
  try {
    const pid = server.child.pid as number;
    // Warm-up (JIT, pool connections, plans), as long for each process (every process compiles
    // the same code: a short warm-up split between two would charge them twice the compiling).
    await runStep(rt, server.base, fx, WARM_UP_RATE, WARM_UP_SECONDS * processes);
    const cpu0 = treeCpuSeconds(pid);
    const t0 = performance.now();
    const step = await runStep(rt, server.base, fx, null, SECONDS, expected);
    const serverCores = (treeCpuSeconds(pid) - cpu0) / ((performance.now() - t0) / 1000);
    return {
      label: processes === 1 ? '1 server process' : `${processes} processes (WEB_CONCURRENCY=${processes})`,
      processes,
      step,
      serverCores,
    };
  } finally {
    const code = await stopServer(server);
    if (code !== 0)
      console.error(`cluster bench: the server exited with ${code}: ${server.output.join('').slice(-2000)}`);
  }
}

export async function clusterBench(): Promise<void> {
  const postgres = await startPostgres();
  const stopOnSignal = () => {
    postgres.stop();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  process.once('exit', postgres.stop);
  let rt: Runtime | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-bench-'));
  try {
    // This process migrates, makes the seller, the products and the stock, and reads the outcome;
    // the servers take the comments.
    const config = loadConfig(
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: postgres.url },
      { authSecret: SECRET },
    );
    rt = await createRuntime(config);
    const fx = await setUp(rt);
    console.error(`cluster bench: ${postgres.label}; session ${fx.sessionId}`);
    const runs: Run[] = [];
    const rate = (r: Run) => (r.step.comments / r.step.wallMs) * 1000;
    const best = (processes: number) =>
      Math.max(0, ...runs.filter((r) => r.processes === processes).map(rate));
    for (let round = 1; round <= ROUNDS; round++) {
      console.error(`cluster bench: round ${round}, one process…`);
      runs.push(await measure(rt, postgres.url, fx, 1, best(1) || EXPECTED_RATE));
      console.error(`cluster bench: round ${round}, WEB_CONCURRENCY=2…`);
      runs.push(await measure(rt, postgres.url, fx, 2, (best(2) || best(1) * 2) * 1.2));
      if (ROUNDS > 1) for (const r of runs.slice(-2)) r.label += `, round ${round}`;
    }
    const one = best(1);
    const check = await oversell(rt, fx);

    const body = runs.map(({ label, step: s, serverCores }) => {
      const sorted = [...s.latencies].sort((a, b) => a - b);
      const throughput = (s.comments / s.wallMs) * 1000;
      const o = s.outcomes;
      return [
        label,
        String(s.comments),
        throughput.toFixed(0),
        `${(throughput / one).toFixed(2)}×`,
        percentile(sorted, 0, 50),
        percentile(sorted, 0, 99),
        `${s.server[0].toFixed(0)} / ${s.server[1].toFixed(0)}`,
        `${(serverCores * 100).toFixed(0)}%`,
        ((serverCores * s.wallMs) / Math.max(1, s.comments)).toFixed(2),
        `${(s.machineCpu * cpus().length * 100).toFixed(0)}%`,
        `${o.cart ?? 0}/${o.waiting ?? 0}/${o.no_match ?? 0}/${(o.error ?? 0) + (o.unprocessed ?? 0) + s.errors}`,
      ];
    });
    printGrid(
      `Live claim on several server processes (${postgres.label}; ${SECONDS} s as fast as possible, ` +
        `server as child processes on 127.0.0.1, ${cpus().length} cores shared with PostgreSQL and this load generator)`,
      [
        'servers',
        'comments',
        'processed/s',
        'vs 1 process',
        'post p50 ms',
        'post p99 ms',
        'stored→claimed p50/p99',
        'CPU servers',
        'server CPU ms/comment',
        'CPU machine',
        'cart/wait/none/err',
      ],
      body,
    );
    const undecided = runs.reduce(
      (n, r) => n + (r.step.outcomes.error ?? 0) + (r.step.outcomes.unprocessed ?? 0) + r.step.errors,
      0,
    );
    const ratio = best(2) / one;
    console.log(
      `Two processes: ${ratio.toFixed(2)}× one process's comments/s, best run of each (goal ≥ 1.6×). ` +
        `CPU: the server processes' CPU over the step (100% = one core) and per comment (what bounds ` +
        `a process: cores it can get ÷ CPU per comment), and the whole machine's ` +
        `(${cpus().length * 100}% = all cores: PostgreSQL, the load generator and anything else running).` +
        ` Post: a post's response time (a full batch queued at each tick).`,
    );
    console.log(
      `Oversell: ${check.negative} configurations below 0, ${check.mismatched} of ${check.configs} where ` +
        `stock + articles in open carts ≠ stock added; ${check.idle} with free stock while someone waits. ` +
        `Undecided or failed comments: ${undecided}.`,
    );
    if (check.negative || check.mismatched || check.idle || undecided) process.exitCode = 1;
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    await rt?.close().catch((err: Error) => console.error(`cluster bench: closing failed: ${err.message}`));
    postgres.stop();
    process.off('exit', postgres.stop);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
