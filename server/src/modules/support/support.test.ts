import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TSupportMessage } from '@livecart/contract/support';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, makeAdmin, makeBuyer, makeSeller, ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { form, png } from '../../../test/shipping-fixtures.ts';
import { type LocalSmtp, readMailsTo, startSmtp } from '../../../test/smtp.ts';
import { notifications, supportMessages } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

type Api = Awaited<ReturnType<typeof client>>;
const TEAM = 'team@livecart.test';
let smtp: LocalSmtp;
let rt: Runtime;
let admin: Api;
let adminId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  rt = await startTestApp({
    smtpUrl: smtp.url,
    supportEmail: TEAM,
    supportRateLimit: { max: 3, windowMs: 60 * 60_000 },
  });
  const a = await makeAdmin(rt);
  adminId = a.id;
  admin = await client(rt, a);
});
afterAll(async () => {
  await rt.close();
  await smtp.close();
});

const db = () => rt.deps.database.db;
const MESSAGE = 'Bonjour, mon live de ce soir ne reçoit plus les commentaires depuis 20 h 15.';
const rowsOf = (userId: number) =>
  db().select().from(supportMessages).where(eq(supportMessages.user_id, userId));
const storedScreenshots = () => {
  const dir = path.join(rt.deps.config.filesDir, 'support');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const withScreenshot = async (
  fields: Record<string, string>,
  data?: Buffer | string,
  filename = 'capture.png',
) => form(fields, [{ field: 'screenshot', filename, data: data ?? (await png()), type: 'image/png' }]);

async function newSeller() {
  const user = await makeSeller(rt);
  return { user, api: await client(rt, user) };
}

describe('POST /api/support (a seller writes to the team)', () => {
  it('files the request in the language of the page, lists it for the seller and the inbox, tells the admins and the team', async () => {
    const { user, api } = await newSeller();
    const res = await api.post('/api/support', { subject: 'Commentaires bloqués', message: MESSAGE });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().item as TSupportMessage;
    expect(item).toMatchObject({
      type: 'support',
      status: 'open',
      subject: 'Commentaires bloqués',
      message: MESSAGE,
      locale: 'fr',
      attachment: null,
      replies_count: 0,
      author: { user_id: user.id, email: user.email, first_name: 'Test' },
    });

    const mine = (await api.get('/api/support/fetch-items')).json();
    expect(mine).toEqual({ count: 1, items: [item] });
    const inbox = (await admin.get('/api/support/fetch-items?limit=100')).json().items as TSupportMessage[];
    expect(inbox.map((i) => i.id)).toContain(item.id);

    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, adminId), eq(notifications.link, `/support?id=${item.id}`)));
    expect(notice).toMatchObject({
      type: 'support_new',
      title_fr: 'Nouvelle demande de support : Commentaires bloqués',
      link: `/support?id=${item.id}`,
    });
    const [teamMail] = (await readMailsTo(rt, smtp, TEAM)).filter((m) => m.includes(MESSAGE));
    expect(teamMail).toContain('Demande de support : Commentaires bloqués');
    expect(teamMail).toContain(user.email);
    expect(teamMail).toContain(`${ORIGIN}/support?id=${item.id}`);

    const english = await api.post(
      '/api/support',
      { subject: 'Blocked comments', message: MESSAGE },
      { 'x-page-locale': 'en' },
    );
    expect(english.json().item.locale).toBe('en');
  });

  it('a subject with line breaks adds no header to the e-mails it is written into', async () => {
    const { api } = await newSeller();
    const subject = 'Aide\r\nBcc: evil@x.test\r\nX-Injected: 1';
    const res = await api.post('/api/support', { subject, message: MESSAGE });
    expect(res.statusCode).toBe(200);
    await rt.worker.drain();
    const mail = smtp.received.find((m) => m.raw.includes('X-Injected') || m.raw.includes('Aide Bcc'));
    expect(mail?.to).toEqual([TEAM]);
    const headers = (mail?.raw ?? '').split('\r\n\r\n')[0];
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(smtp.mailsTo('evil@x.test')).toEqual([]);
  });

  it('refuses a message of 49 characters naming the field, and keeps nothing (no row, no file)', async () => {
    const { user, api } = await newSeller();
    const short = 'x'.repeat(49);
    const files = storedScreenshots();
    const json = await api.post('/api/support', { subject: 'Aide', message: short });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'validation', fields: { message: 'support_min:50' } });
    const multipart = await withScreenshot({ subject: 'Aide', message: short });
    const res = await api.post('/api/support', multipart.body, multipart.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ message: 'support_min:50' });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(storedScreenshots()).toEqual(files);
    // 50 characters are enough
    expect((await api.post('/api/support', { subject: 'Aide', message: 'x'.repeat(50) })).statusCode).toBe(
      200,
    );
  });

  it('counts characters as a person does: an emoji is one, both ways (JSON and form)', async () => {
    const { user, api } = await newSeller();
    // 49 characters, 74 UTF-16 units: too short
    const short = `${'😀'.repeat(25)}${'x'.repeat(24)}`;
    // 25 emoji were counted as 50 characters
    for (const message of [short, '😀'.repeat(25)]) {
      const json = await api.post('/api/support', { subject: 'Aide', message });
      expect(json.statusCode, message).toBe(400);
      expect(json.json().fields).toEqual({ message: 'support_min:50' });
      const multipart = await withScreenshot({ subject: 'Aide', message });
      const viaForm = await api.post('/api/support', multipart.body, multipart.headers);
      expect(viaForm.json().fields).toEqual({ message: 'support_min:50' });
    }
    expect(await rowsOf(user.id)).toEqual([]);
    // 5,000 emoji are 5,000 characters (10,000 units): the longest message, by form too
    const longest = '😀'.repeat(5000);
    const multipart = form({ subject: 'Aide', message: longest });
    const res = await api.post('/api/support', multipart.body, multipart.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.message).toBe(longest);
    const over = await api.post('/api/support', { subject: 'Aide', message: `${longest}x` });
    expect(over.json().fields).toEqual({ message: 'max_chars:5000' });
  });

  it('refuses other bad input naming the field: subject, length, spaces, unknown fields, bytes', async () => {
    const { user, api } = await newSeller();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ message: MESSAGE }, { subject: 'required' }],
      [{ subject: '', message: MESSAGE }, { subject: 'required' }],
      [{ subject: 'x'.repeat(151), message: MESSAGE }, { subject: 'max_chars:150' }],
      [{ subject: 'Aide', message: 'x'.repeat(5001) }, { message: 'max_chars:5000' }],
      [{ subject: 'Aide', message: ` ${MESSAGE}` }, { message: 'no_edge_spaces' }],
      [{ subject: 'Aide', message: MESSAGE, priority: 'high' }, { priority: 'unknown_field' }],
      [{ subject: 'Ai\u0000de', message: MESSAGE }, { subject: 'invalid_characters' }],
    ];
    for (const [body, fields] of cases) {
      const res = await api.post('/api/support', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toEqual(fields);
      const multipart = await withScreenshot(body as Record<string, string>);
      const viaForm = await api.post('/api/support', multipart.body, multipart.headers);
      expect(viaForm.statusCode, JSON.stringify(body)).toBe(400);
      expect(viaForm.json().fields, JSON.stringify(body)).toEqual(fields);
    }
    // a form cut short is a bad request, not a 500
    const cut = await withScreenshot({ subject: 'Aide', message: MESSAGE });
    const res = await api.post('/api/support', cut.body.subarray(0, 60), cut.headers);
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('checks the screenshot by its content: a text file named .png and a file over 5 MB are refused with nothing kept', async () => {
    const { user, api } = await newSeller();
    const files = storedScreenshots();
    const text = await withScreenshot(
      { subject: 'Aide', message: MESSAGE },
      'not an image at all',
      'capture.png',
    );
    const res = await api.post('/api/support', text.body, text.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'support_attachment_type',
      message: 'Une capture d’écran doit être une image .jpg, .png ou .webp',
      fields: { screenshot: 'screenshot_type' },
    });
    // bytes that only start like a PNG
    const fake = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200)]);
    const truncated = await withScreenshot({ subject: 'Aide', message: MESSAGE }, fake);
    expect((await api.post('/api/support', truncated.body, truncated.headers)).json().error).toBe(
      'support_attachment_type',
    );
    const big = await withScreenshot(
      { subject: 'Aide', message: MESSAGE },
      Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]),
    );
    const tooBig = await api.post('/api/support', big.body, big.headers);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      error: 'support_attachment_size',
      fields: { screenshot: 'file_too_large' },
    });
    const two = form({ subject: 'Aide', message: MESSAGE }, [
      { field: 'screenshot', filename: 'a.png', data: await png(), type: 'image/png' },
      { field: 'screenshot', filename: 'b.png', data: await png(), type: 'image/png' },
    ]);
    expect((await api.post('/api/support', two.body, two.headers)).statusCode).toBe(413);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(storedScreenshots()).toEqual(files);
  });

  it('refuses an empty file chosen as the screenshot; a form sent without choosing one is filed without it', async () => {
    const { user, api } = await newSeller();
    const files = storedScreenshots();
    const empty = await withScreenshot({ subject: 'Aide', message: MESSAGE }, Buffer.alloc(0), 'capture.png');
    const res = await api.post('/api/support', empty.body, empty.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'support_attachment_type',
      fields: { screenshot: 'screenshot_type' },
    });
    expect(await rowsOf(user.id)).toEqual([]);
    // a browser's form with its file input left empty sends a part without a name or bytes
    const none = await withScreenshot({ subject: 'Aide', message: MESSAGE }, Buffer.alloc(0), '');
    const filed = await api.post('/api/support', none.body, none.headers);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().item.attachment).toBeNull();
    expect(storedScreenshots()).toEqual(files);
  });

  it('keeps a screenshot re-encoded under a generated name, served to its author and admins only', async () => {
    const { api } = await newSeller();
    const other = await newSeller();
    const buyer = await client(rt, await makeBuyer(rt));
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#08c' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .jpeg()
      .toBuffer();
    const upload = form({ subject: 'Écran', message: MESSAGE }, [
      { field: 'screenshot', filename: 'mon écran.jpg', data: photo, type: 'image/jpeg' },
    ]);
    const res = await api.post('/api/support', upload.body, upload.headers);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().item as TSupportMessage;
    expect(item.attachment).toBe(`/api/support/${item.id}/attachment`);
    const [row] = await db().select().from(supportMessages).where(eq(supportMessages.id, item.id));
    expect(row.attachment).toMatch(/^support\/[A-Za-z0-9_-]{22}\.jpg$/);

    const served = await api.get(item.attachment as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // as invoices and documents: never kept on disk, so gone from a shared computer once signed out
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([300, 200, undefined]);
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await admin.get(item.attachment as string)).statusCode).toBe(200);

    // nobody else: another seller gets the 404 of a missing request, a shopper 403, signed out 401
    expect((await other.api.get(item.attachment as string)).statusCode).toBe(404);
    expect((await buyer.get(item.attachment as string)).statusCode).toBe(403);
    expect((await rt.app.inject({ url: item.attachment as string })).statusCode).toBe(401);
    // and never as a public file
    expect((await rt.app.inject({ url: `/api/files/${row.attachment}` })).statusCode).toBe(404);
    expect((await other.api.get(`/api/files/${row.attachment}`)).statusCode).toBe(404);
  });

  it('is limited to a few requests an hour per seller, and a refusal keeps nothing', async () => {
    const { user, api } = await newSeller();
    for (let i = 0; i < 3; i++) {
      expect((await api.post('/api/support', { subject: `Aide ${i}`, message: MESSAGE })).statusCode).toBe(
        200,
      );
    }
    const files = storedScreenshots();
    const limited = await withScreenshot({ subject: 'Aide 4', message: MESSAGE });
    const res = await api.post('/api/support', limited.body, limited.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('rate_limited');
    expect(await rowsOf(user.id)).toHaveLength(3);
    expect(storedScreenshots()).toEqual(files);
    // another seller is not slowed down by it
    const { api: next } = await newSeller();
    expect((await next.post('/api/support', { subject: 'Aide', message: MESSAGE })).statusCode).toBe(200);
  });

  it('a seller past the limit is refused before the screenshot is decoded, and a refused screenshot does not count', async () => {
    const { user, api } = await newSeller();
    for (let i = 0; i < 3; i++) {
      const text = await withScreenshot({ subject: `Aide ${i}`, message: MESSAGE }, 'not an image', 'a.png');
      expect((await api.post('/api/support', text.body, text.headers)).statusCode).toBe(400);
    }
    for (let i = 0; i < 3; i++) {
      expect((await api.post('/api/support', { subject: `Aide ${i}`, message: MESSAGE })).statusCode).toBe(
        200,
      );
    }
    // past the limit, no image is decoded (a 36-megapixel one takes a core for a third of a second)
    const files = storedScreenshots();
    const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const heavy = await withScreenshot({ subject: 'Aide', message: MESSAGE }, big);
    const res = await api.post('/api/support', heavy.body, heavy.headers);
    expect(res.statusCode).toBe(429);
    const text = await withScreenshot({ subject: 'Aide', message: MESSAGE }, 'not an image', 'a.png');
    expect((await api.post('/api/support', text.body, text.headers)).json().error).toBe('rate_limited');
    expect(await rowsOf(user.id)).toHaveLength(3);
    expect(storedScreenshots()).toEqual(files);
  });

  it('a seller whose trial is over still reaches the team', async () => {
    const api = await client(rt, await makeSeller(rt, { subscription: 'expired' }));
    expect((await api.post('/api/support', { subject: 'Mon abonnement', message: MESSAGE })).statusCode).toBe(
      200,
    );
    expect((await api.get('/api/support/fetch-items')).json().count).toBe(1);
  });

  it('refuses a request another site made, and keeps nothing', async () => {
    const { user, api } = await newSeller();
    const res = await api.post(
      '/api/support',
      { subject: 'Aide', message: MESSAGE },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('bad_origin');
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('who may call what', () => {
  it('every support call for admin, the seller, another seller, a shopper and signed out', async () => {
    const seller = await newSeller();
    const other = await newSeller();
    const buyer = await client(rt, await makeBuyer(rt));
    const upload = await withScreenshot({ subject: 'Accès', message: MESSAGE });
    const { item } = (await seller.api.post('/api/support', upload.body, upload.headers)).json() as {
      item: TSupportMessage;
    };
    const { item: theirs } = (
      await other.api.post('/api/support', { subject: 'Autre', message: MESSAGE })
    ).json() as { item: TSupportMessage };
    const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) =>
      rt.app.inject({ method, url, payload, headers: method === 'POST' ? { origin: ORIGIN } : {} });
    const reply = { message: 'Nous regardons.' };

    const calls: [string, (api: Api | null) => Promise<{ statusCode: number }>, Record<string, number>][] = [
      [
        'POST support',
        (api) =>
          api
            ? api.post('/api/support', { subject: 'Encore', message: MESSAGE })
            : anonymous('POST', '/api/support', { subject: 'Encore', message: MESSAGE }),
        { admin: 403, seller: 200, other: 200, buyer: 403, out: 401 },
      ],
      [
        'GET fetch-items',
        (api) => (api ? api.get('/api/support/fetch-items') : anonymous('GET', '/api/support/fetch-items')),
        { admin: 200, seller: 200, other: 200, buyer: 403, out: 401 },
      ],
      [
        'GET fetch-item',
        (api) =>
          api
            ? api.get(`/api/support/fetch-item/${item.id}`)
            : anonymous('GET', `/api/support/fetch-item/${item.id}`),
        { admin: 200, seller: 200, other: 404, buyer: 403, out: 401 },
      ],
      [
        'GET attachment',
        (api) =>
          api
            ? api.get(`/api/support/${item.id}/attachment`)
            : anonymous('GET', `/api/support/${item.id}/attachment`),
        { admin: 200, seller: 200, other: 404, buyer: 403, out: 401 },
      ],
      [
        'POST reply',
        (api) =>
          api
            ? api.post(`/api/support/${item.id}/reply`, reply)
            : anonymous('POST', `/api/support/${item.id}/reply`, reply),
        { admin: 200, seller: 403, other: 403, buyer: 403, out: 401 },
      ],
      [
        'POST close',
        (api) =>
          api
            ? api.post(`/api/support/${item.id}/close`)
            : anonymous('POST', `/api/support/${item.id}/close`),
        { admin: 200, seller: 403, other: 403, buyer: 403, out: 401 },
      ],
      [
        'POST reopen',
        (api) =>
          api
            ? api.post(`/api/support/${item.id}/reopen`)
            : anonymous('POST', `/api/support/${item.id}/reopen`),
        { admin: 200, seller: 403, other: 403, buyer: 403, out: 401 },
      ],
    ];
    const callers: Record<string, Api | null> = {
      admin,
      seller: seller.api,
      other: other.api,
      buyer,
      out: null,
    };
    for (const [name, call, expected] of calls) {
      const got: Record<string, number> = {};
      for (const [who, api] of Object.entries(callers)) got[who] = (await call(api)).statusCode;
      expect(got, name).toEqual(expected);
    }

    // each seller reads their own requests only; the admin reads every one
    const ids = async (api: Api) =>
      ((await api.get('/api/support/fetch-items?limit=100')).json().items as TSupportMessage[]).map(
        (i) => i.id,
      );
    expect(await ids(seller.api)).toContain(item.id);
    expect(await ids(seller.api)).not.toContain(theirs.id);
    expect(await ids(other.api)).not.toContain(item.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([item.id, theirs.id]));
    const read = (await seller.api.get(`/api/support/fetch-item/${item.id}`)).json();
    expect(read.replies).toEqual([
      { id: expect.any(Number), body: 'Nous regardons.', author_name: null, created_at: expect.any(String) },
    ]);
    const asAdmin = (await admin.get(`/api/support/fetch-item/${item.id}`)).json();
    expect(asAdmin.replies[0].author_name).toBe('Test User');
  });

  it('an unknown id, an id past the database range or a bad filter is refused by name, never a 500', async () => {
    const { api } = await newSeller();
    expect((await admin.get('/api/support/fetch-item/2147483646')).statusCode).toBe(404);
    expect((await admin.post('/api/support/2147483646/close')).statusCode).toBe(404);
    expect((await admin.post('/api/support/2147483646/reply', { message: 'Bonjour' })).statusCode).toBe(404);
    const big = await admin.get('/api/support/fetch-item/2147483648');
    expect(big.statusCode).toBe(400);
    expect(big.json().fields).toEqual({ id: 'invalid' });
    const filter = await api.get(
      `/api/support/fetch-items?queryFilter=${encodeURIComponent('{"status":"lost","created_at":{"from":"2026-02-31"}}')}`,
    );
    expect(filter.statusCode).toBe(400);
    expect(filter.json().fields).toEqual({
      'queryFilter.status': 'invalid',
      'queryFilter.created_at.from': 'date',
    });
    const emptyReply = await admin.post('/api/support/1/reply', { message: '' });
    expect(emptyReply.json().fields).toEqual({ message: 'required' });
  });
});
