import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch';
import { makeSubscription } from '../../test/plans';
import { makeUser, renderWithApp } from '../../test/render';
import { GraceBanner } from './GraceBanner';

afterEach(() => vi.unstubAllGlobals());

describe('the declined-renewal banner on every seller page', () => {
  it('says until when the tools stay and leads to My Plan', async () => {
    mockApi({
      'GET /api/profile/subscription': {
        subscription: makeSubscription({
          payment_failed_at: '2026-12-10T09:00:00Z',
          grace_until: '2026-12-17T09:00:00Z',
        }),
      },
    });
    renderWithApp(<GraceBanner user={makeUser()} />, { route: '/dashboard' });
    const banner = await screen.findByTestId('grace-banner');
    expect(banner.textContent).toContain('Mettez à jour votre moyen de paiement avant le 17/12/2026');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/account/plan');
  });

  it('asks nothing for a shopper or a seller without a plan', async () => {
    const fetchMock = mockApi({});
    renderWithApp(
      <>
        <GraceBanner user={makeUser({ role_id: 1 })} />
        <GraceBanner user={makeUser({ subscription_expired: true })} />
      </>,
      { route: '/dashboard' },
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('grace-banner')).toBeNull();
  });
});
