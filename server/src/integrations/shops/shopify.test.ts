import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeShopify, type FakeShopifyDelivery, startFakeShopify } from './fakes/shopify.ts';
import { ShopCallError, type ShopConnection, type ShopOrderInput, type VariantRef } from './platform.ts';
import { centsToDecimal, decimalToCents, shopifyPlatform } from './shopify.ts';

/*
 * The Shopify adapter against the fake shop on 127.0.0.1 (its GraphQL operations, stock at one
 * location, orders, signed deliveries); any request the fake does not know fails the test.
 */

let shop: FakeShopify;

beforeEach(async () => {
  shop = await startFakeShopify({ seed: 'demo' });
});

afterEach(async () => {
  expect(shop.unexpected).toEqual([]);
  await shop.close();
});

const connection = (over: Partial<ShopConnection> = {}): ShopConnection => ({
  url: shop.url,
  key: shop.token,
  secret: shop.secret,
  extra: {},
  allowLocalHttp: true,
  timeoutMs: 5_000,
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<ShopCallError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ShopCallError);
  return err as ShopCallError;
}

/** A demo variant, as the adapter names it. */
function refOf(title: string, index = 0): VariantRef {
  const product = shop.state.products.find((p) => p.title === title)!;
  const variant = product.variants[index];
  return {
    productId: `gid://shopify/Product/${product.id}`,
    variantId: `gid://shopify/ProductVariant/${variant.id}`,
    inventoryItemId: `gid://shopify/InventoryItem/${variant.inventoryItemId}`,
  };
}

const operations = () => shop.requests.map((r) => r.operationName);

function orderInput(ref: VariantRef, reference = 'LC-000123', discountCents = 0): ShopOrderInput {
  return {
    reference,
    note: 'Live du 28 novembre',
    tags: ['live'],
    currency: 'EUR',
    email: 'camille@example.com',
    customer: { firstName: 'Camille', lastName: 'Martin', email: 'camille@example.com', phone: null },
    shippingAddress: {
      firstName: 'Camille',
      lastName: 'Martin',
      address1: '12 rue des Lilas',
      address2: null,
      city: 'Lyon',
      zip: '69003',
      countryCode: 'fr',
      phone: null,
    },
    lines: [
      { ref, title: 'Robe Capucine', sku: 'ROB-ROU-S', quantity: 2, unitPriceCents: 4990, discountCents },
    ],
    shipping: { title: 'Colissimo', priceCents: 590 },
    totalCents: 2 * 4990 - discountCents + 590,
    paidAt: new Date('2026-11-28T20:15:00Z'),
  };
}

describe('check', () => {
  it('answers the shop, its currency and the location whose stock is synced', async () => {
    const info = await shopifyPlatform(connection()).check();
    expect(info).toEqual({
      name: 'Boutique Démo',
      currency: 'EUR',
      extra: {
        locationId: `gid://shopify/Location/${shop.state.locationId}`,
        domain: 'boutique-demo.myshopify.com',
      },
    });
    expect(shop.requests[0].path).toBe('/admin/api/2025-01/graphql.json');
  });

  it('a wrong token is refused as credentials, without repeating the token', async () => {
    const err = await failure(shopifyPlatform(connection({ key: 'shpat_wrong' })).check());
    expect(err.kind).toBe('credentials');
    expect(err.status).toBe(401);
    expect(err.message).toContain('Invalid API key or access token');
    expect(err.message).not.toContain('shpat_wrong');
  });

  it('a throttled answer is rate_limited', async () => {
    shop.failNext('LiveCartShop', 'throttled');
    const err = await failure(shopifyPlatform(connection()).check());
    expect(err.kind).toBe('rate_limited');
    expect(await shopifyPlatform(connection()).check()).toMatchObject({ currency: 'EUR' });
  });

  it('a server error is the platform’s', async () => {
    shop.failNext('LiveCartShop', { status: 503, body: { errors: 'Service Unavailable' } });
    const err = await failure(shopifyPlatform(connection()).check());
    expect(err).toMatchObject({ kind: 'platform', status: 503 });
  });

  it('addresses shopRequest refuses are never called: plain http, a private or local address', async () => {
    const refused = [
      connection({ url: 'http://boutique.myshopify.com' }),
      connection({ url: 'https://10.1.2.3' }),
      connection({ url: 'https://192.168.1.10' }),
      connection({ url: 'https://169.254.169.254' }),
      connection({ allowLocalHttp: false }),
    ];
    for (const conn of refused) {
      const err = await failure(shopifyPlatform(conn).check());
      expect(err.kind).toBe('unreachable');
      expect(err.message).toMatch(/refused/);
    }
    expect(shop.requests).toEqual([]);
  });
});

describe('products', () => {
  it('pages through the catalogue with variants, options, prices, stock and the total', async () => {
    const platform = shopifyPlatform(connection());
    const products = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await platform.products(cursor, 50);
      expect(page.total).toBe(8);
      products.push(...page.items);
      cursor = page.next;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBeGreaterThan(1);
    // Stock is read at the synced location, not summed over the shop's locations.
    const stockReads = shop.requests.filter((r) => r.operationName === 'LiveCartStock');
    expect(stockReads.length).toBe(pages);
    expect(stockReads[0].variables.locationId).toBe(`gid://shopify/Location/${shop.state.locationId}`);
    expect(products.map((p) => p.title)).toEqual(shop.state.products.map((p) => p.title));
    expect(new Set(products.map((p) => p.id)).size).toBe(8);

    const robe = products.find((p) => p.title === 'Robe Capucine')!;
    expect(robe.handle).toBe('robe-capucine');
    expect(robe.description).toBe('Robe fluide en viscose, coupe portefeuille, longueur midi.');
    expect(robe.imageUrls).toHaveLength(2);
    expect(robe.imageUrls.every((u) => u.startsWith('https://'))).toBe(true);
    expect(robe.variants).toHaveLength(9);
    const first = robe.variants[0];
    expect(first).toEqual({
      ...refOf('Robe Capucine'),
      sku: 'ROB-ROU-S',
      priceCents: 4990,
      stock: shop.stockOf(first.variantId),
      options: [
        { name: 'Couleur', value: 'Rouge' },
        { name: 'Taille', value: 'S' },
      ],
      imageUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(robe.variants.map((v) => v.options[0].value)).toEqual([
      ...['Rouge', 'Rouge', 'Rouge', 'Noir', 'Noir', 'Noir', 'Bleu', 'Bleu', 'Bleu'],
    ]);

    const licorne = products.find((p) => p.title === 'Pull Licorne')!;
    expect(licorne.variants[0].options).toContainEqual({ name: 'Couleur', value: 'Licorne' });
    const tshirt = products.find((p) => p.title === 'T-shirt Basique')!;
    expect(tshirt.variants[0].priceCents).toBe(1999);
    const cabas = products.find((p) => p.title === 'Sac Cabas')!;
    expect(cabas.variants).toEqual([
      expect.objectContaining({
        options: [{ name: 'Title', value: 'Default Title' }],
        stock: 12,
        imageUrl: null,
      }),
    ]);
    const boucles = products.find((p) => p.title === "Boucles d'oreilles Lune")!;
    expect(boucles.variants[0].stock).toBeNull();
  });

  it('an empty shop has one empty page', async () => {
    await shop.close();
    shop = await startFakeShopify({ seed: 'empty' });
    expect(await shopifyPlatform(connection()).products(null, 50)).toEqual({
      items: [],
      next: null,
      total: 0,
    });
  });

  it('a product added in the shop comes in the next import', async () => {
    await shop.close();
    shop = await startFakeShopify({ seed: 'empty' });
    const added = shop.addProduct({
      title: 'Chemise Lin',
      descriptionHtml: '<p>Lin <em>lavé</em></p>',
      variants: [{ sku: 'CHE-M', priceCents: 4500, stock: 3, options: [{ name: 'Taille', value: 'M' }] }],
    });
    const page = await shopifyPlatform(connection()).products(null, 10);
    expect(page.items).toEqual([
      {
        id: `gid://shopify/Product/${added.id}`,
        title: 'Chemise Lin',
        handle: 'chemise-lin',
        description: 'Lin lavé',
        imageUrls: [],
        variants: [
          expect.objectContaining({
            sku: 'CHE-M',
            priceCents: 4500,
            stock: 3,
            options: [{ name: 'Taille', value: 'M' }],
          }),
        ],
      },
    ]);
  });
});

describe('stock', () => {
  it('adjustStock answers the quantity before and after, and may go below zero as Shopify does', async () => {
    const platform = shopifyPlatform(connection());
    const ref = refOf('Sac Cabas');
    expect(await platform.adjustStock(ref, -2)).toEqual({ before: 12, after: 10 });
    expect(shop.stockOf(ref.variantId)).toBe(10);
    shop.sell(ref.variantId, 3);
    expect(await platform.adjustStock(ref, -1)).toEqual({ before: 7, after: 6 });
    expect(await platform.adjustStock(ref, -8)).toEqual({ before: 6, after: -2 });
    expect(await platform.adjustStock(ref, 5)).toEqual({ before: -2, after: 3 });
    const adjust = shop.requests.find((r) => r.operationName === 'LiveCartAdjustStock')!;
    expect(adjust.variables.input).toEqual({
      reason: 'correction',
      name: 'available',
      changes: [
        {
          delta: -2,
          inventoryItemId: ref.inventoryItemId,
          locationId: `gid://shopify/Location/${shop.state.locationId}`,
        },
      ],
    });
    expect(shop.takeDeliveries().map((d) => d.topic)).toEqual(Array(4).fill('inventory_levels/update'));
  });

  it('uses the saved location without asking the shop again', async () => {
    const { extra } = await shopifyPlatform(connection()).check();
    shop.requests.length = 0;
    await shopifyPlatform(connection({ extra })).adjustStock(refOf('Jean Slim'), 1);
    expect(operations()).toEqual(['LiveCartAdjustStock']);
  });

  it('a change of nothing reads the stock', async () => {
    expect(await shopifyPlatform(connection()).adjustStock(refOf('Jean Slim'), 0)).toEqual({
      before: 4,
      after: 4,
    });
    expect(operations()).not.toContain('LiveCartAdjustStock');
  });

  it('an inventory item the shop does not have is not_found', async () => {
    const ref = { ...refOf('Jean Slim'), inventoryItemId: 'gid://shopify/InventoryItem/1' };
    const err = await failure(shopifyPlatform(connection()).adjustStock(ref, -1));
    expect(err.kind).toBe('not_found');
  });

  it('stockOf reads the shop’s stock by variant, leaving out the untracked ones', async () => {
    const platform = shopifyPlatform(connection());
    const robe = refOf('Robe Capucine', 4);
    const cabas = refOf('Sac Cabas');
    const boucles = refOf("Boucles d'oreilles Lune");
    shop.setStock(robe.variantId, 6);
    shop.sell(robe.variantId, 2);
    const stock = await platform.stockOf([
      robe,
      cabas,
      boucles,
      { ...cabas, variantId: 'x', inventoryItemId: null },
    ]);
    expect(stock).toEqual(
      new Map([
        [robe.variantId, 4],
        [cabas.variantId, 12],
      ]),
    );
    expect(await platform.stockOf([])).toEqual(new Map());
  });
});

describe('orders', () => {
  it('a live order is pushed paid, without counting its stock again, and found afterwards', async () => {
    const platform = shopifyPlatform(connection());
    const ref = refOf('Robe Capucine');
    const before = shop.stockOf(ref.variantId);
    expect(await platform.findOrder('LC-000123')).toBeNull();
    const created = await platform.createOrder(orderInput(ref));
    expect(created).toEqual({ id: expect.stringMatching(/^gid:\/\/shopify\/Order\/\d+$/), name: '#1001' });
    expect(await platform.findOrder('LC-000123')).toEqual(created);
    expect(await platform.findOrder('LC-000124')).toBeNull();
    expect(shop.stockOf(ref.variantId)).toBe(before);
    expect(shop.state.orders).toHaveLength(1);

    const sent = shop.requests.find((r) => r.operationName === 'LiveCartCreateOrder')!.variables;
    expect(sent.options).toEqual({
      inventoryBehaviour: 'BYPASS',
      sendReceipt: false,
      sendFulfillmentReceipt: false,
    });
    expect(sent.order).toMatchObject({
      currency: 'EUR',
      financialStatus: 'PAID',
      email: 'camille@example.com',
      tags: ['live', 'livecart', 'livecart-LC-000123'],
      note: 'LC-000123 · Live du 28 novembre',
      lineItems: [
        {
          variantId: ref.variantId,
          quantity: 2,
          priceSet: { shopMoney: { amount: '49.90', currencyCode: 'EUR' } },
        },
      ],
      shippingLines: [
        { title: 'Colissimo', priceSet: { shopMoney: { amount: '5.90', currencyCode: 'EUR' } } },
      ],
      shippingAddress: { countryCode: 'FR', city: 'Lyon', zip: '69003' },
      transactions: [
        {
          kind: 'SALE',
          status: 'SUCCESS',
          amountSet: { shopMoney: { amount: '105.70', currencyCode: 'EUR' } },
        },
      ],
    });
    expect(sent.order.shippingAddress).not.toHaveProperty('address2');
    expect(sent.order).not.toHaveProperty('discountCode');
    expect(shop.state.orders[0].discount).toBeNull();
  });

  it('a live discount is given as a fixed amount off the lines, and the sale is what the shopper paid', async () => {
    const platform = shopifyPlatform(connection());
    await platform.createOrder(orderInput(refOf('Robe Capucine'), 'LC-000123', 998));
    const sent = shop.requests.find((r) => r.operationName === 'LiveCartCreateOrder')!.variables;
    expect(sent.order.discountCode).toEqual({
      itemFixedDiscountCode: {
        code: 'LIVECART',
        amountSet: { shopMoney: { amount: '9.98', currencyCode: 'EUR' } },
      },
    });
    expect(sent.order.transactions[0].amountSet.shopMoney.amount).toBe('95.72');
    expect(shop.state.orders[0].discount).toEqual({ code: 'LIVECART', cents: 998 });
  });

  it('an order for a variant gone from the shop is not_found, with the shop’s message', async () => {
    const ref = { ...refOf('Robe Capucine'), variantId: 'gid://shopify/ProductVariant/1' };
    const err = await failure(shopifyPlatform(connection()).createOrder(orderInput(ref)));
    expect(err).toMatchObject({ kind: 'not_found', message: 'Variant not found' });
    expect(shop.state.orders).toEqual([]);
  });

  it('fulfilOrder ships the order with its tracking once; orderFulfilment reads it', async () => {
    const platform = shopifyPlatform(connection());
    const { id } = await platform.createOrder(orderInput(refOf('Jean Slim')));
    expect(await platform.orderFulfilment(id)).toEqual({ fulfilled: false, tracking: null });
    const tracking = {
      number: '6A12345678901',
      url: 'https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901',
      company: 'La Poste',
    };
    await platform.fulfilOrder(id, tracking);
    expect(await platform.orderFulfilment(id)).toEqual({ fulfilled: true, tracking });
    const fulfil = shop.requests.find((r) => r.operationName === 'LiveCartFulfil')!.variables.fulfillment;
    expect(fulfil).toEqual({
      lineItemsByFulfillmentOrder: [
        { fulfillmentOrderId: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentOrder\//) },
      ],
      notifyCustomer: false,
      trackingInfo: tracking,
    });
    await platform.fulfilOrder(id, tracking);
    expect(operations().filter((o) => o === 'LiveCartFulfil')).toHaveLength(1);
  });

  it('an order shipped without tracking, one on hold, and one the shop does not have', async () => {
    const platform = shopifyPlatform(connection());
    const { id } = await platform.createOrder(orderInput(refOf('Jean Slim')));
    await platform.fulfilOrder(id, { number: null, url: null, company: null });
    expect(await platform.orderFulfilment(id)).toEqual({ fulfilled: true, tracking: null });
    expect((await failure(platform.orderFulfilment('gid://shopify/Order/42'))).kind).toBe('not_found');
    const held = await platform.createOrder(orderInput(refOf('Jean Slim'), 'LC-000200'));
    shop.hold(held.id);
    expect(await failure(platform.fulfilOrder(held.id, null))).toMatchObject({
      kind: 'platform',
      message: /on hold/,
    });
    expect(await platform.orderFulfilment(held.id)).toEqual({ fulfilled: false, tracking: null });
    expect((await failure(platform.fulfilOrder('gid://shopify/Order/42', null))).kind).toBe('not_found');
  });
});

describe('webhooks', () => {
  const CALLBACK = 'https://livecart.example/api/shops/webhooks/17';

  it('registerWebhooks subscribes the four topics once', async () => {
    const platform = shopifyPlatform(connection());
    await platform.registerWebhooks(CALLBACK);
    await platform.registerWebhooks(CALLBACK);
    expect(shop.state.webhooks.map((w) => w.topic).sort()).toEqual([
      'INVENTORY_LEVELS_UPDATE',
      'ORDERS_CREATE',
      'ORDERS_FULFILLED',
      'PRODUCTS_UPDATE',
    ]);
    expect(shop.state.webhooks.every((w) => w.callbackUrl === CALLBACK)).toBe(true);
    expect(operations().filter((o) => o === 'LiveCartWebhookCreate')).toHaveLength(4);
    const create = shop.requests.find((r) => r.operationName === 'LiveCartWebhookCreate')!.variables;
    expect(create.webhookSubscription).toEqual({ callbackUrl: CALLBACK, format: 'JSON' });
  });

  it('verifyWebhook accepts the shop’s signature only', () => {
    const platform = shopifyPlatform(connection());
    const [delivery] = shop.setStock(refOf('Sac Cabas').variantId, 4);
    const body = Buffer.from(delivery.body);
    expect(platform.verifyWebhook(body, delivery.headers)).toBe(true);
    const without = { ...delivery.headers, 'x-shopify-hmac-sha256': undefined };
    expect(platform.verifyWebhook(body, without)).toBe(false);
    expect(platform.verifyWebhook(body, { ...delivery.headers, 'x-shopify-hmac-sha256': 'bm9wZQ==' })).toBe(
      false,
    );
    expect(
      platform.verifyWebhook(
        Buffer.from(delivery.body.replace('"available":4', '"available":40')),
        delivery.headers,
      ),
    ).toBe(false);
    expect(
      shopifyPlatform(connection({ secret: 'another-secret' })).verifyWebhook(body, delivery.headers),
    ).toBe(false);
  });

  it('verifyWebhook refuses a delivery signed for another shop of the same app', () => {
    const [delivery] = shop.setStock(refOf('Sac Cabas').variantId, 4);
    const body = Buffer.from(delivery.body);
    const ours = shopifyPlatform(connection({ extra: { domain: 'boutique-demo.myshopify.com' } }));
    expect(ours.verifyWebhook(body, delivery.headers)).toBe(true);
    expect(
      ours.verifyWebhook(body, {
        ...delivery.headers,
        'x-shopify-shop-domain': 'BOUTIQUE-DEMO.myshopify.com',
      }),
    ).toBe(true);
    const other = shopifyPlatform(connection({ extra: { domain: 'autre-boutique.myshopify.com' } }));
    expect(other.verifyWebhook(body, delivery.headers)).toBe(false);
    expect(ours.verifyWebhook(body, { ...delivery.headers, 'x-shopify-shop-domain': undefined })).toBe(false);
  });

  const parse = (d: FakeShopifyDelivery) =>
    shopifyPlatform(connection()).parseWebhook(Buffer.from(d.body), d.headers);

  it('a sale in the shop: orders/create and inventory_levels/update', () => {
    const ref = refOf('Foulard Soie', 1);
    const [created, level] = shop.sell(ref.variantId, 2);
    const order = parse(created);
    expect(order).toEqual({
      deliveryId: created.headers['x-shopify-webhook-id'],
      topic: 'orders/create',
      events: [
        {
          kind: 'order',
          orderId: expect.stringMatching(/^gid:\/\/shopify\/Order\/\d+$/),
          createdAt: expect.any(Date),
          ours: false,
          lines: [{ ref: { variantId: ref.variantId, productId: ref.productId }, quantity: 2 }],
        },
      ],
    });
    expect(parse(level).events).toEqual([
      { kind: 'stock', variants: [{ inventoryItemId: ref.inventoryItemId }] },
    ]);
    // An id past JavaScript's safe integers is read from the level's gid.
    const numbers = JSON.parse(level.body);
    const big = { ...level, body: JSON.stringify({ ...numbers, inventory_item_id: 2 ** 60 }) };
    expect(parse(big).events).toEqual([
      { kind: 'stock', variants: [{ inventoryItemId: ref.inventoryItemId }] },
    ]);
  });

  it('our own order comes back marked ours; its shipment as fulfilled with the tracking', async () => {
    const platform = shopifyPlatform(connection());
    const { id } = await platform.createOrder(orderInput(refOf('Jean Slim')));
    const [created] = shop.takeDeliveries();
    expect(parse(created).events[0]).toMatchObject({ kind: 'order', orderId: id, ours: true });
    const [fulfilled] = shop.fulfil(id, {
      number: 'LP123',
      url: 'https://suivi.example/LP123',
      company: 'La Poste',
    });
    expect(parse(fulfilled)).toMatchObject({
      topic: 'orders/fulfilled',
      events: [
        {
          kind: 'fulfilled',
          orderId: id,
          tracking: { number: 'LP123', url: 'https://suivi.example/LP123', company: 'La Poste' },
        },
      ],
    });
  });

  it('a price changed in the shop: products/update with every variant’s price', () => {
    const ref = refOf('Foulard Soie');
    const [update] = shop.setPrice(ref.variantId, 2990);
    const event = parse(update).events[0];
    expect(event).toEqual({
      kind: 'product',
      productId: ref.productId,
      variants: [
        { variantId: ref.variantId, priceCents: 2990 },
        { variantId: refOf('Foulard Soie', 1).variantId, priceCents: 2490 },
      ],
    });
  });

  it('another topic is ignored; a body or headers that do not read are invalid', () => {
    const [d] = shop.setStock(refOf('Sac Cabas').variantId, 1);
    expect(parse({ ...d, headers: { ...d.headers, 'x-shopify-topic': 'app/uninstalled' } }).events).toEqual([
      { kind: 'ignored', topic: 'app/uninstalled' },
    ]);
    const platform = shopifyPlatform(connection());
    const invalid = (body: string, headers: Record<string, string | undefined>) => {
      try {
        platform.parseWebhook(Buffer.from(body), headers);
      } catch (err) {
        return (err as ShopCallError).kind;
      }
      return 'read';
    };
    expect(invalid('not json', d.headers)).toBe('invalid');
    expect(invalid('[1]', d.headers)).toBe('invalid');
    expect(invalid('{}', d.headers)).toBe('invalid');
    expect(
      invalid(d.body, { ...d.headers, 'x-shopify-webhook-id': undefined, 'x-shopify-event-id': undefined }),
    ).toBe('invalid');
  });

  it('deliveries reach the subscribed address, signed, and read as sent', async () => {
    const received: { headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const platform = shopifyPlatform(connection());
      await platform.registerWebhooks(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
      const ref = refOf('Veste en jean');
      expect(await shop.deliver(shop.sell(ref.variantId, 1))).toEqual([200, 200]);
      expect(received).toHaveLength(2);
      for (const r of received) expect(platform.verifyWebhook(r.body, r.headers)).toBe(true);
      expect(received.map((r) => platform.parseWebhook(r.body, r.headers).events[0].kind)).toEqual([
        'order',
        'stock',
      ]);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('prices', () => {
  it('decimal strings become cents without float error, and back', () => {
    expect(
      ['19.99', '0.29', '0.1', '1234.5', '10', '4.355', '4.354', '-2.50', 0.29, 1.15].map(decimalToCents),
    ).toEqual([1999, 29, 10, 123450, 1000, 436, 435, -250, 29, 115]);
    expect(() => decimalToCents('1,50')).toThrow(ShopCallError);
    expect(() => decimalToCents('')).toThrow(ShopCallError);
    expect([1999, 5, 0, 123450, -250].map(centsToDecimal)).toEqual([
      '19.99',
      '0.05',
      '0.00',
      '1234.50',
      '-2.50',
    ]);
  });
});
