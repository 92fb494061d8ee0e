import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import { giveCompany, makeOrder, markPaid, pdfText, unzip } from '../../../test/payment-fixtures.ts';
import { type LocalSmtp, startSmtp } from '../../../test/smtp.ts';
import { invoices } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { queryRows } from '../../lib/sql.ts';
import type { Runtime } from '../../runtime.ts';
import { runInvoiceJob } from './service.ts';

let smtp: LocalSmtp;
let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;

beforeAll(async () => {
  smtp = await startSmtp();
  rt = await startTestApp({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await rt.close();
  await smtp.close();
});

beforeEach(() => {
  smtp.clear();
});

/** The mails received for one address. */
const mailsTo = (to: string) => smtp.mailsTo(to);

/** The PDF attachments of a received mail: `[{filename, pdf}]`. */
function pdfAttachments(raw: string) {
  const found: { filename: string; pdf: Buffer }[] = [];
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!/content-type:\s*application\/pdf/i.test(head)) continue;
    const filename = /filename="?([^"\r\n;]+)"?/i.exec(head.replace(/\r?\n\s+/g, ' '))?.[1] ?? '';
    const body = rest.join('\n').replace(/\r?\n--[\s\S]*$/, '');
    found.push({ filename, pdf: Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64') });
  }
  return found;
}

/** The subject of a mail, decoded from RFC 2047 when the words are encoded. */
function subjectOf(raw: string) {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const invoicesOf = (orderId: number) =>
  rt.deps.database.db.select().from(invoices).where(eq(invoices.order_id, orderId));

describe('invoice of a paid order', () => {
  let seller: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    seller = await makeSeller(rt);
    await giveCompany(rt, seller.id);
    buyer = await makeBuyer(rt);
  });

  it('is numbered, rendered and e-mailed to the shopper with the PDF attached', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    await markPaid(rt, order);
    await rt.worker.drain();

    const [invoice] = await invoicesOf(order.id);
    expect(invoice.number).toMatch(/^F-\d{4}-000001$/);
    expect(invoice.path).toMatch(/^invoices\//);
    const mails = mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([buyer.email]);
    expect(subjectOf(mails[0].raw)).toBe(`Commande ${order.order_number} confirmée – Atelier Crème & Brûlée`);
    const [attachment] = pdfAttachments(mails[0].raw);
    expect(attachment.filename).toBe(`Facture-${invoice.number}.pdf`);
    const text = await pdfText(attachment.pdf);
    expect(text).toContain('Facture');
    expect(text).toContain(invoice.number);
    expect(text).toContain(order.order_number);
    expect(text).toContain('Atelier Crème & Brûlée');
    expect(text).toContain('552 120 222 00013');
    expect(text).toContain('FR40552120222');
    expect(text).toContain('Hélène Dupré');
    expect(text).toContain('3 allée des Châtaigniers');
    expect(text).toContain('Robe à fleurs');
    expect(text).toContain('Bleu ciel');
    expect(text).toContain('Écharpe');
    // 2 × 39,90 + 12,50 = 92,30 ; + 6,90 shipping = 99,20
    expect(text).toContain('79,80 €');
    expect(text).toContain('92,30 €');
    expect(text).toContain('6,90 €');
    expect(text).toMatch(/Total TTC\s+99,20 €/);
  });

  it('runs again without a second number or a second e-mail', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    await markPaid(rt, order);
    await rt.worker.drain();
    const [first] = await invoicesOf(order.id);
    expect(mailsTo(buyer.email)).toHaveLength(1);

    // The same job delivered again (a retry after a crash, a second confirmation).
    await enqueue(rt.deps.database.db, {
      kind: 'invoice',
      dedupeKey: `invoice:${order.id}:again`,
      payload: { orderId: order.id },
    });
    await rt.worker.drain();
    await runInvoiceJob(rt.deps, { orderId: order.id });
    await rt.worker.drain();

    const all = await invoicesOf(order.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ number: first.number, path: first.path });
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });

  it('completes an invoice numbered before a crash, keeping its number', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    await markPaid(rt, order);
    // Numbered, then the process died before the PDF was stored.
    const [{ next }] = await queryRows<{ next: number }>(
      rt.deps.database.db,
      sql`SELECT coalesce(max(seq), 0) + 1 AS next FROM invoices WHERE seller_id = ${seller.id}`,
    );
    await rt.deps.database.db.insert(invoices).values({
      order_id: order.id,
      seller_id: seller.id,
      seq: Number(next),
      number: `F-2026-${String(next).padStart(6, '0')}`,
      total_cents: order.total_amount_cents,
    });
    await rt.worker.drain();
    const [invoice] = await invoicesOf(order.id);
    expect(invoice.seq).toBe(Number(next));
    expect(invoice.path).toMatch(/^invoices\//);
    expect(await pdfText(pdfAttachments(mailsTo(buyer.email)[0].raw)[0].pdf)).toContain(invoice.number);
  });

  it('is written in English for an English order and sent to the e-mail given at checkout', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id, locale: 'en' });
    const checkoutEmail = `helene.${Date.now()}@example.fr`;
    await markPaid(rt, order, { checkoutEmail });
    await rt.worker.drain();
    const [invoice] = await invoicesOf(order.id);
    const mails = mailsTo(checkoutEmail);
    expect(mails).toHaveLength(1);
    expect(mailsTo(buyer.email)).toHaveLength(0);
    expect(subjectOf(mails[0].raw)).toBe(`Order ${order.order_number} confirmed – Atelier Crème & Brûlée`);
    expect(pdfAttachments(mails[0].raw)[0].filename).toBe(`Invoice-${invoice.number}.pdf`);
    const text = await pdfText(pdfAttachments(mails[0].raw)[0].pdf);
    expect(text).toContain('Invoice');
    expect(text).toMatch(/Total\s+€99\.20/);
  });

  it('is not issued for an order that was never paid', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    await runInvoiceJob(rt.deps, { orderId: order.id });
    await rt.worker.drain();
    expect(await invoicesOf(order.id)).toHaveLength(0);
    expect(mailsTo(buyer.email)).toHaveLength(0);
  });

  it('numbers a seller’s concurrent payments without gap or repeat, apart from other sellers', async () => {
    const busy = await makeSeller(rt);
    const other = await makeSeller(rt);
    const mine = await Promise.all(
      Array.from({ length: 8 }, () => makeOrder(rt, { sellerId: busy.id, status: 'payed' })),
    );
    const theirs = await Promise.all(
      Array.from({ length: 3 }, () => makeOrder(rt, { sellerId: other.id, status: 'payed' })),
    );
    await Promise.all([...mine, ...theirs].map((o) => runInvoiceJob(rt.deps, { orderId: o.id })));
    await Promise.all(mine.map((o) => runInvoiceJob(rt.deps, { orderId: o.id })));
    const seqs = async (sellerId: number) =>
      (await rt.deps.database.db.select().from(invoices).where(eq(invoices.seller_id, sellerId)))
        .map((i) => i.seq)
        .sort((a, b) => a - b);
    expect(await seqs(busy.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await seqs(other.id)).toEqual([1, 2, 3]);
  });
});

describe('order documents', () => {
  let seller: TestUser;
  let buyer: TestUser;
  let asSeller: Api;
  let asBuyer: Api;
  let asOtherSeller: Api;
  let asOtherBuyer: Api;
  let asAdmin: Api;

  beforeAll(async () => {
    seller = await makeSeller(rt);
    await giveCompany(rt, seller.id, 'Maison Éloïse');
    buyer = await makeBuyer(rt);
    asSeller = await client(rt, seller);
    asBuyer = await client(rt, buyer);
    asOtherSeller = await client(rt, await makeSeller(rt));
    asOtherBuyer = await client(rt, await makeBuyer(rt));
    asAdmin = await client(rt, await makeAdmin(rt));
  });

  it('single-download gives the invoice of a paid order to its seller, its shopper and admin', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    await markPaid(rt, order);
    await runInvoiceJob(rt.deps, { orderId: order.id });
    const [invoice] = await invoicesOf(order.id);
    for (const api of [asSeller, asBuyer, asAdmin]) {
      const res = await api.post('/api/orders/single-download', {
        orderNumber: order.order_number,
        locale: 'fr',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { fileDownload: string; fileName: string };
      expect(body.fileName).toBe(`Facture-${invoice.number}.pdf`);
      const text = await pdfText(Buffer.from(body.fileDownload, 'base64'));
      expect(text).toContain(invoice.number);
      expect(text).toContain('Maison Éloïse');
    }
  });

  it('single-download of an unpaid order is its order summary, in the language asked', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    const fr = await asSeller.post('/api/orders/single-download', {
      orderNumber: order.order_number,
      locale: 'fr',
    });
    expect(fr.statusCode, fr.body).toBe(200);
    expect(fr.json().fileName).toBe(`Bon-de-commande-${order.order_number}.pdf`);
    const frText = await pdfText(Buffer.from(fr.json().fileDownload, 'base64'));
    expect(frText).toContain('Bon de commande');
    expect(frText).not.toContain('Facture');
    expect(frText).toContain('99,20 €');
    const en = await asBuyer.post('/api/orders/single-download', {
      orderNumber: order.order_number,
      locale: 'en',
    });
    expect(en.json().fileName).toBe(`Order-summary-${order.order_number}.pdf`);
    expect(await pdfText(Buffer.from(en.json().fileDownload, 'base64'))).toContain('Order summary');
    expect(await invoicesOf(order.id)).toHaveLength(0);
  });

  it('another seller, another shopper and an unknown number get 404', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    for (const api of [asOtherSeller, asOtherBuyer]) {
      const res = await api.post('/api/orders/single-download', { orderNumber: order.order_number });
      expect(res.statusCode).toBe(404);
      expect((await api.get(`/api/create-order/${seller.id}/${order.order_number}/fr`)).statusCode).toBe(404);
    }
    const unknown = await asSeller.post('/api/orders/single-download', { orderNumber: 'LCNOPE' });
    expect(unknown.statusCode).toBe(404);
  });

  it('bulk-download zips the order summaries of the checked new orders only', async () => {
    const a = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    const b = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id, locale: 'en' });
    const paid = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id, status: 'payed' });
    const foreign = await makeOrder(rt, { sellerId: (await makeSeller(rt)).id });
    const res = await asSeller.post('/api/orders/bulk-download?locale=fr', {
      data: JSON.stringify([a.id, b.id, paid.id, foreign.id]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { achive: string; fileName: string; count: number; message: string };
    expect(body.count).toBe(2);
    expect(body.message).toBe('Les commandes ont été téléchargées');
    const zip = await unzip(Buffer.from(body.achive, 'base64'));
    expect(zip.names.sort()).toEqual(
      [`Bon-de-commande-${a.order_number}.pdf`, `Bon-de-commande-${b.order_number}.pdf`].sort(),
    );
    const text = await pdfText(zip.read(`Bon-de-commande-${b.order_number}.pdf`));
    expect(text).toContain('Bon de commande');
    expect(text).toContain(b.order_number);
  });

  it('bulk-download with no new order checked answers ‘Please select an order to be downloaded’', async () => {
    const paid = await makeOrder(rt, { sellerId: seller.id, status: 'payed' });
    for (const payload of [{ data: JSON.stringify([paid.id]) }, { data: '[]' }]) {
      const res = await asSeller.post('/api/orders/bulk-download?locale=en', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'select_order_download',
        message: 'Please select an order to be downloaded',
      });
    }
    const foreign = await makeOrder(rt, { sellerId: seller.id });
    const res = await asOtherSeller.post('/api/orders/bulk-download?locale=fr', {
      data: JSON.stringify([foreign.id]),
    });
    expect(res.json()).toMatchObject({ message: 'Veuillez sélectionner une commande à télécharger' });
  });

  it('bulk-download with type=invoices zips the invoices of the checked paid orders', async () => {
    const paid = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    await markPaid(rt, paid);
    await runInvoiceJob(rt.deps, { orderId: paid.id });
    const open = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    const [invoice] = await invoicesOf(paid.id);
    const res = await asSeller.post('/api/orders/bulk-download?locale=fr&type=invoices', {
      ids: [paid.id, open.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, fileName: 'factures.zip' });
    const zip = await unzip(Buffer.from(res.json().achive, 'base64'));
    expect(zip.names).toEqual([`Facture-${invoice.number}.pdf`]);
    expect(await pdfText(zip.read(zip.names[0]))).toContain(invoice.number);
    const none = await asSeller.post('/api/orders/bulk-download?type=invoices', { ids: [open.id] });
    expect(none.json().error).toBe('select_order_download');
  });

  it('a shopper bulk-downloads their own new orders', async () => {
    const mine = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    const res = await asBuyer.post('/api/orders/bulk-download?locale=en', { ids: [mine.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await unzip(Buffer.from(res.json().achive, 'base64'))).names).toEqual([
      `Order-summary-${mine.order_number}.pdf`,
    ]);
  });

  it('create-order/{seller}/{order}/{locale} answers the document, only under the order’s seller id', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    const res = await asBuyer.get(`/api/create-order/${seller.id}/${order.order_number}/en`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { fileName: string; filebase64: string };
    expect(body.fileName).toBe(`Order-summary-${order.order_number}.pdf`);
    expect(await pdfText(Buffer.from(body.filebase64, 'base64'))).toContain(order.order_number);
    const wrongSeller = await asSeller.get(`/api/create-order/${seller.id + 1000}/${order.order_number}/fr`);
    expect(wrongSeller.statusCode).toBe(404);
  });

  it('the invoice file is served to its seller and shopper only, once issued', async () => {
    const order = await makeOrder(rt, { sellerId: seller.id, buyerId: buyer.id });
    const url = `/api/invoices/${order.order_number}.pdf`;
    expect((await asSeller.get(url)).statusCode).toBe(404);
    await markPaid(rt, order);
    await runInvoiceJob(rt.deps, { orderId: order.id });
    const [invoice] = await invoicesOf(order.id);
    for (const api of [asSeller, asBuyer]) {
      const res = await api.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`Facture-${invoice.number}.pdf`);
      expect(await pdfText(res.rawPayload)).toContain(invoice.number);
    }
    for (const api of [asOtherSeller, asOtherBuyer]) expect((await api.get(url)).statusCode).toBe(404);
    // signed out, without the checkout link's token: the 404 of an unknown order
    expect((await rt.app.inject({ url })).statusCode).toBe(404);
    // Invoices are personal data: never served by the public files route.
    expect((await rt.app.inject({ url: `/api/files/${invoice.path}` })).statusCode).toBe(404);
  });
});
