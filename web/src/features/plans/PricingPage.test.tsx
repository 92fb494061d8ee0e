import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, sentJson } from '../../test/fetch';
import { makeSubscription, plansResponse } from '../../test/plans';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import PricingPage from './PricingPage';
import { readSetupRecord } from './setupRecord';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const textOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');
const inTrial = () =>
  makeUser({ trial_end: new Date(Date.now() + 20 * 86_400_000).toISOString(), planId: 1 });
const setup = {
  intentId: 'seti_1',
  clientSecret: 'seti_1_secret_abc',
  redirectUrl: '/sandbox/billing/seti_1?k=x',
};

/** Stubs the browser's navigation to another site; returns the spy. */
function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
  return assign;
}

describe('trust #13: the plans page tells a seller where their trial stands', () => {
  it('a seller whose trial is over learns why they are here and that nothing is lost', async () => {
    mockApi({ 'GET /api/payment-plans': plansResponse() });
    renderWithApp(<PricingPage />, {
      route: '/pricing',
      user: makeUser({ subscription_expired: true, trial_end: null }),
    });
    const alert = await screen.findByTestId('plan-required');
    expect(alert.textContent).toContain('Votre essai gratuit est terminé');
    expect(alert.textContent).toContain('Vos produits, commandes et réglages sont conservés');
  });

  it('a seller on the trial sees the day it ends, in Paris', async () => {
    mockApi({ 'GET /api/payment-plans': plansResponse() });
    renderWithApp(<PricingPage />, {
      route: '/pricing',
      // 23:30 on 24 December in New York, already the 25th in Paris.
      user: makeUser({ trial_end: '2099-12-25T04:30:00Z' }),
    });
    expect((await screen.findByTestId('pricing-trial-ends')).textContent).toBe(
      'Votre essai gratuit se termine le 25/12/2099.',
    );
    expect(screen.queryByTestId('plan-required')).toBeNull();
  });
});

describe('the plans (SPEC §1, §7 Plans)', { timeout: 60_000 }, () => {
  it('a visitor sees each plan with its price, percent, sales range and features, monthly or yearly', async () => {
    mockApi({ 'GET /api/payment-plans': plansResponse() });
    renderWithApp(<PricingPage />, { route: '/pricing', user: null });
    const business = await screen.findByTestId('plan-business');
    expect(textOf(business)).toContain('149 € / mois');
    expect(textOf(business)).toContain('+ 3 % des ventes');
    expect(textOf(business)).toContain('Pour des ventes mensuelles supérieures à 5 000 €');
    expect(textOf(business)).toContain('Support prioritaire');
    expect(textOf(screen.getByTestId('plan-basic'))).toContain('inférieures à 5 000 €');
    expect(textOf(screen.getByTestId('plan-platinum'))).toContain('Sur demande');
    expect(screen.getByTestId('pricing-trial').textContent).toBe(
      "30 jours d'essai gratuit, sans prélèvement avant la fin.",
    );

    fireEvent.click(within(screen.getByTestId('pricing-interval')).getByText('Annuel'));
    await waitFor(() => expect(textOf(screen.getByTestId('plan-price-business'))).toBe('1 490 € / an'));
    // a plan without a yearly price keeps its monthly one
    expect(textOf(screen.getByTestId('plan-price-basic'))).toBe('49 € / mois');

    const start = screen.getByTestId('plan-start-business');
    expect(start.textContent).toBe("Commencer l'essai");
    expect(start.getAttribute('href')).toBe('/signup?plan=business');
  });

  it('a seller on the trial chooses Business: the trial is kept, then the card page opens', async () => {
    const sent: unknown[] = [];
    const assign = stubAssign();
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'POST /api/subscription': (init: RequestInit) => {
        sent.push(sentJson(init));
        return {
          user: inTrial(),
          subscription: makeSubscription({ status: 'trialing' }),
          setup,
        };
      },
    });
    renderWithApp(<PricingPage />, { route: '/pricing', user: inTrial() });
    expect(await screen.findByTestId('plan-current-basic')).toBeTruthy();
    expect(screen.getByTestId('plan-manage-basic').textContent).toBe('Gérer mon abonnement');
    fireEvent.click(screen.getByTestId('plan-choose-business'));
    expect((await screen.findByTestId('toast-success')).textContent).toContain(
      "Business est votre abonnement. Votre essai continue jusqu'au",
    );
    expect(sent).toEqual([{ planId: 2, type: 'month' }]);
    fireEvent.click(await screen.findByTestId('pricing-add-card'));
    expect(assign).toHaveBeenCalledWith(setup.redirectUrl);
    expect(readSetupRecord()).toEqual({ purpose: 'subscribe', planId: 2, type: 'month', returnTo: 'plan' });
  });

  it('"later" during the trial skips the card for now and opens the dashboard', async () => {
    const skipped: unknown[] = [];
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'POST /api/subscription': {
        user: inTrial(),
        subscription: makeSubscription({ status: 'trialing' }),
        setup,
      },
      'POST /api/skip-exist-user-subscription': (init: RequestInit) => {
        skipped.push(sentJson(init));
        return { user: inTrial(), subscription: null, setup: null };
      },
    });
    const { container } = renderWithApp(<PricingPage />, { route: '/pricing', user: inTrial() });
    fireEvent.click(await screen.findByTestId('plan-choose-business'));
    fireEvent.click(await screen.findByTestId('pricing-later'));
    await waitFor(() => expect(currentLocation(container)).toBe('/dashboard'));
    expect(skipped).toEqual([{ locale: 'fr' }]);
  });

  it('after the trial the plan starts at once: straight to the card page, yearly when chosen', async () => {
    const sent: unknown[] = [];
    const assign = stubAssign();
    const user = makeUser({ id: 31, subscription_expired: true, trial_end: null, planId: null });
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'POST /api/exist-user-subscription': (init: RequestInit) => {
        sent.push(sentJson(init));
        return { user, subscription: null, setup };
      },
    });
    renderWithApp(<PricingPage />, { route: '/pricing', user });
    fireEvent.click(within(await screen.findByTestId('pricing-interval')).getByText('Annuel'));
    fireEvent.click(screen.getByTestId('plan-choose-business'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(setup.redirectUrl));
    expect(sent).toEqual([{ user: 31, planId: 2, type: 'year' }]);
    expect(readSetupRecord()).toMatchObject({ purpose: 'subscribe', planId: 2, type: 'year' });
  });

  it('a refused choice shows why and opens nothing', async () => {
    const assign = stubAssign();
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'POST /api/exist-user-subscription': () => errorResponse(409, 'plan_unavailable'),
    });
    renderWithApp(<PricingPage />, { route: '/pricing', user: makeUser({ subscription_expired: true }) });
    fireEvent.click(await screen.findByTestId('plan-choose-basic'));
    expect(await screen.findByTestId('toast-error')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('Platinum is on request: the demo form checks its fields, then sends', async () => {
    const sent: { body: unknown; locale: string | null }[] = [];
    mockApi({
      'GET /api/payment-plans': plansResponse(),
      'POST /api/request-demo': (init: RequestInit, url: URL) => {
        sent.push({ body: sentJson(init), locale: url.searchParams.get('locale') });
        return { success: true };
      },
    });
    renderWithApp(<PricingPage />, { route: '/pricing', user: null });
    fireEvent.click(await screen.findByTestId('plan-demo-platinum'));
    fireEvent.change(await screen.findByTestId('demo-first-name'), { target: { value: 'Inès' } });
    fireEvent.change(screen.getByTestId('demo-last-name'), { target: { value: 'Morel' } });
    fireEvent.change(screen.getByTestId('demo-email'), { target: { value: 'pas-un-email' } });
    fireEvent.change(screen.getByTestId('demo-company'), { target: { value: 'Atelier Inès' } });
    fireEvent.click(screen.getByTestId('demo-submit'));
    expect(await screen.findByText('Doit être un e-mail valide')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByTestId('demo-email'), { target: { value: 'ines@atelier.fr' } });
    fireEvent.click(screen.getByTestId('demo-submit'));
    expect((await screen.findByTestId('demo-sent')).textContent).toContain(
      'Votre demande a bien été envoyée',
    );
    expect(sent).toEqual([
      {
        body: {
          first_name: 'Inès',
          last_name: 'Morel',
          email: 'ines@atelier.fr',
          company_name: 'Atelier Inès',
        },
        locale: 'fr',
      },
    ]);
  });
});
