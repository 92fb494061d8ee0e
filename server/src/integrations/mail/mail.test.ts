import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp, uniqueIp } from '../../../test/helpers.ts';
import { type LocalSmtp, startSmtp } from '../../../test/smtp.ts';
import { outbox } from '../../db/schema/index.ts';
import { enqueueMail, MAX_ATTEMPTS } from '../../jobs/outbox.ts';
import type { Runtime } from '../../runtime.ts';

/* The SMTP server looks only at this file's addresses (tagged) and refuses only those it is told. */
const tag = randomBytes(4).toString('hex');
const address = (name: string) => `${name}-${tag}@test.local`;
let smtp: LocalSmtp;
const refuse = new Map<string, number>();
let rt: Runtime;
const retryKey = `retry-${tag}`;
const deadKey = `dead-${tag}`;
const mine = () => smtp.received.filter((m) => m.to.some((to) => to.endsWith(`-${tag}@test.local`)));

beforeAll(async () => {
  smtp = await startSmtp({
    onRcptTo(rcpt) {
      const left = refuse.get(rcpt.address) ?? 0;
      if (left <= 0) return undefined;
      refuse.set(rcpt.address, left - 1);
      return Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
    },
  });
  rt = await startTestApp({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await rt.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('the sign-up e-mail reaches the SMTP server with the verification link, in the chosen language', async () => {
    smtp.clear();
    const email = address('smtp');
    const res = await rt.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/auth/invite?locale=en',
      headers: { origin: ORIGIN },
      payload: { role_id: 1, email, first_name: 'Zoé', last_name: 'Roux', accept_terms: true },
    });
    expect(res.statusCode).toBe(200);
    await rt.worker.drain();
    expect(mine()).toHaveLength(1);
    expect(mine()[0].to).toEqual([email]);
    expect(mine()[0].raw).toContain('Subject: Confirm your e-mail address');
    expect(mine()[0].raw.replace(/=\r\n/g, '')).toContain(`${ORIGIN}/en/verify-email?token=`);
  });

  it('the dev mailbox is off when SMTP is configured', async () => {
    expect((await rt.app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });

  it('a refused delivery is retried later, and the same mail is never queued twice', async () => {
    smtp.clear();
    refuse.set(address('retry'), 1);
    const db = rt.deps.database.db;
    const job = {
      to: address('retry'),
      template: 'password_changed' as const,
      locale: 'fr' as const,
      data: { first_name: 'Jo' },
    };
    await enqueueMail(db, retryKey, job);
    await enqueueMail(db, retryKey, job);
    await rt.worker.drain();
    expect(mine()).toHaveLength(0);
    let [row] = await db.select().from(outbox).where(eq(outbox.dedupe_key, retryKey));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('Mailbox busy');

    await db
      .update(outbox)
      .set({ run_at: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, row.id));
    await rt.worker.drain();
    expect(mine().map((m) => m.to[0])).toEqual([address('retry')]);
    [row] = await db.select().from(outbox).where(eq(outbox.dedupe_key, retryKey));
    expect(row.status).toBe('done');
  });

  it(`a mail that keeps failing is dead-lettered after ${MAX_ATTEMPTS} tries`, async () => {
    smtp.clear();
    refuse.set(address('dead'), MAX_ATTEMPTS);
    const db = rt.deps.database.db;
    await enqueueMail(db, deadKey, {
      to: address('dead'),
      template: 'password_changed',
      locale: 'en',
      data: { first_name: 'Al' },
    });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await db
        .update(outbox)
        .set({ run_at: new Date(Date.now() - 1000) })
        .where(eq(outbox.dedupe_key, deadKey));
      await rt.worker.drain();
    }
    const [row] = await db.select().from(outbox).where(eq(outbox.dedupe_key, deadKey));
    expect(row).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    expect(mine()).toHaveLength(0);
  });
});
