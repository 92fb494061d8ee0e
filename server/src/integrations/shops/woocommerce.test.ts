import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeWoo, startFakeWoo, type WooDelivery } from './fakes/woocommerce.ts';
import { ShopCallError, type ShopConnection, type ShopOrderInput, type VariantRef } from './platform.ts';
import { wooCents, wooMoney, wooPlainText, wooPlatform } from './woocommerce.ts';

const WEBHOOK_SECRET = 'wh_8c1f0e5d2b7a4e96';
let woo: FakeWoo;

const connOf = (over: Partial<ShopConnection> = {}): ShopConnection => ({
  url: woo.url,
  key: woo.key,
  secret: woo.secret,
  extra: { webhookSecret: WEBHOOK_SECRET },
  allowLocalHttp: true,
  timeoutMs: 5_000,
  ...over,
});
const shop = (over: Partial<ShopConnection> = {}) => wooPlatform(connOf(over));

/** A WooCommerce error for `fn`'s call, or a failure. */
async function callError(fn: () => Promise<unknown>): Promise<ShopCallError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ShopCallError);
    return err as ShopCallError;
  }
  throw new Error('expected a ShopCallError');
}

const productNamed = (name: string) => [...woo.state.products.values()].find((p) => p.name === name)!;
const variationOf = (productName: string, ...options: string[]) => {
  const p = productNamed(productName);
  const v = p.variations
    .map((id) => woo.state.variations.get(id)!)
    .find((v) => options.every((o) => v.attributes.some((a) => a.option === o)))!;
  return {
    ref: { productId: String(p.id), variantId: String(v.id), inventoryItemId: null } as VariantRef,
    v,
  };
};
const simple = (name: string) => {
  const p = productNamed(name);
  return {
    ref: { productId: String(p.id), variantId: String(p.id), inventoryItemId: null } as VariantRef,
    p,
  };
};
const bodyOf = (d: WooDelivery) => Buffer.from(d.body);

beforeEach(async () => {
  woo = await startFakeWoo({ seed: 'demo' });
});
afterEach(async () => {
  expect(woo.unexpected).toEqual([]);
  await woo.close();
});

describe('WooCommerce money and text', () => {
  it('reads decimal prices as whole cents without float error', () => {
    expect(wooCents('19.99')).toBe(1999);
    expect(wooCents('0.1')).toBe(10);
    expect(wooCents('1.005')).toBe(101);
    expect(wooCents('4.35')).toBe(435);
    expect(wooCents('12')).toBe(1200);
    expect(wooCents('')).toBeNull();
    expect(wooCents('abc')).toBeNull();
    expect(wooMoney(1999)).toBe('19.99');
    expect(wooMoney(5)).toBe('0.05');
    expect(() => wooMoney(10.5)).toThrow();
  });

  it('reads WordPress HTML as plain text', () => {
    expect(wooPlainText('<p>L&#039;atelier &amp; <strong>soie</strong></p><p>30&nbsp;°C</p>')).toBe(
      "L'atelier & soie\n30 °C",
    );
  });
});

describe('WooCommerce adapter: connection', () => {
  it('checks the credentials with HTTP Basic and answers the shop name and currency', async () => {
    expect(await shop().check()).toEqual({ name: 'Atelier Lumière', currency: 'EUR', extra: {} });
    const call = woo.requests.find((r) => r.path === '/wp-json/wc/v3/settings/general/woocommerce_currency')!;
    expect(call.auth).toBe(`Basic ${Buffer.from(`${woo.key}:${woo.secret}`).toString('base64')}`);
    expect(woo.requests.every((r) => r.query.consumer_key === undefined)).toBe(true);
  });

  it('refuses a wrong secret as credentials, without repeating it', async () => {
    const err = await callError(() => shop({ secret: 'cs_wrong_secret_value' }).check());
    expect(err.kind).toBe('credentials');
    expect(err.status).toBe(401);
    expect(err.message).toBe('Consumer secret is invalid.');
    expect(err.message).not.toContain('cs_wrong_secret_value');
  });

  it('refuses an address shopRequest does not allow, before any call', async () => {
    expect((await callError(() => shop({ allowLocalHttp: false }).check())).kind).toBe('unreachable');
    expect((await callError(() => shop({ url: 'https://10.0.0.7' }).check())).kind).toBe('unreachable');
    expect((await callError(() => shop({ url: 'http://boutique.example' }).check())).kind).toBe(
      'unreachable',
    );
    expect(woo.requests).toEqual([]);
  });

  it('maps 429 to rate_limited, 404 to not_found and other errors to platform with their message', async () => {
    woo.failNext('GET', '/products', {
      status: 429,
      body: { code: 'too_many_requests', message: 'Too many requests.', data: { status: 429 } },
    });
    expect((await callError(() => shop().products(null, 10))).kind).toBe('rate_limited');
    const { ref } = variationOf('Robe Lina', 'Rouge', 'S');
    const gone = await callError(() => shop().adjustStock({ ...ref, variantId: '999999' }, -1));
    expect([gone.kind, gone.status]).toEqual(['not_found', 404]);
    woo.failNext('GET', /^\/orders\/\d+$/, {
      status: 500,
      body: { code: 'internal_error', message: 'Database <em>unavailable</em>', data: { status: 500 } },
    });
    const failed = await callError(() => shop().orderFulfilment('1001'));
    expect([failed.kind, failed.status, failed.message]).toEqual(['platform', 500, 'Database unavailable']);
    // A WordPress without WooCommerce's REST API is no shop to connect.
    woo.failNext('GET', '/settings/general/woocommerce_currency', {
      status: 404,
      body: {
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      },
    });
    expect((await callError(() => shop().check())).kind).toBe('unreachable');
    expect((await callError(() => shop().products('page-two', 10))).kind).toBe('invalid');
  });
});

describe('WooCommerce adapter: catalogue and stock', () => {
  it('pages through the published products with the total, variations and simple products', async () => {
    woo.addProduct({ name: 'Brouillon', priceCents: 100, status: 'draft' });
    const first = await shop().products(null, 3);
    expect(first.total).toBe(8);
    expect(first.items).toHaveLength(3);
    expect(first.next).toBe('2');
    const all = [...first.items];
    let next = first.next;
    while (next) {
      const page = await shop().products(next, 3);
      all.push(...page.items);
      next = page.next;
    }
    expect(all.map((p) => p.title).sort()).toEqual(
      [
        'Bonnet Douceur',
        "Boucles d'oreilles Lune",
        'Ceinture Cuir',
        'Foulard Soie',
        'Pull Côtelé',
        'Robe Lina',
        'Sac Bandoulière',
        'T-shirt Étoile',
      ].sort(),
    );
    const pages = woo.requests.filter((r) => r.path === '/wp-json/wc/v3/products');
    expect(pages.map((r) => [r.query.page, r.query.per_page, r.query.status])).toEqual([
      ['1', '3', 'publish'],
      ['2', '3', 'publish'],
      ['3', '3', 'publish'],
    ]);

    const robe = all.find((p) => p.title === 'Robe Lina')!;
    expect(robe.handle).toBe('robe-lina');
    expect(robe.description).toBe('Robe fluide en viscose, longueur midi. Lavage à 30 °C.');
    expect(robe.imageUrls[0]).toMatch(/^https:\/\//);
    expect(robe.variants).toHaveLength(6);
    const { v } = variationOf('Robe Lina', 'Noir', 'M');
    expect(robe.variants.find((x) => x.variantId === String(v.id))).toEqual({
      productId: robe.id,
      variantId: String(v.id),
      inventoryItemId: null,
      sku: 'LINA-NOI-M',
      priceCents: 4990,
      stock: 4,
      options: [
        { name: 'Couleur', value: 'Noir' },
        { name: 'Taille', value: 'M' },
      ],
      imageUrl: robe.imageUrls[0],
    });
    const tshirt = all.find((p) => p.title === 'T-shirt Étoile')!;
    expect(tshirt.variants.map((x) => x.options[0].value)).toContain('Licorne');

    const sac = all.find((p) => p.title === 'Sac Bandoulière')!;
    expect(sac.variants).toEqual([
      {
        productId: sac.id,
        variantId: sac.id,
        inventoryItemId: null,
        sku: 'SAC-BAND',
        priceCents: 3500,
        stock: 8,
        options: [{ name: 'Couleur', value: 'Noir' }],
        imageUrl: sac.imageUrls[0],
      },
    ]);
    expect(all.find((p) => p.title === 'Ceinture Cuir')!.variants[0].stock).toBeNull();
    const bonnet = all.find((p) => p.title === 'Bonnet Douceur')!;
    expect(bonnet.variants.map((x) => x.stock)).toEqual([12, null]);
  });

  it('reads the stock of simple products and variations in batches, leaving untracked ones out', async () => {
    const refs = [
      variationOf('Robe Lina', 'Rouge', 'S').ref,
      variationOf('Robe Lina', 'Noir', 'L').ref,
      variationOf('T-shirt Étoile', 'Licorne').ref,
      variationOf('Bonnet Douceur', 'Noir').ref,
      simple('Foulard Soie').ref,
      simple('Sac Bandoulière').ref,
      simple('Ceinture Cuir').ref,
    ];
    const stock = await shop().stockOf(refs);
    expect(Object.fromEntries(stock)).toEqual({
      [refs[0].variantId]: 3,
      [refs[1].variantId]: 6,
      [refs[2].variantId]: 3,
      [refs[4].variantId]: 12,
      [refs[5].variantId]: 8,
    });
    const calls = woo.requests.map((r) => `${r.path}?include=${r.query.include}`);
    expect(calls).toEqual([
      `/wp-json/wc/v3/products?include=${refs[4].productId},${refs[5].productId},${refs[6].productId}`,
      `/wp-json/wc/v3/products/${refs[0].productId}/variations?include=${refs[0].variantId},${refs[1].variantId}`,
      `/wp-json/wc/v3/products/${refs[2].productId}/variations?include=${refs[2].variantId}`,
      `/wp-json/wc/v3/products/${refs[3].productId}/variations?include=${refs[3].variantId}`,
    ]);
  });

  it('adjusts stock by reading then setting it, answering before and after', async () => {
    const robe = variationOf('Robe Lina', 'Rouge', 'S');
    expect(await shop().adjustStock(robe.ref, -2)).toEqual({ before: 3, after: 1 });
    expect(robe.v.stock_quantity).toBe(1);
    const put = woo.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/wp-json/wc/v3/products/${robe.ref.productId}/variations/${robe.ref.variantId}`);
    expect(put.body).toEqual({ stock_quantity: 1 });

    const foulard = simple('Foulard Soie');
    expect(await shop().adjustStock(foulard.ref, 5)).toEqual({ before: 12, after: 17 });
    expect(foulard.p.stock_quantity).toBe(17);

    woo.sell(robe.ref.variantId, 1);
    expect(await shop().adjustStock(robe.ref, 4)).toEqual({ before: 0, after: 4 });

    const untracked = await callError(() => shop().adjustStock(simple('Ceinture Cuir').ref, -1));
    expect(untracked.kind).toBe('platform');
  });
});

const orderInput = (
  refs: { ref: VariantRef; qty: number; cents: number; off?: number }[],
): ShopOrderInput => ({
  reference: 'LC-000123',
  note: 'Live du 28/11 — Nouveautés hiver',
  tags: ['livecart', 'live-42'],
  currency: 'EUR',
  email: 'lea.dubois@example.com',
  customer: { firstName: 'Léa', lastName: 'Dubois', email: 'lea.dubois@example.com', phone: '+33612345678' },
  shippingAddress: {
    firstName: 'Léa',
    lastName: 'Dubois',
    address1: '8 place Bellecour',
    address2: null,
    city: 'Lyon',
    zip: '69002',
    countryCode: 'fr',
    phone: null,
  },
  lines: refs.map((r) => ({
    ref: r.ref,
    title: 'x',
    sku: null,
    quantity: r.qty,
    unitPriceCents: r.cents,
    discountCents: r.off ?? 0,
  })),
  shipping: { title: 'Colissimo', priceCents: 490 },
  totalCents: refs.reduce((s, r) => s + r.qty * r.cents - (r.off ?? 0), 490),
  paidAt: new Date('2026-11-28T20:15:00Z'),
});

describe('WooCommerce adapter: orders', () => {
  it('creates our paid order once, found again by its reference, without taking the stock again', async () => {
    const robe = variationOf('Robe Lina', 'Noir', 'M');
    const foulard = simple('Foulard Soie');
    expect(await shop().findOrder('LC-000123')).toBeNull();

    const created = await shop().createOrder(
      orderInput([
        { ref: robe.ref, qty: 2, cents: 4990 },
        { ref: foulard.ref, qty: 1, cents: 2450 },
      ]),
    );
    expect(created).toEqual({ id: '1001', name: '#1001' });
    expect(robe.v.stock_quantity).toBe(4);
    expect(foulard.p.stock_quantity).toBe(12);

    const order = woo.state.orders.get(1001)!;
    expect(order.status).toBe('processing');
    expect(order.paid).not.toBeNull();
    expect(order.customer_note).toBe('LC-000123 · Live du 28/11 — Nouveautés hiver');
    expect(order.meta_data.map((m) => [m.key, m.value])).toEqual([
      ['_livecart_reference', 'LC-000123'],
      ['_livecart_tags', 'livecart, live-42'],
    ]);
    expect(order.line_items.map((l) => [l.product_id, l.variation_id, l.quantity, l.total])).toEqual([
      [Number(robe.ref.productId), Number(robe.ref.variantId), 2, '99.80'],
      [Number(foulard.ref.productId), 0, 1, '24.50'],
    ]);
    expect(order.line_items.every((l) => l.meta_data.some((m) => m.key === '_reduced_stock'))).toBe(true);
    expect(order.shipping_lines).toEqual([
      expect.objectContaining({ method_id: 'flat_rate', method_title: 'Colissimo', total: '4.90' }),
    ]);
    expect(order.shipping).toMatchObject({
      first_name: 'Léa',
      city: 'Lyon',
      postcode: '69002',
      country: 'FR',
    });
    expect(order.billing).toMatchObject({ email: 'lea.dubois@example.com', phone: '+33612345678' });

    // A retry after a lost answer finds it (WooCommerce's search does not read the meta: the newest orders are).
    woo.sell(foulard.ref.variantId, 1);
    expect(await shop().findOrder('LC-000123')).toEqual({ id: '1001', name: '#1001' });
    expect(await shop().findOrder('LC-000124')).toBeNull();
    expect(woo.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/orders'))).toHaveLength(1);

    // A shopper's own order naming a live order's number in its note is not that order.
    const mine = woo.state.orders.get(1001)!;
    mine.meta_data = [];
    mine.customer_note = 'Pour ma commande LC-000123';
    expect(await shop().findOrder('LC-000123')).toBeNull();
  });

  it('a live discount keeps the line’s subtotal and takes off its total: the order is what the shopper paid', async () => {
    const robe = variationOf('Robe Lina', 'Noir', 'M');
    const foulard = simple('Foulard Soie');
    const { id } = await shop().createOrder(
      orderInput([
        { ref: robe.ref, qty: 2, cents: 4990, off: 998 },
        { ref: foulard.ref, qty: 1, cents: 2450 },
      ]),
    );
    const order = woo.state.orders.get(Number(id))!;
    expect(order.line_items.map((l) => [l.subtotal, l.total])).toEqual([
      ['99.80', '89.82'],
      ['24.50', '24.50'],
    ]);
  });

  it('completes an order with its tracking in a note, once', async () => {
    const robe = variationOf('Robe Lina', 'Rouge', 'M');
    const { id } = await shop().createOrder(orderInput([{ ref: robe.ref, qty: 1, cents: 4990 }]));
    expect(await shop().orderFulfilment(id)).toEqual({ fulfilled: false, tracking: null });

    await shop().fulfilOrder(id, {
      number: '6A12345678901',
      url: 'https://www.laposte.fr/outils/suivre-vos-envois',
      company: 'Colissimo',
    });
    const order = woo.state.orders.get(Number(id))!;
    expect(order.status).toBe('completed');
    expect(order.notes).toHaveLength(1);
    expect(order.notes[0].note).toContain('6A12345678901');
    expect(order.notes[0].customer_note).toBe(true);
    expect(robe.v.stock_quantity).toBe(5);
    expect(await shop().orderFulfilment(id)).toEqual({ fulfilled: true, tracking: null });

    const before = woo.requests.length;
    await shop().fulfilOrder(id, { number: '6A12345678901', url: null, company: null });
    expect(woo.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
    expect(order.notes).toHaveLength(1);
  });
});

/** A local receiver standing for our webhook route. */
async function receiver() {
  const got: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/shops/webhooks/7`;
  return { url, got, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('WooCommerce adapter: webhooks', () => {
  it('subscribes the three topics once, with our secret, and turns a disabled one on again', async () => {
    const hooks = await receiver();
    try {
      await shop().registerWebhooks(hooks.url);
      const made = [...woo.state.webhooks.values()];
      expect(made.map((w) => [w.topic, w.delivery_url, w.status, w.secret])).toEqual([
        ['order.created', hooks.url, 'active', WEBHOOK_SECRET],
        ['order.updated', hooks.url, 'active', WEBHOOK_SECRET],
        ['product.updated', hooks.url, 'active', WEBHOOK_SECRET],
      ]);
      // WooCommerce pings each new webhook, unsigned: read as ignored.
      expect(hooks.got).toHaveLength(3);
      const ping = hooks.got[0];
      expect(shop().verifyWebhook(ping.body, ping.headers)).toBe(true);
      expect(shop().parseWebhook(ping.body, ping.headers)).toEqual({
        deliveryId: `ping-${made[0].id}`,
        topic: 'ping',
        events: [{ kind: 'ignored', topic: 'ping' }],
      });

      await shop().registerWebhooks(hooks.url);
      expect(woo.state.webhooks.size).toBe(3);
      made[1].status = 'disabled';
      await shop().registerWebhooks(hooks.url);
      expect(woo.state.webhooks.size).toBe(3);
      expect(made[1].status).toBe('active');
      expect(woo.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual([
        'POST',
        'POST',
        'POST',
        'PUT',
      ]);

      // A sale in the shop reaches the receiver signed, as WooCommerce sends it.
      const results = await woo.deliver(woo.sell(variationOf('Robe Lina', 'Rouge', 'L').ref.variantId, 1));
      expect(results.map((r) => [r.topic, r.status])).toEqual([
        ['order.created', 200],
        ['product.updated', 200],
      ]);
      const sale = hooks.got[3];
      expect(shop().verifyWebhook(sale.body, sale.headers)).toBe(true);
      expect(shop().parseWebhook(sale.body, sale.headers).events[0].kind).toBe('order');
    } finally {
      await hooks.close();
    }
  });

  it('a webhook whose deliveries keep failing is disabled by the shop, and registering turns it on again', async () => {
    const closed = await receiver();
    await closed.close();
    await shop().registerWebhooks(closed.url);
    expect(woo.state.pings.map((p) => p.status)).toEqual([0, 0, 0]);
    const foulard = simple('Foulard Soie').ref.variantId;
    for (let i = 0; i < 7; i++) await woo.deliver(woo.setStock(foulard, 10 + i));
    const product = [...woo.state.webhooks.values()].find((w) => w.topic === 'product.updated')!;
    expect(product.status).toBe('disabled');
    expect(woo.setStock(foulard, 3)).toEqual([]);
    await shop().registerWebhooks(closed.url);
    expect(product.status).toBe('active');
    expect(woo.setStock(foulard, 4)).toHaveLength(1);
  });

  it('delivers as it goes when asked to (the sandbox)', async () => {
    await woo.close();
    woo = await startFakeWoo({ seed: 'demo', autoDeliver: true });
    const hooks = await receiver();
    try {
      await shop().registerWebhooks(hooks.url);
      const robe = variationOf('Robe Lina', 'Rouge', 'M').ref;
      await shop().adjustStock(robe, -1);
      woo.sell(robe.variantId, 1);
      await expect.poll(() => hooks.got.length).toBe(3 + 3);
      const topics = hooks.got.slice(3).map((g) => String(g.headers['x-wc-webhook-topic']));
      expect(topics.sort()).toEqual(['order.created', 'product.updated', 'product.updated']);
      expect(hooks.got.slice(3).every((g) => shop().verifyWebhook(g.body, g.headers))).toBe(true);
      expect(woo.state.outbox).toEqual([]);
    } finally {
      await hooks.close();
    }
  });

  it('verifies the signature of the raw body with the webhook secret', async () => {
    await shop().registerWebhooks('https://app.example/api/shops/webhooks/7');
    const [created] = woo.sell(simple('Foulard Soie').ref.variantId, 1);
    expect(shop().verifyWebhook(bodyOf(created), created.headers)).toBe(true);
    const changed = Buffer.from(created.body.replace('"quantity":1', '"quantity":9'));
    expect(changed.equals(bodyOf(created))).toBe(false);
    expect(shop().verifyWebhook(changed, created.headers)).toBe(false);
    const { 'x-wc-webhook-signature': _, ...unsigned } = created.headers;
    expect(shop().verifyWebhook(bodyOf(created), unsigned)).toBe(false);
    expect(
      shop().verifyWebhook(bodyOf(created), { ...created.headers, 'x-wc-webhook-signature': 'bm9wZQ==' }),
    ).toBe(false);
    expect(
      shop().verifyWebhook(bodyOf(created), {
        ...created.headers,
        'x-wc-webhook-signature': 'not base64 at all',
      }),
    ).toBe(false);
    expect(
      shop({ extra: { webhookSecret: 'another-secret' } }).verifyWebhook(bodyOf(created), created.headers),
    ).toBe(false);
    expect(shop({ extra: {} }).verifyWebhook(bodyOf(created), created.headers)).toBe(false);
    // A "ping" body that carries a topic is not a ping: it needs its signature.
    expect(shop().verifyWebhook(Buffer.from('webhook_id=3'), { 'x-wc-webhook-topic': 'order.created' })).toBe(
      false,
    );
  });

  it('reads each topic into the engine’s events', async () => {
    await shop().registerWebhooks('https://app.example/api/shops/webhooks/7');
    const parse = (d: WooDelivery) => {
      expect(shop().verifyWebhook(bodyOf(d), d.headers)).toBe(true);
      return shop().parseWebhook(bodyOf(d), d.headers);
    };
    const robe = variationOf('Robe Lina', 'Noir', 'L');

    // A sale in the shop: the order, then the variation's new stock.
    const [created, updated] = woo.sell(robe.ref.variantId, 2);
    const order = parse(created);
    expect(order.deliveryId).toBe(created.headers['x-wc-webhook-delivery-id']);
    expect(order.topic).toBe('order.created');
    expect(order.events).toEqual([
      {
        kind: 'order',
        orderId: '1001',
        createdAt: new Date(`${JSON.parse(created.body).date_created_gmt}Z`),
        ours: false,
        lines: [{ ref: robe.ref, quantity: 2 }],
      },
    ]);
    expect(JSON.parse(created.body).date_created_gmt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(parse(updated).events).toEqual([
      {
        kind: 'product',
        productId: robe.ref.productId,
        variants: [{ variantId: robe.ref.variantId, priceCents: 4990 }],
      },
      { kind: 'stock', variants: [robe.ref] },
    ]);

    // Our own order comes back marked ours.
    woo.state.outbox.length = 0;
    await shop().createOrder(orderInput([{ ref: robe.ref, qty: 1, cents: 4990 }]));
    const ours = woo.state.outbox.find((d) => d.topic === 'order.created')!;
    expect(parse(ours).events[0]).toMatchObject({ kind: 'order', orderId: '1002', ours: true });
    expect(woo.state.outbox.filter((d) => d.topic === 'product.updated')).toEqual([]);

    // Completed: fulfilled; cancelled: the stock came back.
    expect(parse(woo.complete(1001)[0]).events).toEqual([
      { kind: 'fulfilled', orderId: '1001', tracking: null },
    ]);
    woo.state.outbox.length = 0;
    const cancel = await fetch(`${woo.url}/wp-json/wc/v3/orders/1002`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`${woo.key}:${woo.secret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancel.status).toBe(200);
    expect(robe.v.stock_quantity).toBe(5);
    const cancelled = woo.state.outbox.find((d) => d.topic === 'order.updated')!;
    expect(parse(cancelled).events).toEqual([{ kind: 'stock', variants: [robe.ref] }]);

    // A price set on a simple product; a variable product's own update lists its variations.
    const sac = simple('Sac Bandoulière');
    expect(parse(woo.setPrice(sac.ref.variantId, 3900)[0]).events).toEqual([
      {
        kind: 'product',
        productId: sac.ref.productId,
        variants: [{ variantId: sac.ref.variantId, priceCents: 3900 }],
      },
      { kind: 'stock', variants: [sac.ref] },
    ]);
    const stock = parse(woo.setStock(robe.ref.variantId, 9)[0]);
    expect(stock.events[1]).toEqual({ kind: 'stock', variants: [robe.ref] });
  });

  it('reads a variable product, a processing update and an unknown topic, and refuses a body it cannot read', async () => {
    const p = productNamed('Pull Côtelé');
    const headers = (topic: string) => ({ 'x-wc-webhook-topic': topic, 'x-wc-webhook-delivery-id': 'd-1' });
    const variable = Buffer.from(
      JSON.stringify({ id: p.id, type: 'variable', variations: p.variations, price: '69.00' }),
    );
    expect(shop().parseWebhook(variable, headers('product.updated')).events).toEqual([
      {
        kind: 'stock',
        variants: p.variations.map((v) => ({
          productId: String(p.id),
          variantId: String(v),
          inventoryItemId: null,
        })),
      },
    ]);
    const processing = Buffer.from(JSON.stringify({ id: 5, status: 'processing', line_items: [] }));
    expect(shop().parseWebhook(processing, headers('order.updated')).events).toEqual([
      { kind: 'ignored', topic: 'order.updated' },
    ]);
    expect(shop().parseWebhook(Buffer.from('{"id":3}'), headers('coupon.created')).events).toEqual([
      { kind: 'ignored', topic: 'coupon.created' },
    ]);
    expect(
      (await callError(async () => shop().parseWebhook(Buffer.from('{nope'), headers('order.created')))).kind,
    ).toBe('invalid');
    expect(
      (
        await callError(async () =>
          shop().parseWebhook(Buffer.from('{"id":1}'), { 'x-wc-webhook-topic': 'order.created' }),
        )
      ).kind,
    ).toBe('invalid');
  });
});
