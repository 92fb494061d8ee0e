import { ROLE } from '@livecart/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_ROUTES } from '../src/modules/events/routes.ts';
import type { Runtime } from '../src/runtime.ts';
import { client, cookieHeader, makeAdmin, makeBuyer, makeSeller, ORIGIN, startTestApp } from './helpers.ts';

let rt: Runtime;
type Api = Awaited<ReturnType<typeof client>>;
let as: Record<'buyer' | 'seller' | 'admin' | 'expiredSeller', Api>;

beforeAll(async () => {
  rt = await startTestApp();
  as = {
    buyer: await client(rt, await makeBuyer(rt)),
    seller: await client(rt, await makeSeller(rt)),
    admin: await client(rt, await makeAdmin(rt)),
    expiredSeller: await client(rt, await makeSeller(rt, { subscription: 'expired' })),
  };
});
afterAll(() => rt.close());

const concrete = (url: string) => url.replace(/\*$/, 'x').replace(/:(\w+)/g, '1');

async function call(api: Api | null, method: string, url: string) {
  if (STREAM_ROUTES.includes(url)) {
    // A stream never ends: read its status and headers, then let go of it.
    const res = await rt.app.inject({
      method: method as 'GET',
      url,
      headers: api ? { cookie: cookieHeader(api.jar) } : {},
      payloadAsStream: true,
    });
    if (res.statusCode === 200) {
      expect(res.headers['content-type'], url).toMatch(/^text\/event-stream/);
      res.stream().destroy();
      return res;
    }
    return rt.app.inject({
      method: method as 'GET',
      url,
      headers: api ? { cookie: cookieHeader(api.jar) } : {},
    });
  }
  if (!api)
    return rt.app.inject({
      method: method as 'GET',
      url,
      headers: method === 'GET' ? {} : { origin: ORIGIN },
    });
  const m = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return m === 'get' || m === 'delete' ? api[m](url) : api[m](url, {});
}

describe('role matrix', () => {
  it('every /api route declares who may call it', () => {
    expect(rt.app.accessTable.length).toBeGreaterThan(10);
    for (const r of rt.app.accessTable) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('signed-out callers get 401 and wrong roles 403 on every role-restricted route', async () => {
    const roleName = { [ROLE.buyer]: 'buyer', [ROLE.seller]: 'seller', [ROLE.admin]: 'admin' } as const;
    for (const route of rt.app.accessTable) {
      if (route.access === 'public') continue;
      const url = concrete(route.url);
      const anonymous = await call(null, route.method, url);
      expect(anonymous.statusCode, `anonymous ${route.method} ${url}`).toBe(401);
      if (route.access === 'user') continue;
      for (const role of [ROLE.buyer, ROLE.seller, ROLE.admin]) {
        const res = await call(as[roleName[role]], route.method, url);
        const label = `${roleName[role]} ${route.method} ${url}`;
        if (route.access.includes(role)) expect(res.statusCode, label).not.toBe(403);
        else expect(res.statusCode, label).toBe(403);
      }
    }
  });

  it('a path the router decodes is checked as the route it reaches: 401 signed out, 403 from another site', async () => {
    // `/%61pi/…` and `/a%70i/…` reach `/api/…` once decoded; an absolute-form target reaches it too.
    const disguised = (url: string) => [url.replace(/^\/api/, '/%61pi'), url.replace(/^\/api/, '/a%70i')];
    for (const route of rt.app.accessTable) {
      if (route.access === 'public' || STREAM_ROUTES.includes(route.url)) continue;
      for (const url of disguised(concrete(route.url))) {
        const res = await call(null, route.method, url);
        expect(res.statusCode, `anonymous ${route.method} ${url}`).toBe(401);
      }
    }
    const absolute = await rt.app.inject({
      method: 'POST',
      url: 'http://127.0.0.1/api/payment-plans',
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(absolute.statusCode).toBe(401);
    const evil = await as.buyer.post(
      '/%61pi/profile',
      { first_name: 'Evil', last_name: 'Site' },
      { origin: 'https://evil.example' },
    );
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toBe('bad_origin');
    const nul = await as.buyer.post('/%61pi/profile', { first_name: 'Ma\u0000rie', last_name: 'Curie' });
    expect(nul.statusCode).toBe(400);
    expect((await as.buyer.get('/api/profile')).json().user.first_name).toBe('Test');
  });

  it('a seller without a valid plan is refused seller calls with plan_required, but keeps the profile', async () => {
    const sellerOnly = rt.app.accessTable.filter(
      (r) => Array.isArray(r.access) && r.access.includes(ROLE.seller) && !r.withoutPlan,
    );
    expect(sellerOnly.length).toBeGreaterThan(0);
    for (const route of sellerOnly) {
      const res = await call(as.expiredSeller, route.method, concrete(route.url));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toBe(route.planError);
    }
    expect((await as.expiredSeller.get('/api/profile')).statusCode).toBe(200);
  });

  it('a seller on a fake or skipped subscription, or with status cancel, needs a plan', async () => {
    const skipped = await client(rt, await makeSeller(rt, { subscription_id: 'skip_sub_123' }));
    const fake = await client(rt, await makeSeller(rt, { subscription_id: 'fake_sub_9' }));
    const canceled = await client(rt, await makeSeller(rt, { status: 'cancel' }));
    for (const api of [skipped, fake, canceled]) {
      const res = await api.get('/api/dashboard/fetch-items');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('plan_required');
      expect((await api.get('/api/profile')).statusCode).toBe(200);
    }
    expect((await as.seller.get('/api/dashboard/fetch-items')).statusCode).toBe(200);
  });
});

describe('origin check', () => {
  it('a mutating call from another origin answers 403 and changes nothing', async () => {
    const res = await as.buyer.post(
      '/api/profile',
      { first_name: 'Evil', last_name: 'Site' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('bad_origin');
    const profile = (await as.buyer.get('/api/profile')).json();
    expect(profile.user.first_name).toBe('Test');
  });

  it('a same-origin call goes through', async () => {
    const res = await as.buyer.post('/api/profile', { first_name: 'Marie', last_name: 'Curie' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.first_name).toBe('Marie');
  });
});

describe('unknown routes', () => {
  it('an unknown /api path answers 404 JSON', async () => {
    const res = await rt.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});
