import type { APIRequestContext } from '@playwright/test';
import type { Role } from './accounts.ts';

/** Who opens a route: a signed-in role, or a visitor who never signed in. */
export type Visitor = Role | 'visitor';

/**
 * One screen of the app as a person reaches it. `path` is the French path (the English one is the
 * same under `/en`); a screen that needs an id names it through `resolve`, which asks the API as
 * that visitor and answers the concrete path (null when the demo has no such row).
 */
export interface AppRoute {
  path: string;
  resolve?: (request: APIRequestContext) => Promise<string | null>;
}

const firstId = async (request: APIRequestContext, url: string) => {
  const res = await request.get(url);
  if (!res.ok()) return null;
  const body = (await res.json()) as { items?: { id: number }[] };
  return body.items?.[0]?.id ?? null;
};

const PUBLIC: AppRoute[] = [
  { path: '/signin' },
  { path: '/signup' },
  // from the public site's "free trial": the merchant's form
  { path: '/signup?role=seller' },
  { path: '/forgot-password' },
  // a link from an e-mail that is not (or no longer) valid
  { path: '/verify-email?token=expired' },
  { path: '/restore-password?token=expired' },
  // the public site (issue 18): pages the server renders, the same for every visitor
  { path: '/pricing' },
  { path: '/faq' },
  { path: '/case-studies' },
  { path: '/about-us' },
  { path: '/contact' },
  { path: '/request-demo' },
  { path: '/privacy' },
  { path: '/terms-and-conditions' },
  { path: '/guides' },
  { path: '/guides/liveselling' },
  { path: '/guides/rules-csv' },
  { path: '/page-that-does-not-exist' },
  // the embedded mode's mailbox (this machine only), where a newcomer reads their first e-mail
  { path: '/dev/mailbox' },
];

const EVERY_SIGNED_IN: AppRoute[] = [
  { path: '/dashboard' },
  { path: '/account' },
  { path: '/notifications' },
  { path: '/pricing' },
  { path: '/page-that-does-not-exist' },
];

/** Every route of every role that exists today (SPEC §2), detail screens included. */
export const ROUTES: Record<Visitor, AppRoute[]> = {
  visitor: [{ path: '/' }, ...PUBLIC],
  seller: [
    ...EVERY_SIGNED_IN,
    { path: '/liveselling' },
    {
      path: '/liveselling/:id',
      resolve: async (r) => {
        const id = await firstId(r, '/api/livesession/fetch-items?limit=10');
        return id ? `/liveselling/${id}` : null;
      },
    },
    { path: '/liveorders' },
    { path: '/inventory' },
    { path: '/inventory?tab=shops' },
    { path: '/inventory/new' },
    {
      path: '/inventory/:id',
      resolve: async (r) => {
        const id = await firstId(r, '/api/fetch-products?limit=10');
        return id ? `/inventory/${id}` : null;
      },
    },
    { path: '/chatbot' },
    { path: '/chatbot?tab=system' },
    {
      // a reply open in the editor's drawer
      path: '/chatbot?reply=:id',
      resolve: async (r) => {
        const id = await firstId(r, '/api/fetch-chatbot-messages?type=users&limit=10');
        return id ? `/chatbot?reply=${id}` : '/chatbot?reply=new';
      },
    },
    { path: '/waiting-list' },
    { path: '/orders' },
    { path: '/buyers' },
    { path: '/payments' },
    { path: '/payment-setting' },
    { path: '/stores' },
    { path: '/settings' },
    { path: '/settings/free-shipping' },
    { path: '/shipping/list' },
    { path: '/guides/rules-csv' },
    { path: '/account/plan' },
    { path: '/documents' },
    { path: '/support' },
    {
      // one of their requests open, with the team's answer
      path: '/support?id=:id',
      resolve: async (r) => {
        const id = await firstId(r, '/api/support/fetch-items?limit=10');
        return id ? `/support?id=${id}` : null;
      },
    },
  ],
  admin: [
    ...EVERY_SIGNED_IN,
    { path: '/chatbot' },
    { path: '/sellers' },
    {
      path: '/sellers/:id',
      resolve: async (r) => {
        const id = await firstId(r, '/api/sellers/fetch-items?limit=10');
        return id ? `/sellers/${id}` : null;
      },
    },
    { path: '/orders' },
    { path: '/payments' },
    { path: '/buyers' },
    { path: '/buyers?view=shoppers' },
    { path: '/shipping/list' },
    { path: '/shipping/add-method' },
    { path: '/payment-plans' },
    { path: '/support' },
    {
      // a request open in the inbox's drawer
      path: '/support?id=:id',
      resolve: async (r) => {
        const id = await firstId(r, '/api/support/fetch-items?limit=10');
        return id ? `/support?id=${id}` : null;
      },
    },
    {
      path: '/shipping/edit/:id',
      resolve: async (r) => {
        const res = await r.get('/api/shipping/fetch-all');
        if (!res.ok()) return null;
        const { shippings } = (await res.json()) as { shippings: { id: number }[] };
        return shippings[0] ? `/shipping/edit/${shippings[0].id}` : null;
      },
    },
  ],
  buyer: [
    ...EVERY_SIGNED_IN,
    { path: '/orders' },
    {
      path: '/checkout/:orderNumber',
      resolve: async (r) => {
        const res = await r.get('/api/orders/fetch-items?limit=25');
        if (!res.ok()) return null;
        const { items } = (await res.json()) as { items: { order_number: string; status: string }[] };
        const open = items.find((o) => o.status === 'new');
        return open ? `/checkout/${open.order_number}` : null;
      },
    },
    {
      // a paid order's checkout link: its confirmation
      path: '/checkout/:paidOrderNumber',
      resolve: async (r) => {
        const res = await r.get('/api/orders/fetch-items?limit=25');
        if (!res.ok()) return null;
        const { items } = (await res.json()) as { items: { order_number: string; status: string }[] };
        const paid = items.find((o) => o.status === 'payed');
        return paid ? `/checkout/${paid.order_number}` : null;
      },
    },
  ],
};

/** The concrete path of a route for the visitor whose session `request` carries. */
export async function pathOf(route: AppRoute, request: APIRequestContext): Promise<string | null> {
  return route.resolve ? route.resolve(request) : route.path;
}

/** The two screen sizes every screen is tried at (SPEC §9: a phone, a laptop). */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
