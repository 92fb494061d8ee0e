import { createHmac, timingSafeEqual } from 'node:crypto';
import { jsonOf, type ShopHttpAnswer, shopRequest } from './http.ts';
import {
  type Headers,
  ShopCallError,
  type ShopConnection,
  type ShopEvent,
  type ShopInfo,
  type ShopOrderInput,
  type ShopOrderRef,
  type ShopPlatform,
  type ShopProduct,
  type ShopTracking,
  type ShopVariant,
  type ShopWebhook,
  type VariantRef,
} from './platform.ts';

/**
 * Shopify through its GraphQL Admin API (`POST /admin/api/{version}/graphql.json`, header
 * `X-Shopify-Access-Token`). Every operation is named (`LiveCart…`) and reads documented fields
 * only; every mutation's `userErrors` and every top-level `errors` is checked (`THROTTLED` →
 * `rate_limited`). Stock is the `available` quantity of each variant's inventory item at one
 * location (the first, saved by `check()` as `extra.locationId`). Notifications are the REST-shaped
 * webhooks, signed with the app's secret (`X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256 of the body).
 */

export const SHOPIFY_API_VERSION = '2025-01';

/** The notifications the sync subscribes to (GraphQL enum → the topic the deliveries carry). */
export const SHOPIFY_WEBHOOK_TOPICS = {
  INVENTORY_LEVELS_UPDATE: 'inventory_levels/update',
  ORDERS_CREATE: 'orders/create',
  ORDERS_FULFILLED: 'orders/fulfilled',
  PRODUCTS_UPDATE: 'products/update',
} as const;

/** The tag every order we push carries, and the one naming our reference (`livecart-LC-000123`). */
export const SHOPIFY_ORDER_TAG = 'livecart';
/** The discount code a live order's discounts are given under in the shop. */
export const SHOPIFY_DISCOUNT_CODE = 'LIVECART';
export const shopifyReferenceTag = (reference: string) =>
  `${SHOPIFY_ORDER_TAG}-${reference.replace(/[^A-Za-z0-9_-]/g, '')}`;

/**
 * Products asked per call: a product with its 100 variants costs about 435 points of the 1,000 a
 * single query may request, so two products per call (the engine pages with `next`); their stock
 * at the location is a second, cheap call.
 */
const PRODUCTS_PER_CALL = 2;
const STOCK_IDS_PER_CALL = 100;
/** `userErrors` codes saying the object is not (or no more) at the shop. */
const NOT_FOUND_CODES = /NOT_FOUND|^INVALID_INVENTORY_ITEM$|^INVALID_LOCATION$/;

export const shopifyGid = (type: string, id: string | number) => `gid://shopify/${type}/${id}`;

/** `"19.99"` → 1999, without going through a float; a third decimal rounds half up. */
export function decimalToCents(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) throw new ShopCallError('invalid', `Not a price: ${text.slice(0, 40)}`);
  const frac = `${m[3] ?? ''}000`;
  const cents = Number(m[2] || '0') * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return m[1] === '-' ? -cents : cents;
}

/** 1999 → `"19.99"`. */
export function centsToDecimal(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type Json = Record<string, any>;

interface GraphQLAnswer {
  data?: Json | null;
  errors?: { message?: string; extensions?: { code?: string } }[] | string;
}

const PRODUCTS_QUERY = `query LiveCartProducts($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: ID) {
    nodes {
      id title handle description
      media(first: 10) { nodes { preview { image { url } } } }
      variants(first: 100) {
        nodes {
          id sku price inventoryQuantity
          selectedOptions { name value }
          inventoryItem { id tracked }
          image { url }
        }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
  productsCount { count }
}`;

const STOCK_QUERY = `query LiveCartStock($ids: [ID!]!, $locationId: ID!) {
  nodes(ids: $ids) {
    ... on InventoryItem {
      id tracked
      inventoryLevel(locationId: $locationId) { quantities(names: ["available"]) { name quantity } }
    }
  }
}`;

const ADJUST_MUTATION = `mutation LiveCartAdjustStock($input: InventoryAdjustQuantitiesInput!) {
  inventoryAdjustQuantities(input: $input) {
    inventoryAdjustmentGroup { changes { name delta quantityAfterChange } }
    userErrors { field message code }
  }
}`;

const FIND_ORDER_QUERY = `query LiveCartFindOrder($query: String!) {
  orders(first: 1, query: $query) { nodes { id name } }
}`;

const CREATE_ORDER_MUTATION = `mutation LiveCartCreateOrder($order: OrderCreateOrderInput!, $options: OrderCreateOptionsInput) {
  orderCreate(order: $order, options: $options) {
    order { id name }
    userErrors { field message code }
  }
}`;

const FULFILLMENT_ORDERS_QUERY = `query LiveCartFulfillmentOrders($id: ID!) {
  order(id: $id) { id fulfillmentOrders(first: 10) { nodes { id status } } }
}`;

const FULFIL_MUTATION = `mutation LiveCartFulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

const ORDER_FULFILMENT_QUERY = `query LiveCartOrderFulfilment($id: ID!) {
  order(id: $id) {
    id displayFulfillmentStatus
    fulfillments(first: 10) { trackingInfo(first: 5) { number url company } }
  }
}`;

const WEBHOOKS_QUERY = `query LiveCartWebhooks {
  webhookSubscriptions(first: 50) {
    nodes { id topic endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } }
  }
}`;

const WEBHOOK_CREATE_MUTATION = `mutation LiveCartWebhookCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

const SHOP_QUERY = `query LiveCartShop {
  shop { name currencyCode myshopifyDomain }
  locations(first: 1) { nodes { id } }
}`;

/** The adapter of one Shopify shop. */
export function shopifyPlatform(conn: ShopConnection, opts: { fetchTimeoutMs?: number } = {}): ShopPlatform {
  const endpoint = `${conn.url.replace(/\/+$/, '')}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  let locationId: string | null = conn.extra.locationId || null;

  async function gql(query: string, variables: Json = {}): Promise<Json> {
    const answer = await shopRequest({
      method: 'POST',
      url: endpoint,
      headers: { 'x-shopify-access-token': conn.key },
      json: { query, variables },
      allowLocalHttp: conn.allowLocalHttp,
      timeoutMs: opts.fetchTimeoutMs ?? conn.timeoutMs,
    });
    httpProblem(answer);
    const body = jsonOf<GraphQLAnswer>(answer);
    if (typeof body.errors === 'string') throw new ShopCallError('platform', body.errors, answer.status);
    if (Array.isArray(body.errors) && body.errors.length > 0) {
      const codes = body.errors.map((e) => e.extensions?.code);
      const message = body.errors.map((e) => e.message ?? 'Error').join('; ');
      if (codes.includes('THROTTLED')) throw new ShopCallError('rate_limited', message, answer.status);
      if (codes.includes('ACCESS_DENIED')) throw new ShopCallError('credentials', message, answer.status);
      throw new ShopCallError('platform', message, answer.status);
    }
    if (!body.data || typeof body.data !== 'object') {
      throw new ShopCallError('invalid', 'Shopify answered without data', answer.status);
    }
    return body.data;
  }

  /** A mutation's payload, once its `userErrors` are empty. */
  async function mutate(query: string, field: string, variables: Json): Promise<Json> {
    const data = await gql(query, variables);
    const payload = data[field];
    if (!payload || typeof payload !== 'object')
      throw new ShopCallError('invalid', `Shopify answered no ${field}`);
    const errors = (payload.userErrors ?? []) as { message?: string; code?: string }[];
    if (errors.length > 0) {
      const message = errors.map((e) => e.message ?? 'Error').join('; ');
      const notFound = errors.some(
        (e) =>
          NOT_FOUND_CODES.test(e.code ?? '') || /not (?:be )?found|does not exist/i.test(e.message ?? ''),
      );
      throw new ShopCallError(notFound ? 'not_found' : 'platform', message);
    }
    return payload;
  }

  async function check(): Promise<ShopInfo> {
    const data = await gql(SHOP_QUERY);
    const shop = data.shop;
    if (!shop?.name || !shop.currencyCode) throw new ShopCallError('invalid', 'Shopify answered no shop');
    const first = data.locations?.nodes?.[0]?.id as string | undefined;
    const location = conn.extra.locationId || first;
    if (!location) throw new ShopCallError('platform', 'The shop has no location to keep stock at');
    locationId = location;
    return {
      name: String(shop.name),
      currency: String(shop.currencyCode).toUpperCase(),
      extra: { locationId: location, domain: String(shop.myshopifyDomain ?? '') },
    };
  }

  async function location(): Promise<string> {
    return locationId ?? (await check()).extra.locationId;
  }

  async function stockOf(refs: VariantRef[]): Promise<Map<string, number>> {
    const byItem = new Map<string, string[]>();
    for (const ref of refs) {
      if (!ref.inventoryItemId) continue;
      byItem.set(ref.inventoryItemId, [...(byItem.get(ref.inventoryItemId) ?? []), ref.variantId]);
    }
    const stock = new Map<string, number>();
    if (byItem.size === 0) return stock;
    const loc = await location();
    const ids = [...byItem.keys()];
    for (let i = 0; i < ids.length; i += STOCK_IDS_PER_CALL) {
      const data = await gql(STOCK_QUERY, { ids: ids.slice(i, i + STOCK_IDS_PER_CALL), locationId: loc });
      for (const node of (data.nodes ?? []) as (Json | null)[]) {
        if (!node?.id || node.tracked === false) continue;
        const quantity = availableOf(node.inventoryLevel);
        if (quantity === null) continue;
        for (const variantId of byItem.get(node.id) ?? []) stock.set(variantId, quantity);
      }
    }
    return stock;
  }

  async function adjustStock(ref: VariantRef, delta: number): Promise<{ before: number; after: number }> {
    if (!ref.inventoryItemId) throw new ShopCallError('invalid', 'This variant has no inventory item');
    if (!Number.isInteger(delta)) throw new ShopCallError('invalid', 'A stock change is a whole number');
    const reread = async () => {
      const now = (await stockOf([ref])).get(ref.variantId);
      if (now === undefined)
        throw new ShopCallError('not_found', 'The variant is not stocked at the location');
      return now;
    };
    if (delta === 0) {
      const now = await reread();
      return { before: now, after: now };
    }
    const payload = await mutate(ADJUST_MUTATION, 'inventoryAdjustQuantities', {
      input: {
        reason: 'correction',
        name: 'available',
        changes: [{ delta, inventoryItemId: ref.inventoryItemId, locationId: await location() }],
      },
    });
    const changes = (payload.inventoryAdjustmentGroup?.changes ?? []) as Json[];
    const change = changes.find((c) => c.name === 'available');
    // `quantityAfterChange` may be null: read the quantity then (before = after - delta either way).
    const after =
      typeof change?.quantityAfterChange === 'number' ? change.quantityAfterChange : await reread();
    return { before: after - delta, after };
  }

  async function findOrder(reference: string): Promise<ShopOrderRef | null> {
    const data = await gql(FIND_ORDER_QUERY, { query: `tag:'${shopifyReferenceTag(reference)}'` });
    const node = data.orders?.nodes?.[0];
    return node?.id ? { id: String(node.id), name: String(node.name ?? '') } : null;
  }

  async function createOrder(order: ShopOrderInput): Promise<ShopOrderRef> {
    const money = (cents: number) => ({
      shopMoney: { amount: centsToDecimal(cents), currencyCode: order.currency },
    });
    const tags = [...new Set([...order.tags, SHOPIFY_ORDER_TAG, shopifyReferenceTag(order.reference)])];
    const discount = order.lines.reduce((sum, l) => sum + l.discountCents, 0);
    const email = order.email ?? order.customer.email;
    const a = order.shippingAddress;
    const input: Json = {
      currency: order.currency,
      financialStatus: 'PAID',
      processedAt: order.paidAt.toISOString(),
      // The reference in the note too, where the merchant reads it in the shop's admin.
      note: !order.note
        ? order.reference
        : order.note.includes(order.reference)
          ? order.note
          : `${order.reference} · ${order.note}`,
      tags,
      lineItems: order.lines.map((l) => ({
        variantId: l.ref.variantId,
        quantity: l.quantity,
        priceSet: money(l.unitPriceCents),
      })),
      shippingLines: order.shipping
        ? [{ title: order.shipping.title, priceSet: money(order.shipping.priceCents) }]
        : [],
      // The live's discounts, as one fixed amount off the lines (an order takes one discount code).
      ...(discount > 0
        ? {
            discountCode: {
              itemFixedDiscountCode: { code: SHOPIFY_DISCOUNT_CODE, amountSet: money(discount) },
            },
          }
        : {}),
      transactions: [
        {
          kind: 'SALE',
          status: 'SUCCESS',
          gateway: 'LiveCart',
          amountSet: money(order.totalCents),
          processedAt: order.paidAt.toISOString(),
        },
      ],
    };
    if (email) {
      input.email = email;
      input.customer = {
        toUpsert: { email, firstName: order.customer.firstName, lastName: order.customer.lastName },
      };
    }
    if (a) {
      input.shippingAddress = {
        firstName: a.firstName,
        lastName: a.lastName,
        address1: a.address1,
        ...(a.address2 ? { address2: a.address2 } : {}),
        city: a.city,
        zip: a.zip,
        countryCode: a.countryCode.toUpperCase(),
        ...(a.phone ? { phone: a.phone } : {}),
      };
    }
    const payload = await mutate(CREATE_ORDER_MUTATION, 'orderCreate', {
      order: input,
      options: { inventoryBehaviour: 'BYPASS', sendReceipt: false, sendFulfillmentReceipt: false },
    });
    if (!payload.order?.id) throw new ShopCallError('invalid', 'Shopify answered no order');
    return { id: String(payload.order.id), name: String(payload.order.name ?? '') };
  }

  async function fulfilOrder(orderId: string, tracking: ShopTracking | null): Promise<void> {
    const data = await gql(FULFILLMENT_ORDERS_QUERY, { id: orderId });
    if (!data.order) throw new ShopCallError('not_found', 'The order is not in the shop');
    const all = (data.order.fulfillmentOrders?.nodes ?? []) as Json[];
    const open = all.filter((f) => ['OPEN', 'IN_PROGRESS'].includes(f.status));
    if (open.length === 0 && all.some((f) => ['ON_HOLD', 'SCHEDULED'].includes(f.status))) {
      throw new ShopCallError('platform', 'The order’s fulfilment is on hold or scheduled at the shop');
    }
    const trackingInfo = tracking
      ? Object.fromEntries(Object.entries(tracking).filter(([, v]) => v !== null && v !== ''))
      : null;
    // One fulfilment per fulfilment order: a fulfilment spans the orders of a single location only.
    for (const fo of open) {
      await mutate(FULFIL_MUTATION, 'fulfillmentCreate', {
        fulfillment: {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }],
          notifyCustomer: false,
          ...(trackingInfo && Object.keys(trackingInfo).length > 0 ? { trackingInfo } : {}),
        },
      });
    }
  }

  async function orderFulfilment(
    orderId: string,
  ): Promise<{ fulfilled: boolean; tracking: ShopTracking | null }> {
    const data = await gql(ORDER_FULFILMENT_QUERY, { id: orderId });
    if (!data.order) throw new ShopCallError('not_found', 'The order is not in the shop');
    const infos = ((data.order.fulfillments ?? []) as Json[]).flatMap(
      (f) => (f.trackingInfo ?? []) as Json[],
    );
    const info = infos.find((t) => t.number || t.url || t.company);
    return {
      fulfilled: data.order.displayFulfillmentStatus === 'FULFILLED',
      tracking: info
        ? { number: info.number ?? null, url: info.url ?? null, company: info.company ?? null }
        : null,
    };
  }

  async function registerWebhooks(callbackUrl: string): Promise<void> {
    const data = await gql(WEBHOOKS_QUERY);
    const existing = new Set(
      ((data.webhookSubscriptions?.nodes ?? []) as Json[])
        .filter((w) => w.endpoint?.callbackUrl === callbackUrl)
        .map((w) => String(w.topic)),
    );
    for (const topic of Object.keys(SHOPIFY_WEBHOOK_TOPICS)) {
      if (existing.has(topic)) continue;
      await mutate(WEBHOOK_CREATE_MUTATION, 'webhookSubscriptionCreate', {
        topic,
        webhookSubscription: { callbackUrl, format: 'JSON' },
      });
    }
  }

  return {
    name: 'shopify',
    check,
    async products(cursor, pageSize) {
      const data = await gql(PRODUCTS_QUERY, {
        first: Math.max(1, Math.min(pageSize, PRODUCTS_PER_CALL)),
        after: cursor,
      });
      const page = data.products;
      if (!page || !Array.isArray(page.nodes))
        throw new ShopCallError('invalid', 'Shopify answered no products');
      const count = data.productsCount?.count;
      const items = (page.nodes as Json[]).map(productOf);
      // The stock is the location's, as the sync keeps it (`inventoryQuantity` sums every location);
      // a tracked variant the location does not stock has none there.
      const tracked = items.flatMap((p) => p.variants).filter((v) => v.stock !== null);
      const stock = tracked.length > 0 ? await stockOf(tracked) : new Map<string, number>();
      for (const v of tracked) v.stock = stock.get(v.variantId) ?? 0;
      return {
        items,
        next: page.pageInfo?.hasNextPage && page.pageInfo.endCursor ? String(page.pageInfo.endCursor) : null,
        total: typeof count === 'number' ? count : null,
      };
    },
    stockOf,
    adjustStock,
    findOrder,
    createOrder,
    fulfilOrder,
    orderFulfilment,
    registerWebhooks,
    // Shops installed through one app share its secret: the delivery must also name this shop.
    verifyWebhook: (rawBody, headers) =>
      verifyShopifyWebhook(rawBody, headers, conn.secret) && fromShop(headers, conn.extra.domain),
    parseWebhook: parseShopifyWebhook,
  };
}

function httpProblem(answer: ShopHttpAnswer): void {
  if (answer.status === 200) return;
  let message = `Shopify answered HTTP ${answer.status}`;
  try {
    const body = JSON.parse(answer.text) as { errors?: unknown };
    if (typeof body.errors === 'string') message = body.errors;
  } catch {
    // Not JSON: keep the status.
  }
  if (answer.status === 401 || answer.status === 403)
    throw new ShopCallError('credentials', message, answer.status);
  if (answer.status === 429) throw new ShopCallError('rate_limited', message, answer.status);
  if (answer.status === 404) throw new ShopCallError('platform', 'No Shopify Admin API at this address', 404);
  throw new ShopCallError('platform', message, answer.status);
}

function availableOf(level: Json | null | undefined): number | null {
  const q = ((level?.quantities ?? []) as Json[]).find((x) => x.name === 'available');
  return typeof q?.quantity === 'number' ? q.quantity : null;
}

function productOf(p: Json): ShopProduct {
  const imageUrls = ((p.media?.nodes ?? []) as Json[])
    .map((m) => m.preview?.image?.url as string | undefined)
    .filter((u): u is string => typeof u === 'string');
  return {
    id: String(p.id),
    title: String(p.title ?? ''),
    handle: String(p.handle ?? ''),
    description: String(p.description ?? ''),
    imageUrls,
    variants: ((p.variants?.nodes ?? []) as Json[]).map(
      (v): ShopVariant => ({
        productId: String(p.id),
        variantId: String(v.id),
        inventoryItemId: v.inventoryItem?.id ? String(v.inventoryItem.id) : null,
        sku: v.sku ? String(v.sku) : null,
        priceCents: decimalToCents(v.price ?? '0'),
        stock:
          v.inventoryItem?.tracked === false || typeof v.inventoryQuantity !== 'number'
            ? null
            : v.inventoryQuantity,
        options: ((v.selectedOptions ?? []) as Json[]).map((o) => ({
          name: String(o.name),
          value: String(o.value),
        })),
        imageUrl: v.image?.url ? String(v.image.url) : null,
      }),
    ),
  };
}

function header(headers: Headers, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256 of the raw body with the app's secret. */
export function verifyShopifyWebhook(rawBody: Buffer, headers: Headers, secret: string): boolean {
  const given = header(headers, 'x-shopify-hmac-sha256');
  if (!given || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const received = Buffer.from(given, 'base64');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * Whether a delivery names the shop (`X-Shopify-Shop-Domain`, its myshopify domain as `check()`
 * read it); a shop saved before its domain was read is not checked.
 */
function fromShop(headers: Headers, domain: string | undefined): boolean {
  if (!domain) return true;
  return header(headers, 'x-shopify-shop-domain')?.toLowerCase() === domain.toLowerCase();
}

/** A REST id (a number, sometimes a string) or the payload's own `admin_graphql_api_id`, as a gid. */
function gidOf(type: string, id: unknown, graphqlId?: unknown): string | null {
  if (typeof graphqlId === 'string' && graphqlId.startsWith(`gid://shopify/${type}/`)) return graphqlId;
  if ((typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && /^\d+$/.test(id))) {
    return shopifyGid(type, id);
  }
  return null;
}

function required(value: string | null, what: string): string {
  if (!value) throw new ShopCallError('invalid', `The notification has no ${what}`);
  return value;
}

function trackingOfFulfillments(fulfillments: unknown): ShopTracking | null {
  const list = Array.isArray(fulfillments) ? (fulfillments as Json[]) : [];
  for (const f of [...list].reverse()) {
    const number = f.tracking_number ?? f.tracking_numbers?.[0] ?? null;
    const url = f.tracking_url ?? f.tracking_urls?.[0] ?? null;
    const company = f.tracking_company ?? null;
    if (number || url || company) return { number, url, company };
  }
  return null;
}

/** A verified notification, read by its `X-Shopify-Topic`. */
export function parseShopifyWebhook(rawBody: Buffer, headers: Headers): ShopWebhook {
  const topic = header(headers, 'x-shopify-topic');
  const deliveryId = header(headers, 'x-shopify-webhook-id') ?? header(headers, 'x-shopify-event-id');
  if (!topic || !deliveryId) throw new ShopCallError('invalid', 'The notification has no topic or id');
  let body: Json;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ShopCallError('invalid', 'The notification is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ShopCallError('invalid', 'The notification is not an object');
  }
  return { deliveryId, topic, events: [eventOf(topic, body)] };
}

function eventOf(topic: string, body: Json): ShopEvent {
  switch (topic) {
    case 'inventory_levels/update': {
      // The level's own gid names the item too (`…/InventoryLevel/1?inventory_item_id=2`).
      const fromLevel = /[?&]inventory_item_id=(\d+)/.exec(String(body.admin_graphql_api_id ?? ''))?.[1];
      const item = required(
        gidOf('InventoryItem', body.inventory_item_id) ?? gidOf('InventoryItem', fromLevel),
        'inventory item',
      );
      return { kind: 'stock', variants: [{ inventoryItemId: item }] };
    }
    case 'orders/create': {
      const tags = String(body.tags ?? '')
        .split(',')
        .map((t) => t.trim().toLowerCase());
      const createdAt = body.created_at ? new Date(body.created_at) : null;
      const lines = ((Array.isArray(body.line_items) ? body.line_items : []) as Json[]).flatMap((l) => {
        const variantId = gidOf('ProductVariant', l.variant_id);
        if (!variantId) return [];
        const productId = gidOf('Product', l.product_id);
        return [
          { ref: { variantId, ...(productId ? { productId } : {}) }, quantity: Number(l.quantity) || 0 },
        ];
      });
      return {
        kind: 'order',
        orderId: required(gidOf('Order', body.id, body.admin_graphql_api_id), 'order id'),
        createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
        ours: tags.includes(SHOPIFY_ORDER_TAG),
        lines,
      };
    }
    case 'orders/fulfilled':
      return {
        kind: 'fulfilled',
        orderId: required(gidOf('Order', body.id, body.admin_graphql_api_id), 'order id'),
        tracking: trackingOfFulfillments(body.fulfillments),
      };
    case 'products/update': {
      const variants = ((Array.isArray(body.variants) ? body.variants : []) as Json[]).flatMap((v) => {
        const variantId = gidOf('ProductVariant', v.id, v.admin_graphql_api_id);
        if (!variantId || v.price === undefined || v.price === null) return [];
        return [{ variantId, priceCents: decimalToCents(v.price) }];
      });
      return {
        kind: 'product',
        productId: required(gidOf('Product', body.id, body.admin_graphql_api_id), 'product id'),
        variants,
      };
    }
    default:
      return { kind: 'ignored', topic };
  }
}
