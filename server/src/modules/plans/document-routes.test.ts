import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardOnFile, pastTrial, planCharge, sale } from '../../../test/billing-fixtures.ts';
import { pdfText } from '../../../test/documents.ts';
import {
  client,
  makeAdmin,
  makeBuyer,
  makeSeller,
  startTestApp,
  type TestUser,
} from '../../../test/helpers.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

/** A seller past their trial with a card, a plan period and sales in March 2026. */
async function billedSeller(): Promise<{ user: TestUser; api: Awaited<ReturnType<typeof client>> }> {
  const user = await makeSeller(rt);
  await pastTrial(rt, user.id);
  await cardOnFile(rt, user);
  await planCharge(rt, user.id, '2026-03-01T09:00:00Z');
  await sale(rt, user.id, 500_00, '2026-03-12T10:00:00Z');
  await sale(rt, user.id, 100_00, '2026-03-13T10:00:00Z', '2026-03-20T10:00:00Z');
  return { user, api: await client(rt, user) };
}

describe('My Documents', () => {
  it('a seller makes the invoice of a closed month once, lists it, reads its orders and downloads its PDF', async () => {
    const { api } = await billedSeller();
    const made = await api.get('/api/profile/generate-stripe-invoice?month=2026-03&locale=en');
    expect(made.statusCode, made.body).toBe(200);
    const item = made.json().item;
    // 49 € + 5 % of 500 € = 25 €; VAT 14,80 €.
    expect(item).toMatchObject({
      month: '2026-03',
      plan_amount: 49,
      sales_amount: 500,
      percent: 5,
      percent_amount: 25,
      vat_amount: 14.8,
      total: 88.8,
      status: 'paid',
    });
    expect(made.json().message).toBe(`Invoice ${item.number}`);
    const again = await api.get('/api/profile/generate-stripe-invoice?month=2026-03');
    expect(again.json().item.id).toBe(item.id);

    const list = await api.get('/api/documents/fetch-items');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ count: 1, items: [item] });
    const filtered = await api.get(
      `/api/documents/fetch-items?queryFilter=${encodeURIComponent(JSON.stringify({ month: '2026-02' }))}`,
    );
    expect(filtered.json().count).toBe(0);

    const detail = await api.get(`/api/documents/fetch-item/${item.id}`);
    expect(detail.statusCode).toBe(200);
    expect(
      detail
        .json()
        .orders.map((o: { total: number; refunded: number; counted: number }) => [
          o.total,
          o.refunded,
          o.counted,
        ]),
    ).toEqual([
      [500, 0, 500],
      [100, 100, 0],
    ]);

    const pdf = await api.get(`/api/documents/download/${item.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${item.number}.pdf"`);
    const text = (await pdfText(pdf.rawPayload)).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(item.number);
    expect(text).toContain('88,80 €');
  });

  it('another seller’s invoice is not found; admin and shoppers are refused', async () => {
    const { api } = await billedSeller();
    const item = (await api.get('/api/profile/generate-stripe-invoice?month=2026-03')).json().item;
    const other = await client(rt, await makeSeller(rt));
    expect((await other.get(`/api/documents/fetch-item/${item.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/documents/download/${item.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/documents/fetch-items')).json()).toEqual({ count: 0, items: [] });
    for (const api of [await client(rt, await makeAdmin(rt)), await client(rt, await makeBuyer(rt))]) {
      expect((await api.get('/api/documents/fetch-items')).statusCode).toBe(403);
      expect((await api.get(`/api/documents/fetch-item/${item.id}`)).statusCode).toBe(403);
      expect((await api.get(`/api/documents/download/${item.id}`)).statusCode).toBe(403);
      expect((await api.get('/api/profile/generate-stripe-invoice?month=2026-03')).statusCode).toBe(403);
    }
  });

  it('a seller whose plan ended still gets their invoices', async () => {
    const user = await makeSeller(rt, { subscription: 'expired' });
    const api = await client(rt, user);
    expect((await api.get('/api/dashboard/fetch-items')).statusCode).toBe(403);
    expect((await api.get('/api/documents/fetch-items')).statusCode).toBe(200);
  });

  it('the current or a future month is refused; a month with nothing billed answers no invoice', async () => {
    const api = await client(rt, await makeSeller(rt));
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const month of [current, '2099-01']) {
      const res = await api.get(`/api/profile/generate-stripe-invoice?month=${month}&locale=en`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'month_not_closed', message: 'This month is not over yet' });
    }
    const bad = await api.get('/api/profile/generate-stripe-invoice?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('month');
    const nothing = await api.get('/api/profile/generate-stripe-invoice?month=2025-06&locale=fr');
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toEqual({ item: null, message: "Rien n'a été facturé pour ce mois" });
    expect((await api.get('/api/documents/fetch-item/abc')).statusCode).toBe(400);
  });
});
