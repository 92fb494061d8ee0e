import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE, type TRoleId } from '@livecart/contract/constants';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { type Config, loadConfig } from '../src/config.ts';
import { mailbox, plans, subscriptions, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'secret123';

/**
 * A migrated app for a test file: PGlite in memory, or a database of its own on the PostgreSQL
 * server of DATABASE_URL (CI runs the suite both ways). Either way a file's outbox worker, rate
 * limits and sweepers see that file's rows only, as one deployment sees its own.
 * Within a file, tests isolate by data: every factory makes fresh users.
 */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<Runtime> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'livecart-test-'));
  const url = process.env.DATABASE_URL ? await ownDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATABASE_URL: url,
    },
    {
      authSecret: 'test-secret-test-secret-test-secret-123',
      pgliteDir: 'memory://',
      smtpUrl: undefined,
      ...overrides,
    },
  );
  const runtime = await createRuntime(config);
  await runtime.app.ready();
  return runtime;
}

/** A new, empty database on the PostgreSQL server of `url` (migrated by the runtime). */
async function ownDatabase(url: string): Promise<string> {
  const name = `livecart_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

const uniq = () => randomBytes(6).toString('hex');
let hashed: string | undefined;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role_id: TRoleId;
}

/** Creates an active user with a password; a seller gets a trialing Basic subscription unless told otherwise. */
export async function makeUser(
  rt: Runtime,
  role: TRoleId,
  opts: {
    subscription?: 'trialing' | 'none' | 'expired' | 'unsubscribed';
    status?: string;
    subscription_id?: string;
    email?: string;
  } = {},
): Promise<TestUser> {
  hashed ??= await hashPassword(PASSWORD);
  const email = opts.email ?? `${['', 'buyer', 'seller', 'admin'][role]}-${uniq()}@test.local`;
  const db = rt.deps.database.db;
  const [user] = await db
    .insert(users)
    .values({
      email,
      role_id: role,
      status: opts.status ?? 'active',
      first_name: 'Test',
      last_name: 'User',
      password_hash: hashed,
      email_verified_at: new Date(),
      subscription_id: opts.subscription_id ?? (role === ROLE.seller ? `sub_${uniq()}` : null),
    })
    .returning();
  const kind = opts.subscription ?? (role === ROLE.seller ? 'trialing' : 'none');
  if (kind !== 'none') {
    const [plan] = await db.select().from(plans).where(eq(plans.code, 'basic'));
    const day = 24 * 3600_000;
    const end = new Date(Date.now() + (kind === 'expired' ? -day : 30 * day));
    await db.insert(subscriptions).values({
      user_id: user.id,
      plan_id: plan.id,
      provider: 'sandbox',
      status: kind === 'expired' ? 'trialing' : kind,
      trial_end: end,
      current_period_end: end,
    } as never);
  }
  return { id: user.id, email, password: PASSWORD, role_id: role };
}

export const makeSeller = (rt: Runtime, opts?: Parameters<typeof makeUser>[2]) =>
  makeUser(rt, ROLE.seller, opts);
export const makeBuyer = (rt: Runtime, opts?: Parameters<typeof makeUser>[2]) =>
  makeUser(rt, ROLE.buyer, opts);
export const makeAdmin = (rt: Runtime, opts?: Parameters<typeof makeUser>[2]) =>
  makeUser(rt, ROLE.admin, opts);

/** Cookies of a response as `name=value` pairs merged into a jar. */
export function mergeCookies(jar: Record<string, string>, setCookie: string | string[] | undefined) {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const c of list) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (value === '' || /max-age=0/i.test(c) || /expires=thu, 01 jan 1970/i.test(c)) delete jar[name];
    else jar[name] = value;
  }
  return jar;
}

export const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/**
 * Signs in through the Auth.js credentials flow exactly as the browser does: CSRF token, then a
 * form-encoded POST to callback/credentials. Returns the cookie jar and the result URL.
 */
export async function signIn(
  rt: Runtime,
  email: string,
  password: string,
  opts: { ip?: string; remember?: boolean } = {},
) {
  const jar: Record<string, string> = {};
  const remoteAddress = opts.ip ?? uniqueIp();
  const csrf = await rt.app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress });
  mergeCookies(jar, csrf.headers['set-cookie']);
  const { csrfToken } = csrf.json() as { csrfToken: string };
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      origin: ORIGIN,
      cookie: cookieHeader(jar),
    },
    payload: new URLSearchParams({
      csrfToken,
      email,
      password,
      remember: String(opts.remember ?? true),
      callbackUrl: `${ORIGIN}/dashboard`,
      json: 'true',
    }).toString(),
  });
  mergeCookies(jar, res.headers['set-cookie']);
  const url = new URL((res.json() as { url: string }).url);
  return { jar, url, response: res, ok: !url.searchParams.get('error') };
}

/** A signed-in client: `api.get('/api/profile')`, with the app's Origin on mutating calls. */
export async function client(rt: Runtime, user: TestUser) {
  const { jar, ok } = await signIn(rt, user.email, user.password, {
    ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (!ok) throw new Error(`sign-in failed for ${user.email}`);
  return authedClient(rt, jar);
}

export function authedClient(rt: Runtime, jar: Record<string, string>) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    rt.app.inject({
      method,
      url,
      payload: payload as never,
      headers: { cookie: cookieHeader(jar), ...(method !== 'GET' && { origin: ORIGIN }), ...headers },
    });
  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('POST', url, payload, headers),
    put: (url: string, payload?: unknown) => call('PUT', url, payload),
    patch: (url: string, payload?: unknown) => call('PATCH', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

/** Mails the outbox produced (kept in the mailbox table without SMTP), newest first, once the worker has run. */
export async function sentMails(rt: Runtime) {
  await rt.worker.drain();
  const rows = await rt.deps.database.db
    .select()
    .from(mailbox)
    .orderBy(desc(mailbox.created_at), desc(mailbox.id))
    .limit(200);
  return rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text ?? '', html: m.html ?? '' }));
}

/**
 * A client address of its own for one request: rate limits count per address, so the sign-ups
 * and sign-ins of one test never count against another test's.
 */
export const uniqueIp = () => {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${1 + (c % 254)}`;
};
