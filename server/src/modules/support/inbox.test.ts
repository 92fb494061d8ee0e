import type { TSupportMessage } from '@livecart/contract/support';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, makeSeller, ORIGIN, startTestApp, uniqueIp } from '../../../test/helpers.ts';
import { type LocalSmtp, readMailsTo, startSmtp } from '../../../test/smtp.ts';
import { notifications, supportMessages } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

type Api = Awaited<ReturnType<typeof client>>;
let smtp: LocalSmtp;
let rt: Runtime;
let admin: Api;

beforeAll(async () => {
  smtp = await startSmtp();
  rt = await startTestApp({ smtpUrl: smtp.url });
  admin = await client(rt, await makeAdmin(rt));
});
afterAll(async () => {
  await rt.close();
  await smtp.close();
});

const db = () => rt.deps.database.db;
const MESSAGE = 'Depuis ce matin, les paniers de mon live expirent avant la fin du compte à rebours.';
let n = 0;

async function file(api: Api, subject: string, locale: 'fr' | 'en' = 'fr') {
  const res = await api.post('/api/support', { subject, message: MESSAGE }, { 'x-page-locale': locale });
  if (res.statusCode !== 200) throw new Error(`POST /api/support ${res.statusCode}: ${res.body}`);
  return res.json().item as TSupportMessage;
}

const inbox = async (query: Record<string, unknown> = {}) => {
  const params = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const res = await admin.get(`/api/support/fetch-items?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; items: TSupportMessage[] };
};

describe("the admin's inbox", () => {
  it('lists every kind of request newest first, filters by status, type and day, searches, pages', async () => {
    const tag = `Inbox${Date.now().toString(36)}${++n}`;
    const seller = await client(rt, await makeSeller(rt));
    const first = await file(seller, `${tag} paniers`);
    const second = await file(seller, `${tag} paiement`);
    await rt.app.inject({
      method: 'POST',
      url: '/api/contact?locale=fr',
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN },
      payload: {
        first_name: 'Léa',
        last_name: 'Moreau',
        email: `lea-${tag.toLowerCase()}@boutique.test`,
        subject: `${tag} tarifs`,
        message: 'Quels sont vos tarifs pour une boutique de 3 vendeuses ?',
      },
    });
    const all = await inbox({ query: tag });
    expect(all.count).toBe(3);
    expect(all.items.map((i) => i.subject)).toEqual([`${tag} tarifs`, `${tag} paiement`, `${tag} paniers`]);
    expect(all.items[0]).toMatchObject({
      type: 'contact',
      author: { user_id: null, first_name: 'Léa', email: `lea-${tag.toLowerCase()}@boutique.test` },
    });

    expect((await inbox({ query: tag, queryFilter: { type: 'contact' } })).count).toBe(1);
    expect((await inbox({ query: tag, queryFilter: { type: 'support' } })).count).toBe(2);
    await admin.post(`/api/support/${first.id}/close`);
    const open = await inbox({ query: tag, queryFilter: { status: 'open' } });
    expect(open.items.map((i) => i.id).sort()).toEqual([second.id, all.items[0].id].sort());
    expect((await inbox({ query: tag, queryFilter: { status: 'closed' } })).items.map((i) => i.id)).toEqual([
      first.id,
    ]);

    // created_at: whole Europe/Paris days (23:30 UTC on 1 March is 00:30 on 2 March in Paris)
    await db().execute(
      sql`UPDATE support_messages SET created_at = '2026-03-01T23:30:00Z' WHERE id = ${first.id}`,
    );
    const day = await inbox({
      query: tag,
      queryFilter: { created_at: { from: '2026-03-01', to: '2026-03-01' } },
    });
    expect(day.count).toBe(0);
    const nextDay = await inbox({
      query: tag,
      queryFilter: { created_at: { from: '2026-03-02', to: '2026-03-02' } },
    });
    expect(nextDay.items.map((i) => i.id)).toEqual([first.id]);

    // search: accents and case ignored, on the author's name and e-mail too
    expect((await inbox({ query: `${tag.toUpperCase()} TARIFS` })).count).toBe(1);
    expect((await inbox({ query: 'lea moreau' })).items.map((i) => i.subject)).toContain(`${tag} tarifs`);
    const byEmail = await inbox({ query: first.author.email as string });
    expect(byEmail.items.map((i) => i.id).sort()).toEqual([first.id, second.id].sort());

    const page = await inbox({ query: tag, limit: 10, offset: 0, column: 'subject', sort: 'ASC' });
    expect(page.items.map((i) => i.subject)).toEqual([`${tag} paiement`, `${tag} paniers`, `${tag} tarifs`]);
    expect((await inbox({ query: tag, limit: 10, offset: 2 })).items).toHaveLength(1);
  });
});

describe('answering a request', () => {
  it("e-mails the answer to the seller's address in the request's language; the seller reads it and is notified", async () => {
    const user = await makeSeller(rt);
    const seller = await client(rt, user);
    const item = await file(seller, 'Carts expire too early', 'en');

    const res = await admin.post(`/api/support/${item.id}/reply`, {
      message: 'Hello, the cart duration of that live was 5 minutes.\nChange it in Settings.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      success: true,
      emailed: true,
      item: { status: 'answered', replies_count: 1 },
    });

    const [mail] = await readMailsTo(rt, smtp, user.email);
    expect(mail).toContain('Subject: Answer to your request: Carts expire too early');
    expect(mail).toContain('the cart duration of that live was 5 minutes.');
    expect(mail).toContain(MESSAGE);
    expect(mail).toContain(`${ORIGIN}/en/support?id=${item.id}`);

    const mine = (await seller.get(`/api/support/fetch-item/${item.id}`)).json();
    expect(mine.item.status).toBe('answered');
    expect(mine.replies.map((r: { body: string }) => r.body)).toEqual([
      'Hello, the cart duration of that live was 5 minutes.\nChange it in Settings.',
    ]);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, user.id), eq(notifications.type, 'support_answered')));
    expect(notice).toMatchObject({
      title_en: 'Support answered: Carts expire too early',
      link: `/support?id=${item.id}`,
    });

    // a French request is answered in French
    const fr = await file(seller, 'Paiement refusé', 'fr');
    await admin.post(`/api/support/${fr.id}/reply`, { message: 'Bonjour, la banque a refusé la carte.' });
    const mails = await readMailsTo(rt, smtp, user.email);
    const french = mails.find((m) => m.includes('la banque a refusé'));
    expect(french).toContain('Réponse à votre demande : Paiement refusé');
    expect(french).toContain(`${ORIGIN}/support?id=${fr.id}`);
  });

  it("a contact form's answer goes to the e-mail it was sent from", async () => {
    const email = `paul-${Date.now()}@atelier.test`;
    await rt.app.inject({
      method: 'POST',
      url: '/api/contact?locale=en',
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN },
      payload: {
        first_name: 'Paul',
        last_name: 'Martin',
        email,
        subject: 'Pricing',
        message: 'Do you bill per seat?',
      },
    });
    const [row] = await db().select().from(supportMessages).where(eq(supportMessages.email, email));
    const res = await admin.post(`/api/support/${row.id}/reply`, { message: 'No, one plan per shop.' });
    expect(res.json().emailed).toBe(true);
    const mails = await readMailsTo(rt, smtp, email);
    const answer = mails.find((m) => m.includes('No, one plan per shop.'));
    expect(answer).toContain('Hello Paul,');
    expect(answer).not.toContain('See my requests');
  });

  it('a seller without an e-mail address reads the answer on their page; the answer says it was not e-mailed', async () => {
    const user = await makeSeller(rt);
    const seller = await client(rt, user);
    const item = await file(seller, 'Sans e-mail');
    await db().execute(sql`UPDATE users SET email = NULL, email_real = NULL WHERE id = ${user.id}`);
    const sentBefore = smtp.received.length;
    const res = await admin.post(`/api/support/${item.id}/reply`, { message: 'Voici la réponse.' });
    expect(res.json()).toMatchObject({ emailed: false, item: { status: 'answered' } });
    await rt.worker.drain();
    expect(smtp.received.length).toBe(sentBefore);
  });

  it('closes and reopens a request; an answer to a closed one opens it again', async () => {
    const seller = await client(rt, await makeSeller(rt));
    const item = await file(seller, 'À fermer');
    const closed = (await admin.post(`/api/support/${item.id}/close`)).json();
    expect(closed).toMatchObject({
      success: true,
      item: { status: 'closed', closed_at: expect.any(String) },
    });
    // closing twice changes nothing
    const again = (await admin.post(`/api/support/${item.id}/close`)).json();
    expect(again.item.closed_at).toBe(closed.item.closed_at);
    expect((await admin.post(`/api/support/${item.id}/reopen`)).json().item).toMatchObject({
      status: 'open',
      closed_at: null,
    });
    await admin.post(`/api/support/${item.id}/reply`, { message: 'Réglé.' });
    await admin.post(`/api/support/${item.id}/close`);
    expect((await admin.post(`/api/support/${item.id}/reopen`)).json().item.status).toBe('answered');
    await admin.post(`/api/support/${item.id}/close`);
    const answered = (
      await admin.post(`/api/support/${item.id}/reply`, { message: 'Une précision.' })
    ).json();
    expect(answered.item).toMatchObject({ status: 'answered', closed_at: null, replies_count: 2 });
    // the seller sees where their request stands
    expect((await seller.get(`/api/support/fetch-item/${item.id}`)).json().item.status).toBe('answered');
  });
});
