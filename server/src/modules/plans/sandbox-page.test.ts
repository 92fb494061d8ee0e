import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, startTestApp } from '../../../test/helpers.ts';
import { sandboxBillingPageKey } from '../../integrations/billing/index.ts';
import type { Runtime } from '../../runtime.ts';
import { sandboxBilling } from './sandbox-page.ts';

let rt: Runtime;
let prod: Runtime;
beforeAll(async () => {
  [rt, prod] = await Promise.all([startTestApp(), startTestApp({ env: 'production' })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([rt?.close(), prod?.close()]);
});

const env = (r: Runtime) => ({ config: r.deps.config, db: r.deps.database.db });
let n = 0;

/** A registration started for a new customer, returning to the app's return page with its secret. */
async function registration(r = rt, lang = '') {
  const provider = sandboxBilling(env(r));
  const customerId = await provider.createCustomer({
    email: 's@x.fr',
    name: 'S',
    userId: ++n,
    idempotencyKey: `c${Date.now()}${n}`,
  });
  const returnUrl = `${ORIGIN}${lang}/billing/return?setup_intent_client_secret=secret${n}`;
  const setup = await provider.startSetup({ customerId, returnUrl, idempotencyKey: `s${Date.now()}${n}` });
  const k = sandboxBillingPageKey(r.deps.config.authSecret, setup.id);
  return { provider, customerId, setup, k, returnUrl };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (
  id: string,
  k: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  lang = '',
) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/sandbox/billing/${id}?k=${encodeURIComponent(k)}${lang}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: form(fields),
  });

describe('sandbox billing card page', () => {
  it('shows the test cards, a card form and an IBAN form, in French or English, with the page policy', async () => {
    const { setup, k } = await registration();
    expect(setup.redirectUrl).toBe(`${ORIGIN}/sandbox/billing/${setup.id}?k=${k}`);
    const fr = await rt.app.inject({ url: `/sandbox/billing/${setup.id}?k=${k}` });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toMatch(/^text\/html/);
    expect(fr.headers['content-security-policy']).toContain("script-src 'self'");
    expect(fr.headers['x-frame-options']).toBe('DENY');
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('4242 4242 4242 4242');
    expect(fr.body).toContain('4000 0025 0000 3155');
    expect(fr.body).toContain('FR76 3000 6000 0112 3456 7890 189');
    expect(fr.body).toContain('Numéro de carte');
    expect(fr.body).toContain('name="viewport"');
    expect(fr.body).not.toContain('<script');
    for (const url of [
      `/en/sandbox/billing/${setup.id}?k=${k}`,
      `/sandbox/billing/${setup.id}?k=${k}&lang=en`,
    ]) {
      const en = await rt.app.inject({ url });
      expect(en.statusCode).toBe(200);
      expect(en.body).toContain('<html lang="en">');
      expect(en.body).toContain('Card number');
      expect(en.body).toContain('&amp;lang=en');
    }
  });

  it('a 4242 card registers and returns to the app with the intent and succeeded', async () => {
    const { provider, setup, k, returnUrl, customerId } = await registration();
    const res = await post(setup.id, k, {
      action: 'card',
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${returnUrl}&setup_intent=${setup.id}&redirect_status=succeeded`);
    expect(await provider.getSetup(setup.id)).toMatchObject({
      status: 'succeeded',
      paymentMethod: { last4: '4242', expMonth: 12, expYear: 2034 },
    });
    expect(await provider.listPaymentMethods(customerId)).toHaveLength(1);
    // A second submission is refused and changes nothing.
    const again = await post(setup.id, k, {
      action: 'card',
      number: '4000000000000341',
      expiry: '12/34',
      cvc: '123',
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Cet enregistrement est terminé.');
    expect(await provider.listPaymentMethods(customerId)).toHaveLength(1);
  });

  it('0002 is declined: back to the app with failed', async () => {
    const { provider, setup, k } = await registration(rt, '/en');
    // A registration returning to an English page opens the English card page.
    expect(setup.redirectUrl).toBe(`${ORIGIN}/en/sandbox/billing/${setup.id}?k=${k}`);
    const res = await post(
      setup.id,
      k,
      { action: 'card', number: '4000000000000002', expiry: '01/40', cvc: '123' },
      {},
      '&lang=en',
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(
      /^http:\/\/localhost:3000\/en\/billing\/return\?setup_intent_client_secret=\w+&setup_intent=sbx_seti_\w+&redirect_status=failed$/,
    );
    expect((await provider.getSetup(setup.id)).status).toBe('failed');
  });

  it('3155 asks for authentication: Approve registers it, Fail fails the registration', async () => {
    for (const answer of ['approve', 'fail'] as const) {
      const { provider, setup, k, customerId } = await registration();
      const res = await post(setup.id, k, {
        action: 'card',
        number: '4000002500003155',
        expiry: '12/34',
        cvc: '123',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/sandbox/billing/${setup.id}?k=${encodeURIComponent(k)}`);
      const page = await rt.app.inject({ url: res.headers.location as string });
      expect(page.body).toContain('Authentification de la banque');
      expect(page.body).toContain('3155');
      // The card form is not taken during the authentication step.
      expect(
        (await post(setup.id, k, { action: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' }))
          .statusCode,
      ).toBe(409);
      const done = await post(setup.id, k, { action: answer });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toContain(
        `redirect_status=${answer === 'approve' ? 'succeeded' : 'failed'}`,
      );
      expect(await provider.listPaymentMethods(customerId)).toHaveLength(answer === 'approve' ? 1 : 0);
      expect((await post(setup.id, k, { action: 'approve' })).statusCode).toBe(409);
    }
  });

  it('the test IBAN registers a SEPA Direct Debit', async () => {
    const { provider, setup, k } = await registration();
    const res = await post(setup.id, k, { action: 'iban', iban: 'FR76 3000 6000 0112 3456 7890 189' });
    expect(res.statusCode).toBe(303);
    expect((await provider.getSetup(setup.id)).paymentMethod).toMatchObject({
      kind: 'sepa_debit',
      last4: '0189',
    });
  });

  it('a bad field shows the page again naming it, and changes nothing', async () => {
    const { provider, setup, k } = await registration();
    const cases: [Record<string, string>, string][] = [
      [
        { action: 'card', number: '1234 5678 9012 3456', expiry: '12/34', cvc: '123' },
        'Numéro de carte : utilisez une des cartes de test.',
      ],
      [{ action: 'card', number: '4242424242424242', expiry: '13/34', cvc: '123' }, 'Expiration'],
      [{ action: 'card', number: '4242424242424242', expiry: '01/20', cvc: '123' }, 'Expiration'],
      [{ action: 'card', number: '4242424242424242', expiry: 'soon', cvc: '123' }, 'Expiration'],
      [{ action: 'card', number: '4242424242424242', expiry: '12/34', cvc: '12' }, 'Cryptogramme'],
      [{ action: 'iban', iban: 'DE89370400440532013000' }, 'IBAN : utilisez'],
      [{ action: 'pay' }, 'Action inconnue.'],
      [{}, 'Action inconnue.'],
    ];
    for (const [fields, message] of cases) {
      const res = await post(setup.id, k, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.body).toContain(message);
    }
    // The typed values come back escaped.
    const res = await post(setup.id, k, { action: 'card', number: '"><b>x', expiry: '12/34', cvc: '123' });
    expect(res.body).toContain('value="&quot;&gt;&lt;b&gt;x"');
    expect((await provider.getSetup(setup.id)).status).toBe('pending');
  });

  it('404 with a wrong or missing key, for an unknown intent, and everywhere in production', async () => {
    const { setup } = await registration();
    const wrong = sandboxBillingPageKey('another-secret-another-secret-12345', setup.id);
    for (const url of [
      `/sandbox/billing/${setup.id}?k=${wrong}`,
      `/sandbox/billing/${setup.id}`,
      `/sandbox/billing/sbx_seti_000000000000000000000000?k=${sandboxBillingPageKey(rt.deps.config.authSecret, 'sbx_seti_000000000000000000000000')}`,
    ]) {
      expect((await rt.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect(
      (await post(setup.id, wrong, { action: 'iban', iban: 'FR7630006000011234567890189' })).statusCode,
    ).toBe(404);

    const p = await registration(prod);
    expect((await prod.app.inject({ url: `/sandbox/billing/${p.setup.id}?k=${p.k}` })).statusCode).toBe(404);
    const posted = await prod.app.inject({
      method: 'POST',
      url: `/api/sandbox/billing/${p.setup.id}?k=${p.k}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: form({ action: 'iban', iban: 'FR7630006000011234567890189' }),
    });
    expect(posted.statusCode).toBe(404);
    expect((await p.provider.getSetup(p.setup.id)).status).toBe('pending');
  });

  it('a form posted from another site is refused and changes nothing', async () => {
    const { provider, setup, k } = await registration();
    const res = await post(
      setup.id,
      k,
      { action: 'iban', iban: 'FR7630006000011234567890189' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('bad_origin');
    expect((await provider.getSetup(setup.id)).status).toBe('pending');
  });
});
