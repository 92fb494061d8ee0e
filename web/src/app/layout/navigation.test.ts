import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/render';
import { profileMenuItems, selectedNavKey, sidebarItems } from './navigation';

const paths = (items: { path: string }[]) => items.map((i) => i.path);
const seller = makeUser({ role_id: 2 });
const admin = makeUser({ role_id: 3 });
const buyer = makeUser({ role_id: 1 });

describe('sidebar per role (SPEC §2)', () => {
  it('a seller sees the seller tools in order', () => {
    expect(paths(sidebarItems(seller, '/dashboard'))).toEqual([
      '/dashboard',
      '/liveselling',
      '/liveorders',
      '/inventory',
      '/chatbot',
      '/orders',
      '/waiting-list',
      '/shipping/list',
      '/buyers',
      '/payments',
      '/support',
      '/guides/liveselling',
    ]);
    const labels = Object.fromEntries(sidebarItems(seller, '/dashboard').map((i) => [i.path, i.label]));
    expect(labels['/liveorders']).toBe('nav.liveorders');
    expect(labels['/shipping/list']).toBe('nav.settings');
    expect(labels['/buyers']).toBe('nav.buyers');
    expect(sidebarItems(seller, '/dashboard').find((i) => i.path === '/waiting-list')?.badge).toBe('waiting');
  });

  it('an admin sees sellers and payment plans', () => {
    expect(paths(sidebarItems(admin, '/dashboard'))).toEqual([
      '/dashboard',
      '/chatbot',
      '/sellers',
      '/orders',
      '/shipping/list',
      '/payments',
      '/buyers',
      '/payment-plans',
    ]);
  });

  it('a shopper sees Dashboard and Orders only, wherever they are', () => {
    expect(paths(sidebarItems(buyer, '/dashboard'))).toEqual(['/dashboard', '/orders']);
    expect(paths(sidebarItems(buyer, '/settings'))).toEqual(['/dashboard', '/orders']);
  });

  it('under /inventory: Go Back and Inventory', () => {
    const items = sidebarItems(seller, '/inventory/edit/4');
    expect(items.map((i) => i.key)).toEqual(['back', '/inventory']);
  });

  it('under shipping, settings and payment settings: the settings menu, Add Method for admin only', () => {
    const sellerItems = ['/settings', '/settings/free-shipping', '/shipping/list', '/payment-setting'];
    for (const at of ['/shipping/list', '/settings', '/settings/free-shipping', '/payment-setting']) {
      expect(sidebarItems(seller, at).map((i) => i.key)).toEqual(['back', ...sellerItems]);
    }
    expect(sidebarItems(admin, '/shipping/list').map((i) => i.key)).toEqual([
      'back',
      ...sellerItems,
      '/shipping/add-method',
    ]);
  });

  it('under /guides: Live Selling and CSV rules', () => {
    expect(paths(sidebarItems(seller, '/guides/rules-csv'))).toEqual([
      '/guides/liveselling',
      '/guides/rules-csv',
    ]);
  });

  it('highlights the most specific entry', () => {
    const items = sidebarItems(seller, '/settings/free-shipping');
    expect(selectedNavKey(items, '/settings/free-shipping')).toBe('/settings/free-shipping');
    expect(selectedNavKey(items, '/settings')).toBe('/settings');
    expect(selectedNavKey(sidebarItems(seller, '/orders/12'), '/orders/12')).toBe('/orders');
  });
});

describe('profile menu (SPEC §2, §6)', () => {
  const entries = (u: typeof seller) => profileMenuItems(u).map((i) => `${i.key}:${i.path ?? ''}`);

  it('a subscribed seller has stores, payment settings, documents and My Plan', () => {
    expect(entries(seller)).toEqual([
      'account:/account',
      'stores:/stores',
      'payment-setting:/payment-setting',
      'documents:/documents',
      'plan:/account/plan',
      'pricing:/pricing',
      'support:/support',
      'logout:',
    ]);
  });

  it('a seller on a fake or skipped subscription: My Plan leads to /pricing, no stores nor documents', () => {
    for (const subscription_id of ['fake_sub_91', 'x_skip_sub']) {
      expect(entries(makeUser({ role_id: 2, subscription_id }))).toEqual([
        'account:/account',
        'payment-setting:/payment-setting',
        'plan:/pricing',
        'pricing:/pricing',
        'support:/support',
        'logout:',
      ]);
    }
  });

  it('shoppers and admins have no seller entries', () => {
    for (const u of [buyer, admin]) {
      expect(entries(u)).toEqual(['account:/account', 'pricing:/pricing', 'support:/support', 'logout:']);
    }
  });
});
