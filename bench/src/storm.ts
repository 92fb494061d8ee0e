/**
 * `npm run bench -- storm`: a comment storm with a crash in the middle. The server runs as a real
 * deployment does, a child process (`server/src/main.ts` through tsx, NODE_ENV=production, its
 * outbox worker and sweepers running) on PostgreSQL — `DATABASE_URL` when set, else a throwaway
 * cluster (see live.ts). The seller's store is a Facebook page whose token sends private replies
 * to a fake Graph API run here, which answers like Graph (one private reply per comment, error
 * 10900 "already replied" after, `can_reply_privately`) and counts replies per comment id.
 *
 * 1,000 viewers post 20,000 comments (100 per post, several posts in flight) on 20 products of 4
 * variants whose stock runs out (waiting lists). Halfway through, the server is killed with
 * SIGKILL, started again, and the capture tool sends every post of the storm again. Once the
 * sweeper and the outbox have settled, the bench checks that every comment was processed once:
 * no oversell, no comment claimed twice, no private reply sent twice. It exits non-zero otherwise.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../server/src/config.ts';
import { stores } from '../../server/src/db/schema/index.ts';
import { encryptSecret } from '../../server/src/lib/secrets.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { startFakeGraph } from '../../server/test/fakes/graph.ts';
import { client, makeSeller } from '../../server/test/helpers.ts';
import { configuredBody, createProduct, loadRefs } from '../../server/test/product-fixtures.ts';
import { freePort, printGrid, startPostgres } from './live.ts';

const VIEWERS = 1_000;
const COMMENTS = 20_000;
const PER_POST = 100;
const IN_FLIGHT = 8;
const PRODUCTS = 20;
/** Stock of a product's 4 variants: most sell out, the last rarely does. */
const STOCK = [40, 120, 250, 500];
const CHATTER = 0.1;
/** The server is killed once this share of the posts has been sent. */
const KILL_AT = 0.5;
const SETTLE_TIMEOUT_MS = 180_000;
const AUTH_SECRET = 'storm-secret-storm-secret-storm-secret';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');

const COLORS = [
  ['red', 'rouge'],
  ['black', 'noir'],
] as const;
const SIZES = [
  ['letters:M', 'M'],
  ['letters:L', 'L'],
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Server {
  child: ChildProcess;
  output: string[];
}

/** Starts `server/src/main.ts` as a deployment would and waits until it answers. */
async function startServer(env: NodeJS.ProcessEnv, url: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(String(d));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const up = await fetch(`${url}/api/auth/csrf`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, output };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output.join('')}`);
}

const exited = (s: Server) =>
  s.child.exitCode !== null || s.child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => s.child.once('exit', () => resolve()));

async function stopServer(s: Server) {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const kill = setTimeout(() => s.child.kill('SIGKILL'), 20_000);
  s.child.kill('SIGTERM');
  await exited(s);
  clearTimeout(kill);
}

interface Comment {
  id: string;
  from: { id: string; name: string };
  message: string;
  created_time: string;
}

/** Deterministic pseudo-random numbers, so every run posts the same comments. */
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x80000000;
};

interface Config {
  id: number;
  keyword: string;
  color: string;
  size: string;
  stock: number;
}

/** A seller live on a Facebook page whose replies go to the fake Graph API, with 20 products. */
async function setUp(rt: Runtime) {
  const refs = await loadRefs(rt);
  const seller = await makeSeller(rt);
  const api = await client(rt, seller);
  const pageId = '555000111222';
  await rt.deps.database.db.insert(stores).values({
    seller_id: seller.id,
    platform: 'facebook',
    external_id: pageId,
    name: 'Boutique Tempête',
    selected: true,
    access_token_encrypted: encryptSecret(AUTH_SECRET, 'EAASTORMPAGETOKEN'),
  });
  const colorIds = COLORS.map(([code]) => refs.color[code]);
  const sizeIds = SIZES.map(([code]) => refs.size[code]);
  const configs: Config[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const keyword = `tempete${i + 1}`;
    const product = await createProduct(
      api,
      configuredBody(colorIds, sizeIds, { name: `Robe ${keyword}`, keywords: keyword, isPublish: true }),
    );
    const rows = await rt.deps.database.raw<{ id: number; color_id: number; size_id: number }>(
      'SELECT id, color_id, size_id FROM product_configurations WHERE product_id = $1 ORDER BY id',
      [product.id],
    );
    for (const [k, r] of rows.entries()) {
      const stock = STOCK[k % STOCK.length];
      await rt.deps.database.raw('UPDATE product_configurations SET quantity = $2 WHERE id = $1', [
        r.id,
        stock,
      ]);
      configs.push({
        id: r.id,
        keyword,
        color: COLORS[colorIds.indexOf(r.color_id)][1],
        size: SIZES[sizeIds.indexOf(r.size_id)][1],
        stock,
      });
    }
  }
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
  return { sessionId, token, configs };
}

/** The storm's comments, in posts of PER_POST, and what each order asks for. */
function storm(configs: Config[]) {
  const asks = new Map<string, { configId: number; quantity: number }>();
  const comments: Comment[] = [];
  const t0 = Date.parse('2026-12-01T20:31:00Z');
  for (let i = 0; i < COMMENTS; i++) {
    const v = Math.floor(random() * VIEWERS);
    const base = {
      id: `storm-${i + 1}`,
      from: { id: `storm-viewer-${v}`, name: `Viewer ${v}` },
      created_time: new Date(t0 + i * 5).toISOString(),
    };
    if (random() < CHATTER) {
      comments.push({ ...base, message: 'trop belle ❤️' });
      continue;
    }
    const c = configs[Math.floor(random() * configs.length)];
    const quantity = random() < 0.1 ? 2 : 1;
    asks.set(base.id, { configId: c.id, quantity });
    comments.push({ ...base, message: `${c.keyword} ${c.color} ${c.size}${quantity > 1 ? ' x2' : ''}` });
  }
  const posts: Comment[][] = [];
  for (let i = 0; i < comments.length; i += PER_POST) posts.push(comments.slice(i, i + PER_POST));
  return { posts, asks };
}

interface IngestAnswer {
  received: number;
  stored: number;
  recovered: number;
  duplicates: number;
  refused: number;
  ordered: number;
  waiting: number;
}

/** Sends posts IN_FLIGHT at a time; `onSent(n)` after each dispatch; failed posts are counted. */
async function sendPosts(
  url: string,
  sessionId: number,
  token: string,
  posts: Comment[][],
  onSent?: (n: number) => void,
) {
  const answers: IngestAnswer[] = [];
  let failed = 0;
  let next = 0;
  const lane = async () => {
    while (next < posts.length) {
      const i = next++;
      const request = fetch(`${url}/api/add-live-messages?sessionId=${sessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-token': token },
        body: JSON.stringify({ messages: posts[i] }),
      });
      onSent?.(i + 1);
      try {
        const res = await request;
        if (res.ok) answers.push((await res.json()) as IngestAnswer);
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const sum = (k: keyof IngestAnswer) => answers.reduce((n, a) => n + a[k], 0);
  return {
    answered: answers.length,
    failed,
    stored: sum('stored'),
    recovered: sum('recovered'),
    duplicates: sum('duplicates'),
  };
}

export async function stormBench(): Promise<void> {
  const postgres = await startPostgres();
  const graph = await startFakeGraph({
    port: Number(process.env.BENCH_PORT) ? Number(process.env.BENCH_PORT) + 1 : 0,
  });
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-storm-'));
  const servers: Server[] = [];
  const cleanUp = () => {
    for (const s of servers)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    postgres.stop();
  };
  const stopOnSignal = () => {
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  process.once('exit', cleanUp);
  let rt: Runtime | undefined;
  try {
    // This process prepares the seller and reads the database; the child server does the work.
    rt = await createRuntime(
      loadConfig(
        { DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: postgres.url },
        { authSecret: AUTH_SECRET },
      ),
    );
    const { sessionId, token, configs } = await setUp(rt);
    const { posts, asks } = storm(configs);
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: postgres.url,
      AUTH_SECRET,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SMTP_URL: await smtpSink(),
      LOG_LEVEL: 'warn',
      GRAPH_API_URL: graph.url,
    } as NodeJS.ProcessEnv;
    const db = rt.deps.database;
    const count = async (query: string) => (await db.raw<{ n: number }>(query, [sessionId]))[0].n;
    const undecided = () =>
      count('SELECT count(*)::int AS n FROM live_comments WHERE session_id = $1 AND outcome IS NULL');
    const repliesPending = () =>
      count(
        `SELECT count(*)::int AS n FROM outbox WHERE dedupe_key LIKE 'reply:' || $1 || ':%' AND status = 'pending'`,
      );
    console.error(`storm bench: ${postgres.label}; session ${sessionId}; server on ${url}`);

    // The storm, and SIGKILL halfway through.
    servers.push(await startServer(env, url));
    const first = servers[0];
    const start = performance.now();
    let killedAt = 0;
    const killAfter = Math.floor(posts.length * KILL_AT);
    const before = await sendPosts(url, sessionId, token, posts, (n) => {
      if (n === killAfter && !killedAt) {
        // A moment later, so posts are in flight (stored, half claimed) and replies being sent.
        setTimeout(() => {
          killedAt = performance.now();
          first.child.kill('SIGKILL');
        }, 50);
      }
    });
    await exited(first);
    // The database ends the dead server's sessions (a statement running when it died may commit).
    await sleep(1000);
    const atKill = {
      stored: await count('SELECT count(*)::int AS n FROM live_comments WHERE session_id = $1'),
      undecided: await undecided(),
      leased: await count(
        `SELECT count(*)::int AS n FROM outbox WHERE dedupe_key LIKE 'reply:' || $1 || ':%'
           AND status = 'pending' AND locked_until IS NOT NULL`,
      ),
      replied: graph.replied.size,
    };
    console.error(
      `storm bench: killed after ${((killedAt - start) / 1000).toFixed(1)} s: ${before.answered} posts answered, ` +
        `${before.failed} failed; ${atKill.stored} comments stored, ${atKill.undecided} undecided; ` +
        `${atKill.leased} replies held by the dead worker`,
    );

    // Started again; the capture tool sends every post of the storm again.
    const restart0 = performance.now();
    servers.push(await startServer(env, url));
    const restartMs = performance.now() - restart0;
    const again = await sendPosts(url, sessionId, token, posts);
    const resentMs = performance.now() - restart0;
    console.error(
      `storm bench: restarted in ${(restartMs / 1000).toFixed(1)} s; every post sent again: ` +
        `${again.answered} answered, ${again.failed} failed, ${again.recovered} comments recovered`,
    );

    // Until the sweeper and the outbox have nothing left.
    const settle0 = performance.now();
    while (performance.now() - settle0 < SETTLE_TIMEOUT_MS) {
      if ((await undecided()) === 0 && (await repliesPending()) === 0) break;
      await sleep(500);
    }
    const settleMs = performance.now() - settle0;

    // What happened to each comment, each variant's stock, each reply.
    const rows = await db.raw<{ external_id: string; outcome: string | null }>(
      'SELECT external_id, outcome FROM live_comments WHERE session_id = $1',
      [sessionId],
    );
    const outcomes = new Map(rows.map((r) => [r.external_id, r.outcome]));
    const processed = [...outcomes.values()].filter((o) => o !== null).length;
    const byOutcome = new Map<string, number>();
    for (const o of outcomes.values()) byOutcome.set(o ?? 'null', (byOutcome.get(o ?? 'null') ?? 0) + 1);
    const expectedHeld = new Map<number, number>();
    for (const [id, ask] of asks) {
      if (outcomes.get(id) === 'cart') {
        expectedHeld.set(ask.configId, (expectedHeld.get(ask.configId) ?? 0) + ask.quantity);
      }
    }
    const stock = await db.raw<{ id: number; quantity: number; held: number; lines: number }>(
      `SELECT c.id, c.quantity,
         coalesce((SELECT sum(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
                   WHERE i.configuration_id = c.id AND o.status IN ('new', 'paid')), 0)::int AS held,
         (SELECT count(*) FROM order_items i WHERE i.configuration_id = c.id)::int AS lines
       FROM product_configurations c WHERE c.id = ANY($1::int[])`,
      [configs.map((c) => c.id)],
    );
    const initial = new Map(configs.map((c) => [c.id, c.stock]));
    let oversold = 0;
    let unaccounted = 0;
    let doubled = 0;
    let soldOut = 0;
    for (const s of stock) {
      const total = initial.get(s.id) ?? 0;
      if (s.quantity < 0 || s.quantity + s.held > total) oversold++;
      else if (s.quantity + s.held < total) unaccounted++;
      if (s.quantity === 0) soldOut++;
      // Units in carts beyond what the comments decided as orders asked: a comment claimed twice.
      doubled += Math.max(0, s.held - (expectedHeld.get(s.id) ?? 0));
    }
    const [lineDup] = await db.raw<{ n: number }>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
                 WHERE o.session_id = $1 GROUP BY i.order_id, i.configuration_id HAVING count(*) > 1) d)::int
            + (SELECT coalesce(sum(n - 1), 0) FROM (SELECT count(*) AS n FROM waiting_list
                 WHERE session_id = $1 AND status = 'waiting'
                 GROUP BY comment_id, configuration_id HAVING count(*) > 1) w)::int AS n`,
      [sessionId],
    );
    doubled += lineDup.n;
    const [waiting] = await db.raw<{ n: number; idle: number }>(
      `SELECT count(*)::int AS n,
              (SELECT count(*) FROM product_configurations c WHERE c.id = ANY($2::int[]) AND c.quantity > 0
                 AND EXISTS (SELECT 1 FROM waiting_list w WHERE w.configuration_id = c.id AND w.status = 'waiting'))::int
                AS idle
       FROM waiting_list WHERE session_id = $1`,
      [sessionId, configs.map((c) => c.id)],
    );
    const replies = await db.raw<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM private_replies WHERE session_id = $1 GROUP BY 1',
      [sessionId],
    );
    const sentTwice =
      [...graph.replied.values()].filter((n) => n > 1).length +
      [...graph.resent.values()].filter((n) => n > 0).length;
    const uncertainReads = graph.reads.length;

    const total = posts.flat().length;
    const unprocessed = total - processed;
    printGrid(
      `Comment storm with a crash (${postgres.label}; server = server/src/main.ts as a child process, ` +
        `SIGKILL after ${killAfter} of ${posts.length} posts, restarted, every post sent again; ` +
        `${VIEWERS.toLocaleString('en')} viewers, ${PER_POST} comments per post, ${IN_FLIGHT} posts in flight)`,
      ['comments sent', 'processed', 'unprocessed', 'oversell', 'duplicate lines', 'replies sent twice'],
      [
        [
          total.toLocaleString('en'),
          processed.toLocaleString('en'),
          String(unprocessed),
          String(oversold),
          String(doubled),
          String(sentTwice),
        ],
      ],
    );
    const o = (k: string) => byOutcome.get(k) ?? 0;
    console.log(
      `Outcomes: ${o('cart')} ordered, ${o('waiting')} waiting list, ${o('chatbot')} asked back, ` +
        `${o('no_match')} no keyword, ${o('error')} errors. Stock: ${soldOut} of ${stock.length} variants sold out, ` +
        `${waiting.n} waiting-list rows, ${waiting.idle} variants with free stock while someone waits, ` +
        `${unaccounted} variants with units neither in stock nor in a cart.`,
    );
    console.log(
      `Crash: ${atKill.undecided} comments stored but undecided and ${atKill.leased} replies held by the killed ` +
        `worker; ${again.recovered} comments claimed by their re-delivery, the rest by the sweeper; ` +
        `${uncertainReads} replies checked with Graph (can_reply_privately) before sending again.`,
    );
    console.log(
      `Replies: ${graph.replied.size} comments answered on the fake Graph API, private_replies ` +
        `${replies.map((r) => `${r.status} ${r.n}`).join(', ')}; ${[...graph.resent.values()].reduce((a, b) => a + b, 0)} ` +
        `sends refused as already replied.`,
    );
    console.log(
      `Timing: first run ${((killedAt - start) / 1000).toFixed(1)} s until the kill, restart ${(restartMs / 1000).toFixed(1)} s, ` +
        `every post again ${((resentMs - restartMs) / 1000).toFixed(1)} s, settled ${(settleMs / 1000).toFixed(1)} s later.`,
    );
    if (unprocessed || oversold || doubled || sentTwice || unaccounted || waiting.idle) {
      process.exitCode = 1;
      console.log(
        'STORM FAILED: every comment must be processed once, without oversell, idle stock or a reply sent twice.',
      );
      console.log(servers.at(-1)?.output.slice(-20).join('') ?? '');
    }
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    for (const s of servers) await stopServer(s);
    await rt?.close().catch((err: Error) => console.error(`storm bench: closing failed: ${err.message}`));
    await graph.close();
    postgres.stop();
    process.off('exit', cleanUp);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A local SMTP server that takes every mail and keeps none: production requires SMTP_URL. */
async function smtpSink(): Promise<string> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  server.server.unref();
  return `smtp://127.0.0.1:${port}`;
}
