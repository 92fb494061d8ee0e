import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { drizzleSandboxBillingStore } from '../../modules/plans/sandbox-store.ts';
import { type BillingEvent, BillingProviderError } from './provider.ts';
import { addMonths, SandboxBilling, type SandboxBillingStore } from './sandbox.ts';

let database: Database;
let store: SandboxBillingStore;
let clock = new Date('2026-03-10T09:00:00Z');

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  store = drizzleSandboxBillingStore(database.db);
}, 60_000);
afterAll(() => database?.close());

const provider = () =>
  new SandboxBilling({
    store,
    publicUrl: 'http://localhost:3000/',
    pageKey: (id) => `key-${id}`,
    now: () => clock,
  });

let seq = 0;

/** The events about one subscription (its own or its invoices'): the store is shared by the file's tests. */
async function about(p: SandboxBilling, events: BillingEvent[], subscriptionId: string) {
  const out: BillingEvent[] = [];
  for (const e of events) {
    if (e.objectId === subscriptionId) out.push(e);
    else if (
      e.type.startsWith('invoice.') &&
      (await p.getInvoice(e.objectId)).subscriptionId === subscriptionId
    )
      out.push(e);
  }
  return out;
}
const key = () => `k-${Date.now()}-${++seq}`;

/** A customer, plans synced (Business 49 € a month, 490 € a year), and a card registered as default. */
async function seller(card = '4242424242424242') {
  const p = provider();
  const customerId = await p.createCustomer({
    email: 'a@b.fr',
    name: 'A B',
    userId: ++seq,
    idempotencyKey: key(),
  });
  const [synced] = await p.syncPlans([
    { code: 'business', name: 'Business', monthlyCents: 4900, yearlyCents: 49000, known: {} },
  ]);
  const setup = await p.startSetup({
    customerId,
    returnUrl: 'http://localhost:3000/billing/return?setup_intent_client_secret=s3cret',
    idempotencyKey: key(),
  });
  const outcome = await p.submitSetup(setup.id, {
    kind: 'card',
    number: card,
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  const state = await p.getSetup(setup.id);
  if (state.paymentMethod) await p.setDefaultPaymentMethod(customerId, state.paymentMethod.id);
  return {
    p,
    customerId,
    month: synced?.month?.id ?? '',
    year: synced?.year?.id ?? '',
    setup,
    outcome,
    state,
  };
}

describe('sandbox billing', () => {
  it('registers a card through the card page and returns to the app with the intent and status', async () => {
    const { p, customerId, setup, outcome, state } = await seller();
    expect(setup.redirectUrl).toBe(`http://localhost:3000/sandbox/billing/${setup.id}?k=key-${setup.id}`);
    expect(outcome).toEqual({
      status: 'succeeded',
      redirectUrl: `http://localhost:3000/billing/return?setup_intent_client_secret=s3cret&setup_intent=${setup.id}&redirect_status=succeeded`,
    });
    expect(state).toMatchObject({
      status: 'succeeded',
      customerId,
      paymentMethod: { kind: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    expect(await p.listPaymentMethods(customerId)).toHaveLength(1);
    // A finished registration takes no second card.
    await expect(
      p.submitSetup(setup.id, {
        kind: 'card',
        number: '4242424242424242',
        expMonth: 1,
        expYear: 2031,
        cvc: '123',
      }),
    ).rejects.toMatchObject({ kind: 'invalid_request' });
  });

  it('declines 0002 at registration and asks 3155 to authenticate', async () => {
    const declined = await seller('4000000000000002');
    expect(declined.outcome.status).toBe('failed');
    expect(declined.outcome.redirectUrl).toContain('redirect_status=failed');
    expect(declined.state.paymentMethod).toBeNull();
    expect(await declined.p.listPaymentMethods(declined.customerId)).toEqual([]);

    const auth = await seller('4000002500003155');
    expect(auth.outcome).toEqual({ status: 'requires_action', redirectUrl: null });
    expect(await auth.p.listPaymentMethods(auth.customerId)).toEqual([]);
    const approved = await auth.p.authenticateSetup(auth.setup.id, true);
    expect(approved.redirectUrl).toContain('redirect_status=succeeded');
    expect((await auth.p.getSetup(auth.setup.id)).paymentMethod?.last4).toBe('3155');
    expect(await auth.p.listPaymentMethods(auth.customerId)).toHaveLength(1);
  });

  it('registers the test IBAN and refuses another', async () => {
    const p = provider();
    const customerId = await p.createCustomer({
      email: 'c@d.fr',
      name: 'C',
      userId: 1,
      idempotencyKey: key(),
    });
    const setup = await p.startSetup({
      customerId,
      returnUrl: 'http://localhost:3000/en/billing/return',
      idempotencyKey: key(),
    });
    await expect(
      p.submitSetup(setup.id, { kind: 'sepa_debit', iban: 'FR76 1111 2222 3333 4444 5555 666' }),
    ).rejects.toMatchObject({ kind: 'invalid_request', message: 'iban' });
    const outcome = await p.submitSetup(setup.id, {
      kind: 'sepa_debit',
      iban: 'fr76 3000 6000 0112 3456 7890 189',
    });
    expect(outcome.redirectUrl).toBe(
      `http://localhost:3000/en/billing/return?setup_intent=${setup.id}&redirect_status=succeeded`,
    );
    expect((await p.getSetup(setup.id)).paymentMethod).toMatchObject({
      kind: 'sepa_debit',
      last4: '0189',
      brand: null,
    });
  });

  it('a trial charges nothing, then the clock starts the first period with a paid invoice', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const { p, customerId, month } = await seller();
    const trialEnd = new Date('2026-04-09T09:00:00Z');
    const sub = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd,
      metadata: { user_id: '7' },
      idempotencyKey: key(),
    });
    expect(sub).toMatchObject({
      status: 'trialing',
      trialEnd,
      currentPeriodEnd: trialEnd,
      latestInvoiceId: null,
      metadata: { user_id: '7' },
    });

    expect(await about(p, await p.advanceClock(new Date('2026-04-09T08:59:00Z')), sub.id)).toEqual([]);
    const events = await about(p, await p.advanceClock(new Date('2026-04-09T10:00:00Z')), sub.id);
    expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const renewed = await p.getSubscription(sub.id);
    expect(renewed).toMatchObject({
      status: 'active',
      currentPeriodStart: trialEnd,
      currentPeriodEnd: new Date('2026-05-09T09:00:00Z'),
    });
    const invoice = await p.getInvoice(events[0]?.objectId ?? '');
    // 49 € plus 20 % VAT.
    expect(invoice).toMatchObject({
      status: 'paid',
      amountDue: 5880,
      amountPaid: 5880,
      subscriptionId: sub.id,
      periodStart: trialEnd,
      periodEnd: new Date('2026-05-09T09:00:00Z'),
      paymentFailed: false,
    });
    expect(renewed.latestInvoiceId).toBe(invoice.id);
  });

  it('without a trial the first period is charged at once; a yearly price runs a year', async () => {
    clock = new Date('2026-01-31T12:00:00Z');
    const { p, customerId, year, month } = await seller();
    const sub = await p.createSubscription({
      customerId,
      priceId: year,
      trialEnd: null,
      metadata: {},
      idempotencyKey: key(),
    });
    expect(sub).toMatchObject({
      status: 'active',
      currentPeriodStart: clock,
      currentPeriodEnd: new Date('2027-01-31T12:00:00Z'),
    });
    expect(await p.getInvoice(sub.latestInvoiceId ?? '')).toMatchObject({ status: 'paid', amountDue: 58800 });
    expect(await about(p, await p.advanceClock(new Date('2026-12-31T00:00:00Z')), sub.id)).toEqual([]);
    const events = await about(p, await p.advanceClock(new Date('2027-02-01T00:00:00Z')), sub.id);
    expect(events.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect((await p.getSubscription(sub.id)).currentPeriodEnd).toEqual(new Date('2028-01-31T12:00:00Z'));

    // Monthly from 31 January: the period ends on the last day of February.
    const monthly = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: null,
      metadata: {},
      idempotencyKey: key(),
    });
    expect(monthly.currentPeriodEnd).toEqual(new Date('2026-02-28T12:00:00Z'));
    expect(addMonths(new Date('2026-01-31T12:00:00Z'), 2)).toEqual(new Date('2026-03-31T12:00:00Z'));
  });

  it('a card whose charges are declined: the first charge leaves the subscription incomplete', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const { p, customerId, month } = await seller('4000000000000341');
    const sub = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: null,
      metadata: {},
      idempotencyKey: key(),
    });
    expect(sub.status).toBe('incomplete');
    expect(await p.getInvoice(sub.latestInvoiceId ?? '')).toMatchObject({
      status: 'open',
      paymentFailed: true,
      amountPaid: 0,
    });
    // Not paid within 23 hours, it expires.
    const events = await about(p, await p.advanceClock(new Date('2026-03-11T09:00:00Z')), sub.id);
    expect(events.map((e) => [e.type, e.objectId])).toEqual([['customer.subscription.deleted', sub.id]]);
    expect((await p.getSubscription(sub.id)).status).toBe('incomplete_expired');
  });

  it('a declined renewal makes it past_due; a new default card pays the open invoice', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const { p, customerId, month } = await seller('4000000000000341');
    const sub = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: new Date('2026-03-20T09:00:00Z'),
      metadata: {},
      idempotencyKey: key(),
    });
    const events = await about(p, await p.advanceClock(new Date('2026-03-21T00:00:00Z')), sub.id);
    expect(events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    const failed = await p.getSubscription(sub.id);
    expect(failed.status).toBe('past_due');
    expect(await p.getInvoice(failed.latestInvoiceId ?? '')).toMatchObject({
      status: 'open',
      paymentFailed: true,
    });
    // Retrying with the same card fails again.
    expect(await p.payInvoice(failed.latestInvoiceId ?? '')).toMatchObject({
      status: 'open',
      paymentFailed: true,
    });

    const setup = await p.startSetup({
      customerId,
      returnUrl: 'http://localhost:3000/billing/return',
      idempotencyKey: key(),
    });
    await p.submitSetup(setup.id, {
      kind: 'card',
      number: '4242 4242 4242 4242',
      expMonth: 1,
      expYear: 2029,
      cvc: '999',
    });
    const pm = (await p.getSetup(setup.id)).paymentMethod;
    await p.setDefaultPaymentMethod(customerId, pm?.id ?? '');
    const paid = await p.payInvoice(sub.id);
    expect(paid).toMatchObject({
      id: failed.latestInvoiceId,
      status: 'paid',
      paymentFailed: false,
      amountPaid: 5880,
    });
    expect((await p.getSubscription(sub.id)).status).toBe('active');
  });

  it('a past_due subscription unpaid for 7 days is cancelled by the clock', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const { p, customerId, month } = await seller('4000000000000341');
    const sub = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: new Date('2026-03-12T09:00:00Z'),
      metadata: {},
      idempotencyKey: key(),
    });
    await p.advanceClock(new Date('2026-03-13T00:00:00Z'));
    expect(await about(p, await p.advanceClock(new Date('2026-03-19T08:00:00Z')), sub.id)).toEqual([]);
    const events = await about(p, await p.advanceClock(new Date('2026-03-19T10:00:00Z')), sub.id);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const ended = await p.getSubscription(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', canceledAt: new Date('2026-03-19T09:00:00Z') });
    expect((await p.getInvoice(ended.latestInvoiceId ?? '')).status).toBe('void');
  });

  it('cancelled at period end, it ends at the clock without a charge; resumed, it renews', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const { p, customerId, month } = await seller();
    const a = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: null,
      metadata: {},
      idempotencyKey: key(),
    });
    const b = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: null,
      metadata: {},
      idempotencyKey: key(),
    });
    expect((await p.setCancelAtPeriodEnd(a.id, true)).cancelAtPeriodEnd).toBe(true);
    await p.setCancelAtPeriodEnd(b.id, true);
    await p.setCancelAtPeriodEnd(b.id, false);
    const events = await p.advanceClock(new Date('2026-04-10T10:00:00Z'));
    expect(events.filter((e) => e.objectId === a.id).map((e) => e.type)).toEqual([
      'customer.subscription.deleted',
    ]);
    expect(await p.getSubscription(a.id)).toMatchObject({
      status: 'canceled',
      canceledAt: new Date('2026-04-10T09:00:00Z'),
    });
    expect((await p.getSubscription(b.id)).status).toBe('active');
    expect((await p.getSubscription(b.id)).currentPeriodEnd).toEqual(new Date('2026-05-10T09:00:00Z'));
    await expect(p.setCancelAtPeriodEnd(a.id, false)).rejects.toMatchObject({ kind: 'invalid_request' });
    expect((await p.cancelSubscription(b.id)).status).toBe('canceled');
  });

  it('an upgrade charges the prorated difference now; a downgrade changes the next period only', async () => {
    clock = new Date('2026-03-01T00:00:00Z');
    const { p, customerId, month } = await seller();
    const [platinum] = await p.syncPlans([
      { code: 'premium', name: 'Premium', monthlyCents: 9900, yearlyCents: null, known: {} },
    ]);
    const sub = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: null,
      metadata: {},
      idempotencyKey: key(),
    });
    // Half of March is left (31 days: 15.5 days).
    clock = new Date('2026-03-16T12:00:00Z');
    const up = await p.changeSubscriptionPrice(sub.id, { priceId: platinum?.month?.id ?? '', prorate: true });
    expect(up.latestInvoiceId).not.toBe(sub.latestInvoiceId);
    expect(await p.getInvoice(up.latestInvoiceId ?? '')).toMatchObject({ status: 'paid', amountDue: 3000 });
    const down = await p.changeSubscriptionPrice(sub.id, { priceId: month, prorate: false });
    expect(down).toMatchObject({
      priceId: month,
      latestInvoiceId: up.latestInvoiceId,
      currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    });
    const events = await about(p, await p.advanceClock(new Date('2026-04-01T01:00:00Z')), sub.id);
    expect((await p.getInvoice(events[0]?.objectId ?? '')).amountDue).toBe(5880);
  });

  it('a declined upgrade is refused and changes nothing', async () => {
    clock = new Date('2026-03-01T00:00:00Z');
    const { p, customerId, month } = await seller('4000000000000341');
    const [premium] = await p.syncPlans([
      { code: 'premium', name: 'Premium', monthlyCents: 9900, yearlyCents: null, known: {} },
    ]);
    const sub = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: new Date('2026-03-05T00:00:00Z'),
      metadata: {},
      idempotencyKey: key(),
    });
    // In the trial a change is free.
    expect(
      (await p.changeSubscriptionPrice(sub.id, { priceId: premium?.month?.id ?? '', prorate: true })).status,
    ).toBe('trialing');
    await p.changeSubscriptionPrice(sub.id, { priceId: month, prorate: false });
    await p.advanceClock(new Date('2026-03-06T00:00:00Z'));
    await p.payInvoice(sub.id); // still declined: past_due
    const error = await p
      .changeSubscriptionPrice(sub.id, { priceId: premium?.month?.id ?? '', prorate: true })
      .catch((e) => e);
    expect(error).toBeInstanceOf(BillingProviderError);
    expect(error.kind).toBe('declined');
    expect((await p.getSubscription(sub.id)).priceId).toBe(month);
  });

  it('syncPlans keeps an unchanged price and archives a changed one', async () => {
    const p = provider();
    const [first] = await p.syncPlans([
      { code: 'gold', name: 'Gold', monthlyCents: 1000, yearlyCents: 10000, known: {} },
    ]);
    const [same] = await p.syncPlans([
      { code: 'gold', name: 'Gold', monthlyCents: 1000, yearlyCents: 10000, known: {} },
    ]);
    expect(same).toEqual(first);
    const [changed] = await p.syncPlans([
      { code: 'gold', name: 'Gold', monthlyCents: 1200, yearlyCents: null, known: {} },
    ]);
    expect(changed?.product).toBe(first?.product);
    expect(changed?.month?.cents).toBe(1200);
    expect(changed?.month?.id).not.toBe(first?.month?.id);
    expect(changed?.year).toBeUndefined();
    const prices = (await p.listPrices()).filter((x) => x.productId === first?.product);
    // prices made by one sync share their creation time: compared in amount order
    const rows = prices.map((x) => [x.interval, x.amountCents, x.active, x.planCode, x.currency] as const);
    expect(rows.sort((a, b) => a[1] - b[1])).toEqual([
      ['month', 1000, false, 'gold', 'eur'],
      ['month', 1200, true, 'gold', 'eur'],
      ['year', 10000, false, 'gold', 'eur'],
    ]);
    await expect(
      p.createSubscription({
        customerId: 'sbx_cus_x',
        priceId: first?.month?.id ?? '',
        trialEnd: null,
        metadata: {},
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('idempotency keys answer the first object; chargeInvoice charges once per key', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const { p, customerId, month } = await seller();
    const k = key();
    const [c1, c2] = await Promise.all([
      p.createCustomer({ email: 'x@y.fr', name: 'X', userId: 1, idempotencyKey: k }),
      p.createCustomer({ email: 'x@y.fr', name: 'X', userId: 1, idempotencyKey: k }),
    ]);
    expect(c1).toBe(c2);
    const sk = key();
    const s1 = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: null,
      metadata: {},
      idempotencyKey: sk,
    });
    const s2 = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: null,
      metadata: {},
      idempotencyKey: sk,
    });
    expect(s2.id).toBe(s1.id);
    const setupKey = key();
    const u1 = await p.startSetup({
      customerId,
      returnUrl: 'http://localhost:3000/r',
      idempotencyKey: setupKey,
    });
    expect(
      (await p.startSetup({ customerId, returnUrl: 'http://localhost:3000/r', idempotencyKey: setupKey })).id,
    ).toBe(u1.id);

    const ck = key();
    const charge = {
      customerId,
      amountCents: 1234,
      vatCents: 247,
      description: 'Percent of sales, March 2026',
      metadata: { month: '2026-03' },
      idempotencyKey: ck,
    };
    const [i1, i2] = await Promise.all([p.chargeInvoice(charge), p.chargeInvoice(charge)]);
    expect(i1).toMatchObject({
      status: 'paid',
      amountDue: 1481,
      amountPaid: 1481,
      subscriptionId: null,
      metadata: { month: '2026-03' },
    });
    expect(i2.id).toBe(i1.id);
    const again = await p.chargeInvoice({ ...charge, idempotencyKey: key() });
    expect(again.id).not.toBe(i1.id);
    await expect(p.chargeInvoice({ ...charge, amountCents: 0, idempotencyKey: key() })).rejects.toMatchObject(
      { kind: 'invalid_request' },
    );
  });

  it('a declined one-off charge answers the open invoice, which a good card pays later', async () => {
    const { p, customerId } = await seller('4000000000000341');
    const inv = await p.chargeInvoice({
      customerId,
      amountCents: 1000,
      vatCents: 200,
      description: 'x',
      metadata: {},
      idempotencyKey: key(),
    });
    expect(inv).toMatchObject({ status: 'open', paymentFailed: true });
    const setup = await p.startSetup({
      customerId,
      returnUrl: 'http://localhost:3000/r',
      idempotencyKey: key(),
    });
    await p.submitSetup(setup.id, {
      kind: 'card',
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2035,
      cvc: '123',
    });
    await p.setDefaultPaymentMethod(customerId, (await p.getSetup(setup.id)).paymentMethod?.id ?? '');
    expect(await p.payInvoice(inv.id)).toMatchObject({ status: 'paid', amountPaid: 1200 });
  });

  it('concurrent clocks renew a subscription once', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const { customerId, month } = await seller();
    const p = provider();
    const sub = await p.createSubscription({
      customerId,
      priceId: month,
      trialEnd: new Date('2026-03-11T09:00:00Z'),
      metadata: {},
      idempotencyKey: key(),
    });
    const at = new Date('2026-03-12T00:00:00Z');
    const results = await Promise.all([
      provider().advanceClock(at),
      provider().advanceClock(at),
      provider().advanceClock(at),
    ]);
    const mine = results.flat().filter((e) => e.type === 'invoice.paid' && e.objectId);
    const invoices = await Promise.all(mine.map((e) => p.getInvoice(e.objectId)));
    expect(invoices.filter((i) => i.subscriptionId === sub.id)).toHaveLength(1);
    expect((await p.getSubscription(sub.id)).currentPeriodEnd).toEqual(new Date('2026-04-11T09:00:00Z'));
  });

  it('unknown objects are not_found; the sandbox has no webhooks', async () => {
    const p = provider();
    await expect(p.getSubscription('sbx_sub_nope')).rejects.toMatchObject({ kind: 'not_found', status: 404 });
    await expect(p.getInvoice('sbx_in_nope')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(p.getSetup('sbx_seti_nope')).rejects.toMatchObject({ kind: 'not_found' });
    expect(() => p.parseWebhook()).toThrow(BillingProviderError);
  });
});
