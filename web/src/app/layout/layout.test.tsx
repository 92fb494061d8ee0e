import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, makeUser, renderWithApp } from '../../test/render';
import { CookieBanner } from './CookieBanner';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NotificationBell } from './NotificationBell';
import { sidebarItems } from './navigation';
import { ProfileMenu } from './ProfileMenu';
import { Sidebar } from './Sidebar';

describe('Sidebar', () => {
  it('renders one link per entry with stable test ids, in the current locale', () => {
    const user = makeUser({ role_id: 3 });
    renderWithApp(<Sidebar items={sidebarItems(user, '/dashboard')} />, { route: '/en/dashboard' });
    const menu = screen.getByTestId('sidebar');
    expect(within(menu).getByTestId('nav-/sellers').getAttribute('href')).toBe('/en/sellers');
    expect(within(menu).getByTestId('nav-/payments')).toBeTruthy();
    expect(within(menu).queryByTestId('nav-/liveselling')).toBeNull();
  });

  it('shows the waiting-list count on Waiting list', () => {
    renderWithApp(<Sidebar items={sidebarItems(makeUser(), '/dashboard')} waitingCount={4} />);
    expect(
      within(screen.getByTestId('nav-/waiting-list')).getByTestId('waiting-count').textContent,
    ).toContain('4');
    expect(screen.getByTestId('nav-/liveorders').textContent).toBe('Paniers live');
  });
});

describe('ProfileMenu', () => {
  it('a seller on a fake subscription sees My Plan → /pricing and no stores or documents', async () => {
    renderWithApp(<ProfileMenu user={makeUser({ subscription_id: 'fake_sub' })} onLogout={() => {}} />);
    fireEvent.click(screen.getByTestId('profile-menu'));
    const plan = await screen.findByTestId('profile-plan');
    expect(plan.getAttribute('href')).toBe('/pricing');
    expect(screen.queryByTestId('profile-stores')).toBeNull();
    expect(screen.queryByTestId('profile-documents')).toBeNull();
    expect(screen.getByTestId('profile-payment-setting')).toBeTruthy();
  });

  it('trust #13: a seller on the free trial sees the days left, leading to the plans', async () => {
    const trial_end = new Date(Date.now() + 12 * 24 * 3600_000 + 3600_000).toISOString();
    renderWithApp(<ProfileMenu user={makeUser({ trial_end })} onLogout={() => {}} />);
    fireEvent.click(screen.getByTestId('profile-menu'));
    const trial = await screen.findByTestId('profile-trial');
    expect(trial.textContent).toMatch(/^Essai gratuit : 1[23] jours restants$/);
    expect(trial.getAttribute('href')).toBe('/pricing');
  });

  it('no trial line for a subscribed seller or a shopper', async () => {
    renderWithApp(<ProfileMenu user={makeUser({ role_id: 1, trial_end: null })} onLogout={() => {}} />);
    fireEvent.click(screen.getByTestId('profile-menu'));
    await screen.findByTestId('profile-account');
    expect(screen.queryByTestId('profile-trial')).toBeNull();
  });

  it('Logout calls back', async () => {
    const onLogout = vi.fn();
    renderWithApp(<ProfileMenu user={makeUser({ role_id: 1 })} onLogout={onLogout} />);
    fireEvent.click(screen.getByTestId('profile-menu'));
    fireEvent.click(await screen.findByTestId('profile-logout'));
    expect(onLogout).toHaveBeenCalled();
  });
});

describe('CookieBanner', () => {
  it('Accept stores the choice for 150 days and hides the banner', () => {
    renderWithApp(<CookieBanner />);
    expect(screen.getByTestId('cookie-banner').querySelector('a')?.getAttribute('href')).toBe('/privacy');
    fireEvent.click(screen.getByTestId('cookie-accept'));
    expect(document.cookie).toContain('cookie_consent=accept');
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('Decline stores decline and hides the banner', () => {
    renderWithApp(<CookieBanner />);
    fireEvent.click(screen.getByText('Refuser les cookies'));
    expect(document.cookie).toContain('cookie_consent=decline');
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('stays hidden once a choice was made', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test fixture
    document.cookie = 'cookie_consent=accept; Path=/';
    renderWithApp(<CookieBanner />);
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });
});

describe('LanguageSwitcher', () => {
  it('re-opens the same page and query in English, then back in French', async () => {
    const onSwitch = vi.fn();
    const { container } = renderWithApp(<LanguageSwitcher onSwitch={onSwitch} />, {
      route: '/sellers?limit=50&offset=50',
    });
    fireEvent.click(screen.getByTestId('language-switcher'));
    await waitFor(() => expect(currentLocation(container)).toBe('/en/sellers?limit=50&offset=50'));
    expect(onSwitch).toHaveBeenCalledWith('en');
    fireEvent.click(screen.getByTestId('language-switcher'));
    await waitFor(() => expect(currentLocation(container)).toBe('/sellers?limit=50&offset=50'));
    expect(onSwitch).toHaveBeenLastCalledWith('fr');
  });
});

describe('NotificationBell', () => {
  it('caps the badge at 999+', () => {
    renderWithApp(<NotificationBell count={1500} items={[]} />);
    expect(screen.getByTestId('notifications-bell').textContent).toContain('999+');
  });

  it('shows the exact count below the cap', () => {
    renderWithApp(<NotificationBell count={12} items={[]} />);
    expect(screen.getByTestId('notifications-bell').textContent).toContain('12');
  });
});
