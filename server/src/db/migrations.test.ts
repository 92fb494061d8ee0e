import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite } from './client.ts';

/*
 * Migrations that rewrite data, run on a database left by an earlier release: the migrations up
 * to that release are applied, rows are written as that release wrote them, then the rest runs.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy of the migrations folder whose journal stops after migration `tag`. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'livecart-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('trust #2: social identities become one seller’s', () => {
  it('an identity two sellers shared is split: each seller keeps its own rows, links stay only where that seller’s order was bought', async () => {
    const client = openPglite('memory://');
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0003_live_claim_function') });
    const one = async <T>(text: string) => (await client.query<T>(text)).rows[0];
    const id = async (text: string) => (await one<{ id: number }>(text)).id;

    const sellerA = await id(
      `INSERT INTO users (role_id, status, email) VALUES (2, 'active', 'a@x.test') RETURNING id`,
    );
    const sellerB = await id(
      `INSERT INTO users (role_id, status, email) VALUES (2, 'active', 'b@x.test') RETURNING id`,
    );
    const shopper = await id(
      `INSERT INTO users (role_id, status, email) VALUES (1, 'active', 's@x.test') RETURNING id`,
    );
    const shared = await id(
      `INSERT INTO social_identities (platform, external_user_id, name, user_id, linked_at)
       VALUES ('facebook', 'fb-42', 'Léa', ${shopper}, now()) RETURNING id`,
    );
    const alone = await id(
      `INSERT INTO social_identities (platform, external_user_id, name) VALUES ('facebook', 'fb-7', 'Max') RETURNING id`,
    );
    await id(
      `INSERT INTO social_identities (platform, external_user_id) VALUES ('facebook', 'fb-none') RETURNING id`,
    );
    const session = await id(
      `INSERT INTO live_sessions (seller_id, event_date, event_time) VALUES (${sellerB}, '2026-01-01', '20:00') RETURNING id`,
    );
    // A saw fb-42 first (bought by the shopper), B later (an open cart with a payment started).
    const orderA = await id(
      `INSERT INTO orders (seller_id, buyer_id, social_identity_id, order_number, status, created_at)
       VALUES (${sellerA}, ${shopper}, ${shared}, 'LCAAAAAAAAAA', 'payed', now() - interval '2 days') RETURNING id`,
    );
    const orderB = await id(
      `INSERT INTO orders (seller_id, social_identity_id, order_number, status)
       VALUES (${sellerB}, ${shared}, 'LCBBBBBBBBBB', 'new') RETURNING id`,
    );
    await client.query(
      `INSERT INTO payments (order_id, seller_id, provider, amount_cents, status)
       VALUES (${orderB}, ${sellerB}, 'sandbox', 2990, 'open')`,
    );
    await client.query(
      `INSERT INTO orders (seller_id, social_identity_id, order_number, status)
       VALUES (${sellerA}, ${alone}, 'LCCCCCCCCCCC', 'new')`,
    );
    const commentB = await id(
      `INSERT INTO live_comments (session_id, seller_id, external_id, social_identity_id, from_id, message, created_time)
       VALUES (${session}, ${sellerB}, 'c-1', ${shared}, 'fb-42', 'robe', now()) RETURNING id`,
    );

    await migrate(db, { migrationsFolder });

    const identities = (
      await client.query<{ id: number; seller_id: number; external_user_id: string; user_id: number | null }>(
        `SELECT id, seller_id, external_user_id, user_id FROM social_identities ORDER BY external_user_id, seller_id`,
      )
    ).rows;
    expect(identities.map((i) => [i.external_user_id, i.seller_id, i.user_id])).toEqual([
      ['fb-42', sellerA, shopper],
      ['fb-42', sellerB, null],
      ['fb-7', sellerA, null],
    ]);
    const [atA, atB] = identities;
    expect(atA.id).toBe(shared);
    const identityOf = async (table: string, rowId: number) =>
      (
        await one<{ social_identity_id: number }>(
          `SELECT social_identity_id FROM ${table} WHERE id = ${rowId}`,
        )
      ).social_identity_id;
    expect(await identityOf('orders', orderA)).toBe(atA.id);
    expect(await identityOf('orders', orderB)).toBe(atB.id);
    expect(await identityOf('live_comments', commentB)).toBe(atB.id);
    // B's cart had a payment started: it takes no more articles.
    expect(
      (await one<{ checkout_at: Date | null }>(`SELECT checkout_at FROM orders WHERE id = ${orderB}`))
        .checkout_at,
    ).not.toBeNull();
    await client.close();
  });

  it('trust #13: an active seller left without any subscription gets the trial; others keep theirs', async () => {
    const client = openPglite('memory://');
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0004_identities_per_seller') });
    // The reference plans, as every start seeds them.
    await client.query(`INSERT INTO plans (code, name_fr, name_en) VALUES ('basic', 'Basique', 'Basic')`);
    const id = async (text: string) => (await client.query<{ id: number }>(text)).rows[0].id;
    const lockedOut = await id(
      `INSERT INTO users (role_id, status, email) VALUES (2, 'active', 'l@x.test') RETURNING id`,
    );
    const pending = await id(
      `INSERT INTO users (role_id, status, email) VALUES (2, 'pending', 'p@x.test') RETURNING id`,
    );
    const shopper = await id(
      `INSERT INTO users (role_id, status, email) VALUES (1, 'active', 's@x.test') RETURNING id`,
    );
    await migrate(db, { migrationsFolder });
    const subs = (
      await client.query<{ user_id: number; status: string; days: number }>(
        `SELECT user_id, status, round(extract(epoch FROM trial_end - now()) / 86400)::int AS days FROM subscriptions`,
      )
    ).rows;
    expect(subs).toEqual([{ user_id: lockedOut, status: 'trialing', days: 30 }]);
    expect(subs.map((x) => x.user_id)).not.toContain(pending);
    expect(subs.map((x) => x.user_id)).not.toContain(shopper);
    const [user] = (
      await client.query<{ subscription_id: string }>(
        `SELECT subscription_id FROM users WHERE id = ${lockedOut}`,
      )
    ).rows;
    expect(user.subscription_id).toBe(`trial_${lockedOut}`);
    await client.close();
  });
});
