import { ROLE, type TRoleId } from '@livecart/contract/constants';
import { hasFakeSubscription } from '@livecart/contract/plan';
import type { TCurrentUser } from '@livecart/contract/user';
import type { ParseKeys } from 'i18next';

type NavUser = Pick<TCurrentUser, 'role_id' | 'subscription_id'>;

/** One sidebar entry. `key` is the path, or `back` for Go Back; `testId` is for end-to-end tests. */
export interface NavItem {
  key: string;
  path: string;
  label: ParseKeys;
  icon: string;
  badge?: 'waiting';
  /** Other screens this entry is highlighted on (the edit form opened from a list). */
  also?: string[];
}

const item = (path: string, label: ParseKeys, icon: string, badge?: 'waiting'): NavItem => ({
  key: path,
  path,
  label,
  icon,
  badge,
});

const GO_BACK: NavItem = { key: 'back', path: '/dashboard', label: 'nav.back', icon: 'back' };

const SELLER: NavItem[] = [
  item('/dashboard', 'nav.dashboard', 'dashboard'),
  item('/liveselling', 'nav.liveselling', 'live'),
  item('/liveorders', 'nav.liveorders', 'cart'),
  item('/inventory', 'nav.inventory', 'inventory'),
  item('/chatbot', 'nav.chatbot', 'chatbot'),
  item('/orders', 'nav.orders', 'orders'),
  item('/waiting-list', 'nav.waitingList', 'waiting', 'waiting'),
  item('/shipping/list', 'nav.settings', 'settings'),
  item('/buyers', 'nav.buyers', 'buyers'),
  item('/payments', 'nav.payments', 'payments'),
  item('/support', 'nav.support', 'support'),
  item('/guides/liveselling', 'nav.guides', 'guides'),
];

const ADMIN: NavItem[] = [
  item('/dashboard', 'nav.dashboard', 'dashboard'),
  item('/chatbot', 'nav.chatbot', 'chatbot'),
  item('/sellers', 'nav.sellers', 'sellers'),
  item('/orders', 'nav.orders', 'orders'),
  item('/shipping/list', 'nav.shipping', 'shipping'),
  item('/payments', 'nav.payments', 'payments'),
  item('/buyers', 'nav.buyers', 'buyers'),
  item('/payment-plans', 'nav.paymentPlans', 'plans'),
  // not in SPEC's admin sidebar: the team's inbox of support, contact and demo requests
  item('/support', 'nav.support', 'support'),
];

const BUYER: NavItem[] = [
  item('/dashboard', 'nav.dashboard', 'dashboard'),
  item('/orders', 'nav.orders', 'orders'),
];

const INVENTORY: NavItem[] = [GO_BACK, item('/inventory', 'nav.inventory', 'inventory')];

const GUIDES: NavItem[] = [
  item('/guides/liveselling', 'nav.guideLiveSelling', 'live'),
  item('/guides/rules-csv', 'nav.guideCsv', 'csv'),
];

function settingsItems(isAdmin: boolean): NavItem[] {
  const items = [
    GO_BACK,
    item('/settings', 'nav.cartDuration', 'timer'),
    item('/settings/free-shipping', 'nav.freeShipping', 'gift'),
    { ...item('/shipping/list', 'nav.shippingMethods', 'shipping'), also: ['/shipping/edit'] },
    item('/payment-setting', 'nav.paymentSettings', 'payments'),
  ];
  if (isAdmin) items.push(item('/shipping/add-method', 'nav.addMethod', 'add'));
  return items;
}

const under = (path: string, ...prefixes: string[]) =>
  prefixes.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * The screens the app has today, per role (`*` any role). SPEC §2 lists more entries; an entry
 * shows only once its screen exists, so no menu leads to "page not found" or a placeholder.
 * `navigation.test.ts` checks every entry shown against the router.
 */
const SCREENS: Record<string, TRoleId[] | '*'> = {
  '/dashboard': '*',
  '/liveselling': [ROLE.seller],
  '/liveorders': [ROLE.seller],
  '/inventory': [ROLE.seller],
  '/chatbot': [ROLE.seller, ROLE.admin],
  '/orders': '*',
  '/waiting-list': [ROLE.seller],
  '/payments': [ROLE.seller, ROLE.admin],
  '/buyers': [ROLE.seller, ROLE.admin],
  '/sellers': [ROLE.admin],
  // the guides are read by every signed-in user, in the app's frame
  '/guides/liveselling': '*',
  '/guides/rules-csv': '*',
  '/payment-setting': [ROLE.seller],
  '/stores': [ROLE.seller],
  '/settings': [ROLE.seller],
  '/settings/free-shipping': [ROLE.seller],
  '/shipping/list': [ROLE.seller, ROLE.admin],
  '/shipping/add-method': [ROLE.admin],
  '/account': '*',
  '/account/plan': [ROLE.seller],
  '/documents': [ROLE.seller],
  '/payment-plans': [ROLE.admin],
  '/pricing': '*',
  '/support': [ROLE.seller, ROLE.admin],
};

/** The entry leads to a screen this role has (Go Back and entries without a path always show). */
export const hasScreen = (role: TRoleId, path: string | undefined): boolean => {
  if (path === undefined) return true;
  const roles = SCREENS[path];
  return roles === '*' || (roles?.includes(role) ?? false);
};

/** The sidebar of SPEC §2 for a role, or the contextual one of the section `path` is in. */
export function sidebarItems(user: NavUser, path: string): NavItem[] {
  const shown = (items: NavItem[]) =>
    items.filter((i) => i.key === 'back' || hasScreen(user.role_id, i.path));
  if (user.role_id === ROLE.buyer) return shown(BUYER);
  const isAdmin = user.role_id === ROLE.admin;
  if (under(path, '/inventory')) return shown(INVENTORY);
  if (under(path, '/shipping', '/settings', '/payment-setting')) return shown(settingsItems(isAdmin));
  if (under(path, '/guides')) return shown(GUIDES);
  return shown(isAdmin ? ADMIN : SELLER);
}

/** The entry to highlight: the longest item path the current path is at or under. */
export function selectedNavKey(items: NavItem[], path: string): string | undefined {
  let best: NavItem | undefined;
  let bestLength = 0;
  for (const it of items) {
    if (it.key === 'back') continue;
    const at = [it.path, ...(it.also ?? [])].filter((p) => under(path, p));
    const length = Math.max(0, ...at.map((p) => p.length));
    if (at.length && length > bestLength) {
      best = it;
      bestLength = length;
    }
  }
  return best?.key;
}

export type ProfileKey =
  | 'account'
  | 'stores'
  | 'payment-setting'
  | 'documents'
  | 'plan'
  | 'pricing'
  | 'support'
  | 'logout';

export interface ProfileItem {
  key: ProfileKey;
  /** Where the entry leads; none for Logout. */
  path?: string;
  label: ParseKeys;
}

/**
 * The profile menu of SPEC §2 and §6: stores, payment settings, documents and plan for sellers
 * only; on a fake or skipped subscription My Plan leads to /pricing and stores/documents are hidden.
 */
export function profileMenuItems(user: NavUser): ProfileItem[] {
  const items: ProfileItem[] = [{ key: 'account', path: '/account', label: 'profileMenu.account' }];
  if (user.role_id === ROLE.seller) {
    const fake = hasFakeSubscription(user);
    if (!fake) items.push({ key: 'stores', path: '/stores', label: 'profileMenu.stores' });
    items.push({ key: 'payment-setting', path: '/payment-setting', label: 'profileMenu.paymentSettings' });
    if (!fake) items.push({ key: 'documents', path: '/documents', label: 'profileMenu.documents' });
    items.push({ key: 'plan', path: fake ? '/pricing' : '/account/plan', label: 'profileMenu.plan' });
  }
  items.push({ key: 'pricing', path: '/pricing', label: 'profileMenu.pricing' });
  // Help writes to the team: a seller's; admin has the inbox in the sidebar
  if (user.role_id === ROLE.seller)
    items.push({ key: 'support', path: '/support', label: 'profileMenu.support' });
  items.push({ key: 'logout', label: 'profileMenu.logout' });
  return items.filter((i) => hasScreen(user.role_id, i.path));
}
