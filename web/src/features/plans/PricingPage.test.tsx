import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithApp } from '../../test/render';
import PricingPage from './PricingPage';

describe('trust #13: the plans page tells a seller where their trial stands', () => {
  it('a seller whose trial is over learns why they are here and that nothing is lost', async () => {
    renderWithApp(<PricingPage />, {
      route: '/pricing',
      user: makeUser({ subscription_expired: true, trial_end: null }),
    });
    const alert = await screen.findByTestId('plan-required');
    expect(alert.textContent).toContain('Votre essai gratuit est terminé');
    expect(alert.textContent).toContain('Vos produits, commandes et réglages sont conservés');
  });

  it('a seller on the trial sees the day it ends, in Paris', async () => {
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
