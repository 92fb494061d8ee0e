import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'livecart-config-'));

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.pgliteDir).toBe(path.join(dir, 'pg'));
    expect(config.authRateLimit).toEqual({ max: 10, windowMs: 15 * 60_000 });
  });

  it('AUTH_RATE_LIMIT_MAX raises the sign-up and sign-in attempts an address may make, never to 0', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), AUTH_RATE_LIMIT_MAX: '100' }).authRateLimit.max).toBe(100);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_RATE_LIMIT_MAX: '0' })).toThrow(
      /AUTH_RATE_LIMIT_MAX/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_RATE_LIMIT_MAX: 'lots' })).toThrow(
      /AUTH_RATE_LIMIT_MAX/,
    );
  });

  it("Meta's webhooks take the app secret alone and the verify token; unset, both absent", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      FACEBOOK_APP_SECRET: 's3cret',
      FACEBOOK_VERIFY_TOKEN: 'tok',
    });
    expect(config.facebookWebhooks).toEqual({ appSecret: 's3cret', verifyToken: 'tok' });
    expect(config.facebook).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir() }).facebookWebhooks).toEqual({
      appSecret: undefined,
      verifyToken: undefined,
    });
  });

  it('a wrong value stops the start with a message naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x', AUTH_SECRET: 'x'.repeat(40) }),
    ).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: 'support team' })).toThrow(
      /SUPPORT_EMAIL: must be an e-mail address/,
    );
  });

  it('SUPPORT_EMAIL is where new requests to the team are e-mailed; none by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).supportEmail).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), SUPPORT_EMAIL: 'team@livecart.test' }).supportEmail).toBe(
      'team@livecart.test',
    );
  });

  it('WEB_CONCURRENCY runs several server processes on one port, only with a PostgreSQL server', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).processes).toBe(1);
    const server = {
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://localhost/db',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail:25',
    };
    expect(loadConfig({ ...server, WEB_CONCURRENCY: '2' }).processes).toBe(2);
    // the embedded database is one process's: refused at start, naming the variable
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: several server processes need DATABASE_URL/,
    );
    expect(() => loadConfig({ ...server, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...server, WEB_CONCURRENCY: 'auto' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('requires AUTH_SECRET with a PostgreSQL server', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/db' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/db' })).toThrow(
      /AUTH_SECRET/,
    );
  });

  it('generates the embedded secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dir, 'auth-secret'))).toBe(true);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  describe('trust #1: nothing reads the mail of others', () => {
    it('the embedded mode listens on this machine only unless HOST says otherwise; a server listens everywhere', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('127.0.0.1');
      expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
      const server = {
        DATA_DIR: dataDir(),
        DATABASE_URL: 'postgres://db/x',
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail:25',
      };
      expect(loadConfig(server).host).toBe('0.0.0.0');
    });

    it('a PostgreSQL server without NODE_ENV is production, however the server is started', () => {
      const server = { DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/x', AUTH_SECRET: 'x'.repeat(40) };
      expect(() => loadConfig(server)).toThrow(/SMTP_URL: required with NODE_ENV=production/);
      const deployed = loadConfig({ ...server, SMTP_URL: 'smtp://mail:25' });
      expect(deployed.env).toBe('production');
      expect(deployed.shopSync.sandbox).toBe(false);
      expect(deployed.devMailbox).toBe(false);
      // Said outright, development on a local server stays possible.
      expect(loadConfig({ ...server, NODE_ENV: 'development' }).env).toBe('development');
      expect(loadConfig({ DATA_DIR: dataDir() }).env).toBe('development');
    });

    it('production without SMTP_URL refuses to start, naming it', () => {
      const env = { DATA_DIR: dataDir(), NODE_ENV: 'production' };
      expect(() => loadConfig(env)).toThrow(/SMTP_URL: required with NODE_ENV=production/);
      expect(loadConfig({ ...env, SMTP_URL: 'smtp://mail:25' }).smtpUrl).toBe('smtp://mail:25');
    });

    it('shops at local http addresses and the sandbox shops never exist in production', () => {
      const env = { DATA_DIR: dataDir(), NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' };
      expect(() => loadConfig({ ...env, SHOP_SYNC_ALLOW_LOCAL_HTTP: 'true' })).toThrow(
        /SHOP_SYNC_ALLOW_LOCAL_HTTP: never with NODE_ENV=production/,
      );
      expect(loadConfig(env).shopSync).toEqual({
        allowLocalHttp: false,
        shopifyApp: undefined,
        sandbox: false,
      });
      expect(loadConfig({ DATA_DIR: dataDir() }).shopSync).toMatchObject({
        allowLocalHttp: false,
        sandbox: true,
      });
      expect(() => loadConfig({ DATA_DIR: dataDir(), SHOP_SYNC_ALLOW_LOCAL_HTTP: 'yes' })).toThrow(
        /SHOP_SYNC_ALLOW_LOCAL_HTTP/,
      );
    });

    it('the development mailbox exists only embedded, without SMTP, outside production', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).devMailbox).toBe(true);
      expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://mail:25' }).devMailbox).toBe(false);
      expect(
        loadConfig({
          DATA_DIR: dataDir(),
          DATABASE_URL: 'postgres://db/x',
          AUTH_SECRET: 'x'.repeat(40),
          NODE_ENV: 'development',
        }).devMailbox,
      ).toBe(false);
      expect(
        loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).devMailbox,
      ).toBe(false);
    });
  });
});
