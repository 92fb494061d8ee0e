import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.ts';
import { client, cookieHeader, makeAdmin, makeSeller, ORIGIN, startTestApp } from './helpers.ts';

/*
 * The development mailbox shows every e-mail the product sends, password links included: asking a
 * reset for admin@… and reading the link there was an account takeover. It exists only in the
 * embedded development mode, for a caller on this machine or a signed-in admin.
 */

const REMOTE = '203.0.113.9';
const mailbox = (rt: Runtime, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  rt.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress, headers });

/** Asks a password reset for `email`, as anyone on the Internet can. */
async function askReset(rt: Runtime, email: string) {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/auth/restorePassword?locale=en',
    remoteAddress: REMOTE,
    headers: { origin: ORIGIN },
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
  await rt.worker.drain();
}

describe('trust #1: nobody reads the password links of others', () => {
  describe('embedded development mode', () => {
    let rt: Runtime;
    beforeAll(async () => {
      rt = await startTestApp({ devMailbox: true });
    });
    afterAll(() => rt.close());

    it('a caller from another machine gets 404, even claiming to be local in X-Forwarded-For', async () => {
      const admin = await makeAdmin(rt);
      await askReset(rt, admin.email);
      const spoofs: Record<string, string>[] = [
        {},
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ];
      for (const headers of spoofs) {
        const res = await mailbox(rt, REMOTE, headers);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('restore-password');
      }
      // A signed-in seller from elsewhere neither.
      const seller = await client(rt, await makeSeller(rt));
      expect((await mailbox(rt, REMOTE, { cookie: cookieHeader(seller.jar) })).statusCode).toBe(404);
    });

    it('this machine, and a signed-in admin from anywhere, read it', async () => {
      const admin = await makeAdmin(rt);
      await askReset(rt, admin.email);
      const local = await mailbox(rt, '127.0.0.1');
      expect(local.statusCode).toBe(200);
      expect(local.json().items.some((m: { to: string }) => m.to === admin.email)).toBe(true);
      expect((await mailbox(rt, '::1')).statusCode).toBe(200);
      // Passed on by a proxy on this machine: its client's request, from elsewhere.
      const proxies: Record<string, string>[] = [
        { 'x-forwarded-for': REMOTE },
        { 'x-real-ip': REMOTE },
        { forwarded: `for=${REMOTE}` },
      ];
      for (const headers of proxies) {
        const proxied = await mailbox(rt, '127.0.0.1', headers);
        expect(proxied.statusCode).toBe(404);
        expect(proxied.body).not.toContain('restore-password');
      }
      const asAdmin = await client(rt, admin);
      expect((await mailbox(rt, REMOTE, { cookie: cookieHeader(asAdmin.jar) })).statusCode).toBe(200);
    });
  });

  describe('with a PostgreSQL server, or in production', () => {
    let rt: Runtime;
    beforeAll(async () => {
      // What DATABASE_URL or NODE_ENV=production decide: mails are kept, no page shows them.
      rt = await startTestApp({ devMailbox: false });
    });
    afterAll(() => rt.close());

    it('no caller reads the mailbox, not even this machine or an admin', async () => {
      const admin = await makeAdmin(rt);
      await askReset(rt, admin.email);
      expect((await mailbox(rt, '127.0.0.1')).statusCode).toBe(404);
      const asAdmin = await client(rt, admin);
      expect((await mailbox(rt, '127.0.0.1', { cookie: cookieHeader(asAdmin.jar) })).statusCode).toBe(404);
    });
  });
});
