import type { TLiveReport } from '@livecart/contract/liveReport';
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
import { comment, liveSeller, reads, simpleProduct, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { type LocalSmtp, readable, startSmtp } from '../../../test/smtp.ts';
import { orders, socialIdentities } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let smtp: LocalSmtp;
let rt: Runtime;
let refs: Refs;

beforeAll(async () => {
  smtp = await startSmtp();
  rt = await startTestApp({ smtpUrl: smtp.url });
  refs = await loadRefs(rt);
});

afterAll(async () => {
  await rt.close();
  await smtp.close();
});

beforeEach(() => {
  smtp.clear();
});

const db = () => rt.deps.database.db;
const mailsTo = (to: string) => smtp.mailsTo(to);
/**
 * A live with four viewers: A takes 2 articles (unpaid), B one (paid, shipping 4,90 €), C writes
 * no keyword, D one (expired).
 */
async function liveWithSales() {
  const live = await liveSeller(rt);
  const { keyword, config } = await simpleProduct(rt, refs, live.api, 10);
  const [a, b, c, d] = [viewer(), viewer(), viewer(), viewer()];
  await live.post([
    comment(`${keyword} x2`, a),
    comment(keyword, b),
    comment('bonjour, quelle taille ?', c),
    comment(keyword, d),
  ]);
  const r = reads(rt);
  const cartA = await r.cartOfViewer(live.seller.id, a);
  const cartB = await r.cartOfViewer(live.seller.id, b);
  const cartD = await r.cartOfViewer(live.seller.id, d);
  if (!cartA || !cartB || !cartD) throw new Error('carts expected');
  await db()
    .update(orders)
    .set({ status: 'payed', paid_at: new Date(), shipping_cents: 490, total_amount_cents: 2990 })
    .where(eq(orders.id, cartB.id));
  await db().update(orders).set({ status: 'expired', expires_at: null }).where(eq(orders.id, cartD.id));
  return { ...live, keyword, config, viewers: { a, b, c, d }, carts: { a: cartA, b: cartB, d: cartD } };
}

/** Links a viewer of the seller to a shopper account (as a checkout link or a comment link does). */
async function linkViewer(sellerId: number, from: string, buyer: TestUser) {
  await db()
    .update(socialIdentities)
    .set({ user_id: buyer.id })
    .where(
      sql`${socialIdentities.seller_id} = ${sellerId} AND ${socialIdentities.external_user_id} = ${from}`,
    );
}

describe('orders #12 report: figures', () => {
  it('orders #12 report: counts comments, viewers, carts, conversion and revenue of the live', async () => {
    const live = await liveWithSales();
    const res = await live.api.get(`/api/livesession/${live.sessionId}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as TLiveReport;
    expect(report.comments).toEqual({ total: 4, viewers: 4, ordered: 3, waited: 0, unmatched: 1, other: 0 });
    expect(report.carts).toMatchObject({
      opened: 3,
      paid: 1,
      unpaid: 1,
      expired: 1,
      canceled: 0,
      revenue: 29.9,
      unpaid_amount: 50,
      refunded: 0,
    });
    expect(report.carts.conversion).toBeCloseTo(1 / 3, 10);
    expect(report.products).toHaveLength(1);
    expect(report.products[0]).toMatchObject({ quantity: 4, paid_quantity: 1, revenue: 25 });
    expect(report.variants[0]).toMatchObject({ configuration_id: live.config.id, quantity: 4 });
    expect(report.unpaid.map((u) => u.id)).toEqual([live.carts.a.id]);
    expect(report.unpaid[0]).toMatchObject({
      articles: 2,
      total_amount: 50,
      has_email: false,
      reminded_at: null,
    });
    const minutes = report.timeline;
    expect(minutes.reduce((n, m) => n + m.comments, 0)).toBe(4);
    expect(minutes.reduce((n, m) => n + m.carts, 0)).toBe(3);
    expect(minutes.reduce((n, m) => n + m.paid, 0)).toBe(1);
    expect(minutes.reduce((n, m) => n + m.revenue, 0)).toBe(29.9);
  });

  it('orders #12 report: matches the Live Carts list, the dashboard and the order rows to the cent', async () => {
    const live = await liveWithSales();
    const report = (await live.api.get(`/api/livesession/${live.sessionId}/report`)).json() as TLiveReport;

    const filter = encodeURIComponent(JSON.stringify({ session_id: live.sessionId }));
    const carts = (await live.api.get(`/api/orders/fetch-live-items?limit=100&queryFilter=${filter}`)).json();
    expect(carts.count).toBe(report.carts.unpaid);
    const listed = carts.items
      .map((c: { id: number; total_amount: number }) => [c.id, c.total_amount])
      .sort();
    expect(listed).toEqual(report.unpaid.map((u) => [u.id, u.total_amount]).sort());
    const cents = (n: number) => Math.round(n * 100);
    expect(carts.items.reduce((n: number, c: { total_amount: number }) => n + cents(c.total_amount), 0)).toBe(
      cents(report.carts.unpaid_amount),
    );

    const dashboard = (await live.api.get('/api/dashboard/fetch-items')).json();
    expect(cents(dashboard.totals.total_amount)).toBe(cents(report.carts.revenue));
    expect(dashboard.totals.total_pending).toBe(report.carts.unpaid);

    const rows = await db().select().from(orders).where(eq(orders.session_id, live.sessionId));
    const paidCents = rows
      .filter((o) => o.status === 'payed' || o.status === 'shipped')
      .reduce((n, o) => n + o.total_amount_cents, 0);
    expect(cents(report.carts.revenue)).toBe(paidCents);
  });

  it('orders #12 report: names colours in the reader’s language', async () => {
    const live = await liveWithSales();
    const fr = (
      await live.api.get(`/api/livesession/${live.sessionId}/report?locale=fr`)
    ).json() as TLiveReport;
    const en = (
      await live.api.get(`/api/livesession/${live.sessionId}/report?locale=en`)
    ).json() as TLiveReport;
    const [color] = await db()
      .execute<{ fr: string; en: string }>(
        sql`SELECT co.name_fr AS fr, co.name_en AS en FROM product_configurations c
          JOIN colors co ON co.id = c.color_id WHERE c.id = ${live.config.id}`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { fr: string; en: string }[] }).rows));
    expect(fr.variants[0].color_label).toBe(color.fr);
    expect(en.variants[0].color_label).toBe(color.en);
  });
});

describe('orders #12 report: access', () => {
  it('orders #12 report: another seller’s live answers 404, the admin reads any, a shopper is refused', async () => {
    const live = await liveWithSales();
    const other = await client(rt, await makeSeller(rt));
    expect((await other.get(`/api/livesession/${live.sessionId}/report`)).statusCode).toBe(404);
    const remind = await other.post(`/api/livesession/${live.sessionId}/report/remind`, {
      ids: [live.carts.a.id],
    });
    expect(remind.statusCode).toBe(404);
    expect(await db().select().from(orders).where(eq(orders.id, live.carts.a.id))).toMatchObject([
      { reminded_at: null },
    ]);

    const admin = await client(rt, await makeAdmin(rt));
    const read = await admin.get(`/api/livesession/${live.sessionId}/report`);
    expect(read.statusCode).toBe(200);
    expect(read.json().carts.opened).toBe(3);

    const shopper = await client(rt, await makeBuyer(rt));
    expect((await shopper.get(`/api/livesession/${live.sessionId}/report`)).statusCode).toBe(403);
  });
});

describe('orders #12 report: reminders', () => {
  it('orders #12 report: e-mails the shopper their checkout link, once an hour, and says why others are skipped', async () => {
    const live = await liveWithSales();
    const buyer = await makeBuyer(rt);
    await linkViewer(live.seller.id, live.viewers.a, buyer);
    // A second unpaid cart, whose viewer has no account: no e-mail to send.
    const e = viewer();
    await live.post([comment(live.keyword, e)]);
    const cartE = await reads(rt).cartOfViewer(live.seller.id, e);
    if (!cartE) throw new Error('cart expected');

    const url = `/api/livesession/${live.sessionId}/report/remind`;
    const first = await live.api.post(url, { ids: [live.carts.a.id, live.carts.b.id, cartE.id] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      reminded: [live.carts.a.id],
      emails: 1,
      skipped: [
        { id: live.carts.b.id, reason: 'not_unpaid' },
        { id: cartE.id, reason: 'no_email' },
      ].sort((x, y) => x.id - y.id),
    });
    await rt.worker.drain();
    const mails = mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    const body = readable(mails[0].raw);
    expect(body).toContain(`/checkout/${live.carts.a.order_number}?storeName=`);
    expect(body).toMatch(/&t=[A-Za-z0-9_-]+/);
    expect(body).toContain('Payer mon panier');

    const report = (await live.api.get(`/api/livesession/${live.sessionId}/report`)).json() as TLiveReport;
    expect(report.unpaid.find((u) => u.id === live.carts.a.id)).toMatchObject({ has_email: true });
    expect(report.unpaid.find((u) => u.id === live.carts.a.id)?.reminded_at).not.toBeNull();

    // Within the hour: skipped, no second mail.
    const again = await live.api.post(url, { ids: [live.carts.a.id] });
    expect(again.json()).toEqual({
      reminded: [],
      emails: 0,
      skipped: [{ id: live.carts.a.id, reason: 'recently_reminded' }],
    });
    await rt.worker.drain();
    expect(mailsTo(buyer.email)).toHaveLength(1);

    // An hour later it may be sent again.
    await db()
      .update(orders)
      .set({ reminded_at: new Date(Date.now() - 61 * 60_000) })
      .where(eq(orders.id, live.carts.a.id));
    const later = await live.api.post(url, { ids: [live.carts.a.id] });
    expect(later.json()).toMatchObject({ reminded: [live.carts.a.id], emails: 1 });
    await rt.worker.drain();
    expect(mailsTo(buyer.email)).toHaveLength(2);
  });

  it('orders #12 report: two clicks at once send one reminder', async () => {
    const live = await liveWithSales();
    const buyer = await makeBuyer(rt);
    await linkViewer(live.seller.id, live.viewers.a, buyer);
    const url = `/api/livesession/${live.sessionId}/report/remind`;
    const both = await Promise.all([
      live.api.post(url, { ids: [live.carts.a.id] }),
      live.api.post(url, { ids: [live.carts.a.id] }),
    ]);
    expect(both.map((r) => r.json().emails).sort()).toEqual([0, 1]);
    await rt.worker.drain();
    expect(mailsTo(buyer.email)).toHaveLength(1);
  });
});
