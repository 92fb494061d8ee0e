import type { TCurrentUser } from '@livecart/contract/user';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../app/i18n';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { makeMethod, makeSubscription } from '../../test/plans';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import BillingReturnPage from './BillingReturnPage';
import { readSetupRecord, writeSetupRecord } from './setupRecord';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
  sessionStorage.clear();
});

const back = (status = 'succeeded', prefix = '') =>
  `${prefix}/billing/return?setup_intent=seti_9&setup_intent_client_secret=seti_9_secret_xyz&redirect_status=${status}`;

describe('back from the card page (SPEC §4, §7 check-payment-status)', { timeout: 60_000 }, () => {
  it('a plan chosen in the trial: the registration is checked and the trialing user becomes current', async () => {
    writeSetupRecord({ purpose: 'subscribe', planId: 2, type: 'month', returnTo: 'plan' });
    const sent: { body: unknown; planId: string | null }[] = [];
    const trialing = makeUser({ planId: 2, subscription_id: 'sub_sandbox_1' });
    mockApi({
      'POST /api/check-payment-status': (init: RequestInit, url: URL) => {
        sent.push({ body: sentJson(init), planId: url.searchParams.get('planId') });
        return {
          status: 'trialing',
          user: trialing,
          subscription: makeSubscription({ status: 'trialing' }),
        };
      },
    });
    const { container, client } = renderWithApp(<BillingReturnPage />, {
      route: back(),
      user: makeUser({ planId: 1 }),
    });
    await waitFor(() => expect(currentLocation(container)).toBe('/account/plan'));
    expect(sent).toEqual([
      {
        body: { paymentIntent: 'seti_9', paymentIntentSecret: 'seti_9_secret_xyz', planId: 2, type: 'month' },
        planId: '2',
      },
    ]);
    expect((client.getQueryData(['session']) as TCurrentUser).planId).toBe(2);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').subscription_id).toBe('sub_sandbox_1');
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Votre abonnement Business est enregistré',
    );
    expect(readSetupRecord()).toBeNull();
  });

  it('a payment not confirmed shows the reason and a retry, which succeeds', async () => {
    writeSetupRecord({ purpose: 'subscribe', planId: 2, type: 'month', returnTo: 'plan' });
    let calls = 0;
    mockApi({
      'POST /api/check-payment-status': () =>
        ++calls === 1
          ? errorResponse(409, 'payment_not_confirmed', 'Status of payment not confirmed')
          : { status: 'active', user: makeUser(), subscription: makeSubscription() },
    });
    const { container } = renderWithApp(<BillingReturnPage />, { route: back(), user: makeUser() });
    expect((await screen.findByTestId('billing-return-error')).textContent).toContain(
      'Statut du paiement non confirmé',
    );
    fireEvent.click(screen.getByTestId('billing-return-retry'));
    await waitFor(() => expect(currentLocation(container)).toBe('/account/plan'));
  });

  it('an incomplete answer (card declined) keeps the seller here with the reason', async () => {
    writeSetupRecord({ purpose: 'subscribe', planId: 2, type: 'month', returnTo: 'plan' });
    mockApi({
      'POST /api/check-payment-status': {
        status: 'incomplete',
        user: makeUser(),
        subscription: makeSubscription({ status: 'incomplete' }),
      },
    });
    const { container } = renderWithApp(<BillingReturnPage />, { route: back(), user: makeUser() });
    expect((await screen.findByTestId('billing-return-error')).textContent).toMatch(/refusée|refusé/);
    expect(currentLocation(container)).toContain('/billing/return');
  });

  it('a failed registration says so and calls nothing', async () => {
    const fetchMock = mockApi({});
    renderWithApp(<BillingReturnPage />, { route: back('failed'), user: makeUser() });
    expect((await screen.findByTestId('billing-return-error')).textContent).toContain(
      "L'enregistrement de votre moyen de paiement n'a pas abouti",
    );
    expect(screen.getByTestId('billing-return-plan').getAttribute('href')).toBe('/account/plan');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a new payment method from My Plan is saved, in English too', async () => {
    await i18n.changeLanguage('en');
    writeSetupRecord({ purpose: 'add_method', returnTo: 'plan' });
    const sent: unknown[] = [];
    mockApi({
      'POST /api/profile/add-payment-method-from-subscription': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { items: [makeMethod()], user: makeUser(), message: 'Payment methods saved' };
      },
    });
    const { container } = renderWithApp(<BillingReturnPage />, {
      route: back('succeeded', '/en'),
      user: makeUser(),
    });
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Payment methods saved');
    await waitFor(() => expect(currentLocation(container)).toBe('/en/account/plan'));
    expect(sent).toEqual([{ setupIntent: 'seti_9', setupIntentSecret: 'seti_9_secret_xyz' }]);
  });

  it('after sign-up the method is saved with the registration call and the dashboard opens', async () => {
    writeSetupRecord({ purpose: 'add_method', returnTo: 'registration' });
    let called = false;
    mockApi({
      'POST /api/profile/add-payment-method-after-registration': () => {
        called = true;
        return { items: [makeMethod()], user: makeUser(), message: 'ok' };
      },
    });
    const { container } = renderWithApp(<BillingReturnPage />, { route: back(), user: makeUser() });
    await waitFor(() => expect(currentLocation(container)).toBe('/dashboard'));
    expect(called).toBe(true);
  });
});
