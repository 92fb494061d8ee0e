import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, ORIGIN, startTestApp, uniqueIp } from '../../../test/helpers.ts';
import { type LocalSmtp, readMailsTo, startSmtp } from '../../../test/smtp.ts';
import { supportMessages } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let smtp: LocalSmtp;
let rt: Runtime;
beforeAll(async () => {
  smtp = await startSmtp();
  rt = await startTestApp({ smtpUrl: smtp.url, authRateLimit: { max: 3, windowMs: 15 * 60_000 } });
});
afterAll(async () => {
  await rt.close();
  await smtp.close();
});

let n = 0;
const form = (patch: Record<string, unknown> = {}) => ({
  first_name: 'Amélie',
  last_name: 'Durand',
  email: `amelie-${++n}-${Date.now()}@boutique.test`,
  phone: '0611223344',
  company_name: 'Boutique Amélie',
  message: 'Nous faisons 60 000 € de ventes par mois en live.',
  ...patch,
});
const send = (body: unknown, locale = 'fr', ip = uniqueIp()) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/request-demo?locale=${locale}`,
    remoteAddress: ip,
    headers: { origin: ORIGIN },
    payload: body as object,
  });

describe('POST /api/request-demo', () => {
  it('keeps the request and e-mails an acknowledgement in the language of the page', async () => {
    const fr = form();
    const res = await send(fr, 'fr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await rt.deps.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.email, fr.email));
    expect(row).toMatchObject({
      type: 'demo',
      company_name: 'Boutique Amélie',
      locale: 'fr',
      phone: '0611223344',
    });
    const [mail] = await readMailsTo(rt, smtp, fr.email);
    expect(mail).toContain('Nous avons bien reçu votre demande de démo');
    expect(mail).toContain('Bonjour Amélie');

    expect(mail).not.toContain('Boutique Amélie');

    const en = form({ phone: undefined, message: '' });
    expect((await send(en, 'en')).statusCode).toBe(200);
    const [enMail] = await readMailsTo(rt, smtp, en.email);
    expect(enMail).toContain('We received your demo request');
  });

  it('acknowledges an address at most once a day, and never repeats the company name typed', async () => {
    const body = form({ company_name: 'Colis bloqué, payez sur https://evil.example' });
    expect((await send(body)).statusCode).toBe(200);
    expect((await send(body)).statusCode).toBe(200);
    const mails = await readMailsTo(rt, smtp, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).not.toContain('evil.example');
  });

  it("is in the admin's inbox as a demo request, and the admins are notified", async () => {
    const admin = await client(rt, await makeAdmin(rt));
    const body = form({ company_name: `Maison ${Date.now()}` });
    expect((await send(body)).statusCode).toBe(200);
    const inbox = (
      await admin.get(
        `/api/support/fetch-items?queryFilter=${encodeURIComponent('{"type":"demo"}')}&limit=100`,
      )
    ).json();
    const item = inbox.items.find((i: { subject: string }) => i.subject === body.company_name);
    expect(item).toMatchObject({
      type: 'demo',
      status: 'open',
      author: { email: body.email, user_id: null },
    });
    const bell = (await admin.get('/api/new-notice')).json();
    expect(bell.items.map((i: { title: string }) => i.title)).toContain(
      `Nouvelle demande de démo : ${body.company_name}`,
    );
  });

  it('refuses bad input naming the field and keeps nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ first_name: '' }, 'first_name'],
      [{ company_name: 'x'.repeat(151) }, 'company_name'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ last_name: 'Du\u0000rand' }, 'last_name'],
      [{ website: 'https://spam.test' }, 'website'],
    ];
    for (const [patch, field] of cases) {
      const body = form(patch);
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), res.body).toContain(field);
      const rows = await rt.deps.database.db
        .select()
        .from(supportMessages)
        .where(eq(supportMessages.email, String(body.email)));
      expect(rows).toHaveLength(0);
    }
  });

  it('is rate limited per address like the public sign-up calls', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await send(form(), 'fr', ip)).statusCode).toBe(200);
    const limited = await send(form(), 'en', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
  });
});
