import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A WooCommerce shop of our own, for the tests and the development sandbox: a Node http server on
 * 127.0.0.1 that answers the REST API `wc/v3` paths the adapter calls, in WooCommerce's shapes
 * (numeric ids, decimal-string prices, `X-WP-Total` / `X-WP-TotalPages`, errors
 * `{code, message, data: {status}}`), behind HTTP Basic auth with one consumer key and secret.
 *
 * It keeps an in-memory shop (products and variations, orders and their notes, webhooks) and
 * behaves as WooCommerce does where the sync depends on it:
 * - a paid order (`processing`, `completed`, `on-hold`) takes its lines' stock, except lines
 *   carrying `_reduced_stock`, and marks the lines it took with it; `cancelled` / `pending` give
 *   back what the lines took;
 * - every change makes the notifications WooCommerce would send (`order.created`,
 *   `order.updated`, `product.updated` for a product or a variation whose stock or price moved),
 *   signed with the webhook's secret (base64 HMAC-SHA256 of the body) and the `X-WC-Webhook-*`
 *   headers; a webhook created active is pinged (`webhook_id=…`, unsigned) when its address is
 *   local, and more than 5 failed deliveries in a row disable it.
 * Changes made through the API put their notifications in `outbox`; the shop's own sales
 * (`sell`, `setStock`, `setPrice`, `complete`) answer theirs. `deliver` POSTs them to their
 * webhook's address (with `autoDeliver`, all are delivered as they are made).
 * Every request is recorded in `requests`; one it does not know is answered 404 `rest_no_route`
 * and kept in `unexpected` (tests assert it empty).
 */

export interface FakeWooOptions {
  port?: number;
  key?: string;
  secret?: string;
  seed?: 'demo' | 'empty';
  /** Deliver every notification as it is made (the sandbox). */
  autoDeliver?: boolean;
}

export interface FakeWooRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The Authorization header as sent. */
  auth: string | null;
  body: unknown;
}

export interface WooDelivery {
  url: string;
  topic: string;
  headers: Record<string, string>;
  body: string;
}

interface Image {
  id: number;
  src: string;
  name: string;
  alt: string;
}
interface Meta {
  id: number;
  key: string;
  value: unknown;
}

export interface FakeWooProduct {
  id: number;
  name: string;
  slug: string;
  type: 'simple' | 'variable';
  status: 'publish' | 'draft' | 'private';
  description: string;
  short_description: string;
  sku: string;
  regular_price: string;
  sale_price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  images: Image[];
  attributes: {
    id: number;
    name: string;
    position: number;
    visible: boolean;
    variation: boolean;
    options: string[];
  }[];
  variations: number[];
  created: Date;
  modified: Date;
}

export interface FakeWooVariation {
  id: number;
  parent_id: number;
  status: 'publish' | 'private';
  sku: string;
  regular_price: string;
  sale_price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  image: Image | null;
  attributes: { id: number; name: string; option: string }[];
  created: Date;
  modified: Date;
}

interface Line {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  subtotal: string;
  total: string;
  sku: string;
  meta_data: Meta[];
}

export interface FakeWooOrder {
  id: number;
  status: string;
  currency: string;
  customer_note: string;
  billing: Record<string, string>;
  shipping: Record<string, string>;
  payment_method: string;
  payment_method_title: string;
  created_via: string;
  line_items: Line[];
  shipping_lines: { id: number; method_id: string; method_title: string; total: string }[];
  meta_data: Meta[];
  notes: { id: number; note: string; customer_note: boolean; created: Date }[];
  created: Date;
  modified: Date;
  paid: Date | null;
  completed: Date | null;
  stockReduced: boolean;
}

export interface FakeWooWebhook {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'disabled';
  topic: string;
  delivery_url: string;
  secret: string;
  failures: number;
  created: Date;
  modified: Date;
}

export interface FakeWooState {
  name: string;
  currency: string;
  products: Map<number, FakeWooProduct>;
  variations: Map<number, FakeWooVariation>;
  orders: Map<number, FakeWooOrder>;
  webhooks: Map<number, FakeWooWebhook>;
  /** Notifications made by changes through the API, not delivered yet. */
  outbox: WooDelivery[];
  /** Pings sent to new webhooks: address and the status answered (0: not reached or not local). */
  pings: { url: string; status: number }[];
}

export interface NewFakeProduct {
  name: string;
  sku?: string;
  priceCents?: number;
  /** null: not tracked. */
  stock?: number | null;
  description?: string;
  images?: string[];
  status?: 'publish' | 'draft';
  /** A simple product's attributes (one value each), shown as its options. */
  attributes?: Record<string, string>;
  /** Given: a variable product. */
  variations?: {
    sku?: string;
    priceCents?: number;
    stock?: number | null;
    options: Record<string, string>;
  }[];
}

export interface FakeWooFailure {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeWoo {
  url: string;
  key: string;
  secret: string;
  state: FakeWooState;
  requests: FakeWooRequest[];
  unexpected: FakeWooRequest[];
  close(): Promise<void>;
  addProduct(input: NewFakeProduct): { id: number; variationIds: number[] };
  /** A customer buys in the shop: a paid order that takes the stock (refused, as the checkout does, beyond it). */
  sell(variantId: number | string, quantity: number): WooDelivery[];
  setStock(variantId: number | string, quantity: number): WooDelivery[];
  setPrice(variantId: number | string, cents: number): WooDelivery[];
  /** The seller completes (ships) an order in the shop. */
  complete(orderId: number | string): WooDelivery[];
  deliver(deliveries: WooDelivery[]): Promise<{ url: string; topic: string; status: number }[]>;
  /** The next request matching answers this instead (once). A string is the path after `/wp-json/wc/v3`. */
  failNext(method: string, pathPattern: string | RegExp, answer: FakeWooFailure): void;
}

const API = '/wp-json/wc/v3';
const TOPICS = new Set([
  'order.created',
  'order.updated',
  'order.deleted',
  'order.restored',
  'product.created',
  'product.updated',
  'product.deleted',
  'product.restored',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'coupon.created',
  'coupon.updated',
  'coupon.deleted',
  'coupon.restored',
]);

class WooError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const cents = (price: string) => (price === '' ? 0 : Math.round(Number(price) * 100));
/** WooCommerce's dates: `2026-11-28T20:15:00` (no zone; the `_gmt` ones in UTC). */
const wcDate = (d: Date | null) => (d ? d.toISOString().slice(0, 19) : null);
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const imageUrl = (slug: string) => `https://picsum.photos/seed/${slug}/800/800`;

/** Starts a fake WooCommerce shop on 127.0.0.1. */
export async function startFakeWoo(options: FakeWooOptions = {}): Promise<FakeWoo> {
  const key = options.key ?? `ck_${randomBytes(20).toString('hex')}`;
  const secret = options.secret ?? `cs_${randomBytes(20).toString('hex')}`;
  const state: FakeWooState = {
    name: 'Atelier Lumière',
    currency: 'EUR',
    products: new Map(),
    variations: new Map(),
    orders: new Map(),
    webhooks: new Map(),
    outbox: [],
    pings: [],
  };
  const requests: FakeWooRequest[] = [];
  const unexpected: FakeWooRequest[] = [];
  const failures: { method: string; pattern: string | RegExp; answer: FakeWooFailure }[] = [];
  let nextPostId = 10;
  let nextOrderId = 1001;
  let nextWebhookId = 1;
  let nextItemId = 1;
  let url = '';

  // ---- shapes ---------------------------------------------------------------------------------

  const priceOf = (x: { regular_price: string; sale_price: string }) => x.sale_price || x.regular_price;
  const stockStatus = (x: { manage_stock: boolean; stock_quantity: number | null }) =>
    x.manage_stock && (x.stock_quantity ?? 0) <= 0 ? 'outofstock' : 'instock';
  const dates = (prefix: string, d: Date | null) => ({ [prefix]: wcDate(d), [`${prefix}_gmt`]: wcDate(d) });

  function renderProduct(p: FakeWooProduct) {
    const vs = p.variations.map((id) => state.variations.get(id)!).filter((v) => v.status === 'publish');
    const prices = vs.map((v) => cents(priceOf(v)));
    const price = p.type === 'variable' ? (prices.length ? money(Math.min(...prices)) : '') : priceOf(p);
    return {
      id: p.id,
      name: p.name,
      slug: p.slug,
      permalink: `${url}/produit/${p.slug}/`,
      ...dates('date_created', p.created),
      ...dates('date_modified', p.modified),
      type: p.type,
      status: p.status,
      featured: false,
      catalog_visibility: 'visible',
      description: p.description,
      short_description: p.short_description,
      sku: p.sku,
      price,
      regular_price: p.type === 'variable' ? '' : p.regular_price,
      sale_price: p.type === 'variable' ? '' : p.sale_price,
      on_sale: p.type === 'simple' && p.sale_price !== '',
      purchasable: price !== '',
      total_sales: 0,
      virtual: false,
      downloadable: false,
      tax_status: 'taxable',
      tax_class: '',
      manage_stock: p.manage_stock,
      stock_quantity: p.manage_stock ? p.stock_quantity : null,
      stock_status: stockStatus(p),
      backorders: 'no',
      backorders_allowed: false,
      backordered: false,
      categories: [],
      tags: [],
      images: p.images,
      attributes: p.attributes,
      default_attributes: [],
      variations: p.variations,
      grouped_products: [],
      menu_order: 0,
      meta_data: [],
      parent_id: 0,
    };
  }

  function renderVariation(v: FakeWooVariation) {
    return {
      id: v.id,
      ...dates('date_created', v.created),
      ...dates('date_modified', v.modified),
      description: '',
      permalink: `${url}/produit/${state.products.get(v.parent_id)?.slug}/?variation=${v.id}`,
      sku: v.sku,
      price: priceOf(v),
      regular_price: v.regular_price,
      sale_price: v.sale_price,
      on_sale: v.sale_price !== '',
      status: v.status,
      purchasable: priceOf(v) !== '',
      virtual: false,
      downloadable: false,
      tax_status: 'taxable',
      tax_class: '',
      manage_stock: v.manage_stock,
      stock_quantity: v.manage_stock ? v.stock_quantity : null,
      stock_status: stockStatus(v),
      backorders: 'no',
      backorders_allowed: false,
      backordered: false,
      image: v.image,
      attributes: v.attributes,
      menu_order: 0,
      meta_data: [],
    };
  }

  /** `GET /products/{id}` of a variation: the product shape with `type: "variation"` (webhook payloads too). */
  function renderVariationAsProduct(v: FakeWooVariation) {
    const parent = state.products.get(v.parent_id)!;
    return {
      ...renderVariation(v),
      name: `${parent.name} - ${v.attributes.map((a) => a.option).join(', ')}`,
      slug: `${parent.slug}-${v.attributes.map((a) => slugOf(a.option)).join('-')}`,
      type: 'variation',
      parent_id: v.parent_id,
      images: v.image ? [v.image] : [],
      variations: [],
    };
  }

  function renderOrder(o: FakeWooOrder) {
    const lineTotal = o.line_items.reduce((s, l) => s + cents(l.total), 0);
    const discountTotal = o.line_items.reduce((s, l) => s + cents(l.subtotal) - cents(l.total), 0);
    const shippingTotal = o.shipping_lines.reduce((s, l) => s + cents(l.total), 0);
    return {
      id: o.id,
      parent_id: 0,
      status: o.status,
      currency: o.currency,
      version: '9.4.2',
      prices_include_tax: true,
      ...dates('date_created', o.created),
      ...dates('date_modified', o.modified),
      discount_total: money(discountTotal),
      discount_tax: '0.00',
      shipping_total: money(shippingTotal),
      shipping_tax: '0.00',
      cart_tax: '0.00',
      total: money(lineTotal + shippingTotal),
      total_tax: '0.00',
      customer_id: 0,
      order_key: `wc_order_${createHash('md5').update(String(o.id)).digest('hex').slice(0, 13)}`,
      billing: o.billing,
      shipping: o.shipping,
      payment_method: o.payment_method,
      payment_method_title: o.payment_method_title,
      transaction_id: '',
      customer_ip_address: '',
      customer_user_agent: '',
      created_via: o.created_via,
      customer_note: o.customer_note,
      ...dates('date_completed', o.completed),
      ...dates('date_paid', o.paid),
      cart_hash: '',
      number: String(o.id),
      meta_data: o.meta_data,
      line_items: o.line_items.map((l) => ({
        id: l.id,
        name: l.name,
        product_id: l.product_id,
        variation_id: l.variation_id,
        quantity: l.quantity,
        tax_class: '',
        subtotal: l.subtotal,
        subtotal_tax: '0.00',
        total: l.total,
        total_tax: '0.00',
        taxes: [],
        meta_data: l.meta_data,
        sku: l.sku,
        price: cents(l.total) / 100 / l.quantity,
      })),
      tax_lines: [],
      shipping_lines: o.shipping_lines.map((s) => ({
        ...s,
        instance_id: '',
        total_tax: '0.00',
        taxes: [],
        meta_data: [],
      })),
      fee_lines: [],
      coupon_lines: [],
      refunds: [],
      set_paid: false,
    };
  }

  function renderWebhook(w: FakeWooWebhook) {
    const [resource, event] = w.topic.split('.');
    return {
      id: w.id,
      name: w.name,
      status: w.status,
      topic: w.topic,
      resource,
      event,
      hooks: [],
      delivery_url: w.delivery_url,
      ...dates('date_created', w.created),
      ...dates('date_modified', w.modified),
    };
  }

  // ---- notifications --------------------------------------------------------------------------

  function notify(topic: string, payload: unknown): WooDelivery[] {
    const body = JSON.stringify(payload);
    const [resource, event] = topic.split('.');
    return [...state.webhooks.values()]
      .filter((w) => w.status === 'active' && w.topic === topic)
      .map((w) => ({
        url: w.delivery_url,
        topic,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
          'x-wc-webhook-source': `${url}/`,
          'x-wc-webhook-topic': topic,
          'x-wc-webhook-resource': resource,
          'x-wc-webhook-event': event,
          'x-wc-webhook-signature': createHmac('sha256', w.secret).update(body).digest('base64'),
          'x-wc-webhook-id': String(w.id),
          'x-wc-webhook-delivery-id': randomBytes(16).toString('hex'),
        },
      }));
  }

  const productUpdated = (variantId: number) => {
    const v = state.variations.get(variantId);
    return notify(
      'product.updated',
      v ? renderVariationAsProduct(v) : renderProduct(state.products.get(variantId)!),
    );
  };

  /** What API calls make: queued (or delivered at once with `autoDeliver`). */
  function queue(deliveries: WooDelivery[]) {
    if (options.autoDeliver) void deliver(deliveries);
    else state.outbox.push(...deliveries);
  }

  /** What the shop's own sales make: answered (and delivered at once with `autoDeliver`). */
  function answer(deliveries: WooDelivery[]) {
    if (options.autoDeliver) void deliver(deliveries);
    return deliveries;
  }

  async function deliver(deliveries: WooDelivery[]) {
    const results: { url: string; topic: string; status: number }[] = [];
    for (const d of deliveries) {
      let status = 0;
      try {
        const res = await fetch(d.url, {
          method: 'POST',
          headers: d.headers,
          body: d.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      const hook = state.webhooks.get(Number(d.headers['x-wc-webhook-id']));
      if (hook) {
        if (status >= 200 && status < 303) hook.failures = 0;
        else if (hook.failures > 5) hook.status = 'disabled';
        else hook.failures += 1;
      }
      results.push({ url: d.url, topic: d.topic, status });
    }
    return results;
  }

  async function ping(w: FakeWooWebhook) {
    let status = 0;
    const local = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(w.delivery_url);
    if (local) {
      try {
        const res = await fetch(w.delivery_url, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
          },
          body: `webhook_id=${w.id}`,
          redirect: 'manual',
          signal: AbortSignal.timeout(2_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
    }
    state.pings.push({ url: w.delivery_url, status });
  }

  // ---- the shop's rules -----------------------------------------------------------------------

  /** The product or variation whose stock a line or a call moves. */
  function stockHolder(variantId: number): FakeWooProduct | FakeWooVariation {
    const holder = state.variations.get(variantId) ?? state.products.get(variantId);
    if (!holder || (holder as FakeWooProduct).type === 'variable') {
      throw new WooError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
    }
    return holder;
  }

  /** WooCommerce's `wc_reduce_stock_levels`: lines not carrying `_reduced_stock` take their stock. */
  function reduceStock(o: FakeWooOrder): number[] {
    const moved: number[] = [];
    for (const line of o.line_items) {
      if (line.meta_data.some((m) => m.key === '_reduced_stock')) continue;
      const holder = stockHolder(line.variation_id || line.product_id);
      if (!holder.manage_stock) continue;
      holder.stock_quantity = (holder.stock_quantity ?? 0) - line.quantity;
      holder.modified = new Date();
      line.meta_data.push({ id: nextItemId++, key: '_reduced_stock', value: String(line.quantity) });
      moved.push(holder.id);
    }
    o.stockReduced = true;
    return moved;
  }

  /** `wc_increase_stock_levels`: what the lines took comes back. */
  function restoreStock(o: FakeWooOrder): number[] {
    const moved: number[] = [];
    for (const line of o.line_items) {
      const reduced = line.meta_data.find((m) => m.key === '_reduced_stock');
      if (!reduced) continue;
      const holder = stockHolder(line.variation_id || line.product_id);
      line.meta_data = line.meta_data.filter((m) => m !== reduced);
      if (!holder.manage_stock) continue;
      holder.stock_quantity = (holder.stock_quantity ?? 0) + Number(reduced.value);
      holder.modified = new Date();
      moved.push(holder.id);
    }
    o.stockReduced = false;
    return moved;
  }

  const PAID = new Set(['processing', 'completed', 'on-hold']);
  const STATUSES = new Set([
    'pending',
    'processing',
    'on-hold',
    'completed',
    'cancelled',
    'refunded',
    'failed',
  ]);

  /** Moves an order to `status` with WooCommerce's stock rules; answers the variants whose stock moved. */
  function setStatus(o: FakeWooOrder, status: string): number[] {
    if (!STATUSES.has(status)) throw new WooError(400, 'rest_invalid_param', 'Invalid parameter(s): status');
    o.status = status;
    o.modified = new Date();
    if (status === 'completed') o.completed ??= new Date();
    if (PAID.has(status) && !o.stockReduced) return reduceStock(o);
    if ((status === 'cancelled' || status === 'pending') && o.stockReduced) return restoreStock(o);
    return [];
  }

  function makeOrder(
    body: Record<string, any>,
    createdVia: string,
  ): { order: FakeWooOrder; moved: number[] } {
    const lines: Line[] = [];
    for (const raw of (body.line_items ?? []) as Record<string, any>[]) {
      const product = state.products.get(Number(raw.product_id));
      const variation = raw.variation_id ? state.variations.get(Number(raw.variation_id)) : undefined;
      if (!product || (raw.variation_id && (!variation || variation.parent_id !== product.id))) {
        throw new WooError(400, 'woocommerce_rest_invalid_product_id', 'Product ID provided is invalid.');
      }
      if (product.type === 'variable' && !variation) {
        throw new WooError(400, 'woocommerce_rest_invalid_product_id', 'A variation ID is required.');
      }
      const quantity = Number(raw.quantity ?? 1);
      if (!Number.isInteger(quantity) || quantity < 1) {
        throw new WooError(400, 'woocommerce_rest_invalid_quantity', 'Quantity must be a positive number.');
      }
      const holder = variation ?? product;
      const total = typeof raw.total === 'string' ? raw.total : money(cents(priceOf(holder)) * quantity);
      lines.push({
        id: nextItemId++,
        name: variation
          ? `${product.name} - ${variation.attributes.map((a) => a.option).join(', ')}`
          : product.name,
        product_id: product.id,
        variation_id: variation?.id ?? 0,
        quantity,
        subtotal: typeof raw.subtotal === 'string' ? raw.subtotal : total,
        total,
        sku: holder.sku,
        meta_data: ((raw.meta_data ?? []) as { key: string; value: unknown }[]).map((m) => ({
          id: nextItemId++,
          key: m.key,
          value: m.value,
        })),
      });
    }
    const now = new Date();
    const address = (a: Record<string, unknown> | undefined, withEmail: boolean) => {
      const fields = [
        'first_name',
        'last_name',
        'company',
        'address_1',
        'address_2',
        'city',
        'state',
        'postcode',
      ];
      const out: Record<string, string> = {};
      for (const f of [...fields, 'country', ...(withEmail ? ['email'] : []), 'phone'])
        out[f] = String(a?.[f] ?? '');
      return out;
    };
    const order: FakeWooOrder = {
      id: nextOrderId++,
      status: 'pending',
      currency: typeof body.currency === 'string' ? body.currency : state.currency,
      customer_note: String(body.customer_note ?? ''),
      billing: address(body.billing, true),
      shipping: address(body.shipping, false),
      payment_method: String(body.payment_method ?? ''),
      payment_method_title: String(body.payment_method_title ?? ''),
      created_via: createdVia,
      line_items: lines,
      shipping_lines: ((body.shipping_lines ?? []) as Record<string, unknown>[]).map((s) => ({
        id: nextItemId++,
        method_id: String(s.method_id ?? ''),
        method_title: String(s.method_title ?? ''),
        total: String(s.total ?? '0.00'),
      })),
      meta_data: ((body.meta_data ?? []) as { key: string; value: unknown }[]).map((m) => ({
        id: nextItemId++,
        key: m.key,
        value: m.value,
      })),
      notes: [],
      created: now,
      modified: now,
      paid: body.set_paid ? now : null,
      completed: null,
      stockReduced: false,
    };
    state.orders.set(order.id, order);
    const status = typeof body.status === 'string' ? body.status : body.set_paid ? 'processing' : 'pending';
    return { order, moved: setStatus(order, status) };
  }

  function addProduct(input: NewFakeProduct): { id: number; variationIds: number[] } {
    const now = new Date();
    const slug = slugOf(input.name);
    const id = nextPostId++;
    const images = (input.images ?? [imageUrl(slug)]).map((src, i) => ({
      id: nextPostId++,
      src,
      name: `${slug}-${i + 1}`,
      alt: input.name,
    }));
    const variable = !!input.variations?.length;
    const attributeNames = variable
      ? [...new Set(input.variations!.flatMap((v) => Object.keys(v.options)))]
      : Object.keys(input.attributes ?? {});
    const product: FakeWooProduct = {
      id,
      name: input.name,
      slug,
      type: variable ? 'variable' : 'simple',
      status: input.status ?? 'publish',
      description: `<p>${input.description ?? `${input.name}, de notre atelier.`}</p>`,
      short_description: '',
      sku: input.sku ?? '',
      regular_price: variable ? '' : money(input.priceCents ?? 0),
      sale_price: '',
      manage_stock: !variable && input.stock !== null,
      stock_quantity: variable || input.stock === null ? null : (input.stock ?? 10),
      images,
      attributes: attributeNames.map((name, position) => ({
        id: 0,
        name,
        position,
        visible: true,
        variation: variable,
        options: variable
          ? [...new Set(input.variations!.map((v) => v.options[name]).filter((o): o is string => !!o))]
          : [input.attributes![name]],
      })),
      variations: [],
      created: now,
      modified: now,
    };
    state.products.set(id, product);
    for (const v of input.variations ?? []) {
      const vid = nextPostId++;
      state.variations.set(vid, {
        id: vid,
        parent_id: id,
        status: 'publish',
        sku: v.sku ?? '',
        regular_price: money(v.priceCents ?? input.priceCents ?? 0),
        sale_price: '',
        manage_stock: v.stock !== null,
        stock_quantity: v.stock === null ? null : (v.stock ?? 5),
        image: null,
        attributes: Object.entries(v.options).map(([name, option]) => ({ id: 0, name, option })),
        created: now,
        modified: now,
      });
      product.variations.push(vid);
    }
    return { id, variationIds: product.variations };
  }

  // ---- the REST API ---------------------------------------------------------------------------

  function paginate<T>(items: T[], query: Record<string, string>) {
    const perPage = Number(query.per_page ?? 10);
    const page = Number(query.page ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      throw new WooError(400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
    }
    if (!Number.isInteger(page) || page < 1) {
      throw new WooError(400, 'rest_invalid_param', 'Invalid parameter(s): page');
    }
    const totalPages = Math.ceil(items.length / perPage);
    if (page > totalPages && items.length > 0) {
      throw new WooError(
        400,
        'woocommerce_rest_invalid_page_number',
        'The page number requested is larger than the number of pages available.',
      );
    }
    return {
      items: items.slice((page - 1) * perPage, page * perPage),
      headers: { 'X-WP-Total': String(items.length), 'X-WP-TotalPages': String(totalPages) },
    };
  }

  const includeOf = (query: Record<string, string>) =>
    query.include ? new Set(query.include.split(',').map((s) => Number(s.trim()))) : null;
  const statusFilter = (query: Record<string, string>) => (s: string) =>
    !query.status || query.status === 'any' || query.status.split(',').includes(s);

  type Reply = { status: number; body: unknown; headers?: Record<string, string> };
  const ok = (body: unknown, status = 200): Reply => ({ status, body });

  function product(id: string) {
    const p = state.products.get(Number(id));
    if (!p) throw new WooError(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
    return p;
  }
  function variation(productId: string, id: string) {
    const v = state.variations.get(Number(id));
    if (!v || v.parent_id !== Number(productId)) {
      throw new WooError(404, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
    }
    return v;
  }
  function order(id: string) {
    const o = state.orders.get(Number(id));
    if (!o) throw new WooError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return o;
  }
  function webhook(id: string) {
    const w = state.webhooks.get(Number(id));
    if (!w) throw new WooError(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
    return w;
  }

  /** A PUT on a product or a variation: price and stock, as WooCommerce takes them. */
  function update(holder: FakeWooProduct | FakeWooVariation, body: Record<string, any>) {
    if (typeof body.manage_stock === 'boolean') holder.manage_stock = body.manage_stock;
    if (body.stock_quantity !== undefined && holder.manage_stock) {
      const n = Number(body.stock_quantity);
      if (!Number.isFinite(n)) {
        throw new WooError(400, 'rest_invalid_param', 'Invalid parameter(s): stock_quantity');
      }
      holder.stock_quantity = Math.trunc(n);
    }
    if (typeof body.regular_price === 'string') holder.regular_price = body.regular_price;
    if (typeof body.sale_price === 'string') holder.sale_price = body.sale_price;
    holder.modified = new Date();
  }

  async function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: any,
  ): Promise<Reply | null> {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/settings/general/woocommerce_currency') {
      return ok({
        id: 'woocommerce_currency',
        label: 'Currency',
        description:
          'This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.',
        type: 'select',
        default: 'USD',
        tip: 'This controls what currency prices are listed at in the catalog and which currency gateways will take payments in.',
        value: state.currency,
      });
    }
    if (method === 'GET' && path === '/products') {
      const include = includeOf(query);
      const status = statusFilter(query);
      const list = [...state.products.values()]
        .filter(
          (p) =>
            status(p.status) && (!include || include.has(p.id)) && (!query.type || p.type === query.type),
        )
        .sort((a, b) => b.id - a.id);
      const page = paginate(list, query);
      return { status: 200, body: page.items.map(renderProduct), headers: page.headers };
    }
    m = /^\/products\/(\d+)$/.exec(path);
    if (m) {
      const v = state.variations.get(Number(m[1]));
      if (method === 'GET') return ok(v ? renderVariationAsProduct(v) : renderProduct(product(m[1])));
      if (method === 'PUT') {
        const holder = v ?? product(m[1]);
        update(holder, body ?? {});
        queue(productUpdated(holder.id));
        return ok(v ? renderVariationAsProduct(v) : renderProduct(holder as FakeWooProduct));
      }
    }
    m = /^\/products\/(\d+)\/variations$/.exec(path);
    if (m && method === 'GET') {
      const parent = product(m[1]);
      const include = includeOf(query);
      const status = statusFilter(query);
      const list = parent.variations
        .map((id) => state.variations.get(id)!)
        .filter((v) => status(v.status) && (!include || include.has(v.id)));
      const page = paginate(list, query);
      return { status: 200, body: page.items.map(renderVariation), headers: page.headers };
    }
    m = /^\/products\/(\d+)\/variations\/(\d+)$/.exec(path);
    if (m) {
      const v = variation(m[1], m[2]);
      if (method === 'GET') return ok(renderVariation(v));
      if (method === 'PUT') {
        update(v, body ?? {});
        queue(productUpdated(v.id));
        return ok(renderVariation(v));
      }
    }
    if (path === '/orders' && method === 'GET') {
      const search = (query.search ?? '').toLowerCase();
      const status = statusFilter(query);
      // WooCommerce's order search: the number, the customer's names and e-mail, the products' names.
      const matches = (o: FakeWooOrder) =>
        !search ||
        String(o.id) === search ||
        [
          o.billing.first_name,
          o.billing.last_name,
          o.billing.email,
          o.shipping.first_name,
          o.shipping.last_name,
        ]
          .concat(o.line_items.map((l) => l.name))
          .some((s) => s?.toLowerCase().includes(search));
      const list = [...state.orders.values()]
        .filter((o) => status(o.status) && matches(o))
        .sort((a, b) => b.id - a.id);
      const page = paginate(list, query);
      return { status: 200, body: page.items.map(renderOrder), headers: page.headers };
    }
    if (path === '/orders' && method === 'POST') {
      const { order: o, moved } = makeOrder(body ?? {}, 'rest-api');
      queue([...notify('order.created', renderOrder(o)), ...moved.flatMap(productUpdated)]);
      return ok(renderOrder(o), 201);
    }
    m = /^\/orders\/(\d+)$/.exec(path);
    if (m) {
      const o = order(m[1]);
      if (method === 'GET') return ok(renderOrder(o));
      if (method === 'PUT') {
        const moved =
          typeof body?.status === 'string' && body.status !== o.status ? setStatus(o, body.status) : [];
        if (typeof body?.customer_note === 'string') o.customer_note = body.customer_note;
        o.modified = new Date();
        queue([...notify('order.updated', renderOrder(o)), ...moved.flatMap(productUpdated)]);
        return ok(renderOrder(o));
      }
    }
    m = /^\/orders\/(\d+)\/notes$/.exec(path);
    if (m) {
      const o = order(m[1]);
      const render = (n: FakeWooOrder['notes'][number]) => ({
        id: n.id,
        author: 'WooCommerce',
        ...dates('date_created', n.created),
        note: n.note,
        customer_note: n.customer_note,
      });
      if (method === 'GET') return ok(o.notes.map(render));
      if (method === 'POST') {
        if (typeof body?.note !== 'string' || !body.note) {
          throw new WooError(400, 'rest_missing_callback_param', 'Missing parameter(s): note');
        }
        const note = {
          id: nextItemId++,
          note: body.note,
          customer_note: body.customer_note === true,
          created: new Date(),
        };
        o.notes.push(note);
        return ok(render(note), 201);
      }
    }
    if (path === '/webhooks' && method === 'GET') {
      const page = paginate(
        [...state.webhooks.values()].sort((a, b) => b.id - a.id),
        query,
      );
      return { status: 200, body: page.items.map(renderWebhook), headers: page.headers };
    }
    if (path === '/webhooks' && method === 'POST') {
      if (!TOPICS.has(body?.topic)) {
        throw new WooError(
          400,
          'woocommerce_rest_webhook_invalid_topic',
          'Webhook topic is required and must be valid.',
        );
      }
      if (typeof body?.delivery_url !== 'string' || !/^https?:\/\//.test(body.delivery_url)) {
        throw new WooError(
          400,
          'woocommerce_rest_webhook_invalid_delivery_url',
          'Webhook delivery URL must be a valid URL starting with http:// or https://.',
        );
      }
      const now = new Date();
      const w: FakeWooWebhook = {
        id: nextWebhookId++,
        name:
          typeof body.name === 'string' && body.name ? body.name : `Webhook created on ${now.toUTCString()}`,
        status: body.status === 'paused' || body.status === 'disabled' ? body.status : 'active',
        topic: body.topic,
        delivery_url: body.delivery_url,
        secret:
          typeof body.secret === 'string' && body.secret ? body.secret : randomBytes(16).toString('hex'),
        failures: 0,
        created: now,
        modified: now,
      };
      state.webhooks.set(w.id, w);
      if (w.status === 'active') await ping(w);
      return ok(renderWebhook(w), 201);
    }
    m = /^\/webhooks\/(\d+)$/.exec(path);
    if (m) {
      const w = webhook(m[1]);
      if (method === 'GET') return ok(renderWebhook(w));
      if (method === 'PUT') {
        if (body?.status === 'active' || body?.status === 'paused' || body?.status === 'disabled') {
          w.status = body.status;
          if (w.status === 'active') w.failures = 0;
        }
        if (typeof body?.secret === 'string' && body.secret) w.secret = body.secret;
        if (typeof body?.delivery_url === 'string') w.delivery_url = body.delivery_url;
        if (typeof body?.name === 'string') w.name = body.name;
        w.modified = new Date();
        return ok(renderWebhook(w));
      }
      if (method === 'DELETE') {
        state.webhooks.delete(w.id);
        return ok(renderWebhook(w));
      }
    }
    return null;
  }

  function authProblem(auth: string | null, method: string): WooError | null {
    if (!auth?.startsWith('Basic ')) {
      const what =
        method === 'GET' ? 'list resources' : method === 'POST' ? 'create resources' : 'edit this resource';
      return new WooError(401, 'woocommerce_rest_cannot_view', `Sorry, you cannot ${what}.`);
    }
    const [k, ...rest] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    if (k !== key) {
      return new WooError(401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
    }
    if (rest.join(':') !== secret) {
      return new WooError(401, 'woocommerce_rest_authentication_error', 'Consumer secret is invalid.');
    }
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const record: FakeWooRequest = {
      method,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      auth: req.headers.authorization ?? null,
      body,
    };
    requests.push(record);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(payload));
    };
    const sendError = (e: WooError) =>
      send(e.status, { code: e.code, message: e.message, data: { status: e.status } });

    if (method === 'GET' && (parsed.pathname === '/wp-json' || parsed.pathname === '/wp-json/')) {
      return send(200, {
        name: state.name,
        description: 'Mode et accessoires faits main',
        url,
        home: url,
        gmt_offset: 1,
        timezone_string: 'Europe/Paris',
        namespaces: ['oembed/1.0', 'wc/v1', 'wc/v2', 'wc/v3', 'wc/store/v1', 'wp/v2'],
        authentication: [],
      });
    }
    const path = parsed.pathname.startsWith(`${API}/`)
      ? parsed.pathname.slice(API.length).replace(/\/$/, '')
      : null;
    const failure =
      path === null
        ? -1
        : failures.findIndex(
            (f) =>
              f.method.toUpperCase() === method &&
              (typeof f.pattern === 'string' ? f.pattern === path : f.pattern.test(path)),
          );
    if (failure >= 0) {
      const { answer: a } = failures.splice(failure, 1)[0];
      const status = a.status;
      return send(
        status,
        a.body ?? { code: 'fake_failure', message: `HTTP ${status}`, data: { status } },
        a.headers,
      );
    }
    try {
      const reply =
        path === null
          ? null
          : await (async () => {
              const problem = authProblem(record.auth, method);
              if (problem) throw problem;
              return route(method, path, record.query, body);
            })();
      if (!reply) {
        unexpected.push(record);
        return sendError(
          new WooError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
        );
      }
      send(reply.status, reply.body, reply.headers);
    } catch (err) {
      if (err instanceof WooError) return sendError(err);
      send(500, { code: 'internal_server_error', message: String(err), data: { status: 500 } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  if ((options.seed ?? 'demo') === 'demo') seedDemo(addProduct, state);

  const variantOf = (variantId: number | string) => stockHolder(Number(variantId));

  return {
    url,
    key,
    secret,
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
      const holder = variantOf(variantId);
      if (holder.manage_stock && (holder.stock_quantity ?? 0) < quantity) {
        throw new Error(
          `Only ${holder.stock_quantity} left of ${holder.id}: the shop's checkout refuses ${quantity}`,
        );
      }
      const isVariation = 'parent_id' in holder;
      const { order: o, moved } = makeOrder(
        {
          status: 'processing',
          set_paid: true,
          payment_method: 'stripe',
          payment_method_title: 'Carte bancaire',
          billing: {
            first_name: 'Camille',
            last_name: 'Martin',
            email: 'camille.martin@example.com',
            address_1: '12 rue des Lilas',
            city: 'Lyon',
            postcode: '69003',
            country: 'FR',
          },
          line_items: [
            {
              product_id: isVariation ? (holder as FakeWooVariation).parent_id : holder.id,
              ...(isVariation ? { variation_id: holder.id } : {}),
              quantity,
            },
          ],
        },
        'checkout',
      );
      return answer([...notify('order.created', renderOrder(o)), ...moved.flatMap(productUpdated)]);
    },
    setStock(variantId, quantity) {
      const holder = variantOf(variantId);
      holder.manage_stock = true;
      holder.stock_quantity = quantity;
      holder.modified = new Date();
      return answer(productUpdated(holder.id));
    },
    setPrice(variantId, priceCents) {
      const holder = variantOf(variantId);
      holder.regular_price = money(priceCents);
      holder.sale_price = '';
      holder.modified = new Date();
      return answer(productUpdated(holder.id));
    },
    complete(orderId) {
      const o = order(String(orderId));
      const moved = setStatus(o, 'completed');
      return answer([...notify('order.updated', renderOrder(o)), ...moved.flatMap(productUpdated)]);
    },
    deliver,
    failNext(method, pathPattern, failure) {
      failures.push({ method, pattern: pathPattern, answer: failure });
    },
  };
}

/** A small boutique: variable products (Couleur / Taille, one unknown colour) and simple ones, in EUR. */
function seedDemo(add: (p: NewFakeProduct) => unknown, state: FakeWooState) {
  state.name = 'Atelier Lumière';
  state.currency = 'EUR';
  const sizes = ['S', 'M', 'L'];
  add({
    name: 'Robe Lina',
    description: 'Robe fluide en <strong>viscose</strong>, longueur midi. Lavage à 30&nbsp;°C.',
    variations: ['Rouge', 'Noir'].flatMap((colour, c) =>
      sizes.map((size, s) => ({
        sku: `LINA-${colour.slice(0, 3).toUpperCase()}-${size}`,
        priceCents: 4990,
        stock: [3, 5, 2, 0, 4, 6][c * 3 + s],
        options: { Couleur: colour, Taille: size },
      })),
    ),
  });
  add({
    name: 'T-shirt Étoile',
    description: 'Coton bio, col rond, brodé main.',
    variations: [
      { sku: 'ETOILE-ROU-S', priceCents: 2400, stock: 8, options: { Couleur: 'Rouge', Taille: 'S' } },
      { sku: 'ETOILE-ROU-M', priceCents: 2400, stock: 10, options: { Couleur: 'Rouge', Taille: 'M' } },
      { sku: 'ETOILE-NOI-M', priceCents: 2400, stock: 7, options: { Couleur: 'Noir', Taille: 'M' } },
      { sku: 'ETOILE-LIC-M', priceCents: 2600, stock: 3, options: { Couleur: 'Licorne', Taille: 'M' } },
    ],
  });
  add({
    name: 'Pull Côtelé',
    description: 'Maille côtelée, laine et alpaga.',
    variations: sizes.map((size, i) => ({
      sku: `COTELE-${size}`,
      priceCents: 6900,
      stock: [4, 4, 1][i],
      options: { Taille: size },
    })),
  });
  add({
    name: 'Bonnet Douceur',
    description: 'Bonnet en laine mérinos.',
    variations: [
      { sku: 'BONNET-ROU', priceCents: 1900, stock: 12, options: { Couleur: 'Rouge' } },
      { sku: 'BONNET-NOI', priceCents: 1900, stock: null, options: { Couleur: 'Noir' } },
    ],
  });
  add({
    name: 'Sac Bandoulière',
    sku: 'SAC-BAND',
    priceCents: 3500,
    stock: 8,
    attributes: { Couleur: 'Noir' },
  });
  add({ name: 'Foulard Soie', sku: 'FOULARD-SOIE', priceCents: 2450, stock: 12 });
  add({ name: "Boucles d'oreilles Lune", sku: 'BO-LUNE', priceCents: 1800, stock: 20 });
  add({ name: 'Ceinture Cuir', sku: 'CEINTURE-CUIR', priceCents: 2990, stock: null });
}
