import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeSeller, startTestApp } from '../../../test/helpers.ts';
import { socialIdentities } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';
import { addViewers } from './identities.ts';

/* The viewers of a live post, recorded ahead of its claim. */

let rt: Runtime;
const db = () => rt.deps.database.db;
const uniq = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  rt = await startTestApp();
});
afterAll(() => rt.close());

const identitiesOf = (sellerId: number) =>
  db()
    .select({
      platform: socialIdentities.platform,
      id: socialIdentities.external_user_id,
      name: socialIdentities.name,
    })
    .from(socialIdentities)
    .where(eq(socialIdentities.seller_id, sellerId))
    .orderBy(asc(socialIdentities.id));

it('records each new viewer once, under the first name the post shows', async () => {
  const seller = await makeSeller(rt);
  const [anne, bob] = [`fb-${uniq()}`, `fb-${uniq()}`];
  const added = await addViewers(db(), seller.id, [
    { platform: 'facebook', fromId: anne, fromName: 'Anne' },
    { platform: 'facebook', fromId: bob, fromName: 'Bob' },
    { platform: 'facebook', fromId: anne, fromName: 'Anne B.' },
    // The same id on Instagram is another identity.
    { platform: 'instagram', fromId: anne, fromName: 'anne.ig' },
    // A comment without its author is left to the claim.
    { platform: 'facebook', fromId: null, fromName: 'Personne' },
  ]);
  expect(added).toBe(3);
  expect(
    (await identitiesOf(seller.id)).sort((a, b) =>
      `${a.platform}${a.id}`.localeCompare(`${b.platform}${b.id}`),
    ),
  ).toEqual(
    [
      { platform: 'facebook', id: anne, name: 'Anne' },
      { platform: 'facebook', id: bob, name: 'Bob' },
      { platform: 'instagram', id: anne, name: 'anne.ig' },
    ].sort((a, b) => `${a.platform}${a.id}`.localeCompare(`${b.platform}${b.id}`)),
  );
});

it('leaves a known viewer as it is, and adds only the new ones', async () => {
  const seller = await makeSeller(rt);
  const known = `fb-${uniq()}`;
  // Known to the database before this process saw them (another process recorded them).
  await db()
    .insert(socialIdentities)
    .values({ seller_id: seller.id, platform: 'facebook', external_user_id: known, name: 'Claire' });
  const fresh = `fb-${uniq()}`;
  const added = await addViewers(db(), seller.id, [
    { platform: 'facebook', fromId: known, fromName: 'Claire D.' },
    { platform: 'facebook', fromId: fresh, fromName: 'Denise' },
  ]);
  expect(added).toBe(1);
  expect(await identitiesOf(seller.id)).toEqual([
    { platform: 'facebook', id: known, name: 'Claire' },
    { platform: 'facebook', id: fresh, name: 'Denise' },
  ]);
  // Seen again: nothing to add.
  expect(
    await addViewers(db(), seller.id, [{ platform: 'facebook', fromId: fresh, fromName: 'Denise' }]),
  ).toBe(0);
});

it("another seller's viewer of the same id is another identity", async () => {
  const [a, b] = [await makeSeller(rt), await makeSeller(rt)];
  const same = `fb-${uniq()}`;
  expect(await addViewers(db(), a.id, [{ platform: 'facebook', fromId: same, fromName: 'Eve' }])).toBe(1);
  expect(await addViewers(db(), b.id, [{ platform: 'facebook', fromId: same, fromName: 'Eve' }])).toBe(1);
  expect(await identitiesOf(a.id)).toEqual([{ platform: 'facebook', id: same, name: 'Eve' }]);
  expect(await identitiesOf(b.id)).toEqual([{ platform: 'facebook', id: same, name: 'Eve' }]);
});
