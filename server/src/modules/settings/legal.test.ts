import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LEGAL_DOC_MAX_BYTES } from '@livecart/contract/settings';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartOf, inject, type Shop, shop, useCheckoutFixtures } from '../../../test/checkout-fixtures.ts';
import { client, makeAdmin, makeBuyer, ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/payment-fixtures.ts';
import { loadRefs, multipart, sellerApi } from '../../../test/product-fixtures.ts';
import { form } from '../../../test/shipping-fixtures.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
  await useCheckoutFixtures(rt, await loadRefs(rt));
});
afterAll(() => rt.close());

type Api = Shop['api'];

/** A real PDF saying `text`, as a word processor would export it. */
function pdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(text);
  doc.end();
  return done;
}

/** Uploads `data` as the document `typedoc`, the way the settings screen sends it. */
const upload = (api: Api, typedoc: string, data: Buffer, filename = 'document.pdf', field = 'file') => {
  const { body, headers } = multipart([{ field, filename, data, type: 'application/pdf' }]);
  return api.post(`/api/update-file-settings?typedoc=${typedoc}`, body, headers);
};

const settingsOf = async (api: Api) => (await api.get('/api/fetch-settings')).json().item;

/** What a shopper's browser gets at a document's address (no session, another site's page). */
const open = (url: string) =>
  rt.app.inject({
    method: 'GET',
    url,
    headers: { 'sec-fetch-site': 'cross-site', origin: 'https://m.facebook.com' },
  });

/** The legal documents the checkout page of a new cart of the shop shows. */
async function checkoutDocuments(s: Shop) {
  const { cart, t } = await cartOf(s);
  const page = await inject('GET', `/api/checkout?orderNumber=${cart.order_number}&t=${t}`);
  expect(page.statusCode, page.body).toBe(200);
  return page.json().order.legalDocuments as { type: string; url: string }[];
}

/** The uploaded legal files in storage. */
const storedFiles = () => {
  try {
    return readdirSync(path.join(rt.deps.config.filesDir, 'legal')).sort();
  } catch {
    return [];
  }
};

/** A multipart body written by hand, as a broken client might send it. */
const PART = 'Content-Disposition: form-data; name="file"; filename="cgv.pdf"';
const multipartCall = (api: Api, body: string, type = 'multipart/form-data; boundary=xx') =>
  api.post('/api/update-file-settings?typedoc=terms', body, { 'content-type': type });

const FILE_URL = /^\/api\/files\/legal\/[\w-]{20,}\.pdf$/;

describe('legal documents: uploaded PDFs', () => {
  it('an uploaded PDF is served back as it was sent, at the address the settings give, and the checkout links it', async () => {
    const s = await shop();
    const data = await pdf('Conditions de livraison : sous 48 heures.');
    const res = await upload(s.api, 'delivery', data, 'livraison.pdf', 'anything');
    expect(res.statusCode, res.body).toBe(200);
    const { item } = res.json();
    expect(item).toMatchObject({
      doctype: 'file',
      delivery_link: null,
      terms_link: 'https://shop.example/cgv',
    });
    expect(item.delivery_doc).toMatch(FILE_URL);
    expect(item.updated_at).not.toBeNull();
    expect(await settingsOf(s.api)).toEqual(item);

    const served = await open(item.delivery_doc);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // a removed document must stop being served soon, by shared caches too: never "immutable"
    expect(served.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(served.rawPayload.equals(data)).toBe(true);
    expect(await pdfText(served.rawPayload)).toContain('Conditions de livraison');

    expect(await checkoutDocuments(s)).toEqual(
      expect.arrayContaining([
        { type: 'delivery', url: item.delivery_doc },
        { type: 'terms', url: 'https://shop.example/cgv' },
      ]),
    );
  });

  it('the policy upload is the privacy document: it replaces its link, and a new upload replaces the old file', async () => {
    const s = await shop();
    const first = (await upload(s.api, 'policy', await pdf('Politique v1'))).json().item;
    expect(first).toMatchObject({ privacy_link: null, doctype: 'file' });
    expect(first.privacy_doc).toMatch(FILE_URL);

    const second = await upload(s.api, 'policy', await pdf('Politique v2'));
    expect(second.statusCode, second.body).toBe(200);
    const item = second.json().item;
    expect(item.privacy_doc).toMatch(FILE_URL);
    expect(item.privacy_doc).not.toBe(first.privacy_doc);
    expect((await open(first.privacy_doc)).statusCode).toBe(404);
    expect(await pdfText((await open(item.privacy_doc)).rawPayload)).toContain('Politique v2');

    const docs = await checkoutDocuments(s);
    expect(docs.filter((d) => d.type === 'privacy')).toEqual([{ type: 'privacy', url: item.privacy_doc }]);
  });

  it('a PNG or a text renamed .pdf, a PDF over 10 MB, an unknown document and a missing file are refused, and nothing changes', async () => {
    const s = await shop();
    const before = await settingsOf(s.api);
    const files = storedFiles();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const big = Buffer.concat([await pdf('Trop grand'), Buffer.alloc(LEGAL_DOC_MAX_BYTES)]);
    const cases: [Promise<Awaited<ReturnType<Api['post']>>>, number, string, Record<string, string>?][] = [
      [upload(s.api, 'terms', png, 'cgv.pdf'), 400, 'legal_doc_type', { file: 'pdf_only' }],
      [
        upload(s.api, 'terms', Buffer.from('Conditions générales de vente\n'), 'cgv.pdf'),
        400,
        'legal_doc_type',
      ],
      [upload(s.api, 'terms', Buffer.alloc(0), 'cgv.pdf'), 400, 'legal_doc_type'],
      [upload(s.api, 'terms', big, 'cgv.pdf'), 413, 'legal_doc_size', { file: 'file_too_large' }],
      [upload(s.api, 'privacy', await pdf('x')), 400, 'validation', { typedoc: 'invalid' }],
      [upload(s.api, '', await pdf('x')), 400, 'validation', { typedoc: 'invalid' }],
      [
        s.api.post('/api/update-file-settings?typedoc=terms', { file: 'x' }),
        400,
        'validation',
        { file: 'required' },
      ],
      // a body that is no readable multipart: no boundary, cut short; or one without a file
      [multipartCall(s.api, 'x', 'multipart/form-data'), 400, 'bad_request'],
      [multipartCall(s.api, `--xx\r\n${PART}\r\n\r\n%PDF-1.4 cut`), 400, 'bad_request'],
      [
        multipartCall(s.api, '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xx--\r\n'),
        400,
        'validation',
        { file: 'required' },
      ],
    ];
    for (const [call, status, error, fields] of cases) {
      const res = await call;
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toBe(error);
      if (fields) expect(res.json().fields).toEqual(fields);
    }
    // text fields beside the file are no part of the call: a body of megabytes of them is refused
    const padded = form(
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'.repeat(1000 * 1000 - 10)])),
      [{ field: 'file', filename: 'cgv.pdf', data: await pdf('Gonflé'), type: 'application/pdf' }],
    );
    const swollen = await s.api.post('/api/update-file-settings?typedoc=terms', padded.body, padded.headers);
    expect(swollen.statusCode, swollen.body).toBe(413);
    expect(swollen.json().error).toBe('too_large');
    const refused = await upload(s.api, 'terms', png, 'cgv.pdf');
    expect(refused.json().message).toBe('Le document doit être un fichier PDF');
    expect(await settingsOf(s.api)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });
});

describe('legal documents: links', () => {
  it('a link replaces the uploaded file, which is no longer served; links left out stay; an empty one goes', async () => {
    const s = await shop();
    const file = (await upload(s.api, 'terms', await pdf('CGV'))).json().item.terms_doc;
    const res = await s.api.post('/api/update-link-settings', {
      terms_link: 'https://shop.example/cgv-2026',
      return_link: 'http://shop.example/retours',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      item: {
        doctype: 'link',
        terms_doc: null,
        terms_link: 'https://shop.example/cgv-2026',
        return_link: 'http://shop.example/retours',
        privacy_link: 'https://shop.example/privacy',
      },
    });
    expect((await open(file)).statusCode).toBe(404);
    expect(await checkoutDocuments(s)).toEqual(
      expect.arrayContaining([
        { type: 'terms', url: 'https://shop.example/cgv-2026' },
        { type: 'return', url: 'http://shop.example/retours' },
      ]),
    );

    const cleared = await s.api.post('/api/update-link-settings', { privacy_link: '', return_link: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().item).toMatchObject({
      privacy_link: null,
      return_link: null,
      terms_link: 'https://shop.example/cgv-2026',
    });
    expect((await checkoutDocuments(s)).map((d) => d.type)).toEqual(['terms']);
  });

  it('an empty link leaves the uploaded file of that document in place', async () => {
    const s = await shop();
    const file = (await upload(s.api, 'return', await pdf('Retours'))).json().item.return_doc;
    const res = await s.api.post('/api/update-link-settings', { return_link: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ return_doc: file, return_link: null });
    expect((await open(file)).statusCode).toBe(200);
  });

  it('a link that is no http(s) address, too long, or holds a NUL answers 400 naming its field, and nothing changes', async () => {
    const s = await shop();
    const before = await settingsOf(s.api);
    const bad: [unknown, Record<string, string>][] = [
      [{ terms_link: 'javascript:alert(1)' }, { terms_link: 'url' }],
      [{ terms_link: 'ftp://x' }, { terms_link: 'url' }],
      [{ privacy_link: 'shop.example/privacy' }, { privacy_link: 'url' }],
      [{ delivery_link: 'https://shop.example/\u0000x' }, { delivery_link: 'invalid_characters' }],
      // spaces, line breaks and invisible characters (a right-to-left override) are no part of an address
      [{ terms_link: ' https://shop.example/cgv' }, { terms_link: 'url' }],
      [{ terms_link: 'https://shop.example/c gv' }, { terms_link: 'url' }],
      [{ terms_link: 'https://shop.example/cgv\n' }, { terms_link: 'url' }],
      [{ privacy_link: 'https://shop.example/\u202efdp.exe' }, { privacy_link: 'url' }],
      [{ privacy_link: 'https://shop.example/a\u200bb' }, { privacy_link: 'url' }],
      [{ return_link: `https://shop.example/${'a'.repeat(1000)}` }, { return_link: 'max_chars:1000' }],
      [
        { terms_link: 'https://ok.example', policy_link: 'https://x.example' },
        { policy_link: 'unknown_field' },
      ],
      [{}, { _: 'fill_one_field' }],
    ];
    for (const [body, fields] of bad) {
      const res = await s.api.post('/api/update-link-settings?locale=en', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: 'validation', fields });
    }
    expect(await settingsOf(s.api)).toEqual(before);
  });
});

describe('legal documents: at least one stays', () => {
  it('removing the last document or link is refused with legal_settings_empty, and nothing changes', async () => {
    const { api } = await sellerApi(rt);
    // a seller who never saved anything cannot save an empty set either
    const none = await api.post('/api/update-link-settings?locale=en', { terms_link: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error: 'legal_settings_empty',
      message: 'At least one document or link is required for legal settings',
    });
    expect(await settingsOf(api)).toMatchObject({ created_at: null, updated_at: null, terms_link: null });

    const file = (await upload(api, 'terms', await pdf('CGV'))).json().item.terms_doc;
    const before = await settingsOf(api);
    const removed = await api.get('/api/remove-settings-file?type=terms&tmpfile=cgv&ext=pdf');
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error).toBe('legal_settings_empty');
    expect(await settingsOf(api)).toEqual(before);
    expect((await open(file)).statusCode).toBe(200);

    const linked = await api.post('/api/update-link-settings', { terms_link: 'https://shop.example/cgv' });
    const onlyLink = linked.json().item;
    const cleared = await api.post('/api/update-link-settings', { terms_link: null, privacy_link: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error).toBe('legal_settings_empty');
    expect(await settingsOf(api)).toEqual(onlyLink);
  });

  it('a file is removed while another document remains; a document without a file is left as it is', async () => {
    const s = await shop();
    const file = (await upload(s.api, 'terms', await pdf('CGV'))).json().item.terms_doc;
    const res = await s.api.get('/api/remove-settings-file?type=terms');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, item: { terms_doc: null, terms_link: null } });
    expect((await open(file)).statusCode).toBe(404);
    expect((await checkoutDocuments(s)).map((d) => d.type)).toEqual(['privacy']);

    const before = await settingsOf(s.api);
    const nothing = await s.api.get('/api/remove-settings-file?type=delivery');
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(nothing.json().item).toEqual(before);
    expect(await settingsOf(s.api)).toEqual(before);
    // a seller without any settings has nothing to remove
    const { api } = await sellerApi(rt);
    const empty = await api.get('/api/remove-settings-file?type=return');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().item).toMatchObject({ return_doc: null, created_at: null });

    for (const [query, fields] of [
      ['type=privacy', { type: 'invalid' }],
      ['', { type: 'invalid' }],
      [`type=terms&tmpfile=${'a'.repeat(501)}`, { tmpfile: 'invalid' }],
      ['type=terms&ext=%00', { ext: 'invalid_characters' }],
    ] as const) {
      const bad = await s.api.get(`/api/remove-settings-file?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ error: 'validation', fields });
    }
    expect(await settingsOf(s.api)).toEqual(before);
  });
});

describe('legal documents: who may change them', () => {
  it('only the seller: shoppers and admins are refused, strangers must sign in, other sites are refused', async () => {
    const s = await shop();
    const file = (await upload(s.api, 'terms', await pdf('CGV'))).json().item.terms_doc;
    const before = await settingsOf(s.api);
    const data = await pdf('Autre');
    const buyer = await client(rt, await makeBuyer(rt));
    const admin = await client(rt, await makeAdmin(rt));
    for (const api of [buyer, admin]) {
      expect(
        (await api.post('/api/update-link-settings', { terms_link: 'https://x.example' })).statusCode,
      ).toBe(403);
      expect((await upload(api, 'terms', data)).statusCode).toBe(403);
      expect((await api.get('/api/remove-settings-file?type=terms')).statusCode).toBe(403);
    }
    expect(
      (await inject('POST', '/api/update-link-settings', { terms_link: 'https://x.example' })).statusCode,
    ).toBe(401);
    const { body, headers } = multipart([
      { field: 'file', filename: 'a.pdf', data, type: 'application/pdf' },
    ]);
    expect((await inject('POST', '/api/update-file-settings?typedoc=terms', body, headers)).statusCode).toBe(
      401,
    );
    expect((await inject('GET', '/api/remove-settings-file?type=terms')).statusCode).toBe(401);

    // a page of another site that makes the seller's browser call them
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const removal = await s.api.get('/api/remove-settings-file?type=terms', evil);
    expect(removal.statusCode).toBe(403);
    expect(removal.json().error).toBe('bad_origin');
    const link = await s.api.post('/api/update-link-settings', { terms_link: 'https://evil.example' }, evil);
    expect(link.json().error).toBe('bad_origin');
    const up = await s.api.post('/api/update-file-settings?typedoc=terms', body, { ...headers, ...evil });
    expect(up.json().error).toBe('bad_origin');
    // a link on another site (no Origin, a Referer) is refused too
    const linked = await s.api.get('/api/remove-settings-file?type=terms', {
      referer: 'https://evil.example/x',
    });
    expect(linked.statusCode).toBe(403);

    expect(await settingsOf(s.api)).toEqual(before);
    expect((await open(file)).statusCode).toBe(200);
    expect(
      (await s.api.get('/api/remove-settings-file?type=terms', { referer: `${ORIGIN}/settings` })).statusCode,
    ).toBe(200);
  });
});
