import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentJson } from '../../test/fetch';
import { onPhone } from '../../test/phone';
import { makeMethod, makeSubscription, plansResponse } from '../../test/plans';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import MyPlanPage from './MyPlanPage';
import { readSetupRecord } from './setupRecord';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
const seller = makeUser({ planId: 2 });

describe('My Plan (SPEC §2, §3 Subscription, §7 Profile)', { timeout: 60_000 }, () => {
  it('shows the plan, its status, days left, period, price, the next charge and the default card', async () => {
    mockApi({
      'GET /api/profile/subscription': { subscription: makeSubscription() },
      'GET /api/profile/payment-methods': {
        items: [
          makeMethod(),
          makeMethod({
            id: 6,
            kind: 'sepa_debit',
            brand: null,
            last4: '0189',
            exp_month: null,
            exp_year: null,
            is_default: false,
          }),
        ],
      },
    });
    renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
    expect((await screen.findByTestId('plan-name')).textContent).toBe('Business');
    expect(screen.getByTestId('plan-status').textContent).toBe('Actif');
    expect(screen.getByTestId('plan-days-left').textContent).toBe('12');
    expect(screen.getByTestId('plan-period-end').textContent).toBe('10/12/2026');
    expect(textOf(screen.getByTestId('plan-price'))).toBe('149 € / mois');
    expect(screen.getByTestId('plan-percent').textContent).toBe('3 % des ventes');
    const next = screen.getByTestId('next-charge');
    expect(textOf(next)).toContain('Prochain prélèvement le 10/12/2026');
    expect(textOf(next)).toContain('3 % de 1 000 € de ventes ce mois-ci');
    expect(textOf(screen.getByTestId('next-charge-total'))).toBe('214,80 €');
    expect(await screen.findByTestId('payment-method-label-5')).toBeTruthy();
    expect(screen.getByTestId('payment-method-label-5').textContent).toBe('Visa •••• 4242');
    expect(screen.getByTestId('payment-method-is-default-5').textContent).toBe('Par défaut');
    expect(screen.getByTestId('payment-method-label-6').textContent).toBe('Prélèvement SEPA •••• 0189');
    expect(screen.queryByTestId('payment-method-is-default-6')).toBeNull();
    expect(screen.queryByTestId('plan-grace')).toBeNull();
  });

  it('a trial shows its days left and the card still to add', async () => {
    mockApi({
      'GET /api/profile/subscription': {
        subscription: makeSubscription({
          status: 'trialing',
          days_left: 29,
          trial_end: '2026-12-26T10:00:00Z',
          current_period_end: null,
          has_payment_method: false,
          next_charge: null,
        }),
      },
      'GET /api/profile/payment-methods': { items: [] },
    });
    renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
    expect((await screen.findByTestId('plan-status')).textContent).toBe('Essai gratuit');
    expect(screen.getByTestId('plan-days-left').textContent).toBe('29');
    expect(screen.getByTestId('plan-period-end').textContent).toBe('26/12/2026');
    expect(screen.getByTestId('plan-needs-method').textContent).toContain('avant le 26/12/2026');
    expect(await screen.findByTestId('payment-methods-empty')).toBeTruthy();
  });

  it('a declined renewal shows the grace period', async () => {
    mockApi({
      'GET /api/profile/subscription': {
        subscription: makeSubscription({
          payment_failed_at: '2026-12-10T09:00:00Z',
          grace_until: '2026-12-17T09:00:00Z',
        }),
      },
      'GET /api/profile/payment-methods': { items: [makeMethod()] },
    });
    renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
    expect((await screen.findByTestId('plan-grace')).textContent).toBe(
      'Votre dernier paiement a été refusé. Mettez à jour votre moyen de paiement avant le 17/12/2026.',
    );
  });

  it('cancels at period end after confirmation, then resumes', async () => {
    let sub = makeSubscription();
    const calls: string[] = [];
    mockApi({
      'GET /api/profile/subscription': () => ({ subscription: sub }),
      'GET /api/profile/payment-methods': { items: [makeMethod()] },
      'GET /api/profile/unsubscription': () => {
        calls.push('cancel');
        sub = makeSubscription({ cancel_at_period_end: true });
        return { subscription: sub };
      },
      'POST /api/profile/resume-subscription': () => {
        calls.push('resume');
        sub = makeSubscription();
        return { subscription: sub };
      },
    });
    renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
    fireEvent.click(await screen.findByTestId('plan-cancel'));
    expect(await screen.findByText(/restera actif jusqu'au 10\/12\/2026/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() =>
      expect(screen.getByTestId('plan-status').textContent).toBe('Résilié en fin de période'),
    );
    expect(screen.getByTestId('plan-canceled').textContent).toContain('se termine le 10/12/2026');
    fireEvent.click(screen.getByTestId('plan-resume'));
    await waitFor(() => expect(screen.getByTestId('plan-status').textContent).toBe('Actif'));
    expect(calls).toEqual(['cancel', 'resume']);
  });

  it('a downgrade is explained as taking effect at period end; Platinum as a request', async () => {
    const sent: { body: unknown; locale: string | null }[] = [];
    mockApi({
      'GET /api/profile/subscription': { subscription: makeSubscription() },
      'GET /api/profile/payment-methods': { items: [makeMethod()] },
      'GET /api/payment-plans': plansResponse(),
      'POST /api/profile/update-subscription-plan': (init: RequestInit, url: URL) => {
        const body = sentJson(init) as { planId: number };
        sent.push({ body, locale: url.searchParams.get('locale') });
        return body.planId === 3
          ? { subscription: makeSubscription(), effective: 'request', message: 'msg_request' }
          : {
              subscription: makeSubscription({ pending_plan_id: 1, pending_plan_name: 'Basic' }),
              effective: 'period_end',
              message: 'ok',
            };
      },
    });
    renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
    fireEvent.click(await screen.findByTestId('plan-change'));
    const modal = await screen.findByTestId('change-plan-modal');
    const business = await within(modal).findByTestId('change-plan-business');
    expect(
      ((business.tagName === 'INPUT' ? business : business.querySelector('input')) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(within(modal).getByTestId('change-plan-basic'));
    expect(screen.getByTestId('change-plan-timing').textContent).toContain('prendra effet le 10/12/2026');
    fireEvent.click(within(modal).getByTestId('change-plan-platinum'));
    expect(screen.getByTestId('change-plan-timing').textContent).toContain('sur demande');
    fireEvent.click(within(modal).getByTestId('change-plan-basic'));
    fireEvent.click(screen.getByTestId('change-plan-ok'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Passage à Basic enregistré pour le 10/12/2026',
    );
    expect(sent).toEqual([{ body: { planId: 1, type: 'month' }, locale: 'fr' }]);

    fireEvent.click(screen.getByTestId('plan-change'));
    fireEvent.click(
      within(await screen.findByTestId('change-plan-modal')).getByTestId('change-plan-platinum'),
    );
    fireEvent.click(screen.getByTestId('change-plan-ok'));
    expect((await screen.findByTestId('toast-info')).textContent).toContain('Votre demande a été envoyée');
  });

  it('makes a method the default, deletes one after confirmation, and adds one through the card page', async () => {
    let items = [makeMethod(), makeMethod({ id: 6, last4: '1881', brand: 'mastercard', is_default: false })];
    const sent: { path: string; body: unknown }[] = [];
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    mockApi({
      'GET /api/profile/subscription': { subscription: makeSubscription() },
      'GET /api/profile/payment-methods': () => ({ items }),
      'POST /api/profile/default-payment-method': (init: RequestInit) => {
        sent.push({ path: 'default', body: sentJson(init) });
        items = [
          makeMethod({ is_default: false }),
          makeMethod({ id: 6, last4: '1881', brand: 'mastercard' }),
        ];
        return { items };
      },
      'POST /api/profile/delete-payment-method': (init: RequestInit) => {
        sent.push({ path: 'delete', body: sentJson(init) });
        items = [items[1]];
        return { items };
      },
      'POST /api/profile/add-payment-method': (init: RequestInit) => {
        sent.push({ path: 'add', body: sentJson(init) });
        return {
          intentId: 'seti_2',
          clientSecret: 'seti_2_secret_x',
          redirectUrl: '/sandbox/billing/seti_2?k=y',
        };
      },
    });
    renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
    fireEvent.click(await screen.findByTestId('payment-method-default-6'));
    expect(await screen.findByTestId('payment-method-is-default-6')).toBeTruthy();
    fireEvent.click(screen.getByTestId('payment-method-delete-5'));
    expect(
      await screen.findByText('Visa •••• 4242 ne sera plus utilisé pour vos prélèvements.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(screen.queryByTestId('payment-method-5')).toBeNull());
    fireEvent.click(screen.getByTestId('payment-method-add'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/billing/seti_2?k=y'));
    expect(readSetupRecord()).toEqual({ purpose: 'add_method', returnTo: 'plan' });
    expect(sent).toEqual([
      { path: 'default', body: { paymentId: 6 } },
      { path: 'delete', body: { paymentId: 5 } },
      { path: 'add', body: { returnTo: 'plan' } },
    ]);
  });

  it('no subscription: a way to the plans; a fake subscription opens the plans', async () => {
    mockApi({ 'GET /api/profile/subscription': { subscription: null } });
    renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
    expect((await screen.findByTestId('my-plan-empty')).textContent).toBe(
      "Vous n'avez pas d'abonnement pour le moment.",
    );
    expect(screen.getByTestId('my-plan-pricing').getAttribute('href')).toBe('/pricing');
  });

  it('a fake or skipped subscription leads to the plans (SPEC §4)', async () => {
    const fetchMock = mockApi({});
    const { container } = renderWithApp(<MyPlanPage />, {
      route: '/account/plan',
      user: makeUser({ subscription_id: 'skip_sub_4' }),
    });
    await waitFor(() => expect(currentLocation(container)).toBe('/pricing'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('on a phone', () => {
    onPhone();
    it('stacks the cards and keeps every action reachable', async () => {
      mockApi({
        'GET /api/profile/subscription': { subscription: makeSubscription() },
        'GET /api/profile/payment-methods': { items: [makeMethod()] },
      });
      renderWithApp(<MyPlanPage />, { route: '/account/plan', user: seller });
      expect(await screen.findByTestId('plan-change')).toBeTruthy();
      expect(screen.getByTestId('plan-cancel')).toBeTruthy();
      expect(await screen.findByTestId('payment-method-delete-5')).toBeTruthy();
    });
  });
});
