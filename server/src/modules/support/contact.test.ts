import { ROLE } from '@livecart/contract/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  ORIGIN,
  startTestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { type LocalSmtp, readMailsTo, startSmtp } from '../../../test/smtp.ts';
import { notifications, supportMessages } from '../../db/schema/index.ts';
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
  email: `amelie-contact-${++n}-${Date.now()}@boutique.test`,
  phone: '0611223344',
  company_name: 'Boutique Amélie',
  subject: 'Vendre sur Instagram',
  message: 'Est-ce que LiveCart fonctionne aussi avec les lives Instagram ?',
  ...patch,
});
const send = (body: unknown, locale = 'fr', ip = uniqueIp(), headers: Record<string, string> = {}) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/contact?locale=${locale}`,
    remoteAddress: ip,
    headers: { origin: ORIGIN, ...headers },
    payload: body as object,
  });
const rowsFor = (email: string) =>
  rt.deps.database.db.select().from(supportMessages).where(eq(supportMessages.email, email));

describe('POST /api/contact (the public contact form)', () => {
  it('lands in the inbox as a contact request, tells the admins, and acknowledges in the language of the page', async () => {
    const adminUser = await makeAdmin(rt);
    const fr = form();
    const res = await send(fr, 'fr');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await rowsFor(fr.email);
    expect(row).toMatchObject({
      type: 'contact',
      status: 'open',
      user_id: null,
      first_name: 'Amélie',
      company_name: 'Boutique Amélie',
      subject: 'Vendre sur Instagram',
      locale: 'fr',
      phone: '0611223344',
    });
    const [mail] = await readMailsTo(rt, smtp, fr.email);
    expect(mail).toContain('Nous avons bien reçu votre message');
    expect(mail).toContain('Bonjour Amélie');
    const notices = await rt.deps.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, adminUser.id));
    expect(notices.map((x) => x.title_fr)).toContain('Nouveau message de contact : Vendre sur Instagram');

    const admin = await client(rt, adminUser);
    const inbox = (
      await admin.get('/api/support/fetch-items?queryFilter={"type":"contact"}&limit=100')
    ).json();
    expect(inbox.items.map((i: { id: number }) => i.id)).toContain(row.id);

    const en = form({ phone: undefined, company_name: undefined, subject: 'Pricing' });
    expect((await send(en, 'en')).statusCode).toBe(200);
    const [enMail] = await readMailsTo(rt, smtp, en.email);
    expect(enMail).toContain('We received your message');
  });

  it('acknowledges without repeating what the sender typed, and an address at most once a day', async () => {
    smtp.clear();
    const lure = 'Votre compte est suspendu : https://evil.example/login';
    const body = form({ subject: lure, message: `${lure}, connectez-vous vite.` });
    expect((await send(body)).statusCode).toBe(200);
    const [mail] = await readMailsTo(rt, smtp, body.email);
    expect(mail).toContain('Nous avons bien reçu votre message');
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toContain('suspendu');
    // written again the same day, from elsewhere: kept for the team, not acknowledged again
    expect((await send({ ...body, subject: 'Encore moi' })).statusCode).toBe(200);
    expect(await rowsFor(body.email)).toHaveLength(2);
    expect(await readMailsTo(rt, smtp, body.email)).toHaveLength(1);
  });

  it('is open to everyone: signed out, a shopper, a seller', async () => {
    for (const role of [ROLE.buyer, ROLE.seller]) {
      const user = role === ROLE.buyer ? await makeBuyer(rt) : await makeSeller(rt);
      const api = await client(rt, user);
      expect((await api.post('/api/contact?locale=fr', form())).statusCode).toBe(200);
    }
  });

  it('refuses bad input naming the field and keeps nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ first_name: '' }, 'first_name'],
      [{ last_name: 'Du\u0000rand' }, 'last_name'],
      [{ phone: 'abc' }, 'phone'],
      [{ company_name: 'x'.repeat(151) }, 'company_name'],
      [{ subject: '' }, 'subject'],
      [{ subject: 'x'.repeat(151) }, 'subject'],
      [{ message: 'ok' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
      [{ website: 'https://spam.test' }, 'website'],
    ];
    for (const [patch, field] of cases) {
      const body = form(patch);
      const res = await send(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), res.body).toContain(field);
      expect(await rowsFor(String(body.email))).toHaveLength(0);
    }
  });

  it('is rate limited per address like the public sign-up calls, and a refusal keeps nothing', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await send(form(), 'fr', ip)).statusCode).toBe(200);
    const body = form();
    const limited = await send(body, 'en', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'rate_limited',
      message: 'Too many attempts, please try again in a few minutes',
    });
    expect(await rowsFor(body.email)).toHaveLength(0);
    // and per e-mail, whatever the address
    const email = `same-${Date.now()}@boutique.test`;
    for (let i = 0; i < 3; i++) expect((await send(form({ email }))).statusCode).toBe(200);
    expect((await send(form({ email }))).statusCode).toBe(429);
  });

  it('refuses an e-mail written as an address list or with a name, so the per-e-mail limit holds and one mailbox gets one address', async () => {
    smtp.clear();
    const victim = `victim-${Date.now()}@boutique.test`;
    const spellings = [
      `"Votre compte est suspendu"<${victim}>`,
      `a<${victim}`,
      `${victim}>`,
      `${victim},other`,
      `${victim};other`,
      `(note)${victim}`,
      `[x]${victim}`,
      `x\\${victim}`,
    ];
    for (const email of spellings) {
      const res = await send(form({ email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields, email).toEqual({ email: 'email' });
      expect(await rowsFor(email.toLowerCase())).toHaveLength(0);
    }
    await rt.worker.drain();
    expect(smtp.received.filter((m) => m.to.includes(victim))).toEqual([]);
  });

  it('one mailbox spelt several ways (+tags, dots of a Gmail address, a final dot) is acknowledged once and limited as one', async () => {
    smtp.clear();
    const user = `victim${Date.now()}`;
    const spellings = [
      `${user}@gmail.com`,
      `${user}+1@gmail.com`,
      `${user.slice(0, 3)}.${user.slice(3)}+2@googlemail.com`,
    ];
    for (const email of spellings) expect((await send(form({ email }))).statusCode, email).toBe(200);
    await rt.worker.drain();
    expect(smtp.received.filter((m) => m.to.some((to) => to.includes(user.slice(3))))).toHaveLength(1);
    // a fourth spelling, from yet another client address, is past the per-e-mail limit (3 here)
    expect((await send(form({ email: `${user}@gmail.com.` }))).statusCode).toBe(429);
  });

  it('refuses a form another site posts', async () => {
    const body = form();
    const res = await send(body, 'fr', uniqueIp(), {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('bad_origin');
    expect(await rowsFor(body.email)).toHaveLength(0);
  });
});
