import { type APIRequestContext, expect, test } from '@playwright/test';
import { ROLES, type Role, SIGNED_OUT, sessionFile } from '../support/accounts.ts';

/* Each role's stored session reaches its own routes (SPEC §6) and is refused the routes of the other
   roles: 403 `forbidden`; without a session every one of them answers 401 `unauthorized`. */

const EVERY_ROLE = [
  '/api/dashboard/fetch-items',
  '/api/profile',
  '/api/fetch-notifications',
  '/api/orders/fetch-items',
];
const SELLER = [
  '/api/fetch-products',
  '/api/orders/fetch-live-items',
  '/api/orders/fetch-waiting-items',
  '/api/livesession/fetch-items',
  '/api/fetch-stores',
];
const ADMIN = [
  '/api/sellers/fetch-items',
  '/api/sellers/fetch-filters',
  '/api/sellers/history?emailSeller=seller%40demo.test',
];
const SELLER_AND_ADMIN = [
  '/api/payments/fetch-items',
  '/api/payments/fetch-filters',
  '/api/orders/fetch-filters',
  '/api/orders/export',
  '/api/support/fetch-items',
  '/api/buyers/fetch-items',
  '/api/buyers/fetch-filters',
];

/** What each role reaches, and what it is refused. The orders list answers every role on one
    address: a shopper their own orders, a seller theirs, admin every seller's. */
const ACCESS: Record<Role, { reaches: string[]; refused: string[] }> = {
  seller: { reaches: [...EVERY_ROLE, ...SELLER, ...SELLER_AND_ADMIN], refused: ADMIN },
  admin: { reaches: [...EVERY_ROLE, ...ADMIN, ...SELLER_AND_ADMIN], refused: SELLER },
  buyer: { reaches: EVERY_ROLE, refused: [...SELLER, ...ADMIN, ...SELLER_AND_ADMIN] },
};

/** `200`, or the status and error code of a refusal (`403 forbidden`), per path. */
async function answers(request: APIRequestContext, paths: string[]) {
  const out: Record<string, string> = {};
  for (const path of paths) {
    const res = await request.get(path);
    out[path] = res.ok() ? String(res.status()) : `${res.status()} ${(await res.json()).error}`;
  }
  return out;
}

const expected = (paths: string[], answer: string) => Object.fromEntries(paths.map((p) => [p, answer]));

for (const role of ROLES) {
  test.describe(`the ${role}'s session`, () => {
    test.use({ storageState: sessionFile(role) });

    test(`reaches the ${role}'s routes`, async ({ request }) => {
      const { reaches } = ACCESS[role];
      expect(await answers(request, reaches)).toEqual(expected(reaches, '200'));
    });

    test(`is refused the other roles' routes`, async ({ request }) => {
      const { refused } = ACCESS[role];
      expect(await answers(request, refused)).toEqual(expected(refused, '403 forbidden'));
    });
  });
}

test.describe('without a session', () => {
  test.use({ storageState: SIGNED_OUT });

  test('every signed route answers 401', async ({ request }) => {
    const paths = [...new Set(ROLES.flatMap((r) => ACCESS[r].reaches))];
    expect(await answers(request, paths)).toEqual(expected(paths, '401 unauthorized'));
  });
});
