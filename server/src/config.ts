import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The environment, read once at start. A wrong value stops the start with a message naming it. */
const ZEnv = z.object({
  /** HTTP port of the web app and the API. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to listen on: 127.0.0.1 by default in the embedded mode, 0.0.0.0 with DATABASE_URL. */
  HOST: z.string().optional(),
  /**
   * The proxies in front of the server whose `X-Forwarded-For` is believed: a number of hops
   * (`1` behind one load balancer) or their addresses/CIDRs, comma-separated. Unset: none, the
   * client address is the socket's (a client could otherwise choose its own address).
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be a number of proxy hops or proxy addresses/CIDRs, comma-separated (never "true")',
    )
    .optional(),
  /** Holds the embedded database (pg/) and uploaded files (files/). */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** The address people reach the app at, used in e-mailed links and the Origin check. */
  PUBLIC_URL: z.url().optional(),
  /**
   * smtp://user:pass@host:port to send mail; required with NODE_ENV=production. Without it mails
   * are kept in the database, shown at /dev/mailbox in the embedded development mode only.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender address of every e-mail. */
  MAIL_FROM: z.string().default('LiveCart <no-reply@livecart.local>'),
  /** The platform team's address: each new support, contact or demo request is e-mailed there too. */
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  /** The scheduling widget (Calendly, Cal.com…) the about page opens in a modal; none: a contact form. */
  SCHEDULING_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  /** Signs session tokens; generated and kept in DATA_DIR when unset in embedded mode. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Facebook app id and secret: enables "Continue with Facebook" and the Graph adapter. */
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  /**
   * The verify token of the app's webhook subscription (/api/webhooks/facebook answers Meta's
   * handshake with it); unset: the handshake is refused. Webhook bodies are checked with
   * FACEBOOK_APP_SECRET.
   */
  FACEBOOK_VERIFY_TOKEN: z.string().optional(),
  /**
   * Shop sync: also allow shops at `http://127.0.0.1:…` / `http://localhost:…` (tests and
   * development only; refused with NODE_ENV=production). Shops must otherwise be https at public addresses.
   */
  SHOP_SYNC_ALLOW_LOCAL_HTTP: z.enum(['true', 'false']).default('false'),
  /** A Shopify app's credentials: shops can then connect with Shopify's OAuth instead of a custom app's token. */
  SHOPIFY_API_KEY: z.string().optional(),
  SHOPIFY_API_SECRET: z.string().optional(),
  /** Base address of the Facebook Graph API (a local fake in tests). */
  GRAPH_API_URL: z.url().default('https://graph.facebook.com'),
  /** Graph API version the adapter calls, as `v21.0`. */
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  /** Another Mollie API root (a local fake in tests); default Mollie's own. */
  MOLLIE_API_URL: z.url().optional(),
  /** The platform's Stripe secret key: enables Stripe Connect payments to merchants. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Signing secret (`whsec_…`) of the platform's Stripe Connect webhook endpoint. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The platform's Stripe Connect client id (`ca_…`), for the merchants' OAuth link. */
  STRIPE_CLIENT_ID: z.string().optional(),
  /**
   * Who bills the sellers' plans: `stripe` (Stripe Billing on the platform's account, with
   * STRIPE_SECRET_KEY) or `sandbox` (test cards, no money moves; refused in production). Default:
   * stripe when STRIPE_SECRET_KEY is set, else sandbox.
   */
  BILLING_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  /** Signing secret (`whsec_…`) of the platform's Stripe Billing webhook endpoint (/api/webhooks/stripe-billing). */
  STRIPE_BILLING_WEBHOOK_SECRET: z.string().optional(),
  /**
   * production | development | test. Unset: production with DATABASE_URL (a PostgreSQL server
   * means a deployment, however the server is started), development with the embedded database.
   * Production requires SMTP_URL and shuts every development door.
   */
  NODE_ENV: z.enum(['production', 'development', 'test']).optional(),
  /**
   * Sign-up, password-restore and set-password calls, and failed sign-ins, one address may make
   * in 15 minutes (a shared office or shop network may need more).
   */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Server processes sharing PORT (node:cluster), each with its own connections and background
   * jobs; more than 1 needs DATABASE_URL (the embedded database belongs to one process).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Log level of the server. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  /** The built web app (`web/dist`) the server serves at `/`. */
  webDir: string;
  /** The public site's server build (`web/dist-server/render.js`): its pages rendered to HTML. */
  siteRenderer: string;
  /** The about page's scheduling widget (SCHEDULING_URL); none: the page offers the contact form. */
  schedulingUrl: string | undefined;
  databaseUrl: string | undefined;
  /** PGlite directory, or `memory://` in tests. */
  pgliteDir: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  /**
   * The /dev/mailbox page exists: only in the embedded development mode (no SMTP_URL, no
   * DATABASE_URL, not production), and only for loopback callers or signed-in admins.
   */
  devMailbox: boolean;
  mailFrom: string;
  /** Where new requests to the team are e-mailed (SUPPORT_EMAIL); none: the admins' inbox only. */
  supportEmail: string | undefined;
  authSecret: string;
  env: 'production' | 'development' | 'test';
  facebook: { appId: string; appSecret: string } | undefined;
  /** Meta's webhooks (pages, Instagram): the app secret signing them, the subscription's verify token. */
  facebookWebhooks: { appSecret: string | undefined; verifyToken: string | undefined };
  /** Where the Facebook adapter sends private replies. */
  graph: { url: string; version: string };
  logLevel: string;
  /** Server processes sharing the port (WEB_CONCURRENCY); 1: this process serves alone. */
  processes: number;
  /** Proxy hops (a count) or proxy addresses whose X-Forwarded-For is believed; false: none. */
  trustProxy: false | number | string[];
  /** Rate limit of sign-in and public auth calls per IP and per e-mail, per window. */
  authRateLimit: { max: number; windowMs: number };
  /** Help requests one seller may file per window (a stuck script or a held-down key stays one line). */
  supportRateLimit: { max: number; windowMs: number };
  /** Payment providers of the merchants: Mollie's API root, the Stripe Connect platform keys. */
  payments: {
    mollieApiUrl: string | undefined;
    stripe: { secretKey: string; webhookSecret?: string; clientId?: string } | undefined;
  };
  /**
   * Shop sync: local http shops allowed (tests, development); the Shopify app for OAuth; the
   * demo shops served inside the app (`sandbox`, never in production).
   */
  shopSync: {
    allowLocalHttp: boolean;
    /** `adminUrl` (tests only): the shops' address instead of `https://{shop}`. */
    shopifyApp: { apiKey: string; apiSecret: string; adminUrl?: string } | undefined;
    sandbox: boolean;
  };
  /** The platform's billing of its sellers: the provider, Stripe's keys when it is Stripe. */
  billing: {
    provider: 'sandbox' | 'stripe';
    stripe: { secretKey: string; webhookSecret?: string } | undefined;
  };
}

export class ConfigError extends Error {}

/** Parses `env` into the config, or throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = {
    ...parsed.data,
    NODE_ENV: parsed.data.NODE_ENV ?? (parsed.data.DATABASE_URL ? 'production' : 'development'),
  };
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL && !e.AUTH_SECRET && !overrides.authSecret) {
    throw new ConfigError('Invalid environment:\n  AUTH_SECRET: required when DATABASE_URL is set');
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid environment:\n  SMTP_URL: required with NODE_ENV=production (e-mails carry sign-in and password links)',
    );
  }
  if (e.NODE_ENV === 'production' && e.SHOP_SYNC_ALLOW_LOCAL_HTTP === 'true') {
    throw new ConfigError(
      'Invalid environment:\n  SHOP_SYNC_ALLOW_LOCAL_HTTP: never with NODE_ENV=production (shops must be https at public addresses)',
    );
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment:\n  WEB_CONCURRENCY: several server processes need DATABASE_URL (the embedded database is opened by one process only)',
    );
  }
  const billingProvider = e.BILLING_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (billingProvider === 'stripe' && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid environment:\n  STRIPE_SECRET_KEY: required with BILLING_PROVIDER=stripe');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const config: Omit<Config, 'devMailbox'> = {
    port: e.PORT,
    host: e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    webDir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist'),
    siteRenderer: path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../web/dist-server/render.js',
    ),
    schedulingUrl: e.SCHEDULING_URL,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pg'),
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    authSecret: overrides.authSecret ?? e.AUTH_SECRET ?? embeddedSecret(dataDir),
    env: e.NODE_ENV,
    facebook:
      e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET
        ? { appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET }
        : undefined,
    facebookWebhooks: { appSecret: e.FACEBOOK_APP_SECRET, verifyToken: e.FACEBOOK_VERIFY_TOKEN },
    shopSync: {
      allowLocalHttp: e.SHOP_SYNC_ALLOW_LOCAL_HTTP === 'true',
      shopifyApp:
        e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET
          ? { apiKey: e.SHOPIFY_API_KEY, apiSecret: e.SHOPIFY_API_SECRET }
          : undefined,
      sandbox: e.NODE_ENV !== 'production',
    },
    graph: { url: e.GRAPH_API_URL.replace(/\/$/, ''), version: e.GRAPH_API_VERSION },
    logLevel: e.LOG_LEVEL,
    processes: e.WEB_CONCURRENCY,
    trustProxy: !e.TRUST_PROXY
      ? false
      : /^\d+$/.test(e.TRUST_PROXY)
        ? Number(e.TRUST_PROXY)
        : e.TRUST_PROXY.split(',').map((a) => a.trim()),
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: 15 * 60_000 },
    supportRateLimit: { max: 10, windowMs: 60 * 60_000 },
    payments: {
      mollieApiUrl: e.MOLLIE_API_URL,
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            clientId: e.STRIPE_CLIENT_ID,
          }
        : undefined,
    },
    billing: {
      provider: billingProvider,
      stripe: e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_BILLING_WEBHOOK_SECRET }
        : undefined,
    },
    ...overrides,
  };
  return {
    ...config,
    devMailbox:
      overrides.devMailbox ?? (!config.smtpUrl && !config.databaseUrl && config.env !== 'production'),
  };
}

function stripEmpty(env: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

/** The embedded mode keeps a generated secret in DATA_DIR so sessions survive a restart. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
