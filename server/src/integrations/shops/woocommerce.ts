import { createHmac, timingSafeEqual } from 'node:crypto';
import { jsonOf, type ShopHttpAnswer, shopRequest } from './http.ts';
import {
  type Headers,
  type ShopAddress,
  ShopCallError,
  type ShopConnection,
  type ShopEvent,
  type ShopInfo,
  type ShopOrderInput,
  type ShopOrderRef,
  type ShopPlatform,
  type ShopProduct,
  type ShopProductPage,
  type ShopTracking,
  type ShopVariant,
  type ShopWebhook,
  type VariantRef,
} from './platform.ts';

/**
 * The WooCommerce adapter: the REST API `wc/v3` (`{url}/wp-json/wc/v3/…`), authenticated with
 * HTTP Basic (consumer key : consumer secret), which WooCommerce accepts over https.
 *
 * - A variable product's variants are its variations; a simple product is its own variant
 *   (`variantId` = `productId`). Grouped and external products have no stock and are left out.
 * - Stock is a variant's `stock_quantity` when it `manage_stock` (a variation whose stock is the
 *   parent's, `manage_stock: "parent"`, reads as untracked).
 * - Our orders carry `_livecart_reference` in their meta, the reference in their customer note,
 *   and `_reduced_stock` on every line, so WooCommerce does not take their stock again (the live
 *   already took it; a cancelled order still gives it back).
 * - Webhooks are signed with the secret the engine makes (`conn.extra.webhookSecret`).
 */

/** The meta key that marks an order as ours and carries our reference. */
export const WOO_REFERENCE_META = '_livecart_reference';
/** WooCommerce orders have no tags: ours are kept in this meta, comma separated. */
export const WOO_TAGS_META = '_livecart_tags';
/** The topics subscribed by `registerWebhooks`. */
export const WOO_WEBHOOK_TOPICS = ['order.created', 'order.updated', 'product.updated'] as const;

/** A page of variations is at most WooCommerce's largest `per_page`. */
const MAX_PER_PAGE = 100;
/** Order statuses where WooCommerce may give stock back (the engine re-reads it). */
const RESTOCK_STATUSES = new Set(['cancelled', 'refunded', 'pending', 'failed']);

interface WooImage {
  id?: number;
  src?: string;
}
interface WooProduct {
  id: number;
  name: string;
  slug: string;
  type: string;
  parent_id?: number;
  description?: string;
  short_description?: string;
  sku?: string;
  price?: string;
  regular_price?: string;
  manage_stock?: boolean | 'parent';
  stock_quantity?: number | null;
  images?: WooImage[];
  image?: WooImage | null;
  attributes?: { name: string; options?: string[]; option?: string }[];
  variations?: number[];
}
interface WooMeta {
  id?: number;
  key: string;
  value: unknown;
}
interface WooOrder {
  id: number;
  number?: string;
  status: string;
  customer_note?: string;
  date_created_gmt?: string | null;
  meta_data?: WooMeta[];
  line_items?: { product_id: number; variation_id: number; quantity: number }[];
}

/** `"12.5"` → 1250, without going through a float. Empty or unreadable: null. */
export function wooCents(price: string | number | null | undefined): number | null {
  if (price === null || price === undefined) return null;
  const m = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/.exec(String(price));
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const frac = `${m[3] ?? ''}000`;
  let cents = Number(m[2] || '0') * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return m[1] ? -cents : cents;
}

/** 1250 → `"12.50"` (WooCommerce's decimal strings). */
export function wooMoney(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** WordPress's HTML (descriptions, the site's name) as plain text. */
export function wooPlainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const n =
          code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim();
}

/** A header's value whatever its case (Node lower-cases them; tests may not). */
function header(headers: Headers, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const PING = /^webhook_id=(\d+)$/;

/** WooCommerce's test ping, sent unsigned when a webhook is created: `webhook_id=12`, no topic. */
function pingOf(rawBody: Buffer, headers: Headers): string | null {
  if (header(headers, 'x-wc-webhook-topic') || header(headers, 'x-wc-webhook-signature')) return null;
  const m = PING.exec(rawBody.toString('utf8').trim());
  return m ? m[1] : null;
}

const metaValue = (meta: WooMeta[] | undefined, key: string) => meta?.find((m) => m.key === key)?.value;

function variantRefOf(productId: number, variationId: number): VariantRef {
  const variant = variationId || productId;
  return { productId: String(productId), variantId: String(variant), inventoryItemId: null };
}

/** `"2026-11-28T20:15:00"` (WooCommerce's `_gmt` dates carry no zone) → that instant in UTC. */
function gmtDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The Shipment Tracking extension's meta, when the shop has it (WooCommerce has no tracking of its own). */
function trackingOf(order: WooOrder): ShopTracking | null {
  const items = metaValue(order.meta_data, '_wc_shipment_tracking_items');
  if (!Array.isArray(items) || items.length === 0) return null;
  const t = items[items.length - 1] as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    number: str(t.tracking_number),
    url: str(t.custom_tracking_link),
    company: str(t.custom_tracking_provider) ?? str(t.tracking_provider),
  };
}

function addressOf(a: ShopAddress | null, email?: string | null) {
  if (!a) return undefined;
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    address_1: a.address1,
    address_2: a.address2 ?? '',
    city: a.city,
    postcode: a.zip,
    country: a.countryCode.toUpperCase(),
    phone: a.phone ?? '',
    ...(email === undefined ? {} : { email: email ?? '' }),
  };
}

function trackingNote(tracking: ShopTracking): string | null {
  const parts = [
    tracking.number ? `Tracking number: ${tracking.number}` : null,
    tracking.company ? `Carrier: ${tracking.company}` : null,
    tracking.url ? `Follow the parcel: ${tracking.url}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? `Shipped. ${parts.join(' · ')}` : null;
}

/** The WooCommerce shop behind `conn`. */
export function wooPlatform(conn: ShopConnection): ShopPlatform {
  const base = conn.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${conn.key}:${conn.secret}`).toString('base64')}`;

  /** One call; any answer other than 2xx becomes a {@link ShopCallError}. */
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { query?: Record<string, string | number>; json?: unknown; api?: boolean } = {},
  ): Promise<ShopHttpAnswer> {
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString()}`
      : '';
    const prefix = options.api === false ? '/wp-json' : '/wp-json/wc/v3';
    const answer = await shopRequest({
      method,
      url: `${base}${prefix}${path}${query}`,
      headers: { authorization },
      json: options.json,
      allowLocalHttp: conn.allowLocalHttp,
      timeoutMs: conn.timeoutMs,
    });
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw errorOf(answer);
  }

  async function get<T>(path: string, query?: Record<string, string | number>): Promise<T> {
    return jsonOf<T>(await call('GET', path, { query }));
  }

  /** Every page of a list (variations by parent, products by ids). */
  async function all<T>(path: string, query: Record<string, string | number>): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await call('GET', path, { query: { ...query, per_page: MAX_PER_PAGE, page } });
      items.push(...listOf<T>(answer));
      if (page >= (headerNumber(answer, 'x-wp-totalpages') ?? 1)) return items;
    }
  }

  function variantOf(product: WooProduct, v: WooProduct, isSelf: boolean): ShopVariant {
    const options = isSelf
      ? (product.attributes ?? [])
          .filter((a) => a.options?.length === 1)
          .map((a) => ({ name: a.name, value: a.options![0] }))
      : (v.attributes ?? []).filter((a) => a.option).map((a) => ({ name: a.name, value: a.option! }));
    return {
      ...variantRefOf(product.id, isSelf ? 0 : v.id),
      sku: v.sku || null,
      priceCents: wooCents(v.price) ?? wooCents(v.regular_price) ?? 0,
      stock: stockOf(v),
      options,
      imageUrl: (isSelf ? v.images?.[0]?.src : v.image?.src) || product.images?.[0]?.src || null,
    };
  }

  async function productOf(p: WooProduct): Promise<ShopProduct> {
    const variations =
      p.type === 'variable'
        ? await all<WooProduct>(`/products/${p.id}/variations`, { status: 'publish' })
        : null;
    return {
      id: String(p.id),
      title: wooPlainText(p.name),
      handle: p.slug,
      description: wooPlainText(p.description || p.short_description),
      imageUrls: (p.images ?? []).map((i) => i.src).filter((s): s is string => !!s),
      variants: variations ? variations.map((v) => variantOf(p, v, false)) : [variantOf(p, p, true)],
    };
  }

  /** The variant as the shop has it now (a simple product, or a variation). */
  async function readVariant(ref: VariantRef): Promise<WooProduct> {
    return ref.variantId === ref.productId
      ? get<WooProduct>(`/products/${id(ref.productId)}`)
      : get<WooProduct>(`/products/${id(ref.productId)}/variations/${id(ref.variantId)}`);
  }

  async function readOrder(orderId: string): Promise<WooOrder> {
    return get<WooOrder>(`/orders/${id(orderId)}`);
  }

  /**
   * The site's name, from WordPress's public index (`GET /wp-json/`); some security plugins close
   * that index, and then the shop's host name is a good enough name.
   */
  async function siteName(): Promise<string> {
    const fallback = new URL(base).hostname;
    try {
      const index = jsonOf<{ name?: unknown }>(await call('GET', '/', { api: false })).name;
      return typeof index === 'string' && wooPlainText(index) ? wooPlainText(index) : fallback;
    } catch (err) {
      if (err instanceof ShopCallError && err.kind !== 'unreachable') return fallback;
      throw err;
    }
  }

  const orderRef = (o: WooOrder): ShopOrderRef => ({ id: String(o.id), name: `#${o.number || o.id}` });

  // Only the meta this adapter writes: a shopper can put any text in an order's note, so a note
  // naming a live order's number must not make their order pass for it.
  const isOurs = (o: WooOrder, reference: string) => metaValue(o.meta_data, WOO_REFERENCE_META) === reference;

  return {
    name: 'woocommerce',

    async check(): Promise<ShopInfo> {
      let currency: { value?: unknown };
      try {
        currency = await get<{ value?: unknown }>('/settings/general/woocommerce_currency');
      } catch (err) {
        if (err instanceof ShopCallError && err.kind === 'not_found') {
          throw new ShopCallError(
            'unreachable',
            'No WooCommerce REST API (wc/v3) answers at this address',
            err.status,
          );
        }
        throw err;
      }
      const code = typeof currency.value === 'string' ? currency.value.toUpperCase() : '';
      if (!/^[A-Z]{3}$/.test(code)) {
        throw new ShopCallError('invalid', 'WooCommerce did not give its currency');
      }
      return { name: await siteName(), currency: code, extra: {} };
    },

    async products(cursor, pageSize): Promise<ShopProductPage> {
      const page = cursor === null ? 1 : Number(cursor);
      if (!Number.isInteger(page) || page < 1) {
        throw new ShopCallError('invalid', `Not a page cursor: ${cursor}`);
      }
      const perPage = Math.min(Math.max(Math.trunc(pageSize) || 1, 1), MAX_PER_PAGE);
      const answer = await call('GET', '/products', {
        query: { per_page: perPage, page, status: 'publish' },
      });
      const items: ShopProduct[] = [];
      for (const p of listOf<WooProduct>(answer)) {
        if (p.type === 'simple' || p.type === 'variable') items.push(await productOf(p));
      }
      const totalPages = headerNumber(answer, 'x-wp-totalpages') ?? page;
      return {
        items,
        next: page < totalPages ? String(page + 1) : null,
        total: headerNumber(answer, 'x-wp-total'),
      };
    },

    async stockOf(refs): Promise<Map<string, number>> {
      const stock = new Map<string, number>();
      const simple = refs.filter((r) => r.variantId === r.productId).map((r) => id(r.productId));
      const byParent = new Map<string, string[]>();
      for (const r of refs.filter((r) => r.variantId !== r.productId)) {
        byParent.set(r.productId, [...(byParent.get(r.productId) ?? []), id(r.variantId)]);
      }
      for (let i = 0; i < simple.length; i += MAX_PER_PAGE) {
        const include = simple.slice(i, i + MAX_PER_PAGE).join(',');
        for (const p of await all<WooProduct>('/products', { include })) {
          const n = stockOf(p);
          if (n !== null) stock.set(String(p.id), n);
        }
      }
      for (const [parent, ids] of byParent) {
        for (let i = 0; i < ids.length; i += MAX_PER_PAGE) {
          const include = ids.slice(i, i + MAX_PER_PAGE).join(',');
          for (const v of await all<WooProduct>(`/products/${id(parent)}/variations`, { include })) {
            const n = stockOf(v);
            if (n !== null) stock.set(String(v.id), n);
          }
        }
      }
      return stock;
    },

    async adjustStock(ref, delta) {
      // WooCommerce's REST API can only set a quantity, not add to it: between this read and the
      // write, a sale in the shop would be overwritten. The window is one round trip; the engine's
      // reconciliation (`stockOf`) and the shop's `product.updated` notifications catch what slips.
      const now = await readVariant(ref);
      const before = stockOf(now);
      if (before === null) {
        throw new ShopCallError('platform', 'WooCommerce does not manage the stock of this product');
      }
      const path =
        ref.variantId === ref.productId
          ? `/products/${id(ref.productId)}`
          : `/products/${id(ref.productId)}/variations/${id(ref.variantId)}`;
      const after = jsonOf<WooProduct>(await call('PUT', path, { json: { stock_quantity: before + delta } }));
      return { before, after: stockOf(after) ?? before + delta };
    },

    async findOrder(reference) {
      // WooCommerce's order search reads the customer's names and e-mail and the products' names,
      // not our meta: when it finds nothing, the newest orders are read (a retry closely follows
      // the answer it lost).
      const searched = await get<unknown>('/orders', { search: reference, per_page: 20 });
      const found = asList<WooOrder>(searched).find((o) => isOurs(o, reference));
      if (found) return orderRef(found);
      const newest = await get<unknown>('/orders', {
        per_page: MAX_PER_PAGE,
        orderby: 'date',
        order: 'desc',
      });
      const recent = asList<WooOrder>(newest).find((o) => isOurs(o, reference));
      return recent ? orderRef(recent) : null;
    },

    async createOrder(order: ShopOrderInput) {
      const email = order.email ?? order.customer.email;
      const billing = addressOf(order.shippingAddress, email) ?? {
        first_name: order.customer.firstName,
        last_name: order.customer.lastName,
        email: email ?? '',
        phone: order.customer.phone ?? '',
      };
      billing.first_name ||= order.customer.firstName;
      billing.last_name ||= order.customer.lastName;
      if (!billing.phone && order.customer.phone) billing.phone = order.customer.phone;
      const note = order.note.includes(order.reference) ? order.note : `${order.reference} · ${order.note}`;
      const body = {
        status: 'processing',
        set_paid: true,
        currency: order.currency.toUpperCase(),
        customer_note: note,
        billing,
        ...(order.shippingAddress ? { shipping: addressOf(order.shippingAddress) } : {}),
        line_items: order.lines.map((line) => {
          // `subtotal` before the live's discount, `total` what the shopper paid for the line.
          const subtotal = line.unitPriceCents * line.quantity;
          return {
            product_id: Number(line.ref.productId),
            ...(line.ref.variantId === line.ref.productId
              ? {}
              : { variation_id: Number(line.ref.variantId) }),
            quantity: line.quantity,
            subtotal: wooMoney(subtotal),
            total: wooMoney(subtotal - line.discountCents),
            // WooCommerce's stock reduction skips a line carrying `_reduced_stock`.
            meta_data: [{ key: '_reduced_stock', value: String(line.quantity) }],
          };
        }),
        shipping_lines: order.shipping
          ? [
              {
                method_id: 'flat_rate',
                method_title: order.shipping.title,
                total: wooMoney(order.shipping.priceCents),
              },
            ]
          : [],
        meta_data: [
          { key: WOO_REFERENCE_META, value: order.reference },
          ...(order.tags.length ? [{ key: WOO_TAGS_META, value: order.tags.join(', ') }] : []),
        ],
      };
      return orderRef(jsonOf<WooOrder>(await call('POST', '/orders', { json: body })));
    },

    async fulfilOrder(orderId, tracking) {
      const order = await readOrder(orderId);
      if (order.status === 'completed') return;
      // The note first: a retry after a lost answer may repeat it, but never loses the tracking.
      const note = tracking ? trackingNote(tracking) : null;
      if (note) await call('POST', `/orders/${id(orderId)}/notes`, { json: { note, customer_note: true } });
      await call('PUT', `/orders/${id(orderId)}`, { json: { status: 'completed' } });
    },

    async orderFulfilment(orderId) {
      const order = await readOrder(orderId);
      const fulfilled = order.status === 'completed';
      return { fulfilled, tracking: fulfilled ? trackingOf(order) : null };
    },

    async registerWebhooks(callbackUrl) {
      const secret = conn.extra.webhookSecret;
      if (!secret) throw new ShopCallError('invalid', 'No webhook secret was made for this shop');
      const existing = asList<{ id: number; topic: string; delivery_url: string; status: string }>(
        await get<unknown>('/webhooks', { per_page: MAX_PER_PAGE }),
      );
      for (const topic of WOO_WEBHOOK_TOPICS) {
        const mine = existing.filter((w) => w.topic === topic && w.delivery_url === callbackUrl);
        if (mine.some((w) => w.status === 'active')) continue;
        if (mine.length > 0) {
          // Paused, or disabled by WooCommerce after failed deliveries: on again, with our secret.
          await call('PUT', `/webhooks/${mine[0].id}`, { json: { status: 'active', secret } });
          continue;
        }
        await call('POST', '/webhooks', {
          json: { name: `LiveCart ${topic}`, topic, delivery_url: callbackUrl, secret, status: 'active' },
        });
      }
    },

    verifyWebhook(rawBody, headers) {
      // The creation ping is unsigned and carries nothing but the webhook's id: read as ignored.
      if (pingOf(rawBody, headers) !== null) return true;
      const secret = conn.extra.webhookSecret;
      const given = header(headers, 'x-wc-webhook-signature');
      if (!secret || !given) return false;
      const expected = createHmac('sha256', secret).update(rawBody).digest();
      const signature = Buffer.from(given.trim(), 'base64');
      return signature.length === expected.length && timingSafeEqual(signature, expected);
    },

    parseWebhook(rawBody, headers): ShopWebhook {
      const ping = pingOf(rawBody, headers);
      if (ping !== null) {
        return { deliveryId: `ping-${ping}`, topic: 'ping', events: [{ kind: 'ignored', topic: 'ping' }] };
      }
      const topic = header(headers, 'x-wc-webhook-topic') ?? '';
      const deliveryId = header(headers, 'x-wc-webhook-delivery-id');
      if (!topic || !deliveryId) {
        throw new ShopCallError('invalid', 'A WooCommerce notification without its topic or delivery id');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new ShopCallError('invalid', `The ${topic} notification is not JSON`);
      }
      if (!body || typeof body !== 'object' || typeof (body as { id?: unknown }).id !== 'number') {
        throw new ShopCallError('invalid', `The ${topic} notification has no id`);
      }
      return { deliveryId, topic, events: eventsOf(topic, body as WooOrder & WooProduct) };
    },
  };
}

function eventsOf(topic: string, body: WooOrder & WooProduct): ShopEvent[] {
  const lines = (body.line_items ?? []).map((l) => ({
    ref: variantRefOf(l.product_id, l.variation_id) as Partial<VariantRef>,
    quantity: l.quantity,
  }));
  switch (topic) {
    case 'order.created':
      return [
        {
          kind: 'order',
          orderId: String(body.id),
          createdAt: gmtDate(body.date_created_gmt),
          ours: typeof metaValue(body.meta_data, WOO_REFERENCE_META) === 'string',
          lines,
        },
      ];
    case 'order.updated':
      if (body.status === 'completed') {
        return [{ kind: 'fulfilled', orderId: String(body.id), tracking: trackingOf(body) }];
      }
      if (RESTOCK_STATUSES.has(body.status)) return [{ kind: 'stock', variants: lines.map((l) => l.ref) }];
      return [{ kind: 'ignored', topic }];
    case 'product.updated': {
      // The payload is `GET /products/{id}` of what changed: a variation comes as `type: "variation"`.
      if (body.type === 'variation' || body.type === 'simple') {
        const ref = variantRefOf(
          body.type === 'variation' ? (body.parent_id ?? 0) : body.id,
          body.type === 'variation' ? body.id : 0,
        );
        const price = wooCents(body.price) ?? wooCents(body.regular_price);
        return [
          ...(price === null
            ? []
            : [
                {
                  kind: 'product' as const,
                  productId: ref.productId,
                  variants: [{ variantId: ref.variantId, priceCents: price }],
                },
              ]),
          { kind: 'stock', variants: [ref] },
        ];
      }
      if (body.type === 'variable') {
        // A variable product's prices are its variations', each notified on its own.
        return [{ kind: 'stock', variants: (body.variations ?? []).map((v) => variantRefOf(body.id, v)) }];
      }
      return [{ kind: 'ignored', topic }];
    }
    default:
      return [{ kind: 'ignored', topic }];
  }
}

function stockOf(v: WooProduct): number | null {
  return v.manage_stock === true && typeof v.stock_quantity === 'number' ? v.stock_quantity : null;
}

/** An id that goes into a path: digits only. */
function id(value: string): string {
  if (!/^\d+$/.test(value)) throw new ShopCallError('invalid', `Not a WooCommerce id: ${value}`);
  return value;
}

function headerNumber(answer: ShopHttpAnswer, name: string): number | null {
  const raw = answer.headers[name];
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isFinite(n) ? n : null;
}

function asList<T>(value: unknown): T[] {
  if (!Array.isArray(value)) {
    throw new ShopCallError('invalid', 'WooCommerce answered something other than a list');
  }
  return value as T[];
}

function listOf<T>(answer: ShopHttpAnswer): T[] {
  return asList<T>(jsonOf<unknown>(answer));
}

/** WooCommerce's error answer `{code, message, data: {status}}` as a {@link ShopCallError}. */
function errorOf(answer: ShopHttpAnswer): ShopCallError {
  let message = `WooCommerce answered HTTP ${answer.status}`;
  try {
    const body = JSON.parse(answer.text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string' && body.message) message = wooPlainText(body.message);
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const status = answer.status;
  if (status === 401 || status === 403) return new ShopCallError('credentials', message, status);
  if (status === 404) return new ShopCallError('not_found', message, status);
  if (status === 429) return new ShopCallError('rate_limited', message, status);
  return new ShopCallError('platform', message, status);
}
