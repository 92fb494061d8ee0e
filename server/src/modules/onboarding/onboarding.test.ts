import { randomBytes } from 'node:crypto';
import { ONBOARDING_STEPS, type TOnboardingStep } from '@livecart/contract/onboarding';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authedClient,
  client,
  makeAdmin,
  makeBuyer,
  mergeCookies,
  ORIGIN,
  sentMails,
  startTestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { countryId } from '../../../test/payment-fixtures.ts';
import { type Api, loadRefs, type Refs, sellerApi, simpleBody } from '../../../test/product-fixtures.ts';
import { shippingMethodCountries, shippingMethods } from '../../db/schema/index.ts';
import type { Runtime } from '../../runtime.ts';

let rt: Runtime;
let refs: Refs;
beforeAll(async () => {
  rt = await startTestApp();
  refs = await loadRefs(rt);
});
afterAll(() => rt.close());

const db = () => rt.deps.database.db;

/** A seller signed up as a merchant does: the form (company and tax id), the e-mailed link, a password. */
async function signedUpSeller() {
  const email = `onboarding-${randomBytes(6).toString('hex')}@test.local`;
  const asked = await rt.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/auth/invite?locale=fr',
    headers: { origin: ORIGIN },
    payload: {
      role_id: 2,
      email,
      first_name: 'Inès',
      last_name: 'Morel',
      phone: '0611223344',
      company_name: 'Atelier Inès',
      tax_id: '85234567800017',
      accept_terms: true,
    },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const mail = (await sentMails(rt)).find((m) => m.to === email);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  const done = await rt.app.inject({
    remoteAddress: uniqueIp(),
    method: 'POST',
    url: '/api/auth/changePassword',
    headers: { origin: ORIGIN },
    payload: { token, password: 'bienvenue1', confirm_password: 'bienvenue1' },
  });
  expect(done.statusCode, done.body).toBe(200);
  return {
    id: done.json().user.id as number,
    api: authedClient(rt, mergeCookies({}, done.headers['set-cookie'])),
  };
}

async function checklist(api: Api) {
  const res = await api.get('/api/onboarding/checklist');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    steps: { key: TOnboardingStep; done: boolean }[];
    done: number;
    total: number;
    dismissed: boolean;
  };
}

/** The steps done, in the checklist's order. */
const doneSteps = async (api: Api) => (await checklist(api)).steps.filter((s) => s.done).map((s) => s.key);

/**
 * The seller's copy of a catalogue carrier, switched on, as the shipping screen makes it (the
 * catalogue entry comes with migration 0013); priced for France unless told otherwise.
 */
async function shippingCopy(sellerId: number, priced = true, carrier = 'Colissimo') {
  const [entry] = await db()
    .select()
    .from(shippingMethods)
    .where(and(isNull(shippingMethods.seller_id), eq(shippingMethods.name, carrier)));
  const [copy] = await db()
    .insert(shippingMethods)
    .values({ seller_id: sellerId, template_id: entry.id, name: entry.name, status: true })
    .returning();
  if (priced) {
    await db()
      .insert(shippingMethodCountries)
      .values({
        shipping_method_id: copy.id,
        seller_id: sellerId,
        country_id: await countryId(rt, 'FR'),
        price_cents: 490,
      });
  }
  return copy;
}

/** Each step set up through the call of its screen, in the checklist's order. */
const SET_UP: Record<TOnboardingStep, (api: Api, sellerId: number) => Promise<void>> = {
  shop: async (api) => {
    const res = await api.post('/api/address-seller', {
      country_id: await countryId(rt, 'FR'),
      city: 'Lyon',
      post_code: '69002',
      address1: '4 quai Saint-Antoine',
    });
    expect(res.statusCode, res.body).toBe(200);
  },
  payment: async (api) => {
    const res = await api.post('/api/payments/settings/sandbox', {});
    expect(res.statusCode, res.body).toBe(200);
  },
  shipping: async (_api, sellerId) => {
    await shippingCopy(sellerId);
  },
  legal: async (api) => {
    const res = await api.post('/api/update-link-settings', { terms_link: 'https://atelier.example/cgv' });
    expect(res.statusCode, res.body).toBe(200);
  },
  product: async (api) => {
    const res = await api.post('/api/product', simpleBody(refs, { isPublish: true, keywords: 'robe12' }));
    expect(res.statusCode, res.body).toBe(200);
  },
  live: async (api) => {
    const res = await api.post('/api/livesession', { event_date: '2026-12-24', event_time: '18:00' });
    expect(res.statusCode, res.body).toBe(200);
  },
};

describe('the first-live checklist', () => {
  it('a new seller starts with every step to do, and each step ticks when its screen saves it', async () => {
    const { id, api } = await signedUpSeller();
    expect(await checklist(api)).toEqual({
      steps: ONBOARDING_STEPS.map((key) => ({ key, done: false })),
      done: 0,
      total: 6,
      dismissed: false,
    });
    const done: TOnboardingStep[] = [];
    for (const step of ONBOARDING_STEPS) {
      await SET_UP[step](api, id);
      done.push(step);
      expect(await doneSteps(api), step).toEqual(done);
    }
    expect(await checklist(api)).toMatchObject({ done: 6, total: 6, dismissed: false });
  });

  it('half-done steps stay undone: a company without an address, an unpriced method, a draft product', async () => {
    const { seller, api } = await sellerApi(rt);
    // no tax id given at sign-up (an account made without the form): a company and an address are not enough
    await api.post('/api/profile', { first_name: 'Léa', last_name: 'Martin', company_name: 'Chez Léa' });
    await SET_UP.shop(api, seller.id);
    await shippingCopy(seller.id, false);
    const off = await shippingCopy(seller.id, true, 'Mondial Relay');
    await db().update(shippingMethods).set({ status: false }).where(eq(shippingMethods.id, off.id));
    const draft = await api.post('/api/product', simpleBody(refs, { isPublish: false, keywords: 'robe13' }));
    expect(draft.statusCode, draft.body).toBe(200);
    const noKeyword = await api.post('/api/product', simpleBody(refs, { isPublish: true, keywords: '' }));
    expect(noKeyword.statusCode, noKeyword.body).toBe(200);
    expect(await doneSteps(api)).toEqual([]);

    // a published product deleted, a session removed: undone again
    const product = (
      await api.post('/api/product', simpleBody(refs, { isPublish: true, keywords: 'robe14' }))
    ).json().product;
    await SET_UP.live(api, seller.id);
    expect(await doneSteps(api)).toEqual(['product', 'live']);
    expect((await api.delete(`/api/products/delete/${product.id}`)).statusCode).toBe(200);
    const sessions = (await api.get('/api/livesession/fetch-items')).json().items as { id: number }[];
    expect((await api.get(`/api/livesession/remove/${sessions[0].id}`)).statusCode).toBe(200);
    expect(await doneSteps(api)).toEqual([]);
  });

  it('another seller’s data never ticks a step, and their dismissal is theirs', async () => {
    const other = await signedUpSeller();
    for (const step of ONBOARDING_STEPS) await SET_UP[step](other.api, other.id);
    const me = await signedUpSeller();
    expect(await checklist(me.api)).toMatchObject({ done: 0, dismissed: false });
    expect((await other.api.post('/api/onboarding/dismiss')).statusCode).toBe(200);
    expect(await checklist(me.api)).toMatchObject({ done: 0, dismissed: false });
    expect(await checklist(other.api)).toMatchObject({ done: 6, dismissed: true });
  });

  it('a seller may dismiss it: the steps stay as they are and the settings keep their defaults', async () => {
    const { seller, api } = await sellerApi(rt);
    await SET_UP.payment(api, seller.id);
    const res = await api.post('/api/onboarding/dismiss');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await checklist(api)).toMatchObject({ done: 1, dismissed: true });
    expect((await api.post('/api/onboarding/dismiss', {})).statusCode).toBe(200);
    expect(await checklist(api)).toMatchObject({ dismissed: true });
    const settings = (await api.get('/api/fetch-settings')).json().item;
    expect(settings).toMatchObject({
      cart_duration: 30,
      shop_locale: 'fr',
      terms_link: null,
      terms_doc: null,
    });
  });

  it('only sellers: shoppers and admins are refused, strangers must sign in, other sites are refused', async () => {
    const { api } = await sellerApi(rt);
    const buyer = await client(rt, await makeBuyer(rt));
    const admin = await client(rt, await makeAdmin(rt));
    for (const other of [buyer, admin]) {
      expect((await other.get('/api/onboarding/checklist')).statusCode).toBe(403);
      expect((await other.post('/api/onboarding/dismiss')).statusCode).toBe(403);
    }
    expect((await rt.app.inject({ method: 'GET', url: '/api/onboarding/checklist' })).statusCode).toBe(401);
    const anonymous = await rt.app.inject({
      method: 'POST',
      url: '/api/onboarding/dismiss',
      headers: { origin: ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await api.post('/api/onboarding/dismiss', undefined, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('bad_origin');
    expect((await checklist(api)).dismissed).toBe(false);
  });
});
