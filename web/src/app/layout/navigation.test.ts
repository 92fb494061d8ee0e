import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/render';
import { routes } from '../router';
import { profileMenuItems, selectedNavKey, sidebarItems } from './navigation';

const paths = (items: { path: string }[]) => items.map((i) => i.path);
const seller = makeUser({ role_id: 2 });
const admin = makeUser({ role_id: 3 });
const buyer = makeUser({ role_id: 1 });

describe('sidebar per role (SPEC §2), screens that exist only', () => {
  it('a seller sees the seller tools in order, then the guides', () => {
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
    expect(sidebarItems(seller, '/dashboard').find((i) => i.path === '/waiting-list')?.badge).toBe('waiting');
  });

  it('an admin sees the chatbot’s system replies, sellers, every seller’s orders, payments and shoppers, the payment plans and the support inbox', () => {
    expect(paths(sidebarItems(admin, '/dashboard'))).toEqual([
      '/dashboard',
      '/chatbot',
      '/sellers',
      '/orders',
      '/shipping/list',
      '/payments',
      '/buyers',
      '/payment-plans',
      '/support',
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

  it('under payment settings, shipping and settings: the settings menu of SPEC §2', () => {
    for (const at of ['/payment-setting', '/settings', '/settings/free-shipping', '/shipping/list']) {
      expect(sidebarItems(seller, at).map((i) => i.key)).toEqual([
        'back',
        '/settings',
        '/settings/free-shipping',
        '/shipping/list',
        '/payment-setting',
      ]);
    }
    expect(selectedNavKey(sidebarItems(seller, '/settings/free-shipping'), '/settings/free-shipping')).toBe(
      '/settings/free-shipping',
    );
  });

  it("the seller's Settings entry opens the shipping methods, and Cart duration the shop settings", () => {
    const entry = sidebarItems(seller, '/dashboard').find((i) => i.label === 'nav.settings');
    expect(entry).toMatchObject({ key: '/shipping/list', path: '/shipping/list' });
    const under = sidebarItems(seller, '/settings');
    expect(under.find((i) => i.path === '/settings')?.label).toBe('nav.cartDuration');
    expect(selectedNavKey(under, '/settings')).toBe('/settings');
    // no Add Method for a seller
    expect(paths(under)).not.toContain('/shipping/add-method');
  });

  it("admin's Shipping entry opens the catalogue; under it List and Add Method only", () => {
    const entry = sidebarItems(admin, '/dashboard').find((i) => i.label === 'nav.shipping');
    expect(entry?.path).toBe('/shipping/list');
    for (const at of ['/shipping/list', '/shipping/add-method', '/shipping/edit/4']) {
      expect(sidebarItems(admin, at).map((i) => i.key)).toEqual([
        'back',
        '/shipping/list',
        '/shipping/add-method',
      ]);
    }
    expect(selectedNavKey(sidebarItems(admin, '/shipping/edit/4'), '/shipping/edit/4')).toBe(
      '/shipping/list',
    );
    expect(paths(sidebarItems(admin, '/settings'))).not.toContain('/settings');
  });

  it('under /guides: Live Selling and CSV rules, for sellers and admin', () => {
    for (const user of [seller, admin]) {
      for (const at of ['/guides', '/guides/liveselling', '/guides/rules-csv']) {
        expect(paths(sidebarItems(user, at))).toEqual(['/guides/liveselling', '/guides/rules-csv']);
      }
    }
    expect(selectedNavKey(sidebarItems(seller, '/guides/rules-csv'), '/guides/rules-csv')).toBe(
      '/guides/rules-csv',
    );
  });

  it('highlights the most specific entry', () => {
    const items = sidebarItems(seller, '/dashboard');
    expect(selectedNavKey(items, '/liveselling/12')).toBe('/liveselling');
    expect(selectedNavKey(items, '/dashboard')).toBe('/dashboard');
  });
});

describe('trust #14: no menu entry leads to "page not found"', () => {
  const sections = [
    '/dashboard',
    '/inventory',
    '/payment-setting',
    '/settings',
    '/shipping/list',
    '/guides/rules-csv',
  ];
  const users = [seller, admin, buyer, makeUser({ role_id: 2, subscription_id: 'fake_sub_1' })];

  it('every sidebar and profile-menu entry of every role is a screen of the router', () => {
    for (const user of users) {
      const entries = [
        ...sections.flatMap((at) => sidebarItems(user, at).map((i) => i.path)),
        ...profileMenuItems(user).flatMap((i) => (i.path ? [i.path] : [])),
      ];
      for (const path of new Set(entries)) {
        for (const prefix of ['', '/en']) {
          const matched = matchRoutes(routes, `${prefix}${path}`);
          const leaf = matched?.[matched.length - 1]?.route;
          expect(leaf?.path, `${user.role_id} ${prefix}${path}`).not.toBe('*');
        }
      }
    }
  });
});

describe('profile menu (SPEC §2, §6)', () => {
  const entries = (u: typeof seller) => profileMenuItems(u).map((i) => `${i.key}:${i.path ?? ''}`);

  it('a seller has their profile, stores, payment settings, documents, their plan and the plans', () => {
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

  it('a seller on a fake or skipped subscription: My Plan leads to /pricing', () => {
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
      expect(entries(u)).toEqual(['account:/account', 'pricing:/pricing', 'logout:']);
    }
  });
});
