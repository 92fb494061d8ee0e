import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartOf, inject, type Shop, shop, useCheckoutFixtures } from '../../../test/checkout-fixtures.ts';
import { client, makeBuyer, startTestApp } from '../../../test/helpers.ts';
import { comment, viewer } from '../../../test/live-fixtures.ts';
import { loadRefs, type Refs } from '../../../test/product-fixtures.ts';
import { notifications, orderItems, users } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
  await useCheckoutFixtures(rt, refs);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;
/** The page a person reads the back-office on, as the web app says it with every call. */
const page = (locale: 'fr' | 'en') => ({ 'x-page-locale': locale });
type Api = Shop['api'];

/** The colour of the first line of the seller's first live cart, read on a page in `locale`. */
async function liveCartColour(api: Api, locale: 'fr' | 'en') {
  const res = await api.get('/api/orders/fetch-live-items', page(locale));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items[0].products[0].color_label as string | null;
}

describe("screens #2: colour and size names are in the reader's language everywhere in the back-office", () => {
  it('a cart claimed in a French shop reads Red on an English page and Rouge on a French one', async () => {
    const s = await shop();
    const { cart, t, from } = await cartOf(s);
    // what the line kept at claim time: the shop's language
    const [line] = await db().select().from(orderItems).where(eq(orderItems.order_id, cart.id));
    expect(line.color_label).toBe('Rouge');

    expect(await liveCartColour(s.api, 'en')).toBe('Red');
    expect(await liveCartColour(s.api, 'fr')).toBe('Rouge');

    // the seller's own last choice counts when the page does not say
    await s.api.get('/api/profile/set-locale?locale=en');
    const bare = await s.api.get('/api/orders/fetch-live-items');
    expect(bare.json().items[0].products[0].color_label).toBe('Red');

    // the cart actions answer in the page's language too
    await s.post([comment(s.product.keyword, from)]);
    const minus = await s.api.get(`/api/orders/minus-item-order?orderItemId=${line.id}`, page('fr'));
    expect(minus.statusCode, minus.body).toBe(200);
    expect(minus.json().item.items[0]).toMatchObject({ color_label: 'Rouge' });

    // payments and its detail drawer
    const detail = await s.api.get(`/api/payments/fetch-item?orderNumber=${cart.order_number}`, page('en'));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().item.lines[0]).toMatchObject({ color_label: 'Red' });

    // the shopper's own orders, and their checkout page
    const buyer = await makeBuyer(rt);
    const asBuyer = await client(rt, buyer);
    const linked = await asBuyer.post('/api/checkout/link', { orderNumber: cart.order_number, t });
    expect(linked.statusCode, linked.body).toBe(200);
    const mine = await asBuyer.get('/api/orders/fetch-items', page('en'));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items[0].items[0]).toMatchObject({ color_label: 'Red' });
    const checkout = await inject(
      'GET',
      `/api/checkout?orderNumber=${cart.order_number}&t=${t}`,
      undefined,
      page('en'),
    );
    expect(checkout.json().order.items[0]).toMatchObject({ color_label: 'Red' });
  });

  it('a line whose configuration is gone keeps the name it was sold with', async () => {
    const s = await shop();
    const { cart } = await cartOf(s);
    // the seller turns the red scarf into a blue one: the red configuration is replaced
    const saved = await s.api.post('/api/product', {
      id: s.product.product.id,
      name: 'Foulard en soie',
      description: 'Foulard 90 × 90',
      isPublish: true,
      configured: false,
      keywords: s.product.keyword,
      price: 25,
      quantity: 5,
      sku: 'FOULARD7',
      selectedColors: [refs.color.blue],
      selectedSizes: [],
      configurations: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.order_id, cart.id));
    expect(line.configuration_id).toBeNull();
    expect(await liveCartColour(s.api, 'en')).toBe('Rouge');
  });
});

describe("screens #2: the notification bell speaks the reader's language", () => {
  it('every notice of a live is written in both languages and shown in the language of the page', async () => {
    const s = await shop({ stock: 1 });
    // the seller's account last chose French; they read the back-office in English
    await db().update(users).set({ selected_locale: 'fr' }).where(eq(users.id, s.seller.id));
    const first = await cartOf(s);
    await s.post([comment(s.product.keyword, viewer())]);
    expect((await s.api.get(`/api/orders/expire?orderId=${first.cart.id}`)).statusCode).toBe(200);

    const rows = await db().select().from(notifications).where(eq(notifications.user_id, s.seller.id));
    for (const n of rows) {
      expect(n.title_fr, n.type).toBeTruthy();
      expect(n.title_en, n.type).toBeTruthy();
      expect(n.title_fr).not.toBe(n.title_en);
      expect(n.body_fr).not.toBe(n.body_en);
    }
    const served = rows.find((n) => n.type === 'waiting_served');
    expect(served?.body_fr).toBe('Foulard en soie (Rouge) ×1 est passé de la liste d’attente au panier.');
    expect(served?.body_en).toBe('Foulard en soie (Red) ×1 went from the waiting list to the cart.');

    const en = await s.api.get('/api/new-notice', page('en'));
    const titles = en.json().items.map((n: { title: string }) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^New cart LC/),
        expect.stringMatching(/^Waiting list served: LC/),
      ]),
    );
    expect(titles.join(' ')).not.toMatch(/Nouveau|attente/);
    const fr = await s.api.get('/api/fetch-notifications', page('fr'));
    expect(fr.json().items.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Nouveau panier LC/)]),
    );
  });
});
