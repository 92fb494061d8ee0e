import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHOPIFY_API_VERSION, SHOPIFY_WEBHOOK_TOPICS } from '../shopify.ts';

/**
 * A Shopify shop on 127.0.0.1 for the tests and the development sandbox: it answers the GraphQL
 * Admin API operations the adapter sends, by operation name (variables read, no GraphQL parser),
 * in Shopify's shapes (gids, `userErrors`, `extensions.cost`); keeps one location's inventory,
 * the orders and the webhook subscriptions; sells "in the shop" and produces the REST-shaped
 * deliveries Shopify would sign and send. A wrong token answers 401; any request it does not
 * know goes into `unexpected` (tests assert it empty).
 */

export interface FakeShopifyVariantInput {
  sku?: string | null;
  priceCents: number;
  stock: number;
  options?: { name: string; value: string }[];
  tracked?: boolean;
  imageUrl?: string | null;
}

export interface FakeShopifyProductInput {
  title: string;
  handle?: string;
  /** HTML, as the shop's editor keeps it; the API's `description` is its text. */
  descriptionHtml?: string;
  imageUrls?: string[];
  variants: FakeShopifyVariantInput[];
}

export interface FakeShopifyVariant {
  id: number;
  sku: string | null;
  priceCents: number;
  inventoryItemId: number;
  tracked: boolean;
  options: { name: string; value: string }[];
  imageUrl: string | null;
}

export interface FakeShopifyProduct {
  id: number;
  title: string;
  handle: string;
  descriptionHtml: string;
  imageUrls: string[];
  variants: FakeShopifyVariant[];
}

export interface FakeShopifyOrder {
  id: number;
  name: string;
  email: string | null;
  tags: string[];
  note: string | null;
  currency: string;
  createdAt: string;
  lines: {
    id: number;
    variantId: number;
    productId: number;
    quantity: number;
    priceCents: number;
    sku: string | null;
    title: string;
  }[];
  shippingAddress: Record<string, unknown> | null;
  /** The discount code given (`discountCode.itemFixedDiscountCode`): its code and the amount off the lines. */
  discount: { code: string; cents: number } | null;
  transactions: unknown[];
  fulfillmentOrders: { id: number; status: 'OPEN' | 'ON_HOLD' | 'CLOSED' }[];
  fulfillments: { id: number; number: string | null; url: string | null; company: string | null }[];
}

export interface FakeShopifyState {
  name: string;
  currency: string;
  domain: string;
  locationId: number;
  products: FakeShopifyProduct[];
  /** Available quantity by inventory item id (the one location). */
  stock: Map<number, number>;
  orders: FakeShopifyOrder[];
  webhooks: { id: number; topic: string; callbackUrl: string }[];
}

/** A notification as Shopify sends it: the raw JSON body and its signed headers. */
export interface FakeShopifyDelivery {
  topic: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeShopifyRequest {
  method: string;
  path: string;
  operationName: string | null;
  variables: Record<string, any>;
}

export interface FakeShopify {
  url: string;
  token: string;
  secret: string;
  /** The app's client id, for the install flow (`POST /admin/oauth/access_token`). */
  apiKey: string;
  state: FakeShopifyState;
  requests: FakeShopifyRequest[];
  unexpected: { method: string; path: string; reason: string }[];
  close(): Promise<void>;
  addProduct(input: FakeShopifyProductInput): FakeShopifyProduct;
  /** A customer buys in the shop: stock taken, an order made (orders/create + inventory_levels/update). */
  sell(variantId: string | number, quantity: number): FakeShopifyDelivery[];
  /** The merchant sets the stock in the shop's admin (inventory_levels/update). */
  setStock(variantId: string | number, quantity: number): FakeShopifyDelivery[];
  /** The merchant changes a price (products/update). */
  setPrice(variantId: string | number, cents: number): FakeShopifyDelivery[];
  /** The merchant ships an order (orders/fulfilled). */
  fulfil(
    orderId: string | number,
    tracking?: { number?: string; url?: string; company?: string },
  ): FakeShopifyDelivery[];
  /** The merchant puts an order's open fulfilment on hold (it cannot be shipped until released). */
  hold(orderId: string | number): void;
  /** POSTs each delivery to the callback URLs subscribed to its topic; answers their statuses. */
  deliver(deliveries: FakeShopifyDelivery[]): Promise<number[]>;
  /**
   * The next call of this operation answers this instead (`'throttled'`: Shopify's THROTTLED error;
   * `'ok'`: answered as usual, so that a later call is the one failing).
   */
  failNext(operationName: string, answer: 'ok' | 'throttled' | { status: number; body: unknown }): void;
  /** An authorization code the install flow may exchange for the token. */
  authorizationCode(): string;
  /**
   * The notifications the shop made for changes through its API (an order created, stock adjusted,
   * an order fulfilled), as Shopify sends them for an app's own changes too; emptied when taken.
   */
  takeDeliveries(): FakeShopifyDelivery[];
  /** A variant's available stock at the location (null: untracked). */
  stockOf(variantId: string | number): number | null;
}

const GRAPHQL_PATH = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
const INVALID_TOKEN = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const TOPIC_OF_ENUM: Record<string, string> = SHOPIFY_WEBHOOK_TOPICS;

const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
/** `gid://shopify/ProductVariant/12` or 12 → 12. */
const numericId = (id: string | number | null | undefined): number =>
  typeof id === 'number' ? id : Number(/(\d+)(?:\?.*)?$/.exec(String(id ?? ''))?.[1] ?? Number.NaN);
const decimal = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const toCents = (amount: unknown) => Math.round(Number(amount) * 100);
const textOf = (html: string) =>
  html
    .replace(/<\/?(?:p|div|br|li|ul|ol|h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export async function startFakeShopify(
  opts: { port?: number; token?: string; secret?: string; apiKey?: string; seed?: 'demo' | 'empty' } = {},
): Promise<FakeShopify> {
  const token = opts.token ?? `shpat_${randomUUID().replace(/-/g, '')}`;
  const secret = opts.secret ?? `shpss_${randomUUID().replace(/-/g, '')}`;
  const apiKey = opts.apiKey ?? 'livecart-sandbox-app';
  const state: FakeShopifyState = {
    name: 'Boutique Démo',
    currency: 'EUR',
    domain: 'boutique-demo.myshopify.com',
    locationId: 71_234_567_001,
    products: [],
    stock: new Map(),
    orders: [],
    webhooks: [],
  };
  const requests: FakeShopifyRequest[] = [];
  const unexpected: FakeShopify['unexpected'] = [];
  const failures = new Map<string, ('ok' | 'throttled' | { status: number; body: unknown })[]>();
  const codes = new Set<string>();
  const outbox: FakeShopifyDelivery[] = [];
  let nextId = 8_100_000_000_001;
  const newId = () => nextId++;
  let orderNumber = 1001;

  function variantById(id: string | number) {
    const n = numericId(id);
    for (const product of state.products) {
      const variant = product.variants.find((v) => v.id === n);
      if (variant) return { product, variant };
    }
    return null;
  }
  function mustVariant(id: string | number) {
    const found = variantById(id);
    if (!found) throw new Error(`No variant ${id} in the fake shop`);
    return found;
  }

  function addProduct(input: FakeShopifyProductInput): FakeShopifyProduct {
    const product: FakeShopifyProduct = {
      id: newId(),
      title: input.title,
      handle:
        input.handle ??
        input.title
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      descriptionHtml: input.descriptionHtml ?? '',
      imageUrls: input.imageUrls ?? [],
      variants: input.variants.map((v) => ({
        id: newId(),
        sku: v.sku ?? null,
        priceCents: v.priceCents,
        inventoryItemId: newId(),
        tracked: v.tracked ?? true,
        options: v.options?.length ? v.options : [{ name: 'Title', value: 'Default Title' }],
        imageUrl: v.imageUrl ?? null,
      })),
    };
    product.variants.forEach((v, i) => {
      state.stock.set(v.inventoryItemId, input.variants[i].stock);
    });
    state.products.push(product);
    return product;
  }

  if ((opts.seed ?? 'demo') === 'demo') for (const p of demoCatalogue()) addProduct(p);

  // --- Deliveries -------------------------------------------------------------------------------

  function delivery(topic: string, payload: unknown): FakeShopifyDelivery {
    const body = JSON.stringify(payload);
    return {
      topic,
      body,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
        'x-shopify-shop-domain': state.domain,
        'x-shopify-api-version': SHOPIFY_API_VERSION,
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-event-id': randomUUID(),
        'x-shopify-triggered-at': new Date().toISOString(),
      },
    };
  }

  function levelPayload(itemId: number) {
    return {
      inventory_item_id: itemId,
      location_id: state.locationId,
      available: state.stock.get(itemId) ?? 0,
      updated_at: new Date().toISOString(),
      admin_graphql_api_id: `gid://shopify/InventoryLevel/${state.locationId}?inventory_item_id=${itemId}`,
    };
  }

  function orderPayload(order: FakeShopifyOrder) {
    const fulfilled = order.fulfillmentOrders.every((f) => f.status === 'CLOSED');
    return {
      id: order.id,
      admin_graphql_api_id: gid('Order', order.id),
      name: order.name,
      email: order.email,
      created_at: order.createdAt,
      currency: order.currency,
      financial_status: 'paid',
      fulfillment_status: fulfilled ? 'fulfilled' : null,
      tags: order.tags.join(', '),
      note: order.note,
      total_price: decimal(order.lines.reduce((s, l) => s + l.priceCents * l.quantity, 0)),
      line_items: order.lines.map((l) => ({
        id: l.id,
        admin_graphql_api_id: gid('LineItem', l.id),
        variant_id: l.variantId,
        product_id: l.productId,
        quantity: l.quantity,
        price: decimal(l.priceCents),
        sku: l.sku,
        title: l.title,
      })),
      fulfillments: order.fulfillments.map((f) => ({
        id: f.id,
        admin_graphql_api_id: gid('Fulfillment', f.id),
        status: 'success',
        tracking_company: f.company,
        tracking_number: f.number,
        tracking_numbers: f.number ? [f.number] : [],
        tracking_url: f.url,
        tracking_urls: f.url ? [f.url] : [],
      })),
    };
  }

  function productPayload(product: FakeShopifyProduct) {
    return {
      id: product.id,
      admin_graphql_api_id: gid('Product', product.id),
      title: product.title,
      handle: product.handle,
      body_html: product.descriptionHtml,
      updated_at: new Date().toISOString(),
      variants: product.variants.map((v) => ({
        id: v.id,
        admin_graphql_api_id: gid('ProductVariant', v.id),
        product_id: product.id,
        price: decimal(v.priceCents),
        sku: v.sku,
        inventory_item_id: v.inventoryItemId,
        inventory_quantity: state.stock.get(v.inventoryItemId) ?? 0,
        option1: v.options[0]?.value ?? null,
        option2: v.options[1]?.value ?? null,
        option3: v.options[2]?.value ?? null,
      })),
    };
  }

  function makeOrder(
    fields: Omit<FakeShopifyOrder, 'id' | 'name' | 'createdAt' | 'fulfillmentOrders' | 'fulfillments'>,
  ) {
    const order: FakeShopifyOrder = {
      ...fields,
      id: newId(),
      name: `#${orderNumber++}`,
      createdAt: new Date().toISOString(),
      fulfillmentOrders: [{ id: newId(), status: 'OPEN' }],
      fulfillments: [],
    };
    state.orders.push(order);
    return order;
  }

  // --- GraphQL ----------------------------------------------------------------------------------

  const cost = (requested: number) => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: Math.min(requested, 10),
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 },
    },
  });
  const userError = (field: string[] | null, message: string, code?: string) => ({
    field,
    message,
    ...(code ? { code } : {}),
  });

  function levelOf(itemId: number) {
    if (!state.stock.has(itemId)) return null;
    return { quantities: [{ name: 'available', quantity: state.stock.get(itemId) }] };
  }

  function orderNode(order: FakeShopifyOrder) {
    const closed = order.fulfillmentOrders.every((f) => f.status === 'CLOSED');
    return {
      id: gid('Order', order.id),
      name: order.name,
      displayFulfillmentStatus: closed ? 'FULFILLED' : 'UNFULFILLED',
      fulfillmentOrders: {
        nodes: order.fulfillmentOrders.map((f) => ({ id: gid('FulfillmentOrder', f.id), status: f.status })),
      },
      fulfillments: order.fulfillments.map((f) => ({
        trackingInfo:
          f.number || f.url || f.company ? [{ number: f.number, url: f.url, company: f.company }] : [],
      })),
    };
  }

  const orderOfGid = (id: unknown) => state.orders.find((o) => o.id === numericId(id as string)) ?? null;

  const operations: Record<string, (v: Record<string, any>) => unknown> = {
    LiveCartShop: () => ({
      shop: { name: state.name, currencyCode: state.currency, myshopifyDomain: state.domain },
      locations: { nodes: [{ id: gid('Location', state.locationId) }] },
    }),

    LiveCartProducts: (v) => {
      const first = Math.min(Number(v.first) || 0, 250);
      const sorted = [...state.products].sort((a, b) => a.id - b.id);
      const after = v.after
        ? Number(
            Buffer.from(String(v.after), 'base64url')
              .toString('utf8')
              .replace(/^last_id:/, ''),
          )
        : 0;
      const rest = sorted.filter((p) => p.id > after);
      const page = rest.slice(0, first);
      const last = page.at(-1);
      return {
        products: {
          nodes: page.map((p) => ({
            id: gid('Product', p.id),
            title: p.title,
            handle: p.handle,
            description: textOf(p.descriptionHtml),
            media: { nodes: p.imageUrls.map((url) => ({ preview: { image: { url } } })) },
            variants: {
              nodes: p.variants.slice(0, 100).map((x) => ({
                id: gid('ProductVariant', x.id),
                sku: x.sku ?? '',
                price: decimal(x.priceCents),
                inventoryQuantity: state.stock.get(x.inventoryItemId) ?? 0,
                selectedOptions: x.options,
                inventoryItem: { id: gid('InventoryItem', x.inventoryItemId), tracked: x.tracked },
                image: x.imageUrl ? { url: x.imageUrl } : null,
              })),
            },
          })),
          pageInfo: {
            hasNextPage: rest.length > page.length,
            endCursor: last ? Buffer.from(`last_id:${last.id}`).toString('base64url') : null,
          },
        },
        productsCount: { count: state.products.length },
      };
    },

    LiveCartStock: (v) => ({
      nodes: (v.ids as string[]).map((id) => {
        const itemId = numericId(id);
        if (!id.startsWith('gid://shopify/InventoryItem/')) return null;
        const found = state.products.flatMap((p) => p.variants).find((x) => x.inventoryItemId === itemId);
        if (!found) return null;
        const atLocation = numericId(v.locationId) === state.locationId;
        return { id, tracked: found.tracked, inventoryLevel: atLocation ? levelOf(itemId) : null };
      }),
    }),

    LiveCartAdjustStock: (v) => {
      const input = v.input ?? {};
      const fail = (...errors: ReturnType<typeof userError>[]) => ({
        inventoryAdjustQuantities: { inventoryAdjustmentGroup: null, userErrors: errors },
      });
      if (input.name !== 'available')
        return fail(userError(['input', 'name'], 'The quantity name is not valid.', 'INVALID_QUANTITY_NAME'));
      if (!['correction', 'cycle_count_available', 'received', 'other'].includes(input.reason)) {
        return fail(userError(['input', 'reason'], 'The specified reason is invalid.', 'INVALID_REASON'));
      }
      const changes = (input.changes ?? []) as {
        delta: number;
        inventoryItemId: string;
        locationId: string;
      }[];
      const out: unknown[] = [];
      for (const [i, c] of changes.entries()) {
        const itemId = numericId(c.inventoryItemId);
        if (!state.stock.has(itemId)) {
          return fail(
            userError(
              ['input', 'changes', String(i), 'inventoryItemId'],
              'The specified inventory item could not be found.',
              'INVALID_INVENTORY_ITEM',
            ),
          );
        }
        if (numericId(c.locationId) !== state.locationId) {
          return fail(
            userError(
              ['input', 'changes', String(i), 'locationId'],
              'The specified location could not be found.',
              'INVALID_LOCATION',
            ),
          );
        }
      }
      for (const c of changes) {
        const itemId = numericId(c.inventoryItemId);
        const after = (state.stock.get(itemId) ?? 0) + Number(c.delta);
        state.stock.set(itemId, after);
        outbox.push(delivery('inventory_levels/update', levelPayload(itemId)));
        out.push(
          { name: 'available', delta: c.delta, quantityAfterChange: after },
          { name: 'on_hand', delta: c.delta, quantityAfterChange: after },
        );
      }
      return {
        inventoryAdjustQuantities: {
          inventoryAdjustmentGroup: { changes: out },
          userErrors: [],
        },
      };
    },

    LiveCartFindOrder: (v) => {
      const m = /tag:(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(String(v.query ?? ''));
      const tag = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').toLowerCase();
      const found = state.orders
        .filter((o) => o.tags.some((t) => t.toLowerCase() === tag))
        .slice(0, 1)
        .map((o) => ({ id: gid('Order', o.id), name: o.name }));
      return { orders: { nodes: found } };
    },

    LiveCartCreateOrder: (v) => {
      const input = v.order ?? {};
      const options = v.options ?? {};
      const fail = (message: string, field: string[]) => ({
        orderCreate: { order: null, userErrors: [userError(field, message, 'INVALID')] },
      });
      const lines: FakeShopifyOrder['lines'] = [];
      for (const [i, l] of ((input.lineItems ?? []) as any[]).entries()) {
        const found = variantById(l.variantId);
        if (!found) return fail('Variant not found', ['order', 'lineItems', String(i), 'variantId']);
        if (!(Number(l.quantity) > 0))
          return fail('Quantity must be greater than 0', ['order', 'lineItems', String(i), 'quantity']);
        lines.push({
          id: newId(),
          variantId: found.variant.id,
          productId: found.product.id,
          quantity: Number(l.quantity),
          priceCents: l.priceSet ? toCents(l.priceSet.shopMoney?.amount) : found.variant.priceCents,
          sku: found.variant.sku,
          title: found.product.title,
        });
      }
      if (lines.length === 0)
        return fail('Line items must have at least one line item', ['order', 'lineItems']);
      // OrderCreateDiscountCodeInput: one type of discount at most; a fixed amount off the lines.
      const codes = Object.keys(input.discountCode ?? {});
      if (codes.length > 1)
        return fail('Only one type of discount can be applied to an order', ['order', 'discountCode']);
      let discount: FakeShopifyOrder['discount'] = null;
      if (codes[0] === 'itemFixedDiscountCode') {
        const fixed = input.discountCode.itemFixedDiscountCode;
        if (typeof fixed?.code !== 'string' || !fixed.code)
          return fail('Code must be present', ['order', 'discountCode', 'itemFixedDiscountCode', 'code']);
        discount = { code: fixed.code, cents: toCents(fixed.amountSet?.shopMoney?.amount) };
      } else if (codes.length) {
        unexpected.push({
          method: 'POST',
          path: '/graphql.json',
          reason: `discount code ${codes[0]} not spoken here`,
        });
      }
      const counted = options.inventoryBehaviour && options.inventoryBehaviour !== 'BYPASS';
      if (counted) {
        for (const l of lines) {
          const item = mustVariant(l.variantId).variant.inventoryItemId;
          state.stock.set(item, (state.stock.get(item) ?? 0) - l.quantity);
        }
      }
      const order = makeOrder({
        email: input.email ?? null,
        tags: (input.tags ?? []) as string[],
        note: input.note ?? null,
        currency: input.currency ?? state.currency,
        lines,
        shippingAddress: input.shippingAddress ?? null,
        discount,
        transactions: input.transactions ?? [],
      });
      outbox.push(delivery('orders/create', orderPayload(order)));
      if (counted) {
        for (const l of lines) {
          outbox.push(
            delivery(
              'inventory_levels/update',
              levelPayload(mustVariant(l.variantId).variant.inventoryItemId),
            ),
          );
        }
      }
      return { orderCreate: { order: { id: gid('Order', order.id), name: order.name }, userErrors: [] } };
    },

    LiveCartFulfillmentOrders: (v) => {
      const order = orderOfGid(v.id);
      return { order: order ? orderNode(order) : null };
    },

    LiveCartFulfil: (v) => {
      const f = v.fulfillment ?? {};
      const fail = (message: string) => ({
        fulfillmentCreate: { fulfillment: null, userErrors: [userError(['fulfillment'], message)] },
      });
      const ids = ((f.lineItemsByFulfillmentOrder ?? []) as { fulfillmentOrderId: string }[]).map((x) =>
        numericId(x.fulfillmentOrderId),
      );
      if (ids.length === 0) return fail('Line items by fulfillment order must be present');
      const order = state.orders.find((o) => o.fulfillmentOrders.some((fo) => fo.id === ids[0]));
      if (!order) return fail('Fulfillment order does not exist.');
      const targets = order.fulfillmentOrders.filter((fo) => ids.includes(fo.id));
      if (targets.length !== ids.length) return fail('Fulfillment order does not exist.');
      if (targets.some((fo) => fo.status !== 'OPEN'))
        return fail('Fulfillment order is not in a fulfillable state.');
      for (const fo of targets) fo.status = 'CLOSED';
      const t = f.trackingInfo ?? {};
      const fulfilment = {
        id: newId(),
        number: t.number ?? null,
        url: t.url ?? null,
        company: t.company ?? null,
      };
      order.fulfillments.push(fulfilment);
      if (order.fulfillmentOrders.every((fo) => fo.status === 'CLOSED')) {
        outbox.push(delivery('orders/fulfilled', orderPayload(order)));
      }
      return {
        fulfillmentCreate: {
          fulfillment: { id: gid('Fulfillment', fulfilment.id), status: 'SUCCESS' },
          userErrors: [],
        },
      };
    },

    LiveCartOrderFulfilment: (v) => {
      const order = orderOfGid(v.id);
      return { order: order ? orderNode(order) : null };
    },

    LiveCartWebhooks: () => ({
      webhookSubscriptions: {
        nodes: state.webhooks.slice(0, 50).map((w) => ({
          id: gid('WebhookSubscription', w.id),
          topic: w.topic,
          endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: w.callbackUrl },
        })),
      },
    }),

    LiveCartWebhookCreate: (v) => {
      const topic = String(v.topic);
      const callbackUrl = String(v.webhookSubscription?.callbackUrl ?? '');
      const fail = (field: string[], message: string) => ({
        webhookSubscriptionCreate: { webhookSubscription: null, userErrors: [userError(field, message)] },
      });
      if (!TOPIC_OF_ENUM[topic]) return fail(['topic'], 'Topic is not a supported webhook topic');
      if (!/^https?:\/\//.test(callbackUrl))
        return fail(['webhookSubscription', 'callbackUrl'], 'Address is invalid');
      if (state.webhooks.some((w) => w.topic === topic && w.callbackUrl === callbackUrl)) {
        return fail(['webhookSubscription', 'callbackUrl'], 'Address for this topic has already been taken');
      }
      const sub = { id: newId(), topic, callbackUrl };
      state.webhooks.push(sub);
      return {
        webhookSubscriptionCreate: {
          webhookSubscription: { id: gid('WebhookSubscription', sub.id) },
          userErrors: [],
        },
      };
    },
  };

  // --- HTTP -------------------------------------------------------------------------------------

  function send(res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  function refuse(res: ServerResponse, req: IncomingMessage, status: number, reason: string, body: unknown) {
    unexpected.push({ method: req.method ?? '', path: req.url ?? '', reason });
    send(res, status, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0];
    let body: any = null;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
    } catch {
      return refuse(res, req, 400, 'not JSON', { errors: 'Bad Request' });
    }

    if (req.method === 'POST' && path === '/admin/oauth/access_token') {
      requests.push({ method: 'POST', path, operationName: null, variables: {} });
      if (body?.client_id !== apiKey || body?.client_secret !== secret || !codes.has(body?.code)) {
        return send(res, 400, {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        });
      }
      codes.delete(body.code);
      return send(res, 200, {
        access_token: token,
        scope:
          'write_products,write_inventory,write_orders,read_locations,write_merchant_managed_fulfillment_orders',
      });
    }

    if (path !== GRAPHQL_PATH) return refuse(res, req, 404, 'unknown path', { errors: 'Not Found' });
    if (req.method !== 'POST') return refuse(res, req, 405, 'not POST', { errors: 'Method Not Allowed' });
    if (req.headers['x-shopify-access-token'] !== token) return send(res, 401, { errors: INVALID_TOKEN });

    const query = String(body?.query ?? '');
    const operationName = body?.operationName ?? /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? null;
    const variables = (body?.variables ?? {}) as Record<string, any>;
    requests.push({ method: 'POST', path, operationName, variables });
    const run = operationName ? operations[operationName] : undefined;
    if (!run) {
      return refuse(res, req, 400, `unknown operation ${operationName ?? '(anonymous)'}`, {
        errors: [{ message: 'Operation is not known to the fake shop', extensions: { code: 'BAD_REQUEST' } }],
      });
    }
    const queued = failures.get(operationName)?.shift();
    if (queued === 'throttled') {
      return send(res, 200, {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: 902,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 31, restoreRate: 100 },
          },
        },
      });
    }
    if (queued && queued !== 'ok') return send(res, queued.status, queued.body);
    try {
      return send(res, 200, { data: run(variables), extensions: cost(query.length > 400 ? 900 : 10) });
    } catch (err) {
      return refuse(res, req, 500, `failed: ${(err as Error).message}`, {
        errors: [{ message: 'Internal error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { errors: 'Internal Server Error' }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    token,
    secret,
    apiKey,
    state,
    requests,
    unexpected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    addProduct,
    sell(variantId, quantity) {
      const { product, variant } = mustVariant(variantId);
      state.stock.set(variant.inventoryItemId, (state.stock.get(variant.inventoryItemId) ?? 0) - quantity);
      const order = makeOrder({
        email: 'cliente@example.com',
        tags: [],
        note: null,
        currency: state.currency,
        lines: [
          {
            id: newId(),
            variantId: variant.id,
            productId: product.id,
            quantity,
            priceCents: variant.priceCents,
            sku: variant.sku,
            title: product.title,
          },
        ],
        shippingAddress: null,
        discount: null,
        transactions: [],
      });
      return [
        delivery('orders/create', orderPayload(order)),
        delivery('inventory_levels/update', levelPayload(variant.inventoryItemId)),
      ];
    },
    setStock(variantId, quantity) {
      const { variant } = mustVariant(variantId);
      state.stock.set(variant.inventoryItemId, quantity);
      return [delivery('inventory_levels/update', levelPayload(variant.inventoryItemId))];
    },
    setPrice(variantId, cents) {
      const { product, variant } = mustVariant(variantId);
      variant.priceCents = cents;
      return [delivery('products/update', productPayload(product))];
    },
    fulfil(orderId, tracking) {
      const order = orderOfGid(orderId);
      if (!order) throw new Error(`No order ${orderId} in the fake shop`);
      for (const fo of order.fulfillmentOrders) fo.status = 'CLOSED';
      order.fulfillments.push({
        id: newId(),
        number: tracking?.number ?? null,
        url: tracking?.url ?? null,
        company: tracking?.company ?? null,
      });
      return [delivery('orders/fulfilled', orderPayload(order))];
    },
    hold(orderId) {
      const order = orderOfGid(orderId);
      if (!order) throw new Error(`No order ${orderId} in the fake shop`);
      for (const fo of order.fulfillmentOrders) if (fo.status === 'OPEN') fo.status = 'ON_HOLD';
    },
    async deliver(deliveries) {
      const statuses: number[] = [];
      for (const d of deliveries) {
        for (const w of state.webhooks.filter((x) => TOPIC_OF_ENUM[x.topic] === d.topic)) {
          const answer = await fetch(w.callbackUrl, { method: 'POST', headers: d.headers, body: d.body });
          statuses.push(answer.status);
        }
      }
      return statuses;
    },
    failNext(operationName, answer) {
      failures.set(operationName, [...(failures.get(operationName) ?? []), answer]);
    },
    takeDeliveries() {
      return outbox.splice(0);
    },
    authorizationCode() {
      const code = randomUUID().replace(/-/g, '');
      codes.add(code);
      return code;
    },
    stockOf(variantId) {
      const { variant } = mustVariant(variantId);
      return variant.tracked ? (state.stock.get(variant.inventoryItemId) ?? 0) : null;
    },
  };
}

// --- The demo boutique --------------------------------------------------------------------------

const image = (seed: string) => `https://picsum.photos/seed/livecart-${seed}/800/1000`;

/** A small French boutique: colours and sizes as options (one value, 'Licorne', no palette knows). */
function demoCatalogue(): FakeShopifyProductInput[] {
  const sized = (
    prefix: string,
    priceCents: number,
    colours: string[],
    sizes: string[],
    stockOf: (i: number) => number,
  ): FakeShopifyVariantInput[] =>
    colours.flatMap((colour, c) =>
      sizes.map((size, s) => ({
        sku: `${prefix}-${colour.slice(0, 3).toUpperCase()}-${size}`,
        priceCents,
        stock: stockOf(c * sizes.length + s),
        options: [
          { name: 'Couleur', value: colour },
          { name: 'Taille', value: size },
        ],
        imageUrl: image(`${prefix}-${colour}`.toLowerCase()),
      })),
    );
  return [
    {
      title: 'Robe Capucine',
      descriptionHtml: '<p>Robe fluide en viscose, <strong>coupe portefeuille</strong>, longueur midi.</p>',
      imageUrls: [image('robe-capucine'), image('robe-capucine-dos')],
      variants: sized('ROB', 4990, ['Rouge', 'Noir', 'Bleu'], ['S', 'M', 'L'], (i) => (i * 3) % 7),
    },
    {
      title: 'T-shirt Basique',
      descriptionHtml: '<p>Coton bio 180 g/m², col rond.</p>',
      imageUrls: [image('tshirt-basique')],
      variants: sized('TSH', 1999, ['Noir', 'Bleu'], ['S', 'M', 'L'], (i) => 10 + i),
    },
    {
      title: 'Pull Licorne',
      descriptionHtml: '<p>Maille douce irisée, édition limitée.</p>',
      imageUrls: [image('pull-licorne')],
      variants: sized('PUL', 3900, ['Licorne'], ['S', 'M'], (i) => 2 + i),
    },
    {
      title: 'Jean Slim',
      descriptionHtml: '<p>Denim stretch, taille haute.</p>',
      imageUrls: [image('jean-slim')],
      variants: ['36', '38', '40'].map((size, i) => ({
        sku: `JEA-${size}`,
        priceCents: 5990,
        stock: 4 - i,
        options: [{ name: 'Taille', value: size }],
      })),
    },
    {
      title: 'Sac Cabas',
      descriptionHtml: '<p>Grand cabas en toile épaisse, anses cuir.</p>',
      imageUrls: [image('sac-cabas')],
      variants: [{ sku: 'SAC-CABAS', priceCents: 2950, stock: 12 }],
    },
    {
      title: 'Foulard Soie',
      descriptionHtml: '<p>Carré 90 × 90 cm, 100 % soie.</p>',
      imageUrls: [image('foulard-soie')],
      variants: ['Rouge', 'Bleu'].map((colour, i) => ({
        sku: `FOU-${colour.slice(0, 3).toUpperCase()}`,
        priceCents: 2490,
        stock: 5 + i,
        options: [{ name: 'Couleur', value: colour }],
        imageUrl: image(`foulard-${colour}`.toLowerCase()),
      })),
    },
    {
      title: "Boucles d'oreilles Lune",
      descriptionHtml: '<p>Laiton doré à l’or fin, fabriquées à la main.</p>',
      imageUrls: [image('boucles-lune')],
      variants: [{ sku: 'BOU-LUNE', priceCents: 1500, stock: 0, tracked: false }],
    },
    {
      title: 'Veste en jean',
      descriptionHtml: '<p>Veste oversize, boutons métal.</p>',
      imageUrls: [image('veste-jean')],
      variants: sized('VES', 8900, ['Bleu'], ['S', 'M', 'L'], (i) => (i === 1 ? 0 : 3)),
    },
  ];
}
