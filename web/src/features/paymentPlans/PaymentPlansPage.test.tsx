import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { PLANS, plansResponse } from '../../test/plans';
import { makeUser, renderWithApp } from '../../test/render';
import PaymentPlansPage from './PaymentPlansPage';

afterEach(() => vi.unstubAllGlobals());

const admin = makeUser({ role_id: 3 });
const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
const inputOf = (el: HTMLElement) =>
  (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;

const prices = {
  items: [
    {
      id: 'price_business_m2',
      product_id: 'prod_business',
      plan_code: 'business',
      interval: 'month',
      amount: 149,
      currency: 'eur',
      active: true,
      current: true,
    },
    {
      id: 'price_business_m1',
      product_id: 'prod_business',
      plan_code: 'business',
      interval: 'month',
      amount: 129,
      currency: 'eur',
      active: false,
      current: false,
    },
  ],
};

describe("admin's payment plans (SPEC §3 Payment plans, §7 Plans, §8)", { timeout: 60_000 }, () => {
  it('lists the plans with their prices, percent, features, state and provider prices', async () => {
    mockApi({ 'GET /api/payment-plans': plansResponse(), 'GET /api/payment-plans/provider': prices });
    renderWithApp(<PaymentPlansPage />, { route: '/payment-plans', user: admin });
    const business = await screen.findByTestId('payment-plan-row-business');
    expect(textOf(business)).toContain('149 €');
    expect(textOf(business)).toContain('1 490 €');
    expect(textOf(business)).toContain('3 %');
    expect(within(business).getByTestId('plan-features-count-business').textContent).toBe('2');
    await waitFor(() => expect(textOf(business)).toContain('price_business_m2'));
    expect(textOf(business)).not.toContain('price_business_m1');
    expect(textOf(screen.getByTestId('payment-plan-row-platinum'))).toContain('Sur demande');
    expect(
      screen.getByText(/les abonnements en cours gardent leur prix jusqu'à leur prochaine période/),
    ).toBeTruthy();

    fireEvent.click(screen.getByTestId('payment-plans-tab-provider'));
    const table = await screen.findByTestId('provider-prices');
    expect(textOf(table)).toContain('price_business_m1');
    expect(textOf(table)).toContain('Archivé');
  });

  it("edits Business's features and sends the whole plan", async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'GET /api/payment-plans/provider': prices,
      'POST /api/payment-plans': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { item: PLANS[1] };
      },
    });
    renderWithApp(<PaymentPlansPage />, { route: '/payment-plans', user: admin });
    fireEvent.click(await screen.findByTestId('plan-edit-business'));
    const drawer = await screen.findByTestId('plan-edit-drawer');
    expect(within(drawer).getByTestId('plan-edit-rule').textContent).toContain(
      "s'appliquent aux nouveaux abonnements",
    );
    await waitFor(() =>
      expect(inputOf(within(drawer).getByTestId('plan-edit-features_fr-1')).value).toBe(
        'Support prioritaire',
      ),
    );
    fireEvent.click(within(drawer).getByTestId('plan-edit-features_fr-add'));
    fireEvent.change(inputOf(await within(drawer).findByTestId('plan-edit-features_fr-2')), {
      target: { value: 'Gestionnaire de compte' },
    });
    fireEvent.click(within(drawer).getByTestId('plan-edit-features_en-remove-1'));
    fireEvent.click(screen.getByTestId('plan-edit-save'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      "L'abonnement a été mis à jour",
    );
    expect(sent).toEqual([
      {
        id: 2,
        name_fr: 'Business',
        name_en: 'Business',
        price: 149,
        yearly_price: 1490,
        percent: 3,
        features_fr: ['Synchronisation avec votre boutique', 'Support prioritaire', 'Gestionnaire de compte'],
        features_en: ['Sync with your shop'],
        active: true,
      },
    ]);
  });

  it('an empty feature line is refused before sending', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'GET /api/payment-plans/provider': prices,
      'POST /api/payment-plans': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { item: PLANS[1] };
      },
    });
    renderWithApp(<PaymentPlansPage />, { route: '/payment-plans', user: admin });
    fireEvent.click(await screen.findByTestId('plan-edit-business'));
    const drawer = await screen.findByTestId('plan-edit-drawer');
    fireEvent.click(within(drawer).getByTestId('plan-edit-features_fr-add'));
    await within(drawer).findByTestId('plan-edit-features_fr-2');
    fireEvent.click(screen.getByTestId('plan-edit-save'));
    expect(await within(drawer).findByText('Champ obligatoire')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('syncs with the provider: the success toast, else the server words, else Sync fail', async () => {
    let answer: () => unknown = () => ({ success: true, message: 'ok', items: prices.items });
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'GET /api/payment-plans/provider': prices,
      'POST /api/payment-plans/sync': () => answer(),
    });
    renderWithApp(<PaymentPlansPage />, { route: '/payment-plans', user: admin });
    fireEvent.click(await screen.findByTestId('payment-plans-sync'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      'Les données ont été synchronisées avec le prestataire de paiement par carte',
    );
    answer = () => errorResponse(502, 'sync_fail', 'Sync fail');
    fireEvent.click(screen.getByTestId('payment-plans-sync'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain('Échec de la synchronisation');
  });

  it('shows the subscribers of a plan per status', async () => {
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'GET /api/payment-plans/provider': prices,
      'GET /api/get-plan-info': (_init: RequestInit, url: URL) => ({
        planInfo: {
          plan: PLANS.find((p) => p.id === Number(url.searchParams.get('planId'))),
          subscribers: { active: 4, trialing: 2, incomplete: 0, cancel_at_period_end: 1, unsubscribed: 3 },
          at_older_price: 1,
          prices: prices.items,
        },
      }),
    });
    renderWithApp(<PaymentPlansPage />, { route: '/payment-plans', user: admin });
    fireEvent.click(await screen.findByTestId('plan-info-business'));
    expect((await screen.findByTestId('plan-info-active')).textContent).toBe('4');
    expect(screen.getByTestId('plan-info-trialing').textContent).toBe('2');
    expect(textOf(screen.getByTestId('plan-info-drawer'))).toContain('Abonnés de Business');
  });
});
