/**
 * `npm run bench -- live` (issue 4): the live claim under an open-loop stream of comments, on a
 * real PostgreSQL server — `DATABASE_URL` when set, else a throwaway PostgreSQL cluster started
 * here (fsync on unless `LIVE_BENCH_FSYNC=off`) and removed at the end, even on failure.
 *
 * One process holds the app (listening on 127.0.0.1, outbox worker running as in production) and
 * the load generator, which posts comments like a capture tool: every 20 ms, whatever arrived
 * since the last post, as one `POST /api/add-live-messages` with `X-Ingest-Token`, at most
 * {@link IN_FLIGHT} requests in flight (comments arriving meanwhile queue up and are sent in the
 * next post). The request answers once every comment of the batch has been claimed (one committed
 * transaction per comment), so a comment's latency is its response time minus its scheduled
 * arrival time: queueing before sending included.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { client, makeSeller } from '../../server/test/helpers.ts';
import { configuredBody, createProduct, loadRefs } from '../../server/test/product-fixtures.ts';

const PRODUCTS = 20;
const VIEWERS = 1_000;
/**
 * Offered rates (comments/s), each for STEP_SECONDS, then a step as fast as possible;
 * `LIVE_BENCH_RATES=1000,3000` runs those steps only (comparing two versions of the claim).
 */
const RATES = process.env.LIVE_BENCH_RATES?.split(',')
  .map(Number)
  .filter((r) => r > 0) ?? [100, 500, 1_000, 2_000, 3_000];
/** The same steps on the embedded PGlite (one boutique's database): lower rates. */
const PGLITE_RATES = [100, 500, 1_000];
const STEP_SECONDS = 5;
const MAX_STEP_SECONDS = 8;
const TICK_MS = 20;
const IN_FLIGHT = Number(process.env.LIVE_BENCH_IN_FLIGHT) || 4;
/** Most comments per post (the API takes up to 500; a backlog is sent as several posts). */
const BATCH_MAX = 100;
/** A step stops posting after this many times its duration; comments not posted by then are its backlog. */
const STEP_LIMIT = 2;
/** Share of comments without a keyword (chatter): claimed as `no_match`. */
const CHATTER = 0.1;
/** Stock added before each step, as a share of the articles the step's comments ask for. */
const STOCK_SHARE = 0.7;
const BASELINE_SECONDS = 3;

const COLORS = [
  ['red', 'rouge'],
  ['black', 'noir'],
] as const;
const SIZES = [
  ['letters:M', 'M'],
  ['letters:L', 'L'],
] as const;
const CHATTER_TEXTS = [
  'trop belle 😍',
  'bonsoir !',
  'vous livrez en Belgique ?',
  'elle taille grand ?',
  '❤️❤️',
];

export interface Postgres {
  url: string;
  label: string;
  statements: boolean;
  stop(): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `DATABASE_URL`, or a throwaway PostgreSQL cluster as `.ci/run` starts one (on `BENCH_PG_PORT`
 * when set, else a free port; in the system's temporary directory, `TMPDIR`). `fsync` defaults to
 * `LIVE_BENCH_FSYNC` (on unless `off`).
 */
export async function startPostgres(opts: { fsync?: 'on' | 'off' } = {}): Promise<Postgres> {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, label: 'DATABASE_URL', statements: false, stop() {} };
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (!versions.length)
    throw new Error('no PostgreSQL binaries in /usr/lib/postgresql/*/bin; set DATABASE_URL');
  const bin = path.join(root, versions[versions.length - 1], 'bin');
  const dir = mkdtempSync(path.join(tmpdir(), 'livecart-bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
    }
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(dir, uid, -1);
  }
  const data = path.join(dir, 'data');
  const fsync = opts.fsync ?? (process.env.LIVE_BENCH_FSYNC === 'off' ? 'off' : 'on');
  let started = false;
  const stop = () => {
    try {
      if (started) run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
    } catch {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {}
    }
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    const port = Number(process.env.BENCH_PG_PORT) || (await freePort());
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      `-c fsync=${fsync}`,
      '-c max_connections=50',
      '-c shared_preload_libraries=pg_stat_statements',
      '-c pg_stat_statements.track=all',
    ];
    run('pg_ctl', ['-D', data, '-o', options.join(' '), '-l', path.join(dir, 'log'), '-w', 'start']);
    started = true;
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE livecart_bench');
    await admin.end();
    const version = /\d+\.\d+/.exec(execFileSync(path.join(bin, 'postgres'), ['--version']).toString())?.[0];
    return {
      url: `postgres://postgres@127.0.0.1:${port}/livecart_bench`,
      label: `throwaway PostgreSQL ${version}, fsync ${fsync}, synchronous_commit on`,
      statements: true,
      stop,
    };
  } catch (err) {
    stop();
    throw err;
  }
}

interface Fixture {
  api: Awaited<ReturnType<typeof client>>;
  sessionId: number;
  token: string;
  colorIds: number[];
  sizeIds: number[];
  /** The 20 hot products of the current step: keyword and configurations by colour × size. */
  products: { id: number; keyword: string; configs: { id: number; color: string; size: string }[] }[];
  /** Every configuration the bench created. */
  configIds: number[];
}

/** A seller with a live session (started) and a client signed in as them. */
async function setUp(rt: Runtime): Promise<Fixture> {
  const refs = await loadRefs(rt);
  const seller = await makeSeller(rt);
  const api = await client(rt, seller);
  const created = await api.post('/api/livesession', {
    event_date: '2026-12-01',
    event_time: '20:30',
    order_timer: 30,
  });
  if (created.statusCode !== 200) throw new Error(`POST livesession ${created.statusCode}: ${created.body}`);
  const sessionId = created.json().item.id as number;
  const started = await api.get(`/api/livesession/start/${sessionId}`);
  if (started.statusCode !== 200) throw new Error(`start ${started.statusCode}: ${started.body}`);
  const token = (await api.get(`/api/livesession/${sessionId}`)).json().item.ingest_token as string;
  return {
    api,
    sessionId,
    token,
    colorIds: COLORS.map(([code]) => refs.color[code]),
    sizeIds: SIZES.map(([code]) => refs.size[code]),
    products: [],
    configIds: [],
  };
}

/**
 * The hot products of a step: 20 new published products of 2 colours × 2 sizes with a keyword,
 * no stock yet; the previous step's products are unpublished, so each step starts with its own
 * stock and no waiting list (a waiting list is served before any new comment).
 */
async function hotProducts(rt: Runtime, fx: Fixture, step: number) {
  if (fx.products.length) {
    await rt.deps.database.raw('UPDATE products SET is_publish = false WHERE id = ANY($1::int[])', [
      fx.products.map((p) => p.id),
    ]);
  }
  fx.products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const product = await hotProduct(rt, fx, `s${step}robe${i + 1}`);
    fx.products.push(product);
    fx.configIds.push(...product.configs.map((c) => c.id));
  }
}

/** One published product of 2 colours × 2 sizes with `keyword`, no stock: its configurations by id. */
async function hotProduct(rt: Runtime, fx: Fixture, keyword: string): Promise<Fixture['products'][number]> {
  const product = await createProduct(
    fx.api,
    configuredBody(fx.colorIds, fx.sizeIds, {
      name: `Robe ${keyword}`,
      keywords: keyword,
      isPublish: true,
    }),
  );
  const rows = await rt.deps.database.raw<{ id: number; color_id: number; size_id: number }>(
    'UPDATE product_configurations SET quantity = 0 WHERE product_id = $1 RETURNING id, color_id, size_id',
    [product.id],
  );
  rows.sort((a, b) => a.id - b.id);
  return {
    id: product.id,
    keyword,
    configs: rows.map((r) => ({
      id: r.id,
      color: COLORS[fx.colorIds.indexOf(r.color_id)][1],
      size: SIZES[fx.sizeIds.indexOf(r.size_id)][1],
    })),
  };
}

interface Comment {
  id: string;
  from: { id: string; name: string };
  message: string;
  created_time: string;
}

let seq = 0;
/** Deterministic pseudo-random numbers, so every run posts the same comments. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x80000000;
};

/** A comment from one of the 1,000 viewers: an order on a hot product (sometimes ×2), or chatter. */
function nextComment(fx: Fixture): { comment: Comment; configId: number | null; quantity: number } {
  seq++;
  const v = Math.floor(random() * VIEWERS);
  const from = { id: `bench-viewer-${v}`, name: `Viewer ${v}` };
  const base = { id: `bench-${seq}`, from, created_time: new Date().toISOString() };
  if (random() < CHATTER) {
    const message = CHATTER_TEXTS[Math.floor(random() * CHATTER_TEXTS.length)];
    return { comment: { ...base, message }, configId: null, quantity: 0 };
  }
  const p = fx.products[Math.floor(random() * fx.products.length)];
  const c = p.configs[Math.floor(random() * p.configs.length)];
  const quantity = random() < 0.1 ? 2 : 1;
  const message = `${p.keyword} ${c.color} ${c.size}${quantity > 1 ? ' x2' : ''}`;
  return { comment: { ...base, message }, configId: c.id, quantity };
}

/** Stock per configuration added so far (new configurations start at 0). */
const added = new Map<number, number>();

/** Adds stock for a step: STOCK_SHARE of what its comments ask for, per configuration. */
async function addStock(rt: Runtime, demand: Map<number, number>) {
  for (const [id, asked] of demand) {
    const more = Math.floor(asked * STOCK_SHARE);
    if (!more) continue;
    added.set(id, (added.get(id) ?? 0) + more);
    await rt.deps.database.raw('UPDATE product_configurations SET quantity = quantity + $2 WHERE id = $1', [
      id,
      more,
    ]);
  }
}

let steps = 0;

/** Client round trips of every pg connection in this process (app, outbox worker), and their time. */
const trips = { calls: 0, ms: 0 };
function countRoundTrips() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    trips.calls++;
    const t0 = performance.now();
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = function (this: unknown, ...r: unknown[]) {
        trips.ms += performance.now() - t0;
        return last.apply(this, r);
      };
      return original.apply(this, args);
    }
    const res = original.apply(this, args);
    if (res instanceof Promise) {
      return res.then(
        (v) => {
          trips.ms += performance.now() - t0;
          return v;
        },
        (e) => {
          trips.ms += performance.now() - t0;
          throw e;
        },
      );
    }
    return res;
  };
}

interface StepResult {
  label: string;
  offered: number | null;
  comments: number;
  wallMs: number;
  latencies: number[];
  /** Comments that had arrived but were never posted (the step gave up): infinitely late. */
  backlog: number;
  requests: number;
  meanBatch: number;
  errors: number;
  nodeCpu: number;
  machineCpu: number;
  trips: number;
  tripMs: number;
  /** p50 / p99 of `processed_at - received_at` (stored → claimed, inside the server), ms. */
  server: [number, number];
  /**
   * Comments decided per second while the step runs, from its first second to its end (by
   * `processed_at`): the rate the claim keeps up with, apart from the warm-up and from the last
   * posts' latency, which `comments / wallMs` counts as time.
   */
  steady: number;
  outcomes: Record<string, number>;
}

function machineTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + (cpu[4] ?? 0);
  return { idle, total: cpu.reduce((a, b) => a + b, 0) };
}

/**
 * One step: comments arrive at `rate` per second for `seconds` (or, with `rate` null, as fast as
 * they are taken: a full queue at every tick), posted every TICK_MS.
 */
async function runStep(
  rt: Runtime,
  base: string,
  fx: Fixture,
  rate: number | null,
  seconds: number,
  expectedRate = 1_000,
): Promise<StepResult> {
  await hotProducts(rt, fx, ++steps);
  const count = rate ? rate * seconds : Math.ceil(seconds * 3_000);
  const planned = Array.from({ length: count }, () => nextComment(fx));
  const demand = new Map<number, number>();
  for (const p of planned) if (p.configId) demand.set(p.configId, (demand.get(p.configId) ?? 0) + p.quantity);
  // As fast as possible: stock for the part of the backlog the step is expected to take.
  const share = rate ? 1 : Math.min(1, (expectedRate * seconds) / count);
  if (!rate) for (const [id, q] of demand) demand.set(id, Math.ceil(q * share));
  await addStock(rt, demand);
  // The planner's statistics as autovacuum keeps them during a live that has run a minute or more
  // (the bench's tables grow from nothing within seconds, faster than its one-minute round).
  await rt.deps.database.raw('ANALYZE');
  const [{ max_id }] = await rt.deps.database.raw<{ max_id: number }>(
    'SELECT coalesce(max(id), 0)::int AS max_id FROM live_comments',
  );

  const url = `${base}/api/add-live-messages?sessionId=${fx.sessionId}`;
  const headers = { 'content-type': 'application/json', 'x-ingest-token': fx.token };
  const latencies: number[] = [];
  let inFlight = 0;
  let next = 0;
  let requests = 0;
  let sentComments = 0;
  let errors = 0;
  const pendingRequests = new Set<Promise<void>>();
  const cpu0 = process.cpuUsage();
  const trips0 = { ...trips };
  const m0 = machineTicks();
  const wallStart = Date.now();
  const start = performance.now();
  const arrival = (i: number) => start + (i * 1000) / (rate as number);
  const deadline = start + seconds * 1000;
  const giveUp = start + STEP_LIMIT * seconds * 1000;
  let lastDone = start;

  const post = (batch: { comment: Comment }[], arrivals: number[]) => {
    inFlight++;
    requests++;
    sentComments += batch.length;
    const p = (async () => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ messages: batch.map((b) => b.comment) }),
        });
        const body = await res.text();
        if (res.status !== 200) {
          errors += batch.length;
          if (errors <= batch.length) console.error(`add-live-messages ${res.status}: ${body.slice(0, 300)}`);
          return;
        }
        const done = performance.now();
        lastDone = Math.max(lastDone, done);
        for (const a of arrivals) latencies.push(done - a);
      } catch (err) {
        errors += batch.length;
        console.error(err);
      } finally {
        inFlight--;
      }
    })();
    pendingRequests.add(p);
    void p.finally(() => pendingRequests.delete(p));
  };

  while (next < count) {
    const now = performance.now();
    if (rate) {
      if (now >= giveUp) break;
      // Whatever arrived since the last post, when a request slot is free.
      if (inFlight < IN_FLIGHT) {
        let end = next;
        while (end < count && arrival(end) <= now && end - next < BATCH_MAX) end++;
        if (end > next) {
          const arrivals = Array.from({ length: end - next }, (_, k) => arrival(next + k));
          post(planned.slice(next, end), arrivals);
          next = end;
        }
      }
    } else {
      if (now >= deadline) break;
      // A capture tool with a backlog: one full batch per tick when a slot is free.
      if (inFlight < IN_FLIGHT) {
        const end = Math.min(count, next + BATCH_MAX);
        post(
          planned.slice(next, end),
          Array.from({ length: end - next }, () => now),
        );
        next = end;
      }
    }
    await sleep(TICK_MS);
  }
  while (pendingRequests.size) await Promise.all([...pendingRequests]);
  const wallMs = lastDone - start;
  const cpu = process.cpuUsage(cpu0);
  const stepTrips = trips.calls - trips0.calls;
  const stepTripMs = trips.ms - trips0.ms;
  const m1 = machineTicks();
  const busy = 1 - (m1.idle - m0.idle) / Math.max(1, m1.total - m0.total);
  const outcomes = Object.fromEntries(
    (
      await rt.deps.database.raw<{ outcome: string | null; n: number }>(
        'SELECT outcome, count(*)::int AS n FROM live_comments WHERE session_id = $1 AND id > $2 GROUP BY 1',
        [fx.sessionId, max_id],
      )
    ).map((r) => [r.outcome ?? 'unprocessed', r.n]),
  );
  const [server] = await rt.deps.database.raw<{ p50: number | null; p99: number | null }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99
     FROM (SELECT extract(epoch FROM processed_at - received_at) * 1000 AS ms FROM live_comments
           WHERE session_id = $1 AND id > $2 AND processed_at IS NOT NULL) t`,
    [fx.sessionId, max_id],
  );
  const [{ decided }] = await rt.deps.database.raw<{ decided: number }>(
    `SELECT count(*)::int AS decided FROM live_comments
     WHERE session_id = $1 AND id > $2 AND processed_at >= to_timestamp($3::float8 / 1000)
       AND processed_at < to_timestamp($4::float8 / 1000)`,
    [fx.sessionId, max_id, wallStart + 1000, wallStart + seconds * 1000],
  );
  return {
    server: [server.p50 ?? Number.NaN, server.p99 ?? Number.NaN],
    steady: decided / (seconds - 1),
    label: rate
      ? `${rate.toLocaleString('en')}/s offered, ${seconds} s`
      : `as fast as possible, ${seconds} s`,
    offered: rate,
    comments: sentComments - errors,
    wallMs,
    latencies,
    backlog: rate ? count - next : 0,
    requests,
    meanBatch: sentComments / Math.max(1, requests),
    errors,
    nodeCpu: (cpu.user + cpu.system) / 1000 / wallMs,
    machineCpu: busy,
    trips: stepTrips / Math.max(1, sentComments - errors),
    tripMs: stepTripMs / Math.max(1, stepTrips),
    outcomes,
  };
}

/** The p-th percentile in ms, counting the backlog as later than anything measured. */
function percentile(sorted: number[], backlog: number, p: number) {
  const rank = Math.ceil((p / 100) * (sorted.length + backlog)) - 1;
  if (rank >= sorted.length) return `> ${(sorted[sorted.length - 1] ?? 0).toFixed(0)}`;
  return sorted[Math.max(0, rank)].toFixed(1);
}

/**
 * Configurations where stock went negative or stock + articles in open carts ≠ stock ever added,
 * and those with free stock while someone waits for them.
 */
async function oversell(rt: Runtime, fx: Fixture) {
  const rows = await rt.deps.database.raw<{ id: number; quantity: number; held: number }>(
    `SELECT c.id, c.quantity,
       coalesce((SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
                 WHERE i.configuration_id = c.id AND o.status = 'new'), 0)::int AS held
     FROM product_configurations c WHERE c.id = ANY($1::int[])`,
    [fx.configIds],
  );
  let negative = 0;
  let mismatched = 0;
  let held = 0;
  for (const r of rows) {
    held += r.held;
    if (r.quantity < 0) negative++;
    if (r.quantity + r.held !== (added.get(r.id) ?? 0)) mismatched++;
  }
  const [{ waiting, idle }] = await rt.deps.database.raw<{ waiting: number; idle: number }>(
    `SELECT count(*)::int AS waiting,
       (SELECT count(*) FROM product_configurations c WHERE c.id = ANY($2::int[]) AND c.quantity > 0
          AND EXISTS (SELECT 1 FROM waiting_list w WHERE w.configuration_id = c.id AND w.status = 'waiting'))::int
         AS idle
     FROM waiting_list WHERE session_id = $1`,
    [fx.sessionId, fx.configIds],
  );
  return { negative, mismatched, held, waiting, idle, configs: rows.length };
}

/**
 * Every reply sent once: the session's comments that get a private reply (every outcome but
 * no_match), their outbox jobs (one per comment, by its dedupe key), those done at their first
 * attempt, and the replies recorded as sent (one row per comment at most).
 */
async function replies(rt: Runtime, fx: Fixture) {
  const [r] = await rt.deps.database.raw<{ expected: number; queued: number; once: number; sent: number }>(
    `SELECT
       (SELECT count(*) FROM live_comments WHERE session_id = $1
          AND outcome IN ('cart', 'waiting', 'chatbot', 'blocked', 'answered'))::int AS expected,
       (SELECT count(*) FROM outbox WHERE kind = 'private_reply' AND dedupe_key LIKE $2)::int AS queued,
       (SELECT count(*) FROM outbox WHERE kind = 'private_reply' AND dedupe_key LIKE $2
          AND status = 'done' AND attempts = 1)::int AS once,
       (SELECT count(*) FROM private_replies WHERE session_id = $1)::int AS sent`,
    [fx.sessionId, `reply:${fx.sessionId}:%`],
  );
  return r;
}

/** The bare conditional UPDATE, IN_FLIGHT loops on the app's pool, on the same configurations. */
async function baseline(rt: Runtime, fx: Fixture) {
  await rt.deps.database.raw(
    'UPDATE product_configurations SET quantity = 1000000 WHERE id = ANY($1::int[])',
    [fx.configIds],
  );
  let ops = 0;
  const trips0 = { ...trips };
  const start = performance.now();
  const end = start + BASELINE_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < end) {
        const id = fx.configIds[Math.floor(random() * fx.configIds.length)];
        await rt.deps.database.raw(
          'UPDATE product_configurations SET quantity = quantity - 1 WHERE id = $1 AND quantity >= 1',
          [id],
        );
        ops++;
      }
    }),
  );
  const tripMs = (trips.ms - trips0.ms) / Math.max(1, trips.calls - trips0.calls);
  return { ops, perSecond: ops / ((performance.now() - start) / 1000), tripMs };
}

interface Statement {
  query: string;
  calls: number;
  total_ms: number;
  mean_ms: number;
}

/** The statements of the steps by total execution time, and the sum over all of them. */
async function topStatements(rt: Runtime): Promise<{ top: Statement[]; all: Statement }> {
  const from = `FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`;
  const top = await rt.deps.database.raw<Statement>(
    `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::int AS calls,
       round(total_exec_time::numeric, 1)::float AS total_ms, round(mean_exec_time::numeric, 3)::float AS mean_ms
     ${from} ORDER BY total_exec_time DESC LIMIT 25`,
  );
  const commits = await rt.deps.database.raw<Statement>(
    `SELECT query, calls::int AS calls, round(total_exec_time::numeric, 1)::float AS total_ms,
       round(mean_exec_time::numeric, 3)::float AS mean_ms ${from} AND upper(query) IN ('BEGIN', 'COMMIT')`,
  );
  const [all] = await rt.deps.database.raw<Statement>(
    `SELECT 'all statements' AS query, sum(calls)::int AS calls,
       round(sum(total_exec_time)::numeric, 1)::float AS total_ms, 0::float AS mean_ms ${from}`,
  );
  return { top: [...top, ...commits.filter((c) => !top.some((t) => t.query === c.query))], all };
}

/** A table in the layout of `printTable`, with the columns a step needs. */
export function printGrid(title: string, header: string[], body: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (c ?? '').padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log('');
}

/** What one database's run measured: its steps, checks and baseline. */
interface Run {
  name: string;
  steps: StepResult[];
  check: Awaited<ReturnType<typeof oversell>>;
  sent: Awaited<ReturnType<typeof replies>>;
  base0: Awaited<ReturnType<typeof baseline>>;
  statements: Awaited<ReturnType<typeof topStatements>> | null;
}

/**
 * The steps on one database: the app on `databaseUrl` (PostgreSQL), or on its embedded PGlite in
 * a fresh data directory when it is undefined.
 */
async function runOn(
  name: string,
  databaseUrl: string | undefined,
  rates: number[],
  statementsOn: boolean,
): Promise<Run> {
  let rt: Runtime | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-bench-'));
  added.clear();
  try {
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      { authSecret: 'bench-secret-bench-secret-bench-secret' },
    );
    rt = await createRuntime(config);
    await rt.worker.start();
    await rt.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = rt.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const fx = await setUp(rt);
    console.error(`live bench: ${name}; session ${fx.sessionId}`);

    // Warm-up (JIT, pool connections, plans): a few batches, not measured, stock left as is.
    await runStep(rt, base, fx, 50, 1);
    if (statementsOn) {
      await rt.deps.database.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await rt.deps.database.raw('SELECT pg_stat_statements_reset()');
    }
    const steps: StepResult[] = [];
    for (const rate of rates) {
      console.error(`live bench: ${name}, ${rate}/s…`);
      steps.push(await runStep(rt, base, fx, rate, STEP_SECONDS));
    }
    console.error(`live bench: ${name}, as fast as possible…`);
    const seen = Math.max(...steps.map((s) => (s.comments / s.wallMs) * 1000));
    steps.push(await runStep(rt, base, fx, null, MAX_STEP_SECONDS, seen * 1.2));
    await rt.worker.drain();
    const statements = statementsOn ? await topStatements(rt) : null;
    const check = await oversell(rt, fx);
    const sent = await replies(rt, fx);
    const base0 = await baseline(rt, fx);
    return { name, steps, check, sent, base0, statements };
  } finally {
    // A failure while closing is reported, not fatal (an error of the run itself still propagates).
    await rt
      ?.close()
      .catch((err: Error) => console.error(`live bench: closing the app failed: ${err.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The table's rows of one run: its steps, then its baseline. */
function runRows(run: Run, prefix: string, pg: boolean): string[][] {
  const { base0 } = run;
  const body = run.steps.map((s) => {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    const throughput = (s.comments / s.wallMs) * 1000;
    const o = s.outcomes;
    return [
      `${prefix}${s.label}`,
      `${s.comments}${s.backlog ? ` (+${s.backlog} unsent)` : ''}`,
      throughput.toFixed(0),
      s.steady.toFixed(0),
      s.offered ? percentile(sorted, s.backlog, 50) : '—',
      s.offered ? percentile(sorted, s.backlog, 99) : '—',
      `${s.server[0].toFixed(0)} / ${s.server[1].toFixed(0)}`,
      s.meanBatch.toFixed(1),
      pg ? `${s.trips.toFixed(1)} × ${s.tripMs.toFixed(2)} ms` : '—',
      `${(s.nodeCpu * 100).toFixed(0)}% / ${(s.machineCpu * cpus().length * 100).toFixed(0)}%`,
      `${o.cart ?? 0}/${o.waiting ?? 0}/${o.no_match ?? 0}/${(o.error ?? 0) + (o.unprocessed ?? 0) + s.errors}`,
      `${((throughput / base0.perSecond) * 100).toFixed(1)}%`,
    ];
  });
  body.push([
    `${prefix}baseline: bare conditional UPDATE`,
    String(base0.ops),
    base0.perSecond.toFixed(0),
    '',
    '—',
    '—',
    '',
    '1',
    pg ? `1 × ${base0.tripMs.toFixed(2)} ms` : '—',
    '',
    '',
    '100%',
  ]);
  return body;
}

/** The run's checks and best rate, as lines under the table. */
function printChecks(run: Run) {
  const { check, sent, base0 } = run;
  const best = Math.max(...run.steps.map((s) => (s.comments / s.wallMs) * 1000));
  const steady = Math.max(...run.steps.map((s) => s.steady));
  console.log(
    `${run.name}: max sustained ${best.toFixed(0)} comments/s = ${((best / base0.perSecond) * 100).toFixed(1)}% of ` +
      `the baseline's ${base0.perSecond.toFixed(0)} UPDATE/s (${IN_FLIGHT} loops on the app's pool); ` +
      `${steady.toFixed(0)} comments/s decided within a step, from its first second to its end.`,
  );
  console.log(
    `${run.name}: oversell: ${check.negative} configurations below 0, ${check.mismatched} of ${check.configs} where ` +
      `stock + articles in open carts ≠ stock added (${check.held} articles held, ${check.waiting} waiting-list rows); ` +
      `${check.idle} with free stock while someone waits.`,
  );
  console.log(
    `${run.name}: replies: ${sent.expected} comments to answer, ${sent.queued} replies queued, ` +
      `${sent.once} sent at their first attempt, ${sent.sent} recorded as sent.`,
  );
}

/** Whether a run broke a rule: oversell, a comment undecided, a reply missing or sent twice. */
function failed(run: Run) {
  const { check, sent } = run;
  const undecided = run.steps.some(
    (s) => s.errors || (s.outcomes.error ?? 0) || (s.outcomes.unprocessed ?? 0),
  );
  return (
    check.negative > 0 ||
    check.mismatched > 0 ||
    check.idle > 0 ||
    undecided ||
    sent.queued !== sent.expected ||
    sent.once !== sent.expected ||
    sent.sent !== sent.expected
  );
}

export async function liveBench(): Promise<void> {
  const postgres = await startPostgres();
  countRoundTrips();
  const stopOnSignal = () => {
    postgres.stop();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  // Even when something crashes the process (an uncaught error event), the cluster goes with it.
  process.once('exit', postgres.stop);
  try {
    const pgRun = await runOn('PostgreSQL', postgres.url, RATES, postgres.statements);
    // LIVE_BENCH_PGLITE=off: the PostgreSQL steps alone (a quicker run while working on the claim).
    const liteRun =
      process.env.LIVE_BENCH_PGLITE === 'off' ? null : await runOn('PGlite', undefined, PGLITE_RATES, false);
    printGrid(
      `Live claim (${postgres.label}, then the embedded PGlite; app on 127.0.0.1 over HTTP, ${IN_FLIGHT} requests ` +
        `in flight, posts every ${TICK_MS} ms; ${VIEWERS} viewers, ${PRODUCTS} new hot products × 4 configurations ` +
        `per step, ${CHATTER * 100}% chatter)`,
      [
        'step',
        'comments',
        'processed/s',
        'decided/s in step',
        'p50 ms',
        'p99 ms',
        'stored→claimed p50/p99',
        'per post',
        'round trips/comment',
        'CPU node / machine',
        'cart/wait/none/err',
        'vs baseline',
      ],
      [...runRows(pgRun, '', true), ...(liteRun ? runRows(liteRun, 'PGlite: ', false) : [])],
    );
    console.log(
      `Latency: scheduled arrival → response of the post that carried it (every comment's claim committed);` +
        ` processed/s: the step's comments over the time to the last answer (the last posts' latency counts as time);` +
        ` decided/s in step: comments claimed between the step's first second and its end` +
        ` (processed_at, the start of the claim's transaction), over that time.` +
        ` stored→claimed: processed_at − received_at of live_comments (inside the server, no queueing).` +
        ` Round trips: pg queries this process sent (app and outbox worker) per comment × their mean time` +
        ` from send to answer. CPU: node process / whole machine (${cpus().length * 100}% = all cores, other processes included).` +
        ' PGlite rows: the same steps on the embedded database, against its own baseline.',
    );
    printChecks(pgRun);
    if (liteRun) printChecks(liteRun);
    if (pgRun.statements) {
      const wall = pgRun.steps.reduce((a, s) => a + s.wallMs, 0);
      const comments = pgRun.steps.reduce((a, s) => a + s.comments, 0);
      const { top, all } = pgRun.statements;
      printGrid(
        `Statements during the PostgreSQL steps (pg_stat_statements, outbox worker included): ${all.calls} calls ` +
          `(${(all.calls / comments).toFixed(1)} per comment), ${all.total_ms.toFixed(0)} ms executing over ` +
          `${wall.toFixed(0)} ms of steps`,
        ['statement', 'calls', 'per comment', 'total ms', 'mean ms'],
        top.map((s) => [
          s.query.slice(0, 100),
          String(s.calls),
          (s.calls / comments).toFixed(2),
          s.total_ms.toFixed(0),
          s.mean_ms.toFixed(3),
        ]),
      );
    }
    if (failed(pgRun) || (liteRun && failed(liteRun))) process.exitCode = 1;
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    postgres.stop();
    process.off('exit', postgres.stop);
  }
}

/** The steps and checks the `cluster` suite runs against server processes of its own (cluster.ts). */
export { type Fixture, hotProduct, oversell, percentile, runStep, type StepResult, setUp };
