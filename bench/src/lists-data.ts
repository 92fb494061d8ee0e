import type pg from 'pg';
import type { LoadStep } from './orders-data.ts';

/*
 * The data `npm run bench -- lists` adds on top of the orders bench's (orders-data.ts: 1,000,000
 * orders, 1,000 sellers, the first of them holding one order in ten): the rest of a large seller's
 * back office at the size of issue 20 — 200,000 products, 500,000 live comments, notifications,
 * custom chatbot replies, support requests and stores — with the big seller holding about a tenth
 * of each. Set-based SQL only (INSERT … SELECT over generate_series), so it loads in a minute.
 */

export const PRODUCTS_TOTAL = 200_000;
export const COMMENTS_TOTAL = 500_000;
/** The big seller's share of products and comments. */
export const BIG_PRODUCTS = 20_000;
export const BIG_COMMENTS = 50_000;
/** Half of the big seller's comments came in during its last live (a Friday evening sale). */
const BIG_LAST_LIVE_COMMENTS = 25_000;
const BIG_NOTIFICATIONS = 20_000;
const NOTIFICATIONS_PER_SELLER = 30;
const BIG_CHATBOT_REPLIES = 300;
const CHATBOT_REPLIES_PER_SELLER = 5;
const SUPPORT_PER_SELLER = 5;
const STORES_PER_SELLER = 2;
/** Marks a database that holds this data already. */
const MARK = 'lists-bench';

export async function isListsLoaded(c: pg.Client): Promise<boolean> {
  const { rows } = await c.query(`SELECT 1 FROM support_messages WHERE subject = $1 LIMIT 1`, [MARK]);
  return rows.length > 0;
}

/**
 * Loads the lists' data for the sellers of the orders bench (`sellerIds[0]` the big one) in one
 * transaction, foreign-key triggers off when the role may (every reference is built valid).
 */
export async function loadLists(c: pg.Client, sellerIds: number[]): Promise<LoadStep[]> {
  const steps: LoadStep[] = [];
  const run = async (step: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const res = await c.query(text, values);
    steps.push({ step, rows: res.rowCount ?? 0, ms: performance.now() - started });
  };
  const big = sellerIds[0];
  const others = sellerIds.slice(1);
  const perOther = Math.floor((PRODUCTS_TOTAL - BIG_PRODUCTS) / others.length);
  await c.query('BEGIN');
  try {
    await c.query(`SET LOCAL synchronous_commit = off`);
    await c.query(`SET LOCAL work_mem = '256MB'`);
    await c.query('SAVEPOINT replica');
    try {
      await c.query('SET LOCAL session_replication_role = replica');
    } catch {
      await c.query('ROLLBACK TO SAVEPOINT replica');
    }
    // Products up to the target, each seller's count topped up: the big seller to BIG_PRODUCTS.
    await run(
      'products (top-up)',
      `INSERT INTO products (seller_id, name, description, is_publish, configured, keywords, sku, price_cents, quantity,
         created_at, updated_at)
       SELECT s.seller_id,
              (ARRAY['Robe','Jupe','Blouse','Pull','Veste','Sac','Collier','Bague','Chemise','Manteau'])[1 + n % 10]
                || ' ' || (ARRAY['fleurie','longue','courte','rayée','brodée','en lin','en soie','oversize'])[1 + (n / 10) % 8]
                || ' ' || n,
              '', n % 7 <> 0, true, 'ref' || n, 'SKU' || s.seller_id || '-' || n, 500 + (n % 80) * 100, 0,
              now() - (n % 700) * interval '1 day', now() - (n % 700) * interval '1 day'
       FROM (SELECT seller_id, count(*)::int AS have FROM products WHERE seller_id = ANY($1::int[]) GROUP BY seller_id) s
       CROSS JOIN LATERAL generate_series(s.have, CASE WHEN s.seller_id = $2 THEN ${BIG_PRODUCTS} ELSE ${perOther} END - 1) n`,
      [sellerIds, big],
    );
    await run(
      'product configurations (top-up)',
      `INSERT INTO product_configurations (product_id, seller_id, color_id, size_id, price_cents, quantity, sku)
       SELECT p.id, p.seller_id, (SELECT min(id) FROM colors) + p.id % 10, (SELECT min(id) FROM sizes) + k,
              p.price_cents, (p.id + k) % 12, p.sku || '-' || k
       FROM products p CROSS JOIN generate_series(0, 1) k
       WHERE p.seller_id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM product_configurations c WHERE c.product_id = p.id)`,
      [sellerIds],
    );
    // Comments: the big seller's half in its last live, the rest over every seller's lives.
    await run(
      'live comments',
      `INSERT INTO live_comments (session_id, seller_id, external_id, platform, social_identity_id, from_id, from_name,
         message, created_time, received_at, processed_at, outcome)
       SELECT x.session_id, x.seller_id, 'cm' || x.n, 'facebook', i.id, i.external_user_id, i.name,
              (ARRAY['robe12 M','jupe4 rouge','bague7','je prends sac3','combien le pull9 ?','collier2 x2','wow','manteau5 L'])[1 + x.n % 8],
              x.t, x.t + interval '1 second', x.t + interval '2 seconds',
              (ARRAY['cart','cart','waiting','no_match','ignored','cart','answered','no_match'])[1 + x.n % 8]
       FROM (
         SELECT n, s.id AS session_id, s.seller_id, s.started_at + (n % 5400) * interval '1 second' AS t
         FROM generate_series(0, ${BIG_LAST_LIVE_COMMENTS - 1}) n,
              LATERAL (SELECT id, seller_id, started_at FROM live_sessions WHERE seller_id = $1 ORDER BY started_at DESC LIMIT 1) s
         UNION ALL
         SELECT n, s.id, s.seller_id, s.started_at + (n % 5400) * interval '1 second'
         FROM generate_series(${BIG_LAST_LIVE_COMMENTS}, ${BIG_COMMENTS - 1}) n,
              LATERAL (SELECT id, seller_id, started_at FROM live_sessions WHERE seller_id = $1
                       ORDER BY started_at DESC OFFSET 1 + n % 19 LIMIT 1) s
         UNION ALL
         SELECT n, ls.id, ls.seller_id, ls.started_at + (n % 5400) * interval '1 second'
         FROM generate_series(${BIG_COMMENTS}, ${COMMENTS_TOTAL - 1}) n
         JOIN (SELECT id, seller_id, started_at, row_number() OVER (ORDER BY id) - 1 AS k
               FROM live_sessions WHERE seller_id = ANY($2::int[])) ls
           ON ls.k = (n::bigint * 7919) % (SELECT count(*) FROM live_sessions WHERE seller_id = ANY($2::int[]))
       ) x
       JOIN (SELECT id, seller_id, external_user_id, name,
                    row_number() OVER (PARTITION BY seller_id ORDER BY id) - 1 AS k
             FROM social_identities) i ON i.seller_id = x.seller_id AND i.k = x.n % 50`,
      [big, others],
    );
    await run(
      'notifications',
      `INSERT INTO notifications (user_id, type, title_fr, title_en, body_fr, body_en, link, read_at, created_at)
       SELECT s.id, (ARRAY['order_paid','waiting_served','token_expired','order_paid'])[1 + n % 4],
              'Commande payée ' || n, 'Order paid ' || n, 'La commande ' || n || ' est payée', 'Order ' || n || ' is paid',
              '/orders', CASE WHEN n % 10 > 0 THEN now() - n * interval '10 minutes' END, now() - n * interval '15 minutes'
       FROM unnest($1::int[]) s(id)
       CROSS JOIN LATERAL generate_series(0, CASE WHEN s.id = $2 THEN ${BIG_NOTIFICATIONS} ELSE ${NOTIFICATIONS_PER_SELLER} END - 1) n`,
      [sellerIds, big],
    );
    await run(
      'custom chatbot replies',
      `INSERT INTO chatbot_messages (seller_id, type, name, keywords, message_fr, message_en, active, answer_count,
         created_at, updated_at)
       SELECT s.id, 'users', 'Scénario ' || n, 'promo' || n, 'Merci pour votre message ' || n, 'Thanks for your message ' || n,
              n % 4 <> 0, n % 37, now() - n * interval '1 day', now() - n * interval '1 day'
       FROM unnest($1::int[]) s(id)
       CROSS JOIN LATERAL generate_series(0, CASE WHEN s.id = $2 THEN ${BIG_CHATBOT_REPLIES} ELSE ${CHATBOT_REPLIES_PER_SELLER} END - 1) n`,
      [sellerIds, big],
    );
    await run(
      'support requests',
      `INSERT INTO support_messages (type, user_id, locale, subject, message, status, created_at, updated_at)
       SELECT 'support', s.id, 'fr', CASE WHEN n = 0 THEN $2 ELSE 'Question ' || n END, 'Bonjour, une question.',
              (ARRAY['open','answered','closed'])[1 + (s.id + n) % 3], now() - (s.id % 300 + n) * interval '1 day',
              now() - (s.id % 300 + n) * interval '1 day'
       FROM unnest($1::int[]) s(id) CROSS JOIN generate_series(0, ${SUPPORT_PER_SELLER - 1}) n`,
      [sellerIds, MARK],
    );
    await run(
      'stores',
      `INSERT INTO stores (seller_id, platform, external_id, name, created_at)
       SELECT s.id, (ARRAY['facebook','instagram'])[1 + n], 'pg' || s.id || '-' || n, 'Boutique ' || s.id || ' ' || n,
              now() - n * interval '1 day'
       FROM unnest($1::int[]) s(id) CROSS JOIN generate_series(0, ${STORES_PER_SELLER - 1}) n`,
      [sellerIds],
    );
    for (const t of [
      'products',
      'product_configurations',
      'live_comments',
      'notifications',
      'chatbot_messages',
    ]) {
      await c.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    }
    for (const t of ['support_messages', 'stores']) {
      await c.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
    }
    await c.query('COMMIT');
    return steps;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
